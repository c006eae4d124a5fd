/**
 * PayPal checkout through the real app and a local PayPal over real HTTP: an order created with
 * payment_method paypal, the PayPal order created by the server from the order's own amounts,
 * approved by the buyer, captured and verified by the server; every refusal leaves the order as
 * it was; a capture arriving after the order expired is refunded.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentMessages } from '@erepare/shared/payments';
import type { Order } from '@erepare/shared/schemas/shop';
import { shopMessages } from '@erepare/shared/shop';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { coupons, inventoryItems, orderEvents, orders, payments } from '../../db/schema.js';
import { listOutbox } from '../mail/outbox.js';
import { cancelOrder } from '../orders/service.js';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, startPaypalFake, type PaypalFake } from '../../test/fakes/paypal-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PAYPAL_CAPTURE_LIMIT } from './paypal-routes.js';
import { paypalIdentityOf } from './paypal-service.js';

let fake: PaypalFake;
let t: TestApp;
let counter = 0;

const CREATE = '/api/woocommerce-payments/paypal/create-order';
const CAPTURE = '/api/woocommerce-payments/paypal/capture-order';

type CreateAnswer = { success: true; id: string; status: string; approve_url: string };
type CaptureAnswer = { success: true; status: string; data: Order };
type ErrorAnswer = { success: false; message: string; statusCode: number; code?: string };

function paypalEnv(url: string, secret = FAKE_PAYPAL_CLIENT_SECRET): Record<string, string> {
  return { PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: secret, PAYPAL_API_URL: url };
}

/** Each request from its own address: the per-IP limits stay out of the way. */
function nextIp(): string {
  counter += 1;
  return `10.77.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

async function insertItem(app: TestApp, priceCents: number, quantity = 10): Promise<number> {
  counter += 1;
  const [row] = await app.database.db
    .insert(inventoryItems)
    .values({ name: `Article PayPal ${counter}`, sku: `TEST-PP-${counter}`, itemType: 'accessory', priceCents, quantity })
    .returning({ id: inventoryItems.id });
  if (!row) throw new Error('item not inserted');
  return row.id;
}

async function stockOf(app: TestApp, id: number): Promise<number> {
  const [row] = await app.database.db.select({ quantity: inventoryItems.quantity }).from(inventoryItems).where(eq(inventoryItems.id, id));
  return row?.quantity ?? -1;
}

/** A pending PayPal order of ours (2 × 19.90 €, Colissimo 6.90 €: 46.70 € unless overridden). */
async function placeOrder(app: TestApp, overrides: Record<string, unknown> = {}, priceCents = 1990): Promise<{ order: Order; key: string; itemId: number }> {
  const itemId = await insertItem(app, priceCents);
  counter += 1;
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/shop/orders',
    remoteAddress: nextIp(),
    payload: {
      payment_method: 'paypal',
      billing: {
        first_name: 'Camille',
        last_name: 'Durand',
        email: `paypal.${counter}@exemple.fr`,
        phone: '06 12 34 56 78',
        address_1: '12 rue des Pins',
        city: 'Arcachon',
        postcode: '33120',
        country: 'FR',
      },
      line_items: [{ product_id: itemId, quantity: 2 }],
      shipping_lines: [{ method_id: 'colissimo_no_sign' }],
      terms_accepted: true,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json<{ data: Order }>().data;
  return { order, key: order.order_key ?? '', itemId };
}

async function createPaypal(app: TestApp, body: Record<string, unknown>) {
  return app.app.inject({ method: 'POST', url: CREATE, payload: body, remoteAddress: nextIp() });
}

async function capturePaypal(app: TestApp, body: Record<string, unknown>) {
  return app.app.inject({ method: 'POST', url: CAPTURE, payload: body, remoteAddress: nextIp() });
}

async function orderRow(app: TestApp, id: number) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
}

/** The identity (tag, reference_id, custom_id) the server gives the PayPal orders of an order. */
async function identityOf(app: TestApp, id: number) {
  return paypalIdentityOf(await orderRow(app, id));
}

async function eventsOf(app: TestApp, id: number) {
  return app.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
}

async function paymentRows(app: TestApp, orderId: number) {
  return app.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

/** What must not have moved after a refused call. */
async function snapshot(app: TestApp, orderId: number) {
  const row = await orderRow(app, orderId);
  return {
    status: row.status,
    paidAt: row.paidAt,
    transactionId: row.transactionId,
    settledAt: row.settledAt,
    confirmationSentAt: row.confirmationSentAt,
    events: (await eventsOf(app, orderId)).length,
  };
}

/** A pending order with an approved PayPal order. */
async function approvedOrder(app: TestApp = t) {
  const placed = await placeOrder(app);
  const created = await createPaypal(app, { orderId: placed.order.id, order_key: placed.key });
  expect(created.statusCode, created.body).toBe(200);
  const paypal = created.json<CreateAnswer>();
  fake.approve(paypal.id);
  return { ...placed, paypalOrderId: paypal.id };
}

beforeAll(async () => {
  fake = await startPaypalFake();
  t = await createTestApp(paypalEnv(fake.url));
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(() => {
  fake.reset();
});

describe('a buyer pays with PayPal', () => {
  it('create → approve at PayPal → capture: processing, one confirmation, coupon counted once', async () => {
    const [coupon] = await t.database.db.insert(coupons).values({ code: 'TEST-PAYPAL10', discountType: 'percent', amount: 1000 }).returning();
    const { order, key, itemId } = await placeOrder(t, { coupon_lines: [{ code: 'TEST-PAYPAL10' }] });
    expect(order).toMatchObject({ status: 'pending', subtotal: '39.80', discount_total: '3.98', shipping_total: '6.90', total: '42.72' });
    expect(await stockOf(t, itemId)).toBe(8);

    // Amounts in the body are ignored: the order's own total is asked for.
    const created = await createPaypal(t, { orderId: String(order.id), order_key: key, amount: '0.01', currency: 'USD' });
    expect(created.statusCode, created.body).toBe(200);
    const answer = created.json<CreateAnswer>();
    expect(answer).toEqual({ success: true, id: expect.any(String) as string, status: 'PAYER_ACTION_REQUIRED', approve_url: `${fake.url}/checkoutnow?token=${answer.id}` });

    // What PayPal received.
    const sent = fake.requests.filter((request) => request.path === '/v2/checkout/orders' && request.method === 'POST').at(-1);
    const identity = await identityOf(t, order.id);
    expect(sent?.requestId).toBe(`erepare-order-${order.id}-${identity.tag}-1`);
    expect(sent?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: `order-${order.id}-${identity.tag}`,
          custom_id: `${order.id}-${identity.tag}`,
          invoice_id: `${order.id}-${identity.tag}-1`,
          description: `Commande n° ${order.id} – ${defaultStoreProfile.name}`,
          amount: {
            currency_code: 'EUR',
            value: '42.72',
            breakdown: {
              item_total: { currency_code: 'EUR', value: '39.80' },
              shipping: { currency_code: 'EUR', value: '6.90' },
              discount: { currency_code: 'EUR', value: '3.98' },
            },
          },
          items: [{ quantity: '2', unit_amount: { currency_code: 'EUR', value: '19.90' }, sku: expect.stringMatching(/^TEST-PP-/) as string, category: 'PHYSICAL_GOODS' }],
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: defaultStoreProfile.name,
            locale: 'fr-FR',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: `${t.config.publicUrl}/payment/success?provider=paypal&order=${order.id}`,
            cancel_url: `${t.config.publicUrl}/payment/cancel?provider=paypal&order=${order.id}`,
          },
        },
      },
    });
    const [payment] = await paymentRows(t, order.id);
    expect(payment).toMatchObject({ provider: 'paypal', method: 'paypal', providerRef: answer.id, amountCents: 4272, status: 'created', providerStatus: 'PAYER_ACTION_REQUIRED' });

    // The buyer approves on PayPal's page and comes back to the site.
    const page = await fetch(answer.approve_url);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('PayPal (test)');
    expect(html).toContain('42,72 €');
    expect(html).toContain('Approuver le paiement');
    expect(html).toContain(`href="${t.config.publicUrl}/payment/cancel?provider=paypal&amp;order=${order.id}&amp;token=${answer.id}"`);
    const approved = await fetch(`${fake.url}/checkoutnow/${answer.id}/approve`, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`${t.config.publicUrl}/payment/success?provider=paypal&order=${order.id}&token=${answer.id}&PayerID=FAKEPAYER`);

    const captured = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId: answer.id });
    expect(captured.statusCode, captured.body).toBe(200);
    const result = captured.json<CaptureAnswer>();
    const captureId = fake.orders.get(answer.id)?.capture?.id ?? '';
    expect(captureId).not.toBe('');
    expect(result).toMatchObject({ success: true, status: 'processing', data: { id: order.id, status: 'processing', transaction_id: captureId, needs_payment: false, total: '42.72' } });
    expect(result.data.order_key).toBeUndefined();
    const captureRequest = fake.requests.filter((request) => request.path === `/v2/checkout/orders/${answer.id}/capture`).at(-1);
    expect(captureRequest?.requestId).toBe(`capture-${answer.id}-${identity.tag}`);

    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: 'processing', transactionId: captureId, expiresAt: null });
    expect(row.paidAt).toBeInstanceOf(Date);
    const events = await eventsOf(t, order.id);
    expect(events.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'processing', note: `Paiement PayPal capturé (${captureId})` });
    expect(await paymentRows(t, order.id)).toEqual([expect.objectContaining({ status: 'succeeded', providerStatus: 'COMPLETED', captureRef: captureId })]);
    const mails = await listOutbox(t.database.db, { kind: 'order_confirmation', to: order.billing.email });
    expect(mails).toHaveLength(1);
    const [usage] = await t.database.db.select({ count: coupons.usageCount }).from(coupons).where(eq(coupons.id, coupon?.id ?? 0));
    expect(usage?.count).toBe(1);
    expect(await stockOf(t, itemId)).toBe(8);

    // The same capture again (double click, reload of the return page): same answer, nothing twice.
    const captureCalls = fake.requests.filter((request) => request.path.endsWith('/capture')).length;
    const again = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId: answer.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<CaptureAnswer>()).toMatchObject({ success: true, status: 'processing', data: { transaction_id: captureId } });
    expect(fake.requests.filter((request) => request.path.endsWith('/capture')).length).toBe(captureCalls);
    expect(await eventsOf(t, order.id)).toHaveLength(events.length);
    expect(await listOutbox(t.database.db, { kind: 'order_confirmation', to: order.billing.email })).toHaveLength(1);
    const [usageAgain] = await t.database.db.select({ count: coupons.usageCount }).from(coupons).where(eq(coupons.id, coupon?.id ?? 0));
    expect(usageAgain?.count).toBe(1);

    // A paid order cannot get a new PayPal order.
    const late = await createPaypal(t, { orderId: order.id, order_key: key });
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorAnswer>().message).toBe(paymentMessages.orderNotPayable);
  });

  it('two concurrent captures of the same PayPal order: one payment, one event, one mail', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    const answers = await Promise.all([
      capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId }),
      capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await eventsOf(t, order.id)).filter((event) => event.toStatus === 'processing')).toHaveLength(1);
    expect(await listOutbox(t.database.db, { kind: 'order_confirmation', to: order.billing.email })).toHaveLength(1);
  });

  it('a legacy CREATED/approve answer is accepted too', async () => {
    const { order, key } = await placeOrder(t);
    const identity = await identityOf(t, order.id);
    fake.failNext(201, {
      id: 'LEGACYORDER000001',
      status: 'CREATED',
      purchase_units: [{ reference_id: identity.referenceId, custom_id: identity.customId, invoice_id: `${identity.customId}-1` }],
      links: [{ href: `${fake.url}/checkoutnow?token=LEGACYORDER000001`, rel: 'approve', method: 'GET' }],
    });
    const created = await createPaypal(t, { orderId: order.id, order_key: key });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<CreateAnswer>()).toMatchObject({ id: 'LEGACYORDER000001', status: 'CREATED', approve_url: `${fake.url}/checkoutnow?token=LEGACYORDER000001` });
  });
});

describe('the access token', () => {
  it('is fetched once for two orders, and again after PayPal expired it', async () => {
    const own = await startPaypalFake();
    const app = await createTestApp(paypalEnv(own.url));
    try {
      for (let index = 0; index < 2; index += 1) {
        const { order, key } = await placeOrder(app);
        expect((await createPaypal(app, { orderId: order.id, order_key: key })).statusCode).toBe(200);
      }
      expect(own.tokenRequests()).toBe(1);
      own.expireTokens();
      const { order, key } = await placeOrder(app);
      const created = await createPaypal(app, { orderId: order.id, order_key: key });
      expect(created.statusCode).toBe(200);
      expect(own.tokenRequests()).toBe(2);
      expect(own.requests.filter((request) => request.path === '/v2/checkout/orders').map((request) => request.status)).toEqual([201, 201, 401, 201]);
    } finally {
      await app.close();
      await own.close();
    }
  });
});

describe('refusals leave the order as it was', () => {
  it('capture before approval → 409 paypalNotApproved; approved later, it is paid', async () => {
    const { order, key } = await placeOrder(t);
    const created = (await createPaypal(t, { orderId: order.id, order_key: key })).json<CreateAnswer>();
    const before = await snapshot(t, order.id);
    const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId: created.id });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.paypalNotApproved, code: 'PAYPAL_NOT_APPROVED' });
    expect(await snapshot(t, order.id)).toEqual(before);
    expect(await paymentRows(t, order.id)).toEqual([expect.objectContaining({ status: 'created', captureRef: '' })]);

    fake.approve(created.id);
    const paid = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId: created.id });
    expect(paid.statusCode).toBe(200);
  });

  it('capture DECLINED → 402 paypalCaptureFailed, still pending; another PayPal order then pays it', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    const before = await snapshot(t, order.id);
    fake.nextCaptureStatus('DECLINED');
    const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(response.statusCode).toBe(402);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.paypalCaptureFailed);
    expect(await snapshot(t, order.id)).toEqual(before);
    expect(await paymentRows(t, order.id)).toEqual([expect.objectContaining({ status: 'failed', providerStatus: 'DECLINED' })]);
    // The same declined PayPal order again: the same refusal, PayPal not asked again.
    const calls = fake.requests.length;
    expect((await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId })).statusCode).toBe(402);
    expect(fake.requests.length).toBe(calls);

    const retry = (await createPaypal(t, { orderId: order.id, order_key: key })).json<CreateAnswer>();
    expect(retry.id).not.toBe(paypalOrderId);
    expect(fake.requests.filter((request) => request.path === '/v2/checkout/orders' && request.method === 'POST').at(-1)?.requestId).toBe(
      `erepare-order-${order.id}-${(await identityOf(t, order.id)).tag}-2`,
    );
    fake.approve(retry.id);
    const paid = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId: retry.id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await paymentRows(t, order.id)).map((row) => row.status)).toEqual(['failed', 'succeeded']);
  });

  it('capture PENDING → 202 pending, recorded; once PayPal completes it, the next call pays', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    const before = await snapshot(t, order.id);
    fake.nextCaptureStatus('PENDING');
    const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: false, pending: true, message: paymentMessages.paymentNotCompleted });
    expect(await snapshot(t, order.id)).toEqual(before);
    const captureId = fake.orders.get(paypalOrderId)?.capture?.id;
    expect(await paymentRows(t, order.id)).toEqual([expect.objectContaining({ status: 'created', providerStatus: 'PENDING', captureRef: captureId })]);

    // Still pending: still 202 (read with GET, a capture with the same request id would replay).
    expect((await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId })).statusCode).toBe(202);
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    const paid = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<CaptureAnswer>().data.transaction_id).toBe(captureId);
  });

  it('captured amount different from the order → 409 amountMismatch, left unpaid (logged for staff)', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    const before = await snapshot(t, order.id);
    fake.setCaptureAmount('1.00');
    const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.amountMismatch);
    expect(await snapshot(t, order.id)).toEqual(before);
    const [payment] = await paymentRows(t, order.id);
    expect(payment).toMatchObject({ status: 'created', providerStatus: 'COMPLETED' });
    expect(payment?.lastError).toContain('captured 1.00 EUR, expected 46.70 EUR');
    // Asked again: PayPal says it is captured, the capture is read, still refused.
    expect((await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId })).statusCode).toBe(409);
    expect(await snapshot(t, order.id)).toEqual(before);
  });

  it('captured in another currency → 409 currencyMismatch, left unpaid', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    const before = await snapshot(t, order.id);
    fake.setCaptureAmount('46.70', 'USD');
    const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.currencyMismatch);
    expect(await snapshot(t, order.id)).toEqual(before);
  });

  it('a PayPal order of another order (or unknown) → 409 paymentMismatch, neither changed, PayPal not asked', async () => {
    const first = await approvedOrder();
    const second = await placeOrder(t);
    const beforeFirst = await snapshot(t, first.order.id);
    const beforeSecond = await snapshot(t, second.order.id);
    const calls = fake.requests.length;
    for (const paypalOrderId of [first.paypalOrderId, 'UNKNOWN0000000000', 'X'.repeat(64)]) {
      const response = await capturePaypal(t, { orderId: second.order.id, order_key: second.key, paypalOrderId });
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.paymentMismatch);
    }
    expect(fake.requests.length).toBe(calls);
    expect(await snapshot(t, first.order.id)).toEqual(beforeFirst);
    expect(await snapshot(t, second.order.id)).toEqual(beforeSecond);
  });

  it('wrong key, unknown order, bad ids → the orders 404; bad bodies → 400, never a 500', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    const before = await snapshot(t, order.id);
    for (const body of [
      { orderId: order.id, order_key: `${key}x` },
      { orderId: order.id, order_key: '' },
      { orderId: 99_999_999, order_key: key },
      { orderId: 'abc', order_key: key },
      { orderId: -1, order_key: key },
      { orderId: 1.5, order_key: key },
    ]) {
      const created = await createPaypal(t, body);
      expect(created.statusCode).toBe(404);
      expect(created.json<ErrorAnswer>().message).toBe(shopMessages.orderNotFound);
      const captured = await capturePaypal(t, { ...body, paypalOrderId });
      expect(captured.statusCode).toBe(404);
    }
    for (const body of [{}, { orderId: order.id }, { orderId: { $gt: 1 }, order_key: key }, { orderId: order.id, order_key: key, paypalOrderId: '' }, []]) {
      const response = await capturePaypal(t, body as Record<string, unknown>);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>().message).toMatch(/^Données invalides/);
    }
    const notJson = await t.app.inject({ method: 'POST', url: CREATE, payload: '{"orderId":', headers: { 'content-type': 'application/json' }, remoteAddress: nextIp() });
    expect(notJson.statusCode).toBe(400);
    expect(await snapshot(t, order.id)).toEqual(before);
  });

  it('an order not paid with PayPal → 409 wrongPaymentMethod; an order no longer pending → 409 orderNotPayable', async () => {
    const transfer = await placeOrder(t, { payment_method: 'bacs' });
    // A transfer is on hold, not pending: it is not payable online at all.
    const onHold = await createPaypal(t, { orderId: transfer.order.id, order_key: transfer.key });
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json<ErrorAnswer>().message).toBe(paymentMessages.orderNotPayable);

    const placed = await placeOrder(t);
    await t.database.db.update(orders).set({ paymentMethod: 'stripe' }).where(eq(orders.id, placed.order.id));
    const wrong = await createPaypal(t, { orderId: placed.order.id, order_key: placed.key });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<ErrorAnswer>().message).toBe(paymentMessages.wrongPaymentMethod);

    const cancelled = await placeOrder(t);
    await cancelOrder(t.database.db, cancelled.order.id, 'Annulée (test)', { publicUrl: t.config.publicUrl });
    const refused = await createPaypal(t, { orderId: cancelled.order.id, order_key: cancelled.key });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>().message).toBe(paymentMessages.orderNotPayable);
    expect(await paymentRows(t, cancelled.order.id)).toHaveLength(0);
  });

  it('an order cancelled after approval is not captured (no money moves): 409 orderNotPayable', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    await cancelOrder(t.database.db, order.id, 'Expirée (test)', { publicUrl: t.config.publicUrl });
    const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.orderNotPayable);
    expect(fake.orders.get(paypalOrderId)?.capture).toBeNull();
  });
});

describe('PayPal failing', () => {
  it('PayPal 500 on create → 503 providerUnavailable, no payment recorded', async () => {
    const { order, key } = await placeOrder(t);
    const before = await snapshot(t, order.id);
    fake.failNext(500);
    const response = await createPaypal(t, { orderId: order.id, order_key: key });
    expect(response.statusCode).toBe(503);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.providerUnavailable);
    expect(await paymentRows(t, order.id)).toHaveLength(0);
    expect(await snapshot(t, order.id)).toEqual(before);
  });

  it('PayPal refusing the order (422) → 502 "Erreur PayPal: …" with PayPal’s text', async () => {
    const { order, key } = await placeOrder(t);
    fake.failNext(422, {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: 'abc123',
      details: [{ issue: 'PAYEE_ACCOUNT_RESTRICTED', description: 'The merchant account is restricted.' }],
    });
    const response = await createPaypal(t, { orderId: order.id, order_key: key });
    expect(response.statusCode).toBe(502);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.paypalError('The merchant account is restricted.'));
    expect(await paymentRows(t, order.id)).toHaveLength(0);
  });

  it('PayPal 500 on capture → 503, unchanged; the retry captures', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    const before = await snapshot(t, order.id);
    fake.failNext(500);
    const failed = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(failed.statusCode).toBe(503);
    expect(failed.json<ErrorAnswer>().message).toBe(paymentMessages.providerUnavailable);
    expect(await snapshot(t, order.id)).toEqual(before);
    expect((await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId })).statusCode).toBe(200);
  });

  it('bad credentials → 502 French configuration message; PayPal down → 503; nothing changed', async () => {
    const strict = await startPaypalFake({ clientSecret: 'another-secret-entirely' });
    const app = await createTestApp(paypalEnv(strict.url));
    try {
      const { order, key } = await placeOrder(app);
      const before = await snapshot(app, order.id);
      const response = await createPaypal(app, { orderId: order.id, order_key: key });
      expect(response.statusCode).toBe(502);
      expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.paypalError(paymentMessages.configurationError));
      expect(response.body).not.toContain(FAKE_PAYPAL_CLIENT_SECRET);
      expect(await paymentRows(app, order.id)).toHaveLength(0);
      expect(await snapshot(app, order.id)).toEqual(before);

      await strict.close();
      const down = await createPaypal(app, { orderId: order.id, order_key: key });
      expect(down.statusCode).toBe(503);
      expect(down.json<ErrorAnswer>().message).toBe(paymentMessages.providerUnavailable);
      expect(await snapshot(app, order.id)).toEqual(before);
    } finally {
      await app.close();
      await strict.close().catch(() => undefined);
    }
  });
});

describe('a payment arriving after the order expired', () => {
  it('is refunded: payment row refunded, order event, 409 lateRefunded; a replay changes nothing', async () => {
    const { order, key, itemId, paypalOrderId } = await approvedOrder();
    // PayPal takes its time; the expiry job cancels the order meanwhile.
    const atPaypal = fake.holdNext(1);
    const pending = capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    await atPaypal.arrived;
    await cancelOrder(t.database.db, order.id, 'Commande expirée (paiement non reçu)', { publicUrl: t.config.publicUrl });
    expect(await stockOf(t, itemId)).toBe(10);
    atPaypal.release();
    const response = await pending;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.lateRefunded);

    const capture = fake.orders.get(paypalOrderId)?.capture;
    expect(capture?.status).toBe('REFUNDED');
    const refundRequest = fake.requests.filter((request) => request.path === `/v2/payments/captures/${capture?.id}/refund`);
    expect(refundRequest).toHaveLength(1);
    expect(refundRequest[0]?.requestId).toBe(`refund-${capture?.id}`);
    expect(await paymentRows(t, order.id)).toEqual([expect.objectContaining({ status: 'refunded', captureRef: capture?.id })]);
    const row = await orderRow(t, order.id);
    expect(row.status).toBe('cancelled');
    expect(row.paidAt).toBeNull();
    const notes = (await eventsOf(t, order.id)).map((event) => event.note);
    expect(notes.at(-1)).toBe(`Paiement PayPal reçu après expiration de la commande\u00a0: remboursé (${capture?.refundId})`);
    expect(await listOutbox(t.database.db, { kind: 'order_confirmation', to: order.billing.email })).toHaveLength(0);

    const calls = fake.requests.length;
    const again = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorAnswer>().message).toBe(paymentMessages.lateRefunded);
    expect(fake.requests.length).toBe(calls);
    expect((await eventsOf(t, order.id)).map((event) => event.note)).toEqual(notes);
  });
});

describe('two PayPal orders of one order captured at once', () => {
  it('the first pays the order, the second is refunded (never paid twice)', async () => {
    const first = await approvedOrder();
    const second = (await createPaypal(t, { orderId: first.order.id, order_key: first.key })).json<CreateAnswer>();
    fake.approve(second.id);
    // The second tab's capture is slow at PayPal; the first tab's goes through meanwhile.
    const atPaypal = fake.holdNext(1);
    const slow = capturePaypal(t, { orderId: first.order.id, order_key: first.key, paypalOrderId: second.id });
    await atPaypal.arrived;
    const fast = await capturePaypal(t, { orderId: first.order.id, order_key: first.key, paypalOrderId: first.paypalOrderId });
    expect(fast.statusCode, fast.body).toBe(200);
    atPaypal.release();
    const late = await slow;
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json<CaptureAnswer>().data.transaction_id).toBe(fake.orders.get(first.paypalOrderId)?.capture?.id);

    const duplicate = fake.orders.get(second.id)?.capture;
    expect(duplicate?.status).toBe('REFUNDED');
    expect((await paymentRows(t, first.order.id)).map((row) => row.status)).toEqual(['succeeded', 'refunded']);
    const events = await eventsOf(t, first.order.id);
    expect(events.filter((event) => event.toStatus === 'processing' && event.fromStatus === 'pending')).toHaveLength(1);
    expect(events.at(-1)?.note).toBe(`Paiement PayPal en double (${duplicate?.id})\u00a0: remboursé (${duplicate?.refundId})`);
    expect(await listOutbox(t.database.db, { kind: 'order_confirmation', to: first.order.billing.email })).toHaveLength(1);
    // Asked again, the refunded duplicate still answers the paid order, without calling PayPal.
    const calls = fake.requests.length;
    expect((await capturePaypal(t, { orderId: first.order.id, order_key: first.key, paypalOrderId: second.id })).statusCode).toBe(200);
    expect(fake.requests.length).toBe(calls);
  });
});

describe('two databases sharing one PayPal account (a restored backup, a reset demo, staging)', () => {
  it('each one’s order 1 gets its own PayPal order; a PayPal order of the other one is refused at create and at capture', async () => {
    const a = await createTestApp(paypalEnv(fake.url));
    const b = await createTestApp(paypalEnv(fake.url));
    try {
      const placedA = await placeOrder(a);
      const placedB = await placeOrder(b);
      expect(placedB.order.id).toBe(placedA.order.id);

      // A's buyer pays.
      const createdA = (await createPaypal(a, { orderId: placedA.order.id, order_key: placedA.key })).json<CreateAnswer>();
      fake.approve(createdA.id);
      const paidA = await capturePaypal(a, { orderId: placedA.order.id, order_key: placedA.key, paypalOrderId: createdA.id });
      expect(paidA.statusCode, paidA.body).toBe(200);

      // B's order 1 gets a PayPal order of its own (its request ids differ from A's), never A's paid one.
      const answerB = await createPaypal(b, { orderId: placedB.order.id, order_key: placedB.key });
      expect(answerB.statusCode, answerB.body).toBe(200);
      const createdB = answerB.json<CreateAnswer>();
      expect(createdB.id).not.toBe(createdA.id);
      const createIds = fake.requests.filter((request) => request.path === '/v2/checkout/orders' && request.method === 'POST').slice(-2).map((request) => request.requestId);
      expect(new Set(createIds).size).toBe(2);
      const notApproved = await capturePaypal(b, { orderId: placedB.order.id, order_key: placedB.key, paypalOrderId: createdB.id });
      expect(notApproved.statusCode).toBe(409);
      expect(notApproved.json<ErrorAnswer>().code).toBe('PAYPAL_NOT_APPROVED');
      expect((await orderRow(b, placedB.order.id)).status).toBe('pending');

      // Were PayPal to answer with A's order anyway (a replayed request id), B refuses it.
      const unitA = fake.orders.get(createdA.id)?.purchaseUnits[0] ?? {};
      expect(unitA).toMatchObject({ custom_id: (await identityOf(a, placedA.order.id)).customId });
      const before = await snapshot(b, placedB.order.id);
      const rowsBefore = await paymentRows(b, placedB.order.id);
      const links = [{ href: `${fake.url}/checkoutnow?token=${createdA.id}`, rel: 'payer-action', method: 'GET' }];
      fake.failNext(200, { id: createdA.id, status: 'PAYER_ACTION_REQUIRED', purchase_units: [unitA], links });
      const replayedWhole = await createPaypal(b, { orderId: placedB.order.id, order_key: placedB.key });
      expect(replayedWhole.statusCode).toBe(409);
      expect(replayedWhole.json<ErrorAnswer>()).toMatchObject({ code: 'PAYMENT_MISMATCH', message: paymentMessages.paymentMismatch });
      // A minimal answer is read back at PayPal, and refused the same.
      fake.failNext(200, { id: createdA.id, status: 'PAYER_ACTION_REQUIRED', links });
      const replayedMinimal = await createPaypal(b, { orderId: placedB.order.id, order_key: placedB.key });
      expect(replayedMinimal.statusCode).toBe(409);
      expect(replayedMinimal.json<ErrorAnswer>().code).toBe('PAYMENT_MISMATCH');
      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/checkout/orders/${createdA.id}` });
      expect(await paymentRows(b, placedB.order.id)).toEqual(rowsBefore);

      // A capture answer carrying A's capture is refused too: B stays unpaid, its row untouched.
      fake.approve(createdB.id);
      const captureA = fake.orders.get(createdA.id)?.capture;
      fake.failNext(201, {
        id: createdB.id,
        status: 'COMPLETED',
        purchase_units: [{ ...unitA, payments: { captures: [{ id: captureA?.id, status: 'COMPLETED', amount: captureA?.amount, custom_id: unitA.custom_id }] } }],
      });
      const foreignCapture = await capturePaypal(b, { orderId: placedB.order.id, order_key: placedB.key, paypalOrderId: createdB.id });
      expect(foreignCapture.statusCode).toBe(409);
      expect(foreignCapture.json<ErrorAnswer>()).toMatchObject({ code: 'PAYMENT_MISMATCH', message: paymentMessages.paymentMismatch });
      expect(await snapshot(b, placedB.order.id)).toEqual(before);
      expect(await paymentRows(b, placedB.order.id)).toEqual(rowsBefore);

      // B's own capture pays B with B's own money.
      const paidB = await capturePaypal(b, { orderId: placedB.order.id, order_key: placedB.key, paypalOrderId: createdB.id });
      expect(paidB.statusCode, paidB.body).toBe(200);
      expect(paidB.json<CaptureAnswer>().data.transaction_id).toBe(fake.orders.get(createdB.id)?.capture?.id);
      expect(paidB.json<CaptureAnswer>().data.transaction_id).not.toBe(captureA?.id);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('a capture left pending while the order closed', () => {
  it('completed later at PayPal: capture-order reads it and refunds it (409 lateRefunded, noted on the order)', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    fake.nextCaptureStatus('PENDING');
    expect((await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId })).statusCode).toBe(202);
    await cancelOrder(t.database.db, order.id, 'Commande expirée (paiement non reçu)', { publicUrl: t.config.publicUrl });
    // Still pending at PayPal: nothing to give back yet; the order is not payable.
    const stillPending = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(stillPending.statusCode).toBe(409);
    expect(stillPending.json<ErrorAnswer>().message).toBe(paymentMessages.orderNotPayable);

    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.lateRefunded);
    const capture = fake.orders.get(paypalOrderId)?.capture;
    expect(capture?.status).toBe('REFUNDED');
    expect(await paymentRows(t, order.id)).toEqual([expect.objectContaining({ status: 'refunded', captureRef: capture?.id })]);
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: 'cancelled', paidAt: null });
    expect((await eventsOf(t, order.id)).at(-1)?.note).toBe(`Paiement PayPal reçu après expiration de la commande\u00a0: remboursé (${capture?.refundId})`);
    // Once refunded, the same answer without calling PayPal.
    const calls = fake.requests.length;
    expect((await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId })).json<ErrorAnswer>().message).toBe(paymentMessages.lateRefunded);
    expect(fake.requests.length).toBe(calls);
  });
});

