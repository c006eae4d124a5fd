/**
 * Card and Revolut Pay through Stripe, against the local fake Stripe over real HTTP: the amount
 * charged is the order's, the order is paid once whoever confirms it (buyer, webhook, replays),
 * mismatches and forgeries change nothing, Stripe's failures are French answers, and money that
 * arrives after the order expired goes back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@erepare/shared/messages';
import { paymentMessages } from '@erepare/shared/payments';
import { shopMessages } from '@erepare/shared/shop';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { orders, paymentEvents, payments } from '../../db/schema.js';
import { expireOrders } from '../../jobs/order-expiry.js';
import { cancelOrder } from '../orders/service.js';
import { STRIPE_API_VERSION } from './stripe-client.js';
import {
  confirmationMails,
  couponUsage,
  eventsOf,
  insertCoupon,
  nextIp,
  orderRow,
  paymentRows,
  placeOrder,
  post,
  startStripeTestBed,
  stockOf,
  stripeEventRows,
  type ConfirmAnswer,
  type ErrorAnswer,
  type IntentAnswer,
  type StripeTestBed,
  type TestOrder,
} from '../../test/stripe-test-bed.js';

const CREATE = '/api/woocommerce-payments/create-payment-intent';
const CONFIRM = '/api/woocommerce-payments/stripe/confirm-payment';
const KLARNA_CONFIRM = '/api/woocommerce-payments/klarna/confirm';

let bed: StripeTestBed;

beforeAll(async () => {
  bed = await startStripeTestBed();
});

afterAll(async () => {
  await bed.close();
});

async function createIntent(order: TestOrder, extra: Record<string, unknown> = {}): Promise<IntentAnswer> {
  const response = await post(bed.t, CREATE, { orderId: order.id, order_key: order.key, currency: 'eur', paymentMethod: 'stripe', ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IntentAnswer>();
}

async function confirm(order: TestOrder, paymentIntentId: string, key = order.key) {
  return post(bed.t, CONFIRM, { orderId: order.id, order_key: key, paymentIntentId });
}

function paidEvents(events: Awaited<ReturnType<typeof eventsOf>>) {
  return events.filter((event) => event.toStatus === 'processing');
}

describe('POST create-payment-intent', () => {
  it('charges the order total whatever the body says, form-encoded with an idempotency key, and records the attempt', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe', priceCents: 3990, quantity: 2 });
    const before = bed.fake.requests.length;
    const answer = await createIntent(order, { amount: 1, currency: 'usd' });
    expect(answer).toMatchObject({ success: true, publishable_key: 'pk_test_fake51ErepareLocal0000' });
    expect(answer.payment_intent_id).toMatch(/^pi_/);
    expect(answer.client_secret).toMatch(new RegExp(`^${answer.payment_intent_id}_secret_`));

    const [request] = bed.fake.requests.slice(before).filter((candidate) => candidate.method === 'POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.headers.authorization).toBe(`Bearer ${bed.fake.secretKey}`);
    expect(request?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request?.headers['idempotency-key']).toMatch(new RegExp(`^erepare-pi-${order.id}-`));
    expect(request?.rawBody).toContain(`amount=${order.totalCents}`);
    expect(request?.rawBody).toContain('currency=eur');
    expect(request?.rawBody).toContain('allowed_payment_method_types[0]=card');
    expect(request?.rawBody).toContain(`metadata[order_id]=${order.id}`);
    expect(request?.form).toMatchObject({
      amount: String(order.totalCents),
      currency: 'eur',
      'allowed_payment_method_types[0]': 'card',
      'metadata[order_id]': String(order.id),
      'metadata[order_number]': String(order.id),
      description: `Commande n° ${order.id} – ${defaultStoreProfile.name}`,
    });
    expect(request?.body).toMatchObject({ amount: String(order.totalCents), allowed_payment_method_types: ['card'], metadata: { order_id: String(order.id) } });
    expect(bed.fake.paymentIntents.get(answer.payment_intent_id)?.amount).toBe(order.totalCents);

    const rows = await paymentRows(bed.t, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', method: 'stripe', providerRef: answer.payment_intent_id, amountCents: order.totalCents, status: 'created' });
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');

    // Asked again (a reload, a double click): the same intent, no second one at Stripe.
    const posts = bed.fake.requestsTo('/v1/payment_intents', 'POST').length;
    const again = await createIntent(order);
    expect(again.payment_intent_id).toBe(answer.payment_intent_id);
    expect(bed.fake.requestsTo('/v1/payment_intents', 'POST')).toHaveLength(posts);
    expect(await paymentRows(bed.t, order.id)).toHaveLength(1);
  });

  it('Revolut Pay gets an intent for revolut_pay only; a method that is not the order’s is refused', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'revolut_pay' });
    const answer = await createIntent(order, { paymentMethod: 'revolut_pay' });
    const request = bed.fake.requestsTo('/v1/payment_intents', 'POST').at(-1);
    expect(request?.form['allowed_payment_method_types[0]']).toBe('revolut_pay');
    expect(request?.form['allowed_payment_method_types[1]']).toBeUndefined();
    expect(bed.fake.paymentIntents.get(answer.payment_intent_id)?.payment_method_types).toEqual(['revolut_pay']);
    expect((await paymentRows(bed.t, order.id))[0]?.method).toBe('revolut_pay');

    const wrong = await post(bed.t, CREATE, { orderId: order.id, order_key: order.key, paymentMethod: 'card' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.wrongPaymentMethod, code: 'WRONG_PAYMENT_METHOD' });

    const klarnaOrder = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    const klarna = await post(bed.t, CREATE, { orderId: klarnaOrder.id, order_key: klarnaOrder.key });
    expect(klarna.statusCode).toBe(409);
    expect(klarna.json<ErrorAnswer>().message).toBe(paymentMessages.wrongPaymentMethod);
  });

  it('a wrong order key or id is the orders’ 404; bad input is a French 400, never a 500', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const posts = bed.fake.requestsTo('/v1/payment_intents', 'POST').length;
    for (const body of [
      { orderId: order.id, order_key: 'wc_order_faux' },
      { orderId: order.id },
      { orderId: 999_999, order_key: order.key },
      { orderId: 'abc', order_key: order.key },
    ]) {
      const response = await post(bed.t, CREATE, body);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorAnswer>()).toMatchObject({ success: false, message: shopMessages.orderNotFound });
    }
    const wrongKeyConfirm = await confirm(order, 'pi_123', 'wc_order_faux');
    expect(wrongKeyConfirm.statusCode).toBe(404);

    for (const body of [{}, { orderId: { id: 1 }, order_key: order.key }, { orderId: order.id, order_key: order.key, paymentMethod: 'bitcoin' }]) {
      const response = await post(bed.t, CREATE, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>().message).toMatch(/^Données invalides/);
    }
    const notJson = await bed.t.app.inject({ method: 'POST', url: CREATE, headers: { 'content-type': 'application/json' }, payload: '{"orderId":', remoteAddress: nextIp() });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<ErrorAnswer>().success).toBe(false);
    const badIntentId = await post(bed.t, CONFIRM, { orderId: order.id, order_key: order.key, paymentIntentId: 'ch_not_an_intent' });
    expect(badIntentId.statusCode).toBe(400);
    expect(bed.fake.requestsTo('/v1/payment_intents', 'POST')).toHaveLength(posts);
  });

  it('an order that is no longer pending cannot be charged', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    bed.fake.succeed(id);
    expect((await confirm(order, id)).statusCode).toBe(200);
    const response = await post(bed.t, CREATE, { orderId: order.id, order_key: order.key });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>()).toMatchObject({ message: paymentMessages.orderNotPayable, code: 'ORDER_NOT_PAYABLE' });
  });

  it('Stripe not answering in time is a 503, Stripe failing a 502: French, nothing recorded; the retry gets the intent Stripe made meanwhile', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    // Every attempt (the first and the SDK's two retries) outlives the client's timeout.
    const held = bed.fake.holdNext(3);
    const slow = await post(bed.t, CREATE, { orderId: order.id, order_key: order.key });
    expect(held.count).toBe(3);
    expect(slow.statusCode).toBe(503);
    expect(slow.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.providerUnavailable, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(await paymentRows(bed.t, order.id)).toHaveLength(0);
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');

    bed.fake.failNext(500, undefined, 3);
    const failing = await post(bed.t, CREATE, { orderId: order.id, order_key: order.key });
    expect(failing.statusCode).toBe(502);
    expect(failing.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.intentCreationFailed, code: 'PAYMENT_PROVIDER_ERROR' });
    expect(await paymentRows(bed.t, order.id)).toHaveLength(0);

    // The slow requests did reach Stripe: the same idempotency key hands back that one intent.
    held.release();
    await bed.fake.settled();
    const answer = await createIntent(order);
    const ofOrder = [...bed.fake.paymentIntents.values()].filter((intent) => intent.metadata.order_id === String(order.id));
    expect(ofOrder.map((intent) => intent.id)).toEqual([answer.payment_intent_id]);
    expect(await paymentRows(bed.t, order.id)).toHaveLength(1);
  }, 30_000);

  it('limits intent creations per IP address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      statuses.push((await post(bed.t, CREATE, { orderId: 1, order_key: 'faux' }, ip)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST stripe/confirm-payment', () => {
  it('a succeeded card payment: order processing once, stock kept, one confirmation mail, the coupon counted once', async () => {
    const code = `STRIPE10-${Date.now()}`;
    const couponId = await insertCoupon(bed.t, code, 10);
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe', priceCents: 6000, stock: 5, quantity: 2, coupon: code });
    expect(order.order.discount_total).toBe('12.00');
    expect(await stockOf(bed.t, order.itemId)).toBe(3);
    const { payment_intent_id: id } = await createIntent(order);

    // Not paid yet: the bank has not confirmed (nothing changes).
    const early = await confirm(order, id);
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorAnswer>().message).toBe(paymentMessages.paymentNotCompleted);

    bed.fake.succeed(id);
    const response = await confirm(order, id);
    expect(response.statusCode).toBe(200);
    const body = response.json<ConfirmAnswer>();
    expect(body).toMatchObject({ success: true, status: 'processing', data: { id: order.id, status: 'processing', transaction_id: id, needs_payment: false } });

    const row = await orderRow(bed.t, order.id);
    expect(row).toMatchObject({ status: 'processing', transactionId: id, expiresAt: null });
    expect(row.paidAt).not.toBeNull();
    expect(await stockOf(bed.t, order.itemId)).toBe(3);
    expect(await couponUsage(bed.t, couponId)).toBe(1);
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(1);
    const paid = paidEvents(await eventsOf(bed.t, order.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]?.note).toBe(`Paiement par carte confirmé par Stripe (${id})`);
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'succeeded', captureRef: bed.fake.paymentIntents.get(id)?.latest_charge });

    // The double click: the same answer, nothing twice, not even a call to Stripe.
    const gets = bed.fake.requestsTo(`/v1/payment_intents/${id}`, 'GET').length;
    const again = await confirm(order, id);
    expect(again.statusCode).toBe(200);
    expect(again.json<ConfirmAnswer>()).toMatchObject({ success: true, status: 'processing' });
    expect(bed.fake.requestsTo(`/v1/payment_intents/${id}`, 'GET')).toHaveLength(gets);
    expect(paidEvents(await eventsOf(bed.t, order.id))).toHaveLength(1);
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(1);
    expect(await couponUsage(bed.t, couponId)).toBe(1);
  });

  it('a processing payment is a 202 pending; a declined card a 402, the order stays pending and the retry works', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);

    bed.fake.setProcessing(id);
    const pending = await confirm(order, id);
    expect(pending.statusCode).toBe(202);
    expect(pending.json<ConfirmAnswer>()).toEqual({ success: false, pending: true, message: paymentMessages.paymentNotCompleted });

    bed.fake.decline(id);
    const declined = await confirm(order, id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.paymentDeclined, code: 'PAYMENT_DECLINED' });
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'failed', lastError: 'generic_decline: Your card was declined.' });
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(0);

    // The buyer tries another card: the same intent is handed out again and then succeeds.
    const retry = await createIntent(order);
    expect(retry.payment_intent_id).toBe(id);
    bed.fake.succeed(id);
    const paid = await confirm(order, id);
    expect(paid.statusCode).toBe(200);
    expect((await orderRow(bed.t, order.id)).status).toBe('processing');
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'succeeded', lastError: '' });
  });

  it('an amount or a currency that is not the order’s is a 409 and changes nothing', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    bed.fake.succeed(id);
    bed.fake.setAmount(id, order.totalCents - 100);
    const amount = await confirm(order, id);
    expect(amount.statusCode).toBe(409);
    expect(amount.json<ErrorAnswer>()).toMatchObject({ message: paymentMessages.amountMismatch, code: 'AMOUNT_MISMATCH' });

    bed.fake.setAmount(id, order.totalCents);
    bed.fake.setCurrency(id, 'usd');
    const currency = await confirm(order, id);
    expect(currency.statusCode).toBe(409);
    expect(currency.json<ErrorAnswer>()).toMatchObject({ message: paymentMessages.currencyMismatch, code: 'CURRENCY_MISMATCH' });

    // The same forgery through the webhook: acknowledged (Stripe must not retry it), ignored.
    const delivery = await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', bed.fake.paymentIntents.get(id)));
    expect(delivery.status).toBe(200);

    expect((await orderRow(bed.t, order.id)).status).toBe('pending');
    expect(paidEvents(await eventsOf(bed.t, order.id))).toHaveLength(0);
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(0);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('created');
  });

  it('an intent of another order, or one never recorded for it, is a 409 paymentMismatch and changes nothing', async () => {
    const victim = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    await createIntent(victim);
    const other = await placeOrder(bed.t, { paymentMethod: 'stripe', priceCents: victim.totalCents - 690 });
    const { payment_intent_id: otherId } = await createIntent(other);
    bed.fake.succeed(otherId);

    const presented = await confirm(victim, otherId);
    expect(presented.statusCode).toBe(409);
    expect(presented.json<ErrorAnswer>()).toMatchObject({ message: paymentMessages.paymentMismatch, code: 'PAYMENT_MISMATCH' });

    // An intent made elsewhere that names this order in its metadata: not ours, refused.
    const forged = await fetch(`${bed.fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bed.fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `amount=${victim.totalCents}&currency=eur&metadata[order_id]=${victim.id}`,
    });
    const forgedId = (await forged.json()) as { id: string };
    bed.fake.succeed(forgedId.id);
    expect((await confirm(victim, forgedId.id)).statusCode).toBe(409);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', bed.fake.paymentIntents.get(forgedId.id)))).status).toBe(200);

    // Metadata changed at Stripe to name another order: refused too.
    const { payment_intent_id: victimId } = await createIntent(victim);
    bed.fake.setMetadata(victimId, { order_id: String(other.id) });
    bed.fake.succeed(victimId);
    const renamed = await confirm(victim, victimId);
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json<ErrorAnswer>().message).toBe(paymentMessages.paymentMismatch);

    expect((await orderRow(bed.t, victim.id)).status).toBe('pending');
    expect(paidEvents(await eventsOf(bed.t, victim.id))).toHaveLength(0);
    expect((await orderRow(bed.t, other.id)).status).toBe('pending');
  });

  it('Stripe unreachable while confirming: 503, unchanged; it works once Stripe is back', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    bed.fake.succeed(id);
    bed.fake.down();
    try {
      const response = await confirm(order, id);
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.providerUnavailable);
    } finally {
      bed.fake.up();
    }
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');
    expect((await confirm(order, id)).statusCode).toBe(200);
  });
});

describe('confirmations are limited per IP address', () => {
  it('card and Klarna confirmations share 60 per 10 minutes; the 61st is a French 429', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      statuses.push((await post(bed.t, CONFIRM, { orderId: 1, order_key: 'faux', paymentIntentId: 'pi_123' }, ip)).statusCode);
      statuses.push((await post(bed.t, KLARNA_CONFIRM, { orderId: 1, session_id: 'cs_test_123' }, ip)).statusCode);
    }
    expect(statuses.every((status) => status === 404 || status === 409)).toBe(true);
    for (const [url, body] of [
      [CONFIRM, { orderId: 1, order_key: 'faux', paymentIntentId: 'pi_123' }],
      [KLARNA_CONFIRM, { orderId: 1, session_id: 'cs_test_123' }],
    ] as const) {
      const limited = await post(bed.t, url, body, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json<ErrorAnswer>()).toMatchObject({ success: false, message: messages.http.tooManyRequests, code: 'RATE_LIMITED' });
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    }
    // Another address is not affected.
    expect((await post(bed.t, CONFIRM, { orderId: 1, order_key: 'faux', paymentIntentId: 'pi_123' })).statusCode).toBe(404);
  });
});

describe('POST stripe/webhook', () => {
  it('payment_intent.succeeded alone pays the order; replays and a second event change nothing; confirm-payment agrees', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    const intent = bed.fake.succeed(id);
    const event = bed.fake.event('payment_intent.succeeded', intent);

    const first = await bed.fake.sendWebhook(event);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ success: true, received: true });
    expect((await orderRow(bed.t, order.id))).toMatchObject({ status: 'processing', transactionId: id });

    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', intent))).status).toBe(200);
    expect((await confirm(order, id)).statusCode).toBe(200);

    expect(paidEvents(await eventsOf(bed.t, order.id))).toHaveLength(1);
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(1);
    const recorded = (await stripeEventRows(bed.t)).filter((row) => row.providerRef === id);
    expect(recorded).toHaveLength(2);
    expect(recorded.map((row) => row.outcome)).toEqual(['paid', 'already-paid']);
    expect(recorded[0]).toMatchObject({ type: 'payment_intent.succeeded', orderId: order.id });
  });

  it('payment_failed or canceled arriving after succeeded never downgrade the order or the payment', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    const declined = bed.fake.decline(id);
    const succeeded = bed.fake.succeed(id);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', succeeded))).status).toBe(200);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.payment_failed', declined))).status).toBe(200);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.canceled', { ...succeeded, status: 'canceled' }))).status).toBe(200);
    expect((await orderRow(bed.t, order.id)).status).toBe('processing');
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'succeeded', lastError: '' });
  });

  it('payment_failed before success records the error and leaves the order pending; canceled marks the attempt', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    const declined = bed.fake.decline(id, 'insufficient_funds');
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.payment_failed', declined))).status).toBe(200);
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'failed', lastError: expect.stringContaining('insufficient_funds') as unknown });
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');

    bed.fake.setStatus(id, 'canceled');
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.canceled', bed.fake.paymentIntents.get(id)))).status).toBe(200);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('canceled');
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');

    // A cancelled intent is not handed out again: a new one (new idempotency key) is made.
    const fresh = await createIntent(order);
    expect(fresh.payment_intent_id).not.toBe(id);
    expect(await paymentRows(bed.t, order.id)).toHaveLength(2);
  });

  it('payment_intent.processing alone holds the order past its deadline; succeeded then pays it as usual', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe', stock: 3 });
    const { payment_intent_id: id } = await createIntent(order);
    const processing = await bed.fake.sendWebhook(bed.fake.event('payment_intent.processing', bed.fake.setProcessing(id)));
    expect(processing.status).toBe(200);
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'created', providerStatus: 'processing' });
    expect((await stripeEventRows(bed.t)).find((row) => row.providerRef === id && row.type === 'payment_intent.processing')?.outcome).toBe('processing');

    // Past its deadline, the expiry job keeps it: the bank has not answered yet.
    await bed.t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, order.id));
    await expireOrders(bed.t.database.db, { publicUrl: bed.t.config.publicUrl });
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');
    expect(await stockOf(bed.t, order.itemId)).toBe(2);

    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', bed.fake.succeed(id)))).status).toBe(200);
    expect(await orderRow(bed.t, order.id)).toMatchObject({ status: 'processing', transactionId: id });
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'succeeded', providerStatus: 'succeeded' });
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(1);
    expect(refundsOf(id)).toHaveLength(0);
  });

  it('payment_intent.processing after a decline reopens the attempt only when Stripe says it is processing now', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    const declined = bed.fake.decline(id);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.payment_failed', declined))).status).toBe(200);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('failed');

    // An older "processing" delivered after the failure: Stripe's live intent is not processing.
    const stale = await bed.fake.sendWebhook(bed.fake.event('payment_intent.processing', { ...declined, status: 'processing', last_payment_error: null }));
    expect(stale.status).toBe(200);
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'failed', providerStatus: 'requires_payment_method' });

    // The buyer tried another method, now processing at the bank.
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.processing', bed.fake.setProcessing(id)))).status).toBe(200);
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'created', providerStatus: 'processing', lastError: '' });
  });

  it('refuses forged deliveries (wrong secret, tampered body, old timestamp, no header) with a 400 and changes nothing', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    const intent = bed.fake.succeed(id);
    const eventsBefore = (await stripeEventRows(bed.t)).length;
    const send = (payload: string, headers: Record<string, string>) =>
      bed.t.app.inject({ method: 'POST', url: '/api/woocommerce-payments/stripe/webhook', payload, headers: { 'content-type': 'application/json', ...headers } });

    const wrongSecret = bed.fake.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_someoneElse000000' });
    const signed = bed.fake.signedEvent('payment_intent.succeeded', intent);
    const tampered = signed.payload.replace(`"amount": ${order.totalCents}`, `"amount": ${order.totalCents + 1}`);
    expect(tampered).not.toBe(signed.payload);
    const old = bed.fake.signedEvent('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 301 });

    for (const [payload, headers] of [
      [wrongSecret.payload, { 'stripe-signature': wrongSecret.header }],
      [tampered, { 'stripe-signature': signed.header }],
      [old.payload, { 'stripe-signature': old.header }],
      [signed.payload, {}],
      [signed.payload, { 'stripe-signature': 'garbage' }],
      ['', { 'stripe-signature': signed.header }],
    ] as const) {
      const response = await send(payload, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.invalidSignature });
    }
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');
    expect(await stripeEventRows(bed.t)).toHaveLength(eventsBefore);

    // The genuine one, byte for byte as signed (indented JSON: re-serialising would break it).
    const genuine = await send(signed.payload, { 'stripe-signature': signed.header });
    expect(genuine.statusCode).toBe(200);
    expect((await orderRow(bed.t, order.id)).status).toBe('processing');
  });

  it('the fake’s HTTP controls (for browser runs) move the intent and notify the shop', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    const control = await fetch(`${bed.fake.url}/__fake/payment_intents/${id}/succeed?notify=1`, { method: 'POST' });
    expect(control.status).toBe(200);
    expect(((await control.json()) as { status: string }).status).toBe('succeeded');
    expect((await orderRow(bed.t, order.id)).status).toBe('processing');
    expect((await fetch(`${bed.fake.url}/__fake/payment_intents/pi_nope/succeed`, { method: 'POST' })).status).toBe(404);
  });

  it('acknowledges events it does not handle, and unknown intents', async () => {
    const unknownType = await bed.fake.sendWebhook(bed.fake.event('charge.dispute.created', { id: 'dp_123', object: 'dispute' }));
    expect(unknownType.status).toBe(200);
    const unknownIntent = await bed.fake.sendWebhook(
      bed.fake.event('payment_intent.succeeded', { id: 'pi_unknown123', object: 'payment_intent', amount: 100, currency: 'eur', status: 'succeeded', metadata: {} }),
    );
    expect(unknownIntent.status).toBe(200);
    const rows = await stripeEventRows(bed.t);
    expect(rows.find((row) => row.type === 'charge.dispute.created')?.outcome).toBe('ignored: charge.dispute.created');
    expect(rows.find((row) => row.providerRef === 'pi_unknown123')?.outcome).toBe('ignored: unknown payment intent');
  });
});

function refundsOf(intentId: string) {
  return bed.fake.refunds.filter((refund) => refund.payment_intent === intentId);
}

async function eventRowsOf(eventId: string) {
  return (await stripeEventRows(bed.t)).filter((row) => row.eventId === eventId);
}

describe('webhook deliveries are recorded only once handled', () => {
  /**
   * Two deliveries of one event handled at the same time: the second is sent once the first's
   * handling is waiting for Stripe, and both are let go once the second's is too.
   */
  async function overlappingDeliveries(event: ReturnType<typeof bed.fake.event>) {
    const firstAtStripe = bed.fake.holdNext(1);
    const first = bed.fake.sendWebhook(event);
    await firstAtStripe.arrived;
    const secondAtStripe = bed.fake.holdNext(1);
    const secondDelivery = bed.fake.sendWebhook(event);
    await secondAtStripe.arrived;
    firstAtStripe.release();
    secondAtStripe.release();
    return { first, second: await secondDelivery };
  }

  /** An order that expired before its intent succeeded: the event's handling is a refund. */
  async function latePayment() {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    await cancelOrder(bed.t.database.db, order.id, 'Commande expirée (non payée à temps)', { publicUrl: bed.t.config.publicUrl });
    const event = bed.fake.event('payment_intent.succeeded', bed.fake.succeed(id));
    return { order, id, event };
  }

  it('a second delivery while the first is being handled is not acknowledged ahead of it: when both fail, Stripe retries', async () => {
    const { order, id, event } = await latePayment();
    // Every refund attempt of both handlings (each: the call and the SDK's two retries) fails.
    bed.fake.failNext(500, undefined, 6);
    const { first, second } = await overlappingDeliveries(event);
    expect((await first).status).toBeGreaterThanOrEqual(500);
    expect(second.status).toBeGreaterThanOrEqual(500);
    expect(await eventRowsOf(event.id)).toHaveLength(0);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('created');
    expect(refundsOf(id)).toHaveLength(0);

    // Stripe's retry is handled for real.
    const retried = await bed.fake.sendWebhook(event);
    expect(retried.status).toBe(200);
    expect((await eventRowsOf(event.id)).map((row) => row.outcome)).toEqual(['refunded']);
    expect(refundsOf(id)).toHaveLength(1);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('refunded');

    // A replay of the handled event: acknowledged without asking Stripe anything.
    const requests = bed.fake.requests.length;
    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    expect(bed.fake.requests.length).toBe(requests);
    expect(refundsOf(id)).toHaveLength(1);
  }, 30_000);

  it('overlapping deliveries with a refund failing for a while: any 200 means the event was applied, once', async () => {
    const { order, id, event } = await latePayment();
    bed.fake.failNext(500, undefined, 3);
    const { first, second } = await overlappingDeliveries(event);
    const statuses = [(await first).status, second.status];
    if (statuses.includes(200)) {
      expect((await eventRowsOf(event.id)).map((row) => row.outcome)).toEqual(['refunded']);
      expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('refunded');
    } else {
      expect(await eventRowsOf(event.id)).toHaveLength(0);
    }
    expect(refundsOf(id).length).toBeLessThanOrEqual(1);
    // Whatever happened, Stripe's next delivery leaves it applied, once.
    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    expect(refundsOf(id)).toHaveLength(1);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('refunded');
    expect((await eventsOf(bed.t, order.id)).filter((row) => row.note.includes('remboursé'))).toHaveLength(1);
  }, 30_000);

  it('nothing is recorded while a handling runs (a process stopped there leaves no claim); a claim left by an older version is handled again', async () => {
    const { order, id, event } = await latePayment();
    const atStripe = bed.fake.holdNext(1);
    const delivery = bed.fake.sendWebhook(event);
    // The handling is under way (waiting for Stripe): nothing is recorded yet.
    await atStripe.arrived;
    expect(await eventRowsOf(event.id)).toHaveLength(0);
    atStripe.release();
    expect((await delivery).status).toBe(200);
    expect((await eventRowsOf(event.id)).map((row) => row.outcome)).toEqual(['refunded']);
    expect(refundsOf(id)).toHaveLength(1);

    // A claim without an outcome (taken before the handling by the previous version, whose process
    // stopped): not a record, Stripe's retry is handled and completes it.
    const other = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: otherId } = await createIntent(other);
    const paid = bed.fake.event('payment_intent.succeeded', bed.fake.succeed(otherId));
    await bed.t.database.db.insert(paymentEvents).values({ provider: 'stripe', eventId: paid.id, type: paid.type, orderId: other.id, providerRef: otherId, outcome: '' });
    expect((await bed.fake.sendWebhook(paid)).status).toBe(200);
    expect((await orderRow(bed.t, other.id)).status).toBe('processing');
    expect((await eventRowsOf(paid.id)).map((row) => row.outcome)).toEqual(['paid']);
    expect((await orderRow(bed.t, order.id)).status).toBe('cancelled');
  }, 20_000);
});

