import { Gamepad2, HelpCircle, Laptop, Smartphone, Tablet, Watch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  QUOTE_OTHER,
  dropOffSlots,
  faultPriceLabel,
  findQuoteBrand,
  findQuoteCategory,
  formatDropOffDate,
  quoteCategories,
  type QuoteCategoryId,
} from '@erepare/shared/quote-catalogue';
import { QUOTE_DESCRIPTION_MAX } from '@erepare/shared/schemas/quotes';
import { ImageUpload } from '../../../../components/image-upload/image-upload';
import { Field } from '../../../../components/ui/field';
import { useStoreProfile } from '../../../../lib/store-profile';
import { TextAreaField } from '../contact/text-area-field';
import { ChoiceCard } from './choice-card';
import type { QuoteDraft, StepErrors } from './quote-draft';
import { SelectField } from './select-field';

export type StepProps = {
  draft: QuoteDraft;
  errors: StepErrors;
  update: (change: Partial<QuoteDraft>) => void;
};

const icons: Record<QuoteCategoryId, ReactNode> = {
  telephone: <Smartphone aria-hidden="true" className="size-7" />,
  tablette: <Tablet aria-hidden="true" className="size-7" />,
  ordinateur: <Laptop aria-hidden="true" className="size-7" />,
  console: <Gamepad2 aria-hidden="true" className="size-7" />,
  montre: <Watch aria-hidden="true" className="size-7" />,
  autre: <HelpCircle aria-hidden="true" className="size-7" />,
};

export const fieldId = (field: keyof QuoteDraft) => `quote-${field}`;

function GroupError({ field, errors }: { field: keyof QuoteDraft; errors: StepErrors }) {
  const message = errors[field];
  return message ? (
    <p id={`${fieldId(field)}-error`} className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  ) : null;
}

export function CategoryStep({ draft, errors, update }: StepProps) {
  return (
    <fieldset>
      <legend className="mb-4 text-lg font-semibold">Quel appareil faut-il réparer&nbsp;?</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {quoteCategories.map((category, index) => (
          <div key={category.id} id={index === 0 ? `${fieldId('category')}-first` : undefined}>
            <ChoiceCard
              name="quote-category"
              value={category.id}
              checked={draft.category === category.id}
              onChange={() =>
                update(
                  draft.category === category.id
                    ? {}
                    : { category: category.id, brand: '', brandOther: '', model: '', modelOther: '', fault: '', faultOther: '' },
                )
              }
              title={category.label}
              detail={category.hint}
              icon={icons[category.id]}
              describedBy={errors.category ? `${fieldId('category')}-error` : undefined}
              invalid={Boolean(errors.category)}
            />
          </div>
        ))}
      </div>
      <GroupError field="category" errors={errors} />
    </fieldset>
  );
}

export function DeviceStep({ draft, errors, update }: StepProps) {
  const category = findQuoteCategory(draft.category);
  if (!category) return null;
  if (category.brands.length === 0) {
    return (
      <div className="space-y-5">
        <Field
          id={fieldId('modelOther')}
          label="Quel appareil&nbsp;? *"
          placeholder="Par exemple&nbsp;: enceinte Bluetooth, liseuse, drone…"
          value={draft.modelOther}
          maxLength={100}
          error={errors.modelOther}
          onChange={(event) => update({ modelOther: event.target.value })}
        />
        <Field
          id={fieldId('brandOther')}
          label="Marque (si vous la connaissez)"
          value={draft.brandOther}
          maxLength={100}
          error={errors.brandOther}
          onChange={(event) => update({ brandOther: event.target.value })}
        />
      </div>
    );
  }
  const brand = findQuoteBrand(category, draft.brand);
  const otherBrand = draft.brand === QUOTE_OTHER;
  return (
    <div className="space-y-5">
      <SelectField
        id={fieldId('brand')}
        label="Marque *"
        placeholder="Choisissez la marque"
        value={draft.brand}
        error={errors.brand}
        options={[...category.brands.map((item) => ({ value: item.id, label: item.label })), { value: QUOTE_OTHER, label: 'Autre marque' }]}
        onChange={(event) => update({ brand: event.target.value, model: '', modelOther: '' })}
      />
      {otherBrand ? (
        <Field
          id={fieldId('brandOther')}
          label="Nom de la marque *"
          value={draft.brandOther}
          maxLength={100}
          error={errors.brandOther}
          onChange={(event) => update({ brandOther: event.target.value })}
        />
      ) : null}
      {brand ? (
        <SelectField
          id={fieldId('model')}
          label="Modèle *"
          placeholder="Choisissez le modèle"
          value={draft.model}
          error={errors.model}
          options={[...brand.models.map((model) => ({ value: model, label: model })), { value: QUOTE_OTHER, label: 'Autre modèle ou je ne sais pas' }]}
          onChange={(event) => update({ model: event.target.value, modelOther: '' })}
        />
      ) : null}
      {otherBrand || draft.model === QUOTE_OTHER ? (
        <Field
          id={fieldId('modelOther')}
          label="Modèle *"
          hint="Inscrit au dos de l’appareil ou dans ses réglages. Si vous ne le trouvez pas, décrivez-le."
          value={draft.modelOther}
          maxLength={100}
          error={errors.modelOther}
          onChange={(event) => update({ modelOther: event.target.value })}
        />
      ) : null}
    </div>
  );
}

