import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { webServicesKey } from '@erepare/shared/web-context';
import { firstCatalogueQuery, readCatalogueParams, writeCatalogueParams } from '../../features/shop/lib/catalogue-params';
import { ShopPage } from '../../features/shop/pages/shop-page';
import { shopKeys } from '../../lib/shop-api';
import { pageMeta } from '../page-meta';

/**
 * The catalogue's first page comes with `/boutique` (newest first, no filter): the server's HTML
 * lists the products with their links, and the browser's cache holds them. A filtered or later
 * page (`?search=`, `?page=2`…) is asked by the page as usual.
 */
export async function loader({ url, context }: LoaderFunctionArgs) {
  const services = context.get(webServicesKey);
  const client = new QueryClient();
  // Parameters that do not change the list (a campaign's utm_*, a promo code) still get it.
  if (services && writeCatalogueParams(readCatalogueParams(url.searchParams)).size === 0) {
    const first = await services.firstProducts().catch(() => null);
    if (first) client.setQueryData(shopKeys.products(firstCatalogueQuery()), first);
  }
  return { dehydratedState: dehydrate(client) };
}

export const meta = pageMeta;

export default function Page({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ShopPage />
    </HydrationBoundary>
  );
}
