import { ButtonLink } from '../../../components/ui/button';
import { PaymentResult } from '../components/payment-result';

/** Return address of PayPal / Klarna when the customer gives up the payment (spec 2 §2). */
export function PaymentCancelPage() {
  return (
    <PaymentResult
      outcome="cancel"
      title="Paiement annulé"
      actions={
        <>
          <ButtonLink to="/checkout">Revenir à la commande</ButtonLink>
          <ButtonLink to="/panier" variant="secondary">
            Voir mon panier
          </ButtonLink>
        </>
      }
    >
      <p>Aucun paiement n’a été effectué.</p>
      <p>
        Votre commande reste en attente de paiement : sans paiement, elle est annulée automatiquement au bout de 60 minutes et les
        articles réservés sont remis en vente.
      </p>
    </PaymentResult>
  );
}
