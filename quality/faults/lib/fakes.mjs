// @ts-check
/**
 * Starts quality/faults/fakes/host.ts (the RepairDesk, Stripe and PayPal fakes of
 * apps/server/src/test/fakes) in a child process with tsx, and drives their test controls over
 * the host's control port.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * @typedef {{
 *   control: string,
 *   repairdesk: { url: string, apiKey: string },
 *   stripe: { url: string, secretKey: string, publishableKey: string, webhookSecret: string },
 *   paypal: { url: string, clientId: string, clientSecret: string },
 * }} FakeUrls
 * @typedef {FakeUrls & { call: (fake: 'repairdesk' | 'stripe' | 'paypal', path: string, ...args: unknown[]) => Promise<any>, close: () => Promise<void> }} Fakes
 */

/** @param {string} root @returns {Promise<Fakes>} */
export async function startFakes(root) {
  // tsx's CLI on this process's Node (the bundled Node 24 under npm), not whatever `node` its shebang finds.
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const child = spawn(process.execPath, [tsx, '--conditions=source', path.join(root, 'quality/faults/fakes/host.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  /** @type {Promise<FakeUrls>} */
  const ready = new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += String(chunk);
      const line = buffer.split('\n').find((entry) => entry.startsWith('{'));
      if (line && buffer.includes('\n')) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`the fake providers exited (code ${code}): ${output.slice(-2000)}`)));
    child.once('error', reject);
  });
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('the fake providers did not start within 60 s')), 60_000);
  });
  const urls = await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  return {
    ...urls,
    async call(fake, callPath, ...args) {
      const response = await fetch(`${urls.control}/call`, { method: 'POST', body: JSON.stringify({ fake, path: callPath, args }), signal: AbortSignal.timeout(30_000) });
      const body = /** @type {{ result?: unknown, error?: string }} */ (await response.json());
      if (!response.ok) throw new Error(`fake ${fake}.${callPath}: ${body.error ?? response.status}`);
      return body.result;
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
