/**
 * The PayPal amount of an order (pure): never below 0.01 €, and a breakdown only when it adds up
 * exactly to the value PayPal is asked for (PayPal refuses AMOUNT_MISMATCH / ITEM_TOTAL_MISMATCH).
 */
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import type { OrderRow } from '../orders/repository.js';
import { isOwnPaypalOrder, paypalAmountOf, paypalIdentityOf, paypalOrderBody } from './paypal-service.js';

type Amounts = { subtotalCents: number; discountCents: number; loyaltyCents: number; shippingCents: number; totalCents: number };

const line = (unitPriceCents: number, quantity: number, name = 'Coque', sku = 'SKU-1') => ({ name, sku, quantity, unitPriceCents });

/** The breakdown's own sum, computed the way PayPal checks it. */
function breakdownSum(amount: ReturnType<typeof paypalAmountOf>['amount']): number | null {
  const breakdown = amount.breakdown;
  if (!breakdown) return null;
  const cents = (value?: { value: string }) => (value ? Math.round(Number(value.value) * 100) : 0);
  return cents(breakdown.item_total) + cents(breakdown.shipping) - cents(breakdown.discount);
}

function orderOf(amounts: Amounts): OrderRow {
  return { id: 42, ...amounts } as OrderRow;
}

describe('paypalAmountOf', () => {
  it('a plain order: value = total, breakdown item_total + shipping, items with quantity strings', () => {
    const result = paypalAmountOf({ subtotalCents: 3980, discountCents: 0, loyaltyCents: 0, shippingCents: 690, totalCents: 4670 }, [line(1990, 2)]);
    expect(result.amountCents).toBe(4670);
    expect(result.amount).toEqual({
      currency_code: 'EUR',
      value: '46.70',
      breakdown: { item_total: { currency_code: 'EUR', value: '39.80' }, shipping: { currency_code: 'EUR', value: '6.90' } },
    });
    expect(result.items).toEqual([{ name: 'Coque', quantity: '2', unit_amount: { currency_code: 'EUR', value: '19.90' }, sku: 'SKU-1', category: 'PHYSICAL_GOODS' }]);
  });

  it('coupon + loyalty + shipping: one discount, and the sum is exact', () => {
    const amounts = { subtotalCents: 6000, discountCents: 600, loyaltyCents: 1250, shippingCents: 990, totalCents: 6000 - 600 + 990 - 1250 };
    const result = paypalAmountOf(amounts, [line(2500, 2), line(1000, 1, 'Câble')]);
    expect(result.amount.value).toBe('51.40');
    expect(result.amount.breakdown?.discount).toEqual({ currency_code: 'EUR', value: '18.50' });
    expect(breakdownSum(result.amount)).toBe(5140);
    expect(result.items).toHaveLength(2);
  });

  it('coupon only, free shipping: shipping 0.00 and the discount', () => {
    const result = paypalAmountOf({ subtotalCents: 8000, discountCents: 800, loyaltyCents: 0, shippingCents: 0, totalCents: 7200 }, [line(4000, 2)]);
    expect(result.amount.breakdown).toEqual({
      item_total: { currency_code: 'EUR', value: '80.00' },
      shipping: { currency_code: 'EUR', value: '0.00' },
      discount: { currency_code: 'EUR', value: '8.00' },
    });
    expect(breakdownSum(result.amount)).toBe(7200);
  });

  it('a total of 0 is asked as 0.01 €, without a breakdown (it could not add up) nor items', () => {
    const result = paypalAmountOf({ subtotalCents: 1000, discountCents: 0, loyaltyCents: 1000, shippingCents: 0, totalCents: 0 }, [line(1000, 1)]);
    expect(result.amountCents).toBe(1);
    expect(result.amount).toEqual({ currency_code: 'EUR', value: '0.01' });
    expect(result.items).toBeUndefined();
  });

  it('a negative or odd total never goes below 0.01 €', () => {
    expect(paypalAmountOf({ subtotalCents: 0, discountCents: 0, loyaltyCents: 0, shippingCents: 0, totalCents: -50 }, []).amount).toEqual({ currency_code: 'EUR', value: '0.01' });
  });

  it('lines that do not add up to the subtotal (stale data): the value alone', () => {
    const result = paypalAmountOf({ subtotalCents: 5000, discountCents: 0, loyaltyCents: 0, shippingCents: 0, totalCents: 5000 }, [line(2400, 2)]);
    expect(result.amount).toEqual({ currency_code: 'EUR', value: '50.00' });
    expect(result.items).toBeUndefined();
  });

  it('names are cut at 127 characters (not in the middle of an emoji), empty names get a label', () => {
    const long = `${'é'.repeat(126)}📱📱`;
    const result = paypalAmountOf({ subtotalCents: 200, discountCents: 0, loyaltyCents: 0, shippingCents: 0, totalCents: 200 }, [line(100, 1, long), line(100, 1, '  ', '')]);
    const [first, second] = result.items ?? [];
    expect(Array.from(first?.name ?? '')).toHaveLength(127);
    expect(first?.name.endsWith('📱')).toBe(true);
    expect(second?.name).toBe('Article');
  });
});

