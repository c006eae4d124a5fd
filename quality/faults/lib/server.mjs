// @ts-check
/**
 * The real production server (`node apps/server/dist/main.js`) for the fault suite. Same start-up
 * as quality/load/lib/server.mjs (its admin account, so quality/load/lib/admin.mjs logs in), plus
 * what faults need and the load test's helper lacks: extra environment (provider URLs and keys),
 * a fixed port (a restart on the same data dir keeps its address) and SIGKILL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, HOST } from '../../../bench/lib/server.mjs';
import { sleep } from '../../../bench/lib/util.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../load/lib/server.mjs';

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT = 512 * 1024;

/** Variables of the caller's environment that would change what is tested. */
const CLEARED = [
  'DATABASE_URL', 'PUBLIC_URL', 'WEB_DIST_DIR', 'REPAIR_VISITOR_LIMIT', 'UNPAID_ORDERS_LIMIT', 'ORDER_PENDING_TIMEOUT_MINUTES',
  'BANK_TRANSFER_HOLD_DAYS', 'PICKUP_HOLD_DAYS', 'REPAIRDESK_API_KEY', 'REPAIRDESK_BASE_URL', 'MAIL_FROM', 'SMTP_URL',
  'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'STRIPE_METHODS',
  'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_URL', 'COLISSIMO_ACCOUNT_NUMBER', 'COLISSIMO_PASSWORD', 'COLISSIMO_API_KEY',
];

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit
 * @typedef {{
 *   url: string, port: number, readyMs: number,
 *   output: () => string, errorLines: () => string[], alive: () => boolean, exit: () => Exit | null,
 *   stop: () => Promise<Exit & { forced: boolean, unexpected: string | null }>,
 *   kill: () => Promise<Exit>,
 * }} FaultServer
 */

/**
 * @param {{ root: string, dataDir: string, env?: Record<string, string>, port?: number, databaseUrl?: string | undefined, demoData?: string }} options
 * @returns {Promise<FaultServer>}
 */
export async function startServer({ root, dataDir, env: extra = {}, port: wanted, databaseUrl, demoData = 'demo' }) {
  const port = wanted ?? (await freePort());
  const url = `http://${HOST}:${port}`;
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env };
  for (const name of CLEARED) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.FAULTS_SERVER_LOG_LEVEL || 'warn',
    NODE_ENV: 'production',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    DEMO_DATA: demoData,
    TRUST_PROXY: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  });

  let output = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  const tail = () => output.trim().split('\n').slice(-25).join('\n');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  /** @type {Exit | null} */
  let exited = null;
  /** @type {Promise<Exit>} */
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  /** @type {Error | null} */
  let spawnError = null;
  child.once('error', (error) => {
    spawnError = error;
  });

  const kill = async () => {
    if (exited === null) child.kill('SIGKILL');
    return exitPromise;
  };
  const stop = async () => {
    const unexpected = exited === null ? null : `the server exited on its own (code ${/** @type {Exit} */ (exited).code}, signal ${/** @type {Exit} */ (exited).signal}):\n${tail()}`;
    let forced = false;
    if (exited === null) {
      child.kill('SIGTERM');
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
      });
      const outcome = await Promise.race([exitPromise.then(() => 'exited'), timeout]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        forced = true;
        child.kill('SIGKILL');
      }
    }
    const end = await exitPromise;
    return { ...end, forced, unexpected };
  };

  const deadline = spawnedAt + READY_TIMEOUT_MS;
  for (;;) {
    if (spawnError) throw new Error(`could not spawn the server: ${/** @type {Error} */ (spawnError).message}`);
    if (exited !== null) throw new Error(`the server exited (code ${/** @type {Exit} */ (exited).code}) before it was ready:\n${tail()}`);
    if (performance.now() > deadline) {
      await kill();
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
    port,
    readyMs: Math.round(performance.now() - spawnedAt),
    output: () => output,
    errorLines: () => output.split('\n').filter((line) => /"level":(50|60)/.test(line)),
    alive: () => exited === null,
    exit: () => exited,
    stop,
    kill,
  };
}
