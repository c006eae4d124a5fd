import { ArrowLeft, Pencil, X } from 'lucide-react';
import { forwardRef, useEffect, useId, useRef, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, type InputHTMLAttributes } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useSearchParams, Link } from 'react-router';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { ErrorBox } from '../../../../components/ui/field';
import { Spinner } from '../../../../components/ui/spinner';

/**
 * Small building blocks shared by the repair and shop sections of the dashboard (helper E):
 * detail/list navigation through `?id=`, panels, labelled select/textarea/checkbox fields, query
 * states, and the mapping of a shared zod schema's issues onto a react-hook-form form.
 */

/** `?id=` of the current section: a number, "nouveau" (create form) or null (the list). */
export function useDetailId(): { id: string | null; hrefFor: (id: string | number | null) => string } {
  const [params] = useSearchParams();
  const id = params.get('id');
  const hrefFor = (next: string | number | null) => {
    const copy = new URLSearchParams(params);
    if (next === null) copy.delete('id');
    else copy.set('id', String(next));
    return `?${copy.toString()}`;
  };
  return { id: id && id.trim() ? id.trim() : null, hrefFor };
}

export function BackToList() {
  const { hrefFor } = useDetailId();
  return (
    <Link
      to={hrefFor(null)}
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Retour à la liste
    </Link>
  );
}

/**
 * The heading of an opened item: it takes the focus when the item opens (the list it replaces is
 * gone), so keyboard and screen-reader users start from it.
 */
export function DetailHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-xl font-bold focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600">
      {children}
    </h2>
  );
}

export function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-ink-900">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** A definition list of label/value pairs. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
          <dd className="mb-1 break-words sm:mb-0">{value === '' || value === null || value === undefined ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

type QueryLike = { isPending: boolean; error: Error | null; refetch: () => unknown };

/** Loading (spinner with a French label), error with "Réessayer", else the content. */
export function QueryState({ query, label, children }: { query: QueryLike; label: string; children: () => ReactNode }) {
  if (query.isPending) return <Spinner label={label} />;
  if (query.error) return <ErrorRetry message={query.error.message} onRetry={() => void query.refetch()} />;
  return <>{children()}</>;
}

export function ErrorRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ErrorBox>
      {message}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        Réessayer
      </button>
    </ErrorBox>
  );
}

export function InfoBox({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
      {children}
    </div>
  );
}

const controlClass =
  'block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 dark:bg-ink-900 dark:text-slate-100';
const borderClass = (error?: string) => (error ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600');

function FieldShell({ id, label, hint, error, children, className = '' }: { id: string; label: string; hint?: ReactNode; error?: string | undefined; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, hint: unknown, error: unknown) => [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined; hint?: ReactNode; children: ReactNode };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, hint, className = '', id, children, ...props }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <select ref={ref} id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} className={`${controlClass} ${borderClass(error)}`} {...props}>
        {children}
      </select>
    </FieldShell>
  );
});

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: ReactNode };

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField({ label, error, hint, className = '', id, rows = 3, ...props }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <textarea ref={ref} id={fieldId} rows={rows} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, hint, error)} className={`${controlClass} ${borderClass(error)}`} {...props} />
    </FieldShell>
  );
});

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode };

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField({ label, hint, id, className = '', ...props }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input ref={ref} id={fieldId} type="checkbox" aria-describedby={hint ? `${fieldId}-hint` : undefined} className="mt-1 size-5 shrink-0 accent-brand-700" {...props} />
      <div>
        <label htmlFor={fieldId} className="font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${fieldId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
});

/** A status name with its colour as a swatch (the text keeps the normal colour: contrast). */
export function ColourBadge({ name, color }: { name: string; color: string | null }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-full border border-slate-400" style={{ backgroundColor: color ?? '#94a3b8' }} />
      {name}
    </span>
  );
}

/** A neutral pill for a status word. */
export function Pill({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'good' | 'warn' | 'bad' }) {
  const tones = {
    neutral: 'border-slate-300 bg-slate-100 text-slate-900 dark:border-slate-600 dark:bg-ink-800 dark:text-slate-100',
    good: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
    warn: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
    bad: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100',
  } as const;
  return <span className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

type Issue = { path: PropertyKey[]; message: string; code?: string };

/**
 * Puts a shared schema's issues on the form fields: `map` renames an issue path (joined with ".")
 * to a field of the form; issues without a field go to `root`. Returns true when there were any.
 */
export function applyIssues<T extends FieldValues>(
  setError: UseFormSetError<T>,
  issues: readonly Issue[],
  map: Record<string, string> | ((key: string) => string) = {},
): boolean {
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    // An issue about a whole object (unknown keys, an item of a list) has no field to sit under.
    const onObject = issue.code === 'unrecognized_keys' || typeof issue.path.at(-1) === 'number';
    const field = onObject ? 'root' : (typeof map === 'function' ? map(key) : map[key]) || key || 'root';
    setError(field as Path<T>, { type: 'schema', message: issue.message });
  }
  return issues.length > 0;
}

/** Table cell/link styling shared by the lists. */
export const cellLinkClass = 'font-semibold text-brand-800 underline-offset-4 hover:underline dark:text-brand-300';

export function ItemLink({ id, children, label }: { id: string | number; children: ReactNode; label?: string }) {
  const { hrefFor } = useDetailId();
  return (
    <Link to={hrefFor(id)} className={cellLinkClass} aria-label={label}>
      {children}
    </Link>
  );
}

/** A link to another section of the dashboard (`?section=…&id=…`). */
export function SectionLink({ section, id, params: extra = {}, children }: { section: string; id?: string | number; params?: Record<string, string | number>; children: ReactNode }) {
  const params = new URLSearchParams({ section });
  if (id !== undefined) params.set('id', String(id));
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return (
    <Link to={`?${params.toString()}`} className={cellLinkClass}>
      {children}
    </Link>
  );
}

/** A simple read-only table for detail views (lines, payments…), scrolling inside its own box. */
export function MiniTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  // The box scrolls on narrow screens: focusable (keyboard scrolling) and named.
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-2 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-b border-slate-200 align-top dark:border-slate-700">
              {row.map((cell, cellIndex) => (
                <td key={cellIndex} className="px-2 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The « Modifier » button of a detail panel. */
export function EditButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      <Pencil aria-hidden="true" className="size-4" />
      Modifier
    </Button>
  );
}

/**
 * The detail shown beside a list (a message, a mail): its heading takes the focus when another
 * item opens, and a close link goes back to the list.
 */
export function DetailAside({ headingId, title, focusKey, closeHref, closeLabel, children }: {
  headingId: string;
  title: ReactNode;
  focusKey: unknown;
  closeHref: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [focusKey]);
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-ink-900">
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {title}
        </h2>
        <Link to={closeHref} className={buttonClasses('ghost', 'min-h-10 px-2')} aria-label={closeLabel}>
          <X aria-hidden="true" className="size-5" />
        </Link>
      </div>
      {children}
    </section>
  );
}
