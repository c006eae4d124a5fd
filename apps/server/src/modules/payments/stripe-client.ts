import Stripe from 'stripe';
import type { Config } from '../../config.js';

export type StripeSettings = NonNullable<Config['payments']['stripe']>;

/**
 * The API version every request is made with: the one this SDK release was generated for. Pinned
 * here so that upgrading the `stripe` package is a deliberate change (the compiler refuses a
 * version the SDK's types do not describe) rather than a silent switch of the wire format.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/**
 * Timeout and retries of the client. A buyer waits on these calls, so 10 s rather than the SDK's
 * 80 s; two retries with the SDK's backoff cover a lost connection. Mutable only so the tests can
 * shorten the timeout before building an app (they exercise real timeouts against the fake).
 */
export const stripeClientTuning = { timeoutMs: 10_000, maxNetworkRetries: 2 };

/** The SDK pointed at STRIPE_API_URL (api.stripe.com in production, the local fake in tests). */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port,
    protocol,
    telemetry: false,
    maxNetworkRetries: stripeClientTuning.maxNetworkRetries,
    timeout: stripeClientTuning.timeoutMs,
  });
}

/** How a failed call to Stripe is answered: it did not answer (503) or it refused (502). */
export type StripeFailureKind = 'unavailable' | 'refused';

export function stripeFailureKind(error: unknown): StripeFailureKind {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeRateLimitError) return 'unavailable';
  return 'refused';
}

/** What may be logged about a Stripe failure: its kind and codes, never a key, secret or body. */
export function stripeErrorSummary(error: unknown): Record<string, string | number | undefined> {
  if (error instanceof Stripe.errors.StripeError) {
    return { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId };
  }
  return { type: error instanceof Error ? error.name : typeof error };
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}
