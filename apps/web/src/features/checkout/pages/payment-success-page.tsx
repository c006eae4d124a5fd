import { Navigate, useSearchParams } from 'react-router';
import { PaymentResult } from '../components/payment-result';
import { orderPagePath } from '../lib/order-reference';

/**
 * Return address of PayPal / Klarna after a payment (spec 2 §2). With ?order=&key= the order page
 * takes over (it shows the server's state of the order); otherwise a plain confirmation.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('order'));
  const key = params.get('key')?.trim() ?? '';
  if (Number.isInteger(id) && id > 0 && key) return <Navigate replace to={orderPagePath({ id, key })} />;
  return (
    <PaymentResult outcome="success" title="Paiement accepté">
      <p>Merci ! Votre paiement a bien été pris en compte.</p>
      <p>Vous recevez un e-mail de confirmation ; vos commandes sont aussi dans votre espace client.</p>
    </PaymentResult>
  );
}
