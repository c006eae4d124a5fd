/**
 * The security review of the orders server: coupon limits under concurrency, stock hoarding
 * (unpaid orders per visitor, pickup deadline), the total shown is the total charged, odd input
 * never a 5xx, amounts bounded, delivery country, loyalty given back as debited, and an expiry
 * run that survives one failing order.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCreateRequestSchema, type Order } from '@erepare/shared/schemas/shop';
import { coupons, customers, inventoryItems, mailOutbox, orders } from '../../db/schema.js';
import { expireOrders } from '../../jobs/order-expiry.js';
import { clientAddressKey } from '../../lib/rate-limit.js';
import { listOutbox } from '../mail/outbox.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { orderCreationFailure } from './routes.js';
import { UNPROVEN_ORDER_MAIL_LIMIT, cancelLockedOrder, createOrder, markOrderPaid, type OrderContext, type OrderViewer } from './service.js';

let t: TestApp;
let counter = 0;

type OrderAnswer = { success: true; data: Order };
type ErrorAnswer = { success: false; message: string; statusCode: number; code?: string };
type Body = Record<string, unknown>;

function nextIp(): string {
  counter += 1;
  return `10.63.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
}

async function insertItem(priceCents: number, quantity: number, name?: string): Promise<number> {
  counter += 1;
  const [row] = await t.database.db
    .insert(inventoryItems)
    .values({ name: name ?? `Article revue ${counter}`, sku: `TEST-SEC-${counter}`, itemType: 'accessory', priceCents, quantity })
    .returning({ id: inventoryItems.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

async function stockOf(id: number): Promise<number> {
  const [row] = await t.database.db.select({ quantity: inventoryItems.quantity }).from(inventoryItems).where(eq(inventoryItems.id, id));
  return row?.quantity ?? -1;
}

async function orderCount(): Promise<number> {
  return (await t.database.db.select({ id: orders.id }).from(orders)).length;
}

function body(productId: number, overrides: Body = {}, billing: Body = {}): Body {
  counter += 1;
  return {
    payment_method: 'bacs',
    billing: {
      first_name: 'Sacha',
      last_name: 'Revue',
      email: `revue${counter}@exemple.fr`,
      phone: '0611111111',
      address_1: '5 rue du Port',
      city: 'Arcachon',
      postcode: '33120',
      country: 'FR',
      ...billing,
    },
    line_items: [{ product_id: productId, quantity: 1 }],
    shipping_lines: [{ method_id: 'colissimo_no_sign' }],
    terms_accepted: true,
    ...overrides,
  };
}

const pickup = { payment_method: 'cod', shipping_lines: [{ method_id: 'local_pickup' }] };

async function post(payload: Body, ip = nextIp(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/shop/orders', payload, remoteAddress: ip, headers });
}

function context(): OrderContext {
  return { db: t.database.db, publicUrl: t.config.publicUrl, orders: t.config.orders, backend: t.app.repair.backend, catalogue: t.app.shop.catalogue };
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('coupon usage limit', () => {
  it('counts live unpaid orders: a limit-1 code is not taken by a second bank transfer', async () => {
    const itemId = await insertItem(2000, 10);
    const [coupon] = await t.database.db.insert(coupons).values({ code: 'TEST-UNIQUE1', amount: 500, usageLimit: 1 }).returning();
    const first = await post(body(itemId, { coupon_lines: [{ code: 'TEST-UNIQUE1' }] }));
    expect(first.statusCode).toBe(201);
    const second = await post(body(itemId, { coupon_lines: [{ code: 'TEST-UNIQUE1' }] }));
    expect(second.statusCode).toBe(422);
    expect(second.json<ErrorAnswer>().message).toBe("Ce code promo a atteint sa limite d'utilisation");
    // The first order cancelled, its use is free again.
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, first.json<OrderAnswer>().data.id));
    expect((await post(body(itemId, { coupon_lines: [{ code: 'TEST-UNIQUE1' }] }))).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon?.id ?? 0));
    expect(row?.usageCount).toBe(0);
  });

  it('two parallel pay-in-store orders with a limit-1 code: exactly one succeeds', async () => {
    const itemId = await insertItem(2000, 10);
    await t.database.db.insert(coupons).values({ code: 'TEST-PARALLELE', amount: 500, usageLimit: 1 });
    const responses = await Promise.all(Array.from({ length: 2 }, () => post(body(itemId, { ...pickup, coupon_lines: [{ code: 'TEST-PARALLELE' }] }))));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'TEST-PARALLELE'));
    expect(row?.usageCount).toBe(1);
  });
});

describe('stock hoarding', () => {
  const limitMessage = "Vous avez déjà 3 commandes en attente. Réglez-les ou contactez la boutique avant d'en passer une nouvelle.";

  it('holds a buyer (one address) to 3 unpaid orders; paid or cancelled ones do not count', async () => {
    const itemId = await insertItem(1000, 20);
    const ip = nextIp();
    const created: Order[] = [];
    for (const overrides of [{}, {}, pickup]) {
      const response = await post(body(itemId, overrides), ip);
      expect(response.statusCode).toBe(201);
      created.push(response.json<OrderAnswer>().data);
    }
    const fourth = await post(body(itemId), ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<ErrorAnswer>().message).toBe(limitMessage);
    expect(await stockOf(itemId)).toBe(17);
    // One transfer paid: room for one more.
    await markOrderPaid(t.database.db, created[0]?.id ?? 0, { note: 'Virement reçu', publicUrl: t.config.publicUrl });
    expect((await post(body(itemId), ip)).statusCode).toBe(201);
    expect((await post(body(itemId), ip)).statusCode).toBe(429);
    // The pay-in-store order collected (completed by staff): room again.
    await t.database.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, created[2]?.id ?? 0));
    expect((await post(body(itemId), ip)).statusCode).toBe(201);
  });

  it('holds a signed-in account to 3 unpaid orders, whatever its addresses', async () => {
    const itemId = await insertItem(1000, 20);
    const user = await signedInUser(t.app, t.database.db, { email: 'compte.accapareur@exemple.fr' });
    for (let index = 0; index < 3; index += 1) expect((await post(body(itemId), nextIp(), user.headers)).statusCode).toBe(201);
    const limited = await post(body(itemId), nextIp(), user.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorAnswer>().message).toBe(limitMessage);
  });

  it('never counts the e-mail typed in the form: orders placed with hers do not block the owner', async () => {
    const itemId = await insertItem(1000, 20);
    const victim = 'victime.commande@exemple.fr';
    const attacker = nextIp();
    for (let index = 0; index < 3; index += 1) expect((await post(body(itemId, {}, { email: victim }), attacker)).statusCode).toBe(201);
    // The owner, as a guest from her own address, and signed in: both order.
    expect((await post(body(itemId, {}, { email: victim }))).statusCode).toBe(201);
    const owner = await signedInUser(t.app, t.database.db, { email: victim });
    expect((await post(body(itemId, {}, { email: victim }), nextIp(), owner.headers)).statusCode).toBe(201);
  });

  it('mails an address a few order confirmations a day from orders that did not prove it; its verified owner always', async () => {
    const itemId = await insertItem(1000, 40);
    const victim = 'boite.inondee@exemple.fr';
    const confirmations = async () => (await listOutbox(t.database.db, { kind: 'order_confirmation', to: victim })).length;
    const placed: { id: number; key: string }[] = [];
    for (let index = 0; index < UNPROVEN_ORDER_MAIL_LIMIT.limit + 2; index += 1) {
      // Each from its own address, spelt differently: one mailbox all the same.
      const email = index % 2 === 0 ? victim : 'Boite.Inondee+commande@Exemple.fr';
      const response = await post(body(itemId, {}, { email }));
      expect(response.statusCode).toBe(201);
      const order = response.json<OrderAnswer>().data;
      placed.push({ id: order.id, key: order.order_key ?? '' });
    }
    const all = await listOutbox(t.database.db, { kind: 'order_confirmation' });
    const toVictim = all.filter((mail) => mail.toAddress.toLowerCase().replace('+commande', '') === victim);
    expect(toVictim).toHaveLength(UNPROVEN_ORDER_MAIL_LIMIT.limit);
    // The order key proves the order, not the address: asking for the mail again sends nothing more.
    const skipped = placed.at(-1);
    const again = await t.app.inject({ method: 'POST', url: '/api/devis-notification/order-confirmation', payload: { id: skipped?.id, order_key: skipped?.key }, remoteAddress: nextIp() });
    expect(again.statusCode).toBe(200);
    const after = (await listOutbox(t.database.db, { kind: 'order_confirmation' })).filter((mail) => mail.toAddress.toLowerCase().replace('+commande', '') === victim);
    expect(after).toHaveLength(UNPROVEN_ORDER_MAIL_LIMIT.limit);
    // An unmailed order that expires is not announced either.
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, skipped?.id ?? 0));
    await expireOrders(t.database.db, { publicUrl: t.config.publicUrl });
    const [expired] = await t.database.db.select().from(orders).where(eq(orders.id, skipped?.id ?? 0));
    expect(expired?.status).toBe('cancelled');
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `order_expired:${skipped?.id ?? 0}`))).toEqual([]);
    // The owner, signed in with the verified address: her confirmation goes.
    const before = await confirmations();
    const owner = await signedInUser(t.app, t.database.db, { email: victim });
    expect((await post(body(itemId, {}, { email: victim }), nextIp(), owner.headers)).statusCode).toBe(201);
    expect(await confirmations()).toBe(before + 1);
  });

  it('holds one IP address (IPv6: its /64) to 3 unpaid orders, whatever the e-mails', async () => {
    const itemId = await insertItem(1000, 20);
    for (const ip of ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff::2', '2001:0db8:00aa:0001:1:2:3:4']) {
      expect((await post(body(itemId), ip)).statusCode).toBe(201);
    }
    const limited = await post(body(itemId), '2001:db8:aa:1::99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorAnswer>().message).toBe(limitMessage);
    // Another /64 is another visitor.
    expect((await post(body(itemId), '2001:db8:aa:2::1')).statusCode).toBe(201);
    for (let index = 0; index < 3; index += 1) expect((await post(body(itemId), '192.0.2.77')).statusCode).toBe(201);
    expect((await post(body(itemId), '192.0.2.77')).statusCode).toBe(429);
    expect((await post(body(itemId), '::ffff:192.0.2.77')).statusCode).toBe(429);
  });

  it('keys addresses with the one helper: IPv4 as is, IPv6 by /64', () => {
    expect(clientAddressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('2001:DB8::1')).toBe(clientAddressKey('2001:db8:0:0:1:2:3:4'));
    expect(clientAddressKey('fe80::1%eth0')).toBe(clientAddressKey('fe80::2'));
  });

  it('cancels a pay-in-store order not collected by its deadline: stock back, settlement undone, buyer mailed', async () => {
    const itemId = await insertItem(3000, 3);
    const [coupon] = await t.database.db.insert(coupons).values({ code: 'TEST-RETRAIT-EXP', amount: 300 }).returning();
    const created = (await post(body(itemId, { ...pickup, coupon_lines: [{ code: 'TEST-RETRAIT-EXP' }] }))).json<OrderAnswer>().data;
    expect(created.status).toBe('processing');
    expect(await stockOf(itemId)).toBe(2);
    await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, created.id));
    // A completed pickup past the date is left alone.
    const collected = (await post(body(itemId, pickup))).json<OrderAnswer>().data;
    await t.database.db.update(orders).set({ status: 'completed', expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, collected.id));

    const run = await expireOrders(t.database.db, { publicUrl: t.config.publicUrl });
    expect(run).toMatchObject({ cancelled: 1, mailed: 1, failed: 0 });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row?.status).toBe('cancelled');
    expect(await stockOf(itemId)).toBe(2);
    const [couponRow] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon?.id ?? 0));
    expect(couponRow?.usageCount).toBe(0);
    const [notice] = await listOutbox(t.database.db, { kind: 'order_expired', to: created.billing.email });
    expect(notice?.text).toContain('n’a pas été retirée dans le délai');
    expect(notice?.text).not.toContain('virement');
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, collected.id));
    expect(kept?.status).toBe('completed');
  });
});

describe('the total shown is the total charged (L221-14)', () => {
  it('refuses with 409 when expected_total differs, creates the order when it matches', async () => {
    const itemId = await insertItem(4990, 5);
    const before = await orderCount();
    const changed = await post(body(itemId, { expected_total: '49.90' }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json<ErrorAnswer>()).toMatchObject({
      code: 'TOTAL_CHANGED',
      message: 'Le total de votre commande a changé\u00a0: 56,80\u00a0€ au lieu de 49,90\u00a0€. Vérifiez le récapitulatif avant de commander.',
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(itemId)).toBe(5);
    const same = await post(body(itemId, { expected_total: '56.80' }));
    expect(same.statusCode).toBe(201);
    const bad = await post(body(itemId, { expected_total: '56,80' }));
    expect(bad.statusCode).toBe(400);
  });

  it('refuses with 409 when the loyalty asked for is no longer there', async () => {
    const itemId = await insertItem(2000, 5);
    const [customer] = await t.database.db.insert(customers).values({ email: 'sans.points@exemple.fr', loyaltyBalanceCents: 0 }).returning();
    const user = await signedInUser(t.app, t.database.db, { email: 'sans.points@exemple.fr', repairCustomerId: customer?.id ?? 0 });
    const response = await post(body(itemId, { use_loyalty: true }, { email: 'sans.points@exemple.fr' }), nextIp(), user.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>()).toMatchObject({
      code: 'LOYALTY_UNAVAILABLE',
      message: 'Vos points fidélité ne sont plus disponibles (déjà utilisés par une autre commande). Vérifiez le récapitulatif avant de commander.',
    });
    expect(await stockOf(itemId)).toBe(5);
  });
});

describe('a bank transfer of 0 €', () => {
  it('is settled at once: processing, no transfer asked', async () => {
    const itemId = await insertItem(1000, 5);
    const [customer] = await t.database.db.insert(customers).values({ email: 'tout.couvert@exemple.fr', loyaltyBalanceCents: 5000 }).returning();
    const user = await signedInUser(t.app, t.database.db, { email: 'tout.couvert@exemple.fr', repairCustomerId: customer?.id ?? 0 });
    const response = await post(body(itemId, { use_loyalty: true, shipping_lines: [{ method_id: 'local_pickup' }] }, { email: 'tout.couvert@exemple.fr' }), nextIp(), user.headers);
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderAnswer>().data;
    expect(order).toMatchObject({ status: 'processing', total: '0.00', needs_payment: false, bank_details: null, expires_at: null });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.settledAt).toBeInstanceOf(Date);
    expect(row?.loyaltyDebitedCents).toBe(1000);
    const [balance] = await t.database.db.select().from(customers).where(eq(customers.id, customer?.id ?? 0));
    expect(balance?.loyaltyBalanceCents).toBe(4000);
  });
});

describe('odd input is a 4xx, never a 5xx', () => {
  const NUL = '\u0000';

  it('refuses control characters in every text of an order with a French 400', async () => {
    const itemId = await insertItem(1000, 50);
    const before = await orderCount();
    const cases: Body[] = [
      ...['first_name', 'last_name', 'phone', 'company', 'address_1', 'address_2', 'city', 'postcode'].map((field) => body(itemId, {}, { [field]: `A${NUL}B` })),
      body(itemId, {}, { email: `a${NUL}@exemple.fr` }),
      body(itemId, { shipping: { address_1: `1 rue${NUL}`, city: 'Bordeaux', postcode: '33000' } }),
      body(itemId, { customer_note: `Merci${NUL}` }),
      body(itemId, { customer_note: `Sonnez${'\u007F'}` }),
      body(itemId, { coupon_lines: [{ code: `PROMO${NUL}` }] }),
      body(itemId, { payment_method: `bacs${NUL}` }),
      body(itemId, { shipping_lines: [{ method_id: `local_pickup${NUL}` }] }),
    ];
    for (const payload of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorAnswer>().message).toContain('Caractères non autorisés');
    }
    expect(await orderCount()).toBe(before);
    // A multi-line note keeps its line breaks and tabs.
    const note = await post(body(itemId, { customer_note: 'Ligne 1\r\nLigne 2\tfin' }));
    expect(note.statusCode).toBe(201);
    expect(note.json<OrderAnswer>().data.customer_note).toBe('Ligne 1\r\nLigne 2\tfin');
  });

  it('refuses control characters in the shop’s query strings and coupon validation', async () => {
    const user = await signedInUser(t.app, t.database.db, { email: 'requetes@exemple.fr' });
    for (const url of [
      '/api/shop/products?search=%00',
      '/api/shop/products?category=a%00b',
      '/api/shop/orders?search=%00',
      '/api/shop/orders?status=pending%00',
      '/api/shop/orders/1?key=a%00b',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode, url).toBe(400);
    }
    const coupon = await t.app.inject({ method: 'POST', url: '/api/shop/coupons/validate', payload: { code: `A${NUL}`, items: [] }, remoteAddress: nextIp() });
    expect(coupon.statusCode).toBe(400);
    expect(coupon.json<ErrorAnswer>().message).toContain('Caractères non autorisés');
  });

  it('refuses lines and subtotals above 100 000 € with a 422', async () => {
    const expensive = await insertItem(2_000_000_00, 5);
    const pricey = await insertItem(60_000_00, 5);
    const other = await insertItem(50_000_00, 5);
    for (const payload of [
      body(expensive),
      body(pricey, { line_items: [{ product_id: pricey, quantity: 2 }] }),
      body(pricey, { line_items: [{ product_id: pricey, quantity: 1 }, { product_id: other, quantity: 1 }] }),
    ]) {
      const response = await post(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorAnswer>().message).toBe('Montant de commande trop élevé\u00a0: contactez la boutique.');
    }
    expect(await stockOf(pricey)).toBe(5);
  });

  it('keeps database data errors out of the 503 "try again"', () => {
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const wrapped = Object.assign(new Error('Failed query'), { cause: nul });
    const constraint = Object.assign(new Error('violates check constraint'), { cause: { code: '23514' } });
    for (const error of [nul, wrapped, constraint]) expect(orderCreationFailure(error)).toMatchObject({ httpStatus: 400 });
    const validation = Object.assign(new Error('body/x'), { statusCode: 400, validation: [] });
    expect(orderCreationFailure(validation)).toBe(validation);
    const lost = Object.assign(new Error('Connection terminated'), { code: '08006' });
    expect(orderCreationFailure(lost)).toMatchObject({ httpStatus: 503 });
    expect(orderCreationFailure(new Error('socket hang up'))).toMatchObject({ httpStatus: 503 });
  });
});

describe('home delivery', () => {
  it('is for metropolitan France only; a pickup takes any billing country', async () => {
    const itemId = await insertItem(1000, 10);
    for (const payload of [
      body(itemId, {}, { country: 'BE' }),
      body(itemId, { shipping: { address_1: '1 rue', city: 'Monaco', postcode: '98000', country: 'MC' } }),
      body(itemId, {}, { postcode: '97200', city: 'Fort-de-France' }),
    ]) {
      const response = await post(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorAnswer>().message).toBe('Livraison possible en France métropolitaine uniquement');
    }
    expect((await post(body(itemId, { shipping_lines: [{ method_id: 'local_pickup' }] }, { country: 'BE' }))).statusCode).toBe(201);
    expect(await stockOf(itemId)).toBe(9);
  });
});

describe('loyalty given back on cancellation', () => {
  it('credits only what the settlement actually debited', async () => {
    const itemId = await insertItem(3000, 5);
    const [customer] = await t.database.db.insert(customers).values({ email: 'credit.exact@exemple.fr', loyaltyBalanceCents: 1000 }).returning();
    const customerId = customer?.id ?? 0;
    const viewer: OrderViewer = { kind: 'user', userId: 0, role: 'customer', email: 'credit.exact@exemple.fr', emailVerified: true, customerId };
    const user = await signedInUser(t.app, t.database.db, { email: 'credit.exact@exemple.fr', repairCustomerId: customerId });
    const order = await createOrder(
      context(),
      { ...viewer, userId: user.id },
      orderCreateRequestSchema.parse(body(itemId, { use_loyalty: true }, { email: 'credit.exact@exemple.fr' })),
      { ip: nextIp() },
    );
    expect(order.loyalty_discount).toBe('10.00');
    // Staff spent most of the points in store meanwhile: 3 € left when the transfer arrives.
    await t.database.db.update(customers).set({ loyaltyBalanceCents: 300 }).where(eq(customers.id, customerId));
    await markOrderPaid(t.database.db, order.id, { note: 'Virement reçu', publicUrl: t.config.publicUrl });
    const balance = async () => (await t.database.db.select().from(customers).where(eq(customers.id, customerId)))[0]?.loyaltyBalanceCents;
    expect(await balance()).toBe(0);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.loyaltyDebitedCents).toBe(300);
    await t.database.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (locked) await cancelLockedOrder(tx, locked, 'Annulée', { publicUrl: t.config.publicUrl });
    });
    expect(await balance()).toBe(300);
  });
});

describe('the expiry job', () => {
  it('logs an order whose cancellation fails, skips it for this run and cancels the others', async () => {
    const itemId = await insertItem(1000, 10);
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const created = (await post(body(itemId))).json<OrderAnswer>().data;
      ids.push(created.id);
      await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 10_000 + index) }).where(eq(orders.id, created.id));
    }
    const broken = ids[0] ?? 0;
    const logged: unknown[] = [];
    const run = await expireOrders(t.database.db, {
      publicUrl: t.config.publicUrl,
      log: { error: (...args: unknown[]) => void logged.push(args) } as never,
      cancel: async (tx, order, note, options) => {
        if (order.id === broken) throw new Error('données incohérentes');
        return cancelLockedOrder(tx, order, note, options);
      },
    });
    expect(run).toEqual({ cancelled: 2, mailed: 2, failed: 1 });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).toContain(String(broken));
    const statuses = await Promise.all(ids.map(async (id) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status));
    expect(statuses).toEqual(['on-hold', 'cancelled', 'cancelled']);
    expect(await stockOf(itemId)).toBe(9);
    // The next run tries it again.
    expect((await expireOrders(t.database.db, { publicUrl: t.config.publicUrl })).cancelled).toBe(1);
  });
});
