/**
 * Klarna through Stripe Checkout, against the local fake Stripe (its hosted page included): the
 * plans of spec 2 §9, the Checkout Session's wire format, the return page's confirmation, the
 * webhook, and Stripe being down (the buyer is sent to the card).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { klarnaPlans, paymentMessages } from '@erepare/shared/payments';
import { cancelOrder } from '../orders/service.js';
import {
  confirmationMails,
  eventsOf,
  orderRow,
  paymentRows,
  placeOrder,
  post,
  startStripeTestBed,
  type ConfirmAnswer,
  type ErrorAnswer,
  type StripeTestBed,
  type TestOrder,
} from '../../test/stripe-test-bed.js';

const PLANS = '/api/woocommerce-payments/klarna/create-session';
const CHECKOUT = '/api/woocommerce-payments/klarna/create-checkout-session';
const CONFIRM = '/api/woocommerce-payments/klarna/confirm';

type PlansAnswer = { success: true; message: string; plans: Array<{ id: string; title: string; description: string }> };
type CheckoutAnswer = { success: true; message: string; session_id: string; url: string };

let bed: StripeTestBed;

beforeAll(async () => {
  bed = await startStripeTestBed();
});

afterAll(async () => {
  await bed.close();
});

/** The spec's body: amount, currency, customer data and items are sent, and ignored. */
function klarnaBody(order: TestOrder, extra: Record<string, unknown> = {}) {
  return {
    orderId: order.id,
    order_key: order.key,
    amount: 1,
    currency: 'usd',
    customerData: { email: 'autre@exemple.fr' },
    orderItems: [{ name: 'Rien', price: 0.01 }],
    ...extra,
  };
}

async function checkout(order: TestOrder, plan = 'pay_in_3'): Promise<CheckoutAnswer> {
  const response = await post(bed.t, CHECKOUT, klarnaBody(order, { plan }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CheckoutAnswer>();
}

async function confirm(order: TestOrder, sessionId: string, withKey = true) {
  return post(bed.t, CONFIRM, { orderId: order.id, session_id: sessionId, ...(withKey ? { order_key: order.key } : {}) });
}

describe('POST klarna/create-session', () => {
  it('offers 3 and 4 instalments and 30 days, financing only above 200 €, without calling Stripe', async () => {
    const small = await placeOrder(bed.t, { paymentMethod: 'klarna', priceCents: 15_000 });
    const large = await placeOrder(bed.t, { paymentMethod: 'klarna', priceCents: 25_000 });
    const requests = bed.fake.requests.length;

    const smallAnswer = await post(bed.t, PLANS, klarnaBody(small));
    expect(smallAnswer.statusCode).toBe(200);
    expect(smallAnswer.json<PlansAnswer>()).toEqual({ success: true, message: 'Session Klarna prête', plans: klarnaPlans(15_000) });
    expect(smallAnswer.json<PlansAnswer>().plans.map((plan) => plan.id)).toEqual(['pay_in_3', 'pay_in_4', 'pay_later']);

    const largeAnswer = await post(bed.t, PLANS, klarnaBody(large, { plan: 'financing' }));
    expect(largeAnswer.statusCode).toBe(200);
    expect(largeAnswer.json<PlansAnswer>().plans.map((plan) => plan.id)).toEqual(['pay_in_3', 'pay_in_4', 'pay_later', 'financing']);

    const notOffered = await post(bed.t, PLANS, klarnaBody(small, { plan: 'financing' }));
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.klarnaPlanRequired, code: 'KLARNA_PLAN_REQUIRED' });

    const wrongKey = await post(bed.t, PLANS, klarnaBody(small, { order_key: 'faux' }));
    expect(wrongKey.statusCode).toBe(404);
    const cardOrder = await placeOrder(bed.t, { paymentMethod: 'stripe' });
    const wrongMethod = await post(bed.t, PLANS, klarnaBody(cardOrder));
    expect(wrongMethod.statusCode).toBe(409);
    expect(wrongMethod.json<ErrorAnswer>().message).toBe(paymentMessages.wrongPaymentMethod);
    expect(bed.fake.requests.length).toBe(requests);
  });
});

