import { LRUCache } from 'lru-cache';

/** A rendered document as sent: status, headers, body, and its compressed forms once made. */
export type CachedDocument = {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
};

export type DocumentCache = {
  get(key: string): CachedDocument | undefined;
  set(key: string, document: CachedDocument): void;
  /** Staff saved what every page shows (site settings, store profile): render afresh. */
  invalidate(): void;
};

/**
 * How long a rendered page is served as it is. Pages read nothing personal (loaders never read the
 * session); the one kind that reads its visitor's own data (the estimate a secret link opens, through
 * RequestServices) answers `private, no-store` and is never kept (react-router.ts). What changes without a save of the settings or the profile (a product's stock or price)
 * shows within this time, and the server stays the authority at checkout.
 */
export const DOCUMENT_CACHE_MS = 10_000;

/** Rendered pages kept a few seconds (React Router renders cost milliseconds of processor each). */
export function createDocumentCache(ttlMs = DOCUMENT_CACHE_MS): DocumentCache {
  const cache = new LRUCache<string, CachedDocument>({ max: 500, ttl: ttlMs, ttlAutopurge: false });
  return {
    get: (key) => cache.get(key),
    set: (key, document) => {
      cache.set(key, document);
    },
    invalidate: () => cache.clear(),
  };
}
