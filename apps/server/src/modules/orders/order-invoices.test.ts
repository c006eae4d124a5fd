/**
 * A paid web order gets an invoice (issue 22 §1): the next number of the series FB-{year}-{000001},
 * taken in the transaction that marks it paid, by every path that does (card through Stripe's
 * webhook, transfer received, paid at collection, nothing to pay), once only (a replayed webhook
 * or a second click takes no second number), with no gap (concurrent payments take consecutive
 * numbers, a failed transaction gives its number back) and in chronological order. An order paid
 * before numbering is never numbered afterwards.
 */
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@erepare/shared/schemas/admin-shop';
import type { Order } from '@erepare/shared/schemas/shop';
import { parisYear } from '../../db/demo-data/calendar.js';
import { orders } from '../../db/schema.js';
import { insertCoupon, insertItem, nextIp, orderRow, placeOrder, post, startStripeTestBed, type StripeTestBed } from '../../test/stripe-test-bed.js';
import { signedInUser } from '../../test/users.js';
import { markOrderPaid } from './service.js';

let bed: StripeTestBed;
let admin: { authorization: string };
const YEAR = parisYear(new Date());
const PREFIX = `FB-${YEAR}-`;
const numberOf = (invoiceNumber: string) => Number(invoiceNumber.slice(PREFIX.length));

beforeAll(async () => {
  bed = await startStripeTestBed();
  admin = (await signedInUser(bed.t.app, bed.t.database.db, { email: 'atelier.factures@exemple.fr', role: 'admin' })).headers;
});

afterAll(async () => {
  await bed?.close();
});

/** The highest FB number of this year stored so far (0: none). */
async function highestNumber(): Promise<number> {
  const rows = await bed.t.database.db.select({ n: orders.invoiceNumber }).from(orders).where(like(orders.invoiceNumber, `${PREFIX}%`));
  return Math.max(0, ...rows.map((row) => numberOf(row.n)));
}

const transferReceived = (id: number) => bed.t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/bank-transfer-received`, payload: {}, headers: admin });

async function adminOrder(id: number): Promise<AdminOrderDetail> {
  const response = await bed.t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AdminOrderDetail }>().data;
}

async function buyerView(id: number, key: string): Promise<Order> {
  const response = await bed.t.app.inject({ method: 'GET', url: `/api/shop/orders/${id}?key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Order }>().data;
}

describe('an order paid by card (Stripe’s webhook)', () => {
  it('takes one number when the payment succeeds; replays, a second event and the buyer’s confirmation take none', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    expect((await orderRow(bed.t, order.id)).invoiceNumber).toBe('');
    expect(order.order.invoice_number).toBeNull();
    const before = await highestNumber();
    const intent = await post(bed.t, '/api/woocommerce-payments/create-payment-intent', { orderId: order.id, order_key: order.key, currency: 'eur', paymentMethod: 'stripe' });
    expect(intent.statusCode, intent.body).toBe(200);
    const id = intent.json<{ payment_intent_id: string }>().payment_intent_id;
    const event = bed.fake.event('payment_intent.succeeded', bed.fake.succeed(id));

    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    const paid = await orderRow(bed.t, order.id);
    expect(paid.invoiceNumber).toBe(`${PREFIX}${String(before + 1).padStart(6, '0')}`);
    expect(paid.invoicedAt).toBeInstanceOf(Date);
    expect(paid.invoicedAt?.getTime()).toBeGreaterThanOrEqual(paid.paidAt?.getTime() ?? Infinity);

    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', bed.fake.succeed(id)))).status).toBe(200);
    expect((await post(bed.t, '/api/woocommerce-payments/stripe/confirm-payment', { orderId: order.id, order_key: order.key, paymentIntentId: id })).statusCode).toBe(200);
    const after = await orderRow(bed.t, order.id);
    expect(after.invoiceNumber).toBe(paid.invoiceNumber);
    expect(after.invoicedAt).toEqual(paid.invoicedAt);
    expect(await highestNumber()).toBe(before + 1);

    // The buyer's and the staff's views carry it.
    expect(await buyerView(order.id, order.key)).toMatchObject({ invoice_number: paid.invoiceNumber, date_invoiced: paid.invoicedAt?.toISOString() });
    expect(await adminOrder(order.id)).toMatchObject({ invoiceNumber: paid.invoiceNumber, invoicedAt: paid.invoicedAt?.toISOString() });
  });
});

