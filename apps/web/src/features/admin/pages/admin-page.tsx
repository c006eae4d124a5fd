import { LogOut, ShieldAlert } from 'lucide-react';
import { LoginForm } from '../../../components/login-form';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useSession, useLogout } from '../../../lib/session';
import { AdminShell } from '../components/admin-shell';

/** Before the admin role is proven: sign-in form, or the refusal. The dashboard itself is AdminShell. */
function Card({ children }: { children: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-ink-900">
      {children}
    </div>
  );
}

export function AdminPage() {
  const session = useSession();
  const logout = useLogout();

  let content: React.ReactNode;
  if (session.isPending) {
    content = <Spinner label="Vérification de la session…" />;
  } else if (session.error) {
    content = (
      <ErrorBox>
        {session.error.message}{' '}
        <button type="button" className="underline" onClick={() => void session.refetch()}>
          Réessayer
        </button>
      </ErrorBox>
    );
  } else if (!session.data) {
    content = (
      <Card>
        <LoginForm heading="Connexion administrateur" />
      </Card>
    );
  } else if (session.data.role !== 'admin') {
    content = (
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Connecté en tant que <strong>{session.data.email}</strong>
          </p>
          <Button variant="secondary" onClick={() => logout.mutate({})} disabled={logout.isPending}>
            <LogOut aria-hidden="true" className="size-4" />
            Se déconnecter
          </Button>
        </div>
        <ErrorBox>
          <span className="flex items-center gap-2">
            <ShieldAlert aria-hidden="true" className="size-5" />
            Accès réservé aux administrateurs
          </span>
        </ErrorBox>
      </div>
    );
  } else {
    return <AdminShell email={session.data.email} onLogout={() => logout.mutate({})} loggingOut={logout.isPending} />;
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Administration</h1>
      {content}
    </section>
  );
}
