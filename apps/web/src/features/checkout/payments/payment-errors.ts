import { paymentMessages } from '@erepare/shared/payments';
import { ApiError, UNAVAILABLE_MESSAGE } from '../../../lib/api-client';
import { StripeLoadError } from '../../../lib/load-stripe';

/**
 * The French text of a payment failure (spec 2 §8), shown in the page's alert
 * "Erreur de paiement: {msg}". The order of the original widgets is kept:
 *   - our server refused with a message (4xx/5xx): its message;
 *   - it answered an error without a message (a proxy's HTML page…): "Erreur HTTP {status}";
 *   - it answered 2xx but not what we expected: the step's own text ("Erreur lors de la création du
 *     Payment Intent", "Erreur lors de la confirmation du paiement", "Erreur lors de la capture du
 *     paiement PayPal");
 *   - Stripe.js could not be loaded: "Impossible de charger Stripe";
 *   - anything else: "Une erreur est survenue lors du paiement".
 * A network failure keeps the client's message ("Problème de connexion au serveur…"): it tells the
 * buyer what to do.
 */
export type PaymentStage = 'intent' | 'confirm' | 'capture' | 'paypal-order' | 'klarna';

const stageFallback: Record<PaymentStage, string> = {
  intent: paymentMessages.intentCreationFailed,
  confirm: paymentMessages.confirmationFailed,
  capture: paymentMessages.paypalCaptureFailed,
  'paypal-order': paymentMessages.genericFailure,
  klarna: paymentMessages.klarnaUnavailable,
};

export function paymentErrorMessage(error: unknown, stage: PaymentStage): string {
  if (error instanceof StripeLoadError) return paymentMessages.stripeLoadFailed;
  if (error instanceof ApiError) {
    if (error.status === 0) return error.message;
    if (error.status >= 400) return error.message === UNAVAILABLE_MESSAGE ? paymentMessages.httpError(error.status) : error.message;
    return stageFallback[stage];
  }
  return paymentMessages.genericFailure;
}

/**
 * Klarna (spec 2 §8): a refusal about the order itself (4xx: no longer payable, wrong method…) keeps
 * the server's words; everything else (Stripe down: 503, network, bad answer) is "Service Klarna
 * temporairement indisponible. Veuillez utiliser le paiement par carte bancaire.".
 */
export function klarnaErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message !== UNAVAILABLE_MESSAGE) return error.message;
  return paymentMessages.klarnaUnavailable;
}

/** The page alert of a failure, with the provider's variant (spec 2 §8). */
export function paymentAlertText(paymentMethod: string, message: string): string {
  switch (paymentMethod) {
    case 'klarna':
      return paymentMessages.klarnaPaymentError(message);
    case 'paypal':
      return paymentMessages.paypalPaymentError(message);
    case 'revolut_pay':
      return paymentMessages.revolutPaymentError(message);
    default:
      return paymentMessages.paymentError(message);
  }
}
