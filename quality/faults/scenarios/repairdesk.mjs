// @ts-check
/**
 * Scenario 1: the RepairDesk backend fails. The server runs with REPAIRDESK_API_KEY and
 * REPAIRDESK_BASE_URL pointing at a switchable port in front of the RepairDesk fake; the fake's
 * own controls answer 5xx, 429 with Retry-After and late answers, the switch closes the port
 * (RepairDesk down) and opens it again. The public tracking API (/api/repairdesk/tickets/:ticket
 * and the 14-day list) must answer a clean JSON error with the adapter's French message within a
 * bounded time (never hang, never 500), the server must keep answering other requests, and the
 * lookups must work again once RepairDesk is back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../../bench/lib/server.mjs';
import { check, seconds, sourceMessages } from '../lib/common.mjs';
import { startServer } from '../lib/server.mjs';
import { requestJson } from '../lib/shop.mjs';
import { startTcpSwitch } from '../lib/tcp-switch.mjs';

/**
 * @typedef {import('../lib/common.mjs').Assertion} Assertion
 * @typedef {import('../lib/common.mjs').ScenarioResult} ScenarioResult
 * @typedef {import('../lib/fakes.mjs').Fakes} Fakes
 * @typedef {import('../lib/shop.mjs').JsonAnswer} JsonAnswer
 */

/**
 * @param {{ root: string, fakes: Fakes, short: boolean }} context
 * @returns {Promise<ScenarioResult>}
 */
