/**
 * Pages rendered in the browser only (account, admin, cart, checkout, order and payment pages):
 * they show one person's data, which the server's HTML never holds. The server renders the layout
 * with the loading state (HydrateFallback); the page renders once the browser has run its code.
 */
import { Spinner } from '../components/ui/spinner';
import { needsPaymentDocument } from '../lib/payment-document';

export async function clientOnlyLoader(): Promise<null> {
  return null;
}
clientOnlyLoader.hydrate = true as const;

/**
 * A payment page reached from a document whose CSP does not allow the payment providers is
 * loaded as a new document, with its own policy (DESIGN §4).
 */
export async function paymentClientLoader({ request }: { request: Request }): Promise<null> {
  if (!needsPaymentDocument(request.url, window.location.href, document)) return null;
  window.location.assign(request.url);
  // The page is being replaced: keep the current one on screen meanwhile.
  return new Promise<never>(() => undefined);
}
paymentClientLoader.hydrate = true as const;

export function PageLoading() {
  return <Spinner fullScreen label="Chargement…" />;
}
