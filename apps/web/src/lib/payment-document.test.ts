import { describe, expect, it } from 'vitest';
import { needsPaymentDocument } from './payment-document';

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
});