describe('paypalOrderBody', () => {
  it('references, invoice id, description, and the buyer experience of the checkout', () => {
    const { body, amountCents } = paypalOrderBody(
      orderOf({ subtotalCents: 1990, discountCents: 0, loyaltyCents: 0, shippingCents: 690, totalCents: 2680 }),
      [line(1990, 1)],
      { publicUrl: 'https://boutique.exemple.fr', invoiceId: '42-abc-3', identity: { referenceId: 'order-42-abc', customId: '42-abc' }, shopName: defaultStoreProfile.name },
    );
    expect(amountCents).toBe(2680);
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units[0]).toMatchObject({
      reference_id: 'order-42-abc',
      custom_id: '42-abc',
      invoice_id: '42-abc-3',
      description: `Commande n° 42 – ${defaultStoreProfile.name}`,
      amount: { currency_code: 'EUR', value: '26.80' },
    });
    expect(body.payment_source.paypal.experience_context).toEqual({
      brand_name: defaultStoreProfile.name,
      locale: 'fr-FR',
      shipping_preference: 'NO_SHIPPING',
      user_action: 'PAY_NOW',
      return_url: 'https://boutique.exemple.fr/payment/success?provider=paypal&order=42',
      cancel_url: 'https://boutique.exemple.fr/payment/cancel?provider=paypal&order=42',
    });
  });
});

describe('paypalIdentityOf', () => {
  const row = { id: 1, createdAt: new Date('2026-03-01T10:00:00.123Z'), orderKeyHash: 'a'.repeat(64) };

  it('is stable for one order row, and differs for another database’s order with the same id', () => {
    const identity = paypalIdentityOf(row);
    expect(identity).toEqual(paypalIdentityOf({ ...row, createdAt: new Date(row.createdAt.getTime()) }));
    expect(identity.tag).toMatch(/^[0-9a-f]{16}$/);
    expect(identity).toMatchObject({ referenceId: `order-1-${identity.tag}`, customId: `1-${identity.tag}` });
    expect(paypalIdentityOf({ ...row, createdAt: new Date('2026-03-01T10:00:00.124Z') }).tag).not.toBe(identity.tag);
    expect(paypalIdentityOf({ ...row, orderKeyHash: 'b'.repeat(64) }).tag).not.toBe(identity.tag);
    // Nothing of the key's hash is sent as is.
    expect(identity.tag).not.toContain('aaaa');
  });

  it('isOwnPaypalOrder: every identifier PayPal sent back is ours, and at least one was sent', () => {
    const identity = paypalIdentityOf(row);
    const unit = { reference_id: identity.referenceId, custom_id: identity.customId, invoice_id: `${identity.customId}-2` };
    const capture = { id: 'CAP1', status: 'COMPLETED', custom_id: identity.customId, invoice_id: `${identity.customId}-2` };
    expect(isOwnPaypalOrder({ id: 'P1', status: 'COMPLETED', purchase_units: [{ ...unit, payments: { captures: [capture] } }] }, identity)).toBe(true);
    expect(isOwnPaypalOrder({ id: 'P1', status: 'COMPLETED', purchase_units: [{ reference_id: identity.referenceId }] }, identity)).toBe(true);
    // Another database's order 1 (an older format too), or nothing to tell.
    const other = paypalIdentityOf({ ...row, orderKeyHash: 'b'.repeat(64) });
    for (const foreign of [
      { ...unit, custom_id: other.customId },
      { ...unit, reference_id: 'order-1' },
      { ...unit, invoice_id: '1-1' },
      { ...unit, invoice_id: `${identity.customId}-2x` },
      { ...unit, payments: { captures: [{ ...capture, custom_id: '1' }] } },
      {},
    ]) {
      expect(isOwnPaypalOrder({ id: 'P1', status: 'COMPLETED', purchase_units: [foreign] }, identity)).toBe(false);
    }
    expect(isOwnPaypalOrder({ id: 'P1', status: 'COMPLETED' }, identity)).toBe(false);
  });
});
