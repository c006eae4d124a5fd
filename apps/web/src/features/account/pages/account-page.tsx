import { ShieldCheck } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SuccessBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { lazyComponent } from '../../../lib/lazy-component';
import { readStoredUser, useSession } from '../../../lib/session';
import { LoginPanel } from '../components/auth/login-panel';
import type { AccountFlash } from '../lib/auth-forms';

// A visitor's first screen is the sign-in form: the dashboard and the registration form (with
// their checks, zod and the dashboard's tabs) load when they are shown.
const AccountDashboard = lazyComponent(() => import('../components/dashboard/account-dashboard').then((m) => ({ default: m.AccountDashboard })));
const RegisterForm = lazyComponent(() => import('../components/auth/register-form').then((m) => ({ default: m.RegisterForm })));

type Mode = 'login' | 'register';

const benefits = [
  'Suivez l’avancement de vos réparations',
  'Retrouvez vos factures et vos commandes',
  'Recevez une notification quand votre appareil est prêt',
];

/**
 * After a switch between sign-in and registration, focus goes to the heading of the form now
 * shown (the button pressed is gone). Rendered beside the form, in its Suspense boundary: the
 * effect runs once the form is on screen, also when its code came later.
 */
function FocusAfterSwitch({ id, switchedRef }: { id: string; switchedRef: React.RefObject<boolean> }) {
  useEffect(() => {
    if (!switchedRef.current) return;
    switchedRef.current = false;
    document.getElementById(id)?.focus();
  });
  return null;
}

/**
 * /compte (spec 1 §2): visitors get login or registration (one button switches, which also drops
 * the e-mail check); a signed-in user gets the dashboard. The query (?tab=, ?ticket=) is the
 * dashboard's: signing in happens in place, so it survives.
 */
export function AccountPage() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('login');
  const [loginEmail, setLoginEmail] = useState('');
  const stateFlash = (location.state as AccountFlash | null)?.flash;
  const [flash, setFlash] = useState<string | null>(stateFlash ?? null);
  // A message handed over by a navigation to this page while it is already shown.
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (stateFlash) setFlash(stateFlash);
  }

  // The message is shown once: it leaves the history entry, so a reload does not bring it back.
  useEffect(() => {
    if (!stateFlash) return;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [stateFlash, navigate, location.pathname, location.search, location.hash]);

  // After a switch, focus goes to the heading of the form now shown (the button pressed is gone).
  const switched = useRef(false);

  const switchTo = (next: Mode, email = '') => {
    switched.current = true;
    setFlash(null);
    setLoginEmail(email);
    setMode(next);
  };

  // While the server is asked, a browser that holds no signed-in user shows the sign-in view at
  // once, as it will almost always end: no spinner replaced by a taller form (a layout shift
  // of half the screen on a phone). A session found all the same replaces it with the dashboard.
  const [expectVisitor] = useState(() => readStoredUser() === null);
  const pending = session.isPending && !expectVisitor;
  const user = session.data ?? null;
  let content: React.ReactNode;
  if (pending) {
    content = <Spinner label="Vérification de la session…" />;
  } else if (user) {
    content = (
      // The dashboard carries the greeting, logout and the "confirm your address" notice.
      <Suspense fallback={<Spinner label="Chargement de votre espace…" />}>
        <AccountDashboard user={user} />
      </Suspense>
    );
  } else if (mode === 'register') {
    content = (
      <div className="max-w-3xl">
        <Suspense fallback={<Spinner label="Chargement du formulaire…" />}>
          <RegisterForm
            onRegistered={(message) => {
              setFlash(message);
              setLoginEmail('');
              setMode('login');
              // The long form gives way to the dashboard and its message: from the top, not from
              // where the « Créer mon compte » button was (a phone showed the footer).
              window.scrollTo({ top: 0 });
            }}
            onSwitchToLogin={(email) => switchTo('login', email)}
          />
          <FocusAfterSwitch id="register-heading" switchedRef={switched} />
        </Suspense>
      </div>
    );
  } else {
    content = (
      <div className="grid gap-8 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start">
        {/* The key renews the form when another address is handed over. */}
        <LoginPanel key={loginEmail} defaultEmail={loginEmail} onSwitchToRegister={() => switchTo('register')} />
        <FocusAfterSwitch id="login-heading" switchedRef={switched} />
        <aside aria-labelledby="account-benefits" className="rounded-2xl bg-slate-50 p-5 sm:p-6 dark:bg-ink-900/60">
          <h2 id="account-benefits" className="text-lg font-semibold">
            Votre espace client
          </h2>
          <ul className="mt-3 space-y-3">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-slate-700 dark:text-slate-300">
                <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                {benefit}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            Déjà client du magasin&nbsp;? Créez votre compte avec l’adresse e-mail donnée au comptoir&nbsp;: vos réparations et factures y seront rattachées
            dès que vous l’aurez confirmée.
          </p>
        </aside>
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Mon compte</h1>
      {!user && !pending ? (
        <p className="mt-2 text-lg text-slate-700 dark:text-slate-300">
          {mode === 'register'
            ? 'Créez votre compte pour suivre vos réparations en ligne.'
            : 'Connectez-vous pour suivre vos réparations, vos factures et vos commandes.'}
        </p>
      ) : null}
      {flash ? (
        <div className="mt-6">
          <SuccessBox>{flash}</SuccessBox>
        </div>
      ) : null}
      <div className="mt-6">{content}</div>
    </section>
  );
}
