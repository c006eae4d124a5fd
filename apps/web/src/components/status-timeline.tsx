import type { ReactNode } from 'react';
import { formatDateTime } from '@erepare/shared/format';
import { statusLabel } from '@erepare/shared/ticket-status';

export type StatusTimelineEvent = { created_at: string; from_status: string | null; to_status: string };

/**
 * The status history of a repair ticket as a timeline, in the order given (the public lookup reads
 * it oldest first, the account newest first). Each area passes its own status badge.
 */
export function StatusTimeline({
  events,
  badge,
  labelledBy,
}: {
  events: readonly StatusTimelineEvent[];
  badge: (status: string) => ReactNode;
  labelledBy?: string;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="mt-3 space-y-4 border-l-2 border-slate-300 pl-5 dark:border-slate-600">
      {events.map((event, index) => (
        <li key={`${event.created_at}-${index}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.65rem] size-3 rounded-full border-2 border-white bg-brand-700 dark:border-ink-900 dark:bg-brand-300"
          />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            {badge(event.to_status)}
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {event.from_status === null ? 'Ticket enregistré' : `Précédemment\u00a0: ${statusLabel(event.from_status)}`}
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}