describe('POST klarna/create-checkout-session', () => {
  it('needs an offered plan (422 otherwise, nothing asked of Stripe)', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna', priceCents: 15_000 });
    const requests = bed.fake.requests.length;
    for (const extra of [{}, { plan: 'financing' }, { plan: 'pay_in_12' }]) {
      const response = await post(bed.t, CHECKOUT, klarnaBody(order, extra));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.klarnaPlanRequired);
    }
    expect(bed.fake.requests.length).toBe(requests);
    expect(await paymentRows(bed.t, order.id)).toHaveLength(0);
  });

  it('creates a Stripe Checkout Session for the order total, in Stripe’s wire format, and records it', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna', priceCents: 25_000 });
    const before = Math.floor(Date.now() / 1000);
    const answer = await checkout(order, 'financing');
    expect(answer).toMatchObject({ success: true, session_id: expect.stringMatching(/^cs_test_/) as unknown });
    expect(answer.url).toBe(`${bed.fake.url}/pay/${answer.session_id}`);

    const request = bed.fake.requestsTo('/v1/checkout/sessions', 'POST').at(-1);
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.headers['idempotency-key']).toMatch(new RegExp(`^erepare-cs-${order.id}-\\d+-financing-25000-0-${request?.form.expires_at ?? 'x'}$`));
    expect(request?.rawBody).toContain('line_items[0][price_data][unit_amount]=25000');
    expect(request?.rawBody).toContain(`metadata[order_id]=${order.id}`);
    expect(request?.form).toMatchObject({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'klarna',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '25000',
      'line_items[0][price_data][product_data][name]': `Commande n° ${order.id}`,
      'line_items[0][quantity]': '1',
      customer_email: order.email,
      client_reference_id: String(order.id),
      locale: 'fr',
      'metadata[order_id]': String(order.id),
      'metadata[plan]': 'financing',
      'payment_intent_data[metadata][order_id]': String(order.id),
      success_url: `http://boutique.test/payment/success?provider=klarna&order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://boutique.test/payment/cancel?provider=klarna&order=${order.id}`,
    });
    // The placeholder travels percent-encoded, as the SDK sends it, and Stripe reads it back.
    expect(request?.rawBody).toContain('session_id%3D%7BCHECKOUT_SESSION_ID%7D');
    const expiresAt = Number(request?.form.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(before + 40 * 60);
    expect(request?.body).toMatchObject({ line_items: [{ price_data: { unit_amount: '25000', product_data: { name: `Commande n° ${order.id}` } }, quantity: '1' }] });

    expect(await paymentRows(bed.t, order.id)).toEqual([
      expect.objectContaining({ provider: 'stripe', method: 'klarna', providerRef: answer.session_id, plan: 'financing', amountCents: 25_000, status: 'created' }),
    ]);

    // Asked again with the same plan: the open session, not a second one.
    const posts = bed.fake.requestsTo('/v1/checkout/sessions', 'POST').length;
    expect((await checkout(order, 'financing')).session_id).toBe(answer.session_id);
    expect(bed.fake.requestsTo('/v1/checkout/sessions', 'POST')).toHaveLength(posts);
  });

  it('Stripe down or failing: 503 with the Klarna message (pay by card instead), nothing recorded', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    bed.fake.down();
    try {
      const down = await post(bed.t, CHECKOUT, klarnaBody(order, { plan: 'pay_in_4' }));
      expect(down.statusCode).toBe(503);
      expect(down.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.klarnaUnavailable, code: 'KLARNA_UNAVAILABLE' });
    } finally {
      bed.fake.up();
    }
    bed.fake.failNext(500, undefined, 3);
    const failing = await post(bed.t, CHECKOUT, klarnaBody(order, { plan: 'pay_in_4' }));
    expect(failing.statusCode).toBe(503);
    expect(failing.json<ErrorAnswer>().message).toBe(paymentMessages.klarnaUnavailable);
    bed.fake.failNext(400, { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'klarna is not activated', param: 'allowed_payment_method_types' } });
    const refused = await post(bed.t, CHECKOUT, klarnaBody(order, { plan: 'pay_in_4' }));
    expect(refused.statusCode).toBe(503);
    expect(refused.json<ErrorAnswer>().message).toBe(paymentMessages.klarnaUnavailable);

    expect(await paymentRows(bed.t, order.id)).toHaveLength(0);
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');
    expect((await checkout(order, 'pay_in_4')).session_id).toMatch(/^cs_/);
  }, 20_000);
});

