import { PAYMENT_CSP_META } from '@erepare/shared/routes';

/**
 * A payment page reached by a link from a document whose Content-Security-Policy does not allow
 * the payment providers (the catalogue, the home page…) must be loaded as a new document, with the
 * payment page's own policy (DESIGN §4: providers' origins only where used). The server marks the
 * documents that already allow them. The first load of a page (or a reload) is its own document.
 */
export function needsPaymentDocument(targetUrl: string, currentHref: string, doc: Pick<Document, 'querySelector'>): boolean {
  if (doc.querySelector(`meta[name="${PAYMENT_CSP_META}"]`)) return false;
  return targetUrl !== currentHref;
}
