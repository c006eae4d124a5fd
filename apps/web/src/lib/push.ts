import { useEffect, useSyncExternalStore } from 'react';
import {
  notificationMessages,
  PERMISSION_WAIT_MS,
  PUSH_DEFAULTS,
  closeNotificationLater,
  NOTIFICATION_AUTO_CLOSE_MS,
  WELCOME_NOTIFICATION_DELAY_MS,
  type NotificationPreferences,
} from '@erepare/shared/notifications';
import { apiRequest, type Parser } from './api-client';
import { base64UrlToBytes } from './base64url';
import { activeRegistration, withRetries } from './service-worker';

/**
 * Web Push subscription of this browser (spec 1 §4, §5, §8, §9): permission (not requested,
 * granted, denied), subscription (inactive, active), subscribing with the server's VAPID key and
 * saving the subscription on the server, unsubscribing. One state shared by every component.
 *
 * `enable` and `disable` reject with the spec's message (also kept in `error`); the caller says
 * the outcome (its toasts: "Notifications activées !", "Notifications désactivées", the error).
 * `requestPermission` rejects only where notifications do not exist; a refusal is in `permission`.
 */
export type PushPermission = 'granted' | 'denied' | 'default';

export type PushSubscriptionState = {
  supported: boolean;
  permission: PushPermission;
  subscribed: boolean;
  busy: boolean;
  error: string | null;
  enable: (preferences?: Partial<NotificationPreferences>) => Promise<void>;
  disable: () => Promise<void>;
  requestPermission: () => Promise<void>;
};

type Snapshot = Pick<PushSubscriptionState, 'supported' | 'permission' | 'subscribed' | 'busy' | 'error'>;

export const WELCOME_TITLE = 'Bienvenue !';
export const WELCOME_BODY = 'Les notifications sont activées\u00a0: vous serez prévenu ici de l’avancement de vos réparations, des codes promo et des ventes flash.';

const successParser = (payload: unknown) =>
  payload && typeof payload === 'object' && (payload as { success?: unknown }).success === true;

const vapidKeyParser: Parser<{ publicKey: string }> = {
  safeParse: (payload) =>
    successParser(payload) && typeof (payload as { publicKey?: unknown }).publicKey === 'string'
      ? { success: true, data: { publicKey: (payload as { publicKey: string }).publicKey } }
      : { success: false },
};
const messageParser: Parser<{ message: string }> = {
  safeParse: (payload) =>
    successParser(payload)
      ? { success: true, data: { message: typeof (payload as { message?: unknown }).message === 'string' ? (payload as { message: string }).message : '' } }
      : { success: false },
};

function notificationsAvailable(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function pushSupported(): boolean {
  return notificationsAvailable() && 'serviceWorker' in navigator && 'PushManager' in window;
}

function currentPermission(): PushPermission {
  return notificationsAvailable() ? Notification.permission : 'default';
}

/** Spec 1 §5: the cloud (FCM) channel is skipped and counts as initialised on localhost. */
export function isLocalhost(hostname = typeof window !== 'undefined' ? window.location.hostname : ''): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost');
}

/**
 * The cloud push channel. No Firebase SDK ships with the site (FCM, when configured, is sent by
 * the server to the Web Push subscription): on localhost its initialisation is skipped and treated
 * as successful (spec 1 §5); elsewhere it reports "unavailable". Either way it yields no token, so
 * only the Web Push channel can make the subscription active.
 */
export function cloudChannelInitialised(hostname?: string): boolean {
  return isLocalhost(hostname);
}

const isMobile = () => typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

const WELCOME_TAG = 'erepare-welcome';

class PushError extends Error {}

let state: Snapshot = {
  supported: pushSupported(),
  permission: currentPermission(),
  subscribed: false,
  busy: false,
  error: null,
};
const listeners = new Set<() => void>();

