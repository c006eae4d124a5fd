/** Rendered in the browser only: the server sends the layout and the loading state. */
import { ResetPasswordPage } from '../../features/account/pages/reset-password-page';
import { clientOnlyLoader, PageLoading } from '../client-only';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;
export const clientLoader = clientOnlyLoader;
export const HydrateFallback = PageLoading;

export default function Page() {
  return <ResetPasswordPage />;
}
