/**
 * Server rendering of the public pages: the HTML a page shows before its JavaScript runs, so it
 * paints at once and search engines read it. Used at build time (prerender.ts, with the default
 * store profile), by the server when staff save another store profile (the pages are rendered
 * again with it) and by the server for each product page it sends with its product (`product`:
 * the page renders the product, which the browser puts in its cache before hydrating). Other data
 * the pages fetch (catalogue, tickets…) is not fetched here: they render their loading state,
 * and the browser hydrates the same markup, then fetches.
 */
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PRERENDERED_NOT_FOUND, PRERENDERED_PRODUCT, PRERENDERED_PRODUCT_SAMPLE, prerenderedPaths } from '@erepare/shared/routes';
import { defaultSiteSettings, type SiteSettings } from '@erepare/shared/site-settings';
import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';
import { productSchema } from '@erepare/shared/schemas/shop';
import { createQueryClient, Providers } from './app/providers';
import { routeObjects } from './app/router';
import { shopKeys } from './lib/shop-api';
import { seedSiteSettings } from './lib/site-settings';

export type Rendered = { html: string; status: number };

/** An inline script the CSP would refuse (JSON data blocks are not scripts). */
const EXECUTABLE_SCRIPT = /<script(?![^>]*type="application\/(?:ld\+)?json")/;

/** A path no route matches: renders the not-found page. */
const UNKNOWN_PATH = '/__page-introuvable__';

/**
 * What is prerendered, as [key, path to render]: every public page, one skeleton for every
 * product page (rendered from a sample address) and the not-found page. The key is what the
 * server looks the copy up by.
 */
export function prerenderJobs(): [string, string][] {
  return [
    ...prerenderedPaths().map((pathname): [string, string] => [pathname, pathname]),
    [PRERENDERED_PRODUCT, PRERENDERED_PRODUCT_SAMPLE],
    [PRERENDERED_NOT_FOUND, UNKNOWN_PATH],
  ];
}

/**
 * What a page is rendered with beyond its address: a product page's product (the API's JSON) and
 * the site settings the server sends with the page (the default ones otherwise).
 */
export type RenderData = { product?: unknown; settings?: SiteSettings };

/**
 * Renders `path` as the browser's first render would; null when the path redirects. A product
 * that does not read as one is an error (the page would not match what the browser hydrates).
 */
export async function render(path: string, storeProfile: StoreProfile = defaultStoreProfile, data: RenderData = {}): Promise<Rendered | null> {
  const handler = createStaticHandler(routeObjects);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  // The server sends the current settings with every page; maintenance pages are not prerendered.
  seedSiteSettings(queryClient, data.settings ?? defaultSiteSettings);
  if (data.product !== undefined) {
    const product = productSchema.parse(data.product);
    queryClient.setQueryData(shopKeys.product(product.id), product);
  }
  // Parts loaded on demand (lazy) are waited for (prerender resolves every Suspense boundary),
  // and written in place: React would otherwise move large parts after the rest, as when
  // streaming, with inline scripts the CSP forbids.
  const { prelude } = await prerender(
    <Providers client={queryClient} storeProfile={storeProfile}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  if (EXECUTABLE_SCRIPT.test(html)) {
    throw new Error(`prerender ${path}: the HTML holds an executable inline script (forbidden by the CSP): ${new RegExp(`${EXECUTABLE_SCRIPT.source}[^>]*>.{0,120}`).exec(html)?.[0] ?? ''}`);
  }
  return { html, status: context.statusCode };
}
