/**
 * The service worker (/sw.js), built from this file by scripts/build-sw.mjs (Workbox injectManifest). Workbox precaches
 * the home page, the offline page, the manifest and the icons (precache.ts) and answers requests through
 * the routes below (routing.ts says what may be kept); push notifications with spec 1 §9's defaults.
 */
import { closeNotificationLater, NOTIFICATION_AUTO_CLOSE_MS, VISITOR_FOLLOW_CACHE, VISITOR_FOLLOW_KEY, VISITOR_UNFOLLOW_ACTION } from '@erepare/shared/notifications';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, Route } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { base64UrlToBytes } from '../lib/base64url';
import { PUSH_RECEIVED_MESSAGE, VISITOR_FOLLOW_STOPPED_MESSAGE, WARM_MESSAGE } from '../lib/sw-messages';
import { clickTarget, notificationFor, parsePushData } from './notification';
import { byPagePath, catalogueFreshness, shellForHome, storableOnly } from './plugins';
import { OFFLINE_URL, SHELL_URL } from './precache';
import {
  buildVersion,
  CACHE_LIMITS,
  cacheNames,
  isAssetRequest,
  isCatalogueRequest,
  isOtherPageNavigation,
  isPublicPageNavigation,
  NAVIGATION_TIMEOUT_SECONDS,
  type RuntimeCache,
  staleCaches,
  warmCache,
} from './routing';

declare let self: ServiceWorkerGlobalScope;

const ORIGIN = self.location.origin;

// The precache list, injected by the build (it must appear once, as written).
const PRECACHE = self.__WB_MANIFEST;
const VERSION = buildVersion(PRECACHE);
const NAMES = cacheNames(VERSION);

const strategies: Record<RuntimeCache, Strategy> = {
  // Network first; after 3 s the kept copy if there is one; offline the kept copy (route's catch: the offline page).
  pages: new NetworkFirst({
    cacheName: NAMES.pages,
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
    plugins: [byPagePath, storableOnly, new ExpirationPlugin({ maxEntries: CACHE_LIMITS.pages }), shellForHome(() => matchPrecache(SHELL_URL))],
  }),
  // Hashed build files never change under their name.
  assets: new CacheFirst({
    cacheName: NAMES.assets,
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: CACHE_LIMITS.assets })],
  }),
  // Public JSON kept whatever the request's headers (the warm-up fetch sends fewer than the page).
  catalogue: new StaleWhileRevalidate({
    cacheName: NAMES.catalogue,
    matchOptions: { ignoreVary: true },
    plugins: [
      storableOnly,
      new ExpirationPlugin({ maxEntries: CACHE_LIMITS.catalogue }),
      catalogueFreshness((request) => caches.match(request, { cacheName: NAMES.catalogue, ignoreVary: true })),
    ],
  }),
};

async function offlinePage(): Promise<Response> {
  return (
    (await matchPrecache(OFFLINE_URL)) ?? new Response('Vous êtes hors ligne.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  );
}

// Routes, first match wins. The API is left to the network, but for the public catalogue.
registerRoute(isCatalogueRequest, strategies.catalogue);
// Pages come before the precache route: the home page is asked from the network first too.
const publicPages = new Route(isPublicPageNavigation, strategies.pages);
publicPages.setCatchHandler(offlinePage);
registerRoute(publicPages);
// Private pages (account, payment…) are never kept: the network, else the offline page.
const otherPages = new Route(isOtherPageNavigation, new NetworkOnly());
otherPages.setCatchHandler(offlinePage);
registerRoute(otherPages);
// Precached files, by their exact address (no ?query variants, no index.html or .html guesses).
precacheAndRoute(PRECACHE, { ignoreURLParametersMatching: [], directoryIndex: '', cleanURLs: false });
registerRoute(isAssetRequest, strategies.assets);

self.addEventListener('install', () => {
  void self.skipWaiting();
});

cleanupOutdatedCaches();
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of staleCaches(await caches.keys(), VERSION)) {
        await caches.delete(name);
        // Its entry dates, kept by the expiration plugin.
        await new CacheExpiration(name, { maxEntries: 1 }).delete();
      }
    })(),
  );
});

/**
 * The page that registered the worker lists what it loaded before the worker existed: its
 * address, its scripts and its catalogue answers are kept (by the same strategies), so it reloads
 * offline.
 */
