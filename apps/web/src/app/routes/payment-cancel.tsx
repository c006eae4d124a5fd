/** Rendered in the browser only: the server sends the layout and the loading state. */
import { PaymentCancelPage } from '../../features/checkout/pages/payment-cancel-page';
import { paymentClientLoader, PageLoading } from '../client-only';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;
export const clientLoader = paymentClientLoader;
export const HydrateFallback = PageLoading;

export default function Page() {
  return <PaymentCancelPage />;
}
