/** /payer-facture (issue 24 §4): rendered in the browser only (the link token or the payment reference is in the query); the server sends the layout and the loading state. */
import { InvoicePayPage } from '../../features/repair-payments/pages/invoice-pay-page';
import { clientOnlyLoader, PageLoading } from '../client-only';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;
export const clientLoader = clientOnlyLoader;
export const HydrateFallback = PageLoading;

export default function Page() {
  return <InvoicePayPage />;
}
