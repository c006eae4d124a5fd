import { PUSH_INIT_RETRIES, PUSH_INIT_RETRY_DELAY_MS, SERVICE_WORKER_ACTIVATION_TIMEOUT_MS } from '@erepare/shared/notifications';
import { PUSH_RECEIVED_MESSAGE, WARM_MESSAGE } from './sw-messages';

/**
 * Registration of the service worker (/sw.js), in production builds only and after the page has
 * loaded (it never competes with the page's own downloads). Kept tiny: it is part of the entry.
 */

export const SERVICE_WORKER_URL = '/sw.js';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `task` up to `attempts` times, `delayMs` apart (spec 1 §9: 3 times, 1 s apart). */
export async function withRetries<T>(task: () => Promise<T>, attempts = PUSH_INIT_RETRIES, delayMs = PUSH_INIT_RETRY_DELAY_MS): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      lastError = error;
      if (attempt < attempts) await wait(delayMs);
    }
  }
  throw lastError;
}

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

const sameOrigin = (entries: readonly PerformanceEntry[]) => entries.map((entry) => entry.name).filter((name) => name.startsWith(window.location.origin));

/**
 * Tells the worker what this page loaded before the worker controlled it (its address, scripts,
 * catalogue answers), and what it loads afterwards while uncontrolled, so the page reloads offline.
 * The worker keeps only what its rules allow.
 */
function warm(registration: ServiceWorkerRegistration): void {
  const send = (urls: string[]) => {
    if (urls.length > 0) registration.active?.postMessage({ type: WARM_MESSAGE, urls });
  };
  send([window.location.href, ...sameOrigin(performance.getEntriesByType('resource'))]);
  if (!navigator.serviceWorker.controller && typeof PerformanceObserver === 'function') {
    new PerformanceObserver((list) => send(sameOrigin(list.getEntries()))).observe({ type: 'resource' });
  }
}

/** Delay after `load` before the worker is registered on a first visit. */
export const REGISTER_DELAY_MS = 6000;

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers /sw.js (retried 3 times, 1 s apart); null where service workers are unavailable. */
export function ensureServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return Promise.resolve(null);
  registering ??= withRetries(() => navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' })).catch(() => {
    registering = null;
    return null;
  });
  return registering;
}

/** Production only, a few seconds after the page has loaded, when the browser is idle. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !serviceWorkerSupported()) return;
  const start = () => {
    const run = () => {
      void ensureServiceWorker().then((registration) => {
        if (!registration) return;
        void navigator.serviceWorker.ready.then(warm);
      });
    };
    // Well after the load: the route's chunks and data arrive after `load`, and the worker's first
    // install downloads the shell and the page's scripts again; done earlier it competed with them
    // (bench: /boutique Lighthouse 0.91 → 0.77). A first visit is kept a few seconds later instead.
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : run());
    setTimeout(idle, REGISTER_DELAY_MS);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * The active registration, waiting up to 10 s for the worker to activate (spec 1 §9); null when
 * there is none in time.
 */
export async function activeRegistration(timeoutMs = SERVICE_WORKER_ACTIVATION_TIMEOUT_MS): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
  if (!existing && !import.meta.env.PROD) return null;
  if (!existing) void ensureServiceWorker();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const registration = await Promise.race([navigator.serviceWorker.ready, timeout]);
    return registration?.active ? registration : null;
  } finally {
    clearTimeout(timer);
  }
}

/** Calls `listener` when a push reaches this browser (the bell refreshes its list). */
export function onPushReceived(listener: (message: { title?: string; data?: unknown }) => void): () => void {
  if (!serviceWorkerSupported()) return () => undefined;
  const handle = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; title?: string; data?: unknown } | null;
    if (data?.type === PUSH_RECEIVED_MESSAGE) listener({ title: data.title, data: data.data });
  };
  navigator.serviceWorker.addEventListener('message', handle);
  navigator.serviceWorker.startMessages();
  return () => navigator.serviceWorker.removeEventListener('message', handle);
}