describe('a bank transfer received', () => {
  it('takes the next number; a second « Virement reçu » is refused and takes none', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'bacs' });
    const before = await highestNumber();
    expect((await transferReceived(order.id)).statusCode).toBe(200);
    const number = (await orderRow(bed.t, order.id)).invoiceNumber;
    expect(numberOf(number)).toBe(before + 1);
    expect((await transferReceived(order.id)).statusCode).toBe(409);
    expect((await orderRow(bed.t, order.id)).invoiceNumber).toBe(number);
    expect(await highestNumber()).toBe(before + 1);
  });

  it('10 payments at once take 10 consecutive numbers, none missing, none twice, dated in their order', async () => {
    const placed = [];
    for (let index = 0; index < 10; index++) placed.push(await placeOrder(bed.t, { paymentMethod: 'bacs' }));
    const before = await highestNumber();
    const responses = await Promise.all(placed.map((order) => transferReceived(order.id)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const rows = await bed.t.database.db
      .select({ invoiceNumber: orders.invoiceNumber, invoicedAt: orders.invoicedAt })
      .from(orders)
      .where(like(orders.invoiceNumber, `${PREFIX}%`))
      .orderBy(asc(orders.invoiceNumber));
    const taken = rows.filter((row) => numberOf(row.invoiceNumber) > before);
    expect(taken.map((row) => numberOf(row.invoiceNumber))).toEqual(Array.from({ length: 10 }, (_, index) => before + 1 + index));
    // Chronological: a higher number is never dated before a lower one.
    const dates = taken.map((row) => row.invoicedAt?.getTime() ?? 0);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

  it('a payment whose transaction fails gives its number back: the next paid order takes it', async () => {
    const failing = await placeOrder(bed.t, { paymentMethod: 'bacs' });
    const before = await highestNumber();
    await expect(
      markOrderPaid(bed.t.database.db, failing.id, {
        note: 'Virement reçu',
        publicUrl: 'http://boutique.test',
        inTransaction: () => Promise.reject(new Error('panne')),
      }),
    ).rejects.toThrow('panne');
    expect(await orderRow(bed.t, failing.id)).toMatchObject({ status: 'on-hold', invoiceNumber: '', invoicedAt: null, paidAt: null });
    const next = await placeOrder(bed.t, { paymentMethod: 'bacs' });
    expect((await transferReceived(next.id)).statusCode).toBe(200);
    expect(numberOf((await orderRow(bed.t, next.id)).invoiceNumber)).toBe(before + 1);
  });
});

describe('paid in store, or nothing to pay', () => {
  it('a pay-in-store order is invoiced when staff record its collection, not before', async () => {
    const itemId = await insertItem(bed.t, 1500, 5);
    const created = await bed.t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      remoteAddress: nextIp(),
      payload: {
        payment_method: 'cod',
        billing: { first_name: 'Marc', last_name: 'Boutique', email: 'marc.facture@exemple.fr', phone: '0611223344', address_1: '3 allée des Dunes', city: 'La Teste-de-Buch', postcode: '33260', country: 'FR' },
        line_items: [{ product_id: itemId, quantity: 1 }],
        shipping_lines: [{ method_id: 'local_pickup' }],
        terms_accepted: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ data: Order }>().data;
    expect(order).toMatchObject({ status: 'processing', invoice_number: null });
    const before = await highestNumber();
    const completed = await bed.t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status`, payload: { status: 'completed' }, headers: admin });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(numberOf((await orderRow(bed.t, order.id)).invoiceNumber)).toBe(before + 1);
  });

  it('an order settled entirely by a promo code is paid, and invoiced, when placed', async () => {
    const itemId = await insertItem(bed.t, 2000, 5);
    await insertCoupon(bed.t, 'FACTURE-OFFERTE', 100);
    const before = await highestNumber();
    const created = await bed.t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      remoteAddress: nextIp(),
      payload: {
        payment_method: 'bacs',
        billing: { first_name: 'Léa', last_name: 'Offerte', email: 'lea.offerte@exemple.fr', phone: '0611223344', address_1: '5 rue des Mouettes', city: 'Gujan-Mestras', postcode: '33470', country: 'FR' },
        line_items: [{ product_id: itemId, quantity: 1 }],
        shipping_lines: [{ method_id: 'local_pickup' }],
        coupon_lines: [{ code: 'FACTURE-OFFERTE' }],
        terms_accepted: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ data: Order }>().data;
    expect(order).toMatchObject({ status: 'processing', total: '0.00', invoice_number: `${PREFIX}${String(before + 1).padStart(6, '0')}` });
    expect(order.date_invoiced).not.toBeNull();
  });
});

describe('orders paid before numbering', () => {
  it('are never numbered afterwards: not when completed, not when their PDF is asked for', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'bacs' });
    // As the code before this change left a paid order: processing, paid, no number.
    await bed.t.database.db.update(orders).set({ status: 'processing', paidAt: new Date(Date.now() - 86_400_000), expiresAt: null }).where(eq(orders.id, order.id));
    const before = await highestNumber();
    const pdf = await bed.t.app.inject({ method: 'GET', url: `/api/shop/orders/${order.id}/pdf?key=${order.key}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="commande-${order.id}.pdf"`);
    const completed = await bed.t.app.inject({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status`, payload: { status: 'completed' }, headers: admin });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await orderRow(bed.t, order.id)).toMatchObject({ status: 'completed', invoiceNumber: '', invoicedAt: null });
    expect(await highestNumber()).toBe(before);
    expect((await adminOrder(order.id)).invoiceNumber).toBeNull();
  });
});
