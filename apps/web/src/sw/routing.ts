import { matchRoute, type PageId } from '@erepare/shared/routes';

/**
 * What the service worker keeps (pure, unit-tested; sw.ts registers Workbox routes with these).
 * Conservative: only public, cookie-independent GETs are ever cached; the API is left alone except
 * the public catalogue.
 */

export const CACHE_PREFIX = 'erepare-';

export type RuntimeCache = 'pages' | 'assets' | 'catalogue';

/**
 * The run-time caches carry the build's version: a new build starts clean and the old ones are
 * deleted on activate. (The precache is Workbox's, updated file by file.)
 */
export function cacheNames(version: string): Record<RuntimeCache, string> {
  return {
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

/** The build's version, from the precache list (any file of the shell that changes changes it). */
export function buildVersion(entries: readonly (string | { url: string; revision?: string | null })[]): string {
  // FNV-1a (32 bits): the worker has no synchronous digest, and this only tells builds apart.
  let hash = 0x811c9dc5;
  const text = entries.map((entry) => (typeof entry === 'string' ? entry : `${entry.url}@${entry.revision ?? ''}`)).join('\n');
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Entries kept in each run-time cache (the least recently used dropped first). */
export const CACHE_LIMITS = { pages: 30, assets: 150, catalogue: 60 } as const satisfies Record<RuntimeCache, number>;

/** Navigation network-first: after this, a kept copy is shown if there is one (spec: 3 s). */
export const NAVIGATION_TIMEOUT_SECONDS = 3;

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
  // Issue 24: pages opened by a customer's secret link (estimate, booking, invoice to pay).
  'estimate',
  'booking-manage',
  'invoice-pay',
]);

export function isCacheablePage(pathname: string): boolean {
  const match = matchRoute(pathname);
  if (match.kind === 'home-fallback') return true;
  return match.kind === 'page' && !PRIVATE_PAGES.has(match.route.page);
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The public catalogue: products, one product, categories (no session-dependent content). */
export function isCataloguePath(pathname: string): boolean {
  return /^\/api\/shop\/(products|categories)(\/|$)/.test(pathname);
}

/** Build files under /assets/ carry a content hash in their name: they never change under it. */
export function isHashedAsset(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

/** What Workbox's route matchers are given (a subset of its RouteMatchCallbackOptions). */
export type MatchOptions = { url: URL; request: { mode: string }; sameOrigin: boolean };

/** A catalogue answer, whoever asks (a script, or a navigation to the JSON itself). */
export const isCatalogueRequest = ({ url, sameOrigin }: MatchOptions): boolean => sameOrigin && isCataloguePath(url.pathname);

/** A navigation to a page that may be kept. */
export const isPublicPageNavigation = ({ url, request, sameOrigin }: MatchOptions): boolean =>
  sameOrigin && request.mode === 'navigate' && !isApiPath(url.pathname) && isCacheablePage(url.pathname);

/** Any other navigation, but to the API: network only, the offline page when it fails. */
export const isOtherPageNavigation = ({ url, request, sameOrigin }: MatchOptions): boolean =>
  sameOrigin && request.mode === 'navigate' && !isApiPath(url.pathname);

/** A hashed build file that is not precached (sw.ts registers this after the precache route). */
export const isAssetRequest = ({ url, sameOrigin }: MatchOptions): boolean => sameOrigin && isHashedAsset(url.pathname);

const FILE_LIKE = /\.[a-z0-9]{1,8}$/i;

/**
 * Where an address the page loaded before the worker controlled it is kept (the page sends them:
 * lib/service-worker.ts): a catalogue answer, a hashed build file, or the page itself. Precached
 * files and everything else are left alone.
 */
export function warmCache(url: URL, precached: boolean): RuntimeCache | null {
  const { pathname } = url;
  if (isApiPath(pathname)) return isCataloguePath(pathname) ? 'catalogue' : null;
  if (precached) return null;
  if (isHashedAsset(pathname)) return 'assets';
  return !FILE_LIKE.test(pathname) && isCacheablePage(pathname) ? 'pages' : null;
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
