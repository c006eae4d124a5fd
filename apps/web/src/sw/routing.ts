import { matchRoute, type PageId } from '@erepare/shared/routes';

/**
 * What the service worker does with a request (pure, unit-tested). Conservative: only public,
 * cookie-independent GETs are ever cached; the API is left alone except the public catalogue.
 */

export const CACHE_PREFIX = 'erepare-';

export type CacheNames = { precache: string; pages: string; assets: string; catalogue: string };

/** Every cache name carries the build's version: a new build starts clean, old caches are deleted. */
export function cacheNames(version: string): CacheNames {
  return {
    precache: `${CACHE_PREFIX}precache-${version}`,
    pages: `${CACHE_PREFIX}pages-${version}`,
    assets: `${CACHE_PREFIX}assets-${version}`,
    catalogue: `${CACHE_PREFIX}catalogue-${version}`,
  };
}

/** Our caches from another build (to delete on activate); other caches of the origin are left alone. */
export function staleCaches(existing: readonly string[], version: string): string[] {
  const current = new Set(Object.values(cacheNames(version)));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name));
}

/** Entries kept in each runtime cache (oldest dropped first). */
export const CACHE_LIMITS = { pages: 30, assets: 150, catalogue: 60 } as const;

/** Navigation network-first: after this, a cached copy is shown if there is one (spec: 3 s). */
export const NAVIGATION_TIMEOUT_MS = 3000;

export const OFFLINE_URL = '/offline.html';

/**
 * A kept catalogue answer is shown at once (and refreshed behind) only while it is this recent;
 * older, the network is asked first and the kept answer is the offline fallback, so prices and
 * stock never lag by more than this on a visit.
 */
export const CATALOGUE_FRESH_MS = 5 * 60_000;

/** Whether a kept answer (its Date header) is recent enough to be shown before the network's. */
export function isFresh(dateHeader: string | null, now: number, maxAgeMs = CATALOGUE_FRESH_MS): boolean {
  if (!dateHeader) return false;
  const date = Date.parse(dateHeader);
  return Number.isFinite(date) && now - date >= -60_000 && now - date < maxAgeMs;
}

/**
 * Pages whose HTML may be kept: public pages only. Account, password and e-mail flows, admin,
 * the cart and payment pages (their HTML carries another CSP and must come fresh from the
 * network), maintenance and the test page are never kept.
 */
const PRIVATE_PAGES: ReadonlySet<PageId> = new Set<PageId>([
  'account',
  'forgot-password',
  'reset-password',
  'verify-email',
  'admin',
  'cart',
  'checkout',
  'order',
  'payment-success',
  'payment-cancel',
  'maintenance',
  'test-notifications',
  'shop-beta',
]);

export function isCacheablePage(pathname: string): boolean {
  const match = matchRoute(pathname);
  if (match.kind === 'home-fallback') return true;
  return match.kind === 'page' && !PRIVATE_PAGES.has(match.route.page);
}

/** The public catalogue: products, one product, categories (no session-dependent content). */
const CATALOGUE = /^\/api\/shop\/(products|categories)(\/|$)/;

export type RequestInfo = { url: string; method: string; mode: string };

export type Decision =
  | { strategy: 'network' }
  | { strategy: 'navigate'; cacheable: boolean }
  | { strategy: 'precache' }
  | { strategy: 'cache-first'; cache: 'assets' }
  | { strategy: 'stale-while-revalidate'; cache: 'catalogue' };

/** Build files under /assets/ carry a content hash in their name: they never change under it. */
export function isHashedAsset(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

export function decide(request: RequestInfo, origin: string, precached: ReadonlySet<string>): Decision {
  if (request.method !== 'GET') return { strategy: 'network' };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { strategy: 'network' };
  }
  if (url.origin !== origin) return { strategy: 'network' };
  const { pathname } = url;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    return CATALOGUE.test(pathname) ? { strategy: 'stale-while-revalidate', cache: 'catalogue' } : { strategy: 'network' };
  }
  if (request.mode === 'navigate') return { strategy: 'navigate', cacheable: isCacheablePage(pathname) };
  if (pathname === '/sw.js') return { strategy: 'network' };
  if (precached.has(pathname) && !url.search) return { strategy: 'precache' };
  if (isHashedAsset(pathname)) return { strategy: 'cache-first', cache: 'assets' };
  return { strategy: 'network' };
}

/** A page is kept under its path alone (queries such as ?ticket= are not part of the key). */
export function pageKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '/'}`;
}

/** Only whole, same-origin, successful answers are kept. */
export function isStorable(response: { ok: boolean; status: number; type: string; redirected: boolean }): boolean {
  return response.ok && response.status === 200 && response.type === 'basic' && !response.redirected;
}
