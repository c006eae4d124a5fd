import { useSearchParams } from 'react-router';
import { paymentMessages } from '@erepare/shared/payments';
import { ButtonLink } from '../../../components/ui/button';
import { PaymentResult } from '../components/payment-result';
import { orderPagePath } from '../../../lib/order-reference';
import { returnReference } from '../payments/payment-return';

/**
 * Return address of PayPal / Klarna when the customer gives up the payment (spec 2 §2). The order
 * stays pending: its page (known by this tab's key) offers the payment again.
 */
export function PaymentCancelPage() {
  const [params] = useSearchParams();
  const reference = returnReference(params);
  return (
    <PaymentResult
      outcome="cancel"
      title="Paiement annulé"
      actions={
        <>
          {reference ? (
            <ButtonLink to={orderPagePath(reference)}>Revenir à ma commande</ButtonLink>
          ) : (
            <ButtonLink to="/checkout">Revenir à la commande</ButtonLink>
          )}
          <ButtonLink to="/boutique" variant="secondary">
            Continuer les achats
          </ButtonLink>
        </>
      }
    >
      <p role="status">{paymentMessages.returnCancelled}</p>
      <p>
        Aucun paiement n’a été effectué. Sans paiement, la commande est annulée automatiquement au bout de 60 minutes et les articles
        réservés sont remis en vente.
      </p>
    </PaymentResult>
  );
}
