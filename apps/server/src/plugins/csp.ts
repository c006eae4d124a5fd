import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of the site: strict by default (scripts from our origin only), and
 * on the pages that load a payment provider's script (PAYMENT_PAGES) the origins of the providers
 * that are configured, and only those (DESIGN §4).
 */
export type CspDirectives = Record<string, string[]>;

export function baseCspDirectives(https: boolean): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React sets style attributes through the DOM (allowed); server-rendered markup may carry some.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Origins each provider's browser script needs (Stripe.js and its 3-D Secure frames; the PayPal SDK and its windows). */
const STRIPE_ORIGINS: CspDirectives = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'img-src': ['https://*.stripe.com'],
};
const PAYPAL_ORIGINS: CspDirectives = {
  'script-src': ['https://www.paypal.com', 'https://www.paypalobjects.com'],
  'frame-src': ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  'connect-src': ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  'img-src': ['https://www.paypal.com', 'https://www.paypalobjects.com'],
};

/** Whether any provider with a browser script is configured (Klarna is a redirect: it needs none). */
export function hasPaymentScripts(config: Pick<Config, 'payments'>): boolean {
  const stripe = config.payments.stripe;
  return Boolean(stripe && (stripe.methods.includes('card') || stripe.methods.includes('revolut_pay'))) || config.payments.paypal !== null;
}

export function paymentCspDirectives(config: Pick<Config, 'payments' | 'publicUrl'>): CspDirectives {
  const directives = baseCspDirectives(config.publicUrl.startsWith('https://'));
  const stripe = config.payments.stripe;
  const extras = [
    stripe && (stripe.methods.includes('card') || stripe.methods.includes('revolut_pay')) ? STRIPE_ORIGINS : null,
    config.payments.paypal ? PAYPAL_ORIGINS : null,
  ].filter((extra): extra is CspDirectives => extra !== null);
  for (const extra of extras) {
    for (const [name, origins] of Object.entries(extra)) {
      const current = (directives[name] ?? []).filter((value) => value !== "'none'");
      directives[name] = [...new Set([...current, ...origins])];
    }
  }
  return directives;
}

export function cspHeaderValue(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');
}