export function FaultStep({ draft, errors, update }: StepProps) {
  const category = findQuoteCategory(draft.category);
  if (!category) return null;
  const faults = [...category.faults, { id: QUOTE_OTHER, label: 'Autre panne', fromEuros: null }];
  return (
    <fieldset>
      <legend className="mb-2 text-lg font-semibold">Quelle est la panne&nbsp;?</legend>
      <p id="quote-prices-note" className="mb-4 text-sm text-slate-700 dark:text-slate-300">
        Les prix «&nbsp;à partir de&nbsp;» sont indicatifs&nbsp;: le prix exact vous est confirmé après diagnostic, avant toute réparation.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {faults.map((fault, index) => (
          <div key={fault.id} id={index === 0 ? `${fieldId('fault')}-first` : undefined}>
            <ChoiceCard
              name="quote-fault"
              value={fault.id}
              checked={draft.fault === fault.id}
              onChange={(value) => update({ fault: value, faultOther: value === QUOTE_OTHER ? draft.faultOther : '' })}
              title={fault.label}
              detail={fault.id === QUOTE_OTHER ? 'Décrivez-la ci-dessous' : faultPriceLabel(fault)}
              describedBy={errors.fault ? `${fieldId('fault')}-error` : 'quote-prices-note'}
              invalid={Boolean(errors.fault)}
            />
          </div>
        ))}
      </div>
      <GroupError field="fault" errors={errors} />
      {draft.fault === QUOTE_OTHER ? (
        <Field
          id={fieldId('faultOther')}
          className="mt-5"
          label="La panne en quelques mots *"
          value={draft.faultOther}
          maxLength={100}
          error={errors.faultOther}
          onChange={(event) => update({ faultOther: event.target.value })}
        />
      ) : null}
    </fieldset>
  );
}

export function DetailsStep({ draft, errors, update }: StepProps) {
  return (
    <div className="space-y-6">
      <ImageUpload label="Photos de l’appareil (facultatif)" images={draft.photos} onChange={(photos) => update({ photos })} />
      <TextAreaField
        id={fieldId('description')}
        label="Description (facultatif)"
        hint="Que s’est-il passé&nbsp;? Depuis quand&nbsp;? L’appareil s’allume-t-il encore&nbsp;?"
        rows={5}
        maxLength={QUOTE_DESCRIPTION_MAX}
        value={draft.description}
        error={errors.description}
        onChange={(event) => update({ description: event.target.value })}
      />
    </div>
  );
}

export function ContactStep({ draft, errors, update, dropOffChoices, smsEnabled = false }: StepProps & { dropOffChoices: readonly string[]; smsEnabled?: boolean }) {
  const storeProfile = useStoreProfile();
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fieldId('name')} label="Nom *" autoComplete="name" value={draft.name} maxLength={100} error={errors.name} onChange={(event) => update({ name: event.target.value })} />
        <Field
          id={fieldId('email')}
          label="Adresse e-mail *"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={draft.email}
          error={errors.email}
          onChange={(event) => update({ email: event.target.value })}
        />
        <Field
          id={fieldId('phone')}
          label="Téléphone *"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={draft.phone}
          error={errors.phone}
          onChange={(event) => update({ phone: event.target.value })}
        />
        <SelectField
          id={fieldId('dropOffDate')}
          label="Jour de dépôt souhaité *"
          placeholder={dropOffChoices.length ? 'Choisissez un jour' : 'Chargement des jours…'}
          value={draft.dropOffDate}
          error={errors.dropOffDate}
          options={dropOffChoices.map((date) => ({ value: date, label: formatDropOffDate(date) }))}
          onChange={(event) => update({ dropOffDate: event.target.value })}
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Créneau souhaité *</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {dropOffSlots.map((slot, index) => (
            <div key={slot.id} id={index === 0 ? `${fieldId('dropOffSlot')}-first` : undefined}>
              <ChoiceCard
                name="quote-slot"
                value={slot.id}
                checked={draft.dropOffSlot === slot.id}
                onChange={() => update({ dropOffSlot: slot.id })}
                title={slot.label}
                describedBy={errors.dropOffSlot ? `${fieldId('dropOffSlot')}-error` : undefined}
                invalid={Boolean(errors.dropOffSlot)}
              />
            </div>
          ))}
        </div>
        <GroupError field="dropOffSlot" errors={errors} />
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          L’atelier est ouvert {storeProfile.openingHours.map((slot) => `${slot.days.toLowerCase()} : ${slot.hours.toLowerCase()}`).join(' ; ')}. Nous vous confirmons le rendez-vous.
        </p>
      </fieldset>
      <div>
        <label className="flex min-h-11 items-start gap-3">
          <input
            id={fieldId('consent')}
            type="checkbox"
            checked={draft.consent}
            onChange={(event) => update({ consent: event.target.checked })}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${fieldId('consent')}-error` : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span className="text-sm">
            J’accepte que {storeProfile.name} me contacte par téléphone ou par e-mail au sujet de ce devis. *
            <span className="block text-slate-700 dark:text-slate-300">
              Vos données servent uniquement à traiter cette demande&nbsp;; elles ne sont ni revendues ni utilisées pour de la publicité.
            </span>
          </span>
        </label>
        <p className="mt-1 pl-8 text-sm">
          <Link to="/politique-confidentialite" className="underline underline-offset-4">
            Politique de confidentialité
          </Link>
        </p>
        <GroupError field="consent" errors={errors} />
      </div>
      {smsEnabled ? (
        <div>
          <label className="flex min-h-11 items-start gap-3">
            <input
              id={fieldId('smsConsent')}
              type="checkbox"
              checked={draft.smsConsent}
              onChange={(event) => update({ smsConsent: event.target.checked })}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <span className="text-sm">
              Recevoir par SMS les messages sur cette réparation (devis, rendez-vous, appareil prêt)
              <span className="block text-slate-700 dark:text-slate-300">Facultatif. Au numéro indiqué ci-dessus, jamais de publicité.</span>
            </span>
          </label>
        </div>
      ) : null}
    </div>
  );
}
