import { RefreshCw, Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { invoiceStatusLabel, invoiceStatusTone, type InvoiceTone } from './model/invoices';
import { orderStatusGroup, orderStatusLabel, type OrderStatusGroup } from './model/orders';
import { accountColourClasses, accountColourDots, ticketStatusView } from './model/tickets';

const pillBase = 'inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** Spec 1 §4: the account list's colours (green repaired, yellow waiting or in progress, grey otherwise), French label. */
export function TicketStatusPill({ status }: { status: string | null }) {
  const { label, colour } = ticketStatusView(status);
  return (
    <span className={`${pillBase} ${accountColourClasses[colour]}`} data-colour={colour}>
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${accountColourDots[colour]}`} />
      {label}
    </span>
  );
}

const toneClasses: Record<InvoiceTone, string> = {
  green: accountColourClasses.green,
  red: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-200',
  orange: 'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-700 dark:bg-orange-950 dark:text-orange-200',
  grey: accountColourClasses.grey,
};

export function InvoiceStatusBadge({ status }: { status: string }) {
  return <span className={`${pillBase} ${toneClasses[invoiceStatusTone(status)]}`}>{invoiceStatusLabel(status)}</span>;
}

const orderTones: Record<OrderStatusGroup, InvoiceTone | 'blue' | 'indigo'> = {
  delivered: 'green',
  processing: 'blue',
  shipped: 'indigo',
  pending: 'orange',
  cancelled: 'red',
  refunded: 'grey',
  other: 'grey',
};

const extraTones = {
  blue: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-200',
  indigo: 'border-indigo-300 bg-indigo-50 text-indigo-900 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200',
};

export function OrderStatusBadge({ status }: { status: string }) {
  const tone = orderTones[orderStatusGroup(status)];
  const classes = tone === 'blue' || tone === 'indigo' ? extraTones[tone] : toneClasses[tone];
  return <span className={`${pillBase} ${classes}`}>{orderStatusLabel(status)}</span>;
}

export function Panel({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900 ${className}`}>{children}</div>
  );
}

/** A calm message box: an empty list, something to do first. */
export function Notice({ children, tone = 'info', title }: { children: ReactNode; tone?: 'info' | 'warning'; title?: string }) {
  const classes =
    tone === 'warning'
      ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'
      : 'border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-ink-900/60 dark:text-slate-200';
  return (
    <div className={`rounded-xl border px-4 py-4 text-sm ${classes}`}>
      {title ? <p className="mb-1 font-semibold">{title}</p> : null}
      {children}
    </div>
  );
}

/** An error with its retry button (spec 1 §8). */
export function ErrorWithRetry({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-medium">{message}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying} className="shrink-0">
        <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'motion-safe:animate-spin' : ''}`} />
        Réessayer
      </Button>
    </div>
  );
}

const controlClasses =
  'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-ink-900 dark:text-slate-100';

export function SearchField({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={`${id}-hint`}
          className={`${controlClasses} pl-9`}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {hint}
      </p>
    </div>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={controlClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "3 factures", "1 facture", "Aucune facture". */
export function countText(count: number, singular: string, plural: string, none: string): string {
  if (count === 0) return none;
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A term and its value in a description list. */
export function Detail({ term, children, className = '' }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="mt-0.5 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** A postal address (or a party of a document) under its title. */
export function AddressBlock({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700">
      <h4 className="font-semibold">{title}</h4>
      <address className="mt-1 not-italic text-slate-800 dark:text-slate-200">
        {lines.map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}
