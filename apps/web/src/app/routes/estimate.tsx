/**
 * /devis/consulter?token=… (issue 24 §1): the estimate a secret link opens, rendered on the server
 * with the estimate (or the link's French refusal) so that it paints before any script runs. The
 * answer is this visitor's own: `private, no-store`, never kept by the server's document cache
 * (plugins/react-router.ts) nor by the service worker, and no referrer leaves it with the token.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs } from 'react-router';
import { requestServicesKey, type EstimateLinkPage } from '@erepare/shared/web-context';
import { EstimatePage } from '../../features/estimates/pages/estimate-page';
import { pageMeta } from '../page-meta';

/** What the route gives its page: the link's answer, or nothing when the server could not tell (the page then asks). */
type EstimateRouteData = { initial: EstimateLinkPage | null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const services = context.get(requestServicesKey);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const initial = services && token ? await services.estimateLink(token).catch(() => null) : null;
  const body: EstimateRouteData = { initial };
  return data(body, { status: initial && !initial.ok ? initial.status : 200 });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' });

export const meta = pageMeta;

export default function Page({ loaderData }: { loaderData: EstimateRouteData }) {
  return <EstimatePage initial={loaderData.initial} />;
}
