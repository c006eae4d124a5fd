import { Eye, EyeOff, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { statusLabel } from '@erepare/shared/ticket-status';
import { validateTicketInput } from '@erepare/shared/ticket-number';
import { Button } from '../../../components/ui/button';
import { useTicketChecks, useTrackedTickets, useTrackTicket, useUntrackTicket } from '../hooks/use-tracked-tickets';
import { absoluteTimeFr, relativeTimeFr } from '../lib/relative-time';

const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900';

/**
 * Tracked tickets (spec 1 §2, §4, §5): the number is checked here first (empty, format, already
 * tracked), then by the server (the ticket must be the user's). Each ticket shows its last status,
 * when it was last looked at and whether its changes reach this device ("Surveillé") or not.
 */
export function TrackedTickets({ watching }: { watching: boolean }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tickets = useTrackedTickets();
  const track = useTrackTicket(setError);
  const untrack = useUntrackTicket();
  const list = tickets.data ?? [];
  useTicketChecks(list.length > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateTicketInput(
      value,
      list.map((entry) => entry.ticket_number),
    );
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setValue('');
    track.mutate(result.number);
  };

  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Tickets suivis
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Ajoutez le numéro d’une de vos réparations&nbsp;: vous serez prévenu à chaque changement d’état.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <label htmlFor={`${id}-input`} className="block text-sm font-semibold">
            Numéro de ticket
          </label>
          <input
            id={`${id}-input`}
            name="ticket"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder="T-6632"
            autoComplete="off"
            inputMode="text"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help ${id}-error`}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 aria-invalid:border-red-700 dark:border-slate-500 dark:bg-ink-950 dark:text-slate-100 dark:aria-invalid:border-red-400"
          />
          <p id={`${id}-help`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Par exemple T-6632 ou 6632.
          </p>
          <p id={`${id}-error`} aria-live="assertive" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-300">
            {error}
          </p>
        </div>
        <Button type="submit" className="sm:mt-6" disabled={track.isPending}>
          <Plus aria-hidden="true" className="size-4" />
          Suivre
        </Button>
      </form>

      {tickets.isPending ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" role="status">
          Chargement des tickets suivis…
        </p>
      ) : tickets.isError && !tickets.data ? (
        <div role="alert" className="mt-4 text-sm text-red-800 dark:text-red-200">
          <p>{tickets.error.message}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void tickets.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Réessayer
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">Aucun ticket suivi pour l’instant.</p>
      ) : (
        <ul aria-label="Tickets suivis" className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
          {list.map((ticket) => {
            const pending = track.isPending && track.variables === ticket.ticket_number;
            return (
              <li key={ticket.ticket_number} data-testid="tracked-ticket" className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-bold">{ticket.ticket_number}</span>
                    {watching ? (
                      <span className="inline-flex items-center gap-1 rounded-full border border-green-300 bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-200">
                        <Eye aria-hidden="true" className="size-3.5" />
                        Surveillé
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200">
                        <EyeOff aria-hidden="true" className="size-3.5" />
                        En pause
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {pending ? (
                      'Vérification du ticket…'
                    ) : (
                      <>
                        Statut&nbsp;: <span className="font-semibold">{ticket.last_status ? statusLabel(ticket.last_status) : 'pas encore connu'}</span>
                        {' · '}
                        {ticket.last_checked_at ? (
                          <>
                            vérifié{' '}
                            <time dateTime={ticket.last_checked_at} title={absoluteTimeFr(ticket.last_checked_at)}>
                              {relativeTimeFr(ticket.last_checked_at)}
                            </time>
                          </>
                        ) : (
                          'pas encore vérifié'
                        )}
                      </>
                    )}
                  </p>
                </div>
                <Button variant="ghost" disabled={pending} onClick={() => untrack.mutate(ticket.ticket_number)} aria-label={`Retirer ${ticket.ticket_number} du suivi`}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Retirer
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {tickets.data ? `${list.length} ticket${list.length > 1 ? 's' : ''} suivi${list.length > 1 ? 's' : ''}` : ''}
      </p>
    </section>
  );
}
