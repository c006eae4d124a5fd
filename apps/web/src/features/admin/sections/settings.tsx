import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useSiteSettings } from '../../../lib/site-settings';
import { SettingsForm } from '../components/settings-form';
import { StoreProfileForm } from '../components/store-profile-form';
import { ShippingMethodsForm } from '../components/shipping-methods-form';
import { BackupsPanel } from '../components/backups-panel';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-ink-900';

export function SettingsSection() {
  const settings = useSiteSettings();
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <div className="min-w-0 space-y-6">
        <div className={card}>
          {settings.data ? (
            <>
              {settings.data.loadFailed ? (
                <div className="mb-4">
                  <ErrorBox>
                    Impossible de charger les paramètres du site&nbsp;: valeurs par défaut affichées, enregistrement désactivé.{' '}
                    <button type="button" className="underline" onClick={() => void settings.refetch()}>
                      Réessayer
                    </button>
                  </ErrorBox>
                </div>
              ) : null}
              <SettingsForm key={settings.data.loadFailed ? 'defaults' : 'loaded'} initial={settings.data} disabled={Boolean(settings.data.loadFailed)} />
            </>
          ) : (
            <Spinner label="Chargement des paramètres…" />
          )}
        </div>
        <div className={`${card} min-w-0`}>
          <ShippingMethodsForm />
        </div>
        <div className={`${card} min-w-0`}>
          <BackupsPanel />
        </div>
      </div>
      <div className={`${card} min-w-0`}>
        <StoreProfileForm />
      </div>
    </div>
  );
}
