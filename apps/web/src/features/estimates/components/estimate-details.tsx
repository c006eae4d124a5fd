import { estimateLineKindLabels, estimateTotalRows } from '@erepare/shared/estimates';
import { formatCents, formatDate } from '@erepare/shared/format';
import { vatRateLabel } from '@erepare/shared/invoice-vat';
import type { PublicEstimate } from '@erepare/shared/schemas/estimates';
import { typesetFrench } from '@erepare/shared/typography';

/**
 * What the staff typed (line names, remarks) gets the no-break spaces of French typography when it
 * is shown (issue 22 §4.6), never in the database: it is plain text that React escapes, and
 * typesetFrench only turns plain spaces into no-break ones.
 */
const staffText = typesetFrench;

const leadTime = (days: number) => (days === 0 ? 'dans la journée' : days === 1 ? '1 jour' : `${days} jours`);

/** The estimate as the customer reads it: lines (cards on a phone, a table from sm), totals, terms. */
export function EstimateDetails({ estimate }: { estimate: PublicEstimate }) {
  const franchise = estimate.vatRegime === 'franchise';
  const rows = estimateTotalRows(estimate, estimate.vatRegime);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[
          ['Appareil', estimate.deviceLabel || '—'],
          ['Délai de réparation', leadTime(estimate.leadTimeDays)],
          ['Valable jusqu’au', formatDate(`${estimate.validUntil}T12:00:00Z`)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-ink-900">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-ink-900">
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">Détail du devis {estimate.estimateNumber}</caption>
          <thead className="bg-slate-100 dark:bg-ink-800">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Désignation
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Qté
              </th>
              {franchise ? null : (
                <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
                  TVA
                </th>
              )}
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Total TTC
              </th>
            </tr>
          </thead>
          <tbody>
            {estimate.lines.map((line, index) => (
              <tr key={index} className="border-t border-slate-200 dark:border-slate-700">
                <td className="px-3 py-2">
                  <span className="block">{staffText(line.label)}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {estimateLineKindLabels[line.kind]} · {formatCents(line.unitPriceCents)} l’unité
                  </span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
                {franchise ? null : <td className="hidden px-3 py-2 text-right sm:table-cell">{vatRateLabel(line.vatRate)}</td>}
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="border-t border-slate-200 px-3 py-3 dark:border-slate-700">
          {rows.map((row) => (
            <div key={row.label} className={`flex justify-between gap-4 py-1 ${row.strong ? 'text-lg font-bold' : ''}`}>
              <dt className="min-w-0">{row.label}</dt>
              {/* One line on a phone: « − 25,00 € » never breaks after its sign. */}
              <dd className="shrink-0 whitespace-nowrap tabular-nums">{row.cents < 0 ? `−\u00a0${formatCents(-row.cents)}` : formatCents(row.cents)}</dd>
            </div>
          ))}
        </dl>
      </div>
      {estimate.bonusCents > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Le bonus réparation QualiRépar est une aide de l’État versée directement à l’atelier&nbsp;: vous n’avez aucune démarche à faire.
        </p>
      ) : null}
      {estimate.note ? (
        <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-ink-900">
          <h2 className="mb-1 font-semibold">Remarques de l’atelier</h2>
          <p className="whitespace-pre-line">{staffText(estimate.note)}</p>
        </div>
      ) : null}
    </div>
  );
}
