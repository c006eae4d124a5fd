// @ts-check
/**
 * What every fault scenario shares: assertions and their printing, waiting for a condition, the
 * SMTP sink behind a switchable port, and reading the staff API (outbox rows, order details with
 * payments).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../../bench/lib/server.mjs';
import { sleep } from '../../../bench/lib/util.mjs';
import { startSmtpSink } from '../../load/lib/smtp.mjs';
import { startTcpSwitch } from './tcp-switch.mjs';

/**
 * @typedef {{ name: string, ok: boolean, detail: string, defect?: string }} Assertion
 *   defect: the id of a known server defect this check shows (listed by the runner)
 * @typedef {{ id: string, title: string, reproduction: string }} KnownDefect
 * @typedef {{
 *   name: string, assertions: Assertion[], counts: Record<string, number | string>, durationS: number,
 *   error?: string, defects?: KnownDefect[],
 * }} ScenarioResult
 * @typedef {import('../../load/lib/smtp.mjs').SmtpSink} SmtpSink
 * @typedef {import('./tcp-switch.mjs').TcpSwitch} TcpSwitch
 */

/** @param {string} name @param {boolean} ok @param {string} detail @returns {Assertion} */
export const check = (name, ok, detail) => ({ name, ok, detail });

/** @param {number} ms */
export const seconds = (ms) => Math.round(ms / 100) / 10;

/**
 * Polls `probe` until it returns a truthy value or the time is up (then the last value).
 * @template T
 * @param {() => Promise<T>} probe
 * @param {number} timeoutMs
 * @param {number} [intervalMs]
 * @returns {Promise<{ value: T, ok: boolean, ms: number }>}
 */
export async function waitFor(probe, timeoutMs, intervalMs = 500) {
  const started = performance.now();
  for (;;) {
    /** @type {T} */
    let value;
    try {
      value = await probe();
    } catch {
      value = /** @type {T} */ (/** @type {unknown} */ (null));
    }
    if (value) return { value, ok: true, ms: Math.round(performance.now() - started) };
    if (performance.now() - started > timeoutMs) return { value, ok: false, ms: Math.round(performance.now() - started) };
    await sleep(intervalMs);
  }
}

/**
 * The load test's SMTP sink behind a switchable port: the server is given `url` (the switch's
 * port), which refuses connections while the switch is down.
 * @param {{ startUp: boolean }} options
 * @returns {Promise<{ sink: SmtpSink, gate: TcpSwitch, url: string, close: () => Promise<void> }>}
 */
export async function startGatedSmtp({ startUp }) {
  const sink = await startSmtpSink();
  const targetPort = Number(new URL(sink.url).port);
  const gate = await startTcpSwitch({ port: await freePort(), targetPort, startUp });
  return {
    sink,
    gate,
    url: `smtp://127.0.0.1:${gate.port}`,
    async close() {
      await gate.close();
      await sink.close();
    },
  };
}

/**
 * @typedef {{ id: number, kind: string, to: string, subject: string, status: string, attempts: number, lastError: string | null, sentAt: string | null }} OutboxRow
 */

/**
 * Every outbox row (newest first), optionally filtered by `q`.
 * @param {import('../../load/lib/admin.mjs').AdminApi} admin
 * @param {string} [q]
 * @returns {Promise<OutboxRow[]>}
 */
export async function outboxRows(admin, q) {
  const rows = await admin.all(`/api/admin/outbox${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: String(row.kind ?? ''),
    to: String(row.to ?? ''),
    subject: String(row.subject ?? ''),
    status: String(row.status ?? ''),
    attempts: Number(row.attempts),
    lastError: typeof row.lastError === 'string' ? row.lastError : null,
    sentAt: typeof row.sentAt === 'string' ? row.sentAt : null,
  }));
}

/**
 * The staff view of an order: status, paidAt, lines and payments.
 * @param {import('../../load/lib/admin.mjs').AdminApi} admin
 * @param {number} id
 */
export async function orderFacts(admin, id) {
  const body = await admin.get(`/api/admin/orders/${id}`);
  const data = /** @type {Record<string, any>} */ (body.data ?? {});
  return {
    status: String(data.status ?? ''),
    paidAt: data.paidAt ?? null,
    lines: /** @type {{ productId: number, quantity: number }[]} */ ((data.lines ?? []).map((/** @type {any} */ line) => ({ productId: Number(line.productId), quantity: Number(line.quantity) }))),
    payments: /** @type {{ id: number, provider: string, status: string, providerRef: string, amountCents: number }[]} */ (data.payments ?? []),
  };
}

/**
 * Mails received for one order: its confirmation to the buyer (« … commande n° N … ») and the
 * staff notification (« Nouvelle commande #N »), counted as received and by distinct Message-ID.
 * @param {import('../../load/lib/smtp.mjs').ParsedMail[]} mails
 * @param {{ number: string, email: string }} order
 */
export function orderMails(mails, order) {
  const confirmations = mails.filter((mail) => mail.envelopeTo.includes(order.email.toLowerCase()) && mail.subject.includes(`commande n° ${order.number} `));
  const staff = mails.filter((mail) => mail.subject === `Nouvelle commande #${order.number}`);
  return {
    confirmations: confirmations.length,
    confirmationIds: new Set(confirmations.map((mail) => mail.messageId)).size,
    staff: staff.length,
    staffIds: new Set(staff.map((mail) => mail.messageId)).size,
  };
}

/**
 * The French texts the server's source holds for `names` in `file` (`name: '…'` entries), so the
 * suite asserts the code's exact messages and notices when they change.
 * @param {string} root
 * @param {string} file
 * @param {string[]} names
 * @returns {Promise<Record<string, string>>}
 */
export async function sourceMessages(root, file, names) {
  const text = await readFile(path.join(root, file), 'utf8');
  /** @type {Record<string, string>} */
  const found = {};
  for (const name of names) {
    const match = new RegExp(`\\b${name}: '([^']+)'`).exec(text);
    if (!match?.[1]) throw new Error(`${file}: message ${name} not found (changed?)`);
    found[name] = match[1];
  }
  return found;
}
