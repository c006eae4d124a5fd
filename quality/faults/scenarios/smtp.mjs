// @ts-check
/**
 * Scenario 2: the SMTP server is down, then comes back. The server's SMTP_URL points at a port
 * where nothing listens; bank-transfer orders are placed meanwhile: each must succeed (201, the
 * spec's « Commande #N créée avec succès ! ») with its mails queued in the outbox, not lost. Then
 * the SMTP server starts on that port: the outbox must drain by itself (the mail job's back-off)
 * with exactly one confirmation per order and one staff notification, none twice, and the staff
 * outbox must show them sent after more than one attempt.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { shopMessages } from '@erepare/shared/shop';
import { AdminApi } from '../../load/lib/admin.mjs';
import { mailAssertions } from '../../load/lib/checks.mjs';
import { check, outboxRows, seconds, startGatedSmtp, waitFor } from '../lib/common.mjs';
import { startServer } from '../lib/server.mjs';
import { placeOrder, readShop, requestJson } from '../lib/shop.mjs';

/**
 * @typedef {import('../lib/common.mjs').Assertion} Assertion
 * @typedef {import('../lib/common.mjs').ScenarioResult} ScenarioResult
 * @typedef {import('../lib/shop.mjs').PlacedOrder} PlacedOrder
 */

/**
 * @param {{ root: string, short: boolean }} context
 * @returns {Promise<ScenarioResult>}
 */
export async function smtpScenario({ root, short }) {
  const started = performance.now();
  /** @type {Assertion[]} */
  const assertions = [];
  const orderCount = short ? 4 : 12;
  // Failed attempts to wait for before the SMTP server starts: the job waits 30 s after the
  // first, 60 s after the second (retryDelayMs), so the short form stays near 40 s.
  const failuresBefore = short ? 1 : 2;
  const smtp = await startGatedSmtp({ startUp: false });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'erepare-faults-smtp-'));
  const server = await startServer({ root, dataDir, env: { SMTP_URL: smtp.url } });
  const runId = Date.now().toString(36);
  const counts = { orders: 0, mailsQueued: 0, mailsReceived: 0, attemptsMax: 0, smtpDownS: 0 };
  try {
    const admin = await AdminApi.login(server.url);
    const { products, method } = await readShop(server.url);
    const downSince = performance.now();
    /** @type {PlacedOrder[]} */
    const orders = [];
    /** @type {string[]} */
    const refused = [];
    for (let index = 0; index < orderCount; index += 1) {
      const product = products[index % products.length];
      if (!product) throw new Error('no product in stock');
      const placed = await placeOrder(server.url, {
        items: [{ product, quantity: 1 }],
        method,
        paymentMethod: 'bacs',
        email: `smtp.${runId}.${index}@exemple.fr`,
        ip: `10.62.0.${index + 1}`,
      });
      if (placed.order && placed.answer.body.message === shopMessages.orderCreated(placed.order.number)) orders.push(placed.order);
      else refused.push(`${placed.answer.status} ${placed.answer.body.code ?? ''} « ${placed.answer.body.message ?? placed.answer.error ?? ''} »`);
    }
    counts.orders = orders.length;
    assertions.push(
      check(
        `SMTP down: ${orderCount} bank-transfer orders answered 201 « Commande #N créée avec succès ! »`,
        orders.length === orderCount,
        refused.length ? refused.slice(0, 3).join(' | ') : `${orders.length} orders, on-hold: ${orders.filter((order) => order.status === 'on-hold').length}`,
      ),
    );
    const view = orders[0] ? await requestJson(`${server.url}/api/shop/orders/${orders[0].id}?key=${encodeURIComponent(orders[0].key)}`, { ip: '10.62.0.1' }) : null;
    assertions.push(check('SMTP down: the buyer can open the order', view?.status === 200, `${view?.status ?? '-'}`));

    // The mails wait in the outbox: every one tried and failed `failuresBefore` times.
    const expected = orders.length * 2;
    const queued = await waitFor(async () => {
      const rows = (await outboxRows(admin)).filter((row) => row.kind === 'order_confirmation' || row.kind === 'order_notification');
      return rows.length === expected && rows.every((row) => row.status === 'pending' && row.attempts >= failuresBefore && row.lastError) ? rows : null;
    }, failuresBefore * 45_000 + 15_000, 1_000);
    counts.mailsQueued = queued.value?.length ?? 0;
    assertions.push(
      check(
        `SMTP down: the ${expected} mails are queued (pending, ${failuresBefore} failed attempt${failuresBefore > 1 ? 's' : ''} each, error recorded)`,
        queued.ok,
        queued.ok ? `after ${seconds(queued.ms)} s; last error « ${String(queued.value?.[0]?.lastError).slice(0, 80)} »` : 'not seen',
      ),
    );
    assertions.push(check('SMTP down: nothing received', smtp.sink.count() === 0, `${smtp.sink.count()} mails`));

    // ── the SMTP server comes back on the same port ──
    await smtp.gate.up();
    counts.smtpDownS = seconds(performance.now() - downSince);
    const drained = await waitFor(async () => {
      const rows = (await outboxRows(admin)).filter((row) => row.kind === 'order_confirmation' || row.kind === 'order_notification');
      return rows.length === expected && rows.every((row) => row.status === 'sent') && smtp.sink.count() >= expected ? rows : null;
    }, (short ? 45 : 100) * 1000, 1_000);
    // A mail sent twice would arrive right after the first.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rows = drained.value ?? (await outboxRows(admin));
    counts.attemptsMax = Math.max(0, ...rows.map((row) => row.attempts));
    assertions.push(
      check(
        'SMTP back: outbox drained by itself, every mail sent after > 1 attempt',
        drained.ok && rows.every((row) => row.attempts > 1),
        `${seconds(drained.ms)} s after the SMTP server started; attempts ${[...new Set(rows.map((row) => row.attempts))].sort().join('/')}; statuses ${[...new Set(rows.map((row) => row.status))].join('/')}`,
      ),
    );
    const mails = await smtp.sink.parseAll();
    counts.mailsReceived = mails.length;
    const outbox = await admin.outboxCounts();
    assertions.push(
      ...mailAssertions({ created: orders.map((order) => ({ ...order, shopper: 0, ip: '', createdAt: 0 })), mails, outbox, drained: drained.ok }).assertions,
      check('no mail other than the orders’ received', mails.length === expected, `${mails.length} received, ${expected} expected`),
      check('every mail has its own Message-ID', new Set(mails.map((mail) => mail.messageId)).size === mails.length, `${new Set(mails.map((mail) => mail.messageId)).size} distinct`),
    );
  } finally {
    const stop = await server.stop();
    const errors = server.errorLines();
    assertions.push(check('server ran throughout and stopped cleanly', stop.unexpected === null && stop.code === 0 && !stop.forced, stop.unexpected ?? `exit ${stop.code}`));
    assertions.push(check('no error-level log line', errors.length === 0, errors.length ? errors.slice(0, 2).join(' | ').slice(0, 400) : 'none'));
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { name: '2. SMTP down, then up', assertions, counts, durationS: seconds(performance.now() - started) };
}
