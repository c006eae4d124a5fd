/**
 * The job re-reading PayPal captures left PENDING (jobs/paypal-pending.ts), through the real app
 * and the local PayPal: a capture completed later pays the order, or is refunded when the order
 * closed meanwhile; a declined one fails its payment row; a still pending one is left as it was;
 * two instances running at once check each payment once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@erepare/shared/schemas/shop';
import { inventoryItems, orderEvents, orders, paymentEvents, payments } from '../../db/schema.js';
import { settlePendingPaypalPayments, startPaypalPendingJob } from '../../jobs/paypal-pending.js';
import { listOutbox } from '../mail/outbox.js';
import { cancelOrder } from '../orders/service.js';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, startPaypalFake, type PaypalFake } from '../../test/fakes/paypal-fake.js';
import { signal, until } from '../../test/signals.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createPaypalClient, type PaypalClient } from './paypal-client.js';

let fake: PaypalFake;
let t: TestApp;
let client: PaypalClient;
let counter = 0;

const nextIp = () => {
  counter += 1;
  return `10.79.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
};

/** A pending PayPal order whose capture PayPal left PENDING (202 to the buyer). */
async function pendingCapture(): Promise<{ order: Order; key: string; paypalOrderId: string; captureId: string }> {
  counter += 1;
  const [item] = await t.database.db
    .insert(inventoryItems)
    .values({ name: `Article PayPal attente ${counter}`, sku: `TEST-PPP-${counter}`, itemType: 'accessory', priceCents: 1990, quantity: 10 })
    .returning({ id: inventoryItems.id });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/shop/orders',
    remoteAddress: nextIp(),
    payload: {
      payment_method: 'paypal',
      billing: { first_name: 'Camille', last_name: 'Durand', email: `attente.${counter}@exemple.fr`, phone: '06 12 34 56 78', address_1: '12 rue des Pins', city: 'Arcachon', postcode: '33120', country: 'FR' },
      line_items: [{ product_id: item?.id, quantity: 2 }],
      shipping_lines: [{ method_id: 'colissimo_no_sign' }],
      terms_accepted: true,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ data: Order }>().data;
  const key = order.order_key ?? '';
  const created = await t.app.inject({ method: 'POST', url: '/api/woocommerce-payments/paypal/create-order', remoteAddress: nextIp(), payload: { orderId: order.id, order_key: key } });
  const paypalOrderId = created.json<{ id: string }>().id;
  fake.approve(paypalOrderId);
  fake.nextCaptureStatus('PENDING');
  const captured = await t.app.inject({ method: 'POST', url: '/api/woocommerce-payments/paypal/capture-order', remoteAddress: nextIp(), payload: { orderId: order.id, order_key: key, paypalOrderId } });
  expect(captured.statusCode, captured.body).toBe(202);
  return { order, key, paypalOrderId, captureId: fake.orders.get(paypalOrderId)?.capture?.id ?? '' };
}

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
}

async function paymentOf(orderId: number) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!row) throw new Error('no payment');
  return row;
}

async function checkOf(paymentId: number) {
  const [row] = await t.database.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, 'paypal'), eq(paymentEvents.eventId, `pending-check:${paymentId}`)));
  return row;
}

/** One run of the job, as every instance would run it; `recheckAfterMs` 0: nothing was checked "recently". */
const run = (recheckAfterMs = 0) => settlePendingPaypalPayments(t.database.db, { client, publicUrl: t.config.publicUrl, log: t.app.log, recheckAfterMs });

const getsOf = (paypalOrderId: string) => fake.requests.filter((request) => request.method === 'GET' && request.path === `/v2/checkout/orders/${paypalOrderId}`).length;

