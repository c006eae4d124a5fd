/**
 * The service worker (/sw.js): precached app shell and offline page, public pages and the
 * catalogue kept at run time, push notifications with spec 1 §9's defaults. Built by
 * sw-build.ts after the app (the precache list and the version are injected then).
 */
import { base64UrlToBytes } from '../lib/base64url';
import { VISITOR_FOLLOW_CACHE, VISITOR_FOLLOW_KEY, VISITOR_UNFOLLOW_ACTION } from '@erepare/shared/notifications';
import { PUSH_RECEIVED_MESSAGE, VISITOR_FOLLOW_STOPPED_MESSAGE, WARM_MESSAGE } from '../lib/sw-messages';
import { clickTarget, notificationFor, parsePushData } from './notification';
import { CACHE_LIMITS, cacheNames, decide, isCacheablePage, isFresh, isHashedAsset, isStorable, NAVIGATION_TIMEOUT_MS, OFFLINE_URL, pageKey, staleCaches } from './routing';
import type { FetchEvent, ServiceWorkerScope } from './worker-types';

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: readonly string[];

const sw = self as unknown as ServiceWorkerScope;
const VERSION = __SW_VERSION__;
const NAMES = cacheNames(VERSION);
const PRECACHE: readonly string[] = __SW_PRECACHE__;
const PRECACHED = new Set(PRECACHE);
const ORIGIN = sw.location.origin;

async function trim(cache: Cache, limit: number): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(key);
}

async function store(cacheName: keyof typeof CACHE_LIMITS, key: string | Request, response: Response): Promise<void> {
  if (!isStorable(response)) return;
  const cache = await caches.open(NAMES[cacheName]);
  await cache.put(key, response);
  await trim(cache, CACHE_LIMITS[cacheName]);
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(NAMES.precache);
      // Hashed files never change under their name: the copy the page just loaded (HTTP cache) is
      // the one to keep, not a second download. The rest (the shell, the offline page, icons)
      // is read again from the server, so the install never keeps a stale copy.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: isHashedAsset(url) ? 'default' : 'reload', credentials: 'same-origin' })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of staleCaches(await caches.keys(), VERSION)) await caches.delete(name);
    })(),
  );
});

async function cachedPage(url: string): Promise<Response | undefined> {
  const key = pageKey(url);
  const pages = await caches.open(NAMES.pages);
  const kept = await pages.match(key);
  if (kept) return kept;
  // The home page is part of the precached shell.
  return new URL(key).pathname === '/' ? (await caches.open(NAMES.precache)).match('/') : undefined;
}

