#!/usr/bin/env node
// @ts-check
/**
 * `npm run test:load`: builds if needed, starts the real server (apps/server/dist/main.js) on a
 * fresh data dir with the demo data and a local SMTP server as its SMTP, then runs concurrent
 * simulated shoppers (browse, cart, checkout by bank transfer, tracking-page polling), each from
 * an address of its own. Afterwards it checks: no 5xx, no oversold stock, every order in the
 * staff API with its confirmation mail received. Prints p50/p95/p99 per request kind, writes
 * quality/load/results.json (results-short.json for the short form) and exits non-zero when an
 * assertion fails. See quality/load/README.md.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Cleanup, envNumber, errorMessage, sleep } from '../../bench/lib/util.mjs';
import { AdminApi, mapLimited } from './lib/admin.mjs';
import { answerAssertions, mailAssertions, orderAssertions, statusAssertions, stockAssertions, visitorLimitAssertions } from './lib/checks.mjs';
import { Anomalies, closeConnections } from './lib/client.mjs';
import { startServer } from './lib/server.mjs';
import { knownProductOf, runShopper, ticketListPath } from './lib/shopper.mjs';
import { startSmtpSink } from './lib/smtp.mjs';
import { Recorder } from './lib/stats.mjs';

/**
 * @typedef {import('./lib/checks.mjs').Assertion} Assertion
 * @typedef {import('./lib/shopper.mjs').World} World
 * @typedef {import('./lib/shopper.mjs').KnownProduct} KnownProduct
 * @typedef {import('./lib/stats.mjs').KindSummary} KindSummary
 */

const LOAD_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(LOAD_DIR, '../..');

const USAGE = `Usage: npm run test:load [-- --skip-build]

Environment:
  LOAD_SHORT=1            short form (20 shoppers, 10 s) for npm test
  LOAD_SHOPPERS           concurrent shoppers (default 200; short 20)
  LOAD_DURATION           seconds of load (default 60; short 10)
  LOAD_RAMP               seconds over which the shoppers arrive (default 10; short 2)
  LOAD_TRACKER_SHARE      share of shoppers keeping the tracking page open (default 0.3)
  LOAD_THINK_MS           mean pause between a shopper's requests, ms (default 300)
  LOAD_CHECKOUT_SHARE     chance a visit with a filled cart checks out (default 0.35)
  LOAD_HOT_PRODUCTS       products with stock 1-5 that many shoppers want (default 6)
  LOAD_MAIL_WAIT          seconds to wait for the outbox to drain (default 90; short 45)
  LOAD_DATABASE_URL       also run against this PostgreSQL database (throwaway: it is seeded and written)
  LOAD_SEED               seed of the shoppers' choices (default 1)`;

// The server's default (UNPAID_ORDERS_LIMIT is removed from its environment).
const UNPAID_LIMIT = 3;

/** @param {string} name @param {number} fallback */
function envShare(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`${name} must be a number between 0 and 1 (got "${raw}")`);
  return value;
}