describe('an order paid, then closed by staff', () => {
  it('is never refunded automatically: confirm-payment again is a 409 orderNotPayable without a call to Stripe, a later event changes nothing', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    const intent = bed.fake.succeed(id);
    expect((await confirm(order, id)).statusCode).toBe(200);
    await cancelOrder(bed.t.database.db, order.id, 'Annulée par la boutique', { publicUrl: bed.t.config.publicUrl });
    expect((await orderRow(bed.t, order.id)).status).toBe('cancelled');

    const requests = bed.fake.requests.length;
    const again = await confirm(order, id);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.orderNotPayable, code: 'ORDER_NOT_PAYABLE' });
    expect(bed.fake.requests.length).toBe(requests);

    const event = bed.fake.event('payment_intent.succeeded', intent);
    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    expect((await eventRowsOf(event.id)).map((row) => row.outcome)).toEqual(['already-settled']);

    expect(refundsOf(id)).toHaveLength(0);
    expect(bed.fake.requestsTo('/v1/refunds', 'POST').filter((request) => request.form.payment_intent === id)).toHaveLength(0);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('succeeded');
    expect((await orderRow(bed.t, order.id)).status).toBe('cancelled');
    expect((await eventsOf(bed.t, order.id)).filter((row) => row.note.includes('remboursé'))).toHaveLength(0);
  });

  it('its payment row missed (the process stopped after the order was paid): the order’s transaction still says it paid', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    const intent = bed.fake.succeed(id);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', intent))).status).toBe(200);
    await cancelOrder(bed.t.database.db, order.id, 'Annulée par la boutique', { publicUrl: bed.t.config.publicUrl });
    const [row] = await paymentRows(bed.t, order.id);
    if (!row) throw new Error('no payment row');
    await bed.t.database.db.update(payments).set({ status: 'created' }).where(eq(payments.id, row.id));

    const again = await confirm(order, id);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorAnswer>().code).toBe('ORDER_NOT_PAYABLE');
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', intent))).status).toBe(200);
    expect(refundsOf(id)).toHaveLength(0);
  });
});

