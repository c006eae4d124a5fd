#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`: builds, starts the real server on a fresh data dir, measures start-up, the API
 * under load (autocannon) and the pages (Lighthouse mobile, JavaScript per route), prints one table
 * of figure | budget | measured | status and writes bench/results.json. Exits non-zero when a
 * budget is missed or a phase fails. See docs/bench.md.
 *
 * Flags: --skip-build (measure the current dist). Env: BENCH_DURATION (s, default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_LIGHTHOUSE_RUNS (default 3).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CEILING, ENDPOINTS, SERVER_TIME_PROBES } from './endpoints.mjs';
import { PAGES } from './pages.mjs';
import { figure, figuresTable, formatValue, table } from './lib/report.mjs';
import { startServer } from './lib/server.mjs';
import { Cleanup, envNumber, errorMessage } from './lib/util.mjs';

/**
 * @typedef {import('./lib/report.mjs').Figure} Figure
 * @typedef {import('./lib/server.mjs').RunningServer} RunningServer
 * @typedef {import('./lib/server.mjs').StopResult} StopResult
 * @typedef {import('./endpoints.mjs').Endpoint} Endpoint
 * @typedef {import('./pages.mjs').Page} Page
 */

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_FILE = path.join(BENCH_DIR, 'results.json');
const REPORTS_DIR = path.join(BENCH_DIR, '.tmp');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const WEB_SHELL = path.join(ROOT, 'apps/web/build/server/index.js');

const SERVER_READY_BUDGET_MS = 3000;
const SERVER_STOP_BUDGET_MS = 10_000;

const USAGE = `Usage: npm run bench [-- --skip-build]

  --skip-build   measure the current build (apps/server/dist, apps/web/build) without rebuilding

Environment: BENCH_DURATION (seconds per endpoint, default 10), BENCH_CONNECTIONS (default 50),
BENCH_LIGHTHOUSE_RUNS (Lighthouse runs per page, median kept, default 3).`;

/** @param {string[]} argv */
function parseArgs(argv) {
  let skipBuild = false;
  for (const arg of argv) {
    if (arg === '--skip-build') skipBuild = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`Unknown argument ${arg}\n\n${USAGE}`);
      process.exit(2);
    }
  }
  return { skipBuild };
}

/** @param {string} line */
const log = (line) => console.log(line);

/** `npm run build` at the root (its script, on this process's Node); resolves with its duration. */
async function build() {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--force'], { cwd: ROOT, stdio: 'inherit' });
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) {
    throw new Error(`npm run build failed (exit code ${code}); fix the build, or measure the current dist with --skip-build`);
  }
  return Math.round(performance.now() - startedAt);
}

/**
 * @param {string} name
 * @param {StopResult} stop
 */
function stopFigure(name, stop) {
  if (stop.unexpected) {
    return figure({ name, measured: null, unit: 'ms', budget: { op: '<', value: SERVER_STOP_BUDGET_MS }, display: 'exited early' });
  }
  return figure({
    name,
    measured: stop.ms,
    unit: 'ms',
    budget: { op: '<', value: SERVER_STOP_BUDGET_MS },
    ok: stop.code === 0 && !stop.forced && stop.ms < SERVER_STOP_BUDGET_MS,
    display: stop.forced
      ? `no exit after ${SERVER_STOP_BUDGET_MS / 1000} s, killed`
      : `${formatValue(stop.ms, 'ms')}, exit ${stop.code ?? stop.signal}`,
  });
}

/**
 * @param {Endpoint} endpoint
 * @param {import('./lib/load.mjs').EndpointResult | null} result
 * @param {boolean} isCeiling
 * @returns {Figure[]}
 */