/** @param {string} name @param {number} fallback */
function envNonNegative(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0 (got "${raw}")`);
  return value;
}

function readOptions() {
  let skipBuild = false;
  for (const arg of process.argv.slice(2)) {
    if (arg === '--skip-build') skipBuild = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`Unknown argument ${arg}\n\n${USAGE}`);
      process.exit(2);
    }
  }
  const short = ['1', 'true', 'yes'].includes(process.env.LOAD_SHORT ?? '');
  return {
    skipBuild,
    short,
    shoppers: Math.round(envNumber('LOAD_SHOPPERS', short ? 20 : 200)),
    durationS: envNumber('LOAD_DURATION', short ? 10 : 60),
    rampS: envNonNegative('LOAD_RAMP', short ? 2 : 10),
    trackerShare: envShare('LOAD_TRACKER_SHARE', 0.3),
    thinkMs: envNonNegative('LOAD_THINK_MS', 300),
    checkoutShare: envShare('LOAD_CHECKOUT_SHARE', 0.35),
    hotProducts: Math.round(envNonNegative('LOAD_HOT_PRODUCTS', 6)),
    mailWaitS: envNumber('LOAD_MAIL_WAIT', short ? 45 : 90),
    seed: Math.round(envNumber('LOAD_SEED', 1)),
    databaseUrl: process.env.LOAD_DATABASE_URL?.trim() || undefined,
  };
}

/** @typedef {ReturnType<typeof readOptions>} Options */

/** @param {number} ms */
const seconds = (ms) => Math.round(ms / 100) / 10;

/**
 * Public catalogue, every page: the shoppers' knowledge of the shop before the load.
 * @param {string} baseUrl
 */
async function readCatalogue(baseUrl) {
  /** @type {KnownProduct[]} */
  const products = [];
  /** @type {Set<string>} */
  const brands = new Set();
  for (let page = 1; page < 1000; page += 1) {
    const response = await fetch(`${baseUrl}/api/shop/products?page=${page}&per_page=100`, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`GET /api/shop/products page ${page}: ${response.status}`);
    const body = /** @type {{ data?: Record<string, unknown>[], total_pages?: number }} */ (await response.json());
    for (const item of body.data ?? []) {
      const product = knownProductOf(item);
      if (product) products.push(product);
      if (typeof item.brand === 'string' && item.brand) brands.add(item.brand.toLowerCase());
    }
    if (page >= (body.total_pages ?? 0)) break;
  }
  return { products, brands: [...brands] };
}

/**
 * Products with stock 1-5, few units first, spread over the stock levels.
 * @param {KnownProduct[]} products
 * @param {number} count
 */
function pickHotProducts(products, count) {
  const low = products.filter((product) => product.stock >= 1 && product.stock <= 5).sort((a, b) => a.stock - b.stock || a.id - b.id);
  /** @type {KnownProduct[]} */
  const chosen = [];
  // Round-robin over the stock levels 1..5 so that both a single unit and a few are contended.
  for (let round = 0; chosen.length < count && round < low.length; round += 1) {
    for (let level = 1; level <= 5 && chosen.length < count; level += 1) {
      const atLevel = low.filter((product) => product.stock === level);
      const product = atLevel[round];
      if (product) chosen.push(product);
    }
  }
  return chosen;
}

/**
 * One complete run against one database.
 * @param {Options} options
 * @param {'pglite' | 'postgres'} database
 * @param {Cleanup} cleanup
 */
async function runOnce(options, database, cleanup) {
  const label = database === 'pglite' ? 'PGlite (fresh data dir)' : 'PostgreSQL (LOAD_DATABASE_URL)';
  console.log(`\n=== Load test on ${label}: ${options.shoppers} shoppers, ${options.durationS} s ===`);
  const phases = /** @type {Record<string, number>} */ ({});
  const startedAt = performance.now();

  const smtp = await startSmtpSink();
  const releaseSmtp = cleanup.add('SMTP server', () => smtp.close());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'erepare-load-'));
  const releaseDir = cleanup.add('data dir', () => rm(dataDir, { recursive: true, force: true }));

  let phaseStart = performance.now();
  const server = await startServer({ root: ROOT, dataDir, smtpUrl: smtp.url, databaseUrl: database === 'postgres' ? options.databaseUrl : undefined, demoData: 'demo' });
  const releaseServer = cleanup.add('server', async () => {
    await server.stop();
  });
  phases.serverReadyS = seconds(server.readyMs);
  console.log(`server ready in ${phases.serverReadyS} s at ${server.url} (SMTP ${smtp.url})`);

  // ── before: what the shop holds ──
  phaseStart = performance.now();
  const admin = await AdminApi.login(server.url);
  const initialStock = await admin.productStocks();
  const ordersBefore = new Set((await admin.orders()).map((order) => order.id));
  const { products, brands } = await readCatalogue(server.url);
  const hot = pickHotProducts(products, options.hotProducts);
  /** @type {Map<number, number>} */
  const reservedBefore = new Map();
  for (const product of hot) reservedBefore.set(product.id, (await admin.product(product.id)).reservedQuantity);
  const ticketsResponse = await fetch(`${server.url}${ticketListPath(Date.now())}`, { signal: AbortSignal.timeout(30_000) });
  const ticketsBody = /** @type {{ data?: { ticket_number?: unknown }[] }} */ (await ticketsResponse.json().catch(() => ({})));
  const tickets = (ticketsBody.data ?? []).map((ticket) => ticket.ticket_number).filter((number) => typeof number === 'string');
  const gateways = /** @type {{ data?: { id?: unknown }[] }} */ (await (await fetch(`${server.url}/api/shop/payment-gateways`)).json());
  if (!(gateways.data ?? []).some((gateway) => gateway.id === 'bacs')) {
    throw new Error('the shop does not offer bank transfer (bacs): the store profile has no IBAN?');
  }
  if (products.length === 0) throw new Error('the public catalogue is empty: nothing to buy');
  const searchTerms = [...new Set([...brands.slice(0, 8), 'coque', 'chargeur', 'iphone', 'galaxy', 'câble', 'écouteurs', 'reconditionné'])];
  phases.prepareS = seconds(performance.now() - phaseStart);
  console.log(
    `catalogue: ${products.length} products for sale (${Math.ceil(products.length / 12)} pages), ${initialStock.size} in the inventory, ` +
      `${tickets.length} tickets in the 14-day list; contended: ${hot.map((product) => `#${product.id} (stock ${product.stock})`).join(', ') || 'none'}`,
  );

  // ── the load ──
  const recorder = new Recorder();
  const anomalies = new Anomalies();
  const durationMs = options.durationS * 1000;
  const loadStart = performance.now();
  recorder.origin = loadStart;
  /** @type {World} */
  const world = {
    baseUrl: server.url,
    recorder,
    anomalies,
    deadline: loadStart + durationMs,
    seed: options.seed,
    runId: `${Date.now().toString(36)}${randomInt(1000)}`,
    ipPrefix: `10.${randomInt(1, 255)}`,
    catalogue: { products, hot, totalPages: Math.ceil(products.length / 12), searchTerms },
    tickets,
    settings: {
      thinkMs: options.thinkMs,
      checkoutShare: options.checkoutShare,
      hotShare: 0.5,
      staleShare: 0.3,
      pollMs: 5_000,
      unpaidLimit: UNPAID_LIMIT,
      rampMs: Math.min(options.rampS, options.durationS / 2) * 1000,
      shoppers: options.shoppers,
    },
    orders: [],
    answerProblems: [],
    shoppers: [],
  };
  const trackers = Math.round(options.shoppers * options.trackerShare);
  // The hot products' stock, watched during the run through the staff API (never below 0).
  /** @type {Map<number, number>} */
  const monitorMinimum = new Map(hot.map((product) => [product.id, product.stock]));
  let monitoring = true;
  const monitor = (async () => {
    while (monitoring) {
      for (const product of hot) {
        try {
          const { stock } = await admin.product(product.id);
          monitorMinimum.set(product.id, Math.min(monitorMinimum.get(product.id) ?? stock, stock));
        } catch {
          // Read again next round; the final checks read every product.
        }
      }
      await sleep(2_000);
    }
  })();
  const progress = setInterval(() => {
    const elapsed = (performance.now() - loadStart) / 1000;
    console.log(`  ${Math.round(elapsed)} s: ${recorder.total()} requests, ${world.orders.length} orders, ${smtp.count()} mails received, ${anomalies.total()} unexpected answers`);
  }, 10_000);
  await Promise.all(Array.from({ length: options.shoppers }, (_, index) => runShopper(world, index, index < trackers)));
  const loadMs = performance.now() - loadStart;
  closeConnections();
  clearInterval(progress);
  monitoring = false;
  await monitor;
  phases.loadS = seconds(loadMs);
  const summary = recorder.summary(loadMs / 1000);
  console.log(`load done: ${summary.all.requests} requests in ${phases.loadS} s, ${world.orders.length} orders created`);

  // ── mails: wait for the outbox to drain ──
  phaseStart = performance.now();
  const mailDeadline = performance.now() + options.mailWaitS * 1000;
  /** @type {{ pending: number, sending: number, sent: number, failed: number } | null} */
  let outbox = null;
  let drained = false;
  const expectedMails = world.orders.length * 2;
  while (performance.now() < mailDeadline) {
    outbox = await admin.outboxCounts().catch(() => null);
    if (outbox && outbox.pending === 0 && outbox.sending === 0 && smtp.count() >= expectedMails) {
      drained = true;
      break;
    }
    await sleep(500);
  }
  // A last look: a mail sent twice would arrive right after the first.
  await sleep(500);
  phases.mailDrainS = seconds(performance.now() - phaseStart);
  console.log(`outbox ${drained ? 'drained' : 'NOT drained'} after ${phases.mailDrainS} s: ${smtp.count()} mails received (${expectedMails} expected)`);

  // ── read back and check ──
  phaseStart = performance.now();
  const ordersAfter = await admin.orders();
  const newOrders = ordersAfter.filter((order) => !ordersBefore.has(order.id));
  const details = new Map(
    await mapLimited(newOrders, 8, async (order) => /** @type {const} */ ([order.id, await admin.orderDetail(order.id)])),
  );
  const finalStock = await admin.productStocks();
  const touched = new Set([...hot.map((product) => product.id), ...world.orders.flatMap((order) => order.lines.map((line) => line.product_id))]);
  const reserved = new Map(await mapLimited([...touched], 8, async (id) => /** @type {const} */ ([id, await admin.product(id)])));
  for (const id of touched) if (!reservedBefore.has(id)) reservedBefore.set(id, 0);
  const mails = await smtp.parseAll();
  phases.checksS = seconds(performance.now() - phaseStart);

  const stopResult = await server.stop();
  releaseServer();
  await smtp.close();
  releaseSmtp();
  await rm(dataDir, { recursive: true, force: true });
  releaseDir();
  phases.totalS = seconds(performance.now() - startedAt);

  const stock = stockAssertions({ initial: initialStock, final: finalStock, created: world.orders, details, reserved, reservedBefore, monitorMinimum });
  const mail = mailAssertions({ created: world.orders, mails, outbox, drained });
  /** @type {Assertion[]} */
  const assertions = [
    ...statusAssertions(summary.statuses),
    ...answerAssertions(anomalies.counts, world.answerProblems),
    ...orderAssertions({ created: world.orders, before: ordersBefore, after: ordersAfter, details }),
    ...stock.assertions,
    ...visitorLimitAssertions({ shoppers: world.shoppers, unpaidLimit: UNPAID_LIMIT }),
    ...mail.assertions,
    {
      name: 'server ran throughout and stopped cleanly',
      ok: stopResult.unexpected === null && !stopResult.forced && stopResult.code === 0,
      detail: stopResult.unexpected ?? `exit code ${stopResult.code}${stopResult.signal ? `, signal ${stopResult.signal}` : ''} in ${stopResult.ms} ms${stopResult.forced ? ' (killed)' : ''}`,
    },
  ];
  const errorLines = server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));

  const orderAttempts = world.shoppers.reduce((sum, shopper) => sum + shopper.orderAttempts, 0);
  const stockRefusals = world.shoppers.reduce((sum, shopper) => sum + shopper.stockRefusals, 0);
  const errorsByStatus = Object.fromEntries(Object.entries(summary.statuses).filter(([status]) => !/^2\d\d$/.test(status)));
  return {
    database,
    label,
    settings: {
      shoppers: options.shoppers,
      durationS: options.durationS,
      rampS: Math.min(options.rampS, options.durationS / 2),
      trackers,
      thinkMs: options.thinkMs,
      checkoutShare: options.checkoutShare,
      unpaidOrdersLimit: UNPAID_LIMIT,
      seed: options.seed,
      machine: { cpus: os.cpus().length, node: process.version },
    },
    phases,
    throughput: { requests: summary.all.requests, perSecond: summary.all.perSecond, latencyMs: summary.all.latencyMs },
    kinds: summary.kinds,
    timeline: recorder.timeline(),
    statuses: summary.statuses,
    errorsByStatus,
    orders: {
      attempts: orderAttempts,
      created: world.orders.length,
      refusedForStock: stockRefusals,
      visitorsAtUnpaidLimit: world.shoppers.filter((shopper) => shopper.unpaidLimitHit).length,
      contended: hot.map((product) => {
        const line = stock.products.find((entry) => entry.id === product.id);
        return { id: product.id, name: product.name, initialStock: product.stock, sold: line?.sold ?? 0, finalStock: finalStock.get(product.id)?.stock ?? null, minimumSeen: monitorMinimum.get(product.id) ?? null };
      }),
    },
    mails: { received: mails.length, confirmations: mail.confirmations, staffNotifications: mail.notifications, outbox, drained },
    anomalies: { counts: Object.fromEntries(anomalies.counts), samples: anomalies.samples, answerProblems: world.answerProblems.slice(0, 20) },
    serverErrorLogLines: { count: errorLines.length, first: errorLines.slice(0, 5).map((line) => line.slice(0, 500)) },
    assertions,
    passed: assertions.every((assertion) => assertion.ok),
  };
}

/** @typedef {Awaited<ReturnType<typeof runOnce>>} RunResult */

/**
 * @param {(string | number)[][]} rows first row = header
 */
function table(rows) {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => (typeof cell === 'number' ? String(cell).padStart(widths[column] ?? 0) : String(cell).padEnd(widths[column] ?? 0))).join('  ');
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : line;
    })
    .join('\n');
}

/** @param {RunResult} run */
function printRun(run) {
  console.log(`\n--- ${run.label}: ${run.settings.shoppers} shoppers (${run.settings.trackers} tracking), ${run.phases.loadS} s, ${run.settings.machine.cpus} CPUs ---`);
  /** @param {KindSummary} kind */
  const row = (kind) => [
    kind.kind,
    kind.requests,
    kind.perSecond,
    kind.latencyMs.p50,
    kind.latencyMs.p95,
    kind.latencyMs.p99,
    kind.latencyMs.max,
    Object.entries(kind.statuses)
      .map(([status, count]) => `${status}:${count}`)
      .join(' '),
  ];
  const all = { kind: 'all', requests: run.throughput.requests, perSecond: run.throughput.perSecond, latencyMs: run.throughput.latencyMs, statuses: run.statuses };
  console.log(table([['request', 'count', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'statuses'], ...run.kinds.map(row), row(all)]));
  console.log(`\nlatency by 5 s window (sent in): ${run.timeline.map((window) => `${window.fromS}s ${window.requests} req p95 ${window.p95Ms} max ${window.maxMs}`).join(' | ')}`);
  console.log(
    `\norders: ${run.orders.created} created of ${run.orders.attempts} attempts, ${run.orders.refusedForStock} refused for stock, ` +
      `${run.orders.visitorsAtUnpaidLimit} visitors reached the unpaid-order limit`,
  );
  for (const product of run.orders.contended) {
    console.log(`  contended #${product.id} ${product.name}: stock ${product.initialStock} → ${product.finalStock} (${product.sold} ordered, lowest seen ${product.minimumSeen})`);
  }
  console.log(`mails: ${run.mails.received} received (${run.mails.confirmations} confirmations, ${run.mails.staffNotifications} staff notifications)`);
  console.log(`errors by status: ${Object.entries(run.errorsByStatus).map(([status, count]) => `${status}: ${count}`).join(', ') || 'none'}`);
  if (run.serverErrorLogLines.count > 0) console.log(`server error log lines: ${run.serverErrorLogLines.count}\n  ${run.serverErrorLogLines.first.join('\n  ')}`);
  for (const sample of run.anomalies.samples.slice(0, 15)) {
    console.log(`  unexpected: ${sample.kind} ${sample.status} ${sample.code} ${sample.path} ${sample.message}`);
  }
  console.log(`phases (s): ${Object.entries(run.phases).map(([name, value]) => `${name} ${value}`).join(', ')}`);
  console.log('\nchecks:');
  for (const assertion of run.assertions) console.log(`  ${assertion.ok ? 'ok  ' : 'FAIL'} ${assertion.name}: ${assertion.detail}`);
}

