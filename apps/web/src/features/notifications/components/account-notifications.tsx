import { notificationMessages } from '@erepare/shared/notifications';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import { useFeatureSlots } from '../../../lib/feature-slots';
import { usePushSubscription, type PushSubscriptionState } from '../../../lib/push';
import { toastError, toastSuccess } from '../../../lib/toast';
import { TOAST_ID } from '../hooks/use-notifications';
import { PreferencesPanel } from './preferences-panel';
import { TrackedTickets } from './tracked-tickets';

function message(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Turning on asks for the permission, then subscribes; turning off unsubscribes (spec 1 §4). */
async function toggle(push: PushSubscriptionState, on: boolean): Promise<void> {
  try {
    if (on) {
      if (push.permission !== 'granted') await push.requestPermission();
      if (typeof Notification !== 'undefined' && Notification.permission !== 'granted') {
        toastError(notificationMessages.permissionDenied, { id: TOAST_ID });
        return;
      }
      await push.enable();
      toastSuccess(notificationMessages.enabled, { id: TOAST_ID });
    } else {
      await push.disable();
      toastSuccess(notificationMessages.disabled, { id: TOAST_ID });
    }
  } catch (error) {
    toastError(message(error, on ? notificationMessages.cannotEnable : notificationMessages.disableError), { id: TOAST_ID });
  }
}

function DeviceToggle({ push }: { push: PushSubscriptionState }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-ink-900">
      <div className="min-w-0 flex-1">
        <p id="device-notifications-label" className="font-semibold">
          Notifications sur cet appareil
        </p>
        <p id="device-notifications-hint" className="text-sm text-slate-700 dark:text-slate-300">
          {push.supported ? 'Recevez une alerte même quand le site est fermé.' : notificationMessages.pushUnsupported}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={push.subscribed}
        aria-labelledby="device-notifications-label"
        aria-describedby="device-notifications-hint"
        disabled={push.busy || !push.supported}
        onClick={() => void toggle(push, !push.subscribed)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-7 w-12 rounded-full transition-colors ${push.subscribed ? 'bg-brand-700 dark:bg-brand-400' : 'bg-slate-400 dark:bg-slate-600'}`}
        >
          <span className={`absolute top-1 size-5 rounded-full bg-white shadow transition-all ${push.subscribed ? 'left-6' : 'left-1'}`} />
        </span>
      </button>
    </div>
  );
}

/**
 * The account's notifications tab (spec 1 §2): the device toggle, the tracked tickets, the
 * install-the-app card (from the app's PWA work, when present) and the preferences.
 */
export function AccountNotifications({ user }: { user: SessionUser }) {
  const push = usePushSubscription();
  const { AccountInstallCard } = useFeatureSlots();
  return (
    <section aria-labelledby="notifications-heading" className="space-y-5">
      <h2 id="notifications-heading" className="text-2xl font-bold tracking-tight">
        Notifications
      </h2>
      <DeviceToggle push={push} />
      <TrackedTickets watching={push.subscribed} />
      {AccountInstallCard ? <AccountInstallCard /> : null}
      <PreferencesPanel userId={user.id} />
    </section>
  );
}
