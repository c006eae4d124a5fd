import { ChevronRight } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

/** What one card of a record list shows (an invoice, an order…). */
export type RecordCard = {
  title: ReactNode;
  badge: ReactNode;
  meta: ReactNode;
  summary: ReactNode;
  amount: ReactNode;
  action: string;
};

/**
 * The account's lists of records: a count announced to screen readers, then one button card per
 * record opening its detail. Back from a detail, focus returns to the card that was opened.
 */
export function RecordList<T>({
  records,
  label,
  count,
  keyOf,
  returnTo,
  onOpen,
  card,
  empty = null,
}: {
  records: readonly T[];
  label: string;
  count: string;
  keyOf: (record: T) => string;
  returnTo: string | null;
  onOpen: (record: T) => void;
  card: (record: T) => RecordCard;
  /** Shown under the count when there is nothing to list. */
  empty?: ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (returnTo !== null) listRef.current?.querySelector<HTMLElement>(`[data-record="${CSS.escape(returnTo)}"]`)?.focus();
  }, [returnTo]);

  return (
    <>
      <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {count}
      </p>
      {records.length > 0 ? (
        <ul ref={listRef} aria-label={label} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {records.map((record) => {
            const key = keyOf(record);
            const view = card(record);
            return (
              <li key={key} className="min-w-0">
                <button
                  type="button"
                  data-record={key}
                  onClick={() => onOpen(record)}
                  className="group flex h-full w-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50/40 dark:border-slate-700 dark:bg-ink-900 dark:hover:border-brand-400 dark:hover:bg-ink-800"
                >
                  <span className="flex w-full flex-wrap items-center justify-between gap-2">
                    <span className="font-mono text-base font-bold">{view.title}</span>
                    {view.badge}
                  </span>
                  <span className="block text-sm text-slate-700 dark:text-slate-300">{view.meta}</span>
                  <span className="block truncate text-sm text-slate-800 dark:text-slate-200">{view.summary}</span>
                  <span className="mt-auto flex w-full flex-wrap items-center justify-between gap-2 pt-1 text-sm">
                    <span>{view.amount}</span>
                    <span className="inline-flex items-center gap-1 font-semibold text-brand-800 group-hover:underline dark:text-brand-300">
                      {view.action}
                      <ChevronRight aria-hidden="true" className="size-4" />
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        empty
      )}
    </>
  );
}
