import type { PaymentIntent, PaymentRequestPaymentMethodEvent, Stripe } from '@stripe/stripe-js';
import { paymentMessages } from '@erepare/shared/payments';
import { ApiError } from '../../../lib/api-client';
import { createOrder, OrderCreationError, staleTotalCode, type StaleTotalCode } from '../../../lib/orders-api';
import { rememberOrder, type OrderReference } from '../../../lib/order-reference';
import { confirmStripePayment, createPaymentIntent } from '../../../lib/payments-api';
import type { QuickPayOrderRequest } from './quick-pay-order';

export type QuickPayOutcome =
  /** Paid and confirmed by our server. */
  | { status: 'paid'; reference: OrderReference }
  /** Charged by Stripe, not yet confirmed by our server (bank delay, or our server unreachable: the webhook finishes it). */
  | { status: 'pending'; reference: OrderReference }
  /** Nothing charged. `stale`: the server's total differs from the one shown (409), the cart must be read again. */
  | { status: 'failed'; message: string; stale: StaleTotalCode | null };

type PaymentEvent = Pick<PaymentRequestPaymentMethodEvent, 'complete' | 'paymentMethod'>;

function orderFailureMessage(error: unknown): string {
  if (error instanceof OrderCreationError) {
    const issues = error.issues.map((issue) => issue.message).filter((message) => message !== error.message);
    return issues.length > 0 ? `${error.message} (${issues.join(', ')})` : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return paymentMessages.genericFailure;
}

const failed = (message: string, stale: StaleTotalCode | null = null): QuickPayOutcome => ({ status: 'failed', message, stale });

/**
 * The express payment once the wallet gave a card (the 'paymentmethod' event), in the order that
 * charges nothing the server has not accepted:
 *   1. the order is created on our server (pending, in-store pickup); a 409 means the total shown
 *      is out of date: nothing is charged and the caller reads the cart again;
 *   2. it is remembered in the tab (its key proves a guest's order to the landing page);
 *   3. our server creates the PaymentIntent for the order's own total;
 *   4. the card is confirmed without Stripe's own dialogs, the sheet is closed ('success'/'fail');
 *      a card asking for 3-D Secure is then confirmed again, with Stripe's dialog this time;
 *   5. our server checks the PaymentIntent with Stripe and marks the order paid.
 * The sheet is always closed: 'fail' before anything was charged, 'success' once the card is accepted.
 */
export async function payWithQuickPay(stripe: Stripe, event: PaymentEvent, request: QuickPayOrderRequest): Promise<QuickPayOutcome> {
  let completed = false;
  const complete = (status: 'success' | 'fail') => {
    if (completed) return;
    completed = true;
    event.complete(status);
  };
  try {
    let reference: OrderReference;
    try {
      const order = await createOrder(request);
      reference = { id: order.id, key: order.order_key ?? '' };
    } catch (error) {
      complete('fail');
      const stale = staleTotalCode(error);
      if (stale) return failed(orderFailureMessage(error), stale);
      return failed(paymentMessages.paymentError(orderFailureMessage(error)));
    }
    // The cart stays until the payment is confirmed: the landing empties it once the order is paid.
    rememberOrder({ ...reference, cartCleared: false });
    const proof = { orderId: reference.id, orderKey: reference.key };

    let clientSecret: string;
    try {
      clientSecret = (await createPaymentIntent(proof, 'stripe')).client_secret;
    } catch (error) {
      complete('fail');
      return failed(paymentMessages.paymentError(error instanceof ApiError ? error.message : paymentMessages.intentCreationFailed));
    }

    const first = await stripe.confirmCardPayment(clientSecret, { payment_method: event.paymentMethod.id }, { handleActions: false });
    if (first.error) {
      complete('fail');
      return failed(paymentMessages.paymentError(first.error.message ?? paymentMessages.genericFailure));
    }
    complete('success');

    let intent: PaymentIntent = first.paymentIntent;
    if (intent.status === 'requires_action') {
      const next = await stripe.confirmCardPayment(clientSecret);
      if (next.error) return failed(paymentMessages.paymentError(next.error.message ?? paymentMessages.genericFailure));
      intent = next.paymentIntent;
    }
    if (intent.status !== 'succeeded' && intent.status !== 'processing' && intent.status !== 'requires_capture') {
      return failed(paymentMessages.paymentError(paymentMessages.paymentDeclined));
    }

    try {
      const confirmation = await confirmStripePayment(proof, intent.id);
      return confirmation.success ? { status: 'paid', reference } : { status: 'pending', reference };
    } catch (error) {
      // The card was charged: when our server could not be reached, Stripe's webhook still marks the
      // order paid, so the customer is sent to the order rather than asked to pay again.
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { status: 'pending', reference };
      return failed(paymentMessages.paymentError(error.message || paymentMessages.confirmationFailed));
    }
  } catch (error) {
    complete('fail');
    return failed(paymentMessages.paymentError(error instanceof Error && error.message ? error.message : paymentMessages.genericFailure));
  }
}
