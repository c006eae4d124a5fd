import { ExternalLink } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { PaymentGateway, ShippingMethod } from '@erepare/shared/schemas/shop';
import { formatAddress } from '@erepare/shared/store-profile';
import { formatRelayDistance, relayTypeLabel } from '@erepare/shared/relay-points';
import type { CheckoutForm, FieldRegistrar } from '../hooks/use-checkout-form';
import { useStoreProfile } from '../../../lib/store-profile';
import { countryName, type CheckoutFormValues, type StepNumber } from '../lib/checkout-form';
import { CartLines, type DisplayLine } from './cart-lines';
import { TotalsList, type TotalsRows } from './totals-list';

type StepReviewProps = {
  form: CheckoutForm;
  field: FieldRegistrar;
  values: CheckoutFormValues;
  shippingMethod: ShippingMethod | undefined;
  gateway: PaymentGateway | undefined;
  lines: readonly DisplayLine[];
  totals: TotalsRows;
  onEdit: (step: StepNumber) => void;
};

function Section({ title, step, onEdit, children }: { title: string; step: StepNumber; onEdit: (step: StepNumber) => void; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold">{title}</h3>
        <button
          type="button"
          onClick={() => onEdit(step)}
          className="-my-2 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-700 underline underline-offset-2 hover:bg-slate-100 dark:text-brand-300 dark:hover:bg-ink-800"
        >
          Modifier<span className="sr-only">&nbsp;: {title}</span>
        </button>
      </div>
      <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

/** What the customer sees just after ordering, so the step says it plainly before they commit. */
function paymentNextStep(gateway: PaymentGateway | undefined): string | null {
  if (!gateway) return null;
  if (gateway.id === 'bacs') return 'Après validation, nos coordonnées bancaires s’affichent et vous sont envoyées par e-mail\u00a0; indiquez votre numéro de commande comme référence du virement.';
  if (gateway.id === 'cod') return 'Vous réglez votre commande en boutique, au moment du retrait.';
  if (gateway.kind === 'online') return 'Après validation, vous réglez votre commande en ligne sur la page suivante.';
  return null;
}

/** Step 4 "Vérification finale": the recap, the terms of sale (required) and the legal wording of the button. */
export function StepReview({ form, field, values, shippingMethod, gateway, lines, totals, onEdit }: StepReviewProps) {
  const ids = useId();
  const storeProfile = useStoreProfile();
  const termsError = form.formState.errors.termsAccepted?.message;
  const next = paymentNextStep(gateway);
  return (
    <div className="grid gap-4">
      <Section title="Vos coordonnées" step={1} onEdit={onEdit}>
        <p className="font-medium text-slate-900 dark:text-slate-100">{`${values.firstName} ${values.lastName}`}</p>
        <p className="break-all">{values.email}</p>
        <p>{values.phone}</p>
      </Section>
      <Section title="Livraison" step={2} onEdit={onEdit}>
        <p className="font-medium text-slate-900 dark:text-slate-100">{shippingMethod?.title ?? values.shippingMethod}</p>
        {values.needsRelay && values.relayChoice ? (
          <div className="mt-1">
            <p>
              {'Point relais\u00a0: '}
              <span className="font-medium text-slate-900 dark:text-slate-100">{values.relayChoice.point.nom}</span>
              {` (${relayTypeLabel(values.relayChoice.point.typeDePoint)}, ${formatRelayDistance(values.relayChoice.point.distanceEnMetre)})`}
            </p>
            <p>
              {[values.relayChoice.point.adresse1, values.relayChoice.point.adresse2, `${values.relayChoice.point.codePostal} ${values.relayChoice.point.localite}`]
                .filter((part) => part.trim())
                .join(', ')}
            </p>
            <p className="mt-2 font-medium text-slate-900 dark:text-slate-100">Adresse de facturation</p>
          </div>
        ) : null}
        {values.needsAddress ? (
          <address className="not-italic">
            {values.address1}
            {values.address2 ? <>, {values.address2}</> : null}
            <br />
            {`${values.postcode} ${values.city}, ${countryName(values.country)}`}
          </address>
        ) : (
          <p>{`Retrait en boutique\u00a0: ${storeProfile.name}, ${formatAddress(storeProfile)}`}</p>
        )}
      </Section>
      <Section title="Paiement" step={3} onEdit={onEdit}>
        <p className="font-medium text-slate-900 dark:text-slate-100">{gateway?.title ?? values.paymentMethod}</p>
        {next ? <p className="mt-1">{next}</p> : null}
        {values.orderNotes.trim() ? <p className="mt-2 whitespace-pre-line">{`Note\u00a0: ${values.orderNotes.trim()}`}</p> : null}
      </Section>
      <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="mb-3 font-semibold">Articles</h3>
        <CartLines lines={lines} />
        <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
          <TotalsList rows={totals} />
        </div>
      </section>
      <div>
        <div className="flex items-start gap-3">
          <input
            id={`${ids}-terms`}
            type="checkbox"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${ids}-terms-error` : undefined}
            className="mt-0.5 size-6 shrink-0 accent-brand-700"
            {...field('termsAccepted')}
          />
          <label htmlFor={`${ids}-terms`} className="text-sm leading-6">
            {"J'ai lu et j'accepte les "}
            <a
              href="/cgv"
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
            >
              conditions générales de vente
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> (nouvel onglet)</span>
            </a>
          </label>
        </div>
        {termsError ? (
          <p id={`${ids}-terms-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {termsError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
