import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { centsToDecimal, normaliseCouponCode, type CouponRule } from '@erepare/shared/shop';
import type { Coupon } from '@erepare/shared/schemas/shop';
import type { Executor } from '../../db/client.js';
import { coupons } from '../../db/schema.js';

export type CouponRow = typeof coupons.$inferSelect;

export function couponRuleOf(row: CouponRow): CouponRule {
  return {
    code: row.code,
    status: row.status,
    discountType: row.discountType,
    amount: row.amount,
    expiresAt: row.expiresAt,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    minimumCents: row.minimumCents,
    maximumCents: row.maximumCents,
  };
}

/** WooCommerce-style view (amount "10.00" is 10 % for percent coupons). */
export function toCouponView(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    amount: centsToDecimal(row.amount),
    discount_type: row.discountType,
    description: row.description,
    date_expires: row.expiresAt ? row.expiresAt.toISOString() : null,
    usage_limit: row.usageLimit,
    usage_count: row.usageCount,
    minimum_amount: centsToDecimal(row.minimumCents),
    maximum_amount: centsToDecimal(row.maximumCents),
    individual_use: row.individualUse,
    status: row.status,
  };
}

/** By code, upper-cased; `forUpdate` locks the row inside a transaction (redemption counting). */
export async function findCouponByCode(db: Executor, code: string, options: { forUpdate?: boolean } = {}): Promise<CouponRow | null> {
  const normalised = normaliseCouponCode(code);
  if (!normalised) return null;
  const query = db.select().from(coupons).where(eq(coupons.code, normalised)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Published, listed, not expired and not used up: the promo banner's list (50 at most, spec 2 §9). */
export async function listActiveCoupons(db: Executor, now: Date = new Date(), limit = 50): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.status, 'publish'),
        eq(coupons.listed, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        or(isNull(coupons.usageLimit), lt(coupons.usageCount, sql`${coupons.usageLimit}`)),
      ),
    )
    .orderBy(sql`${coupons.expiresAt} asc nulls last`, asc(coupons.id))
    .limit(limit);
}