describe('a payment that arrives after the order expired', () => {
  it('is refunded once, the order stays cancelled, and the buyer is told', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe', stock: 4 });
    const { payment_intent_id: id } = await createIntent(order);
    await cancelOrder(bed.t.database.db, order.id, 'Commande expirée (non payée à temps)', { publicUrl: bed.t.config.publicUrl });
    expect(await stockOf(bed.t, order.itemId)).toBe(4);
    bed.fake.succeed(id);

    const response = await confirm(order, id);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.lateRefunded, code: 'PAYMENT_REFUNDED' });

    const refunds = bed.fake.refunds.filter((refund) => refund.payment_intent === id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(order.totalCents);
    const refundRequest = bed.fake.requestsTo('/v1/refunds', 'POST').at(-1);
    expect(refundRequest?.form.payment_intent).toBe(id);
    expect(refundRequest?.headers['idempotency-key']).toBe(`erepare-late-refund-${id}`);

    const row = await orderRow(bed.t, order.id);
    expect(row.status).toBe('cancelled');
    expect(row.paidAt).toBeNull();
    expect(await stockOf(bed.t, order.itemId)).toBe(4);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('refunded');
    const notes = (await eventsOf(bed.t, order.id)).map((event) => event.note);
    expect(notes.filter((note) => note.startsWith('Paiement reçu après expiration de la commande\u00a0: remboursé (re_'))).toHaveLength(1);
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(0);

    // The webhook of the same payment, and the buyer's second click: no second refund, no second note.
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', bed.fake.paymentIntents.get(id)))).status).toBe(200);
    expect((await confirm(order, id)).statusCode).toBe(409);
    expect(bed.fake.refunds.filter((refund) => refund.payment_intent === id)).toHaveLength(1);
    expect((await eventsOf(bed.t, order.id)).filter((event) => event.note.includes('remboursé'))).toHaveLength(1);
    expect((await orderRow(bed.t, order.id)).status).toBe('cancelled');
  });

  it('already refunded by staff from Stripe’s dashboard: recorded as refunded, not retried forever', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    await cancelOrder(bed.t.database.db, order.id, 'Commande expirée (non payée à temps)', { publicUrl: bed.t.config.publicUrl });
    const event = bed.fake.event('payment_intent.succeeded', bed.fake.succeed(id));
    const byStaff = await fetch(`${bed.fake.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bed.fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${id}`,
    });
    expect(byStaff.status).toBe(200);

    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    expect(bed.fake.refunds.filter((refund) => refund.payment_intent === id)).toHaveLength(1);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('refunded');
    expect((await eventsOf(bed.t, order.id)).map((row) => row.note)).toContain('Paiement reçu après expiration de la commande\u00a0: remboursé (déjà remboursé sur Stripe)');
  });

  it('a webhook whose handling fails (Stripe down during the refund) is not kept as seen: Stripe’s retry completes it', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const { payment_intent_id: id } = await createIntent(order);
    await cancelOrder(bed.t.database.db, order.id, 'Commande expirée (non payée à temps)', { publicUrl: bed.t.config.publicUrl });
    const event = bed.fake.event('payment_intent.succeeded', bed.fake.succeed(id));

    bed.fake.failNext(500, undefined, 3);
    const failed = await bed.fake.sendWebhook(event);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await stripeEventRows(bed.t)).filter((row) => row.eventId === event.id)).toHaveLength(0);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('created');

    const retried = await bed.fake.sendWebhook(event);
    expect(retried.status).toBe(200);
    expect((await stripeEventRows(bed.t)).find((row) => row.eventId === event.id)?.outcome).toBe('refunded');
    expect(bed.fake.refunds.filter((refund) => refund.payment_intent === id)).toHaveLength(1);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('refunded');
  }, 20_000);
});

describe('the rest of the API keeps its JSON parser', () => {
  it('orders are still created from JSON bodies', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'bacs' });
    expect(order.order.status).toBe('on-hold');
  });
});
