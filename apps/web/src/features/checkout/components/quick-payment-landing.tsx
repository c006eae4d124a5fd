import { orderReferenceFrom, readOrderReference } from '../../../lib/order-reference';
import { OrderLookup } from './order-lookup';
import { PaymentResult } from './payment-result';

/**
 * /checkout?success=true&quick=true: landing after an express payment from the cart (the payments
 * issue fills the flow). With an order reference the order is shown; otherwise a plain confirmation.
 */
export function QuickPaymentLanding({ params }: { params: URLSearchParams }) {
  // Without ?order=, only an order this tab has just placed and not yet seen paid (an older order
  // of the tab must not be shown as the one just paid).
  const remembered = readOrderReference();
  const reference = params.has('order') ? orderReferenceFrom(params) : remembered && !remembered.cartCleared ? remembered : null;
  if (reference) return <OrderLookup reference={reference} lead="Paiement accepté" />;
  return (
    <PaymentResult outcome="success" title="Paiement accepté">
      <p>Merci pour votre commande ! Votre paiement a bien été reçu.</p>
      <p>Vous recevez un e-mail de confirmation avec le détail de votre commande.</p>
    </PaymentResult>
  );
}