async function offlinePage(): Promise<Response> {
  const offline = await (await caches.open(NAMES.precache)).match(OFFLINE_URL);
  return offline ?? new Response('Vous êtes hors ligne.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** Network first; after 3 s a kept copy if there is one; offline: the kept copy, else the offline page. */
async function navigate(event: FetchEvent, cacheable: boolean): Promise<Response> {
  const { request } = event;
  const fromNetwork = fetch(request).then((response) => {
    if (cacheable && isStorable(response)) event.waitUntil(store('pages', pageKey(request.url), response.clone()));
    return response;
  });
  const slow = new Promise<Response>((resolve, reject) => {
    setTimeout(() => {
      void (cacheable ? cachedPage(request.url) : Promise.resolve(undefined)).then((kept) => (kept ? resolve(kept) : fromNetwork.then(resolve, reject)), reject);
    }, NAVIGATION_TIMEOUT_MS);
  });
  try {
    return await Promise.race([fromNetwork, slow]);
  } catch {
    // A private page (account, payment…) is never served from the cache: the offline page only.
    return (cacheable ? await cachedPage(request.url) : undefined) ?? offlinePage();
  }
}

async function cacheFirst(request: Request, cacheName: 'assets' | 'precache'): Promise<Response> {
  const cache = await caches.open(NAMES[cacheName]);
  const kept = await cache.match(request, { ignoreSearch: cacheName === 'precache' });
  if (kept) return kept;
  const response = await fetch(request);
  if (cacheName === 'assets') await store('assets', request, response.clone());
  return response;
}

/**
 * Stale-while-revalidate while the kept answer is recent (CATALOGUE_FRESH_MS); older, the
 * network first and the kept answer only offline.
 */
async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(NAMES.catalogue);
  // Public JSON kept whatever the request's headers (the warm-up fetch sends fewer than the page).
  const kept = await cache.match(event.request, { ignoreVary: true });
  const fresh = fetch(event.request).then(async (response) => {
    await store('catalogue', event.request, response.clone());
    return response;
  });
  if (kept && isFresh(kept.headers.get('date'), Date.now())) {
    event.waitUntil(fresh.catch(() => undefined));
    return kept;
  }
  try {
    return await fresh;
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const decision = decide({ url: request.url, method: request.method, mode: request.mode }, ORIGIN, PRECACHED);
  switch (decision.strategy) {
    case 'navigate':
      event.respondWith(navigate(event, decision.cacheable));
      return;
    case 'precache':
      event.respondWith(cacheFirst(request, 'precache'));
      return;
    case 'cache-first':
      event.respondWith(cacheFirst(request, 'assets'));
      return;
    case 'stale-while-revalidate':
      event.respondWith(staleWhileRevalidate(event));
      return;
    default:
    // Everything else goes to the network untouched (the API, the account, payments…).
  }
});

/**
 * The page that registered the worker lists what it loaded before the worker existed: its
 * address, its scripts and its catalogue answers are kept, so it reloads offline.
 */
async function warm(urls: readonly unknown[]): Promise<void> {
  for (const raw of urls.slice(0, 100)) {
    if (typeof raw !== 'string') continue;
    let url: URL;
    try {
      url = new URL(raw, ORIGIN);
    } catch {
      continue;
    }
    if (url.origin !== ORIGIN) continue;
    const asResource = decide({ url: url.href, method: 'GET', mode: 'no-cors' }, ORIGIN, PRECACHED);
    try {
      if (asResource.strategy === 'cache-first') {
        const cache = await caches.open(NAMES.assets);
        if (!(await cache.match(url.href))) await store('assets', url.href, await fetch(url.href));
      } else if (asResource.strategy === 'stale-while-revalidate') {
        await store('catalogue', url.href, await fetch(url.href, { credentials: 'same-origin' }));
      } else if (asResource.strategy === 'network' && !/\.[a-z0-9]{1,8}$/i.test(url.pathname) && !url.pathname.startsWith('/api/') && isCacheablePage(url.pathname)) {
        await store('pages', pageKey(url.href), await fetch(url.href, { credentials: 'same-origin' }));
      }
    } catch {
      // Offline or refused: nothing kept.
    }
  }
}

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === WARM_MESSAGE && Array.isArray(data.urls)) event.waitUntil(warm(data.urls));
});

sw.addEventListener('push', (event) => {
  let raw: string | null = null;
  try {
    raw = event.data ? event.data.text() : null;
  } catch {
    raw = null;
  }
  const { title, options } = notificationFor(parsePushData(raw));
  event.waitUntil(
    (async () => {
      await sw.registration.showNotification(title, options);
      // Open pages refresh the bell.
      for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
        client.postMessage({ type: PUSH_RECEIVED_MESSAGE, title, data: options.data });
      }
    })(),
  );
});

/** "Ne plus suivre" on a visitor's ticket push: the server forgets this browser, which unsubscribes. */
async function stopVisitorFollow(): Promise<void> {
  const cache = await caches.open(VISITOR_FOLLOW_CACHE);
  const kept = await cache.match(VISITOR_FOLLOW_KEY);
  const secret = kept ? ((await kept.json().catch(() => null)) as { endpoint?: unknown; token?: unknown } | null) : null;
  const subscription = await sw.registration.pushManager.getSubscription();
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
  for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage({ type: VISITOR_FOLLOW_STOPPED_MESSAGE });
}

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  if (event.action === VISITOR_UNFOLLOW_ACTION) {
    event.waitUntil(stopVisitorFollow().catch(() => undefined));
    return;
  }
  const target = clickTarget(event.notification.data, ORIGIN);
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = windows.find((candidate) => candidate.url === target) ?? windows.find((candidate) => candidate.url.startsWith(ORIGIN));
      if (client) {
        const focused = await client.focus().catch(() => client);
        if (focused.url === target) return;
        // navigate() needs a page this worker controls; otherwise a new window.
        const moved = await focused.navigate(target).catch(() => null);
        if (moved) return;
      }
      await sw.clients.openWindow(target);
    })(),
  );
});

sw.addEventListener('pushsubscriptionchange', (event) => {
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
    const subscription = renewed ?? (key ? await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
    if (!subscription) return;
    const post = (path: string, body: unknown) =>
      fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('/api/notifications/subscribe', subscription.toJSON());
    if (old && old.endpoint !== subscription.endpoint) await post('/api/notifications/unsubscribe', { endpoint: old.endpoint });
  } catch {
    // Nothing to do from here: the page subscribes again on its next visit.
  }
}