describe('a paid order closed by staff afterwards', () => {
  it('capture-order again moves no money: 409 orderNotPayable, no refund, nothing changed', async () => {
    const { order, key, paypalOrderId } = await approvedOrder();
    expect((await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId })).statusCode).toBe(200);
    await cancelOrder(t.database.db, order.id, 'Annulée par l’équipe (test)', { publicUrl: t.config.publicUrl });
    const before = await snapshot(t, order.id);
    const rowsBefore = await paymentRows(t, order.id);
    const calls = fake.requests.length;
    const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>()).toMatchObject({ code: 'ORDER_NOT_PAYABLE', message: paymentMessages.orderNotPayable });
    expect(fake.requests.length).toBe(calls);
    expect(fake.orders.get(paypalOrderId)?.capture?.status).toBe('COMPLETED');
    expect(await snapshot(t, order.id)).toEqual(before);
    expect(await paymentRows(t, order.id)).toEqual(rowsBefore);
  });
});

describe('the PayPal order id', () => {
  it('anything but PayPal’s [A-Z0-9]{1,64} → 400 with a French message, never a 500', async () => {
    const { order, key } = await approvedOrder();
    const before = await snapshot(t, order.id);
    for (const paypalOrderId of ['\u0000é😀', 'abc', ' 5O190127TN364715T', 'X'.repeat(65), '5O19-0127', 'A\u0000B']) {
      const response = await capturePaypal(t, { orderId: order.id, order_key: key, paypalOrderId });
      expect(response.statusCode, paypalOrderId).toBe(400);
      expect(response.json<ErrorAnswer>().message).toBe('Données invalides – paypalOrderId\u00a0: Identifiant de commande PayPal invalide');
    }
    expect(await snapshot(t, order.id)).toEqual(before);
  });
});

