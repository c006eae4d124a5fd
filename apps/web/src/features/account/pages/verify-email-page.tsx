import { CheckCircle2, KeyRound, MailCheck, RefreshCw, Send, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { accountMessages } from '@erepare/shared/schemas/account';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorBox, Field, SuccessBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { AuthCard } from '../components/auth/auth-card';
import { NewPasswordForm } from '../components/auth/new-password-form';
import { useResendVerification, useVerifyEmail } from '../hooks/auth-mutations';
import type { VerifyEmailInput } from '../lib/auth-api';
import {
  authTexts,
  failureMessage,
  REDIRECT_DELAY_MS,
  resendEmailError,
  tokenFromInput,
  type AccountFlash,
} from '../lib/auth-forms';

type Mode = 'auto' | 'manual' | 'resend';

/** The mode switch's short labels; the failure view offers the same modes with full sentences. */
const modeLabels: Record<Mode, string> = {
  auto: 'Automatique',
  manual: 'Saisir le lien',
  resend: 'Nouveau lien',
};

function ManualForm({ pending, onVerify }: { pending: boolean; onVerify: (token: string) => void }) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = tokenFromInput(value);
    if (token === '') {
      setInvalid(authTexts.tokenRequired);
      return;
    }
    onVerify(token);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field
        label="Lien ou code de vérification"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-required="true"
        hint="Collez le lien reçu par e-mail, ou le code qui suit «&nbsp;token=&nbsp;»."
        value={value}
        error={invalid ?? undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(null);
        }}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        <MailCheck aria-hidden="true" className="size-4" />
        {pending ? 'Vérification…' : 'Vérifier mon adresse'}
      </Button>
    </form>
  );
}

function ResendForm() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const resend = useResendVerification();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = resendEmailError(email);
    if (problem) {
      setInvalid(problem);
      return;
    }
    resend.mutate(email);
  };
  if (resend.isSuccess) return <SuccessBox>{resend.data.message}</SuccessBox>;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {resend.isError ? <ErrorBox>{failureMessage(resend.error, authTexts.verificationNetwork)}</ErrorBox> : null}
      <Field
        label="Adresse e-mail du compte"
        type="email"
        autoComplete="email"
        inputMode="email"
        aria-required="true"
        value={email}
        error={invalid ?? undefined}
        onChange={(event) => {
          setEmail(event.target.value);
          setInvalid(null);
        }}
      />
      <Button type="submit" className="w-full" disabled={resend.isPending}>
        <Send aria-hidden="true" className="size-4" />
        {resend.isPending ? authTexts.sending : 'Envoyer un nouveau lien'}
      </Button>
    </form>
  );
}

