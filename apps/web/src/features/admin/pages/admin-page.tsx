import { LogOut, ShieldAlert } from 'lucide-react';
import { LoginForm } from '../../../components/login-form';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useSession, useLogout } from '../../../lib/session';
import { useSiteSettings } from '../../../lib/site-settings';
import { SettingsForm } from '../components/settings-form';

function Card({ children }: { children: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-ink-900">
      {children}
    </div>
  );
}

export function AdminPage() {
  const session = useSession();
  const settings = useSiteSettings();
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
  } else {
    const user = session.data;
    content = (
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Connecté en tant que <strong>{user.email}</strong>
          </p>
          <Button variant="secondary" onClick={() => logout.mutate({})} disabled={logout.isPending}>
            <LogOut aria-hidden="true" className="size-4" />
            Se déconnecter
          </Button>
        </div>
        {user.role !== 'admin' ? (
          <ErrorBox>
            <span className="flex items-center gap-2">
              <ShieldAlert aria-hidden="true" className="size-5" />
              Accès réservé aux administrateurs
            </span>
          </ErrorBox>
        ) : settings.data ? (
          <Card>
            {settings.data.loadFailed ? (
              <div className="mb-4">
                <ErrorBox>
                  Impossible de charger les paramètres du site : valeurs par défaut affichées, enregistrement désactivé.{' '}
                  <button type="button" className="underline" onClick={() => void settings.refetch()}>
                    Réessayer
                  </button>
                </ErrorBox>
              </div>
            ) : null}
            <SettingsForm key={settings.data.loadFailed ? 'defaults' : 'loaded'} initial={settings.data} disabled={Boolean(settings.data.loadFailed)} />
          </Card>
        ) : (
          <Spinner label="Chargement des paramètres…" />
        )}
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Administration</h1>
      {content}
    </section>
  );
}
