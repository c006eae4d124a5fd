import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paymentMessages } from '@erepare/shared/payments';
import type { PaymentConfirmation } from '@erepare/shared/schemas/payments';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { clearCart } from '../../../lib/cart-store';
import { NoPaymentToConfirm, PaymentResult } from '../components/payment-result';
import { clearCheckoutDraft } from '../lib/checkout-draft';
import { orderPagePath, readOrderReference, rememberOrder } from '../../../lib/order-reference';
import { paymentErrorMessage } from '../payments/payment-errors';
import { parsePaymentReturn, rememberedKeyOf, type PaymentConfirmedState, type PaymentReturn } from '../payments/payment-return';
import { capturePaypalOrder, confirmKlarnaPayment, confirmStripePayment } from '../../../lib/payments-api';

/**
 * Return address after a payment that left the site (spec 2 §2):
 *   - Klarna (?provider=klarna&order=&session_id=), a Stripe redirect (?provider=stripe&order=
 *     &payment_intent=) and PayPal's site (?provider=paypal&order=&token=): our server confirms
 *     (PayPal: captures) with the provider, then the order page opens with
 *     "Paiement confirmé"; still at the bank: "Paiement en cours de confirmation"; refused: the
 *     French reason and the way back to the order to pay again;
 *   - ?order=&key=: the order page;
 *   - nothing: no payment to confirm (never « Paiement accepté »).
 */
/** What Stripe appends to a return address and must not stay in the address bar or the history. */
const RETURN_SECRETS = ['payment_intent_client_secret', 'setup_intent_client_secret'];

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const back = parsePaymentReturn(params);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!RETURN_SECRETS.some((name) => url.searchParams.has(name))) return;
    for (const name of RETURN_SECRETS) url.searchParams.delete(name);
    // The router's own state is kept: this only rewrites the address shown and stored in history.
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  if (back.kind === 'reference') return <Navigate replace to={orderPagePath(back.reference)} />;
  if (back.kind !== 'none') return <ProviderReturn key={providerReference(back)} back={back} />;
  // Opened by hand, or an old bookmark: no payment to confirm, never « Paiement accepté ».
  return <NoPaymentToConfirm />;
}

type ProviderBack = Extract<PaymentReturn, { kind: 'klarna' | 'stripe' | 'paypal' }>;

const providerReference = (back: ProviderBack) =>
  back.kind === 'klarna' ? back.sessionId : back.kind === 'stripe' ? back.paymentIntentId : back.paypalOrderId;

/**
 * Asks our server; null when it cannot be asked without this tab's key (the buyer left from this
 * tab, so the key is normally there): a Stripe payment is then confirmed by the webhook.
 */
function confirmReturn(back: ProviderBack, key: string | null): Promise<PaymentConfirmation | null> {
  if (back.kind === 'klarna') return confirmKlarnaPayment(back.orderId, back.sessionId, key ?? undefined);
  if (!key) return Promise.resolve(null);
  const proof = { orderId: back.orderId, orderKey: key };
  return back.kind === 'stripe' ? confirmStripePayment(proof, back.paymentIntentId) : capturePaypalOrder(proof, back.paypalOrderId);
}

/** The order this tab placed is paid: its cart goes, once (a reload does not empty a new cart). */
function clearCartOnce(orderId: number): void {
  const remembered = readOrderReference();
  if (!remembered || remembered.id !== orderId || remembered.cartCleared) return;
  clearCart();
  clearCheckoutDraft();
  rememberOrder({ ...remembered, cartCleared: true });
}

function ProviderReturn({ back }: { back: ProviderBack }) {
  const key = rememberedKeyOf(back.orderId);
  const reference = key ? { id: back.orderId, key } : null;
  const confirmation = useQuery({
    queryKey: ['payments', 'return', back] as const,
    queryFn: () => confirmReturn(back, key),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const paid = confirmation.data?.success === true;

  useEffect(() => {
    if (paid) clearCartOnce(back.orderId);
  }, [paid, back.orderId]);

  if (confirmation.isPending) return <Spinner label="Confirmation de votre paiement…" />;

  const orderLink = reference ? (
    <ButtonLink to={orderPagePath(reference)}>Voir ma commande</ButtonLink>
  ) : (
    <ButtonLink to="/compte?tab=orders">Voir mes commandes</ButtonLink>
  );
  const shopLink = (
    <ButtonLink to="/boutique" variant="secondary">
      Continuer les achats
    </ButtonLink>
  );

  if (confirmation.isError) {
    return (
      <PaymentResult
        outcome="error"
        title="Paiement non confirmé"
        actions={
          <>
            {reference ? <ButtonLink to={orderPagePath(reference)}>Revenir à ma commande pour payer</ButtonLink> : orderLink}
            {shopLink}
          </>
        }
      >
        <p role="alert" className="font-medium text-red-800 dark:text-red-200">
          {paymentErrorMessage(confirmation.error, back.kind === 'paypal' ? 'capture' : 'confirm')}
        </p>
        <p>Votre commande reste en attente de paiement&nbsp;: vous pouvez réessayer ou choisir un autre mode de paiement.</p>
      </PaymentResult>
    );
  }

  const answer = confirmation.data;
  if (answer?.success) {
    if (reference) {
      const state: PaymentConfirmedState = { paymentConfirmed: true };
      return <Navigate replace to={orderPagePath(reference)} state={state} />;
    }
    return (
      <PaymentResult outcome="success" title="Paiement confirmé" actions={<>{orderLink}{shopLink}</>}>
        {answer.data ? (
          <p>
            Commande n° <strong>{answer.data.number}</strong>&nbsp;: {answer.data.status_label}.
          </p>
        ) : null}
        <p>Merci&nbsp;! Vous recevez un e-mail de confirmation&nbsp;; vos commandes sont aussi dans votre espace client.</p>
      </PaymentResult>
    );
  }

  return (
    <PaymentResult outcome="pending" title="Paiement en cours de confirmation" actions={<>{orderLink}{shopLink}</>}>
      <p role="status">{paymentMessages.returnPending}</p>
    </PaymentResult>
  );
}
