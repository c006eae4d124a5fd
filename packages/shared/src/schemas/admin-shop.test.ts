import { describe, expect, it } from 'vitest';
import { SHIPPING_METHODS, isShippingFree, missingForFreeShippingCents, freeShippingThresholdCents, type ShippingMethodDefinition } from '../shop.js';
import {
  ORDER_STATUS_TRANSITIONS,
  adminCouponCreateSchema,
  adminCouponUpdateSchema,
  adminProductCreateSchema,
  adminProductUpdateSchema,
  adminShippingMethodsUpdateSchema,
  couponRuleMessages,
  productRepairDeskFields,
  productShopFields,
} from './admin-shop.js';

const method = (id: string): ShippingMethodDefinition => {
  const found = SHIPPING_METHODS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('staff shipping thresholds (freeThresholdCents)', () => {
  it('keeps the built-in rules when staff set nothing: standard strictly above 50 €, express from 100 €', () => {
    expect(freeShippingThresholdCents(method('colissimo_sign'))).toBe(5000);
    expect(isShippingFree(method('colissimo_sign'), 5000)).toBe(false);
    expect(isShippingFree(method('colissimo_sign'), 5001)).toBe(true);
    expect(isShippingFree(method('chronopost'), 10000)).toBe(true);
  });

  it('uses staff’s threshold with the same rule per kind, and null as never free', () => {
    const standard = { ...method('colissimo_sign'), freeThresholdCents: 8000 };
    expect(isShippingFree(standard, 8000)).toBe(false);
    expect(isShippingFree(standard, 8001)).toBe(true);
    expect(missingForFreeShippingCents(standard, 6000)).toBe(2001);
    const express = { ...method('chronopost'), freeThresholdCents: 15000 };
    expect(isShippingFree(express, 14999)).toBe(false);
    expect(isShippingFree(express, 15000)).toBe(true);
    const never = { ...method('colissimo_no_sign'), freeThresholdCents: null };
    expect(isShippingFree(never, 1_000_000)).toBe(false);
    expect(missingForFreeShippingCents(never, 100)).toBe(0);
    expect(isShippingFree({ ...method('local_pickup'), freeThresholdCents: null }, 0)).toBe(true);
  });
});

describe('admin shop schemas', () => {
  it('only lets staff make the order transitions that make sense', () => {
    expect(ORDER_STATUS_TRANSITIONS['on-hold']).toEqual(['cancelled']);
    expect(ORDER_STATUS_TRANSITIONS.processing).toEqual(['completed', 'cancelled']);
    for (const closed of ['completed', 'cancelled', 'refunded', 'failed'] as const) expect(ORDER_STATUS_TRANSITIONS[closed]).toEqual([]);
  });

  it('products: sale price below price, short description at most 150, unknown keys refused', () => {
    const base = { name: 'Coque', sku: 'C-1', kind: 'accessory', priceCents: 1000 };
    expect(adminProductCreateSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(adminProductCreateSchema.safeParse({ ...base, salePriceCents: 1000 }))).toBe('Le prix soldé doit être inférieur au prix');
    expect(adminProductCreateSchema.safeParse({ ...base, shortDescription: 'a'.repeat(150) }).success).toBe(true);
    expect(adminProductCreateSchema.safeParse({ ...base, shortDescription: 'a'.repeat(151) }).success).toBe(false);
    expect(adminProductCreateSchema.safeParse({ ...base, id: 3 }).success).toBe(false);
    expect(firstMessage(adminProductUpdateSchema.safeParse({ expectedStock: 2 }))).toBe('Aucune modification à enregistrer');
  });

  it('products with RepairDesk: each field of the form is either RepairDesk’s or the shop’s, never both', () => {
    const fields = Object.keys(adminProductUpdateSchema.shape).filter((key) => key !== 'expectedStock');
    expect([...productRepairDeskFields, ...productShopFields].sort()).toEqual(fields.sort());
    expect(productRepairDeskFields.filter((field) => (productShopFields as readonly string[]).includes(field))).toEqual([]);
  });

  it('coupons: code upper-cased, percent in hundredths up to 100 %, maximum above minimum', () => {
    const parsed = adminCouponCreateSchema.parse({ code: ' ete-2026 ', discountType: 'percent', amount: 10000 });
    expect(parsed.code).toBe('ETE-2026');
    expect(firstMessage(adminCouponCreateSchema.safeParse({ code: 'ETE', discountType: 'percent', amount: 10001 }))).toBe(couponRuleMessages.percentRange);
    expect(adminCouponCreateSchema.safeParse({ code: 'ETE', discountType: 'fixed_cart', amount: 25000 }).success).toBe(true);
    expect(firstMessage(adminCouponCreateSchema.safeParse({ code: 'ETE', discountType: 'fixed_cart', amount: 500, minimumCents: 3000, maximumCents: 3000 }))).toBe(couponRuleMessages.maxBelowMin);
    expect(adminCouponUpdateSchema.safeParse({}).success).toBe(false);
  });

  it('shipping: known methods once each, amounts in cents', () => {
    expect(adminShippingMethodsUpdateSchema.safeParse({ methods: [{ id: 'chronopost', costCents: 1290, freeThresholdCents: null }] }).success).toBe(true);
    expect(adminShippingMethodsUpdateSchema.safeParse({ methods: [{ id: 'chronopost' }, { id: 'chronopost' }] }).success).toBe(false);
    expect(adminShippingMethodsUpdateSchema.safeParse({ methods: [{ id: 'ups' }] }).success).toBe(false);
    expect(adminShippingMethodsUpdateSchema.safeParse({ methods: [{ id: 'chronopost', costCents: 12.9 }] }).success).toBe(false);
  });
});
