import { ChevronRight } from 'lucide-react';
import { memo } from 'react';
import { formatDateTime } from '@erepare/shared/format';
import { ButtonLink } from '../../../components/ui/button';
import { detailsHref, extraDevicesLabel, type DashboardTicket } from '../lib/dashboard-tickets';
import { DashboardStatusBadge } from './status-badge';

function DateCell({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

function DetailsLink({ ticket, className = '' }: { ticket: DashboardTicket; className?: string }) {
  return (
    <ButtonLink to={detailsHref(ticket)} variant="secondary" className={`whitespace-nowrap ${className}`}>
      Détails <span className="sr-only">du ticket {ticket.ticketNumber}</span>
      <ChevronRight aria-hidden="true" className="size-4" />
    </ButtonLink>
  );
}

function otherDevices(ticket: DashboardTicket): string {
  return ticket.devices
    .slice(1)
    .map((device) => [device.name, device.brand].filter(Boolean).join(' – '))
    .join(', ');
}

function DeviceSummary({ ticket }: { ticket: DashboardTicket }) {
  const extra = extraDevicesLabel(ticket.deviceCount);
  const details = [ticket.brand, ticket.model].filter(Boolean).join(' · ');
  return (
    <>
      <span className="block font-medium text-slate-900 dark:text-slate-100">{ticket.device || 'Appareil non précisé'}</span>
      {details ? <span className="block text-slate-600 dark:text-slate-300">{details}</span> : null}
      {extra ? (
        <span className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-ink-800 dark:text-slate-100">
          {extra}
          <span className="sr-only">&nbsp;: {otherDevices(ticket)}</span>
        </span>
      ) : null}
    </>
  );
}

const cell = 'px-3 py-3 align-top';

/** Spec 3 §2 and §9: a table of at least 900 px, scrolled sideways (by keyboard too) when narrower. */
export const TicketTable = memo(function TicketTable({ tickets, caption }: { tickets: readonly DashboardTicket[]; caption: string }) {
  return (
    <div
      role="region"
      aria-label={`${caption} (défilement horizontal)`}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-ink-900"
    >
      <table className="w-full min-w-[900px] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-700 uppercase dark:border-slate-700 dark:bg-ink-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">Ticket</th>
            <th scope="col" className="px-3 py-3 font-semibold">Client</th>
            <th scope="col" className="px-3 py-3 font-semibold">Appareil</th>
            <th scope="col" className="px-3 py-3 font-semibold">Catégorie</th>
            <th scope="col" className="px-3 py-3 font-semibold">Problème</th>
            <th scope="col" className="px-3 py-3 font-semibold">Statut</th>
            <th scope="col" className="px-3 py-3 font-semibold">Créé le</th>
            <th scope="col" className="px-3 py-3 font-semibold">Mise à jour</th>
            <th scope="col" className="px-3 py-3 font-semibold">
              <span className="sr-only">Détails</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {tickets.map((ticket) => (
            <tr key={ticket.id} className="hover:bg-slate-50 dark:hover:bg-ink-800/60">
              <th scope="row" className={`${cell} font-mono font-semibold whitespace-nowrap text-slate-900 dark:text-slate-100`}>
                {ticket.ticketNumber}
              </th>
              <td className={`${cell} whitespace-nowrap text-slate-700 dark:text-slate-300`}>{ticket.customerName}</td>
              <td className={`${cell} max-w-56`}>
                <DeviceSummary ticket={ticket} />
              </td>
              <td className={`${cell} text-slate-700 dark:text-slate-300`}>{ticket.deviceCategory || '—'}</td>
              <td className={`${cell} max-w-56 text-slate-700 dark:text-slate-300`}>{ticket.problem || '—'}</td>
              <td className={cell}>
                <DashboardStatusBadge status={ticket.status} />
              </td>
              <td className={`${cell} whitespace-nowrap text-slate-700 dark:text-slate-300`}>
                <DateCell value={ticket.createdDate} />
              </td>
              <td className={`${cell} whitespace-nowrap text-slate-700 dark:text-slate-300`}>
                <DateCell value={ticket.lastUpdate} />
              </td>
              <td className={`${cell} py-2 text-right`}>
                <DetailsLink ticket={ticket} className="min-h-10 px-3" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

function CardField({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** Under 768 px (spec 3 §9), one card per ticket. */
export const TicketCards = memo(function TicketCards({ tickets, caption }: { tickets: readonly DashboardTicket[]; caption: string }) {
  return (
    <ul aria-label={caption} className="space-y-3">
      {tickets.map((ticket) => (
        <li
          key={ticket.id}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-ink-900"
          data-testid="ticket-card"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="font-mono text-lg font-bold">{ticket.ticketNumber}</h3>
            <DashboardStatusBadge status={ticket.status} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <CardField label="Client">{ticket.customerName}</CardField>
            <CardField label="Catégorie">{ticket.deviceCategory || '—'}</CardField>
            <CardField label="Appareil" wide>
              <DeviceSummary ticket={ticket} />
            </CardField>
            <CardField label="Problème" wide>
              {ticket.problem || '—'}
            </CardField>
            <CardField label="Créé le">
              <DateCell value={ticket.createdDate} />
            </CardField>
            <CardField label="Mise à jour">
              <DateCell value={ticket.lastUpdate} />
            </CardField>
          </dl>
          <DetailsLink ticket={ticket} className="mt-4 w-full" />
        </li>
      ))}
    </ul>
  );
});
