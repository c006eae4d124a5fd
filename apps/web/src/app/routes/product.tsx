import { dehydrate, HydrationBoundary, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import type { Product } from '@erepare/shared/schemas/shop';
import { shopMessages } from '@erepare/shared/shop';
import { webServicesKey } from '@erepare/shared/web-context';
import { ProductPage } from '../../features/shop/pages/product-page';
import { shopKeys } from '../../lib/shop-api';
import { pageHead } from '../page-meta';

/** What the product route gives its page and its head. */
type ProductData = { product: Product | null; notFound: boolean; dehydratedState: DehydratedState };

/**
 * The product comes with the page (the server's HTML shows it, the browser's cache holds it): no
 * request before it paints. An id the catalogue does not hold (unknown, deleted, hidden, or not a
 * number) answers 404, never indexed. Without an answer (catalogue unreachable) the page asks as
 * usual.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const services = context.get(webServicesKey);
  const id = params.productId ?? '';
  const valid = /^\d{1,9}$/.test(id);
  // undefined: not known here (no services, catalogue unreachable); null: no such product.
  const product = services && valid ? await services.product(Number(id)).catch(() => undefined) : undefined;
  const client = new QueryClient();
  if (product) client.setQueryData(shopKeys.product(product.id), product);
  const notFound = services !== null && (!valid || product === null);
  const body: ProductData = { product: product ?? null, notFound, dehydratedState: dehydrate(client) };
  return notFound ? data(body, { status: 404 }) : body;
}

export const meta = (args: MetaArgs) => {
  const loaded = args.loaderData as ProductData | undefined;
  const product = loaded?.product;
  if (loaded?.notFound) return pageHead(args, { title: shopMessages.productNotFound, noindex: true });
  return pageHead(args, product ? { title: product.name, description: product.short_description, image: product.images[0]?.src ?? null, type: 'product' } : {});
};

export default function Page({ loaderData }: { loaderData: ProductData }) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ProductPage notFound={loaderData.notFound} />
    </HydrationBoundary>
  );
}
