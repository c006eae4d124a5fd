import { UserPlus } from 'lucide-react';
import { LoginForm } from '../../../../components/login-form';
import { Button } from '../../../../components/ui/button';

type LoginPanelProps = {
  /** The address to start with (a visitor sent here from the registration form). */
  defaultEmail?: string;
  onSwitchToRegister: () => void;
};

/**
 * Login of /compte (spec 1 §2): e-mail, password with show/hide, "remember me", the link to
 * /forgot-password and the switch to registration. The page stays /compte with its query
 * (?tab=, ?ticket=) once signed in: the dashboard takes over in place.
 */
export function LoginPanel({ defaultEmail, onSwitchToRegister }: LoginPanelProps) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900">
      <LoginForm heading="Connexion" forgotPasswordHref="/forgot-password" {...(defaultEmail ? { defaultEmail } : {})}>
        <div className="border-t border-slate-200 pt-4 text-center dark:border-slate-700">
          <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">Pas encore de compte&nbsp;?</p>
          <Button variant="secondary" className="w-full" onClick={onSwitchToRegister}>
            <UserPlus aria-hidden="true" className="size-4" />
            Créer un compte
          </Button>
        </div>
      </LoginForm>
    </div>
  );
}
