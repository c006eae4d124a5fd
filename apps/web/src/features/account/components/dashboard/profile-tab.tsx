import { CloudDownload, CloudUpload, Download, Pencil, Save, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { accountMessages, type Profile } from '@erepare/shared/schemas/account';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { ErrorBox, Field, SuccessBox } from '../../../../components/ui/field';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { ACCOUNT_EXPORT_URL } from '../../api/dashboard-api';
import { useAccountProfile, useRefreshFromStore, useSaveProfile, useSyncToStore } from '../../hooks/dashboard-data';
import { PasswordField } from '../auth/password-field';
import { DeleteAccountDialog } from './delete-account-dialog';
import {
  displayValue,
  profileFieldGroups,
  profileMessages,
  profileToForm,
  validateProfile,
  type ProfileErrors,
  type ProfileFormValues,
  type ProfileTextField,
} from './model/profile';
import { ErrorWithRetry, Panel } from './ui';

/** "Mon profil" (spec 1 §2, §4, §5): read-only, then Modifier, save or cancel; store sync; RGPD. */
export function ProfileTab() {
  const profile = useAccountProfile();
  return (
    <section aria-labelledby="profile-heading" className="space-y-6">
      <h2 id="profile-heading" className="text-2xl font-bold tracking-tight">
        Mon profil
      </h2>
      {profile.isPending ? <Spinner label="Chargement de votre profil…" /> : null}
      {profile.isError ? (
        <ErrorWithRetry message={profileMessages.refreshError} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
      ) : null}
      {profile.data ? (
        <>
          <ProfileCard profile={profile.data} />
          <StoreCard linked={profile.data.linked} />
          <PrivacyCard />
        </>
      ) : null}
    </section>
  );
}

function saveErrorMessage(error: unknown): string {
  // Spec 1 §8: the server's message when it gives one (a refused value), else the generic one.
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message ? error.message : profileMessages.saveError;
}

function ProfileCard({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileFormValues>(() => profileToForm(profile.profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  // Changing the address is a guarded change: the current password goes with it (DESIGN.md §4).
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const emailChanged = values.email.trim().toLowerCase() !== profile.profile.email.trim().toLowerCase();
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const editId = useId();
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    else if (returnFocus.current) document.getElementById(editId)?.focus();
    returnFocus.current = false;
  }, [editing, editId]);

  const startEditing = () => {
    setValues(profileToForm(profile.profile));
    setErrors({});
    setCurrentPassword('');
    setPasswordError(undefined);
    setNotice(null);
    setEditing(true);
  };

  const cancel = () => {
    returnFocus.current = true;
    setErrors({});
    setEditing(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateProfile(values);
    const missingPassword = emailChanged && currentPassword === '' ? accountMessages.currentPasswordRequired : undefined;
    if (!checked.ok || missingPassword) {
      if (!checked.ok) setErrors(checked.errors);
      setPasswordError(missingPassword);
      const first = checked.ok ? 'current_password' : Object.keys(checked.errors)[0];
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setPasswordError(undefined);
    setNotice(null);
    save.mutate(emailChanged ? { ...checked.body, current_password: currentPassword } : checked.body, {
      onSuccess: (result) => {
        returnFocus.current = true;
        setEditing(false);
        setCurrentPassword('');
        setNotice({
          kind: 'success',
          text: result.verificationSent
            ? `${profileMessages.saved}. Un lien de confirmation a été envoyé à ${result.profile.pending_email ?? values.email}\u00a0: cette adresse remplacera ${result.profile.profile.email} dès que vous l’aurez ouvert. Vos autres appareils ont été déconnectés.`
            : profileMessages.saved,
        });
      },
      onError: (error) => setNotice({ kind: 'error', text: saveErrorMessage(error) }),
    });
  };

  const set = (name: keyof ProfileFormValues, value: string | boolean) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    if (typeof value === 'string' && errors[name as ProfileTextField]) setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  return (
    <Panel>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">Mes informations</h3>
        {!editing ? (
          <Button id={editId} variant="secondary" onClick={startEditing}>
            <Pencil aria-hidden="true" className="size-4" />
            Modifier
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" className="mt-3 empty:mt-0">
        {notice?.kind === 'success' ? <SuccessBox>{notice.text}</SuccessBox> : null}
      </div>
      {notice?.kind === 'error' ? (
        <div className="mt-3">
          <ErrorBox>{notice.text}</ErrorBox>
        </div>
      ) : null}

      {editing ? (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-4 space-y-6" aria-label="Modifier mes informations">
          <p className="text-sm text-slate-700 dark:text-slate-300">Les champs marqués d’un astérisque (*) sont obligatoires.</p>
          {profileFieldGroups.map((group) => (
            <fieldset key={group.title} className="space-y-3">
              <legend className="mb-2 text-base font-semibold">{group.title}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {group.fields.map((field) => (
                  <Field
                    key={field.name}
                    name={field.name}
                    label={field.required ? `${field.label} *` : field.label}
                    type={field.type ?? 'text'}
                    inputMode={field.inputMode}
                    autoComplete={field.autoComplete}
                    required={field.required}
                    aria-required={field.required}
                    value={values[field.name]}
                    onChange={(event) => set(field.name, event.target.value)}
                    error={errors[field.name]}
                    hint={field.name === 'email' ? 'Une nouvelle adresse devra être confirmée par e-mail.' : undefined}
                  />
                ))}
              </div>
              {emailChanged && group.fields.some((field) => field.name === 'email') ? (
                <PasswordField
                  name="current_password"
                  label="Mot de passe actuel *"
                  autoComplete="current-password"
                  required
                  aria-required="true"
                  value={currentPassword}
                  error={passwordError}
                  hint="Nécessaire pour changer d’adresse e-mail."
                  onChange={(event) => {
                    setCurrentPassword(event.target.value);
                    setPasswordError(undefined);
                  }}
                />
              ) : null}
            </fieldset>
          ))}
          <fieldset className="space-y-2">
            <legend className="mb-2 text-base font-semibold">Communications du magasin</legend>
            <Checkbox label="Recevoir les offres et actualités par e-mail" checked={values.email_opt_in} onChange={(checked) => set('email_opt_in', checked)} />
            <Checkbox label="Recevoir les offres et actualités par SMS" checked={values.sms_opt_in} onChange={(checked) => set('sms_opt_in', checked)} />
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="secondary" onClick={cancel} disabled={save.isPending}>
              Annuler
            </Button>
            <Button type="submit" disabled={save.isPending}>
              <Save aria-hidden="true" className="size-4" />
              {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
            </Button>
          </div>
        </form>
      ) : (
        <>
          {profile.pending_email ? (
            <p className="mt-4 rounded-lg border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100" data-testid="pending-email">
              Nouvelle adresse en attente de confirmation&nbsp;: <strong className="break-all">{profile.pending_email}</strong>. Ouvrez le lien envoyé à
              cette adresse pour qu’elle remplace l’actuelle.
            </p>
          ) : null}
          <ReadOnlyProfile profile={profile.profile} />
        </>
      )}
    </Panel>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-5 accent-brand-700 dark:accent-brand-400" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function ReadOnlyProfile({ profile }: { profile: Profile['profile'] }) {
  const values = profileToForm(profile);
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      {profileFieldGroups.map((group) => (
        <div key={group.title}>
          <h4 className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">{group.title}</h4>
          <dl className="space-y-2">
            {group.fields.map((field) => (
              <div key={field.name} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 text-sm">
                <dt className="text-slate-600 dark:text-slate-300">{field.label}</dt>
                <dd className={`break-words ${values[field.name].trim() ? 'text-slate-900 dark:text-slate-100' : 'text-slate-600 italic dark:text-slate-400'}`}>
                  {displayValue(values[field.name])}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      <div>
        <h4 className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">Communications du magasin</h4>
        <dl className="space-y-2 text-sm">
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
            <dt className="text-slate-600 dark:text-slate-300">Offres par e-mail</dt>
            <dd>{values.email_opt_in ? 'Oui' : 'Non'}</dd>
          </div>
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
            <dt className="text-slate-600 dark:text-slate-300">Offres par SMS</dt>
            <dd>{values.sms_opt_in ? 'Oui' : 'Non'}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

function storeErrorMessage(error: unknown, fallback: string): string {
  // 409 carries the "not linked" message; other refusals their own French text.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}

function StoreCard({ linked }: { linked: boolean }) {
  const sync = useSyncToStore();
  const refresh = useRefreshFromStore();
  const busy = sync.isPending || refresh.isPending;
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const run = (action: typeof sync | typeof refresh, fallback: string) => {
    setResult(null);
    action.mutate(undefined, {
      onSuccess: (data) => setResult({ kind: 'success', text: data.message }),
      onError: (error) => setResult({ kind: 'error', text: storeErrorMessage(error, fallback) }),
    });
  };

  return (
    <Panel>
      <h3 className="text-lg font-semibold">Fiche client du magasin</h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {linked
          ? 'Votre compte est lié à votre fiche client E.repare. Envoyez-y vos informations, ou reprenez celles que le magasin connaît.'
          : 'Votre compte n’est pas encore lié à une fiche client du magasin\u00a0: confirmez votre adresse e-mail pour le lier.'}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => run(sync, profileMessages.syncError)} disabled={busy}>
          <CloudUpload aria-hidden="true" className="size-4" />
          {sync.isPending ? 'Synchronisation…' : 'Synchroniser avec le magasin'}
        </Button>
        <Button variant="secondary" onClick={() => run(refresh, profileMessages.refreshError)} disabled={busy}>
          <CloudDownload aria-hidden="true" className="size-4" />
          {refresh.isPending ? 'Mise à jour…' : 'Mettre à jour depuis le magasin'}
        </Button>
      </div>
      <div aria-live="polite" className="mt-3 empty:mt-0">
        {result?.kind === 'success' ? <SuccessBox>{result.text}</SuccessBox> : null}
      </div>
      {result?.kind === 'error' ? (
        <div className="mt-3">
          <ErrorBox>{result.text}</ErrorBox>
        </div>
      ) : null}
    </Panel>
  );
}

function PrivacyCard() {
  const [deleting, setDeleting] = useState(false);
  return (
    <Panel>
      <h3 className="text-lg font-semibold">Mes données personnelles (RGPD)</h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Téléchargez une copie de toutes les données de votre compte (fichier JSON), ou supprimez votre compte. Les factures restent
        conservées par le magasin comme la loi l’exige, détachées de votre compte.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <a href={ACCOUNT_EXPORT_URL} download className={buttonClasses('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger mes données
        </a>
        <Button variant="danger" onClick={() => setDeleting(true)} aria-haspopup="dialog">
          <Trash2 aria-hidden="true" className="size-4" />
          Supprimer mon compte
        </Button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </Panel>
  );
}
