import { queryOptions } from '@tanstack/react-query';
import type { KlarnaPlanId } from '@erepare/shared/payments';
import {
  klarnaCheckoutSessionResponseSchema,
  klarnaSessionResponseSchema,
  paymentConfirmationResponseSchema,
  paymentIntentResponseSchema,
  paymentsConfigResponseSchema,
  paypalOrderResponseSchema,
  type PaymentConfirmation,
} from '@erepare/shared/schemas/payments';
import { apiRequest } from './api-client';

/**
 * Our server's payment endpoints (issue 6). The browser never sends an amount that matters: the
 * server charges the order's own total; the order id and key prove which order is paid.
 */

export type OrderProof = { orderId: number; orderKey: string };

const proof = ({ orderId, orderKey }: OrderProof) => ({ orderId, order_key: orderKey });

/** Public values to load a provider's script (publishable key, PayPal client id). */
export const paymentsConfigQuery = queryOptions({
  queryKey: ['payments', 'config'] as const,
  queryFn: async ({ signal }) => (await apiRequest('/api/payments/config', { schema: paymentsConfigResponseSchema, signal })).data,
  staleTime: 10 * 60_000,
});

// ───────────────────────── Stripe: card, Revolut Pay ─────────────────────────

export function createPaymentIntent(order: OrderProof, paymentMethod: 'stripe' | 'revolut_pay', signal?: AbortSignal) {
  return apiRequest('/api/woocommerce-payments/create-payment-intent', {
    method: 'POST',
    body: { ...proof(order), currency: 'eur', paymentMethod },
    schema: paymentIntentResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function confirmStripePayment(order: OrderProof, paymentIntentId: string): Promise<PaymentConfirmation> {
  return apiRequest('/api/woocommerce-payments/stripe/confirm-payment', {
    method: 'POST',
    body: { ...proof(order), paymentIntentId },
    schema: paymentConfirmationResponseSchema,
  });
}

// ───────────────────────── Klarna (Stripe Checkout) ─────────────────────────

export function createKlarnaSession(order: OrderProof, plan: KlarnaPlanId) {
  return apiRequest('/api/woocommerce-payments/klarna/create-session', {
    method: 'POST',
    body: { ...proof(order), plan, currency: 'eur' },
    schema: klarnaSessionResponseSchema,
  });
}

export function createKlarnaCheckoutSession(order: OrderProof, plan: KlarnaPlanId) {
  return apiRequest('/api/woocommerce-payments/klarna/create-checkout-session', {
    method: 'POST',
    body: { ...proof(order), plan, currency: 'eur' },
    schema: klarnaCheckoutSessionResponseSchema,
  });
}

/** The return page after Klarna: the key is optional (the buyer may come back in another tab). */
export function confirmKlarnaPayment(orderId: number, sessionId: string, orderKey?: string): Promise<PaymentConfirmation> {
  return apiRequest('/api/woocommerce-payments/klarna/confirm', {
    method: 'POST',
    body: { orderId, session_id: sessionId, ...(orderKey ? { order_key: orderKey } : {}) },
    schema: paymentConfirmationResponseSchema,
  });
}

// ───────────────────────── PayPal ─────────────────────────

export function createPaypalOrder(order: OrderProof) {
  return apiRequest('/api/woocommerce-payments/paypal/create-order', {
    method: 'POST',
    body: proof(order),
    schema: paypalOrderResponseSchema,
  });
}

export function capturePaypalOrder(order: OrderProof, paypalOrderId: string): Promise<PaymentConfirmation> {
  return apiRequest('/api/woocommerce-payments/paypal/capture-order', {
    method: 'POST',
    body: { ...proof(order), paypalOrderId },
    schema: paymentConfirmationResponseSchema,
  });
}
