import { describe, expect, it } from 'vitest';
import {
  cartDeliveryEstimate,
  centsToDecimal,
  computeTotals,
  couponExpiryHint,
  decimalToCents,
  evaluateCoupon,
  findShippingMethod,
  freeDeliveryAboveCents,
  missingForFreeShippingCents,
  shippingCostCents,
  type CouponRule,
  type ShippingMethodDefinition,
} from './shop.js';

const method = (id: string): ShippingMethodDefinition => {
  const found = findShippingMethod(id);
  if (!found) throw new Error(id);
  return found;
};

const coupon = (overrides: Partial<CouponRule> = {}): CouponRule => ({
  code: 'BIENVENUE10',
  status: 'publish',
  discountType: 'percent',
  amount: 1000,
  expiresAt: null,
  usageLimit: null,
  usageCount: 0,
  minimumCents: 0,
  maximumCents: 0,
  ...overrides,
});

describe('money', () => {
  it('writes WooCommerce decimal strings and reads them back', () => {
    expect(centsToDecimal(4990)).toBe('49.90');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-150)).toBe('-1.50');
    expect(decimalToCents('49.9')).toBe(4990);
    expect(decimalToCents('12,50')).toBe(1250);
    expect(decimalToCents('-1')).toBeNull();
    expect(decimalToCents('abc')).toBeNull();
  });
});

describe('shipping (spec 2 §9, the issue’s one rule)', () => {
  it('standard methods are free strictly above 50 € after coupon; express from 100 €; pickup always', () => {
    expect(shippingCostCents(method('colissimo_no_sign'), 5000)).toBe(690);
    expect(shippingCostCents(method('colissimo_no_sign'), 5001)).toBe(0);
    expect(shippingCostCents(method('colissimo_sign'), 4999)).toBe(990);
    expect(shippingCostCents(method('chronopost'), 9999)).toBe(1190);
    expect(shippingCostCents(method('chronopost'), 10000)).toBe(0);
    expect(shippingCostCents(method('local_pickup'), 0)).toBe(0);
  });

  it('says what is missing for free delivery', () => {
    expect(missingForFreeShippingCents(method('colissimo_no_sign'), 5000)).toBe(1);
    expect(missingForFreeShippingCents(method('colissimo_no_sign'), 3000)).toBe(2001);
    expect(missingForFreeShippingCents(method('chronopost'), 6000)).toBe(4000);
    expect(missingForFreeShippingCents(method('colissimo_sign'), 6000)).toBe(0);
  });

  it('the cart shows "free" or the cheapest home delivery and the missing amount', () => {
    expect(cartDeliveryEstimate(6000)).toEqual({ free: true });
    expect(cartDeliveryEstimate(2000)).toEqual({ free: false, fromCents: 690, missingCents: 3001 });
  });

  it('"Livraison offerte au-delà de …" names the lowest threshold of home delivery, none when never free', () => {
    expect(freeDeliveryAboveCents()).toBe(5000);
    const standard = method('colissimo_no_sign');
    const express = method('chronopost');
    expect(freeDeliveryAboveCents([{ ...standard, freeThresholdCents: 8000 }, { ...method('colissimo_sign'), freeThresholdCents: 7000 }, express])).toBe(7000);
    // Express alone never makes "home delivery" free in the cart's wording.
    expect(freeDeliveryAboveCents([{ ...standard, freeThresholdCents: null }, express])).toBeNull();
    expect(freeDeliveryAboveCents([])).toBeNull();
  });
});

describe('coupons (spec 2 §5, §8)', () => {
  const cart = { subtotalCents: 4000, itemCount: 2 };
  const now = new Date('2026-11-21T12:00:00Z');

  it('checks existence, status, expiry, usage, minimum and maximum in that order, with the spec’s messages', () => {
    expect(evaluateCoupon(null, cart, now)).toEqual({ valid: false, error: 'Code promo invalide ou inexistant' });
    expect(evaluateCoupon(coupon({ status: 'draft' }), cart, now)).toEqual({ valid: false, error: "Ce code promo n'est plus actif" });
    expect(evaluateCoupon(coupon({ expiresAt: new Date('2026-11-20T00:00:00Z') }), cart, now)).toEqual({ valid: false, error: 'Ce code promo a expiré' });
    expect(evaluateCoupon(coupon({ usageLimit: 3, usageCount: 3 }), cart, now)).toEqual({ valid: false, error: "Ce code promo a atteint sa limite d'utilisation" });
    expect(evaluateCoupon(coupon({ minimumCents: 5000 }), cart, now)).toEqual({ valid: false, error: 'Montant minimum requis\u00a0: 50,00\u00a0€' });
    expect(evaluateCoupon(coupon({ maximumCents: 3000 }), cart, now)).toEqual({ valid: false, error: 'Montant maximum dépassé\u00a0: 30,00\u00a0€' });
  });

  it('percent, fixed cart and fixed per item; never above the total', () => {
    expect(evaluateCoupon(coupon(), cart, now)).toEqual({ valid: true, discountCents: 400 });
    expect(evaluateCoupon(coupon({ discountType: 'fixed_cart', amount: 500 }), cart, now)).toEqual({ valid: true, discountCents: 500 });
    expect(evaluateCoupon(coupon({ discountType: 'fixed_product', amount: 300 }), cart, now)).toEqual({ valid: true, discountCents: 600 });
    expect(evaluateCoupon(coupon({ discountType: 'fixed_cart', amount: 9000 }), cart, now)).toEqual({ valid: true, discountCents: 4000 });
  });

  it('hints "Expire demain" at 1 day, "N jours restants" at 7 or fewer, nothing beyond', () => {
    const day = 86_400_000;
    expect(couponExpiryHint(new Date(now.getTime() + day), now)).toBe('Expire demain');
    expect(couponExpiryHint(new Date(now.getTime() + 5 * day), now)).toBe('5 jours restants');
    expect(couponExpiryHint(new Date(now.getTime() + 7 * day), now)).toBe('7 jours restants');
    expect(couponExpiryHint(new Date(now.getTime() + 8 * day), now)).toBeNull();
    expect(couponExpiryHint(null, now)).toBeNull();
  });
});

describe('totals (spec 2 §9)', () => {
  it('total = subtotal − coupon + shipping − loyalty; loyalty covers at most the subtotal after coupon; never below 0', () => {
    expect(computeTotals({ subtotalCents: 4000, couponDiscountCents: 400, loyaltyBalanceCents: 1000, shippingMethod: method('colissimo_no_sign') })).toEqual({
      subtotalCents: 4000,
      couponDiscountCents: 400,
      subtotalAfterCouponCents: 3600,
      loyaltyDiscountCents: 1000,
      shippingCents: 690,
      totalCents: 3290,
    });
    const covered = computeTotals({ subtotalCents: 3000, couponDiscountCents: 1000, loyaltyBalanceCents: 10_000, shippingMethod: method('local_pickup') });
    expect(covered.loyaltyDiscountCents).toBe(2000);
    expect(covered.totalCents).toBe(0);
    // The cart page: no method chosen yet, no shipping counted.
    expect(computeTotals({ subtotalCents: 2000, couponDiscountCents: 0, loyaltyBalanceCents: 0, shippingMethod: null }).totalCents).toBe(2000);
  });
});