export async function repairdeskScenario({ root, fakes, short }) {
  const started = performance.now();
  /** @type {Assertion[]} */
  const assertions = [];
  // The adapter's French messages, read from its source (repairDeskMessages): asserted verbatim.
  const text = /** @type {{ timeout: string, unavailable: string, rateLimited: string }} */ (
    await sourceMessages(root, 'apps/server/src/adapters/repair/repairdesk/transport.ts', ['timeout', 'unavailable', 'rateLimited'])
  );
  const fakePort = Number(new URL(fakes.repairdesk.url).port);
  const gate = await startTcpSwitch({ port: await freePort(), targetPort: fakePort });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'erepare-faults-rd-'));
  const server = await startServer({
    root,
    dataDir,
    demoData: 'none',
    env: { REPAIRDESK_API_KEY: fakes.repairdesk.apiKey, REPAIRDESK_BASE_URL: fakes.repairdesk.url.replace(`:${fakePort}/`, `:${gate.port}/`) },
  });
  const rd = (/** @type {string} */ method, /** @type {unknown[]} */ ...args) => fakes.call('repairdesk', `controls.${method}`, ...args);
  const upstream = async () => Number(await fakes.call('repairdesk', 'count'));
  let ip = 0;
  const nextIp = () => `10.61.0.${(ip += 1)}`;
  // Each list request asks another page size: never served from the server's 15 s list cache.
  let listSize = 20;
  const lookup = (/** @type {string} */ ticket) => requestJson(`${server.url}/api/repairdesk/tickets/${ticket}`, { ip: nextIp(), timeoutMs: 40_000 });
  const list = () => requestJson(`${server.url}/api/repairdesk/tickets?page=1&pagesize=${(listSize += 1)}&filter=0`, { ip: nextIp(), timeoutMs: 40_000 });
  const counts = { lookups: 0, upstreamRequests: 0, faultsInjected: 0, retriesSeen: 0 };
  /** @type {number[]} */
  const healthMs = [];

  /**
   * A fault answer: the status and code expected, the French message, JSON, within maxMs.
   * @param {string} label @param {JsonAnswer} answer @param {{ status: number, code: string, message: string, maxMs: number }} want
   */
  const expectError = (label, answer, want) => {
    counts.lookups += 1;
    const ok = answer.status === want.status && answer.body.code === want.code && answer.body.message === want.message && answer.body.success === false && answer.ms <= want.maxMs;
    assertions.push(
      check(
        `${label}: ${want.status} ${want.code} « ${want.message} » within ${want.maxMs / 1000} s`,
        ok,
        `${answer.status} ${answer.body.code ?? ''} « ${answer.body.message ?? answer.error ?? ''} » in ${answer.ms} ms`,
      ),
    );
  };
  /** @param {string} label @param {JsonAnswer} answer @param {number} maxMs */
  const expectOk = (label, answer, maxMs) => {
    counts.lookups += 1;
    const ok = answer.status === 200 && answer.body.success === true && answer.ms <= maxMs;
    assertions.push(check(`${label}: 200 within ${maxMs / 1000} s`, ok, `${answer.status} ${answer.body.code ?? ''} ${answer.body.message ?? answer.error ?? ''} in ${answer.ms} ms`));
  };
  /** The server answers other requests while RepairDesk is failing. */
  const healthDuring = async () => {
    const answer = await requestJson(`${server.url}/api/health`, { timeoutMs: 5_000 });
    healthMs.push(answer.status === 200 ? answer.ms : 99_999);
  };

  try {
    // ── normal: the three tickets answer ──
    expectOk('RepairDesk up: lookup T-4521', await lookup('T-4521'), 5_000);
    expectOk('RepairDesk up: 14-day list', await list(), 5_000);

    // ── 5xx: 3 attempts (1 s, 2 s apart), then 503 « Service temporairement indisponible » ──
    let before = await upstream();
    await rd('failNext', 99, 500);
    counts.faultsInjected += 1;
    const [failedLookup] = await Promise.all([lookup('T-4521'), healthDuring()]);
    expectError('RepairDesk 500: lookup', failedLookup, { status: 503, code: 'REPAIR_UNAVAILABLE', message: text.unavailable, maxMs: 8_000 });
    const attempts5xx = (await upstream()) - before;
    counts.retriesSeen += Math.max(0, attempts5xx - 1);
    assertions.push(check('RepairDesk 500: the adapter tried 3 times, no more', attempts5xx === 3, `${attempts5xx} requests reached RepairDesk`));
    if (!short) {
      await rd('failNext', 99, 502);
      expectError('RepairDesk 502: 14-day list', await list(), { status: 503, code: 'REPAIR_UNAVAILABLE', message: text.unavailable, maxMs: 8_000 });
    }
    await rd('reset');
    expectOk('RepairDesk back after 5xx: lookup', await lookup('T-4521'), 5_000);

    // ── 429 with a short Retry-After: waited for, then answered ──
    before = await upstream();
    await rd('rateLimitNext', 1, 2);
    counts.faultsInjected += 1;
    const throttled = await lookup('T-4522');
    const attempts429 = (await upstream()) - before;
    counts.retriesSeen += Math.max(0, attempts429 - 1);
    expectOk('RepairDesk 429 (Retry-After: 2): lookup answered after the wait', throttled, 10_000);
    assertions.push(check('RepairDesk 429 (Retry-After: 2): Retry-After honoured', throttled.ms >= 1_900, `answered in ${throttled.ms} ms, ${attempts429} requests`));
    // ── 429 with a Retry-After beyond the adapter's limit (60 s): gives up at once ──
    await rd('rateLimitNext', 99, 120);
    counts.faultsInjected += 1;
    expectError('RepairDesk 429 (Retry-After: 120): lookup', await lookup('T-4521'), { status: 503, code: 'REPAIR_RATE_LIMITED', message: text.rateLimited, maxMs: 3_000 });
    await rd('reset');

    // ── an answer later than the adapter's 10 s timeout: 504 « Requête interrompue… » ──
    await rd('delayNext', 1, 14_000);
    counts.faultsInjected += 1;
    const [slow] = await Promise.all([lookup('T-4521'), (async () => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await healthDuring();
    })()]);
    expectError('RepairDesk silent (14 s): lookup', slow, { status: 504, code: 'REPAIR_TIMEOUT', message: text.timeout, maxMs: 13_000 });
    await rd('reset');

    // ── RepairDesk down (its port closed), then back ──
    await gate.down();
    counts.faultsInjected += 1;
    const [downLookup] = await Promise.all([lookup('T-4521'), healthDuring()]);
    expectError('RepairDesk down (port closed): lookup', downLookup, { status: 503, code: 'REPAIR_UNAVAILABLE', message: text.unavailable, maxMs: 8_000 });
    if (!short) expectError('RepairDesk down (port closed): 14-day list', await list(), { status: 503, code: 'REPAIR_UNAVAILABLE', message: text.unavailable, maxMs: 8_000 });
    // A lookup in flight when RepairDesk goes down: the first attempt's connection is reset.
    await rd('delayNext', 1, 2_000);
    const inFlight = lookup('T-4523');
    await gate.up();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await gate.down();
    expectError('RepairDesk goes down mid-request: lookup', await inFlight, { status: 503, code: 'REPAIR_UNAVAILABLE', message: text.unavailable, maxMs: 10_000 });
    await rd('reset');
    await gate.up();
    expectOk('RepairDesk back up: lookup T-4521', await lookup('T-4521'), 5_000);
    expectOk('RepairDesk back up: lookup T-4523', await lookup('T-4523'), 5_000);
    expectOk('RepairDesk back up: 14-day list', await list(), 5_000);

    const slowest = Math.max(...healthMs);
    assertions.push(check('server answered /api/health meanwhile (< 2 s)', slowest < 2_000, `${healthMs.length} probes, slowest ${slowest} ms`));
    counts.upstreamRequests = await upstream();
  } finally {
    const stop = await server.stop();
    // The error handler logs every 5xx answer at error level: the RepairDesk failures are expected
    // there; anything else (a crash, a 500 of another kind) is not.
    const errors = server.errorLines().filter((line) => !line.includes('"type":"RepairBackendError"'));
    assertions.push(check('server ran throughout and stopped cleanly', stop.unexpected === null && stop.code === 0 && !stop.forced, stop.unexpected ?? `exit ${stop.code}`));
    assertions.push(check('no error-level log line other than the RepairDesk failures', errors.length === 0, errors.length ? errors.slice(0, 2).join(' | ').slice(0, 400) : 'none'));
    await gate.close();
    await rd('reset').catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
  return { name: '1. RepairDesk 5xx / 429 / timeout / down', assertions, counts, durationS: seconds(performance.now() - started) };
}