async function warm(urls: readonly unknown[], event: ExtendableEvent): Promise<void> {
  for (const raw of urls.slice(0, 100)) {
    if (typeof raw !== 'string') continue;
    let url: URL;
    try {
      url = new URL(raw, ORIGIN);
    } catch {
      continue;
    }
    if (url.origin !== ORIGIN) continue;
    const cache = warmCache(url, getCacheKeyForURL(url.href) !== undefined);
    if (!cache) continue;
    const [response, done] = strategies[cache].handleAll({ request: new Request(url.href, { credentials: 'same-origin' }), event });
    // Offline or refused: nothing kept.
    await response.catch(() => undefined);
    await done.catch(() => undefined);
  }
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === WARM_MESSAGE && Array.isArray(data.urls)) event.waitUntil(warm(data.urls, event));
});

self.addEventListener('push', (event) => {
  let raw: string | null = null;
  try {
    raw = event.data ? event.data.text() : null;
  } catch {
    raw = null;
  }
  const { title, options } = notificationFor(parsePushData(raw));
  // Marks this very notification: the auto-close must not close a newer one shown under the same tag.
  const marker = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const shown = { ...options, data: { ...options.data, shownMarker: marker } };
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, shown);
      // Open pages refresh the bell.
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
        client.postMessage({ type: PUSH_RECEIVED_MESSAGE, title, data: options.data });
      }
      // Spec 1 §9: news closes after 15 s; a notification asking for an action stays.
      if (!options.requireInteraction && options.tag) await closeNotificationLater(self.registration, options.tag, marker, NOTIFICATION_AUTO_CLOSE_MS.news);
    })(),
  );
});

/** "Ne plus suivre" on a visitor's ticket push: the server forgets this browser, which unsubscribes. */
async function stopVisitorFollow(): Promise<void> {
  const cache = await caches.open(VISITOR_FOLLOW_CACHE);
  const kept = await cache.match(VISITOR_FOLLOW_KEY);
  const secret = kept ? ((await kept.json().catch(() => null)) as { endpoint?: unknown; token?: unknown } | null) : null;
  const subscription = await self.registration.pushManager.getSubscription();
  if (secret && typeof secret.token === 'string' && subscription && subscription.endpoint === secret.endpoint) {
    const response = await fetch('/api/tracking/unfollow', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: secret.endpoint, token: secret.token }),
    }).catch(() => null);
    // Offline: keep everything, the visitor can try again from the next notification or the page.
    if (!response) return;
    await subscription.unsubscribe().catch(() => false);
  }
  await cache.delete(VISITOR_FOLLOW_KEY);
  // Open pages update their "Arrêter les alertes" state.
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage({ type: VISITOR_FOLLOW_STOPPED_MESSAGE });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  if (event.action === VISITOR_UNFOLLOW_ACTION) {
    event.waitUntil(stopVisitorFollow().catch(() => undefined));
    return;
  }
  const target = clickTarget(event.notification.data, ORIGIN);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = windows.find((candidate) => candidate.url === target) ?? windows.find((candidate) => candidate.url.startsWith(ORIGIN));
      if (client) {
        const focused = await client.focus().catch(() => client);
        if (focused.url === target) return;
        // navigate() needs a page this worker controls; otherwise a new window.
        const moved = await focused.navigate(target).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event.oldSubscription, event.newSubscription));
});

async function vapidKey(old: PushSubscription | null): Promise<BufferSource | null> {
  const stored = old?.options.applicationServerKey;
  if (stored) return stored;
  const response = await fetch('/api/notifications/vapid-public-key', { credentials: 'same-origin' });
  const body = (await response.json()) as { success?: unknown; publicKey?: unknown };
  return body.success === true && typeof body.publicKey === 'string' ? base64UrlToBytes(body.publicKey) : null;
}

/** The browser renewed the subscription: subscribe again with the same key and tell the server. */
async function resubscribe(old: PushSubscription | null, renewed: PushSubscription | null): Promise<void> {
  try {
    const key = renewed ? null : await vapidKey(old);
    const subscription = renewed ?? (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
    if (!subscription) return;
    const post = (path: string, body: unknown) =>
      fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('/api/notifications/subscribe', subscription.toJSON());
    if (old && old.endpoint !== subscription.endpoint) await post('/api/notifications/unsubscribe', { endpoint: old.endpoint });
  } catch {
    // Nothing to do from here: the page subscribes again on its next visit.
  }
}
