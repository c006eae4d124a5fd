import { formatEuros } from '@erepare/shared/format';
import type { Invoice } from '@erepare/shared/schemas/repair';
import { PayOnline } from '../../../../components/pay-online';
import { startAccountInvoicePayment, useOnlineProviders, type Redirect } from '../../../../lib/repair-payments-api';

/** An invoice that still asks something: unpaid or partly paid, with an amount due. */
export function isPayableOnline(invoice: Pick<Invoice, 'status' | 'amount_due'>): boolean {
  const status = invoice.status.trim().toLowerCase();
  return (status === 'unpaid' || status === 'partial') && Math.round(invoice.amount_due * 100) > 0;
}

/**
 * « Payer en ligne » in the account's invoice (issue 24 §4): what is left to pay, the card or
 * PayPal (whichever the shop accepts), then the provider's page. The server checks the invoice is
 * the customer's and charges what it computes; back from the provider, /payer-facture says the outcome.
 */
export function InvoicePayOnline({ invoice, redirect }: { invoice: Pick<Invoice, 'id' | 'status' | 'amount_due'>; redirect?: Redirect }) {
  const providers = useOnlineProviders();
  if (!isPayableOnline(invoice)) return null;
  const partial = invoice.status.trim().toLowerCase() === 'partial';
  return (
    <section aria-labelledby={`invoice-pay-${invoice.id}`} className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-ink-800">
      <h4 id={`invoice-pay-${invoice.id}`} className="text-base font-semibold">
        Régler en ligne
      </h4>
      <p className={partial ? 'text-base font-bold' : 'text-sm text-slate-700 dark:text-slate-300'}>
        {partial ? `Reste à payer\u00a0: ${formatEuros(invoice.amount_due)}` : `Montant à régler\u00a0: ${formatEuros(invoice.amount_due)}`}
      </p>
      <PayOnline
        compact
        providers={providers}
        start={(provider) => startAccountInvoicePayment(invoice.id, provider)}
        label="Payer en ligne"
        returnPath="/compte?tab=invoices"
        {...(redirect ? { redirect } : {})}
      />
    </section>
  );
}