beforeAll(async () => {
  fake = await startPaypalFake();
  t = await createTestApp({ PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET, PAYPAL_API_URL: fake.url });
  client = createPaypalClient({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, apiUrl: fake.url });
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(() => {
  fake.reset();
});

describe('PayPal captures left pending', () => {
  it('still pending: read, left as it was (the expiry hold still counts from the first PENDING)', async () => {
    const { order, paypalOrderId } = await pendingCapture();
    const before = await paymentOf(order.id);
    const gets = getsOf(paypalOrderId);
    await run();
    expect(getsOf(paypalOrderId)).toBe(gets + 1);
    expect(await paymentOf(order.id)).toEqual(before);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await checkOf(before.id)).toMatchObject({ outcome: 'pending', orderId: order.id, providerRef: paypalOrderId });
  });

  it('completed later at PayPal: the job pays the order (one event, one confirmation), as a capture would', async () => {
    const { order, paypalOrderId, captureId } = await pendingCapture();
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    const result = await run();
    expect(result.paid).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'processing', transactionId: captureId });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(await paymentOf(order.id)).toMatchObject({ status: 'succeeded', providerStatus: 'COMPLETED', captureRef: captureId });
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((event) => event.toStatus === 'processing')).toHaveLength(1);
    expect(await listOutbox(t.database.db, { kind: 'order_confirmation', to: order.billing.email })).toHaveLength(1);
    // No longer pending: the next run leaves it alone.
    const gets = getsOf(paypalOrderId);
    await run();
    expect(getsOf(paypalOrderId)).toBe(gets);
  });

  it('completed after the order expired: the job refunds it and notes it on the order', async () => {
    const { order, paypalOrderId } = await pendingCapture();
    await cancelOrder(t.database.db, order.id, 'Paiement non reçu dans le délai : commande annulée automatiquement', { publicUrl: t.config.publicUrl });
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    await run();
    const capture = fake.orders.get(paypalOrderId)?.capture;
    expect(capture?.status).toBe('REFUNDED');
    expect(fake.requests.filter((request) => request.path === `/v2/payments/captures/${capture?.id}/refund`)).toHaveLength(1);
    expect(await paymentOf(order.id)).toMatchObject({ status: 'refunded', captureRef: capture?.id });
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paidAt: null });
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id);
    expect(events.at(-1)?.note).toBe(`Paiement PayPal reçu après expiration de la commande\u00a0: remboursé (${capture?.refundId})`);
    expect(await checkOf((await paymentOf(order.id)).id)).toMatchObject({ outcome: 'refunded' });
  });

  it('declined later at PayPal: the payment row is failed, the order stays pending (payable again)', async () => {
    const { order, paypalOrderId } = await pendingCapture();
    fake.setCaptureStatus(paypalOrderId, 'DECLINED');
    await run();
    expect(await paymentOf(order.id)).toMatchObject({ status: 'failed', providerStatus: 'DECLINED' });
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('PayPal failing: the payment is left as it was and tried again by a later run', async () => {
    const { order, paypalOrderId } = await pendingCapture();
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    // Every GET of this run fails (other tests' pending payments may be read first).
    const failing = settlePendingPaypalPayments(t.database.db, {
      client: { ...client, getOrder: (id) => (id === paypalOrderId ? Promise.reject(new Error('PayPal down')) : client.getOrder(id)) },
      publicUrl: t.config.publicUrl,
      log: t.app.log,
      recheckAfterMs: 0,
    });
    expect((await failing).errors).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await checkOf((await paymentOf(order.id)).id)).toMatchObject({ outcome: 'error: PayPal down' });
    await run();
    expect((await orderRow(order.id)).status).toBe('processing');
  });

  it('two instances at once: each payment is read once; a payment read recently is skipped', async () => {
    const { order, paypalOrderId } = await pendingCapture();
    const gets = getsOf(paypalOrderId);
    const [first, second] = await Promise.all([run(60_000), run(60_000)]);
    expect(getsOf(paypalOrderId)).toBe(gets + 1);
    expect((first?.checked ?? 0) + (second?.checked ?? 0)).toBeGreaterThanOrEqual(1);
    // Claimed less than a minute ago: the next run (of any instance) leaves it.
    await run(60_000);
    expect(getsOf(paypalOrderId)).toBe(gets + 1);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('startPaypalPendingJob runs on its interval until stopped', async () => {
    const { order, paypalOrderId } = await pendingCapture();
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    const runs = signal();
    // The job's clock is a fake one: the test moves it an interval at a time and waits for the run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const stop = startPaypalPendingJob(
        t.database.db,
        t.app.log,
        {
          paypal: { clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, apiUrl: fake.url },
          publicUrl: t.config.publicUrl,
          onRun: () => runs.fire(),
        },
        50,
      );
      try {
        // Nothing before the first interval has passed.
        vi.advanceTimersByTime(49);
        expect(runs.count).toBe(0);
        await until(async () => (await orderRow(order.id)).status === 'processing', 'payment settled by the job', {
          step: () => vi.advanceTimersByTime(50),
          done: runs,
          maxSteps: 5,
        });
      } finally {
        stop();
      }
      // Stopped: nothing is read any more, however long it waits.
      const calls = fake.requests.length;
      const ran = runs.count;
      vi.advanceTimersByTime(60 * 60_000);
      expect(runs.count).toBe(ran);
      expect(fake.requests.length).toBe(calls);
    } finally {
      vi.useRealTimers();
    }
  });
});
