// @ts-check
/**
 * Scenario 4: PayPal captures fail. The server's PAYPAL_* point at the PayPal fake; each case is
 * one PayPal order, created through the server and approved by the buyer (the fake's approval),
 * whose capture fails:
 *  A. PayPal answers 500 to the capture → 503 « Le service de paiement ne répond pas. Réessayez
 *     dans quelques instants. », then the buyer's retry captures it;
 *  B. the capture is DECLINED → 402 « Erreur lors de la capture du paiement PayPal », the same
 *     PayPal order stays refused, a new PayPal order for the same shop order is paid;
 *  C. the capture's answer is lost (PayPal answers after the server's 10 s timeout, but does
 *     capture) → 503, then the retry (same PayPal-Request-Id) finds it captured: paid once.
 * Meanwhile the order stays pending with its stock reserved (taken at creation, counted in
 * reservedQuantity, as orders/service.ts does for unpaid orders) and no confirmation is sent;
 * afterwards: paid once, one succeeded payment, one confirmation and one staff mail per order.
 */
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
 * @typedef {import('../lib/shop.mjs').PlacedOrder} PlacedOrder
 * @typedef {import('../lib/shop.mjs').JsonAnswer} JsonAnswer
 */

/**
 * @param {{ root: string, fakes: Fakes, short: boolean }} context
 * @returns {Promise<ScenarioResult>}
 */
