import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { siteSettingsSchema, type SiteSettings } from '@erepare/shared/schemas/settings';
import { siteSettingsPayload } from '@erepare/shared/site-settings';
import { Button } from '../../../components/ui/button';
import { ErrorBox, Field, SuccessBox } from '../../../components/ui/field';
import { apiRequest } from '../../../lib/api-client';
import { applySavedSiteSettings } from '../../../lib/site-settings';

const DESCRIPTION_MAX = 320;

// `ref` is an ordinary prop (React 19): the form library registers the checkbox through it.
function Toggle({ label, hint, ref, ...props }: { label: string; hint: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="flex gap-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600">
      <input ref={ref} id={id} type="checkbox" aria-describedby={`${id}-hint`} className="mt-0.5 size-5 shrink-0 accent-brand-700" {...props} />
      <div>
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Saves the settings (staff only: kept here, out of the code every visitor loads). */
function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettings) =>
      apiRequest('/api/admin/site-settings', { method: 'POST', body: settings, schema: siteSettingsPayload }),
    onSuccess: (response) => applySavedSiteSettings(queryClient, response.data),
  });
}

export function SettingsForm({ initial, disabled = false }: { initial: SiteSettings; disabled?: boolean }) {
  const save = useSaveSiteSettings();
  const form = useForm<SiteSettings>({ resolver: zodResolver(siteSettingsSchema), defaultValues: initial });
  const { errors, isDirty } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' });

  return (
    <form
      noValidate
      aria-labelledby="settings-heading"
      className="space-y-5"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, { onSuccess: (response) => form.reset(response.data) }),
      )}
    >
      <h2 id="settings-heading" className="text-xl font-semibold">
        Paramètres du site
      </h2>
      {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
      {save.isSuccess && !isDirty ? <SuccessBox>Paramètres enregistrés</SuccessBox> : null}
      <Field label="Titre du site" maxLength={120} error={errors.title?.message} {...form.register('title')} />
      <div>
        <label htmlFor="settings-description" className="mb-1 block text-sm font-medium">
          Description (moteurs de recherche)
        </label>
        <textarea
          id="settings-description"
          rows={3}
          maxLength={DESCRIPTION_MAX}
          aria-describedby={errors.description ? 'settings-description-count settings-description-error' : 'settings-description-count'}
          aria-invalid={errors.description ? true : undefined}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-ink-900"
          {...form.register('description')}
        />
        <p id="settings-description-count" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {description.length} / {DESCRIPTION_MAX} caractères
        </p>
        {errors.description ? (
          <p id="settings-description-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {errors.description.message}
          </p>
        ) : null}
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium">Maintenance</legend>
        <Toggle
          label="Site en maintenance"
          hint="Toutes les pages affichent la page de maintenance, sauf cette administration."
          {...form.register('maintenanceMode')}
        />
        <Toggle
          label="Boutique en maintenance"
          hint="La boutique affiche «&nbsp;Accès Temporairement Restreint&nbsp;»&nbsp;; le reste du site reste ouvert."
          {...form.register('shopMaintenanceMode')}
        />
      </fieldset>
      <Button type="submit" disabled={save.isPending || disabled}>
        <Save aria-hidden="true" className="size-4" />
        {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
      </Button>
    </form>
  );
}
