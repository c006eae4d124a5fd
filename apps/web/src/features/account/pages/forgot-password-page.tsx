import { ArrowLeft, MailCheck, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorBox, Field } from '../../../components/ui/field';
import { AuthCard } from '../components/auth/auth-card';
import { useForgotPassword } from '../hooks/auth-mutations';
import { authTexts, emailError, failureMessage, normaliseEmail } from '../lib/auth-forms';

/**
 * /forgot-password (spec 1 §2, §4, §5, §8): the address, then "Envoi en cours...", then the
 * deliberately neutral confirmation (whether the address has an account is never said).
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailError(email);
    if (problem) {
      setInvalid(problem);
      return;
    }
    forgot.mutate(normaliseEmail(email));
  };

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Demande envoyée" icon={<MailCheck aria-hidden="true" className="size-7" />}>
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {forgot.data.message}
        </p>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Le lien reçu est valable 1 heure et ne sert qu’une fois.</p>
        <ButtonLink to="/compte" variant="secondary" className="mt-6 w-full">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour à la connexion
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Mot de passe oublié" lead="Indiquez l’adresse e-mail de votre compte&nbsp;: nous vous enverrons un lien pour choisir un nouveau mot de passe.">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {forgot.isError ? <ErrorBox>{failureMessage(forgot.error, authTexts.forgotNetwork)}</ErrorBox> : null}
        <Field
          label="Adresse e-mail"
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
        <Button type="submit" className="w-full" disabled={email.trim() === '' || forgot.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {forgot.isPending ? authTexts.sending : 'Envoyer le lien'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/compte" className="font-medium text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-300">
          Retour à la connexion
        </Link>
      </p>
    </AuthCard>
  );
}