describe('rate limit', () => {
  it(`capture-order: ${PAYPAL_CAPTURE_LIMIT.limit} calls per address per 10 minutes, then 429`, async () => {
    const ip = '10.78.0.1';
    const statuses: number[] = [];
    for (let index = 0; index <= PAYPAL_CAPTURE_LIMIT.limit; index += 1) {
      const response = await t.app.inject({ method: 'POST', url: CAPTURE, payload: { orderId: 1, order_key: 'nope', paypalOrderId: 'NOPE' }, remoteAddress: ip });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('PayPal not configured', () => {
  it('the endpoints answer 404 "not available", and PayPal is not offered', async () => {
    const plain = await createTestApp();
    try {
      for (const url of [CREATE, CAPTURE]) {
        const response = await plain.app.inject({ method: 'POST', url, payload: { orderId: 1, order_key: 'x', paypalOrderId: 'X' }, remoteAddress: nextIp() });
        expect(response.statusCode).toBe(404);
        expect(response.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.notConfigured });
      }
      // Even a malformed body: nothing to probe on a site without PayPal.
      expect((await plain.app.inject({ method: 'POST', url: CREATE, payload: {}, remoteAddress: nextIp() })).statusCode).toBe(404);
      const gateways = await plain.app.inject({ method: 'GET', url: '/api/shop/payment-gateways' });
      expect(gateways.json<{ data: Array<{ id: string }> }>().data.map((gateway) => gateway.id)).not.toContain('paypal');
      const config = await plain.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(config.json<{ data: { paypal: unknown } }>().data.paypal).toBeNull();
    } finally {
      await plain.close();
    }
    const offered = await t.app.inject({ method: 'GET', url: '/api/shop/payment-gateways' });
    expect(offered.json<{ data: Array<{ id: string }> }>().data.map((gateway) => gateway.id)).toContain('paypal');
  });
});

describe('the recorded attempt', () => {
  it('one payments row per PayPal order, keyed by the PayPal id', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    const rows = await t.database.db.select().from(payments).where(and(eq(payments.provider, 'paypal'), eq(payments.providerRef, paypalOrderId)));
    expect(rows).toEqual([expect.objectContaining({ orderId: order.id, currency: 'eur', amountCents: 4670 })]);
  });
});
