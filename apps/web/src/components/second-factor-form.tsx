import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { normaliseRecoveryCode, totpCodeSchema } from '@erepare/shared/schemas/two-factor';
import { z } from '@erepare/shared/zod';
import { ApiError } from '../lib/api-client';
import { useSecondFactor } from '../lib/session';
import { Button } from './ui/button';
import { ErrorBox, Field } from './ui/field';

type Mode = 'totp' | 'recovery';

const totpForm = z.object({ code: totpCodeSchema });
const recoveryForm = z.object({
  code: z
    .string()
    .transform(normaliseRecoveryCode)
    .pipe(
      z
        .string()
        .min(1, { error: 'Saisissez un de vos codes de secours.' })
        .regex(/^[a-z2-7]{8}$/, { error: 'Un code de secours compte 8 caractères, par exemple abcd-efgh.' }),
    ),
});
type CodeValues = { code: string };

type SecondFactorFormProps = {
  heading: string;
  pendingToken: string;
  /** The pending sign-in is over (expired, used, too many wrong codes) or the person goes back: the password step again. */
  onRestart: (message?: string) => void;
};

/**
 * The second step of a staff sign-in (issue 23 §5): the 6-digit code of the authenticator app
 * (autocomplete="one-time-code", numeric keyboard), or one of the recovery codes. The server's
 * French error is announced (role="alert"); the field is focused when the step appears and when
 * the kind of code changes, so the keyboard never has to look for it.
 */
export function SecondFactorForm({ heading, pendingToken, onRestart }: SecondFactorFormProps) {
  const [mode, setMode] = useState<Mode>('totp');
  const secondFactor = useSecondFactor();
  const switchMode = () => {
    secondFactor.reset();
    setMode((current) => (current === 'totp' ? 'recovery' : 'totp'));
  };
  return (
    <div className="space-y-4">
      <h2 id="second-factor-heading" className="text-xl font-semibold">
        {heading}
      </h2>
      <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
        {mode === 'totp'
          ? 'Mot de passe correct. Ouvrez votre application d’authentification et saisissez le code affiché pour ce compte.'
          : 'Saisissez un des codes de secours enregistrés lors de l’activation. Chaque code ne sert qu’une fois.'}
      </p>
      <CodeForm
        key={mode}
        mode={mode}
        pending={secondFactor.isPending}
        error={secondFactor.error?.message ?? null}
        onSwitch={switchMode}
        onCancel={() => onRestart()}
        onSubmit={(code, focus) =>
          secondFactor.mutate(
            { pendingToken, code },
            {
              onError: (error) => {
                if (error instanceof ApiError && error.code === 'TWO_FACTOR_RESTART') onRestart(error.message);
                else focus();
              },
            },
          )
        }
      />
    </div>
  );
}

type CodeFormProps = {
  mode: Mode;
  pending: boolean;
  error: string | null;
  onSwitch: () => void;
  onCancel: () => void;
  onSubmit: (code: string, focus: () => void) => void;
};

function CodeForm({ mode, pending, error, onSwitch, onCancel, onSubmit }: CodeFormProps) {
  const form = useForm<CodeValues>({ resolver: zodResolver(mode === 'totp' ? totpForm : recoveryForm), defaultValues: { code: '' } });
  const { errors } = form.formState;
  useEffect(() => {
    form.setFocus('code');
  }, [form]);
  const focus = () => form.setFocus('code', { shouldSelect: true });

  return (
    <form noValidate aria-labelledby="second-factor-heading" className="space-y-4" onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values.code, focus))(event)}>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      {mode === 'totp' ? (
        <Field
          label="Code à 6 chiffres de votre application d’authentification"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={9}
          spellCheck={false}
          className="max-w-xs"
          error={errors.code?.message}
          {...form.register('code')}
        />
      ) : (
        <Field
          label="Code de secours"
          hint="8 caractères, par exemple abcd-efgh."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          className="max-w-xs"
          error={errors.code?.message}
          {...form.register('code')}
        />
      )}
      <button
        type="button"
        onClick={onSwitch}
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-300"
      >
        {mode === 'totp' ? 'Utiliser un code de secours' : 'Utiliser le code de l’application d’authentification'}
      </button>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {pending ? 'Vérification…' : 'Vérifier et se connecter'}
        </Button>
        <Button variant="ghost" onClick={onCancel} className="w-full sm:w-auto">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Revenir au mot de passe
        </Button>
      </div>
    </form>
  );
}
