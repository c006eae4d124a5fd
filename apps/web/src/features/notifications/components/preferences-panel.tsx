import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, BellOff, CheckCircle2, FlaskConical, ShieldCheck, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { notificationMessages, type NotificationPreferences } from '@erepare/shared/notifications';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { usePushSubscription } from '../../../lib/push';
import { toastError, toastSuccess } from '../../../lib/toast';
import { createTestNotification, fetchPreferences, notificationKeys, savePreferences } from '../api/notifications-api';
import { TOAST_ID } from '../hooks/use-notifications';
import { detectCapabilities, permissionLabels } from '../lib/capabilities';

const preferenceFields: { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  { key: 'promosCodes', label: 'Codes promo', hint: 'Les nouveaux codes de réduction de la boutique.' },
  { key: 'ticketUpdates', label: 'Suivi des réparations', hint: 'Chaque changement d’état de vos tickets suivis.' },
  { key: 'storeNews', label: 'Actualités de la boutique', hint: 'Nouveautés, horaires exceptionnels, événements.' },
  { key: 'flashSales', label: 'Ventes flash', hint: 'Les offres limitées dans le temps.' },
  { key: 'realTimeTracking', label: 'Suivi en temps réel', hint: 'Une vérification plus fréquente de vos réparations en cours.' },
];

const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900';

