import { describe, expect, it } from 'vitest';
import { computeTotals, findShippingMethod } from '@erepare/shared/shop';
import { orderCreateRequestSchema } from '@erepare/shared/schemas/shop';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { QUICK_PAY_MIN_CENTS, quickPayConfigPayload, quickPayPublishableKey } from './quick-pay-config';
import { buildQuickPayOrderRequest, quickPayAmountCents, quickPayLabel, quickPayLandingPath, quickPayPickupNotice, splitPayerName } from './quick-pay-order';

describe('splitPayerName', () => {
  it('takes the first word as the first name and keeps compound last names whole', () => {
    expect(splitPayerName('Léa Martin')).toEqual({ first_name: 'Léa', last_name: 'Martin' });
    expect(splitPayerName('  Jean-Pierre   de La Fontaine ')).toEqual({ first_name: 'Jean-Pierre', last_name: 'de La Fontaine' });
  });

  it('uses a single word for both names (both are required; a placeholder helps nobody at pickup)', () => {
    expect(splitPayerName('Madonna')).toEqual({ first_name: 'Madonna', last_name: 'Madonna' });
  });

  it('cleans control characters and gives empty names when the wallet gave none', () => {
    expect(splitPayerName('Léa\tMartin\n')).toEqual({ first_name: 'Léa', last_name: 'Martin' });
    expect(splitPayerName(undefined)).toEqual({ first_name: '', last_name: '' });
    expect(splitPayerName('   ')).toEqual({ first_name: '', last_name: '' });
    expect(splitPayerName(`Léa ${'x'.repeat(300)}`).last_name).toHaveLength(200);
  });
});

describe('quickPayAmountCents', () => {
  it('is the cart total (subtotal − coupon − loyalty), i.e. computeTotals with in-store pickup', () => {
    const pickup = findShippingMethod('local_pickup') ?? null;
    expect(pickup?.costCents).toBe(0);
    const cases = [
      { subtotalCents: 1990, couponDiscountCents: 0, loyaltyBalanceCents: 0 },
      { subtotalCents: 6000, couponDiscountCents: 600, loyaltyBalanceCents: 250 },
      { subtotalCents: 3000, couponDiscountCents: 0, loyaltyBalanceCents: 10_000 },
      { subtotalCents: 2000, couponDiscountCents: 5000, loyaltyBalanceCents: 0 },
    ];
    for (const input of cases) {
      expect(quickPayAmountCents(input)).toBe(computeTotals({ ...input, shippingMethod: pickup }).totalCents);
    }
    expect(quickPayAmountCents(cases[1] as (typeof cases)[number])).toBe(5150);
  });
});

describe('buildQuickPayOrderRequest', () => {
  const input = {
    payer: { name: 'Léa Martin', email: ' lea.martin@example.fr ', phone: '+33 6 01 02 03 04' },
    items: [
      { product_id: 101, quantity: 2 },
      { product_id: 0, quantity: 1 },
      { product_id: 102, quantity: 1.7 },
    ],
    couponCode: 'BIENVENUE10',
    useLoyalty: true,
    amountCents: 4990,
  };

  it('orders by card with in-store pickup, the payer from the wallet, the terms accepted and the total shown', () => {
    expect(buildQuickPayOrderRequest(input)).toEqual({
      payment_method: 'stripe',
      billing: {
        first_name: 'Léa',
        last_name: 'Martin',
        email: 'lea.martin@example.fr',
        phone: '+33 6 01 02 03 04',
        company: '',
        address_1: '',
        address_2: '',
        city: '',
        postcode: '',
        country: 'FR',
      },
      line_items: [
        { product_id: 101, quantity: 2 },
        { product_id: 102, quantity: 1 },
      ],
      shipping_lines: [{ method_id: 'local_pickup' }],
      coupon_lines: [{ code: 'BIENVENUE10' }],
      use_loyalty: true,
      customer_note: '',
      expected_total: '49.90',
      terms_accepted: true,
    });
  });

  it('is accepted by the order endpoint schema; without code nor loyalty it sends none', () => {
    const request = buildQuickPayOrderRequest({ ...input, couponCode: null, useLoyalty: false, amountCents: 50 });
    expect(request.coupon_lines).toEqual([]);
    expect(request.use_loyalty).toBe(false);
    expect(request.expected_total).toBe('0.50');
    expect(request.shipping).toBeUndefined();
    expect(orderCreateRequestSchema.safeParse(request).success).toBe(true);
  });

  it('leaves a missing name to the server, which answers in French', () => {
    const parsed = orderCreateRequestSchema.safeParse(buildQuickPayOrderRequest({ ...input, payer: { email: 'a@b.fr', phone: '0601020304' } }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('Prénom requis');
  });
});

describe('quick pay texts, landing and configuration', () => {
  it('shows the mandatory pickup information and the store name in the sheet', () => {
    expect(quickPayPickupNotice(defaultStoreProfile)).toBe('Retrait en boutique (Gujan-Mestras) — aucun frais de livraison');
    expect(quickPayLabel(defaultStoreProfile)).toBe('E.repare – paiement express');
    const saved = { ...defaultStoreProfile, name: 'Atelier Test', address: { ...defaultStoreProfile.address, city: 'Arcachon' } };
    expect(quickPayPickupNotice(saved)).toBe('Retrait en boutique (Arcachon) — aucun frais de livraison');
    expect(quickPayLabel(saved)).toBe('Atelier Test – paiement express');
  });

  it('lands on /checkout?success=true&quick=true with the order the landing reads', () => {
    const url = new URL(quickPayLandingPath({ id: 42, key: 'wc_order_abc123' }), 'http://localhost');
    expect(url.pathname).toBe('/checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual({ success: 'true', quick: 'true', order: '42', key: 'wc_order_abc123' });
    expect(quickPayLandingPath({ id: 7, key: '' })).toBe('/checkout?success=true&quick=true&order=7');
  });

  it('is offered only with Stripe taking cards, from 0,50 €', () => {
    expect(QUICK_PAY_MIN_CENTS).toBe(50);
    expect(quickPayPublishableKey(undefined)).toBeNull();
    expect(quickPayPublishableKey({ stripe: null })).toBeNull();
    expect(quickPayPublishableKey({ stripe: { publishable_key: 'pk_test_1', methods: ['klarna'] } })).toBeNull();
    expect(quickPayPublishableKey({ stripe: { publishable_key: '', methods: ['card'] } })).toBeNull();
    expect(quickPayPublishableKey({ stripe: { publishable_key: 'pk_test_1', methods: ['card', 'klarna'] } })).toBe('pk_test_1');
  });

  it('reads GET /api/payments/config without zod, and refuses a shape it does not know', () => {
    const answer = { success: true, data: { stripe: { publishable_key: 'pk_test_1', methods: ['card'] }, paypal: null, colissimo: false } };
    expect(quickPayConfigPayload.safeParse(answer)).toEqual({ success: true, data: { stripe: { publishable_key: 'pk_test_1', methods: ['card'] } } });
    expect(quickPayConfigPayload.safeParse({ success: true, data: { stripe: null, paypal: null, colissimo: false } })).toEqual({ success: true, data: { stripe: null } });
    expect(quickPayConfigPayload.safeParse({ success: true, data: { stripe: { publishable_key: 1, methods: ['card'] } } }).success).toBe(false);
    expect(quickPayConfigPayload.safeParse({ success: false }).success).toBe(false);
    expect(quickPayConfigPayload.safeParse(null).success).toBe(false);
  });
});