describe('a session create that timed out on our side', () => {
  it('retried in a later 5-minute step: a new idempotency key (the expiry is in it), a new session, not “Klarna unavailable”', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    const ofOrder = () => bed.fake.requestsTo('/v1/checkout/sessions', 'POST').filter((request) => request.form['metadata[order_id]'] === String(order.id));
    // Every attempt outlives the client's timeout, yet reaches Stripe: a session exists that we never recorded.
    const held = bed.fake.holdNext(3);
    const slow = await post(bed.t, CHECKOUT, klarnaBody(order, { plan: 'pay_in_3' }));
    expect(slow.statusCode).toBe(503);
    expect(slow.json<ErrorAnswer>().message).toBe(paymentMessages.klarnaUnavailable);
    expect(held.count).toBe(3);
    expect(await paymentRows(bed.t, order.id)).toHaveLength(0);
    // Stripe gets to the requests the client gave up on.
    held.release();
    await bed.fake.settled();
    const timedOut = ofOrder();
    expect(timedOut).toHaveLength(3);
    expect(new Set(timedOut.map((request) => request.headers['idempotency-key'])).size).toBe(1);

    // The buyer tries again 6 minutes later: the expiry moved to another step, and so did the key.
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 6 * 60_000);
    let answer: CheckoutAnswer;
    try {
      answer = await checkout(order, 'pay_in_3');
    } finally {
      clock.mockRestore();
    }
    const retry = ofOrder().at(-1);
    expect(retry?.status).toBe(200);
    expect(retry?.form.expires_at).not.toBe(timedOut[0]?.form.expires_at);
    expect(retry?.headers['idempotency-key']).not.toBe(timedOut[0]?.headers['idempotency-key']);
    expect(retry?.headers['idempotency-key']).toMatch(new RegExp(`-${retry?.form.expires_at ?? 'x'}$`));
    expect(await paymentRows(bed.t, order.id)).toEqual([expect.objectContaining({ providerRef: answer.session_id, status: 'created', plan: 'pay_in_3' })]);

    // Asked again: the session now recorded, not another one.
    expect((await checkout(order, 'pay_in_3')).session_id).toBe(answer.session_id);
  }, 30_000);
});

