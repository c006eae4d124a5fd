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

/**
 * With load parameters set, Stripe.js's loader retries a failed load on the script element that
 * already failed, and then waits forever (@stripe/stripe-js 10: no error, and no later retry
 * either). A Stripe.js script that fails is taken out of the page as soon as it fails (capture
 * phase, before the loader's own listener): its retry, and a later Réessayer, insert a fresh one.
 */
function dropFailedStripeScript(event: Event): void {
  const target = event.target;
  if (target instanceof HTMLScriptElement && target.src.startsWith('https://js.stripe.com/')) target.remove();
}

export function loadStripeOnce(publishableKey: string): Promise<Stripe> {
  if (pending && pendingKey === publishableKey) return pending;
  pendingKey = publishableKey;
  pending = (async () => {
    document.addEventListener('error', dropFailedStripeScript, true);
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
    } finally {
      document.removeEventListener('error', dropFailedStripeScript, true);
    }
  })();
  return pending;
}
