import type { WorkboxPlugin } from 'workbox-core/types';
import { SHELL_URL } from './precache';
import { isFresh, isStorable, pageKey } from './routing';

/** Workbox plugins (its extension point for strategies) carrying the rules of routing.ts. */

/** Only whole, same-origin 200 answers are kept (Workbox's default would keep opaque ones too). */
export const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorable(response) ? response : null),
};

/** A page is kept and looked up under its path alone. */
export const byPagePath: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageKey(request.url),
};

/** The home page not kept yet: the precached shell stands in for it (after 3 s, or offline). */
export function shellForHome(shell: () => Promise<Response | undefined>): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) => cachedResponse ?? (new URL(request.url).pathname === SHELL_URL ? shell() : null),
  };
}

/**
 * The catalogue's freshness rule on top of stale-while-revalidate: a kept answer is shown first
 * only while recent (CATALOGUE_FRESH_MS); older, the network is waited for, and the kept answer,
 * however old, is what a failed request gets.
 */
export function catalogueFreshness(keptCopy: (request: Request) => Promise<Response | undefined>, now: () => number = Date.now): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse && isFresh(cachedResponse.headers.get('date'), now()) ? cachedResponse : null),
    handlerDidError: async ({ request }) => keptCopy(request),
  };
}
