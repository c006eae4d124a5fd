import { orderReferenceFrom, readOrderReference } from '../../../lib/order-reference';
import { OrderLookup } from './order-lookup';
import { NoPaymentToConfirm } from './payment-result';

/**
 * /checkout?success=true&quick=true: landing after an express payment from the cart (the payments
 * issue fills the flow). With an order reference the order is shown (« Paiement accepté » once the
 * server says it is paid); without one there is no payment to speak of.
 */
export function QuickPaymentLanding({ params }: { params: URLSearchParams }) {
  // Without ?order=, only an order this tab has just placed and not yet seen paid (an older order
  // of the tab must not be shown as the one just paid).
  const remembered = readOrderReference();
  const reference = params.has('order') ? orderReferenceFrom(params) : remembered && !remembered.cartCleared ? remembered : null;
  if (reference) return <OrderLookup reference={reference} lead="Paiement accepté" />;
  return <NoPaymentToConfirm />;
}
