import { useMutation } from '@tanstack/react-query';
import { CreditCard, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import type { RepairPaymentProvider } from '@erepare/shared/repair-payments';
import type { RepairPayStart } from '@erepare/shared/schemas/repair-payments';
import { ApiError, UNAVAILABLE_MESSAGE } from '../lib/api-client';
import { assignLocation, rememberPaymentReturn, type Redirect } from '../lib/repair-payments-api';
import { Button } from './ui/button';
import { ErrorBox } from './ui/field';

export const providerLabels: Record<RepairPaymentProvider, string> = {
  stripe: 'Carte bancaire',
  paypal: 'PayPal',
};

const providerHints: Record<RepairPaymentProvider, string> = {
  stripe: 'Visa, Mastercard, CB\u00a0: sur la page de paiement sécurisée de Stripe.',
  paypal: 'Avec votre compte PayPal, sur le site de PayPal.',
};

export const payOnlineTexts = {
  unavailable: 'Le paiement en ligne n’est pas disponible pour le moment\u00a0: vous pouvez régler à la boutique (carte, espèces).',
  redirecting: 'Redirection vers la page de paiement sécurisée…',
  secure: 'Vous serez redirigé vers la page sécurisée du prestataire\u00a0: la boutique ne voit jamais votre numéro de carte.',
} as const;

type PayOnlineProps = {
  /** The providers the shop accepts (undefined while still loading). */
  providers: readonly RepairPaymentProvider[] | undefined;
  /** Asks our server to start the payment; it answers where the browser goes. */
  start: (provider: RepairPaymentProvider) => Promise<RepairPayStart>;
  /** The pay button's text (« Payer 120,00 € », « Payer l’acompte de 30 € »). */
  label: string;
  /** Where « Réessayer » leads back once the customer returns from the provider. */
  returnPath: string;
  redirect?: Redirect;
  /** Shown in a smaller layout (the account's invoice detail). */
  compact?: boolean;
};

/**
 * The choice between the card and PayPal (only those configured) and the pay button (issue 24 §4):
 * our server starts the payment for the amount it computes, then the browser leaves for the
 * provider's page. The server's French refusal (already paid, link expired…) is shown as it is.
 */
export function PayOnline({ providers, start, label, returnPath, redirect = assignLocation, compact = false }: PayOnlineProps) {
  const name = useId();
  const [chosen, setChosen] = useState<RepairPaymentProvider | null>(null);
  const pay = useMutation({
    mutationFn: start,
    onSuccess: (next) => {
      rememberPaymentReturn(returnPath);
      redirect(next.url);
    },
  });

  if (providers === undefined) return null;
  if (providers.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">{payOnlineTexts.unavailable}</p>;

  const provider = chosen && providers.includes(chosen) ? chosen : (providers[0] ?? 'stripe');
  const busy = pay.isPending || pay.isSuccess;
  const error = pay.isError ? (pay.error instanceof ApiError ? pay.error.message : UNAVAILABLE_MESSAGE) : null;

  return (
    <div className={compact ? 'space-y-3' : 'space-y-4'}>
      {providers.length > 1 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Moyen de paiement</legend>
          <div className={`grid gap-2 ${compact ? 'sm:grid-cols-2' : ''}`}>
            {providers.map((item) => (
              <label
                key={item}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border-2 border-slate-200 bg-white p-3 transition-colors has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 hover:border-slate-400 dark:border-slate-700 dark:bg-ink-900 dark:has-checked:border-brand-400 dark:has-checked:bg-ink-800"
              >
                <input
                  type="radio"
                  name={name}
                  value={item}
                  checked={provider === item}
                  disabled={busy}
                  onChange={() => setChosen(item)}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
                />
                <span className="min-w-0">
                  <span className="block font-semibold">{providerLabels[item]}</span>
                  {compact ? null : <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-300">{providerHints[item]}</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Paiement par <span className="font-semibold">{provider === 'paypal' ? 'PayPal' : 'carte bancaire'}</span>.
        </p>
      )}
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <Button className={compact ? '' : 'w-full sm:w-auto'} disabled={busy} onClick={() => pay.mutate(provider)}>
        {provider === 'stripe' ? <CreditCard aria-hidden="true" className="size-4" /> : <Lock aria-hidden="true" className="size-4" />}
        {busy ? 'Redirection…' : label}
      </Button>
      <p role="status" className={busy ? 'text-sm text-slate-700 dark:text-slate-300' : 'sr-only'}>
        {busy ? payOnlineTexts.redirecting : ''}
      </p>
      {compact ? null : <p className="text-xs text-slate-600 dark:text-slate-400">{payOnlineTexts.secure}</p>}
    </div>
  );
}
