import { Clock, Truck } from 'lucide-react';
import { useId } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { formatCents } from '@erepare/shared/format';
import { shippingCostCents } from '@erepare/shared/shop';
import type { ShippingMethod } from '@erepare/shared/schemas/shop';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import type { CheckoutForm, FieldRegistrar } from '../hooks/use-checkout-form';
import { SHIPPING_COUNTRIES } from '../lib/checkout-form';
import { toShippingDefinition } from '@erepare/shared/shop';
import { freeShippingHint } from '../lib/shipping';
import { LoadError } from './load-error';
import { RadioCard } from './radio-card';
import { RelayPicker } from './relay-picker';
import { StorePickupCard } from './store-pickup-card';

/** Said plainly when the relay-point delivery is not configured (issue 6). */
export const RELAY_UNAVAILABLE = 'La livraison en point relais n’est pas proposée pour le moment.';

type StepShippingProps = {
  form: CheckoutForm;
  field: FieldRegistrar;
  methods: ShippingMethod[] | undefined;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  subtotalAfterCouponCents: number;
  needsAddress: boolean;
  /** A relay method is chosen (colissimo_relais, lpc_relay): the relay-point picker is shown. */
  needsRelay?: boolean;
  /** The chosen method (its card shows what is missing for free delivery). */
  selectedId: string;
};

/** Step 2 "Adresse et méthode": the shipping methods of the server, then the address (not for pickup). */
export function StepShipping({ form, field, methods, loading, failed, retrying, onRetry, subtotalAfterCouponCents, needsAddress, needsRelay = false, selectedId }: StepShippingProps) {
  const { errors } = form.formState;
  const ids = useId();
  const addressPostcode = useWatch({ control: form.control, name: 'postcode' });
  const { field: relayField } = useController({ control: form.control, name: 'relayChoice' });
  const methodError = errors.shippingMethod?.message;

  let list;
  if (failed && !methods?.length) {
    list = <LoadError title="Impossible de charger les méthodes de livraison" onRetry={onRetry} retrying={retrying} />;
  } else if (loading || !methods) {
    list = <Spinner label="Chargement des modes de livraison…" />;
  } else if (methods.length === 0) {
    list = <LoadError title="Impossible de charger les méthodes de livraison" onRetry={onRetry} retrying={retrying} />;
  } else {
    list = (
      <fieldset aria-describedby={methodError ? `${ids}-method-error` : undefined}>
        <legend className="mb-3 text-base font-semibold">Mode de livraison</legend>
        {methods.some((method) => method.needs_relay) ? null : (
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{RELAY_UNAVAILABLE}</p>
        )}
        <div className="grid gap-3">
          {methods.map((method) => {
            const definition = toShippingDefinition(method);
            const cost = shippingCostCents(definition, subtotalAfterCouponCents);
            // The hint is shown on the chosen card only: one clear line, not the same one four times.
            const missing = method.id === selectedId ? freeShippingHint(method, subtotalAfterCouponCents) : 0;
            return (
              <RadioCard
                key={method.id}
                id={`${ids}-${method.id}`}
                value={method.id}
                title={method.title}
                description={method.description}
                aside={
                  cost === 0 ? (
                    <span className="text-emerald-700 dark:text-emerald-300">Gratuit</span>
                  ) : (
                    formatCents(cost)
                  )
                }
                {...field('shippingMethod')}
              >
                {missing > 0 ? (
                  <span className="mt-1 block text-sm font-medium text-brand-800 dark:text-brand-300">
                    {`Plus que ${formatCents(missing)} d’achats pour la livraison gratuite`}
                  </span>
                ) : null}
              </RadioCard>
            );
          })}
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
      {methods?.length ? (
        needsAddress ? (
          <>
            <p className="flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:bg-ink-800 dark:text-brand-300">
              <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Commandes passées avant 14h expédiées le jour même
            </p>
            <fieldset className="grid gap-4 sm:grid-cols-6">
              <legend className="mb-3 text-base font-semibold sm:col-span-6">{needsRelay ? 'Votre adresse' : 'Adresse de livraison'}</legend>
              {needsRelay ? (
                <p className="-mt-2 text-sm text-slate-600 sm:col-span-6 dark:text-slate-400">
                  Elle sert à la facturation et à vous joindre&nbsp;; le colis est livré au point relais choisi ci-dessous.
                </p>
              ) : null}
              <Field label="Adresse" autoComplete="address-line1" className="sm:col-span-6" error={errors.address1?.message} {...field('address1')} />
              <Field
                label="Complément d’adresse (facultatif)"
                autoComplete="address-line2"
                className="sm:col-span-6"
                {...field('address2')}
              />
              <Field
                label="Code postal"
                autoComplete="postal-code"
                inputMode="numeric"
                className="sm:col-span-2"
                error={errors.postcode?.message}
                {...field('postcode')}
              />
              <Field label="Ville" autoComplete="address-level2" className="sm:col-span-4" error={errors.city?.message} {...field('city')} />
              <div className="sm:col-span-6">
                <label htmlFor={`${ids}-country`} className="mb-1 block text-sm font-medium">
                  Pays
                </label>
                <select
                  id={`${ids}-country`}
                  autoComplete="country"
                  className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100"
                  {...field('country')}
                >
                  {SHIPPING_COUNTRIES.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              </div>
            </fieldset>
            {needsRelay ? (
              <RelayPicker
                addressPostcode={addressPostcode}
                value={relayField.value}
                onChange={(choice) => {
                  relayField.onChange(choice);
                  form.clearErrors('relayChoice');
                }}
                error={errors.relayChoice?.message}
                focusRef={relayField.ref}
              />
            ) : null}
          </>
        ) : (
          <StorePickupCard title="Retrait en boutique&nbsp;: aucune adresse à saisir">
            <p className="mt-2 flex items-start gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Votre commande est préparée en boutique&nbsp;; venez la retirer aux heures d’ouverture avec votre numéro de commande.
            </p>
          </StorePickupCard>
        )
      ) : null}
    </div>
  );
}
