import { Info } from 'lucide-react';
import { useId } from 'react';
import type { PaymentGateway, ShippingMethod } from '@erepare/shared/schemas/shop';
import { Spinner } from '../../../components/ui/spinner';
import type { CheckoutForm, FieldRegistrar } from '../hooks/use-checkout-form';
import { frenchList, gatewaysExcludedBy, gatewaysFor } from '../lib/shipping';
import { LoadError } from './load-error';
import { RadioCard } from './radio-card';

/** Said plainly when no online provider is configured (issue 6): the buyer knows what is possible. */
export const ONLINE_PAYMENT_UNAVAILABLE =
  'Le paiement en ligne (carte bancaire, Klarna, PayPal) n’est pas proposé pour le moment\u00a0: réglez par virement ou en boutique au retrait.';

type StepPaymentProps = {
  form: CheckoutForm;
  field: FieldRegistrar;
  gateways: PaymentGateway[] | undefined;
  shippingMethods: ShippingMethod[];
  shippingMethod: string;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
};

/**
 * Step 3 "Mode de paiement": exactly the methods the server enables, filtered by the chosen delivery
 * (pay in store only with in-store pickup), and a plain sentence saying which ones are available and why
 * one is not offered.
 */
export function StepPayment({ form, field, gateways, shippingMethods, shippingMethod, loading, failed, retrying, onRetry }: StepPaymentProps) {
  const { errors } = form.formState;
  const ids = useId();
  const methodError = errors.paymentMethod?.message;
  const notesError = errors.orderNotes?.message;
  const shippingTitle = (id: string) => `«\u00a0${shippingMethods.find((method) => method.id === id)?.title ?? id}\u00a0»`;

  let list;
  if (failed && !gateways) {
    list = <LoadError title="Impossible de charger les modes de paiement" onRetry={onRetry} retrying={retrying} />;
  } else if (loading || !gateways) {
    list = <Spinner label="Chargement des modes de paiement…" />;
  } else {
    const available = gatewaysFor(gateways, shippingMethod);
    const excluded = gatewaysExcludedBy(gateways, shippingMethod);
    list = (
      <fieldset aria-describedby={[`${ids}-available`, methodError ? `${ids}-method-error` : ''].filter(Boolean).join(' ')}>
        <legend className="mb-2 text-base font-semibold">Mode de paiement</legend>
        <div id={`${ids}-available`} className="mb-3 grid gap-1 text-sm text-slate-700 dark:text-slate-300">
          <p>
            {available.length > 0
              ? `Moyens de paiement disponibles\u00a0: ${frenchList(available.map((gateway) => gateway.title))}.`
              : 'Aucun moyen de paiement n’est disponible avec ce mode de livraison\u00a0: choisissez-en un autre à l’étape Livraison.'}
          </p>
          {gateways.some((gateway) => gateway.kind === 'online') ? null : (
            <p className="flex items-start gap-2">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {ONLINE_PAYMENT_UNAVAILABLE}
            </p>
          )}
          {excluded.map((gateway) => (
            <p key={gateway.id} className="flex items-start gap-2">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {`${gateway.title}\u00a0: proposé uniquement avec la livraison ${frenchList((gateway.shipping_methods ?? []).map(shippingTitle))}.`}
            </p>
          ))}
        </div>
        <div className="grid gap-3">
          {available.map((gateway) => (
            <RadioCard
              key={gateway.id}
              id={`${ids}-${gateway.id}`}
              value={gateway.id}
              title={gateway.title}
              description={gateway.description}
              {...field('paymentMethod')}
            />
          ))}
        </div>
        {methodError ? (
          <p id={`${ids}-method-error`} className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            {methodError}
          </p>
        ) : null}
      </fieldset>
    );
  }

  return (
    <div className="grid gap-6">
      {list}
      <div>
        <label htmlFor={`${ids}-notes`} className="mb-1 block text-sm font-medium">
          Notes de commande (facultatif)
        </label>
        <textarea
          id={`${ids}-notes`}
          rows={3}
          maxLength={1000}
          aria-describedby={`${ids}-notes-hint${notesError ? ` ${ids}-notes-error` : ''}`}
          aria-invalid={notesError ? true : undefined}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100"
          {...field('orderNotes')}
        />
        <p id={`${ids}-notes-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Une précision pour la livraison ou le retrait&nbsp;? Indiquez-la ici.
        </p>
        {notesError ? (
          <p id={`${ids}-notes-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {notesError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