function endpointFigures(endpoint, result, isCeiling) {
  const budget = endpoint.budget ?? {};
  const ratioText =
    result === null ? '' : isCeiling ? ' (ceiling)' : result.ratioToCeiling === null ? '' : ` (${formatValue(result.ratioToCeiling, 'ratio')} of ceiling)`;
  /** @type {Figure[]} */
  const figures = [
    figure({
      name: `${endpoint.name}: throughput`,
      measured: result?.requestsPerSecond ?? null,
      unit: 'req/s',
      budget: budget.minRps === undefined ? null : { op: '>=', value: budget.minRps },
      ...(result ? { display: `${formatValue(result.requestsPerSecond, 'req/s')}${ratioText}` } : {}),
    }),
  ];
  if (budget.minRatio !== undefined) {
    figures.push(
      figure({
        name: `${endpoint.name}: throughput / ceiling`,
        measured: result?.ratioToCeiling ?? null,
        unit: 'ratio',
        budget: { op: '>=', value: budget.minRatio },
      }),
    );
  }
  figures.push(
    figure({
      name: `${endpoint.name}: latency p50 / p97.5 / p99`,
      measured: result?.latencyMs.p99 ?? null,
      unit: 'ms',
      budget: budget.maxP99Ms === undefined ? null : { op: '<=', value: budget.maxP99Ms },
      ...(result ? { display: `${result.latencyMs.p50} / ${result.latencyMs.p97_5} / ${result.latencyMs.p99} ms` } : {}),
    }),
    // A run that got errors or non-2xx answers measured something else than the endpoint.
    figure({
      name: `${endpoint.name}: non-2xx + errors`,
      measured: result ? result.non2xx + result.errors : null,
      unit: 'count',
      budget: { op: '=', value: 0 },
      ...(result ? { display: `${result.non2xx} + ${result.errors}` } : {}),
    }),
  );
  return figures;
}

/**
 * @param {Page} page
 * @param {import('./lib/lighthouse.mjs').LighthouseFigures | null} lh
 * @param {import('./lib/js-size.mjs').JsSize | null} js
 * @param {Set<string> | null} homeScripts scripts the home page loads (null when not measured)
 * @param {Set<string> | null} shellScripts scripts the shell page loads (null when not measured)
 * @returns {Figure[]}
 */
function pageFigures(page, lh, js, homeScripts, shellScripts) {
  const budget = page.budget ?? {};
  /**
   * @param {string} label
   * @param {number | null} measured
   * @param {import('./lib/report.mjs').Unit} unit
   * @param {number | undefined} limit
   * @param {'>=' | '<='} op
   */
  const one = (label, measured, unit, limit, op) =>
    figure({ name: `${page.name} (${page.path}): ${label}`, measured, unit, budget: limit === undefined ? null : { op, value: limit } });
  /** @param {Set<string> | null} base */
  const beyond = (base) => (js && base ? js.scripts.filter((script) => !base.has(script.url)).reduce((sum, script) => sum + script.gzipBytes, 0) / 1000 : null);
  if (page.lighthouse === false) return [one('JavaScript (gzip)', js ? js.gzipBytes / 1000 : null, 'kB', budget.jsGzipKb, '<=')];
  return [
    one('Lighthouse performance', lh?.performance ?? null, 'score', budget.performance, '>='),
    one('LCP', lh?.lcpMs ?? null, 'ms', budget.lcpMs, '<='),
    one('TBT', lh?.tbtMs ?? null, 'ms', budget.tbtMs, '<='),
    one('CLS', lh?.cls ?? null, '', budget.cls, '<='),
    one('Lighthouse accessibility', lh?.accessibility ?? null, 'score', budget.accessibility, '>='),
    one('Lighthouse best practices', lh?.bestPractices ?? null, 'score', budget.bestPractices, '>='),
    one('Lighthouse SEO', lh?.seo ?? null, 'score', budget.seo, '>='),
    one('machine speed during the runs (Lighthouse benchmarkIndex)', typeof lh?.benchmarkIndex === 'number' ? Math.round(lh.benchmarkIndex) : null, '', undefined, '>='),
    one('JavaScript (gzip)', js ? js.gzipBytes / 1000 : null, 'kB', budget.jsGzipKb, '<='),
    page.path === '/'
      ? one('route JavaScript beyond the shell’s (gzip)', beyond(shellScripts), 'kB', budget.routeJsGzipKb, '<=')
      : one('route JavaScript beyond the home page’s (gzip)', beyond(homeScripts), 'kB', budget.routeJsGzipKb, '<='),
  ];
}

