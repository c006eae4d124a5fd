import { orderReferenceFrom } from '../lib/order-reference';
import { OrderLookup } from './order-lookup';
import { PaymentResult } from './payment-result';

/**
 * /checkout?success=true&quick=true: landing after an express payment from the cart (the payments
 * issue fills the flow). With an order reference the order is shown; otherwise a plain confirmation.
 */
export function QuickPaymentLanding({ params }: { params: URLSearchParams }) {
  const reference = orderReferenceFrom(params);
  if (reference) return <OrderLookup reference={reference} lead="Paiement accepté" />;
  return (
    <PaymentResult outcome="success" title="Paiement accepté">
      <p>Merci pour votre commande ! Votre paiement a bien été reçu.</p>
      <p>Vous recevez un e-mail de confirmation avec le détail de votre commande.</p>
    </PaymentResult>
  );
}
