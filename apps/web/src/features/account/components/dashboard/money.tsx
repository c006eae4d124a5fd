import { formatEuros } from '@erepare/shared/format';
import type { InvoiceLineFigures, InvoiceTotalRow } from '@erepare/shared/invoice-document';

/** The totals of an invoice or an order, as the shared VAT rule computed them (the PDF shows the same). */
export function Totals({ rows }: { rows: readonly InvoiceTotalRow[] }) {
  return (
    <dl className="ml-auto w-full max-w-sm divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
      {rows.map((row) => (
        <div key={row.label} className={`flex items-center justify-between gap-4 px-4 py-2 ${row.strong ? 'bg-slate-50 font-semibold dark:bg-ink-800' : ''}`}>
          <dt className={row.strong ? '' : 'text-slate-700 dark:text-slate-300'}>{row.label}</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatEuros(row.cents / 100)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The lines of an invoice as the law wants them: unit price and total excluding VAT, the VAT rate
 * (or « TVA sur la marge ») and the discount. On a phone the unit price and the rate go under the name.
 */
export function InvoiceLinesTable({ caption, lines }: { caption: string; lines: readonly InvoiceLineFigures[] }) {
  const head = 'px-3 py-2 text-right font-semibold';
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-800 dark:bg-ink-800 dark:text-slate-100">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Désignation
            </th>
            <th scope="col" className={head}>
              Qté
            </th>
            <th scope="col" className={`hidden sm:table-cell ${head}`}>
              P.U. HT
            </th>
            <th scope="col" className={`hidden sm:table-cell ${head}`}>
              TVA
            </th>
            <th scope="col" className={`hidden sm:table-cell ${head}`}>
              Remise HT
            </th>
            <th scope="col" className={head}>
              Total HT
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {lines.map((line, index) => (
            <tr key={index}>
              <td className="px-3 py-2">
                <span className="block">{line.name}</span>
                {line.sku ? <span className="block text-xs text-slate-600 dark:text-slate-300">Réf. {line.sku}</span> : null}
                <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-300">
                  {formatEuros(line.unitCents / 100)} HT l’unité · TVA {line.rateLabel}
                  {line.discountCents > 0 ? ` · remise ${formatEuros(line.discountCents / 100)}` : ''}
                </span>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">{formatEuros(line.unitCents / 100)}</td>
              <td className="hidden px-3 py-2 text-right sm:table-cell">{line.rateLabel}</td>
              <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">
                {line.discountCents > 0 ? formatEuros(line.discountCents / 100) : '—'}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatEuros(line.totalExclCents / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type LineRow = { key: string; name: string; sku: string; quantity: number; price: number; total: number };

/** The lines of an invoice or an order; on a phone the reference goes under the name. */
export function LinesTable({ caption, lines }: { caption: string; lines: LineRow[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-800 dark:bg-ink-800 dark:text-slate-100">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Désignation
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Qté
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
              P.U. TTC
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Total TTC
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {lines.map((line) => (
            <tr key={line.key}>
              <td className="px-3 py-2">
                <span className="block">{line.name}</span>
                {line.sku ? <span className="block text-xs text-slate-600 dark:text-slate-300">Réf. {line.sku}</span> : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">{formatEuros(line.price)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatEuros(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
