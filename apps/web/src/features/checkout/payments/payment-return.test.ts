import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_REFERENCE_KEY } from '../../../lib/order-reference';
import { ensureOrderRemembered, parsePaymentReturn, returnReference } from './payment-return';

const params = (query: string) => new URLSearchParams(query);

beforeEach(() => window.sessionStorage.clear());

describe('payment return addresses', () => {
  it('reads Klarna, Stripe, PayPal and order-key returns; anything incomplete is "none"', () => {
    expect(parsePaymentReturn(params('provider=klarna&order=42&session_id=cs_test_1'))).toEqual({ kind: 'klarna', orderId: 42, sessionId: 'cs_test_1' });
    expect(parsePaymentReturn(params('provider=stripe&order=42&payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=succeeded'))).toEqual({
      kind: 'stripe',
      orderId: 42,
      paymentIntentId: 'pi_1',
      redirectStatus: 'succeeded',
    });
    expect(parsePaymentReturn(params('provider=paypal&order=42&token=PAYPAL-2&PayerID=X'))).toEqual({ kind: 'paypal', orderId: 42, paypalOrderId: 'PAYPAL-2' });
    expect(parsePaymentReturn(params('order=42&key=wc_order_abc'))).toEqual({ kind: 'reference', reference: { id: 42, key: 'wc_order_abc' } });
    expect(parsePaymentReturn(params('provider=klarna&order=42'))).toEqual({ kind: 'none' });
    expect(parsePaymentReturn(params('provider=klarna&order=abc&session_id=cs'))).toEqual({ kind: 'none' });
    expect(parsePaymentReturn(params(''))).toEqual({ kind: 'none' });
  });

  it('the way back to an order needs its key: from the address or from this tab', () => {
    expect(returnReference(params('provider=klarna&order=42'))).toBeNull();
    window.sessionStorage.setItem(ORDER_REFERENCE_KEY, JSON.stringify({ id: 42, key: 'wc_order_abc', cartCleared: false }));
    expect(returnReference(params('provider=klarna&order=42'))).toEqual({ id: 42, key: 'wc_order_abc' });
    expect(returnReference(params('provider=klarna&order=43'))).toBeNull();
  });

  it('an order opened from a link is remembered without claiming the cart; the tab’s own order is kept as is', () => {
    ensureOrderRemembered(7, 'wc_order_7');
    expect(JSON.parse(window.sessionStorage.getItem(ORDER_REFERENCE_KEY) ?? '{}')).toEqual({ id: 7, key: 'wc_order_7', cartCleared: true });
    window.sessionStorage.setItem(ORDER_REFERENCE_KEY, JSON.stringify({ id: 42, key: 'wc_order_abc', cartCleared: false }));
    ensureOrderRemembered(42, 'wc_order_abc');
    expect(JSON.parse(window.sessionStorage.getItem(ORDER_REFERENCE_KEY) ?? '{}')).toEqual({ id: 42, key: 'wc_order_abc', cartCleared: false });
  });
});
