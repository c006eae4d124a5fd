import { formatCentsShort } from '@erepare/shared/format';
import { startDepositPayment, useOnlineProviders, type Redirect } from '../lib/repair-payments-api';
import { PayOnline } from './pay-online';

type DepositPaymentProps = {
  /** The estimate's secret link token: it proves which estimate's deposit is paid. */
  estimateToken: string;
  /** The deposit the estimate asks, in cents (as the estimate page received it; the server charges its own figure). */
  depositCents: number;
  redirect?: Redirect;
};

/**
 * « Payer l’acompte de X € » under an accepted estimate (issue 24 §4): card or PayPal, whichever
 * the shop accepts; the server refuses (in French, shown here) a deposit already paid, a declined
 * or superseded estimate. Back from the provider, /payer-facture shows the outcome.
 */
export function DepositPayment({ estimateToken, depositCents, redirect }: DepositPaymentProps) {
  const providers = useOnlineProviders(depositCents > 0);
  if (depositCents <= 0) return null;
  const amount = formatCentsShort(depositCents);
  return (
    <section aria-labelledby="deposit-heading" className="space-y-3">
      <h3 id="deposit-heading" className="text-base font-semibold">
        Acompte
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        La boutique demande un acompte de <strong className="whitespace-nowrap">{amount}</strong>&nbsp;: il sera déduit de la facture de la réparation.
      </p>
      <PayOnline
        providers={providers}
        start={(provider) => startDepositPayment(estimateToken, provider)}
        label={`Payer l’acompte de ${amount}`}
        returnPath={`/devis/consulter?${new URLSearchParams({ token: estimateToken }).toString()}`}
        {...(redirect ? { redirect } : {})}
      />
    </section>
  );
}
