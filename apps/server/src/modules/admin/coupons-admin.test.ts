/**
 * Staff coupons (issue 9): every field of spec 2 §3; codes upper case and unique (409); percent
 * 0-100 % in hundredths, fixed amounts in cents; a coupon that served goes to the trash instead of
 * being deleted. Admins only; bad input changes nothing; each change audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRuleMessages, type AdminCoupon } from '@erepare/shared/schemas/admin-shop';
import { auditLog, coupons } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { couponsAdminMessages } from './coupons-admin.js';

let t: TestApp;
let admin: { id: number; headers: { authorization: string } };
let customer: { id: number; headers: { authorization: string } };
const db = () => t.database.db;

type CouponBody = { success: boolean; message?: string; data: AdminCoupon };
type ListBody = { success: boolean; data: AdminCoupon[]; pagination: { page: number; pageSize: number; total: number } };
type ErrorBody = { success: false; message: string };

const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: unknown, headers?: { authorization: string }) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), ...(headers ? { headers } : {}) });
const auditOf = (id: number, action: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));
const bannerCodes = async () => (await t.app.inject({ method: 'GET', url: '/api/woocommerce/coupons' })).json<{ data: { code: string }[] }>().data.map((coupon) => coupon.code);

const full = {
  code: ' printemps10 ',
  discountType: 'percent',
  amount: 1000,
  description: 'Printemps : 10 % sur tout le site',
  expiresAt: '2099-05-31T21:59:59.000Z',
  usageLimit: 100,
  minimumCents: 3000,
  maximumCents: 50000,
  individualUse: true,
  listed: true,
  status: 'publish',
};

let couponId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'promos.staff@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'client.promos@exemple.fr' });
});
afterAll(async () => {
  await t?.close();
});

describe('staff only', () => {
  it('every coupon endpoint answers 401 without a session and 403 to a customer, before reading the body', async () => {
    const calls: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown]> = [
      ['GET', '/api/admin/coupons'],
      ['POST', '/api/admin/coupons', full],
      ['POST', '/api/admin/coupons', { nonsense: 1 }],
      ['PATCH', '/api/admin/coupons/1', { amount: 5 }],
      ['DELETE', '/api/admin/coupons/1'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method, url, payload, customer.headers)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await db().select().from(coupons).where(eq(coupons.code, 'PRINTEMPS10'))).toHaveLength(0);
  });
});

describe('POST /api/admin/coupons', () => {
  it('refuses bad input with a French 400, creating nothing', async () => {
    const before = (await db().select().from(coupons)).length;
    const cases: Array<[Record<string, unknown>, RegExp | string]> = [
      [{ ...full, amount: 10001 }, couponRuleMessages.percentRange],
      [{ ...full, amount: -5 }, /ne peut pas être négatif/],
      [{ ...full, amount: 12.5 }, /nombre entier/],
      [{ ...full, code: 'É' }, /au moins 2 caractères/],
      [{ ...full, code: 'NOËL 10' }, /lettres sans accent/],
      [{ ...full, discountType: 'bogo' }, /Type de remise inconnu/],
      [{ ...full, expiresAt: '31/05/2099' }, /Date d’expiration invalide/],
      [{ ...full, usageLimit: 0 }, /au moins 1/],
      [{ ...full, minimumCents: 5000, maximumCents: 4000 }, couponRuleMessages.maxBelowMin],
      [{ ...full, status: 'archived' }, /Statut de code promo inconnu/],
      [{ ...full, colour: 'vert' }, /Données invalides/],
      [{ code: 'SEUL' }, /Données invalides/],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/api/admin/coupons', body, admin.headers);
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(message);
    }
    expect(await db().select().from(coupons)).toHaveLength(before);
  });

  it('creates a coupon with every field, code in upper case, shown in the banner, audited', async () => {
    const response = await send('POST', '/api/admin/coupons', full, admin.headers);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<CouponBody>();
    couponId = body.data.id;
    expect(body.message).toBe(couponsAdminMessages.created('PRINTEMPS10'));
    expect(body.data).toMatchObject({
      code: 'PRINTEMPS10',
      discountType: 'percent',
      amount: 1000,
      description: full.description,
      expiresAt: full.expiresAt,
      usageLimit: 100,
      usageCount: 0,
      minimumCents: 3000,
      maximumCents: 50000,
      individualUse: true,
      listed: true,
      status: 'publish',
      orderCount: 0,
    });
    expect(await bannerCodes()).toContain('PRINTEMPS10');
    const audit = await auditOf(couponId, 'coupon.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, after: { code: 'PRINTEMPS10', amount: 1000 } });
  });

  it('refuses a code that exists, whatever its case (409)', async () => {
    const response = await send('POST', '/api/admin/coupons', { ...full, code: 'Printemps10' }, admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(couponsAdminMessages.codeTaken('PRINTEMPS10'));
  });
});

describe('GET /api/admin/coupons', () => {
  it('pages, searches code and description, filters by status', async () => {
    const before = (await send('GET', '/api/admin/coupons', undefined, admin.headers)).json<ListBody>().pagination.total;
    await send('POST', '/api/admin/coupons', { code: 'FIXE5', discountType: 'fixed_cart', amount: 500, status: 'draft', description: 'Cinq euros' }, admin.headers);
    const all = (await send('GET', '/api/admin/coupons?pageSize=1', undefined, admin.headers)).json<ListBody>();
    expect(all.pagination).toEqual({ page: 1, pageSize: 1, total: before + 1 });
    const second = (await send('GET', '/api/admin/coupons?pageSize=1&page=2', undefined, admin.headers)).json<ListBody>();
    expect(second.data.map((coupon) => coupon.code)).toEqual(['PRINTEMPS10']);
    expect(all.data.map((coupon) => coupon.code)).toEqual(['FIXE5']);
    expect((await send('GET', '/api/admin/coupons?search=printemps', undefined, admin.headers)).json<ListBody>().data.map((coupon) => coupon.code)).toEqual(['PRINTEMPS10']);
    expect((await send('GET', '/api/admin/coupons?search=cinq', undefined, admin.headers)).json<ListBody>().data.map((coupon) => coupon.code)).toEqual(['FIXE5']);
    expect((await send('GET', '/api/admin/coupons?status=draft', undefined, admin.headers)).json<ListBody>().data.map((coupon) => coupon.code)).toContain('FIXE5');
    expect((await send('GET', '/api/admin/coupons?status=publish', undefined, admin.headers)).json<ListBody>().data.map((coupon) => coupon.code)).not.toContain('FIXE5');
    expect((await send('GET', '/api/admin/coupons?status=gone', undefined, admin.headers)).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/coupons/:id', () => {
  it('refuses bad input, a taken code and incoherent values (with the stored ones), changing nothing', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp | string]> = [
      [{}, 400, /Aucune modification/],
      [{ amount: 20000 }, 400, couponRuleMessages.percentRange],
      [{ maximumCents: 2000 }, 400, couponRuleMessages.maxBelowMin],
      [{ code: 'fixe5' }, 409, couponsAdminMessages.codeTaken('FIXE5')],
      [{ usageCount: 0 }, 400, /Données invalides/],
    ];
    for (const [body, status, message] of cases) {
      const response = await send('PATCH', `/api/admin/coupons/${couponId}`, body, admin.headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json<ErrorBody>().message).toMatch(message);
    }
    expect((await send('PATCH', '/api/admin/coupons/999999', { amount: 5 }, admin.headers)).statusCode).toBe(404);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, couponId));
    expect(row).toMatchObject({ code: 'PRINTEMPS10', amount: 1000, maximumCents: 50000 });
    expect(await auditOf(couponId, 'coupon.update')).toHaveLength(0);
  });

  it('edits fields; the audit keeps only what changed; unlisted leaves the banner', async () => {
    const response = await send('PATCH', `/api/admin/coupons/${couponId}`, { discountType: 'fixed_cart', amount: 1500, listed: false, expiresAt: null, description: full.description }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CouponBody>()).toMatchObject({ message: couponsAdminMessages.updated('PRINTEMPS10'), data: { discountType: 'fixed_cart', amount: 1500, listed: false, expiresAt: null } });
    expect(await bannerCodes()).not.toContain('PRINTEMPS10');
    const audit = await auditOf(couponId, 'coupon.update');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toEqual({ discountType: 'percent', amount: 1000, listed: true, expiresAt: full.expiresAt });
    expect(audit[0]?.after).toEqual({ discountType: 'fixed_cart', amount: 1500, listed: false, expiresAt: null });
    const same = await send('PATCH', `/api/admin/coupons/${couponId}`, { amount: 1500 }, admin.headers);
    expect(same.json<CouponBody>().message).toBe(couponsAdminMessages.unchanged);
    expect(await auditOf(couponId, 'coupon.update')).toHaveLength(1);
  });
});

describe('DELETE /api/admin/coupons/:id', () => {
  it('deletes a coupon never used; moves a used one to the trash instead', async () => {
    const [fixe] = await db().select().from(coupons).where(eq(coupons.code, 'FIXE5'));
    const deleted = await send('DELETE', `/api/admin/coupons/${fixe?.id ?? 0}`, undefined, admin.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ message: string; data: object }>()).toMatchObject({ message: couponsAdminMessages.deleted('FIXE5'), data: { deleted: true, archived: false } });
    expect(await db().select().from(coupons).where(eq(coupons.code, 'FIXE5'))).toHaveLength(0);
    expect(await auditOf(fixe?.id ?? 0, 'coupon.delete')).toHaveLength(1);

    await db().update(coupons).set({ usageCount: 3 }).where(eq(coupons.id, couponId));
    const trashed = await send('DELETE', `/api/admin/coupons/${couponId}`, undefined, admin.headers);
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json<{ message: string; data: object }>()).toMatchObject({ message: couponsAdminMessages.trashed('PRINTEMPS10'), data: { deleted: false, archived: true } });
    const [row] = await db().select().from(coupons).where(eq(coupons.id, couponId));
    expect(row?.status).toBe('trash');
    expect(await auditOf(couponId, 'coupon.trash')).toHaveLength(1);
    const again = await send('DELETE', `/api/admin/coupons/${couponId}`, undefined, admin.headers);
    expect(again.json<{ message: string }>().message).toBe(couponsAdminMessages.alreadyTrashed('PRINTEMPS10'));
    expect(await auditOf(couponId, 'coupon.trash')).toHaveLength(1);
    expect((await send('DELETE', '/api/admin/coupons/999999', undefined, admin.headers)).statusCode).toBe(404);
  });
});
