import { LogIn, MailCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { accountMessages } from '@erepare/shared/schemas/account';
import { Button } from '../../../../components/ui/button';
import { ErrorBox, Field } from '../../../../components/ui/field';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../../lib/api-client';
import { useEmailCheck, useRegister, type EmailCheck } from '../../hooks/auth-mutations';
import {
  emailError,
  emptyRegisterValues,
  failureMessage,
  normaliseEmail,
  validateRegister,
  type RegisterValues,
} from '../../lib/auth-forms';
import { EmailCheckResult } from './email-check-result';
import { PasswordField } from './password-field';

type RegisterContext = { prefilled: boolean };

/** The spec's rules (lib/auth-forms), with "phone not required" once the form is prefilled from the store. */
const registerResolver: Resolver<RegisterValues, RegisterContext> = (values, context) => {
  const errors = validateRegister(values, context?.prefilled ?? false);
  const entries = Object.entries(errors);
  if (entries.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(entries.map(([name, message]) => [name, { type: 'validate', message }])) };
};

type RegisterFormProps = {
  /** Called with the server's success message, just before the new account is signed in. */
  onRegistered: (message: string) => void;
  /** Back to login, with the address typed here when it already has an account. */
  onSwitchToLogin: (email?: string) => void;
};

const FORM_ID = 'register';
const ids = {
  email: `${FORM_ID}-email`,
  emailError: `${FORM_ID}-email-error`,
  check: `${FORM_ID}-email-check`,
  submitHelp: `${FORM_ID}-submit-help`,
};

/**
 * Registration of /compte (spec 1 §2, §4, §5): the e-mail is checked on blur and with a button;
 * submit is enabled only for a new address or one the store knows. A store customer can take the
 * details the server is allowed to show before the address is verified (first name, city, the
 * initial of the last name); the form is then "prefilled" and the phone becomes optional, until a
 * field the store filled (or the e-mail) is edited by hand.
 */
export function RegisterForm({ onRegistered, onSwitchToLogin }: RegisterFormProps) {
  const [prefilled, setPrefilled] = useState(false);
  const [lastNameHint, setLastNameHint] = useState<string | null>(null);
  const [check, setCheck] = useState<EmailCheck | null>(null);
  const form = useForm<RegisterValues, RegisterContext>({
    defaultValues: emptyRegisterValues,
    resolver: registerResolver,
    context: { prefilled },
  });
  const { errors } = form.formState;
  const emailCheck = useEmailCheck();
  const registration = useRegister({
    onRegistered: (message) => {
      form.reset(emptyRegisterValues);
      setCheck(null);
      setPrefilled(false);
      setLastNameHint(null);
      onRegistered(message);
    },
  });

  const email = normaliseEmail(useWatch({ control: form.control, name: 'email' }));
  // A result stays valid only for the address it was given for.
  const currentCheck = check && check.email === email ? check : null;
  const checking = emailCheck.isPending && emailCheck.variables === email;
  const canSubmit = currentCheck !== null && currentCheck.action !== 'login_existing';

  const clearPrefill = () => {
    if (!prefilled) return;
    setPrefilled(false);
  };

  const runCheck = async (fromButton: boolean) => {
    const value = normaliseEmail(form.getValues('email'));
    if (emailError(value)) {
      // On blur an empty field is left alone; the button (or a malformed address) explains.
      if (fromButton || value !== '') void form.trigger('email');
      return;
    }
    if (!fromButton && check?.email === value) return;
    setCheck(await emailCheck.mutateAsync(value));
  };

  const prefill = () => {
    const store = currentCheck?.repairDeskData;
    if (!store) return;
    if (store.first_name) form.setValue('first_name', store.first_name, { shouldDirty: true });
    if (store.city) form.setValue('city', store.city, { shouldDirty: true });
    setLastNameHint(store.last_name || null);
    setPrefilled(true);
    form.clearErrors(['first_name', 'city', 'phone']);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (!canSubmit) return;
    registration.mutate(values, {
      onError: (error) => {
        // Taken meanwhile: the check now says so and keeps submit disabled.
        if (error instanceof ApiError && error.status === 409) {
          setCheck({ email, action: 'login_existing', message: error.message, repairDeskData: null, degraded: false });
        }
      },
    });
  });

  const emailField = form.register('email', {
    onChange: () => {
      clearPrefill();
      setLastNameHint(null);
      registration.reset();
    },
    onBlur: () => void runCheck(false),
  });
  const storeField = (name: 'first_name' | 'city') => form.register(name, { onChange: clearPrefill });

  const submitHelp = canSubmit
    ? null
    : currentCheck?.action === 'login_existing'
      ? 'Cette adresse a déjà un compte\u00a0: connectez-vous.'
      : 'Vérifiez d’abord votre adresse e-mail pour pouvoir créer votre compte.';

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900">
      <form noValidate aria-labelledby={`${FORM_ID}-heading`} className="space-y-5" onSubmit={(event) => void onSubmit(event)}>
        <div>
          <h2 id={`${FORM_ID}-heading`} tabIndex={-1} className="text-xl font-semibold outline-none">
            Créer un compte
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Tous les champs sont obligatoires, sauf mention «&nbsp;facultatif&nbsp;».
          </p>
        </div>

        {registration.error ? (
          <ErrorBox>{failureMessage(registration.error, NETWORK_ERROR_MESSAGE, accountMessages.technicalRegister)}</ErrorBox>
        ) : null}

        <div>
          <label htmlFor={ids.email} className="mb-1 block text-sm font-medium">
            Adresse e-mail
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={ids.email}
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-required="true"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={[errors.email ? ids.emailError : null, ids.check].filter(Boolean).join(' ')}
              className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 sm:flex-1 dark:bg-ink-900 dark:text-slate-100 ${
                errors.email ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600'
              }`}
              {...emailField}
            />
            <Button variant="secondary" onClick={() => void runCheck(true)} disabled={checking}>
              <MailCheck aria-hidden="true" className="size-4" />
              {checking ? 'Vérification…' : 'Vérifier l’adresse'}
            </Button>
          </div>
          {errors.email ? (
            <p id={ids.emailError} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {errors.email.message}
            </p>
          ) : null}
          <div id={ids.check} aria-live="polite" className="mt-2 empty:mt-0">
            {checking ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">Vérification de l’adresse…</p>
            ) : currentCheck ? (
              <EmailCheckResult
                check={currentCheck}
                prefilled={prefilled}
                onPrefill={prefill}
                onLogin={() => onSwitchToLogin(currentCheck.email)}
              />
            ) : null}
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="Mot de passe"
            autoComplete="new-password"
            aria-required="true"
            minLength={8}
            hint={accountMessages.passwordHint}
            error={errors.password?.message}
            {...form.register('password', { deps: ['confirmPassword'] })}
          />
          <PasswordField
            label="Confirmer le mot de passe"
            subject="la confirmation"
            autoComplete="new-password"
            aria-required="true"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Field label="Prénom" autoComplete="given-name" aria-required="true" error={errors.first_name?.message} {...storeField('first_name')} />
          <Field
            label="Nom"
            autoComplete="family-name"
            aria-required="true"
            error={errors.last_name?.message}
            hint={lastNameHint ? `Au magasin, votre nom commence par «\u00a0${lastNameHint}\u00a0»\u00a0: saisissez-le en entier.` : undefined}
            {...form.register('last_name')}
          />
          <Field
            label={prefilled ? 'Téléphone (facultatif)' : 'Téléphone'}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            aria-required={prefilled ? undefined : 'true'}
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <Field label="Adresse (facultatif)" autoComplete="street-address" error={errors.address?.message} {...form.register('address')} />
          <Field label="Ville (facultatif)" autoComplete="address-level2" error={errors.city?.message} {...storeField('city')} />
          <Field
            label="Code postal (facultatif)"
            autoComplete="postal-code"
            inputMode="numeric"
            error={errors.postal_code?.message}
            {...form.register('postal_code')}
          />
        </div>

        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Actualités et offres du magasin (facultatif)</legend>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="checkbox" className="size-5 shrink-0 accent-brand-700" {...form.register('email_opt_in')} />
            Je souhaite recevoir les actualités et offres par e-mail
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="checkbox" className="size-5 shrink-0 accent-brand-700" {...form.register('sms_opt_in')} />
            Je souhaite recevoir les actualités et offres par SMS
          </label>
          <p className="text-sm text-slate-600 dark:text-slate-400">Vous pourrez changer d’avis à tout moment depuis votre profil.</p>
        </fieldset>

        <div>
          <Button type="submit" className="w-full" disabled={!canSubmit || registration.isPending} aria-describedby={submitHelp ? ids.submitHelp : undefined}>
            <UserPlus aria-hidden="true" className="size-4" />
            {registration.isPending ? 'Création du compte…' : 'Créer mon compte'}
          </Button>
          {submitHelp ? (
            <p id={ids.submitHelp} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              {submitHelp}
            </p>
          ) : null}
        </div>

        <div className="border-t border-slate-200 pt-4 text-center dark:border-slate-700">
          <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">Déjà un compte&nbsp;?</p>
          <Button variant="secondary" className="w-full" onClick={() => onSwitchToLogin()}>
            <LogIn aria-hidden="true" className="size-4" />
            Se connecter
          </Button>
        </div>
      </form>
    </div>
  );
}