/**
 * Fails fast, before any browser starts, when the pages cannot be measured.
 * @param {string} baseUrl
 * @param {Page} page
 * @param {string} dataDir the server's data directory (its mail outbox)
 */
async function checkPage(baseUrl, page, dataDir) {
  if (page.resolve) page.path = await page.resolve(baseUrl, { dataDir });
  const response = await fetch(`${baseUrl}${page.path}`, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html')) {
    throw new Error(`${page.path} answered ${response.status} (${type}): ${text.slice(0, 120).trim()}`);
  }
}

async function main() {
  const { skipBuild } = parseArgs(process.argv.slice(2));
  const durationS = envNumber('BENCH_DURATION', 10);
  const connections = Math.round(envNumber('BENCH_CONNECTIONS', 50));
  const lighthouseRuns = Math.round(envNumber('BENCH_LIGHTHOUSE_RUNS', 3));

  const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
  if ((loadAverage[0] ?? 0) > os.cpus().length / 2) {
    log(`Warning: the machine is busy (load average ${loadAverage.join(' ')} on ${os.cpus().length} CPUs); figures will be noisy.`);
  }

  const cleanup = new Cleanup();
  let interrupted = false;
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and browsers…`);
    void cleanup.runAll().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  /** @type {Figure[]} */
  const figures = [];
  /** @type {unknown[]} */
  const endpointResults = [];
  /** @type {unknown[]} */
  const pageResults = [];
  /** @type {Array<{ phase: string, message: string }>} */
  const errors = [];
  /** @param {string} phase @param {unknown} error */
  const fail = (phase, error) => {
    errors.push({ phase, message: errorMessage(error) });
    console.error(`\n[${phase}] ${errorMessage(error)}`);
  };

  /** @type {RunningServer | null} */
  let server = null;
  let releaseServer = () => {};
  let dataDir = '';
  try {
    // 1. Build.
    if (skipBuild) {
      log('Build skipped (--skip-build): measuring the current dist.');
    } else {
      log('Building (npm run build)…');
      const buildMs = await build();
      figures.push(figure({ name: 'build (npm run build)', measured: buildMs, unit: 'ms' }));
    }
    if (!existsSync(SERVER_ENTRY)) {
      throw new Error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run npm run build (or drop --skip-build)`);
    }

    // 2. Start-up: fresh data dir (create, migrate, seed), stop, then again on the same data dir.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'erepare-bench-'));
    const removeDir = dataDir;
    cleanup.add('temporary data dir', () => rm(removeDir, { recursive: true, force: true }));

    log('\nStarting the server on a fresh data dir…');
    server = await startServer({ root: ROOT, dataDir });
    releaseServer = cleanup.add('server', async () => void (await server?.stop()));
    figures.push(figure({ name: 'server ready, fresh data dir (large data set loaded)', measured: server.readyMs, unit: 'ms' }));
    log(`  ready in ${server.readyMs} ms (server's own figure: ${server.selfReportedMs ?? '?'} ms)`);
    const firstStop = await server.stop();
    releaseServer();
    server = null;
    if (firstStop.unexpected) fail('server', firstStop.unexpected);
    figures.push(stopFigure('server stop on SIGTERM (exit 0)', firstStop));
    if (firstStop.code !== 0 || firstStop.forced) {
      throw new Error(`the server did not stop cleanly on SIGTERM (exit ${firstStop.code ?? firstStop.signal})`);
    }

    log('Starting it again on the same data dir…');
    server = await startServer({ root: ROOT, dataDir });
    releaseServer = cleanup.add('server', async () => void (await server?.stop()));
    figures.push(
      figure({
        name: 'server ready, existing data dir',
        measured: server.readyMs,
        unit: 'ms',
        budget: { op: '<', value: SERVER_READY_BUDGET_MS },
      }),
    );
    log(`  ready in ${server.readyMs} ms (server's own figure: ${server.selfReportedMs ?? '?'} ms) at ${server.url}`);
    const baseUrl = server.url;

    // 3. API under load.
    log(`\nLoad (autocannon, ${connections} connections, ${durationS} s per endpoint):`);
    try {
      const { runLoad } = await import('./lib/load.mjs');
      const endpoints = await Promise.all(
        ENDPOINTS.map(async (endpoint) => (endpoint.resolve ? { ...endpoint, path: await endpoint.resolve(baseUrl) } : endpoint)),
      );
      const outcomes = await runLoad({ baseUrl, ceiling: CEILING, endpoints, durationS, connections, log });
      for (const [index, { endpoint, result, error }] of outcomes.entries()) {
        if (error) fail(`load ${endpoint.name}`, error);
        figures.push(...endpointFigures(endpoint, result, index === 0));
        endpointResults.push({ name: endpoint.name, path: endpoint.path, budget: endpoint.budget ?? null, ...result, error });
      }
      const measured = outcomes.flatMap(({ result }) => (result ? [result] : []));
      if (measured.length) {
        log(
          `\n${table(
            [
              ['endpoint', 'req/s', 'vs ceiling', 'p50', 'p97.5', 'p99', 'non-2xx', 'errors'],
              ...measured.map((r) => [
                `${r.method} ${r.path}`,
                formatValue(r.requestsPerSecond, 'count'),
                r.ratioToCeiling === null ? '-' : formatValue(r.ratioToCeiling, 'ratio'),
                `${r.latencyMs.p50} ms`,
                `${r.latencyMs.p97_5} ms`,
                `${r.latencyMs.p99} ms`,
                String(r.non2xx),
                String(r.errors),
              ]),
            ],
            ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
          )}`,
        );
      }
    } catch (error) {
      fail('load', error);
      figures.push(...[CEILING, ...ENDPOINTS].flatMap((endpoint, index) => endpointFigures(endpoint, null, index === 0)));
    }

    // 3b. Server time of single requests (Server-Timing header), for the p95 budgets.
    log('\nSequential requests (server time from the Server-Timing header, or the whole round trip):');
    const { measureServerTime } = await import('./lib/server-time.mjs');
    for (const probe of SERVER_TIME_PROBES) {
      try {
        const result = await measureServerTime(baseUrl, probe);
        log(`  ${probe.name}: p50 ${result.p50} ms, p95 ${result.p95} ms, max ${result.max} ms (${result.requests} requests)`);
        figures.push(figure({ name: `${probe.name}: ${probe.measure === 'round-trip' ? 'round trip' : 'server time'} p95`, measured: result.p95, unit: 'ms', budget: { op: '<', value: probe.budgetP95Ms } }));
      } catch (error) {
        fail(`server time ${probe.name}`, error);
        figures.push(figure({ name: `${probe.name}: ${probe.measure === 'round-trip' ? 'round trip' : 'server time'} p95`, measured: null, unit: 'ms', budget: { op: '<', value: probe.budgetP95Ms } }));
      }
    }

    // 4 and 5. Pages: Lighthouse (mobile), then JavaScript per route.
    log(`\nPages (Lighthouse mobile, ${lighthouseRuns} run(s) each; JavaScript per route):`);
    // BENCH_PAGES=booking,estimate measures only those pages (and the shell and home page, which the
    // route JavaScript figures compare with): a quick check of a page being worked on.
    const wanted = (process.env.BENCH_PAGES ?? '').split(',').map((name) => name.trim()).filter(Boolean);
    const measured = wanted.length ? PAGES.filter((page) => page.name === 'shell' || page.name === 'home' || wanted.includes(page.name)) : PAGES;
    /** @type {Map<Page, { lh: import('./lib/lighthouse.mjs').LighthouseFigures | null, js: import('./lib/js-size.mjs').JsSize | null, errors: string[] }>} */
    const pages = new Map(measured.map((page) => [page, { lh: null, js: null, errors: [] }]));
    try {
      if (!existsSync(WEB_SHELL)) {
        throw new Error(
          `the web app is not built (${path.relative(ROOT, WEB_SHELL)} is missing), so no page can be measured: build it (npm run build) and rerun`,
        );
      }
      const { assertChromium } = await import('./lib/chromium.mjs');
      assertChromium();
      /** @type {Page[]} */
      const reachable = [];
      for (const [page, entry] of pages) {
        try {
          await checkPage(baseUrl, page, dataDir);
          reachable.push(page);
        } catch (error) {
          entry.errors.push(errorMessage(error));
          fail(`page ${page.name}`, error);
        }
      }
      if (reachable.length) {
        const { runLighthouse } = await import('./lib/lighthouse.mjs');
        for (const page of reachable) {
          if (page.lighthouse === false) continue;
          const entry = /** @type {NonNullable<ReturnType<typeof pages.get>>} */ (pages.get(page));
          log(`  ${page.name} (${page.path}): Lighthouse…`);
          try {
            const reportPath = path.join(REPORTS_DIR, `lighthouse-${page.name.replace(/[^a-z0-9-]+/gi, '-')}.html`);
            entry.lh = await runLighthouse({ url: `${baseUrl}${page.path}`, runs: lighthouseRuns, cleanup, reportPath });
            log(`    report: ${path.relative(ROOT, reportPath)}`);
          } catch (error) {
            entry.errors.push(errorMessage(error));
            fail(`lighthouse ${page.name}`, error);
          }
        }
        log('  JavaScript per route (Playwright)…');
        const { measureJs } = await import('./lib/js-size.mjs');
        const sizes = await measureJs({ urls: reachable.map((page) => `${baseUrl}${page.path}`), cleanup });
        for (const page of reachable) {
          const entry = /** @type {NonNullable<ReturnType<typeof pages.get>>} */ (pages.get(page));
          const size = sizes.get(`${baseUrl}${page.path}`);
          if (size instanceof Error || size === undefined) {
            const error = size ?? new Error('not measured');
            entry.errors.push(error.message);
            fail(`javascript ${page.name}`, error);
          } else {
            entry.js = size;
          }
        }
      }
    } catch (error) {
      fail('pages', error);
    } finally {
      const home = [...pages].find(([page]) => page.path === '/')?.[1].js;
      const homeScripts = home ? new Set(home.scripts.map((script) => script.url)) : null;
      const shell = [...pages].find(([page]) => page.name === 'shell')?.[1].js;
      const shellScripts = shell ? new Set(shell.scripts.map((script) => script.url)) : null;
      for (const [page, entry] of pages) {
        figures.push(...pageFigures(page, entry.lh, entry.js, homeScripts, shellScripts));
        pageResults.push({
          name: page.name,
          path: page.path,
          budget: page.budget ?? null,
          lighthouse: entry.lh,
          javascript: entry.js && {
            gzipBytes: entry.js.gzipBytes,
            bytes: entry.js.bytes,
            scripts: entry.js.scripts.map((script) => ({ ...script, url: script.url.replace(baseUrl, '') })),
          },
          errors: entry.errors,
        });
      }
    }
  } catch (error) {
    fail('bench', error);
  } finally {
    if (server) {
      const lastStop = await server.stop();
      releaseServer();
      if (lastStop.unexpected) fail('server', lastStop.unexpected);
      figures.push(stopFigure('server stop on SIGTERM after the bench (exit 0)', lastStop));
    }
    await cleanup.runAll();
  }

  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      os: `${os.type()} ${os.release()}`,
      loadAverageAtStart: loadAverage,
    },
    settings: { skipBuild, durationS, connections, lighthouseRuns },
    figures,
    endpoints: endpointResults,
    pages: pageResults,
    errors,
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);

  const failed = figures.filter((fig) => fig.ok === false);
  log(figures.length ? `\n${figuresTable(figures)}\n` : '\nNo figure was measured.\n');
  if (errors.length) {
    log('Problems:');
    for (const { phase, message } of errors) log(`  - [${phase}] ${message.split('\n').join('\n    ')}`);
    log('');
  }
  log(`Results written to ${path.relative(ROOT, RESULTS_FILE)}.`);
  if (failed.length || errors.length) {
    log(`${failed.length} figure(s) missed their budget or could not be measured; ${errors.length} problem(s).`);
    process.exitCode = 1;
  } else {
    log('Every budget is met.');
  }
}

await main();
