import { BellRing } from 'lucide-react';
import { Suspense } from 'react';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import { ButtonLink } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { useFeatureSlots } from '../../../../lib/feature-slots';
import { Notice } from './ui';

/**
 * The notifications tab: tracked tickets and preferences come from the notifications feature
 * (through the app's slot, a feature never importing another). Without it (this feature's own
 * unit tests) the tab says plainly that nothing is available here.
 */
export function NotificationsTab({ user }: { user: SessionUser }) {
  const { AccountNotifications } = useFeatureSlots();
  if (AccountNotifications) {
    return (
      <Suspense fallback={<Spinner label="Chargement des notifications…" />}>
        <AccountNotifications user={user} />
      </Suspense>
    );
  }
  return (
    <section aria-labelledby="notifications-heading" className="space-y-5">
      <h2 id="notifications-heading" className="text-2xl font-bold tracking-tight">
        Notifications
      </h2>
      <Notice title="Bientôt disponible">
        <p className="flex gap-2">
          <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Vous pourrez bientôt recevoir ici une alerte à chaque étape de vos réparations, ainsi que les codes promo et les ventes flash
            de la boutique. Rien n’est encore activé&nbsp;: aucune notification ne vous est envoyée pour l’instant.
          </span>
        </p>
        <p className="mt-3">En attendant, l’état de vos réparations est toujours à jour dans l’onglet «&nbsp;Mes tickets&nbsp;» et sur la page de suivi.</p>
        <ButtonLink to="/suivi" variant="secondary" className="mt-3">
          Suivre une réparation
        </ButtonLink>
      </Notice>
    </section>
  );
}
