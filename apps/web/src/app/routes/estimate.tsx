/** /devis/consulter?token=… (issue 24 §1): rendered in the browser only (the token is in the query); the server sends the layout and the loading state. */
import { EstimatePage } from '../../features/estimates/pages/estimate-page';
import { clientOnlyLoader, PageLoading } from '../client-only';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;
export const clientLoader = clientOnlyLoader;
export const HydrateFallback = PageLoading;

export default function Page() {
  return <EstimatePage />;
}
