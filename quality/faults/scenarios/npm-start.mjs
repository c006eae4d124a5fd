// @ts-check
/**
 * Scenario 6: `npm start` stopped by its process id (issue 23 §8). The README's command runs under
 * a real npm, on a fresh PGlite data dir; once the server says it is ready, the npm process (not
 * the server's own) gets SIGTERM, as `kill <pid>` or a process manager sends it. Checks: the
 * server stops by itself (all of npm's output pipes close: no process of the tree is left), it
 * stops cleanly (its « arrêté » line: connections drained, database closed), and its port is
 * free. The run gets its own process group so that a server left behind is killed at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, HOST } from '../../../bench/lib/server.mjs';
import { check, seconds } from '../lib/common.mjs';

/**
 * @typedef {import('../lib/common.mjs').Assertion} Assertion
 * @typedef {import('../lib/common.mjs').ScenarioResult} ScenarioResult
 */

/** @param {number} port @returns {Promise<boolean>} whether something accepts connections there */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * @param {{ root: string }} context
 * @returns {Promise<ScenarioResult>}
 */
export async function npmStartScenario({ root }) {
  const started = performance.now();
  /** @type {Assertion[]} */
  const assertions = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'erepare-faults-npm-start-'));
  const port = await freePort();
  /** @type {NodeJS.ProcessEnv} */
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  npm.stdout.on('data', (chunk) => (output += String(chunk)));
  npm.stderr.on('data', (chunk) => (output += String(chunk)));
  // 'close': every pipe of the tree is closed, i.e. npm, its shell and the server have all exited.
  const closed = new Promise((resolve) => npm.once('close', resolve));
  // Its own process group (detached): a runner ended by a signal (process.exit, no finally) must
  // not leave this server running.
  const killGroup = () => {
    try {
      if (npm.pid) process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  const counts = { startS: 0, stopS: 0 };
  try {
    const ready = await Promise.race([
      new Promise((resolve) => {
        const onData = () => {
          if (output.includes('E.repare est prêt sur')) resolve(true);
        };
        npm.stdout.on('data', onData);
      }),
      closed.then(() => false),
      // unref: a time limit that never keeps the runner alive once the race is decided (it held it 180 s).
      new Promise((resolve) => setTimeout(resolve, 180_000, false).unref()),
    ]);
    counts.startS = seconds(performance.now() - started);
    assertions.push(check('npm start: the server says it is ready', ready === true, ready ? `in ${counts.startS} s` : `not ready:\n${output.slice(-2000)}`));
    if (ready !== true) return { name: '6 npm start stopped by its pid', assertions, counts, durationS: seconds(performance.now() - started) };
    assertions.push(check('the port answers before the stop', await listening(port), `127.0.0.1:${port}`));

    const stopAt = performance.now();
    npm.kill('SIGTERM');
    const stopped = await Promise.race([closed.then(() => true), new Promise((resolve) => setTimeout(resolve, 30_000, false).unref())]);
    counts.stopS = seconds(performance.now() - stopAt);
    assertions.push(check('SIGTERM to npm stops the whole tree (no orphaned server)', stopped === true, stopped ? `in ${counts.stopS} s` : 'still running 30 s after the signal'));
    assertions.push(check('the server stopped cleanly (database closed)', output.includes('Serveur arrêté, base de données fermée.'), output.split('\n').slice(-4).join(' | ')));
    assertions.push(check('the port is free afterwards', !(await listening(port)), `127.0.0.1:${port}`));
  } finally {
    // Whatever happened, nothing of this run stays behind (the group holds an orphan too).
    killGroup();
    process.removeListener('exit', killGroup);
    await rm(dataDir, { recursive: true, force: true });
  }
  return { name: '6 npm start stopped by its pid', assertions, counts, durationS: seconds(performance.now() - started) };
}