export async function paypalScenario({ root, fakes }) {
  const started = performance.now();
  /** @type {Assertion[]} */
  const assertions = [];
  const smtp = await startGatedSmtp({ startUp: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'erepare-faults-paypal-'));
  const server = await startServer({
    root,
    dataDir,
    env: { SMTP_URL: smtp.url, PAYPAL_CLIENT_ID: fakes.paypal.clientId, PAYPAL_CLIENT_SECRET: fakes.paypal.clientSecret, PAYPAL_API_URL: fakes.paypal.url },
  });
  const paypal = (/** @type {string} */ method, /** @type {unknown[]} */ ...args) => fakes.call('paypal', method, ...args);
  const counts = { orders: 0, captureAttempts: 0, captureFailures: 0, payments: 0, mails: 0 };
  try {
    const admin = await AdminApi.login(server.url);
    const { products, method } = await readShop(server.url);
    const runId = Date.now().toString(36);
    /** @type {PlacedOrder[]} */
    const paid = [];

    /** @param {PlacedOrder} order @param {string} ip */
    const createPaypalOrder = async (order, ip) => {
      const answer = await requestJson(`${server.url}/api/woocommerce-payments/paypal/create-order`, { method: 'POST', body: { orderId: order.id, order_key: order.key }, ip });
      const id = String(answer.body.id ?? '');
      if (answer.status !== 200 || !id) throw new Error(`paypal/create-order: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      await paypal('approve', id);
      return id;
    };
    /** @param {PlacedOrder} order @param {string} paypalOrderId @param {string} ip @returns {Promise<JsonAnswer>} */
    const capture = async (order, paypalOrderId, ip) => {
      counts.captureAttempts += 1;
      const answer = await requestJson(`${server.url}/api/woocommerce-payments/paypal/capture-order`, {
        method: 'POST',
        body: { orderId: order.id, order_key: order.key, paypalOrderId },
        ip,
        timeoutMs: 40_000,
      });
      if (answer.status !== 200) counts.captureFailures += 1;
      return answer;
    };
    /**
     * After a failed capture: the order still pending, its stock still reserved, no mail queued.
     * @param {string} label @param {PlacedOrder} order @param {{ id: number, stock: number, reserved: number }} before
     */
    const stillPending = async (label, order, before) => {
      const facts = await orderFacts(admin, order.id);
      const product = await admin.product(before.id);
      const mails = (await outboxRows(admin, `#${order.number}`)).length + (await outboxRows(admin, `n° ${order.number} `)).length;
      assertions.push(
        check(
          `${label}: order still pending, unpaid, stock reserved, no mail`,
          facts.status === 'pending' && facts.paidAt === null && product.stock === before.stock - 1 && product.reservedQuantity === before.reserved + 1 && mails === 0,
          `${facts.status}, paidAt ${facts.paidAt}, stock ${before.stock} → ${product.stock}, reserved ${before.reserved} → ${product.reservedQuantity}, ${mails} mail(s) queued`,
        ),
      );
    };
    /** @param {string} label @param {JsonAnswer} answer @param {number} status @param {string} code @param {string} message */
    const expectRefusal = (label, answer, status, code, message) => {
      assertions.push(
        check(
          `${label}: ${status} ${code} « ${message} »`,
          answer.status === status && answer.body.code === code && answer.body.message === message,
          `${answer.status} ${answer.body.code ?? ''} « ${answer.body.message ?? answer.error ?? ''} » in ${answer.ms} ms`,
        ),
      );
    };
    /** @param {string} label @param {JsonAnswer} answer */
    const expectPaid = (label, answer) => {
      assertions.push(check(`${label}: 200, order processing`, answer.status === 200 && answer.body.success === true && answer.body.data?.status === 'processing', `${answer.status} ${answer.body.data?.status ?? answer.body.code ?? ''} ${answer.body.message ?? ''}`));
    };
    /** @param {string} tag @param {number} index */
    const newOrder = async (tag, index) => {
      const product = products[index];
      if (!product) throw new Error('not enough products in stock');
      const details = await admin.product(product.id);
      const ip = `10.64.0.${index + 1}`;
      const placed = await placeOrder(server.url, { items: [{ product, quantity: 1 }], method, paymentMethod: 'paypal', email: `paypal.${tag}.${runId}@exemple.fr`, ip });
      if (!placed.order) throw new Error(`PayPal order refused: ${placed.answer.status} ${placed.answer.body.code ?? ''} ${placed.answer.body.message ?? ''}`);
      counts.orders += 1;
      return { order: placed.order, ip, before: { id: product.id, stock: details.stock, reserved: details.reservedQuantity } };
    };

    // ── A. PayPal answers 500 to the capture ──
    {
      const { order, ip, before } = await newOrder('a', 0);
      const paypalOrderId = await createPaypalOrder(order, ip);
      await paypal('failNext', 500);
      expectRefusal('A. capture answered 500 by PayPal', await capture(order, paypalOrderId, ip), 503, 'PAYPAL_UNAVAILABLE', paymentMessages.providerUnavailable);
      await stillPending('A. after the 500', order, before);
      expectPaid('A. the buyer retries', await capture(order, paypalOrderId, ip));
      paid.push(order);
    }

    // ── B. the capture is declined ──
    {
      const { order, ip, before } = await newOrder('b', 1);
      const first = await createPaypalOrder(order, ip);
      await paypal('nextCaptureStatus', 'DECLINED');
      expectRefusal('B. capture DECLINED', await capture(order, first, ip), 402, 'PAYPAL_DECLINED', paymentMessages.paypalCaptureFailed);
      expectRefusal('B. the same PayPal order again', await capture(order, first, ip), 402, 'PAYPAL_DECLINED', paymentMessages.paypalCaptureFailed);
      await stillPending('B. after the refusal', order, before);
      const second = await createPaypalOrder(order, ip);
      expectPaid('B. a new PayPal order for the same order', await capture(order, second, ip));
      const facts = await orderFacts(admin, order.id);
      assertions.push(
        check(
          'B. payments: the declined one failed, one succeeded',
          facts.payments.filter((payment) => payment.status === 'succeeded').length === 1 && facts.payments.some((payment) => payment.providerRef === first && payment.status === 'failed'),
          facts.payments.map((payment) => `${payment.providerRef.slice(0, 6)}… ${payment.status}`).join('; '),
        ),
      );
      paid.push(order);
    }

    // ── C. the capture's answer is lost (PayPal captured, after the server's 10 s timeout) ──
    {
      const { order, ip, before } = await newOrder('c', 2);
      const paypalOrderId = await createPaypalOrder(order, ip);
      await paypal('delayNext', 12_000);
      const lost = await capture(order, paypalOrderId, ip);
      expectRefusal('C. capture answer lost (PayPal silent 12 s)', lost, 503, 'PAYPAL_UNAVAILABLE', paymentMessages.providerUnavailable);
      assertions.push(check('C. the buyer waited at most ~10 s', lost.ms < 12_000, `${lost.ms} ms`));
      await stillPending('C. after the lost answer', order, before);
      // PayPal carries the capture out meanwhile.
      const captured = await waitFor(async () => {
        const orders = /** @type {Record<string, { capture: { id: string } | null }>} */ (await paypal('orders'));
        return orders[paypalOrderId]?.capture ? orders[paypalOrderId]?.capture : null;
      }, 10_000, 250);
      assertions.push(check('C. PayPal did capture', captured.ok, captured.ok ? String(captured.value?.id) : 'no capture'));
      expectPaid('C. the buyer retries', await capture(order, paypalOrderId, ip));
      const after = /** @type {Record<string, { capture: { id: string } | null }>} */ (await paypal('orders'));
      const requests = /** @type {{ method: string, path: string, requestId: string | null }[]} */ (await paypal('requests'));
      const attempts = requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/${paypalOrderId}/capture`));
      assertions.push(
        check(
          'C. one capture at PayPal: the retry reused the PayPal-Request-Id and got the first capture back',
          after[paypalOrderId]?.capture?.id === captured.value?.id && attempts.length >= 2 && new Set(attempts.map((request) => request.requestId)).size === 1,
          `capture ${after[paypalOrderId]?.capture?.id}, ${attempts.length} capture calls, request ids ${[...new Set(attempts.map((request) => request.requestId))].join(', ')}`,
        ),
      );
      paid.push(order);
    }

    // ── afterwards: each order paid once, one succeeded payment, one confirmation ──
    for (const order of paid) {
      const facts = await orderFacts(admin, order.id);
      counts.payments += facts.payments.filter((payment) => payment.status === 'succeeded').length;
      assertions.push(
        check(
          `#${order.number}: paid once (processing, one succeeded payment)`,
          facts.status === 'processing' && facts.paidAt !== null && facts.payments.filter((payment) => payment.status === 'succeeded').length === 1,
          `${facts.status}, ${facts.payments.map((payment) => payment.status).join('/')}`,
        ),
      );
    }
    const drained = await waitFor(async () => {
      const rows = (await outboxRows(admin)).filter((row) => row.kind.startsWith('order_'));
      return rows.length >= paid.length * 2 && rows.every((row) => row.status === 'sent') && smtp.sink.count() >= paid.length * 2 ? rows : null;
    }, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const mails = await smtp.sink.parseAll();
    counts.mails = mails.length;
    const perOrder = paid.map((order) => ({ order, ...orderMails(mails, order) }));
    assertions.push(
      check(
        'one confirmation and one staff mail per order, sent after payment only',
        drained.ok && perOrder.every((entry) => entry.confirmations === 1 && entry.staff === 1) && mails.length === paid.length * 2,
        perOrder.map((entry) => `#${entry.order.number}: ${entry.confirmations}+${entry.staff}`).join(', ') + `; ${mails.length} received`,
      ),
    );
  } finally {
    const stop = await server.stop();
    // A 5xx answer is logged at error level: the expected PayPal failures are not crashes.
    const errors = server.errorLines().filter((line) => !/PAYPAL_UNAVAILABLE|PayPal (failed|unavailable)|Paypal(Api|Unavailable)Error/.test(line));
    assertions.push(check('server ran throughout and stopped cleanly', stop.unexpected === null && stop.code === 0 && !stop.forced, stop.unexpected ?? `exit ${stop.code}`));
    assertions.push(check('no error-level log line other than the PayPal failures', errors.length === 0, errors.length ? errors.slice(0, 2).join(' | ').slice(0, 400) : 'none'));
    await paypal('reset').catch(() => undefined);
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { name: '4. PayPal capture failing', assertions, counts, durationS: seconds(performance.now() - started) };
}
