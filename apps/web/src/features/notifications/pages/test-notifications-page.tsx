import { useQueryClient } from '@tanstack/react-query';
import { Eraser, FlaskConical, PlayCircle, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { notificationMessages, TEST_LOG_LINES, type NotificationType } from '@erepare/shared/notifications';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageIntro } from '../../../components/ui/page-intro';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { usePushSubscription } from '../../../lib/push';
import { useSession } from '../../../lib/session';
import { createTestNotification, fetchNotifications, notificationKeys } from '../api/notifications-api';
import { useNotificationActions } from '../hooks/use-notifications';
import { detectCapabilities, permissionLabels, type Capabilities } from '../lib/capabilities';

/** Title and message of the test notification of each type (the server files each under its own type). */
export const TEST_NOTIFICATIONS: Record<NotificationType, { label: string; title: string; message: string }> = {
  ticket: { label: 'Suivi de réparation', title: 'Test\u00a0: suivi de réparation', message: 'Votre ticket de test a changé de statut\u00a0: en cours de réparation.' },
  promo: { label: 'Code promo', title: 'Test\u00a0: code promo', message: 'Un code promo de test vous attend dans votre espace client.' },
  store: { label: 'Actualité boutique', title: 'Test\u00a0: actualité de la boutique', message: 'Ceci est une actualité de test de la boutique.' },
  flash: { label: 'Vente flash', title: 'Test\u00a0: vente flash', message: 'Une vente flash de test commence maintenant.' },
};
const TYPES = Object.keys(TEST_NOTIFICATIONS) as NotificationType[];

const FULL_TEST = { title: 'Notification de test', message: 'Ceci est une notification de test\u00a0: tous les systèmes ont été vérifiés.' };

type LogLine = { id: number; text: string };

const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900';

function clock(date = new Date()): string {
  return date.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

async function serviceWorkerRegistered(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    return (await navigator.serviceWorker.getRegistration('/')) !== undefined;
  } catch {
    return false;
  }
}

const capabilityLabels: { key: keyof Capabilities; label: string }[] = [
  { key: 'webPush', label: 'Web Push' },
  { key: 'cloudPush', label: 'Notifications cloud' },
  { key: 'serviceWorker', label: 'Service worker' },
  { key: 'nativeNotifications', label: 'Notifications natives' },
];

