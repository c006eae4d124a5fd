import { Download, X } from 'lucide-react';
import { formatDate, formatDateTime, formatEuros } from '@erepare/shared/format';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import type { FullTicket, FullTicketDetail } from '@erepare/shared/schemas/repair';
import { StatusTimeline } from '../../../../components/status-timeline';
import { Button } from '../../../../components/ui/button';
import { ErrorBox } from '../../../../components/ui/field';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { useAccountTickets, useTicketDetail } from '../../hooks/dashboard-data';
import { usePdfExport } from '../../../../lib/pdf-download';
import { useTicketParam } from '../../hooks/dashboard-tab';
import { Dialog } from './dialog';
import {
  notAuthorisedMessage,
  ownedTicket,
  ownTickets,
  ticketAccess,
  ticketMatchesKey,
  ticketMessages,
  ticketParamDisplay,
  ticketParamKey,
  validationFailedMessage,
} from './model/tickets';
import { Detail, TicketStatusPill } from './ui';

/**
 * `?ticket=…` (a link from the public dashboard, or a click in the list): the ticket's detail
 * opens when it is the user's own (the server's full view names the user's customer id);
 * otherwise "Ticket {id} non autorisé ou introuvable".
 */
export function TicketFromAddress({ user }: { user: SessionUser }) {
  const [param, setParam] = useTicketParam();
  const key = ticketParamKey(param);
  const canOwn = ticketAccess(user) === 'ok';
  const customerId = user.repairdesk_customer_id;
  const list = useAccountTickets(canOwn ? customerId : null);
  const detail = useTicketDetail(canOwn && key !== null ? key : null);

  if (param === null) return null;
  const close = () => setParam(null);
  const owned = ownedTicket(detail.data, customerId);
  const fromList = key !== null ? ownTickets(list.data ?? [], customerId).find((ticket) => ticketMatchesKey(ticket, key)) : undefined;
  const ticket = owned ?? fromList;

  if (ticket) {
    return (
      <TicketDialog
        ticket={ticket}
        history={owned?.history}
        historyState={detail.isError ? 'error' : detail.isPending ? 'loading' : 'ready'}
        onClose={close}
      />
    );
  }

  const refused = !canOwn || key === null || detail.isError || (detail.data !== undefined && owned === null);
  if (refused) {
    // A lost connection or a server failure is not a refusal: spec 1 §8 has its own text for it.
    const failed = detail.isError && detail.error instanceof ApiError && (detail.error.status === 0 || detail.error.status >= 500);
    const display = ticketParamDisplay(param);
    return (
      <div role="alert" className="mb-6 flex flex-col gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        <p className="font-medium">{failed ? validationFailedMessage(display) : notAuthorisedMessage(display)}</p>
        <Button variant="secondary" onClick={close} className="shrink-0">
          <X aria-hidden="true" className="size-4" />
          Fermer ce message
        </Button>
      </div>
    );
  }
  return (
    <div className="mb-6">
      <Spinner label={`Ouverture du ticket ${ticketParamDisplay(param)}…`} />
    </div>
  );
}

type TicketDialogProps = {
  ticket: FullTicket;
  history: FullTicketDetail['history'] | undefined;
  historyState: 'loading' | 'error' | 'ready';
  onClose: () => void;
};

function TicketDialog({ ticket, history, historyState, onClose }: TicketDialogProps) {
  const pdf = usePdfExport();
  const devices = ticket.devices;
  const several = devices.length > 1;
  const events = [...(history ?? [])].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));

  const exportPdf = () =>
    void pdf.run('ticket', `/api/repairdesk/tickets/${ticket.id}/pdf`, `ticket-${ticket.ticket_number}.pdf`);

  return (
    <Dialog
      onClose={onClose}
      title={
        <>
          Ticket <span className="font-mono">{ticket.ticket_number}</span>
        </>
      }
      subtitle={<TicketStatusPill status={ticket.status} />}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fermer
          </Button>
          <Button onClick={exportPdf} disabled={pdf.busy !== null}>
            <Download aria-hidden="true" className="size-4" />
            {pdf.busy ? 'Préparation du PDF…' : 'Télécharger le PDF'}
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        {pdf.error ? <ErrorBox>{pdf.error}</ErrorBox> : null}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
          <Detail term="Déposé le">
            <time dateTime={ticket.created_at}>{formatDate(ticket.created_at)}</time>
          </Detail>
          <Detail term="Dernière mise à jour">
            <time dateTime={ticket.updated_at}>{formatDateTime(ticket.updated_at)}</time>
          </Detail>
          <Detail term="Montant total TTC" className="col-span-2 sm:col-span-1">
            <span className="font-semibold">{formatEuros(ticket.total_amount)}</span>
          </Detail>
        </dl>

        <section aria-labelledby={`ticket-${ticket.id}-devices`}>
          <h3 id={`ticket-${ticket.id}-devices`} className="text-base font-semibold">
            {several ? `Appareils (${devices.length})` : 'Appareil'}
          </h3>
          <ul className="mt-2 space-y-3">
            {devices.map((device, index) => (
              <li key={index} className="rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold">{device.device_name || 'Appareil non précisé'}</p>
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      {[device.device_brand, device.device_model, device.device_category].filter(Boolean).join(' · ')}
                    </p>
                  </div>
                  {several ? <TicketStatusPill status={device.status} /> : null}
                </div>
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                  <Detail term="Panne signalée" className="sm:col-span-2">
                    {device.device_fault || ticket.device_fault || 'Non précisée'}
                  </Detail>
                  {device.repairItems.length > 0 ? (
                    <Detail term="Prestations" className="sm:col-span-2">
                      {device.repairItems.join(', ')}
                    </Detail>
                  ) : null}
                  <Detail term="Prix TTC">{formatEuros(device.price)}</Detail>
                  <Detail term="IMEI">
                    <Code value={device.imei} />
                  </Detail>
                  <Detail term="N° de série">
                    <Code value={device.serial} />
                  </Detail>
                </dl>
              </li>
            ))}
          </ul>
        </section>

        {ticket.description.trim() ? (
          <section aria-labelledby={`ticket-${ticket.id}-description`}>
            <h3 id={`ticket-${ticket.id}-description`} className="text-base font-semibold">
              Description
            </h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-800 dark:text-slate-200">{ticket.description}</p>
          </section>
        ) : null}

        <section aria-labelledby={`ticket-${ticket.id}-history`}>
          <h3 id={`ticket-${ticket.id}-history`} className="text-base font-semibold">
            Historique du statut
          </h3>
          {historyState === 'loading' && !history ? <Spinner label="Chargement de l’historique…" /> : null}
          {historyState === 'error' && !history ? <p className="mt-2 text-sm text-red-800 dark:text-red-200">{ticketMessages.detailError}</p> : null}
          {history && events.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucun changement de statut enregistré pour l’instant.</p>
          ) : null}
          {events.length > 0 ? (
            <StatusTimeline events={events} labelledBy={`ticket-${ticket.id}-history`} badge={(status) => <TicketStatusPill status={status} />} />
          ) : null}
        </section>
      </div>
    </Dialog>
  );
}

/** An identifier in monospace, or "Non renseigné" in the body font. */
function Code({ value }: { value: string }) {
  return value ? <span className="font-mono break-all">{value}</span> : <span className="text-slate-600 italic dark:text-slate-400">Non renseigné</span>;
}
