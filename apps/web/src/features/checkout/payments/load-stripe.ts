import type { Stripe } from '@stripe/stripe-js';
import { paymentMessages } from '@erepare/shared/payments';

/**
 * Stripe.js, loaded once per page and only by a payment widget (the card form at step 5, the
 * express payment on the cart): never on the catalogue or the product pages. The `pure` entry
 * does not inject the script when imported, and fraud signals that Stripe would otherwise collect
 * on every page are off (the site sets no tracking cookie; Radar still scores the payment itself).
 */
let pending: Promise<Stripe> | null = null;
let pendingKey = '';

export class StripeLoadError extends Error {
  constructor() {
    super(paymentMessages.stripeLoadFailed);
    this.name = 'StripeLoadError';
  }
}

export function loadStripeOnce(publishableKey: string): Promise<Stripe> {
  if (pending && pendingKey === publishableKey) return pending;
  pendingKey = publishableKey;
  pending = (async () => {
    try {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      loadStripe.setLoadParameters({ advancedFraudSignals: false });
      const stripe = await loadStripe(publishableKey, { locale: 'fr' });
      if (!stripe) throw new StripeLoadError();
      return stripe;
    } catch {
      // A failed load may be retried (Réessayer): forget it.
      pending = null;
      throw new StripeLoadError();
    }
  })();
  return pending;
}
