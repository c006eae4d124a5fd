import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { profileProblems, type ProfileFieldKey, type ProfileProblem } from '@erepare/shared/go-live';
import type { z } from '@erepare/shared/zod';
import { storeProfileResponseSchema, storeProfileSchema } from '@erepare/shared/schemas/store-profile';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { Button } from '../../../components/ui/button';
import { ErrorBox, Field, SuccessBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useReplaceStoreProfile } from '../../../lib/store-profile';
import { toastSuccess } from '../../../lib/toast';
import { adminKey } from './use-admin-list';

type ProfileInput = z.input<typeof storeProfileSchema>;
const profileKey = adminKey('store-profile');

/** The mark of a group that still holds example values (issue 23 §2): they never reach a customer of a real site. */
function ExampleMark({ problems }: { problems: ProfileProblem[] }) {
  if (problems.length === 0) return null;
  const example = problems.some((problem) => problem.kind === 'example');
  return (
    <>
      {' '}
      <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50">
        {example ? 'Exemple' : 'À vérifier'}
        <span className="sr-only">&nbsp;: {problems.map((problem) => problem.message).join(' ')}</span>
      </span>
    </>
  );
}

function Group({ legend, hint, problems = [], children }: { legend: string; hint?: string; problems?: ProfileProblem[]; children: React.ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-describedby={hint ? id : undefined} className="min-w-0 space-y-3 rounded-xl border border-slate-300 p-4 dark:border-slate-600">
      <legend className="px-1 font-semibold">
        {legend}
        <ExampleMark problems={problems} />
      </legend>
      {hint ? (
        <p id={id} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type SlotsName = 'openingHours';

/** Opening hours as lines "days → hours", added and removed one by one. */
function Slots({ name, legend, hint, problems, control, register, errors }: {
  name: SlotsName;
  legend: string;
  hint: string;
  problems: ProfileProblem[];
  control: Control<ProfileInput, unknown, StoreProfile>;
  register: UseFormRegister<ProfileInput>;
  errors: FieldErrors<ProfileInput>;
}) {
  const slots = useFieldArray({ control, name });
  const listError = errors[name]?.message ?? errors[name]?.root?.message;
  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-slate-300 p-4 dark:border-slate-600">
      <legend className="px-1 font-semibold">
        {legend}
        <ExampleMark problems={problems} />
      </legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">{hint}</p>
      {listError ? <ErrorBox>{listError}</ErrorBox> : null}
      <ul className="space-y-3">
        {slots.fields.map((slot, index) => (
          <li key={slot.id} className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto]">
            <Field label={`Jours (ligne ${index + 1})`} maxLength={60} error={errors[name]?.[index]?.days?.message} {...register(`${name}.${index}.days`)} />
            <Field label={`Horaires (ligne ${index + 1})`} maxLength={80} error={errors[name]?.[index]?.hours?.message} {...register(`${name}.${index}.hours`)} />
            <Button type="button" variant="secondary" disabled={slots.fields.length <= 1} onClick={() => slots.remove(index)}>
              <Trash2 aria-hidden="true" className="size-4" />
              <span className="sr-only">Retirer la ligne {index + 1}</span>
            </Button>
          </li>
        ))}
      </ul>
      <Button type="button" variant="secondary" disabled={slots.fields.length >= 10} onClick={() => slots.append({ days: '', hours: '' })}>
        <Plus aria-hidden="true" className="size-4" />
        Ajouter une ligne
      </Button>
    </fieldset>
  );
}

function ProfileForm({ initial }: { initial: StoreProfile }) {
  const queryClient = useQueryClient();
  const replaceProfile = useReplaceStoreProfile();
  const form = useForm<ProfileInput, unknown, StoreProfile>({ resolver: zodResolver(storeProfileSchema), defaultValues: initial });
  const { register, control } = form;
  const { errors, isDirty } = form.formState;
  const save = useMutation({
    mutationFn: (profile: StoreProfile) => apiRequest('/api/admin/store-profile', { method: 'PUT', body: profile, schema: storeProfileResponseSchema }),
    onSuccess: (response) => {
      form.reset(response.data);
      queryClient.setQueryData(profileKey, response);
      // This page shows the new details at once (footer, contact block…); other pages get them from the server.
      replaceProfile(response.data);
      void queryClient.invalidateQueries({ queryKey: adminKey('audit') });
      toastSuccess(response.message ?? 'Profil de la boutique enregistré');
    },
  });
  const number = { setValueAs: (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value)) };
  // What still holds an example (or impossible) value, as typed: the marks follow the form.
  const values = useWatch({ control }) as StoreProfile;
  const problems = useMemo(() => profileProblems(values), [values]);
  const of = (...fields: ProfileFieldKey[]) => problems.filter((problem) => fields.some((field) => problem.field === field));

  return (
    <form noValidate aria-labelledby="store-profile-heading" className="space-y-5" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <div>
        <h2 id="store-profile-heading" className="text-xl font-semibold">
          Profil de la boutique
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Ces informations apparaissent sur tout le site (pied de page, contact, mentions légales, CGV), dans les e-mails et sur les factures. Les pages sont mises à jour dès
          l’enregistrement.
        </p>
      </div>
      {problems.length > 0 ? (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-semibold">
            {problems.length} {problems.length > 1 ? 'champs marqués' : 'champ marqué'} «&nbsp;Exemple&nbsp;» ou «&nbsp;À vérifier&nbsp;»&nbsp;: remplacez-les avant l’ouverture.
          </p>
          <p className="mt-1">Sur le site en ligne, tant qu’il en reste, les pages ne sont pas indexées, un bandeau signale la mise en place et le virement n’est pas proposé.</p>
        </div>
      ) : null}
      {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
      {save.isSuccess && !isDirty ? <SuccessBox>{save.data.message ?? 'Profil de la boutique enregistré'}</SuccessBox> : null}

      <Group legend="Identité" problems={of('legalName', 'siret', 'company.legalForm', 'company.shareCapital', 'company.rcsCity', 'company.vatNumber', 'company.publicationDirector')}>
        <Field label="Nom de la boutique" maxLength={80} error={errors.name?.message} {...register('name')} />
        <Field label="Raison sociale" maxLength={160} error={errors.legalName?.message} {...register('legalName')} />
        <Field label="SIRET" inputMode="numeric" hint="14 chiffres" error={errors.siret?.message} {...register('siret')} />
        <Field label="Forme juridique" maxLength={200} error={errors.company?.legalForm?.message} {...register('company.legalForm')} />
        <Field label="Capital social" maxLength={200} error={errors.company?.shareCapital?.message} {...register('company.shareCapital')} />
        <Field label="Immatriculation (RCS ou RM)" hint="Ville du greffe («&nbsp;Bordeaux&nbsp;» donne «&nbsp;RCS Bordeaux&nbsp;») ou «&nbsp;RM 33&nbsp;» pour un artisan" maxLength={200} error={errors.company?.rcsCity?.message} {...register('company.rcsCity')} />
        <Field label="Numéro de TVA intracommunautaire" maxLength={200} error={errors.company?.vatNumber?.message} {...register('company.vatNumber')} />
        <Field label="Directeur de la publication" maxLength={200} error={errors.company?.publicationDirector?.message} {...register('company.publicationDirector')} />
      </Group>

      <Group legend="Adresse" problems={of('address')}>
        <Field label="Rue" autoComplete="street-address" maxLength={160} className="sm:col-span-2" error={errors.address?.street?.message} {...register('address.street')} />
        <Field label="Code postal" autoComplete="postal-code" inputMode="numeric" maxLength={5} error={errors.address?.postalCode?.message} {...register('address.postalCode')} />
        <Field label="Ville" autoComplete="address-level2" maxLength={80} error={errors.address?.city?.message} {...register('address.city')} />
        <Field label="Pays" autoComplete="country-name" maxLength={60} error={errors.address?.country?.message} {...register('address.country')} />
        <div className="hidden sm:block" />
        <Field
          label="Latitude"
          type="number"
          step="any"
          hint="Pour la carte et les moteurs de recherche"
          error={errors.geo?.latitude?.message}
          {...register('geo.latitude', number)}
        />
        <Field label="Longitude" type="number" step="any" error={errors.geo?.longitude?.message} {...register('geo.longitude', number)} />
      </Group>

      <Group legend="Contact" problems={of('phone', 'email', 'whatsapp', 'social')}>
        <Field label="Téléphone affiché" type="tel" maxLength={30} error={errors.phone?.display?.message} {...register('phone.display')} />
        <Field label="Téléphone au format international" type="tel" hint="Par exemple +33556000000" error={errors.phone?.e164?.message} {...register('phone.e164')} />
        <Field label="E-mail" type="email" className="sm:col-span-2" hint="Reçoit les messages du formulaire de contact, les devis et les commandes" error={errors.email?.message} {...register('email')} />
        <Field label="WhatsApp affiché" type="tel" maxLength={30} error={errors.whatsapp?.display?.message} {...register('whatsapp.display')} />
        <Field label="Numéro WhatsApp" inputMode="numeric" hint="Indicatif puis numéro, chiffres seulement (33600000000)" error={errors.whatsapp?.number?.message} {...register('whatsapp.number')} />
        <Field label="Facebook" type="url" hint="Vide&nbsp;: pas de lien" error={errors.social?.facebook?.message} {...register('social.facebook')} />
        <Field label="Instagram" type="url" error={errors.social?.instagram?.message} {...register('social.instagram')} />
        <Field label="TikTok" type="url" error={errors.social?.tiktok?.message} {...register('social.tiktok')} />
        <Field label="Portail client du logiciel de réparation" type="url" hint="Vide&nbsp;: pas de lien" error={errors.customerPortalUrl?.message} {...register('customerPortalUrl')} />
      </Group>

      <Group legend="TVA et virement" hint="Le virement bancaire n’est proposé à la commande qu’avec un IBAN et un BIC réels." problems={of('bank')}>
        <div className="sm:col-span-2">
          <label htmlFor="store-profile-vat" className="mb-1 block text-sm font-medium">
            Régime de TVA
          </label>
          <select
            id="store-profile-vat"
            aria-invalid={errors.vatRegime ? true : undefined}
            className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-ink-900"
            {...register('vatRegime')}
          >
            <option value="standard">TVA 20&nbsp;% (prix TTC, TVA détaillée sur les factures)</option>
            <option value="franchise">Franchise en base (TVA non applicable, art. 293 B du CGI)</option>
          </select>
        </div>
        <Field label="Titulaire du compte" maxLength={120} error={errors.bank?.accountHolder?.message} {...register('bank.accountHolder')} />
        <Field label="Banque" maxLength={120} error={errors.bank?.bankName?.message} {...register('bank.bankName')} />
        <Field label="IBAN" autoComplete="off" spellCheck={false} error={errors.bank?.iban?.message} {...register('bank.iban')} />
        <Field label="BIC" autoComplete="off" spellCheck={false} maxLength={11} error={errors.bank?.bic?.message} {...register('bank.bic')} />
      </Group>

      <Group legend="Factures" hint="Mentions imprimées sur chaque facture (article L441-9 du Code de commerce).">
        <Field
          label="Conditions de paiement"
          maxLength={300}
          className="sm:col-span-2"
          error={errors.invoicing?.paymentTerms?.message}
          {...register('invoicing.paymentTerms')}
        />
        <Field
          label="Taux des pénalités de retard (clients professionnels)"
          hint={'L’indemnité forfaitaire de 40\u00a0€ est ajoutée d’office'}
          maxLength={200}
          className="sm:col-span-2"
          error={errors.invoicing?.latePenaltyRate?.message}
          {...register('invoicing.latePenaltyRate')}
        />
      </Group>

      <Group legend="Médiateur de la consommation" problems={of('mediator')} hint="Obligatoire pour vendre aux particuliers (articles L612-1 et R616-1 du Code de la consommation).">
        <Field label="Nom du médiateur" maxLength={200} error={errors.mediator?.name?.message} {...register('mediator.name')} />
        <Field label="Site du médiateur" type="url" error={errors.mediator?.website?.message} {...register('mediator.website')} />
        <Field label="Adresse du médiateur" maxLength={300} className="sm:col-span-2" error={errors.mediator?.address?.message} {...register('mediator.address')} />
      </Group>

      <Group legend="Hébergeur du site" problems={of('host')} hint="Mentions légales (LCEN, article 6 III).">
        <Field label="Nom de l’hébergeur" maxLength={200} error={errors.host?.name?.message} {...register('host.name')} />
        <Field label="Téléphone de l’hébergeur" maxLength={200} error={errors.host?.phone?.message} {...register('host.phone')} />
        <Field label="Adresse de l’hébergeur" maxLength={300} className="sm:col-span-2" error={errors.host?.address?.message} {...register('host.address')} />
      </Group>

      <Slots name="openingHours" legend="Horaires d’ouverture" hint="Pied de page, page contact, page de maintenance et e-mails." problems={of('openingHours')} control={control} register={register} errors={errors} />

      <Button type="submit" disabled={save.isPending}>
        <Save aria-hidden="true" className="size-4" />
        {save.isPending ? 'Enregistrement et mise à jour des pages…' : 'Enregistrer le profil'}
      </Button>
    </form>
  );
}

export function StoreProfileForm() {
  const profile = useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => apiRequest('/api/admin/store-profile', { schema: storeProfileResponseSchema, signal }),
  });
  if (profile.isPending) return <Spinner label="Chargement du profil de la boutique…" />;
  if (profile.error)
    return (
      <ErrorBox>
        {profile.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void profile.refetch()}>
          Réessayer
        </button>
      </ErrorBox>
    );
  return <ProfileForm initial={profile.data.data} />;
}
