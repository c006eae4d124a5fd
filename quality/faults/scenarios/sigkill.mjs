// @ts-check
/**
 * Scenario 5: SIGKILL during a checkout burst. The server runs on a PGlite DATA_DIR (and, with
 * FAULTS_DATABASE_URL, a second time on PostgreSQL); a burst of concurrent bank-transfer checkouts
 * on a few products is fired and the process is killed (SIGKILL) once a quarter of them got their
 * 201, then restarted on the same data. Checks afterwards:
 *  - every order that got a 201 exists, with its lines; no order without lines (half-written);
 *    orders committed whose answer was lost to the kill are counted (they are complete too);
 *  - stock: initial − final = units of the orders that exist, for every product (no lost or
 *    double reservation), never negative, and reservedQuantity = those units (all unpaid);
 *  - the outbox survived: every existing order's confirmation and staff notification is sent,
 *    one outbox row each, received once (by Message-ID).
 * The SMTP server is up throughout: a mail being sent when the process dies stays claimed by it
 * until its lease ends (20 s without the dead process's heartbeat, mail/job.ts), and is then sent
 * by the restarted server at its next poll (again, if the SMTP server had accepted it: the job's
 * documented at-least-once case). Both forms wait for those and check they left within 30 s of
 * the kill.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AdminApi, mapLimited } from '../../load/lib/admin.mjs';
import { check, orderMails, outboxRows, seconds, startGatedSmtp, waitFor } from '../lib/common.mjs';
import { startServer } from '../lib/server.mjs';
import { placeOrder, readShop } from '../lib/shop.mjs';

/**
 * @typedef {import('../lib/common.mjs').Assertion} Assertion
 * @typedef {import('../lib/common.mjs').ScenarioResult} ScenarioResult
 * @typedef {import('../lib/shop.mjs').PlacedOrder} PlacedOrder
 * @typedef {import('../lib/shop.mjs').Line} Line
 */

/**
 * @param {{ root: string, short: boolean, databaseUrl: string | undefined }} context
 * @returns {Promise<ScenarioResult[]>}
 */
export async function sigkillScenario({ root, short, databaseUrl }) {
  const results = [await sigkillOnce({ root, short, database: 'pglite' })];
  if (databaseUrl) results.push(await sigkillOnce({ root, short, database: 'postgres', databaseUrl }));
  return results;
}

/**
 * @param {{ root: string, short: boolean, database: 'pglite' | 'postgres', databaseUrl?: string }} options
 * @returns {Promise<ScenarioResult>}
 */
