import { CheckCircle2, Circle, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { accountMessages } from '@erepare/shared/schemas/account';
import { Button } from '../../../../components/ui/button';
import { ErrorBox } from '../../../../components/ui/field';
import { resetChecklist } from '../../lib/auth-forms';
import { PasswordField } from './password-field';

function Requirement({ met, children }: { met: boolean; children: string }) {
  return (
    <li className={`flex items-center gap-2 text-sm ${met ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-700 dark:text-slate-300'}`} data-met={met}>
      {met ? <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> : <Circle aria-hidden="true" className="size-4 shrink-0" />}
      <span>
        {children}
        <span className="sr-only">{met ? '\u00a0: respecté' : '\u00a0: non respecté'}</span>
      </span>
    </li>
  );
}

type NewPasswordFormProps = {
  pending: boolean;
  /** The server's refusal, already worded for the visitor. */
  error: string | null;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (password: string, confirmPassword: string) => void;
  children?: ReactNode;
};

/**
 * A new password and its confirmation, with the live checklist: used where a link lets its holder
 * choose the password (password reset, and the proof of an address that asks for one).
 */
export function NewPasswordForm({ pending, error, submitLabel, pendingLabel, onSubmit, children }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmPassword: false });
  const checklist = resetChecklist(password, confirmPassword);
  const ready = checklist.longEnough && checklist.matches;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ready) onSubmit(password, confirmPassword);
  };

  const passwordError = touched.password && password !== '' && !checklist.longEnough ? accountMessages.passwordTooShort : undefined;
  const confirmError =
    touched.confirmPassword && confirmPassword !== '' && confirmPassword !== password ? accountMessages.passwordsDiffer : undefined;

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      {children}
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
      <Button type="submit" className="w-full" disabled={!ready || pending}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
