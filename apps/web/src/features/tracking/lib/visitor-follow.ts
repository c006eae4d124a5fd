import { useEffect, useSyncExternalStore } from 'react';
import { VISITOR_FOLLOW_CACHE, VISITOR_FOLLOW_KEY, visitorFollowMessages } from '@erepare/shared/notifications';
import { z } from '@erepare/shared/zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { pushErrorMessage, pushSupported, subscribeThisBrowser } from '../../../lib/push';
import { serviceWorkerSupported } from '../../../lib/service-worker';
import { VISITOR_FOLLOW_STOPPED_MESSAGE } from '../../../lib/sw-messages';
import { readJson, subscribeToKey, writeItem } from '../../../lib/storage';

/**
 * A visitor without an account follows one ticket from /suivi with Web Push (issue 7): the
 * server checks the second factor and answers a secret that stops the follow. The secret is kept
 * where the page (its "Arrêter les alertes" button) and the service worker (the notification's
 * "Ne plus suivre" action) both reach it: local storage and Cache Storage.
 */

export const VISITOR_FOLLOW_STORAGE_KEY = 'erepare_visitor_follow';

export type VisitorFollow = { ticketNumber: string; endpoint: string; token: string };

const followResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ ticketNumber: z.string(), status: z.string(), removalToken: z.string() }),
});
const messageResponse = z.object({ success: z.literal(true), message: z.string() });
const storedFollow = z.object({ ticketNumber: z.string(), endpoint: z.string(), token: z.string() });

export function readVisitorFollow(): VisitorFollow | null {
  const parsed = storedFollow.safeParse(readJson<unknown>(VISITOR_FOLLOW_STORAGE_KEY));
  return parsed.success ? parsed.data : null;
}

async function keep(follow: VisitorFollow | null): Promise<void> {
  writeItem(VISITOR_FOLLOW_STORAGE_KEY, follow ? JSON.stringify(follow) : null);
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(VISITOR_FOLLOW_CACHE);
    if (follow) await cache.put(VISITOR_FOLLOW_KEY, new Response(JSON.stringify({ endpoint: follow.endpoint, token: follow.token }), { headers: { 'content-type': 'application/json' } }));
    else await cache.delete(VISITOR_FOLLOW_KEY);
  } catch {
    // No Cache Storage (private window): the page's button still stops the follow.
  }
}

/** Follows `ticket` on this browser after the proof; the server's French message on failure. */
export async function followTicket(ticket: string, proof: string): Promise<{ message: string; ticketNumber: string }> {
  let subscription: PushSubscription;
  try {
    ({ subscription } = await subscribeThisBrowser());
  } catch (error) {
    throw new Error(pushErrorMessage(error, 'Impossible d’activer les alertes sur ce navigateur.'));
  }
  const response = await apiRequest('/api/tracking/follow', { method: 'POST', body: { ticket, proof, subscription: subscription.toJSON() }, schema: followResponse });
  await keep({ ticketNumber: response.data.ticketNumber, endpoint: subscription.endpoint, token: response.data.removalToken });
  return { message: response.message, ticketNumber: response.data.ticketNumber };
}

/** Stops the follow: the server forgets the browser, and the browser's subscription is dropped. */
export async function unfollowTicket(): Promise<string> {
  const follow = readVisitorFollow();
  if (!follow) return visitorFollowMessages.nothingToStop;
  let message: string = visitorFollowMessages.stopped(follow.ticketNumber);
  try {
    message = (await apiRequest('/api/tracking/unfollow', { method: 'POST', body: { endpoint: follow.endpoint, token: follow.token }, schema: messageResponse })).message;
  } catch (error) {
    // Already stopped elsewhere (from the notification): nothing left to stop on the server.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  if (pushSupported()) {
    const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
    const subscription = await registration?.pushManager.getSubscription().catch(() => null);
    if (subscription?.endpoint === follow.endpoint) await subscription.unsubscribe().catch(() => false);
  }
  await keep(null);
  return message;
}

const subscribe = (onChange: () => void) => subscribeToKey(VISITOR_FOLLOW_STORAGE_KEY, onChange);
let cached: { raw: string | null; value: VisitorFollow | null } = { raw: null, value: null };
const snapshot = () => {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(VISITOR_FOLLOW_STORAGE_KEY);
  if (raw !== cached.raw) cached = { raw, value: readVisitorFollow() };
  return cached.value;
};

/** The ticket this browser follows, if any (null during the server-rendered first render). */
export function useVisitorFollow(): VisitorFollow | null {
  // Stopped from the notification ("Ne plus suivre"): the worker tells the open pages.
  useEffect(() => {
    if (!serviceWorkerSupported()) return undefined;
    const handle = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === VISITOR_FOLLOW_STOPPED_MESSAGE) writeItem(VISITOR_FOLLOW_STORAGE_KEY, null);
    };
    navigator.serviceWorker.addEventListener('message', handle);
    return () => navigator.serviceWorker.removeEventListener('message', handle);
  }, []);
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
