import { Eye, EyeOff, LogIn } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { lazyComponent } from '../lib/lazy-component';
import { useLogin } from '../lib/session';
import { Button } from './ui/button';
import { ErrorBox, Field } from './ui/field';
import { Spinner } from './ui/spinner';

/** Only staff accounts with a second factor reach the code step: its code (and zod) loads then. */
const SecondFactorForm = lazyComponent(() => import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })));

type LoginFormValues = { email: string; password: string; rememberMe: boolean };

/** The checks (zod) load when the visitor enters the form, not with the page (/compte paints without them). */
const loginValidation = lazyZodResolver<LoginFormValues>(() => import('./login-form-schema').then((m) => m.loginFormSchema));

type LoginFormProps = {
  heading?: string;
  /** The address to start with (e.g. the one a visitor tried to register with). */
  defaultEmail?: string;
  /** Shows a "forgotten password" link next to "remember me". */
  forgotPasswordHref?: string;
  /** Shown under the submit button (e.g. the switch to registration). */
  children?: ReactNode;
};

/**
 * E-mail, password with show/hide, "remember me"; the server's error shows in a red box. A staff
 * account with a second factor then gets the code step (SecondFactorForm) in its place.
 */
export function LoginForm({ heading = 'Connexion', defaultEmail = '', forgotPasswordHref, children }: LoginFormProps) {
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  /** Why the code step sent the person back here (expired, too many wrong codes), if it did. */
  const [notice, setNotice] = useState<string | null>(null);
  const returned = useRef(false);
  const form = useForm<LoginFormValues>({
    resolver: loginValidation.resolver,
    defaultValues: { email: defaultEmail, password: '', rememberMe: false },
  });
  const { errors } = form.formState;
  const secondStep = login.data && 'twoFactorRequired' in login.data ? login.data : null;

  useEffect(() => {
    // Back from the code step: the password again (the browser never keeps it in the form).
    if (secondStep || !returned.current) return;
    returned.current = false;
    form.setFocus('password');
  }, [secondStep, form]);

  if (secondStep) {
    return (
      <Suspense fallback={<Spinner label="Chargement…" />}>
        <SecondFactorForm
          heading="Vérification en deux étapes"
          pendingToken={secondStep.pendingToken}
          onRestart={(message) => {
            returned.current = true;
            form.resetField('password');
            setNotice(message ?? null);
            login.reset();
          }}
        />
      </Suspense>
    );
  }

  return (
    <form
      noValidate
      aria-labelledby="login-heading"
      className="space-y-4"
      onFocus={loginValidation.preload}
      onSubmit={form.handleSubmit((values) => {
        setNotice(null);
        login.mutate(values);
      })}
    >
      <h2 id="login-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
        {heading}
      </h2>
      {login.error ? (
        <ErrorBox>{login.error.message}</ErrorBox>
      ) : errors.root ? (
        <ErrorBox>{errors.root.message}</ErrorBox>
      ) : notice ? (
        <ErrorBox>{notice}</ErrorBox>
      ) : null}
      <Field
        label="Adresse e-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label="Mot de passe"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        error={errors.password?.message}
        trailing={
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-ink-800"
            aria-label={showPassword ? 'Masquer la saisie' : 'Afficher la saisie'}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((value) => !value)}
          >
            {showPassword ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          </button>
        }
        {...form.register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" className="size-5 accent-brand-700" {...form.register('rememberMe')} />
          Se souvenir de moi
        </label>
        {forgotPasswordHref ? (
          <Link
            to={forgotPasswordHref}
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-300"
          >
            Mot de passe oublié&nbsp;?
          </Link>
        ) : null}
      </div>
      <Button type="submit" disabled={login.isPending} className="w-full">
        <LogIn aria-hidden="true" className="size-4" />
        {login.isPending ? 'Connexion…' : 'Se connecter'}
      </Button>
      {children}
    </form>
  );
}