/** The test tools of a signed-in user: they act only on this user's notifications (the server's rule). */
function TestTools() {
  const client = useQueryClient();
  const push = usePushSubscription();
  const { clearAll } = useNotificationActions();
  const [capabilities] = useState(() => detectCapabilities());
  const [log, setLog] = useState<LogLine[]>([]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const nextId = useRef(1);

  const write = (text: string) => {
    const line = { id: nextId.current++, text: `${clock()} ${text}` };
    setLog((lines) => [...lines, line].slice(-TEST_LOG_LINES));
  };

  const refreshLists = () => client.invalidateQueries({ queryKey: notificationKeys.lists });

  const runAll = async () => {
    setBusy(true);
    let failed = false;
    const check = (ok: boolean, success: string, failure: string) => {
      if (!ok) failed = true;
      write(ok ? `✓ ${success}` : `✗ ${failure}`);
    };
    try {
      write('Début des tests');
      check(capabilities.nativeNotifications, 'Notifications natives disponibles', notificationMessages.unsupported);
      check(capabilities.serviceWorker, 'Service worker pris en charge', notificationMessages.pushUnsupported);
      check(capabilities.webPush, 'Web Push pris en charge', notificationMessages.pushManagerUnsupported);
      if (!capabilities.cloudPush) write(`ℹ Notifications cloud non configurées (${notificationMessages.fcmTokenRequired})\u00a0: le test passe par le serveur du site`);
      check(push.permission === 'granted', 'Permission accordée', `Permission : ${permissionLabels[push.permission]}`);
      check(await serviceWorkerRegistered(), 'Service worker enregistré', notificationMessages.swNotInitialised);
      check(push.subscribed, 'Abonnement push actif sur cet appareil', 'Aucun abonnement push actif sur cet appareil');
      try {
        await createTestNotification(FULL_TEST.title, FULL_TEST.message);
        write('✓ Notification de test créée par le serveur');
        const list = await fetchNotifications('all');
        check(
          list.data.some((item) => item.title === FULL_TEST.title),
          `Notification présente dans la liste (${list.total} enregistrée${list.total > 1 ? 's' : ''})`,
          'La notification de test n’apparaît pas dans la liste',
        );
      } catch (error) {
        check(false, '', messageOf(error, notificationMessages.testsFailed));
      }
      await refreshLists();
    } catch {
      failed = true;
    } finally {
      write(failed ? `✗ ${notificationMessages.testsFailed}` : '✓ Tous les tests ont réussi');
      setBusy(false);
    }
  };

  const testType = async (type: NotificationType) => {
    const { title, message, label } = TEST_NOTIFICATIONS[type];
    setBusy(true);
    try {
      await createTestNotification(title, message, type);
      write(`✓ Notification «\u00a0${label}\u00a0» créée`);
      await refreshLists();
    } catch (error) {
      write(`✗ ${label} : ${messageOf(error, notificationMessages.testsFailed)}`);
    } finally {
      setBusy(false);
    }
  };

  const emptyStored = () => {
    setConfirming(false);
    clearAll.mutate(undefined, {
      onSuccess: () => write('✓ Notifications enregistrées supprimées'),
      onError: (error) => write(`✗ ${messageOf(error, 'Impossible de supprimer les notifications')}`),
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <section aria-labelledby="test-capabilities" className={card}>
        <h2 id="test-capabilities" className="text-lg font-bold">
          Ce navigateur
        </h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="test-capabilities">
          {capabilityLabels.map(({ key, label }) => (
            <div key={key} className="contents">
              <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
              <dd className="font-semibold">{capabilities[key] ? 'Disponible' : 'Indisponible'}</dd>
            </div>
          ))}
          <dt className="text-slate-700 dark:text-slate-300">Permission</dt>
          <dd className="font-semibold">{permissionLabels[push.permission]}</dd>
          <dt className="text-slate-700 dark:text-slate-300">Abonnement de cet appareil</dt>
          <dd className="font-semibold">{push.subscribed ? 'Actif' : 'Inactif'}</dd>
        </dl>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Les réglages et l’abonnement se gèrent dans{' '}
          <Link to="/compte?tab=notifications" className="font-semibold text-brand-700 underline dark:text-brand-300">
            mon compte
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="test-actions" className={card}>
        <h2 id="test-actions" className="text-lg font-bold">
          Tests
        </h2>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button disabled={busy} onClick={() => void runAll()}>
            <PlayCircle aria-hidden="true" className="size-4" />
            Lancer tous les tests
          </Button>
          <Button variant="secondary" onClick={() => setLog([])} disabled={log.length === 0}>
            <Eraser aria-hidden="true" className="size-4" />
            Effacer les résultats
          </Button>
          <Button variant="danger" disabled={busy || clearAll.isPending} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Vider les notifications enregistrées
          </Button>
        </div>
        <h3 className="mt-5 text-sm font-semibold">Tester une notification</h3>
        <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {TYPES.map((type) => (
            <li key={type}>
              <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void testType(type)}>
                <FlaskConical aria-hidden="true" className="size-4" />
                Tester une notification&nbsp;: {TEST_NOTIFICATIONS[type].label}
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="test-log" className={`${card} lg:col-span-2`}>
        <h2 id="test-log" className="text-lg font-bold">
          Résultats
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Les {TEST_LOG_LINES} dernières lignes sont gardées.</p>
        <ol
          aria-live="polite"
          aria-labelledby="test-log"
          className="mt-3 max-h-96 space-y-1 overflow-y-auto rounded-lg bg-slate-50 p-3 font-mono text-sm break-words dark:bg-ink-950"
          data-testid="test-log"
        >
          {log.map((line) => (
            <li key={line.id}>{line.text}</li>
          ))}
        </ol>
        {log.length === 0 ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aucun résultat pour l’instant.</p> : null}
      </section>

      {confirming ? (
        <ConfirmDialog
          title="Vider les notifications enregistrées&nbsp;?"
          confirmLabel="Tout supprimer"
          onConfirm={emptyStored}
          onCancel={() => setConfirming(false)}
        >
          Toutes vos notifications enregistrées seront supprimées. Cette action est définitive.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/**
 * /test-notifications (spec 1 §2 "Test page", issue 7): for a signed-in user, the state of this
 * browser, a full test run, a test notification per type, and emptying the stored notifications.
 * Visitors are asked to sign in.
 */
export function TestNotificationsPage() {
  const session = useSession();
  if (session.isPending) return <Spinner label="Vérification de la session…" />;
  if (!session.data) {
    return (
      <PageIntro title="Test des notifications" lead="Connectez-vous pour tester les notifications de votre compte sur cet appareil.">
        <ButtonLink to="/compte">Se connecter</ButtonLink>
      </PageIntro>
    );
  }
  return (
    <PageIntro title="Test des notifications" lead="Vérifiez que cet appareil reçoit bien les notifications de l’atelier. Les tests ne concernent que votre compte.">
      <TestTools />
      <div className="mt-6">
        <ButtonLink to="/compte?tab=notifications" variant="secondary">
          Retour à mon compte
        </ButtonLink>
      </div>
    </PageIntro>
  );
}