function update(patch: Partial<Snapshot>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribeStore(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** Up to 10 s for the browser's answer (spec 1 §9); the current permission if none came. */
async function askPermission(): Promise<PushPermission> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PushPermission>((resolve) => {
    timer = setTimeout(() => resolve(currentPermission()), PERMISSION_WAIT_MS);
  });
  try {
    return await Promise.race([Notification.requestPermission(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The registration with an active worker and a push manager, or the spec's message. */
async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) throw new PushError(isMobile() ? notificationMessages.swRequiredOnMobile : notificationMessages.pushUnsupported);
  const registration = await activeRegistration();
  if (!registration) throw new PushError(notificationMessages.swNotActive);
  if (!('pushManager' in registration) || !registration.pushManager) throw new PushError(notificationMessages.pushManagerUnsupported);
  return registration;
}

let initialising: Promise<void> | null = null;

/** Reads the current subscription (retried 3 times, 1 s apart: the worker may still be starting). */
export function initPush(): Promise<void> {
  if (!pushSupported()) return Promise.resolve();
  initialising ??= withRetries(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration) throw new Error(notificationMessages.swNotInitialised);
    const subscription = await registration.pushManager.getSubscription();
    update({ subscribed: subscription !== null, permission: currentPermission() });
  }).catch(() => {
    // No worker yet (development build, or not registered): the subscription reads as inactive.
    update({ permission: currentPermission() });
  });
  return initialising;
}

function fail(error: unknown, fallback: string): never {
  const message = pushErrorMessage(error, fallback);
  update({ error: message, busy: false });
  throw new PushError(message);
}

export async function requestPermission(): Promise<void> {
  if (!notificationsAvailable()) {
    fail(new PushError(notificationMessages.unsupported), notificationMessages.unsupported);
    return;
  }
  update({ busy: true, error: null });
  const answer = await askPermission().catch(() => currentPermission());
  update({ permission: answer, busy: false, error: answer === 'denied' ? notificationMessages.permissionDenied : null });
}

/**
 * This browser's push subscription with the server's current key: asks the permission when it
 * was never asked, and throws the spec's message for each failure (denied, no worker, no push).
 */
export async function subscribeThisBrowser(): Promise<{ registration: ServiceWorkerRegistration; subscription: PushSubscription }> {
  if (!notificationsAvailable()) throw new PushError(notificationMessages.unsupported);
  let permission = currentPermission();
  if (permission === 'denied') throw new PushError(notificationMessages.blockedInSettings);
  if (permission === 'default') {
    permission = await askPermission();
    update({ permission });
    // "Permission refusée" is shown as "Impossible d'activer les notifications" (spec 1 §8).
    if (permission !== 'granted') throw new PushError(notificationMessages.cannotEnable);
  }
  const registration = await pushRegistration();
  const { publicKey } = await apiRequest('/api/notifications/vapid-public-key', { schema: vapidKeyParser });
  const applicationServerKey = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }).catch((error: unknown) => {
    // The browser refuses push itself ("Registration failed - permission denied"), even with
    // notifications allowed (headless or private windows, blocked push service).
    if (error instanceof DOMException && (error.name === 'NotAllowedError' || /permission/i.test(error.message))) {
      // With notifications allowed, the refusal is the browser's push service, not the customer's choice.
      throw new PushError(currentPermission() === 'granted' ? notificationMessages.pushRefusedByBrowser : notificationMessages.permissionNotGranted);
    }
    throw new PushError(notificationMessages.pushManagerUnsupported);
  });
  return { registration, subscription };
}

/** The French message of a failure of subscribeThisBrowser (or an API error), else `fallback`. */
export function pushErrorMessage(error: unknown, fallback: string): string {
  return error instanceof PushError || (error instanceof Error && error.name === 'ApiError') ? error.message : fallback;
}

export async function enable(preferences?: Partial<NotificationPreferences>): Promise<void> {
  if (state.busy) return;
  update({ busy: true, error: null });
  try {
    const { registration, subscription } = await subscribeThisBrowser();
    try {
      await apiRequest('/api/notifications/subscribe', {
        method: 'POST',
        body: { ...subscription.toJSON(), ...(preferences ? { preferences } : {}) },
        schema: messageParser,
      });
    } catch (error) {
      throw new PushError(error instanceof Error && error.message ? `${notificationMessages.subscriptionSaveError} : ${error.message}` : notificationMessages.subscriptionSaveError);
    }
    // The cloud channel adds nothing here (see cloudChannelInitialised): Web Push made it active.
    update({ subscribed: true, busy: false, error: null });
    setTimeout(() => {
      const marker = `welcome-${Date.now()}`;
      void registration
        .showNotification(WELCOME_TITLE, {
          body: WELCOME_BODY,
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          tag: WELCOME_TAG,
          lang: 'fr',
          data: { url: PUSH_DEFAULTS.url, type: 'store', shownMarker: marker },
        })
        // Spec 1 §9: the welcome is a confirmation, gone after 5 s.
        .then(() => closeNotificationLater(registration, WELCOME_TAG, marker, NOTIFICATION_AUTO_CLOSE_MS.welcome))
        .catch(() => undefined);
    }, WELCOME_NOTIFICATION_DELAY_MS);
  } catch (error) {
    fail(error, notificationMessages.manageError);
  }
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

export async function disable(): Promise<void> {
  if (state.busy) return;
  update({ busy: true, error: null });
  try {
    const registration = pushSupported() ? await navigator.serviceWorker.getRegistration('/') : undefined;
    const subscription = (await registration?.pushManager.getSubscription()) ?? null;
    if (subscription) {
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      await apiRequest('/api/notifications/unsubscribe', { method: 'POST', body: { endpoint }, schema: messageParser });
    }
    update({ subscribed: false, busy: false });
  } catch (error) {
    fail(error, notificationMessages.disableError);
  }
}

/** Test hook: back to the state of a fresh page. */
export function resetPushState(): void {
  initialising = null;
  state = { supported: pushSupported(), permission: currentPermission(), subscribed: false, busy: false, error: null };
}

export function usePushSubscription(): PushSubscriptionState {
  const snapshot = useSyncExternalStore(subscribeStore, getSnapshot, getSnapshot);
  useEffect(() => {
    void initPush();
  }, []);
  return { ...snapshot, enable, disable, requestPermission };
}
