import { formatCents, formatDate } from '@erepare/shared/format';
import type { InvoicePaySummary } from '@erepare/shared/schemas/repair-payments';

type Row = { label: string; cents: number; strong?: boolean };

/** What the invoice asks, as the server computed it: total, QualiRépar bonus, credit notes, already paid, what is left. */
export function summaryRows(summary: Omit<InvoicePaySummary, 'providers'>): Row[] {
  const rows: Row[] = [{ label: 'Total TTC', cents: summary.totalCents }];
  if (summary.bonusCents > 0) rows.push({ label: 'Bonus réparation QualiRépar', cents: -summary.bonusCents });
  if (summary.creditedCents > 0) rows.push({ label: 'Avoirs', cents: -summary.creditedCents });
  if (summary.amountPaidCents > 0) rows.push({ label: 'Déjà réglé', cents: -summary.amountPaidCents });
  rows.push({ label: 'Reste à payer', cents: summary.amountDueCents, strong: true });
  return rows;
}

/** The invoice of the payment page: number, date and the amounts, « Reste à payer » in bold. */
export function InvoiceSummary({ summary }: { summary: Omit<InvoicePaySummary, 'providers'> }) {
  return (
    <div className="rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-700">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Facture</dt>
          <dd className="font-mono font-semibold break-all">{summary.invoiceNumber}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Date</dt>
          <dd className="font-semibold">
            <time dateTime={summary.issuedAt}>{formatDate(summary.issuedAt)}</time>
          </dd>
        </div>
      </dl>
      <dl className="mt-4 divide-y divide-slate-200 border-t border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
        {summaryRows(summary).map((row) => (
          <div key={row.label} className={`flex items-baseline justify-between gap-4 py-2 ${row.strong ? 'text-base font-bold' : ''}`}>
            <dt className={row.strong ? '' : 'text-slate-700 dark:text-slate-300'}>{row.label}</dt>
            <dd className="whitespace-nowrap tabular-nums">{row.cents < 0 ? `−\u00a0${formatCents(-row.cents)}` : formatCents(row.cents)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
