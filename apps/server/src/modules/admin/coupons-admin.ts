import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  PERCENT_MAX_HUNDREDTHS,
  couponRuleMessages,
  type AdminCoupon,
  type AdminCouponCreate,
  type AdminCouponUpdate,
} from '@erepare/shared/schemas/admin-shop';
import type { Db, Executor, Tx } from '../../db/client.js';
import { coupons, orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import type { CouponRow } from '../shop/coupons-repository.js';
import { recordAudit, type AuditActor } from './audit.js';

/**
 * Staff coupons (issue 9): every field of spec 2 §3. Codes are stored upper case and unique; a
 * coupon that has served (usage_count > 0 or named by an order) is never deleted: it goes to the
 * trash (status `trash`, refused at checkout), so the orders that used it keep their history.
 */

export const couponsAdminMessages = {
  notFound: 'Code promo introuvable',
  codeTaken: (code: string) => `Le code «\u00a0${code}\u00a0» existe déjà.`,
  created: (code: string) => `Code promo ${code} créé.`,
  updated: (code: string) => `Code promo ${code} enregistré.`,
  unchanged: 'Aucune modification\u00a0: le code promo était déjà ainsi.',
  deleted: (code: string) => `Code promo ${code} supprimé.`,
  trashed: (code: string) => `Le code promo ${code} a déjà servi\u00a0: il est placé dans la corbeille (il ne s’applique plus) au lieu d’être supprimé.`,
  alreadyTrashed: (code: string) => `Le code promo ${code} a déjà servi et est déjà dans la corbeille\u00a0: il est conservé pour l’historique des commandes.`,
} as const;

const notFound = () => new AppError('COUPON_NOT_FOUND', 404, couponsAdminMessages.notFound);

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

async function orderCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (ids.length === 0) return result;
  const rows = await db.select({ couponId: orders.couponId, total: count() }).from(orders).where(inArray(orders.couponId, ids)).groupBy(orders.couponId);
  for (const row of rows) if (row.couponId !== null) result.set(row.couponId, Number(row.total));
  return result;
}

function toAdminCoupon(row: CouponRow, orderCount: number): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    discountType: row.discountType,
    amount: row.amount,
    description: row.description,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    minimumCents: row.minimumCents,
    maximumCents: row.maximumCents,
    individualUse: row.individualUse,
    listed: row.listed,
    orderCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminCoupons(
  db: Db,
  query: { page?: number | undefined; pageSize?: number | undefined; search?: string | undefined; status?: CouponRow['status'] | undefined },
): Promise<{ rows: AdminCoupon[]; total: number; page: number; pageSize: number }> {
  const { limit, offset, page, pageSize } = paging(query);
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(coupons.status, query.status));
  const search = query.search?.trim();
  if (search) filters.push(or(ilike(coupons.code, `%${escapeLike(search)}%`), ilike(coupons.description, `%${escapeLike(search)}%`)) as SQL);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  const counts = await orderCounts(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toAdminCoupon(row, counts.get(row.id) ?? 0)), total: Number(totals[0]?.total ?? 0), page, pageSize };
}

export async function getAdminCoupon(db: Executor, id: number): Promise<AdminCoupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!row) throw notFound();
  return toAdminCoupon(row, (await orderCounts(db, [id])).get(id) ?? 0);
}

async function assertCodeFree(tx: Tx, code: string, exceptId: number | null): Promise<void> {
  const [taken] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)).limit(1);
  if (taken && taken.id !== exceptId) throw new AppError('COUPON_CODE_TAKEN', 409, couponsAdminMessages.codeTaken(code));
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The rules joining two fields, checked on the values the coupon will have (stored ones plus the update). */
function assertCoherent(values: Pick<CouponRow, 'discountType' | 'amount' | 'minimumCents' | 'maximumCents'>): void {
  if (values.discountType === 'percent' && values.amount > PERCENT_MAX_HUNDREDTHS) throw new AppError('COUPON_INVALID', 400, couponRuleMessages.percentRange);
  if (values.maximumCents > 0 && values.minimumCents > 0 && values.maximumCents <= values.minimumCents) throw new AppError('COUPON_INVALID', 400, couponRuleMessages.maxBelowMin);
}

