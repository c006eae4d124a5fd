// @ts-check
/** Starts and stops the real production server (`node apps/server/dist/main.js`) for the bench. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sleep } from './util.mjs';

export const HOST = '127.0.0.1';
export const ADMIN_EMAIL = 'bench@example.fr';
export const ADMIN_PASSWORD = 'bench-password-123';

const READY_TIMEOUT_MS = 60_000;
const POLL_INTERVAL_MS = 10;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 512 * 1024;

/**
 * A free TCP port: listen on port 0, read the port the system chose, release it.
 * @returns {Promise<number>}
 */
export async function freePort() {
  const probe = net.createServer();
  probe.listen(0, HOST);
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

/**
 * @typedef {{
 *   code: number | null,
 *   signal: NodeJS.Signals | null,
 *   ms: number,
 *   forced: boolean,
 *   unexpected: string | null,  // set when the server had exited before it was asked to stop
 * }} StopResult
 * @typedef {{
 *   url: string,
 *   port: number,
 *   readyMs: number,
 *   selfReportedMs: number | null,
 *   output: () => string,
 *   errorLines: () => string[],                // the server's error and fatal log lines
 *   alive: () => boolean,
 *   exit: () => { code: number | null, signal: NodeJS.Signals | null } | null,
 *   stop: () => Promise<StopResult>,
 *   kill: () => Promise<{ code: number | null, signal: NodeJS.Signals | null }>,  // SIGKILL, as a crash
 * }} RunningServer
 * @typedef {{
 *   root: string,
 *   dataDir: string,
 *   env?: Record<string, string | undefined>,  // on top of the bench's; undefined removes a variable
 *   admin?: { email: string, password: string },
 *   logFile?: string | undefined,              // the server's whole output, also written there
 *   readyTimeoutMs?: number,
 *   stopTimeoutMs?: number,
 *   who?: string,                              // who stops it, in messages ("the bench")
 *   port?: number,                             // a fixed port (a restart keeps its address); a free one otherwise
 * }} ServerOptions
 */

/**
 * Spawns the server and waits until `GET /api/health` answers 200. `readyMs` runs from the spawn
 * to the first 200, so it includes Node start-up, module loading, database open, migrations, seed
 * and listen: what an operator waits for after `npm start`. The quality suites (quality/load,
 * quality/faults) start it with their own environment on top of the bench's.
 * @param {ServerOptions} options
 * @returns {Promise<RunningServer>}
 */
export async function startServer({
  root,
  dataDir,
  env: overrides = {},
  admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  logFile,
  readyTimeoutMs = READY_TIMEOUT_MS,
  stopTimeoutMs = STOP_TIMEOUT_MS,
  who = 'the bench',
  port: wantedPort,
}) {
  const port = wantedPort ?? (await freePort());
  const url = `http://${HOST}:${port}`;
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // The large data set (500 customers, 2,000 tickets, 5,000 items) that the budgets are set for.
    DEMO_DATA: 'large',
    // The bench is one visitor sending thousands of lookups: the per-IP limit (still counted, so its
    // database write is measured) must not turn them into 429s.
    REPAIR_VISITOR_LIMIT: '100000000',
  };
  // The bench measures the embedded database on a fresh data dir, whatever the shell exports.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.WEB_DIST_DIR;
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }

  let output = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };

  const tail = () => output.trim().split('\n').slice(-20).join('\n');

  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }

  /** @type {{ code: number | null, signal: NodeJS.Signals | null, at: number } | null} */
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal, at: performance.now() };
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
    const end = /** @type {{ code: number | null, signal: NodeJS.Signals | null }} */ (await exitPromise);
    return { code: end.code, signal: end.signal };
  };

  /** @type {Promise<StopResult> | null} */
  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      const unexpected =
        exited === null
          ? null
          : `the server exited on its own (code ${exited.code}, signal ${exited.signal}) before ${who} stopped it:\n${tail()}`;
      if (exited === null) child.kill('SIGTERM');
      const startedAt = performance.now();
      let forced = false;
      // A timer cleared once the server is gone: it must not keep the caller's process alive.
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(() => resolve('timeout'), stopTimeoutMs);
      });
      const outcome = await Promise.race([exitPromise, timeout]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        forced = true;
        child.kill('SIGKILL');
        await exitPromise;
      }
      const end = /** @type {{ code: number | null, signal: NodeJS.Signals | null, at: number }} */ (exited);
      return { code: end.code, signal: end.signal, ms: Math.max(0, Math.round(end.at - startedAt)), forced, unexpected };
    })();
    return stopping;
  };

  const deadline = spawnedAt + readyTimeoutMs;
  for (;;) {
    if (spawnError) throw new Error(`could not spawn the server: ${/** @type {Error} */ (spawnError).message}`);
    if (exited !== null) {
      const end = /** @type {{ code: number | null, signal: NodeJS.Signals | null }} */ (exited);
      throw new Error(`the server exited (code ${end.code}, signal ${end.signal}) before it was ready:\n${tail()}`);
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`GET /api/health did not answer 200 within ${readyTimeoutMs / 1000} s:\n${tail()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet (ECONNREFUSED): poll again.
    }
    await sleep(POLL_INTERVAL_MS);
  }
  const readyMs = Math.round(performance.now() - spawnedAt);
  // main.ts prints its own figure ("démarré en N ms"), measured from inside the process.
  const selfReported = /démarré en (\d+) ms/.exec(output);
  return {
    url,
    port,
    readyMs,
    selfReportedMs: selfReported ? Number(selfReported[1]) : null,
    output: () => output,
    errorLines: () => output.split('\n').filter((line) => /"level":(50|60)/.test(line)),
    alive: () => exited === null,
    exit: () => (exited === null ? null : { code: /** @type {{ code: number | null }} */ (exited).code, signal: /** @type {{ signal: NodeJS.Signals | null }} */ (exited).signal }),
    stop,
    kill,
  };
}
