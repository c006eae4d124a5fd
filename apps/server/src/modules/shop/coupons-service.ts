import { centsToDecimal, couponMessages, evaluateCoupon, normaliseCouponCode, shopMessages } from '@erepare/shared/shop';
import type { CartLineInput, CouponValidateResponse } from '@erepare/shared/schemas/shop';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Catalogue } from './catalogue-types.js';
import { couponRuleCountingOrders } from '../orders/repository.js';
import { findCouponByCode } from './coupons-repository.js';

export type CouponValidation = { ok: true; body: CouponValidateResponse } | { ok: false; error: string };

/**
 * Subtotal and item count of cart lines at our prices (a subtotal sent by the browser is never
 * read). Lines of one product are added up; an unknown product (or a spare part, or a product
 * hidden from the shop) is a 400 "Produit introuvable".
 */
export async function cartSubtotal(catalogue: Catalogue, lines: readonly CartLineInput[]): Promise<{ subtotalCents: number; itemCount: number }> {
  let subtotalCents = 0;
  let itemCount = 0;
  for (const line of lines) {
    const product = await catalogue.get(line.product_id);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND', 400, shopMessages.productNotFound);
    subtotalCents += product.priceCents * line.quantity;
    itemCount += line.quantity;
  }
  return { subtotalCents, itemCount };
}

/**
 * Checks a promo code against the cart (spec 2 §5 rules, §8 messages). Changes nothing: a
 * redemption is counted by the orders module when the order is paid.
 */
export async function validateCoupon(
  db: Db,
  catalogue: Catalogue,
  input: { code: string; items: readonly CartLineInput[] },
  now: Date = new Date(),
): Promise<CouponValidation> {
  const code = normaliseCouponCode(input.code);
  if (!code) throw new AppError('COUPON_EMPTY', 400, couponMessages.empty);
  const cart = await cartSubtotal(catalogue, input.items);
  const row = await findCouponByCode(db, code);
  const result = evaluateCoupon(row ? await couponRuleCountingOrders(db, row) : null, cart, now);
  if (!result.valid || !row) return { ok: false, error: result.valid ? couponMessages.notFound : result.error };
  return {
    ok: true,
    body: {
      valid: true,
      discount_amount: centsToDecimal(result.discountCents),
      coupon: {
        id: row.id,
        code: row.code,
        discount_type: row.discountType,
        amount: centsToDecimal(row.amount),
        description: row.description,
      },
      error: null,
    },
  };
}
