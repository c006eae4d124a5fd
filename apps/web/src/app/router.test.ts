import { describe, expect, it } from 'vitest';
import { needsPaymentDocument } from '../lib/payment-document';
import { routeObjects } from './router';

const marked = { querySelector: (selector: string) => (selector.includes('erepare-payments-csp') ? ({} as Element) : null) };
const unmarked = { querySelector: () => null };

describe('payment pages and the Content-Security-Policy', () => {
  it('loads a payment page as a new document when the current one does not allow the providers', () => {
    expect(needsPaymentDocument('http://shop.test/panier', 'http://shop.test/boutique', unmarked)).toBe(true);
    expect(needsPaymentDocument('http://shop.test/checkout', 'http://shop.test/panier', marked)).toBe(false);
  });

  it('never reloads the page being loaded for the first time', () => {
    expect(needsPaymentDocument('http://shop.test/panier', 'http://shop.test/panier', unmarked)).toBe(false);
  });

  it('guards exactly the payment pages', () => {
    const children = routeObjects[0]?.children ?? [];
    const guarded = children.filter((route) => route.loader).map((route) => route.path);
    expect(guarded).toEqual(expect.arrayContaining(['/panier', '/checkout', '/commande', '/payment/success', '/payment/cancel']));
    expect(guarded).not.toContain('/boutique');
    expect(guarded).not.toContain('/');
  });
});