function Capability({ label, available }: { label: string; available: boolean }) {
  return (
    <li
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold ${
        available
          ? 'border-green-300 bg-green-50 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-200'
          : 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200'
      }`}
    >
      {available ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : <XCircle aria-hidden="true" className="size-3.5" />}
      {label}
      <span className="sr-only">{available ? ' : disponible' : ' : indisponible'}</span>
    </li>
  );
}

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 0) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

type PreferencesPanelProps = { userId: number | string; advanced?: boolean };

/**
 * Notification preferences (spec 1 §2), embeddable: what this browser can do, the permission and
 * the subscription of this device with their buttons, and the five preferences (saved at once).
 * In advanced mode, once subscribed: the test tools.
 */
export function PreferencesPanel({ userId, advanced = false }: PreferencesPanelProps) {
  const id = useId();
  const client = useQueryClient();
  const key = [...notificationKeys.preferences, userId] as const;
  const preferences = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPreferences(signal), staleTime: 60_000 });
  const push = usePushSubscription();
  const [capabilities] = useState(() => detectCapabilities());

  // The box changes at once (a controlled checkbox must not flick back while the request runs):
  // the wanted preferences show until the server answers; a refusal puts the previous ones back.
  const [wanted, setWanted] = useState<NotificationPreferences | null>(null);
  const save = useMutation({
    mutationFn: (next: NotificationPreferences) => savePreferences(next),
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<NotificationPreferences>(key);
      client.setQueryData(key, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      toastError(errorMessage(error, notificationMessages.manageError), { id: TOAST_ID });
    },
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      toastSuccess('Préférences enregistrées', { id: TOAST_ID });
    },
    onSettled: () => setWanted(null),
  });

  const change = (field: keyof NotificationPreferences, checked: boolean) => {
    const current = wanted ?? preferences.data;
    if (!current) return;
    const next = { ...current, [field]: checked };
    setWanted(next);
    save.mutate(next);
  };

  const test = useMutation({
    mutationFn: () => createTestNotification('Notification de test', 'Ceci est une notification de test.'),
    onSuccess: () => {
      toastSuccess('Notification de test créée', { id: TOAST_ID });
      return client.invalidateQueries({ queryKey: notificationKeys.lists });
    },
    onError: (error) => toastError(errorMessage(error, notificationMessages.testsFailed), { id: TOAST_ID }),
  });

  const run = (action: () => Promise<void>, success: string | null, fallback: string) => {
    action()
      .then(() => {
        if (success) toastSuccess(success, { id: TOAST_ID });
      })
      .catch((error: unknown) => toastError(errorMessage(error, fallback), { id: TOAST_ID }));
  };

  const values = wanted ?? preferences.data;

  return (
    <section aria-labelledby={`${id}-title`} className={card} data-testid="notification-preferences">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Préférences de notification
      </h3>

      {/* The technical badges are for the advanced view (issue 22 §4.7); a customer only hears what matters. */}
      {advanced ? (
        <>
          <h4 className="mt-4 text-sm font-semibold">Ce que permet ce navigateur</h4>
          <ul aria-label="Capacités du navigateur" className="mt-2 flex flex-wrap gap-2">
            <Capability label="Web Push" available={capabilities.webPush} />
            <Capability label="Notifications cloud" available={capabilities.cloudPush} />
            <Capability label="Service worker" available={capabilities.serviceWorker} />
            <Capability label="Notifications natives" available={capabilities.nativeNotifications} />
          </ul>
        </>
      ) : !capabilities.nativeNotifications ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{notificationMessages.unsupported}.</p>
      ) : null}

      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-700 dark:text-slate-300">Permission</dt>
        <dd className="font-semibold" data-testid="permission-state">
          {permissionLabels[push.permission]}
        </dd>
        <dt className="text-slate-700 dark:text-slate-300">Abonnement de cet appareil</dt>
        <dd className="font-semibold" data-testid="subscription-state">
          {push.subscribed ? 'Actif' : 'Inactif'}
        </dd>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {push.permission !== 'granted' ? (
          <Button
            variant="secondary"
            disabled={push.busy || push.permission === 'denied' || !capabilities.nativeNotifications}
            onClick={() => run(push.requestPermission, null, notificationMessages.cannotEnable)}
          >
            <ShieldCheck aria-hidden="true" className="size-4" />
            Autoriser les notifications
          </Button>
        ) : null}
        {push.permission === 'granted' && !push.subscribed ? (
          <Button disabled={push.busy} onClick={() => run(push.enable, notificationMessages.enabled, notificationMessages.cannotEnable)}>
            <BellRing aria-hidden="true" className="size-4" />
            Activer sur cet appareil
          </Button>
        ) : null}
        {push.subscribed ? (
          <Button variant="secondary" disabled={push.busy} onClick={() => run(push.disable, notificationMessages.disabled, notificationMessages.disableError)}>
            <BellOff aria-hidden="true" className="size-4" />
            Désactiver sur cet appareil
          </Button>
        ) : null}
        {advanced && push.subscribed ? (
          <>
            <ButtonLink to="/test-notifications" variant="secondary">
              <FlaskConical aria-hidden="true" className="size-4" />
              Tester tous les systèmes
            </ButtonLink>
            <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate()}>
              Créer des notifications de test
            </Button>
          </>
        ) : null}
      </div>
      {push.permission === 'denied' ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{notificationMessages.blockedInSettings}</p>
      ) : null}
      {push.error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700 dark:text-red-300">
          {push.error}
        </p>
      ) : null}

      <fieldset className="mt-6" disabled={!values}>
        <legend className="text-sm font-semibold">Je souhaite être prévenu pour</legend>
        {preferences.isError && !values ? (
          <div role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
            <p>{preferences.error.message}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void preferences.refetch()}>
              Réessayer
            </Button>
          </div>
        ) : (
          <ul className="mt-2 space-y-1">
            {preferenceFields.map((field) => (
              <li key={field.key} className="flex items-start gap-3 rounded-lg p-2 hover:bg-slate-50 dark:hover:bg-ink-800">
                <input
                  id={`${id}-${field.key}-box`}
                  type="checkbox"
                  className="mt-2.5 size-6 shrink-0 cursor-pointer accent-brand-700"
                  checked={values?.[field.key] ?? false}
                  aria-describedby={`${id}-${field.key}`}
                  onChange={(event) => change(field.key, event.target.checked)}
                />
                <div className="min-w-0">
                  <label htmlFor={`${id}-${field.key}-box`} className="flex min-h-11 cursor-pointer items-center font-semibold">
                    {field.label}
                  </label>
                  <p id={`${id}-${field.key}`} className="-mt-2 text-sm text-slate-700 dark:text-slate-300">
                    {field.hint}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </section>
  );
}
