import type { QueryClient } from '@tanstack/react-query';
import type { Product } from '@erepare/shared/schemas/shop';
import { EMBEDDED_PRODUCT_ELEMENT_ID } from '@erepare/shared/site-settings';
import { shopKeys } from './shop-keys';

/**
 * A product page the server rendered with its product (the embedded product marked
 * `data-rendered`): the product goes into the query cache before the page hydrates, so the first
 * render is the one in the HTML. True when it did; null when there is nothing to put (another
 * page, or a product page sent as its skeleton); false when the product could not be read (the
 * page is then drawn afresh).
 * - Straight from the server, the product is taken as it is: the server rendered the page from it
 *   after reading it with the same schema (entry-server.tsx), for this very response. Loading the
 *   schemas (zod) first would hold the page's hydration back for nothing.
 * - A page a service worker may have served from its cache (perhaps from an older version of the
 *   site) is read with the schema, and the product is marked stale: it is asked again at once.
 */
export async function primeRenderedProduct(client: QueryClient, doc: Document = document): Promise<boolean | null> {
  const element = doc.getElementById(EMBEDDED_PRODUCT_ELEMENT_ID);
  if (!element || !element.hasAttribute('data-rendered')) return null;
  const id = /^\/produit\/(\d{1,10})\/?$/.exec(doc.location.pathname)?.[1];
  const cached = typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
  try {
    const json = JSON.parse(element.textContent ?? '') as unknown;
    let product: Product | null = null;
    if (cached) {
      const parsed = (await import('@erepare/shared/schemas/shop')).productSchema.safeParse(json);
      product = parsed.success ? parsed.data : null;
    } else if (json && typeof json === 'object' && typeof (json as { id?: unknown }).id === 'number') {
      product = json as Product;
    }
    if (!product || String(product.id) !== id) return false;
    client.setQueryData(shopKeys.product(product.id), product, { updatedAt: cached ? 0 : Date.now() });
    element.remove();
    return true;
  } catch {
    return false;
  }
}

