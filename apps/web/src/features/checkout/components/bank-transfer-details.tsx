import { Landmark } from 'lucide-react';
import { formatCents, formatLongDate } from '@erepare/shared/format';
import { decimalToCents } from '@erepare/shared/shop';
import type { Order } from '@erepare/shared/schemas/shop';
import { CopyButton } from './copy-button';

type BankDetails = NonNullable<Order['bank_details']>;

/** What the customer needs to pay by transfer: the account, the amount, the reference and the deadline. */
export function BankTransferDetails({ details, order }: { details: BankDetails; order: Order }) {
  const rows: { label: string; value: string; copy?: boolean }[] = [
    { label: 'Titulaire', value: details.account_holder },
    { label: 'IBAN', value: details.iban, copy: true },
    { label: 'BIC', value: details.bic, copy: true },
    { label: 'Banque', value: details.bank_name },
    { label: 'Montant', value: formatCents(decimalToCents(order.total) ?? 0) },
    { label: 'Référence', value: details.reference || order.number, copy: true },
  ];
  return (
    <section aria-labelledby="virement-titre" className="rounded-2xl border-2 border-brand-600 bg-brand-50 p-4 sm:p-5 dark:border-brand-400 dark:bg-ink-900">
      <h2 id="virement-titre" className="flex items-center gap-2 text-lg font-bold">
        <Landmark aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
        Coordonnées pour votre virement
      </h2>
      <dl className="mt-3 grid gap-1 divide-y divide-brand-100 text-sm sm:divide-y-0 dark:divide-ink-800">
        {rows.map((row) => (
          <div key={row.label} className="grid min-h-11 items-center gap-x-2 sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-slate-700 dark:text-slate-300">{row.label}</dt>
            <dd className="flex min-w-0 items-center justify-between gap-2">
              <span className="font-mono text-base font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">{row.value}</span>
              {row.copy ? <CopyButton value={row.value.replace(/\s+/g, row.label === 'Référence' ? ' ' : '')} label={row.label} /> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm">Indiquez la référence dans le libellé de votre virement.</p>
      <p className="mt-1 text-sm">Votre commande sera préparée sous 24 à 48 h après réception du virement.</p>
      {order.expires_at ? (
        <p className="mt-1 text-sm font-semibold">
          {`À régler avant le ${formatLongDate(order.expires_at)}\u00a0: passé ce délai, la commande est annulée.`}
        </p>
      ) : null}
    </section>
  );
}
