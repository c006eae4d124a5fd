// @ts-check
/**
 * Scenario 3: Stripe webhooks delivered twice and out of order. The server's STRIPE_* point at
 * the Stripe fake; a card order gets its payment intent from the server, the fake makes it
 * succeed, and the suite posts the events itself, signed as Stripe signs them
 * (`Stripe-Signature: t=…,v1=hex(HMAC-SHA256(secret, t + "." + body))`):
 * payment_intent.succeeded twice at the same time, once more later (a replay), under another
 * event id, then payment_intent.payment_failed, .processing and .canceled arriving after the
 * success, and a forged signature. Checks: every delivery acknowledged (the forged one refused
 * with « Signature du webhook invalide »), the order paid once and never moved back, one
 * payment row (succeeded), the stock taken once, exactly one confirmation and one staff mail;
 * the buyer's own confirmation call afterwards answers « paid », sending nothing more.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { paymentMessages } from '@erepare/shared/payments';
import { AdminApi } from '../../load/lib/admin.mjs';
import { check, orderFacts, orderMails, outboxRows, seconds, startGatedSmtp, waitFor } from '../lib/common.mjs';
import { startServer } from '../lib/server.mjs';
import { placeOrder, readShop, requestJson } from '../lib/shop.mjs';

/**
 * @typedef {import('../lib/common.mjs').Assertion} Assertion
 * @typedef {import('../lib/common.mjs').ScenarioResult} ScenarioResult
 * @typedef {import('../lib/fakes.mjs').Fakes} Fakes
 */

const WEBHOOK_PATH = '/api/woocommerce-payments/stripe/webhook';

/**
 * A Stripe event envelope (reference §3.3) around `object`.
 * @param {string} type @param {Record<string, unknown>} object @param {string} [id]
 */
function stripeEvent(type, object, id = `evt_${randomBytes(12).toString('hex')}`) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/**
 * POSTs `event` signed with `secret` as Stripe does.
 * @param {string} baseUrl @param {unknown} event @param {string} secret
 */
