import { CheckCircle2, KeyRound, LinkIcon, RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { accountMessages } from '@erepare/shared/schemas/account';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { AuthCard } from '../components/auth/auth-card';
import { NewPasswordForm } from '../components/auth/new-password-form';
import { useResetLinkCheck, useResetPassword } from '../hooks/auth-mutations';
import { authTexts, failureMessage, REDIRECT_DELAY_MS, type AccountFlash } from '../lib/auth-forms';

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

function ResetForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const reset = useResetPassword();
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
      <NewPasswordForm
        pending={reset.isPending}
        error={reset.isError ? failureMessage(reset.error, authTexts.resetNetwork) : null}
        submitLabel="Réinitialiser le mot de passe"
        pendingLabel="Réinitialisation…"
        onSubmit={(password, confirmPassword) => reset.mutate({ token, email, password, confirmPassword }, { onSuccess: onDone })}
      />
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
