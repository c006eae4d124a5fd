/**
 * What the server hands the web app's route loaders when it renders a page (React Router's load
 * context): the data of the first paint and the document's security policy. Loaders never import
 * server code: the server implements these (apps/server/src/plugins/web-services.ts).
 */
import type { SiteSettings } from './site-settings.js';
import type { StoreProfile } from './store-profile.js';
import type { EstimateLinkView } from './schemas/estimates.js';
import type { Product, ProductListResponse } from './schemas/shop.js';

export type WebServices = {
  siteSettings(): Promise<SiteSettings>;
  storeProfile(): Promise<StoreProfile>;
  /** The product as `GET /api/shop/products/:id` answers it; null when there is none. */
  product(id: number): Promise<Product | null>;
  /** The catalogue's first page (newest first) as `GET /api/shop/products` answers it; null when unreachable. */
  firstProducts(): Promise<ProductListResponse | null>;
  /** The site's public address (canonical links). */
  publicUrl: string;
  /** Service SMS configured (issue 24 §5): the quote form then offers its SMS box. */
  smsEnabled?: boolean;
};

/** The estimate a secret link opens, as `GET /api/estimate-links/view` answers it, or its French refusal. */
export type EstimateLinkPage = { ok: true; view: EstimateLinkView } | { ok: false; status: number; message: string };

/**
 * What one request's loaders may read about that request's own visitor (unlike WebServices, which
 * every visitor shares). A document that used it is personal: it is sent `Cache-Control: private,
 * no-store` and never kept in the server's document cache.
 */
export type RequestServices = {
  /** The estimate page's first paint (issue 24 §1), under the same rate limit as the API's answer. */
  estimateLink(token: string): Promise<EstimateLinkPage>;
};

export type DocumentPolicy = {
  /** The document's CSP allows the payment providers (the page may load them). */
  paymentReady: boolean;
  /** The Content-Security-Policy header of a document whose inline scripts have these hashes. */
  cspHeader(scriptHashes: readonly string[]): string;
};

/** A key of React Router's context (structurally its `RouterContext`). */
export type ContextKey<T> = { defaultValue?: T };

/**
 * One key per process, whichever copy of this module asks (the server's compiled one and the one
 * bundled in the web app's server build): React Router looks values up by the key's identity.
 */
function contextKey<T>(name: string): ContextKey<T | null> {
  const registry = globalThis as unknown as Record<symbol, ContextKey<T | null> | undefined>;
  const symbol = Symbol.for(`erepare.web-context.${name}`);
  return (registry[symbol] ??= { defaultValue: null });
}

export const webServicesKey = contextKey<WebServices>('services');
export const documentPolicyKey = contextKey<DocumentPolicy>('policy');
export const requestServicesKey = contextKey<RequestServices>('request');
