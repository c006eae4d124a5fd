import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { webServicesKey } from '@erepare/shared/web-context';
import { ProductPage } from '../../features/shop/pages/product-page';
import { shopKeys } from '../../lib/shop-api';
import { pageHead } from '../page-meta';

/**
 * The product comes with the page (the server's HTML shows it, the browser's cache holds it): no
 * request before it paints. Without it (unknown id, catalogue unreachable) the page asks as usual.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const services = context.get(webServicesKey);
  const id = params.productId ?? '';
  const product = services && /^\d{1,9}$/.test(id) ? await services.product(Number(id)).catch(() => null) : null;
  const client = new QueryClient();
  if (product) client.setQueryData(shopKeys.product(product.id), product);
  return { product, dehydratedState: dehydrate(client) };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const meta = (args: MetaArgs) => {
  const product = (args.loaderData as LoaderData | undefined)?.product;
  return pageHead(args, product ? { title: product.name, description: product.short_description, image: product.images[0]?.src ?? null, type: 'product' } : {});
};

export default function Page({ loaderData }: { loaderData: LoaderData }) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ProductPage />
    </HydrationBoundary>
  );
}
