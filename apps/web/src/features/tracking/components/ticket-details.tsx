import { ArrowRight } from 'lucide-react';
import { formatDateTime } from '@erepare/shared/format';
import type { PublicTicketDetail } from '@erepare/shared/schemas/repair';
import { StatusTimeline } from '../../../components/status-timeline';
import { ButtonLink } from '../../../components/ui/button';
import { detailsHref, toDashboardTicket } from '../lib/dashboard-tickets';
import { StatusBadge } from './status-badge';

function When({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/**
 * One ticket found by its number: public fields only (there are no others in the answer), the
 * status in French with its badge, the devices, the fault, the dates and the status history.
 */
export function TicketDetails({ ticket }: { ticket: PublicTicketDetail }) {
  const view = toDashboardTicket(ticket);
  const history = [...ticket.history].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const headingId = `ticket-${ticket.id}-heading`;
  const severalDevices = view.devices.length > 1;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900"
    >
      <h3 id={headingId} className="text-xl font-bold">
        Ticket <span className="font-mono">{view.ticketNumber}</span>
      </h3>

      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <dt className="font-semibold text-slate-600 dark:text-slate-300">Statut actuel</dt>
          <dd className="mt-1">
            <StatusBadge status={ticket.status} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600 dark:text-slate-300">Déposé le</dt>
          <dd className="mt-0.5 sm:text-base">
            <When value={ticket.created_at} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600 dark:text-slate-300">Dernière mise à jour</dt>
          <dd className="mt-0.5 sm:text-base">
            <When value={ticket.updated_at} />
          </dd>
        </div>
      </dl>

      <h4 className="mt-6 text-base font-semibold">{severalDevices ? `Appareils (${view.devices.length})` : 'Appareil'}</h4>
      <ul className="mt-2 space-y-2">
        {(view.devices.length > 0
          ? view.devices
          : [{ name: view.device, brand: view.brand, model: view.model, category: view.deviceCategory, problem: view.problem, status: view.status }]
        ).map((device, index) => (
          <li key={index} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold text-slate-900 dark:text-slate-100">{device.name || 'Appareil non précisé'}</p>
                <p className="text-slate-700 dark:text-slate-300">
                  {[device.brand, device.model, device.category].filter(Boolean).join(' · ')}
                </p>
              </div>
              {severalDevices ? <StatusBadge status={device.status} /> : null}
            </div>
            <p className="mt-2 text-slate-800 dark:text-slate-200">
              <span className="font-semibold">Panne signalée&nbsp;: </span>
              {device.problem || view.problem || 'non précisée'}
            </p>
          </li>
        ))}
      </ul>

      <h4 id={`${headingId}-history`} className="mt-6 text-base font-semibold">
        Historique du statut
      </h4>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucun changement de statut enregistré pour l’instant.</p>
      ) : (
        <StatusTimeline events={history} labelledBy={`${headingId}-history`} badge={(status) => <StatusBadge status={status} />} />
      )}

      <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
        <ButtonLink to={detailsHref(view)} variant="secondary">
          Voir ce ticket dans mon compte
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </div>
    </article>
  );
}