describe('paying on the hosted page, then the return page', () => {
  it('the whole flow: hosted page, redirect with the session id, webhook and confirm pay the order once', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna', priceCents: 12_000 });
    const { session_id: sessionId, url } = await checkout(order, 'pay_in_3');

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Klarna (test)');
    expect(html).toContain('120,00 €');
    expect(html).toContain('<button type="submit">Payer avec Klarna</button>');
    expect(html).toContain(`action="/pay/${sessionId}/complete"`);
    expect(html).toContain(`href="http://boutique.test/payment/cancel?provider=klarna&amp;order=${order.id}">Annuler</a>`);

    // Not paid yet: the return page is told to wait.
    const early = await confirm(order, sessionId);
    expect(early.statusCode).toBe(202);
    expect(early.json<ConfirmAnswer>()).toEqual({ success: false, pending: true, message: paymentMessages.paymentNotCompleted });

    const paid = await fetch(`${bed.fake.url}/pay/${sessionId}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://boutique.test/payment/success?provider=klarna&order=${order.id}&session_id=${sessionId}`);
    // Stripe's checkout.session.completed reached the shop before the buyer's browser did.
    expect(bed.fake.deliveries.at(-1)).toMatchObject({ status: 200, event: { type: 'checkout.session.completed' } });
    const intentId = bed.fake.sessions.get(sessionId)?.payment_intent ?? '';
    expect(intentId).toMatch(/^pi_/);
    expect(await orderRow(bed.t, order.id)).toMatchObject({ status: 'processing', transactionId: intentId });

    const withKey = await confirm(order, sessionId);
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json<ConfirmAnswer>()).toMatchObject({ success: true, status: 'processing', data: { id: order.id, status: 'processing', payment_method: 'klarna' } });
    const withoutKey = await confirm(order, sessionId, false);
    expect(withoutKey.statusCode).toBe(200);
    const bare = withoutKey.json<ConfirmAnswer>();
    expect(bare).toEqual({ success: true, status: 'processing' });

    // The intent's own events (Stripe sends them too) are not a second payment.
    const intent = bed.fake.paymentIntents.get(intentId);
    expect((await bed.fake.sendWebhook(bed.fake.event('payment_intent.succeeded', intent))).status).toBe(200);
    expect((await bed.fake.sendWebhook(bed.fake.event('checkout.session.async_payment_succeeded', bed.fake.sessions.get(sessionId)))).status).toBe(200);

    const events = (await eventsOf(bed.t, order.id)).filter((event) => event.toStatus === 'processing');
    expect(events).toHaveLength(1);
    expect(events[0]?.note).toBe(`Paiement Klarna confirmé par Stripe (${intentId})`);
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(1);
    expect((await paymentRows(bed.t, order.id))[0]).toMatchObject({ status: 'succeeded', captureRef: intentId });
  });

  it('without the webhook, the return page’s confirm alone pays the order', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    const { session_id: sessionId } = await checkout(order, 'pay_later');
    bed.fake.completeSession(sessionId);
    const response = await confirm(order, sessionId);
    expect(response.statusCode).toBe(200);
    expect(response.json<ConfirmAnswer>()).toMatchObject({ success: true, status: 'processing', data: { status: 'processing' } });
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(1);
  });

  it('a session of another order, an unknown session, or a wrong amount: 409 and unchanged', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    const other = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    const { session_id: ownSession } = await checkout(order, 'pay_in_4');
    const { session_id: otherSession } = await checkout(other, 'pay_in_4');
    bed.fake.completeSession(otherSession);

    const foreign = await confirm(order, otherSession);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json<ErrorAnswer>()).toMatchObject({ message: paymentMessages.paymentMismatch, code: 'PAYMENT_MISMATCH' });
    expect((await confirm(order, 'cs_test_unknown')).statusCode).toBe(409);

    bed.fake.setSessionAmount(ownSession, order.totalCents - 500);
    bed.fake.completeSession(ownSession);
    const amount = await confirm(order, ownSession);
    expect(amount.statusCode).toBe(409);
    expect(amount.json<ErrorAnswer>().message).toBe(paymentMessages.amountMismatch);
    expect((await bed.fake.sendWebhook(bed.fake.event('checkout.session.completed', bed.fake.sessions.get(ownSession)))).status).toBe(200);

    expect((await orderRow(bed.t, order.id)).status).toBe('pending');
    expect(await confirmationMails(bed.t, order.email)).toHaveLength(0);
    expect((await orderRow(bed.t, other.id)).status).toBe('pending');
  });

  it('an expired session is closed by its webhook; the buyer gets a new session', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    const { session_id: first } = await checkout(order, 'pay_in_3');
    const expired = bed.fake.expireSession(first);
    expect((await bed.fake.sendWebhook(bed.fake.event('checkout.session.expired', expired))).status).toBe(200);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('canceled');
    expect((await orderRow(bed.t, order.id)).status).toBe('pending');

    const expiredConfirm = await confirm(order, first);
    expect(expiredConfirm.statusCode).toBe(409);
    expect(expiredConfirm.json<ErrorAnswer>().message).toBe(paymentMessages.paymentNotCompleted);

    const { session_id: second } = await checkout(order, 'pay_in_3');
    expect(second).not.toBe(first);
    bed.fake.completeSession(second);
    expect((await confirm(order, second)).statusCode).toBe(200);
  });

  it('paid after the order expired: refunded, the order stays cancelled', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    const { session_id: sessionId } = await checkout(order, 'pay_in_3');
    await cancelOrder(bed.t.database.db, order.id, 'Commande expirée (non payée à temps)', { publicUrl: bed.t.config.publicUrl });
    bed.fake.completeSession(sessionId);
    const intentId = bed.fake.sessions.get(sessionId)?.payment_intent ?? '';

    const response = await confirm(order, sessionId);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.lateRefunded);
    expect(bed.fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    expect((await orderRow(bed.t, order.id)).status).toBe('cancelled');
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('refunded');
    expect((await eventsOf(bed.t, order.id)).filter((event) => event.note.startsWith('Paiement reçu après expiration de la commande\u00a0: remboursé (re_'))).toHaveLength(1);
  });
});

describe('a Klarna order paid, then closed by staff', () => {
  it('the return page again, or a later event: 409 orderNotPayable, no refund, no call to Stripe from the return page', async () => {
    const order = await placeOrder(bed.t, { paymentMethod: 'klarna' });
    const { session_id: sessionId } = await checkout(order, 'pay_in_4');
    const session = bed.fake.completeSession(sessionId);
    expect((await confirm(order, sessionId)).statusCode).toBe(200);
    const intentId = session.payment_intent ?? '';
    await cancelOrder(bed.t.database.db, order.id, 'Annulée par la boutique', { publicUrl: bed.t.config.publicUrl });

    const requests = bed.fake.requests.length;
    const again = await confirm(order, sessionId);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorAnswer>()).toMatchObject({ message: paymentMessages.orderNotPayable, code: 'ORDER_NOT_PAYABLE' });
    expect(bed.fake.requests.length).toBe(requests);

    expect((await bed.fake.sendWebhook(bed.fake.event('checkout.session.completed', bed.fake.sessions.get(sessionId)))).status).toBe(200);
    expect(bed.fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(0);
    expect((await paymentRows(bed.t, order.id))[0]?.status).toBe('succeeded');
    expect((await orderRow(bed.t, order.id)).status).toBe('cancelled');
  });
});