/**
 * /verify-email (spec 1 §2, §4, §5, §8): with ?token= the address is verified at once (auto);
 * otherwise the visitor pastes the link or its code (manual), or asks for a new link (resend).
 * Success shows "Adresse e-mail vérifiée !" and goes to /compte after 3 s, where the message is repeated.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() || null;
  const [mode, setMode] = useState<Mode>(token ? 'auto' : 'manual');
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The server asks the person proving the address to choose the password (DESIGN.md §4): the
  // token is not spent yet, and the same token goes again with the password.
  const [passwordToken, setPasswordToken] = useState<string | null>(null);
  const needsPassword = verify.error instanceof ApiError && verify.error.code === 'PASSWORD_REQUIRED';
  const send = useCallback(
    (input: VerifyEmailInput) =>
      mutate(input, {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'PASSWORD_REQUIRED') setPasswordToken(input.token);
        },
      }),
    [mutate],
  );

  // A token is spent once: the automatic check runs once per token, even when effects run twice.
  const autoStarted = useRef<string | null>(null);
  useEffect(() => {
    if (!token || autoStarted.current === token) return;
    autoStarted.current = token;
    send({ token });
  }, [token, send]);

  useEffect(() => {
    if (!verify.isSuccess) return;
    const timer = window.setTimeout(
      () => void navigate('/compte', { state: { flash: accountMessages.emailVerified } satisfies AccountFlash }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [verify.isSuccess, navigate]);

  if (verify.isSuccess) {
    return (
      <AuthCard title={authTexts.emailVerifiedTitle} tone="success" icon={<CheckCircle2 aria-hidden="true" className="size-7" />}>
        <div role="status">
          <p className="text-slate-700 dark:text-slate-300">
            {verify.data.message === accountMessages.emailAlreadyVerified
              ? accountMessages.emailAlreadyVerified
              : verify.data.message === accountMessages.emailChanged
                ? `Votre nouvelle adresse ${verify.data.email} est confirmée\u00a0: elle sert désormais à vous connecter.`
                : 'Votre adresse e-mail est confirmée et votre compte est activé.'}
            {verify.data.signedIn ? ' Vous êtes connecté avec le mot de passe que vous venez de choisir.' : ''}
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{authTexts.redirectNotice}</p>
        </div>
        <ButtonLink to="/compte" state={{ flash: accountMessages.emailVerified } satisfies AccountFlash} variant="secondary" className="mt-6 w-full">
          Aller à mon compte
        </ButtonLink>
      </AuthCard>
    );
  }

  if (passwordToken) {
    const refused = verify.isError && !needsPassword ? failureMessage(verify.error, authTexts.verificationNetwork, accountMessages.tokenInvalid) : null;
    return (
      <AuthCard title="Choisissez votre mot de passe" icon={<ShieldCheck aria-hidden="true" className="size-7" />} lead={accountMessages.passwordRequiredForProof}>
        <NewPasswordForm
          pending={verify.isPending}
          error={refused}
          submitLabel="Confirmer mon adresse"
          pendingLabel="Vérification…"
          onSubmit={(password, confirmPassword) => send({ token: passwordToken, password, confirmPassword })}
        />
      </AuthCard>
    );
  }

  const switchMode = (next: Mode) => {
    verify.reset();
    setMode(next);
    if (next === 'auto' && token) send({ token });
  };
  const error = verify.isError ? failureMessage(verify.error, authTexts.verificationNetwork, accountMessages.tokenInvalid) : null;
  const modes: Mode[] = token ? ['auto', 'manual', 'resend'] : ['manual', 'resend'];

  return (
    <AuthCard
      title="Vérification de l’adresse e-mail"
      icon={<MailCheck aria-hidden="true" className="size-7" />}
      lead="Confirmez votre adresse pour activer votre compte et y rattacher vos réparations et factures du magasin."
    >
      <div role="group" aria-label="Mode de vérification" className="mb-6 flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 dark:bg-ink-800">
        {modes.map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={item === mode}
            className={`min-h-11 flex-1 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
              item === mode
                ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-300 dark:bg-ink-950 dark:text-white dark:ring-slate-600'
                : 'text-slate-700 hover:bg-white/70 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-ink-900 dark:hover:text-white'
            }`}
            onClick={() => switchMode(item)}
          >
            {modeLabels[item]}
          </button>
        ))}
      </div>

      {mode !== 'resend' && error ? (
        <div className="mb-4 space-y-3">
          <ErrorBox>{error}</ErrorBox>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Le lien a peut-être déjà servi ou expiré&nbsp;: collez-le à nouveau ci-dessous, ou demandez un nouveau lien.
          </p>
        </div>
      ) : null}

      {mode === 'auto' ? (
        verify.isPending || verify.isIdle ? (
          <Spinner label="Vérification de votre adresse e-mail…" />
        ) : error ? (
          <div className="space-y-3">
            <Button variant="secondary" className="w-full" onClick={() => switchMode('manual')}>
              <KeyRound aria-hidden="true" className="size-4" />
              Saisir le lien ou le code
            </Button>
            <Button className="w-full" onClick={() => switchMode('resend')}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Recevoir un nouveau lien
            </Button>
          </div>
        ) : null
      ) : mode === 'manual' ? (
        <ManualForm pending={verify.isPending} onVerify={(value) => send({ token: value })} />
      ) : (
        <ResendForm />
      )}
    </AuthCard>
  );
}