async function sigkillOnce({ root, short, database, databaseUrl }) {
  const started = performance.now();
  /** @type {Assertion[]} */
  const assertions = [];
  const burst = short ? 30 : 40;
  const smtp = await startGatedSmtp({ startUp: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'erepare-faults-kill-'));
  const first = await startServer({ root, dataDir, env: { SMTP_URL: smtp.url }, databaseUrl });
  /** @type {Awaited<ReturnType<typeof startServer>> | null} */
  let second = null;
  const counts = { checkouts: burst, answered201: 0, refused409: 0, cutByKill: 0, ordersAfterRestart: 0, committedAnswerLost: 0, mailsReceived: 0, leaseHeldMails: 0, takeoverS: 0, leaseRedeliveries: 0, restartS: 0 };
  try {
    const admin = await AdminApi.login(first.url);
    const ordersBefore = new Set((await admin.orders()).map((order) => order.id));
    const { products, method } = await readShop(first.url);
    // A few products with a few units each: the burst contends for them.
    const hot = products.filter((product) => product.stock >= 2).slice(0, 6);
    if (hot.length < 3) throw new Error('not enough products in stock');
    const initial = await admin.productStocks();
    const runId = `${database}.${Date.now().toString(36)}`;
    // Addresses of this run only: on a PostgreSQL database kept between runs, the unpaid orders of
    // an earlier run's addresses still count against the per-address limit.
    const ipBase = 70 + Math.floor(Math.random() * 150);
    const third = Math.floor(Math.random() * 250);

    // ── the burst, killed after a quarter of the 201s ──
    /** @type {{ index: number, status: number, code: string, order: PlacedOrder | null, lines: Line[], error: string | null }[]} */
    const outcomes = [];
    let killedAt = 0;
    // The same moment on the wall clock, which the server's `sentAt` uses (same machine).
    let killedAtMs = 0;
    let ok = 0;
    const killAfter = Math.ceil(burst / 4);
    /** @type {() => void} */
    let trigger = () => undefined;
    const killSignal = new Promise((resolve) => {
      trigger = () => resolve(undefined);
    });
    const killer = (async () => {
      await Promise.race([killSignal, new Promise((resolve) => setTimeout(resolve, 4_000).unref())]);
      killedAt = performance.now();
      killedAtMs = Date.now();
      await first.kill();
    })();
    const burstStart = performance.now();
    await Promise.all(
      Array.from({ length: burst }, async (_, index) => {
        const product = /** @type {typeof hot[number]} */ (hot[index % hot.length]);
        const other = /** @type {typeof hot[number]} */ (hot[(index * 7 + 3) % hot.length]);
        const items = index % 3 === 0 && other.id !== product.id ? [{ product, quantity: 1 }, { product: other, quantity: 1 }] : [{ product, quantity: 1 + (index % 2) }];
        const placed = await placeOrder(first.url, { items, method, paymentMethod: 'bacs', email: `kill.${runId}.${index}@exemple.fr`, ip: `10.${ipBase + Math.floor(index / 200)}.${third}.${(index % 200) + 1}`, timeoutMs: 20_000 });
        outcomes.push({ index, status: placed.answer.status, code: String(placed.answer.body.code ?? ''), order: placed.order, lines: placed.lines, error: placed.answer.error });
        if (placed.answer.status === 201) {
          ok += 1;
          if (ok >= killAfter) trigger();
        }
      }),
    );
    await killer;
    const exit = first.exit();
    counts.answered201 = outcomes.filter((outcome) => outcome.status === 201).length;
    counts.refused409 = outcomes.filter((outcome) => outcome.status === 409).length;
    counts.cutByKill = outcomes.filter((outcome) => outcome.status === 0).length;
    const unexpected = outcomes.filter((outcome) => outcome.status !== 0 && outcome.status !== 201 && !(outcome.status === 409 && outcome.code === 'INSUFFICIENT_STOCK'));
    assertions.push(
      check(
        `burst of ${burst} checkouts, SIGKILL after ${killAfter} × 201`,
        exit?.signal === 'SIGKILL' && counts.cutByKill > 0 && unexpected.length === 0,
        `killed ${seconds(killedAt - burstStart)} s in (${exit?.signal}); ${counts.answered201} × 201, ${counts.refused409} × 409 stock, ${counts.cutByKill} cut by the kill` +
          (unexpected.length ? `; unexpected: ${unexpected.slice(0, 3).map((outcome) => `${outcome.status} ${outcome.code}`).join(', ')}` : ''),
      ),
    );

    // ── restart on the same data ──
    const restartStart = performance.now();
    try {
      second = await startServer({ root, dataDir, env: { SMTP_URL: smtp.url }, databaseUrl, port: first.port });
    } catch (error) {
      assertions.push(check('the server restarts on the same data after SIGKILL', false, String(error).slice(0, 600)));
      throw error;
    }
    counts.restartS = seconds(performance.now() - restartStart);
    assertions.push(check('the server restarts on the same data after SIGKILL', true, `ready in ${counts.restartS} s`));
    const after = await AdminApi.login(second.url);
    const existing = (await after.orders()).filter((order) => !ordersBefore.has(order.id));
    counts.ordersAfterRestart = existing.length;
    const details = new Map(await mapLimited(existing, 6, async (order) => /** @type {const} */ ([order.id, await after.orderDetail(order.id)])));

    // Orders: every 201 there, complete; nothing half-written.
    const answered = outcomes.filter((outcome) => outcome.order !== null);
    const lineKey = (/** @type {{ productId: number, quantity: number }[]} */ lines) => lines.map((line) => `${line.productId}x${line.quantity}`).sort().join(',');
    const missing = answered.filter((outcome) => {
      const order = /** @type {PlacedOrder} */ (outcome.order);
      const found = existing.find((entry) => entry.id === order.id);
      const detail = details.get(order.id);
      return !found || found.number !== order.number || !detail || lineKey(detail.lines) !== lineKey(order.lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })));
    });
    assertions.push(check('every order answered 201 exists after the restart, with its lines', missing.length === 0, missing.length ? missing.slice(0, 5).map((outcome) => `#${outcome.order?.number}`).join(', ') : `${answered.length} orders`));
    const empty = existing.filter((order) => (details.get(order.id)?.lines.length ?? 0) === 0);
    assertions.push(check('no half-written order (every order has lines)', empty.length === 0, empty.length ? empty.map((order) => `#${order.number}`).join(', ') : `${existing.length} orders, all with lines`));
    const answeredIds = new Set(answered.map((outcome) => outcome.order?.id));
    counts.committedAnswerLost = existing.filter((order) => !answeredIds.has(order.id)).length;
    const strays = existing.filter((order) => !answeredIds.has(order.id) && !order.email.startsWith(`kill.${runId}.`));
    assertions.push(check('no order other than the burst’s', strays.length === 0, `${counts.committedAnswerLost} committed whose 201 was lost to the kill${strays.length ? `; strays ${strays.map((order) => order.email).join(', ')}` : ''}`));

    // Stock: every unit of an existing order taken once, no other.
    const final = await after.productStocks();
    /** @type {Map<number, number>} */
    const units = new Map();
    for (const detail of details.values()) for (const line of detail.lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
    const wrong = [];
    for (const [id, before] of initial) {
      const now = final.get(id)?.stock ?? Number.NaN;
      if (before.stock - now !== (units.get(id) ?? 0) || now < 0) wrong.push(`#${id}: ${before.stock} → ${now}, ${units.get(id) ?? 0} ordered`);
    }
    assertions.push(check('stock = initial − units of the existing orders, for every product, never negative', wrong.length === 0, wrong.length ? wrong.slice(0, 5).join('; ') : `${initial.size} products; ${[...units.values()].reduce((sum, value) => sum + value, 0)} units ordered`));
    const reservedWrong = [];
    for (const product of hot) {
      const { reservedQuantity } = await after.product(product.id);
      if (reservedQuantity !== (units.get(product.id) ?? 0)) reservedWrong.push(`#${product.id}: reserved ${reservedQuantity}, unpaid units ${units.get(product.id) ?? 0}`);
    }
    assertions.push(check('reservedQuantity = units of the unpaid orders (contended products)', reservedWrong.length === 0, reservedWrong.join('; ') || `${hot.length} products`));

    // Mails: the outbox survived the kill.
    const numbers = new Set(existing.map((order) => order.number));
    const ours = (/** @type {import('../lib/common.mjs').OutboxRow[]} */ rows) =>
      rows.filter((row) => (row.kind === 'order_confirmation' || row.kind === 'order_notification') && [...numbers].some((number) => row.subject.includes(`n° ${number} `) || row.subject === `Nouvelle commande #${number}`));
    const expected = existing.length * 2;
    // Rows the killed process had claimed stay `sending` until their lease ends (20 s from its last
    // heartbeat), then the restarted server takes them over: both forms wait for them.
    const waitS = 60;
    const drained = await waitFor(async () => {
      const rows = ours(await outboxRows(after));
      return rows.length === expected && rows.every((row) => row.status === 'sent') ? rows : null;
    }, waitS * 1000, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const rows = ours(await outboxRows(after));
    // Taken over from the killed process: their second attempt (SMTP is up throughout, nothing else
    // makes one).
    const leaseHeld = rows.filter((row) => row.attempts >= 2);
    counts.leaseHeldMails = leaseHeld.length;
    const takeovers = leaseHeld.map((row) => (row.sentAt ? Date.parse(row.sentAt) - killedAtMs : Number.POSITIVE_INFINITY));
    counts.takeoverS = takeovers.length ? seconds(Math.max(...takeovers)) : 0;
    const confirmationRows = rows.filter((row) => row.kind === 'order_confirmation').length;
    const staffRows = rows.filter((row) => row.kind === 'order_notification').length;
    assertions.push(check('one confirmation row and one staff row per existing order in the outbox', confirmationRows === existing.length && staffRows === existing.length, `${confirmationRows} + ${staffRows} rows for ${existing.length} orders`));
    const notSent = rows.filter((row) => row.status !== 'sent');
    const attempts = [...new Set(rows.map((row) => row.attempts))].sort().join('/');
    assertions.push(
      check(
        `outbox drained after the restart, the rows the killed process held included (within ${waitS} s)`,
        drained.ok && notSent.length === 0,
        `${drained.ok ? `${seconds(drained.ms)} s` : 'timed out'}; attempts ${attempts}` +
          (notSent.length ? `; not sent: ${notSent.slice(0, 4).map((row) => `${row.kind} ${row.status} (${row.attempts})`).join(', ')}` : ''),
      ),
    );
    assertions.push(
      check(
        'the mails the killed process held are sent within 30 s of the kill (20 s lease, then the next poll)',
        takeovers.every((ms) => ms <= 30_000),
        leaseHeld.length
          ? `${leaseHeld.length} taken over, sent ${takeovers.map((ms) => `${seconds(ms)} s`).join(', ')} after the kill`
          : 'none held by the killed process this time',
      ),
    );
    const mails = await smtp.sink.parseAll();
    counts.mailsReceived = mails.length;
    const perOrder = existing.map((order) => ({ order, ...orderMails(mails, order) }));
    const lost = perOrder.filter((entry) => entry.confirmations === 0 || entry.staff === 0);
    const twice = perOrder.filter((entry) => entry.confirmationIds > 1 || entry.staffIds > 1);
    counts.leaseRedeliveries = perOrder.reduce((sum, entry) => sum + (entry.confirmations - entry.confirmationIds) + (entry.staff - entry.staffIds), 0);
    assertions.push(
      check(
        'every existing order’s confirmation and staff mail received',
        lost.length === 0,
        lost.length ? lost.slice(0, 5).map((entry) => `#${entry.order.number} ${entry.confirmations}+${entry.staff}`).join(', ') : `${existing.length} orders`,
      ),
    );
    assertions.push(check('each mail once (one Message-ID per mail)', twice.length === 0, twice.length ? twice.slice(0, 5).map((entry) => `#${entry.order.number}`).join(', ') : `${mails.length} received`));
    assertions.push(
      check(
        'no mail delivered twice',
        counts.leaseRedeliveries === 0,
        counts.leaseRedeliveries === 0
          ? 'none'
          : `${counts.leaseRedeliveries} mail(s) accepted by SMTP from the killed process before it recorded them, sent again after the lease (same Message-ID): mail/job.ts's documented at-least-once case`,
      ),
    );
  } finally {
    if (first.alive()) await first.kill();
    if (second) {
      const stop = await second.stop();
      const errors = second.errorLines();
      assertions.push(check('restarted server ran throughout and stopped cleanly', stop.unexpected === null && stop.code === 0 && !stop.forced, stop.unexpected ?? `exit ${stop.code}`));
      assertions.push(check('no error-level log line after the restart', errors.length === 0, errors.length ? errors.slice(0, 2).join(' | ').slice(0, 400) : 'none'));
    }
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { name: `5. SIGKILL during a checkout burst (${database})`, assertions, counts, durationS: seconds(performance.now() - started) };
}