async function main() {
  let options;
  try {
    options = readOptions();
  } catch (error) {
    console.error(`${errorMessage(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  const cleanup = new Cleanup();
  const onSignal = () => {
    void cleanup.runAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const startedAt = performance.now();
  if (!options.skipBuild) {
    console.log('Build (node scripts/build.mjs)…');
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('the build failed: nothing measured');
      process.exit(2);
    }
  }
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) {
    console.error('apps/server/dist/main.js is missing: run without --skip-build');
    process.exit(2);
  }
  const buildS = seconds(performance.now() - startedAt);

  /** @type {RunResult[]} */
  const runs = [];
  let failed = false;
  try {
    for (const database of /** @type {const} */ (['pglite', 'postgres'])) {
      if (database === 'postgres' && !options.databaseUrl) continue;
      const run = await runOnce(options, database, cleanup);
      printRun(run);
      runs.push(run);
      if (!run.passed) failed = true;
    }
  } catch (error) {
    console.error(`\nthe load test could not run: ${errorMessage(error)}`);
    failed = true;
    process.exitCode = 2;
  } finally {
    await cleanup.runAll();
  }
  const resultsFile = path.join(LOAD_DIR, options.short ? 'results-short.json' : 'results.json');
  if (runs.length > 0) {
    const results = { date: new Date().toISOString(), form: options.short ? 'short' : 'full', buildS, totalS: seconds(performance.now() - startedAt), runs };
    await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nresults written to ${path.relative(ROOT, resultsFile)} (${seconds(performance.now() - startedAt)} s in all)`);
  }
  if (failed) {
    if (process.exitCode !== 2) process.exitCode = 1;
    console.error('\nLOAD TEST FAILED');
  } else {
    console.log('\nload test passed');
  }
}

await main();
