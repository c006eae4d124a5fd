// @ts-check
/**
 * Starts and stops the real production server (`node apps/server/dist/main.js`) for the load test,
 * the way bench/lib/server.mjs does, but with the environment the load test needs: the per-visitor
 * limits left at their defaults (TRUST_PROXY, each shopper its own address), a local SMTP server,
 * the demo data set and, optionally, PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, HOST } from '../../../bench/lib/server.mjs';
import { sleep } from '../../../bench/lib/util.mjs';

export const ADMIN_EMAIL = 'load@example.fr';
export const ADMIN_PASSWORD = 'load-password-123';

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT = 256 * 1024;

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, ms: number, forced: boolean, unexpected: string | null }} StopResult
 * @typedef {{
 *   url: string,
 *   readyMs: number,
 *   output: () => string,
 *   alive: () => boolean,
 *   stop: () => Promise<StopResult>,
 * }} RunningServer
 */

/**
 * Spawns the server on a free port and waits for `GET /api/health` to answer 200.
 * @param {{ root: string, dataDir: string, smtpUrl: string, databaseUrl?: string | undefined, demoData: string }} options
 * @returns {Promise<RunningServer>}
 */
export async function startServer({ root, dataDir, smtpUrl, databaseUrl, demoData }) {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    // LOAD_SERVER_LOG_LEVEL=info (with LOAD_SERVER_LOG=<file>) keeps every request's log line.
    LOG_LEVEL: process.env.LOAD_SERVER_LOG_LEVEL || 'warn',
    NODE_ENV: 'production',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    DEMO_DATA: demoData,
    // Every shopper sends x-forwarded-for with an address of its own: the per-IP limits (orders,
    // unpaid orders, ticket lookups) apply to each one as to a real visitor behind a proxy.
    TRUST_PROXY: 'true',
    SMTP_URL: smtpUrl,
  };
  for (const name of [
    'DATABASE_URL',
    'PUBLIC_URL',
    'WEB_DIST_DIR',
    'REPAIR_VISITOR_LIMIT',
    'UNPAID_ORDERS_LIMIT',
    'ORDER_PENDING_TIMEOUT_MINUTES',
    'BANK_TRANSFER_HOLD_DAYS',
    'PICKUP_HOLD_DAYS',
    'REPAIRDESK_API_KEY',
    'MAIL_FROM',
  ]) {
    delete env[name];
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  let output = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  const tail = () => output.trim().split('\n').slice(-25).join('\n');

  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const logFile = process.env.LOAD_SERVER_LOG;
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }

  /** @type {{ code: number | null, signal: NodeJS.Signals | null, at: number } | null} */
  let exited = null;
  /** @type {Promise<void>} */
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal, at: performance.now() };
      resolve();
    });
  });
  /** @type {Error | null} */
  let spawnError = null;
  child.once('error', (error) => {
    spawnError = error;
  });

  /** @type {Promise<StopResult> | null} */
  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      const unexpected =
        exited === null ? null : `the server exited on its own (code ${exited.code}, signal ${exited.signal}):\n${tail()}`;
      const startedAt = performance.now();
      if (exited === null) child.kill('SIGTERM');
      let forced = false;
      const timeout = sleep(STOP_TIMEOUT_MS).then(() => 'timeout');
      if ((await Promise.race([exitPromise.then(() => 'exited'), timeout])) === 'timeout') {
        forced = true;
        child.kill('SIGKILL');
        await exitPromise;
      }
      const end = /** @type {{ code: number | null, signal: NodeJS.Signals | null, at: number }} */ (/** @type {unknown} */ (exited));
      return { code: end.code, signal: end.signal, ms: Math.max(0, Math.round(end.at - startedAt)), forced, unexpected };
    })();
    return stopping;
  };

  const deadline = spawnedAt + READY_TIMEOUT_MS;
  for (;;) {
    if (spawnError) throw new Error(`could not spawn the server: ${/** @type {Error} */ (spawnError).message}`);
    if (exited !== null) {
      const end = /** @type {{ code: number | null, signal: NodeJS.Signals | null }} */ (exited);
      throw new Error(`the server exited (code ${end.code}, signal ${end.signal}) before it was ready:\n${tail()}`);
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`GET /api/health did not answer 200 within ${READY_TIMEOUT_MS / 1000} s:\n${tail()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  return {
    url,
    readyMs: Math.round(performance.now() - spawnedAt),
    output: () => output,
    alive: () => exited === null,
    stop,
  };
}