async function deliver(baseUrl, event, secret) {
  const payload = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return requestJson(`${baseUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    raw: payload,
    // As Stripe sends it: no Origin, no Sec-Fetch-Site (no browser page).
    browser: false,
    headers: { 'stripe-signature': `t=${timestamp},v1=${signature}`, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
  });
}

/**
 * @param {{ root: string, fakes: Fakes, short: boolean }} context
 * @returns {Promise<ScenarioResult>}
 */
export async function stripeScenario({ root, fakes, short }) {
  const started = performance.now();
  /** @type {Assertion[]} */
  const assertions = [];
  const smtp = await startGatedSmtp({ startUp: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'erepare-faults-stripe-'));
  const { secretKey, publishableKey, webhookSecret, url } = fakes.stripe;
  const server = await startServer({
    root,
    dataDir,
    env: { SMTP_URL: smtp.url, STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: url, STRIPE_METHODS: 'card' },
  });
  const counts = { orders: 0, eventsPosted: 0, eventsAcknowledged: 0, payments: 0, mails: 0 };
  try {
    const admin = await AdminApi.login(server.url);
    const { products, method } = await readShop(server.url);
    const product = products.find((entry) => entry.stock >= 2) ?? products[0];
    if (!product) throw new Error('no product in stock');
    const stockBefore = (await admin.product(product.id)).stock;
    const quantity = 1;
    const ip = '10.63.0.1';
    const placed = await placeOrder(server.url, { items: [{ product, quantity }], method, paymentMethod: 'stripe', email: `stripe.${Date.now().toString(36)}@exemple.fr`, ip });
    const order = placed.order;
    if (!order) throw new Error(`card order refused: ${placed.answer.status} ${placed.answer.body.code ?? ''} ${placed.answer.body.message ?? placed.answer.error ?? ''}`);
    counts.orders = 1;
    assertions.push(check('card order created, awaiting payment', order.status === 'pending', `#${order.number} ${order.status}`));

    const intentAnswer = await requestJson(`${server.url}/api/woocommerce-payments/create-payment-intent`, { method: 'POST', body: { orderId: order.id, order_key: order.key }, ip });
    const intentId = String(intentAnswer.body.payment_intent_id ?? '');
    if (intentAnswer.status !== 200 || !intentId) throw new Error(`create-payment-intent: ${intentAnswer.status} ${JSON.stringify(intentAnswer.body).slice(0, 300)}`);
    // The buyer's card is accepted at Stripe (the fake's state), then Stripe tells the server.
    const succeeded = /** @type {Record<string, unknown>} */ (await fakes.call('stripe', 'succeed', intentId));
    const success = stripeEvent('payment_intent.succeeded', succeeded);

    /** @type {{ label: string, status: number, body: Record<string, any> }[]} */
    const deliveries = [];
    const post = async (/** @type {string} */ label, /** @type {unknown} */ event, secret = webhookSecret) => {
      const answer = await deliver(server.url, event, secret);
      counts.eventsPosted += 1;
      if (answer.status === 200 && answer.body.received === true) counts.eventsAcknowledged += 1;
      deliveries.push({ label, status: answer.status, body: answer.body });
      return answer;
    };
    // The same event twice at the same time (two deliveries racing), then a replay.
    await Promise.all([post('succeeded (1st delivery)', success), post('succeeded (2nd delivery, concurrent)', success)]);
    await post('succeeded (replayed)', success);
    if (!short) {
      await post('succeeded under another event id', stripeEvent('payment_intent.succeeded', succeeded));
      await Promise.all(Array.from({ length: 5 }, (_, index) => post(`succeeded (burst ${index + 1})`, success)));
    }
    // Older states arriving after the success.
    const failed = { ...succeeded, status: 'requires_payment_method', amount_received: 0, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } };
    await post('payment_failed after succeeded', stripeEvent('payment_intent.payment_failed', failed));
    await post('processing after succeeded', stripeEvent('payment_intent.processing', { ...succeeded, status: 'processing', amount_received: 0 }));
    if (!short) await post('canceled after succeeded', stripeEvent('payment_intent.canceled', { ...succeeded, status: 'canceled', amount_received: 0 }));
    const bad = deliveries.filter((delivery) => !(delivery.status === 200 && delivery.body.received === true));
    assertions.push(check(`every delivery acknowledged (200 received), ${deliveries.length} posted`, bad.length === 0, bad.length ? bad.map((delivery) => `${delivery.label}: ${delivery.status} ${delivery.body.code ?? ''}`).join('; ') : 'yes'));
    const forged = await deliver(server.url, success, 'whsec_forgedSecret000000');
    assertions.push(
      check(
        `forged signature: 400 « ${paymentMessages.invalidSignature} »`,
        forged.status === 400 && forged.body.message === paymentMessages.invalidSignature,
        `${forged.status} ${forged.body.code ?? ''} « ${forged.body.message ?? ''} »`,
      ),
    );

    // The buyer's page confirms afterwards (it saw the card accepted): paid, nothing more sent.
    const confirm = await requestJson(`${server.url}/api/woocommerce-payments/stripe/confirm-payment`, { method: 'POST', body: { paymentIntentId: intentId, orderId: order.id, order_key: order.key }, ip });
    assertions.push(check('buyer’s confirmation after the webhooks: paid (processing)', confirm.status === 200 && confirm.body.success === true && confirm.body.status === 'processing', `${confirm.status} ${confirm.body.status ?? confirm.body.code ?? ''}`));

    const facts = await orderFacts(admin, order.id);
    counts.payments = facts.payments.length;
    assertions.push(check('order paid once and not moved back (processing, paidAt set)', facts.status === 'processing' && facts.paidAt !== null, `${facts.status}, paidAt ${facts.paidAt}`));
    assertions.push(
      check(
        'one payment row, succeeded, for the order’s total',
        facts.payments.length === 1 && facts.payments[0]?.status === 'succeeded' && facts.payments[0]?.amountCents === order.totalCents,
        facts.payments.map((payment) => `${payment.provider} ${payment.status} ${payment.amountCents}`).join('; ') || 'none',
      ),
    );
    const stockAfter = (await admin.product(product.id)).stock;
    assertions.push(check('stock taken once', stockBefore - stockAfter === quantity, `${stockBefore} → ${stockAfter} (${quantity} ordered)`));

    const drained = await waitFor(async () => {
      const rows = (await outboxRows(admin)).filter((row) => row.kind.startsWith('order_'));
      return rows.length > 0 && rows.every((row) => row.status === 'sent') && smtp.sink.count() >= 2 ? rows : null;
    }, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rows = drained.value ?? [];
    const mails = await smtp.sink.parseAll();
    counts.mails = mails.length;
    const mine = orderMails(mails, order);
    assertions.push(check('exactly one confirmation mail and one staff notification', mine.confirmations === 1 && mine.staff === 1, `${mine.confirmations} confirmation(s), ${mine.staff} staff notification(s)`));
    assertions.push(check('outbox: the order’s two mails, sent', rows.length === 2, rows.map((row) => `${row.kind} ${row.status}`).join('; ') || 'none'));
    assertions.push(check('no other mail', mails.length === 2, `${mails.length} received`));
  } finally {
    const stop = await server.stop();
    const errors = server.errorLines();
    assertions.push(check('server ran throughout and stopped cleanly', stop.unexpected === null && stop.code === 0 && !stop.forced, stop.unexpected ?? `exit ${stop.code}`));
    assertions.push(check('no error-level log line', errors.length === 0, errors.length ? errors.slice(0, 2).join(' | ').slice(0, 400) : 'none'));
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { name: '3. Stripe webhooks twice, out of order', assertions, counts, durationS: seconds(performance.now() - started) };
}
