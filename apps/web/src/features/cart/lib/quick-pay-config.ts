import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type Parser } from '../../../lib/api-client';

/**
 * Whether the cart offers the express payment. This is the only part of quick pay in the cart
 * page's own JavaScript; the block and Stripe.js are a lazy chunk, loaded only when this says yes.
 */

/** Stripe's smallest card charge in euros (0,50 €): below it the express payment is not offered. */
export const QUICK_PAY_MIN_CENTS = 50;

/** The Stripe part of the config (a PaymentsPublicConfig['stripe'] fits). */
export type StripeCardConfig = { publishable_key: string; methods: readonly string[] };

function isStripeConfig(value: unknown): value is StripeCardConfig {
  if (!value || typeof value !== 'object') return false;
  const { publishable_key: key, methods } = value as Record<string, unknown>;
  return typeof key === 'string' && Array.isArray(methods) && methods.every((method) => typeof method === 'string');
}

/**
 * GET /api/payments/config read by hand, as the site settings are: checkout's zod schema of it
 * (payments-api.ts) would bring zod's payment and order schemas into the cart page for one flag.
 * Only the Stripe part is read; a shape it does not know means "no quick pay".
 */
export const quickPayConfigPayload: Parser<{ stripe: StripeCardConfig | null }> = {
  safeParse(payload) {
    if (!payload || typeof payload !== 'object') return { success: false };
    const { success, data } = payload as { success?: unknown; data?: unknown };
    if (success !== true || !data || typeof data !== 'object') return { success: false };
    const { stripe } = data as { stripe?: unknown };
    if (stripe === null || stripe === undefined) return { success: true, data: { stripe: null } };
    return isStripeConfig(stripe) ? { success: true, data: { stripe: { publishable_key: stripe.publishable_key, methods: stripe.methods } } } : { success: false };
  },
};

export const quickPayConfigQuery = queryOptions({
  queryKey: ['cart', 'quick-pay', 'config'] as const,
  queryFn: ({ signal }) => apiRequest('/api/payments/config', { schema: quickPayConfigPayload, signal }),
  staleTime: 10 * 60_000,
  // No answer: no express payment, the normal checkout is right above.
  retry: 1,
});

/** The publishable key when Stripe takes cards, else null (no Stripe: no quick pay, no script). */
export function quickPayPublishableKey(config: { stripe: StripeCardConfig | null } | null | undefined): string | null {
  const stripe = config?.stripe;
  if (!stripe || !stripe.publishable_key || !stripe.methods.includes('card')) return null;
  return stripe.publishable_key;
}
