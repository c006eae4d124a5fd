import { CheckCircle2, Circle, KeyRound, LinkIcon, RotateCw, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { accountMessages } from '@erepare/shared/schemas/account';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { AuthCard } from '../components/auth/auth-card';
import { PasswordField } from '../components/auth/password-field';
import { useResetLinkCheck, useResetPassword } from '../hooks/auth-mutations';
import { authTexts, failureMessage, REDIRECT_DELAY_MS, resetChecklist, type AccountFlash } from '../lib/auth-forms';

function NewLinkButton() {
  return (
    <ButtonLink to="/forgot-password" className="w-full">
      <LinkIcon aria-hidden="true" className="size-4" />
      {authTexts.requestNewLink}
    </ButtonLink>
  );
}

/** The invalid view: the spec's title and text, and what the server said (or why the link cannot work). */
function InvalidLink({ detail, missing = false }: { detail: string; missing?: boolean }) {
  return (
    <AuthCard title={authTexts.invalidLinkTitle} tone="error" icon={<TriangleAlert aria-hidden="true" className="size-7" />}>
      {missing ? null : <p className="text-slate-700 dark:text-slate-300">{authTexts.invalidLinkText}</p>}
      <p className={missing ? 'text-slate-700 dark:text-slate-300' : 'mt-2 text-sm text-slate-600 dark:text-slate-400'}>{detail}</p>
      <div className="mt-6">
        <NewLinkButton />
      </div>
    </AuthCard>
  );
}

function Requirement({ met, children }: { met: boolean; children: string }) {
  return (
    <li className={`flex items-center gap-2 text-sm ${met ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-700 dark:text-slate-300'}`} data-met={met}>
      {met ? <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> : <Circle aria-hidden="true" className="size-4 shrink-0" />}
      <span>
        {children}
        <span className="sr-only">{met ? ' : respecté' : ' : non respecté'}</span>
      </span>
    </li>
  );
}

function ResetForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmPassword: false });
  const reset = useResetPassword();
  const checklist = resetChecklist(password, confirmPassword);
  const ready = checklist.longEnough && checklist.matches;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    reset.mutate({ token, email, password, confirmPassword }, { onSuccess: onDone });
  };

  const passwordError = touched.password && password !== '' && !checklist.longEnough ? accountMessages.passwordTooShort : undefined;
  const confirmError =
    touched.confirmPassword && confirmPassword !== '' && confirmPassword !== password ? accountMessages.passwordsDiffer : undefined;

  return (
    <AuthCard
      title="Nouveau mot de passe"
      icon={<KeyRound aria-hidden="true" className="size-7" />}
      lead={
        <>
          Choisissez un nouveau mot de passe pour <strong className="break-all">{email}</strong>.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {reset.isError ? <ErrorBox>{failureMessage(reset.error, authTexts.resetNetwork)}</ErrorBox> : null}
        <PasswordField
          label="Nouveau mot de passe"
          autoComplete="new-password"
          aria-required="true"
          minLength={8}
          value={password}
          error={passwordError}
          hint={accountMessages.passwordHint}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => setTouched((value) => ({ ...value, password: true }))}
        />
        <PasswordField
          label="Confirmer le mot de passe"
          subject="la confirmation"
          autoComplete="new-password"
          aria-required="true"
          value={confirmPassword}
          error={confirmError}
          onChange={(event) => setConfirmPassword(event.target.value)}
          onBlur={() => setTouched((value) => ({ ...value, confirmPassword: true }))}
        />
        <ul aria-label="Exigences du mot de passe" className="space-y-1 rounded-lg bg-slate-50 p-3 dark:bg-ink-800">
          <Requirement met={checklist.longEnough}>Au moins 8 caractères</Requirement>
          <Requirement met={checklist.matches}>Les deux mots de passe sont identiques</Requirement>
        </ul>
        <Button type="submit" className="w-full" disabled={!ready || reset.isPending}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          {reset.isPending ? 'Réinitialisation…' : 'Réinitialiser le mot de passe'}
        </Button>
      </form>
    </AuthCard>
  );
}

/**
 * /reset-password?token=…&email=… (spec 1 §2, §4, §5, §8): the link is checked first ("Vérification
 * du lien..."), then the form with its live checklist; a refused link gets the invalid view, and
 * once done the visitor goes to /compte after 3 s (every session was closed by the server).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() || null;
  const email = params.get('email')?.trim().toLowerCase() || null;
  const check = useResetLinkCheck(token, email);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => void navigate('/compte', { state: { flash: accountMessages.passwordReset } satisfies AccountFlash }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (!token || !email) return <InvalidLink missing detail={accountMessages.resetLinkInvalid} />;

  if (done) {
    return (
      <AuthCard title={authTexts.resetDone} tone="success" icon={<CheckCircle2 aria-hidden="true" className="size-7" />}>
        <div role="status">
          <p className="text-slate-700 dark:text-slate-300">Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{authTexts.redirectNotice}</p>
        </div>
        <ButtonLink to="/compte" variant="secondary" className="mt-6 w-full">
          Aller à la connexion
        </ButtonLink>
      </AuthCard>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard title="Nouveau mot de passe">
        <Spinner label={authTexts.checkingLink} />
      </AuthCard>
    );
  }

  if (check.isError) {
    if (check.error instanceof ApiError && check.error.status === 0) {
      return (
        <AuthCard title="Nouveau mot de passe" tone="error" icon={<TriangleAlert aria-hidden="true" className="size-7" />}>
          <ErrorBox>{authTexts.verifyLinkNetwork}</ErrorBox>
          <div className="mt-6 space-y-3">
            <Button variant="secondary" className="w-full" onClick={() => void check.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              Réessayer
            </Button>
            <NewLinkButton />
          </div>
        </AuthCard>
      );
    }
    return <InvalidLink detail={failureMessage(check.error, authTexts.verifyLinkNetwork, accountMessages.tokenInvalid)} />;
  }

  return <ResetForm token={token} email={email} onDone={() => setDone(true)} />;
}
