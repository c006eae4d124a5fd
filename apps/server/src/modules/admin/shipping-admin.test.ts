/**
 * Staff shipping methods (issue 9): price, free-shipping threshold and enabled flag stored in the
 * database (built-in values by default); the shop's list and checkout use them (the server
 * prices the order). Admins only; bad input changes nothing; each change audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingAdminRuleMessages, type AdminShippingMethod } from '@erepare/shared/schemas/admin-shop';
import { orderCreateRequestSchema, type ShippingMethod } from '@erepare/shared/schemas/shop';
import { auditLog, inventoryItems, shippingMethodSettings } from '../../db/schema.js';
import { createOrder, type OrderContext } from '../orders/service.js';
import { offlinePaymentMethods } from '../shop/payment-methods.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { shippingAdminMessages } from './shipping-admin.js';

let t: TestApp;
let admin: { id: number; headers: { authorization: string } };
let customer: { id: number; headers: { authorization: string } };
const db = () => t.database.db;

type ListBody = { success: boolean; message?: string; data: AdminShippingMethod[] };
type ErrorBody = { success: false; message: string };

const put = (payload: unknown, headers?: { authorization: string }) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/shipping-methods', payload: payload as object, ...(headers ? { headers } : {}) });
const publicMethods = async () => (await t.app.inject({ method: 'GET', url: '/api/shop/shipping-methods' })).json<{ data: ShippingMethod[] }>().data;
const audits = () => db().select().from(auditLog).where(eq(auditLog.action, 'shipping.update'));

let ipCounter = 0;
async function order(methodId: string, quantity: number) {
  const [item] = await db().insert(inventoryItems).values({ name: `Article livraison ${quantity}-${methodId}`, sku: `TEST-SHIP-${methodId}-${quantity}-${ipCounter}`, itemType: 'accessory', priceCents: 3000, quantity: 10 }).returning({ id: inventoryItems.id });
  ipCounter += 1;
  const ctx: OrderContext = { db: db(), publicUrl: t.config.publicUrl, orders: t.config.orders, backend: t.app.repair.backend, catalogue: t.app.shop.catalogue, paymentMethods: (profile) => offlinePaymentMethods(profile, t.config.publicUrl) };
  return createOrder(
    ctx,
    { kind: 'anonymous' },
    orderCreateRequestSchema.parse({
      payment_method: 'bacs',
      billing: { first_name: 'Jules', last_name: 'Colis', email: `jules.colis${ipCounter}@exemple.fr`, phone: '0611223344', address_1: '5 rue des Pins', city: 'Biganos', postcode: '33380' },
      line_items: [{ product_id: item?.id ?? 0, quantity }],
      shipping_lines: [{ method_id: methodId }],
      terms_accepted: true,
    }),
    { ip: `10.64.0.${ipCounter}` },
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'livraison.staff@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'client.livraison@exemple.fr' });
});
afterAll(async () => {
  await t?.close();
});

describe('/api/admin/shipping-methods', () => {
  it('answers 401 without a session and 403 to a customer, before reading the body', async () => {
    for (const headers of [undefined, customer.headers]) {
      const expected = headers ? 403 : 401;
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/shipping-methods', ...(headers ? { headers } : {}) })).statusCode).toBe(expected);
      expect((await put({ methods: [{ id: 'chronopost', enabled: false }] }, headers)).statusCode).toBe(expected);
      expect((await put({ junk: true }, headers)).statusCode).toBe(expected);
    }
    expect(await db().select().from(shippingMethodSettings)).toHaveLength(0);
  });

  it('lists the built-in values as defaults (relay not offered without Colissimo)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/shipping-methods', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    const methods = response.json<ListBody>().data;
    expect(methods.map((method) => method.id)).toEqual(['local_pickup', 'colissimo_no_sign', 'colissimo_sign', 'colissimo_relais', 'chronopost']);
    expect(methods.find((method) => method.id === 'colissimo_sign')).toMatchObject({ costCents: 990, freeThresholdCents: 5000, enabled: true, offered: true, defaults: { costCents: 990, freeThresholdCents: 5000 } });
    expect(methods.find((method) => method.id === 'chronopost')).toMatchObject({ costCents: 1190, freeThresholdCents: 10000, kind: 'express' });
    expect(methods.find((method) => method.id === 'colissimo_relais')).toMatchObject({ enabled: true, offered: false });
    expect(methods.find((method) => method.id === 'local_pickup')).toMatchObject({ costCents: 0, freeThresholdCents: null });
  });

  it('refuses bad input with a French 400, changing nothing', async () => {
    const cases: Array<[unknown, RegExp | string]> = [
      [{ methods: [{ id: 'drone', enabled: true }] }, /Mode de livraison inconnu/],
      [{ methods: [{ id: 'chronopost', costCents: -100 }] }, /ne peut pas être négatif/],
      [{ methods: [{ id: 'chronopost', costCents: 9.9 }] }, /nombre entier/],
      [{ methods: [{ id: 'chronopost', enabled: false }, { id: 'chronopost', enabled: true }] }, shippingAdminRuleMessages.duplicate],
      [{ methods: [{ id: 'local_pickup', costCents: 200 }] }, shippingAdminRuleMessages.pickupFree],
      [
        { methods: ['local_pickup', 'colissimo_no_sign', 'colissimo_sign', 'colissimo_relais', 'chronopost'].map((id) => ({ id, enabled: false })) },
        shippingAdminRuleMessages.oneEnabled,
      ],
      [{ methods: [] }, /Aucun mode de livraison/],
      [{ methods: [{ id: 'chronopost', price: 5 }] }, /Données invalides/],
    ];
    for (const [body, message] of cases) {
      const response = await put(body, admin.headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(message);
    }
    expect(await db().select().from(shippingMethodSettings)).toHaveLength(0);
    expect(await audits()).toHaveLength(0);
  });

  it('saves prices, thresholds and enabled flags; the shop lists them and checkout charges them; audited', async () => {
    const response = await put(
      {
        methods: [
          { id: 'colissimo_sign', costCents: 1290, freeThresholdCents: 8000 },
          { id: 'colissimo_no_sign', freeThresholdCents: null },
          { id: 'chronopost', enabled: false },
        ],
      },
      admin.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ListBody>();
    expect(body.message).toBe(shippingAdminMessages.saved);
    expect(body.data.find((method) => method.id === 'colissimo_sign')).toMatchObject({ costCents: 1290, freeThresholdCents: 8000, defaults: { costCents: 990, freeThresholdCents: 5000 } });
    expect(body.data.find((method) => method.id === 'chronopost')).toMatchObject({ enabled: false, offered: false });

    const listed = await publicMethods();
    expect(listed.map((method) => method.id)).toEqual(['local_pickup', 'colissimo_no_sign', 'colissimo_sign']);
    expect(listed.find((method) => method.id === 'colissimo_sign')).toMatchObject({ cost: '12.90', free_threshold: '80.00' });
    expect(listed.find((method) => method.id === 'colissimo_no_sign')).toMatchObject({ cost: '6.90', free_threshold: null });

    // 60 € of goods: above the old 50 € threshold, below the new 80 € one.
    const signed = await order('colissimo_sign', 2);
    expect(signed).toMatchObject({ shipping_total: '12.90', total: '72.90' });
    // Never free any more: 90 € still pays 6,90 €.
    const unsigned = await order('colissimo_no_sign', 3);
    expect(unsigned).toMatchObject({ shipping_total: '6.90', total: '96.90' });
    await expect(order('chronopost', 1)).rejects.toMatchObject({ httpStatus: 422 });

    const audit = await audits();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      entity: 'shipping_method',
      before: { colissimo_sign: { costCents: 990, freeThresholdCents: 5000 }, colissimo_no_sign: { freeThresholdCents: 5000 }, chronopost: { enabled: true } },
      after: { colissimo_sign: { costCents: 1290, freeThresholdCents: 8000 }, colissimo_no_sign: { freeThresholdCents: null }, chronopost: { enabled: false } },
    });

    const again = await put({ methods: [{ id: 'colissimo_sign', costCents: 1290 }] }, admin.headers);
    expect(again.json<ListBody>().message).toBe(shippingAdminMessages.unchanged);
    expect(await audits()).toHaveLength(1);
  });
});