export async function createAdminCoupon(db: Db, actor: AuditActor, body: AdminCouponCreate): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await assertCodeFree(tx, body.code, null);
      const values = {
          code: body.code,
          status: body.status ?? 'publish',
          discountType: body.discountType,
          amount: body.amount,
          description: body.description ?? '',
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
          usageLimit: body.usageLimit ?? null,
          minimumCents: body.minimumCents ?? 0,
          maximumCents: body.maximumCents ?? 0,
          individualUse: body.individualUse ?? false,
          listed: body.listed ?? true,
        } satisfies typeof coupons.$inferInsert;
      assertCoherent(values);
      const [created] = await tx.insert(coupons).values(values).returning();
      if (!created) throw new Error('coupon not inserted');
      await recordAudit(tx, actor, { action: 'coupon.create', entity: 'coupon', entityId: created.id, before: null, after: toAdminCoupon(created, 0) });
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('COUPON_CODE_TAKEN', 409, couponsAdminMessages.codeTaken(body.code));
    throw error;
  }
}

export async function updateAdminCoupon(db: Db, actor: AuditActor, id: number, body: AdminCouponUpdate): Promise<{ changed: boolean; code: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!current) throw notFound();
      const next: Partial<typeof coupons.$inferInsert> = {};
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const expiresAt = body.expiresAt === undefined ? undefined : body.expiresAt === null ? null : new Date(body.expiresAt);
      const fields = {
        code: body.code,
        status: body.status,
        discountType: body.discountType,
        amount: body.amount,
        description: body.description,
        usageLimit: body.usageLimit,
        minimumCents: body.minimumCents,
        maximumCents: body.maximumCents,
        individualUse: body.individualUse,
        listed: body.listed,
      } as const;
      for (const [key, value] of Object.entries(fields) as Array<[keyof typeof fields, (typeof fields)[keyof typeof fields]]>) {
        if (value === undefined || current[key] === value) continue;
        before[key] = current[key];
        after[key] = value;
        Object.assign(next, { [key]: value });
      }
      if (expiresAt !== undefined && (current.expiresAt?.getTime() ?? null) !== (expiresAt?.getTime() ?? null)) {
        before.expiresAt = current.expiresAt?.toISOString() ?? null;
        after.expiresAt = expiresAt?.toISOString() ?? null;
        next.expiresAt = expiresAt;
      }
      assertCoherent({ ...current, ...next } as CouponRow);
      if (Object.keys(after).length === 0) return { changed: false, code: current.code };
      if (next.code !== undefined) await assertCodeFree(tx, next.code, id);
      await tx.update(coupons).set({ ...next, updatedAt: new Date() }).where(eq(coupons.id, id));
      await recordAudit(tx, actor, { action: 'coupon.update', entity: 'coupon', entityId: id, before, after });
      return { changed: true, code: next.code ?? current.code };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('COUPON_CODE_TAKEN', 409, couponsAdminMessages.codeTaken(body.code ?? ''));
    throw error;
  }
}

/** DELETE: removed if it never served; otherwise moved to the trash (kept for the orders' history). */
export async function deleteAdminCoupon(db: Db, actor: AuditActor, id: number): Promise<{ deleted: boolean; archived: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!current) throw notFound();
    const used = current.usageCount > 0 || ((await orderCounts(tx, [id])).get(id) ?? 0) > 0;
    if (used) {
      if (current.status === 'trash') return { deleted: false, archived: true, message: couponsAdminMessages.alreadyTrashed(current.code) };
      await tx.update(coupons).set({ status: 'trash', updatedAt: new Date() }).where(eq(coupons.id, id));
      await recordAudit(tx, actor, { action: 'coupon.trash', entity: 'coupon', entityId: id, before: { status: current.status }, after: { status: 'trash' } });
      return { deleted: false, archived: true, message: couponsAdminMessages.trashed(current.code) };
    }
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, actor, { action: 'coupon.delete', entity: 'coupon', entityId: id, before: toAdminCoupon(current, 0), after: null });
    return { deleted: true, archived: false, message: couponsAdminMessages.deleted(current.code) };
  });
}
