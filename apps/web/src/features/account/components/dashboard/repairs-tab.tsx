import { ChevronRight, ShieldCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { formatDate, formatEuros } from '@erepare/shared/format';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import type { FullTicket } from '@erepare/shared/schemas/repair';
import { Spinner } from '../../../../components/ui/spinner';
import { useAccountTickets } from '../../hooks/dashboard-data';
import { useTicketParam } from '../../hooks/dashboard-tab';
import { NeedsVerification, NotLinked } from './access-notices';
import { ownTickets, searchTickets, sortTickets, ticketAccess, ticketErrorMessage, ticketMessages } from './model/tickets';
import { countText, ErrorWithRetry, Notice, SearchField, TicketStatusPill } from './ui';

/** "Mes tickets" (spec 1 §2, §5): the user's own repair tickets, a search, and the detail on click. */
export function RepairsTab({ user }: { user: SessionUser }) {
  const access = ticketAccess(user);
  return (
    <section aria-labelledby="repairs-heading" className="space-y-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="repairs-heading" className="text-2xl font-bold tracking-tight">
          Mes tickets
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-700 dark:text-emerald-300" />
          {ticketMessages.securityNote}
        </p>
      </div>
      {access === 'unverified' ? <NeedsVerification what="tickets de réparation" /> : null}
      {access === 'unlinked' ? <NotLinked user={user} /> : null}
      {access === 'ok' && user.repairdesk_customer_id !== null ? <TicketList customerId={user.repairdesk_customer_id} /> : null}
    </section>
  );
}

function TicketList({ customerId }: { customerId: number }) {
  const id = useId();
  const tickets = useAccountTickets(customerId);
  const [, openTicket] = useTicketParam();
  const [query, setQuery] = useState('');
  const own = useMemo(() => sortTickets(ownTickets(tickets.data ?? [], customerId)), [tickets.data, customerId]);
  const results = useMemo(() => searchTickets(own, query), [own, query]);

  if (tickets.isPending) return <Spinner label="Chargement de vos tickets…" />;
  if (tickets.isError) {
    return <ErrorWithRetry message={ticketErrorMessage(tickets.error)} onRetry={() => void tickets.refetch()} retrying={tickets.isFetching} />;
  }
  if (own.length === 0) {
    return (
      <Notice title="Aucun ticket pour l’instant">
        <p>Les réparations confiées au magasin avec votre adresse e-mail apparaîtront ici, avec leur statut et leur historique.</p>
      </Notice>
    );
  }

  return (
    <div className="space-y-4">
      <form role="search" aria-label="Rechercher dans mes tickets" onSubmit={(event) => event.preventDefault()} className="max-w-xl">
        <SearchField label="Rechercher un ticket" hint="Numéro (T-6632), appareil, panne, IMEI ou statut" value={query} onChange={setQuery} />
      </form>
      <p id={`${id}-count`} role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {results.length === 0 ? ticketMessages.noMatch : countText(results.length, 'ticket', 'tickets', '')}
      </p>
      {results.length > 0 ? (
        <ul aria-label="Mes tickets de réparation" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {results.map((ticket) => (
            <li key={ticket.id} className="min-w-0">
              <TicketCard ticket={ticket} onOpen={() => openTicket(ticket.ticket_number)} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function TicketCard({ ticket, onOpen }: { ticket: FullTicket; onOpen: () => void }) {
  const devices = ticket.devices.length > 0 ? ticket.devices : [{ device_name: ticket.device_name, device_brand: ticket.device_brand, device_model: ticket.device_model, device_fault: ticket.device_fault }];
  const first = devices[0];
  const more = devices.length - 1;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="group flex h-full w-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50/40 dark:border-slate-700 dark:bg-ink-900 dark:hover:border-brand-400 dark:hover:bg-ink-800"
    >
      <span className="flex w-full flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-base font-bold">{ticket.ticket_number}</span>
        <TicketStatusPill status={ticket.status} />
      </span>
      <span className="block font-semibold text-slate-900 dark:text-slate-100">
        {first?.device_name || 'Appareil non précisé'}
        {more > 0 ? <span className="font-normal text-slate-700 dark:text-slate-300"> et {more} autre{more > 1 ? 's' : ''}</span> : null}
      </span>
      <span className="block text-sm text-slate-700 dark:text-slate-300">
        {[first?.device_brand, first?.device_model].filter(Boolean).join(' · ')}
        {first?.device_fault ? <span className="block">Panne&nbsp;: {first.device_fault}</span> : null}
      </span>
      <span className="mt-auto flex w-full items-center justify-between gap-2 pt-1 text-sm text-slate-700 dark:text-slate-300">
        <span>
          Déposé le <time dateTime={ticket.created_at}>{formatDate(ticket.created_at)}</time>
          {ticket.total_amount > 0 ? <> · {formatEuros(ticket.total_amount)}</> : null}
        </span>
        <span className="inline-flex items-center gap-1 font-semibold text-brand-800 group-hover:underline dark:text-brand-300">
          Détails
          <ChevronRight aria-hidden="true" className="size-4" />
        </span>
      </span>
    </button>
  );
}
