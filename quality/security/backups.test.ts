/**
 * Security suite, issue 23 §3: backups hold every customer's data. Their admin routes refuse
 * anyone but staff; the files and their directory are the server account's only (0600 / 0700);
 * and the web server never serves them, whatever the spelling of the path: the test lays a site
 * out as it is installed (the web build and DATA_DIR side by side, backups in DATA_DIR/backups),
 * takes a real backup, and asks for it through app.inject and over a real socket (raw request
 * lines, which no HTTP client normalises).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCheck } from '../../apps/server/src/modules/backups/status.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';

const webDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web');

let t: TestApp;
let root: string;
let port = 0;
let admin: { headers: { authorization: string } };
let customer: { headers: { authorization: string } };
let backupFile = '';

beforeAll(async () => {
  if (!existsSync(path.join(webDir, 'build/server/index.js'))) {
    const build = spawnSync(process.execPath, [path.join(webDir, '../../scripts/build.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  // Inside the repository, where the build's server bundle finds its packages.
  root = path.join(webDir, '.test-builds', `security-backups-${process.pid}`);
  await fs.rm(root, { recursive: true, force: true });
  await fs.mkdir(root, { recursive: true });
  await fs.cp(path.join(webDir, 'build'), path.join(root, 'web'), { recursive: true });
  const dataDir = path.join(root, 'data');
  t = await createTestApp({ WEB_DIST_DIR: path.join(root, 'web'), DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'backups'), TRUST_PROXY: 'false' });
  admin = await signedInUser(t.app, t.database.db, { email: 'staff.sauvegardes@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, t.database.db, { email: 'client.sauvegardes@exemple.fr' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await t?.close();
  await fs.rm(root, { recursive: true, force: true });
});

type RawAnswer = { status: number; body: string };

function rawRequest(requestLine: string, headers: string[] = []): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), body: split === -1 ? '' : text.slice(split + 4) });
    });
    socket.write(`${[requestLine, `Host: 127.0.0.1:${port}`, 'Connection: close', ...headers].join('\r\n')}\r\n\r\n`);
  });
}

describe('backups: staff only', () => {
  it('GET and POST /api/admin/backups: 401 without a session or with a forged one, 403 for a customer; nothing written', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const anonymous = await t.app.inject({ method, url: '/api/admin/backups' });
      expect(anonymous.statusCode).toBe(401);
      const forged = await t.app.inject({ method, url: '/api/admin/backups', headers: { authorization: `Bearer ${'a'.repeat(64)}` } });
      expect(forged.statusCode).toBe(401);
      const asCustomer = await t.app.inject({ method, url: '/api/admin/backups', headers: customer.headers });
      expect(asCustomer.statusCode).toBe(403);
      for (const answer of [anonymous, forged, asCustomer]) expect(answer.json<{ message: string }>().message).toMatch(/[a-zéè]/);
    }
    await expect(fs.readdir(t.config.backups.directory)).rejects.toThrow();
  });
});

describe('backup files are the server account’s only, and never served', () => {
  it('a backup taken by staff is 0600 in a 0700 directory, as is the check record', async () => {
    const taken = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin.headers });
    expect(taken.statusCode, taken.body).toBe(200);
    backupFile = taken.json<{ data: { file: string } }>().data.file;
    const { directory } = t.config.backups;
    expect(directory).toBe(path.join(root, 'data', 'backups'));
    expect((await fs.stat(directory)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(directory, backupFile))).mode & 0o777).toBe(0o600);
    await recordCheck(directory, { file: backupFile, at: new Date().toISOString(), ok: true, detail: 'vérifiée', ms: 1 });
    expect((await fs.stat(path.join(directory, 'last-check.json'))).mode & 0o777).toBe(0o600);
    // Nothing else was left beside them (temporary files of the write).
    expect((await fs.readdir(directory)).sort()).toEqual([backupFile, 'last-check.json']);
  });

  it('no spelling of their path is served, in-process or over a real socket', async () => {
    expect(backupFile).not.toBe('');
    const absolute = path.join(root, 'data', 'backups', backupFile);
    const targets = [
      `/backups/${backupFile}`,
      `/data/backups/${backupFile}`,
      `/data/backups/last-check.json`,
      `/data/pglite/PG_VERSION`,
      `/../data/backups/${backupFile}`,
      `/../../data/backups/${backupFile}`,
      `/assets/../../../data/backups/${backupFile}`,
      `/%2e%2e/%2e%2e/data/backups/${backupFile}`,
      `/..%2f..%2fdata%2fbackups%2f${backupFile}`,
      `/assets%2f..%2f..%2f..%2fdata%2fbackups%2f${encodeURIComponent(backupFile)}`,
      `/..\\..\\data\\backups\\${backupFile}`,
      `/%2E%2E%5C%2E%2E%5Cdata%5Cbackups%5C${backupFile}`,
      `/${encodeURIComponent(absolute)}`,
      `/${absolute}`,
      `//${absolute}`,
      `/api/admin/backups/${backupFile}`,
      `/api/admin/backups/..%2f..%2fdata%2fbackups%2f${backupFile}`,
    ];
    const leaks: string[] = [];
    for (const target of targets) {
      for (const who of [{}, admin.headers]) {
        const answer = await t.app.inject({ method: 'GET', url: target, headers: who });
        if (answer.statusCode === 200 || answer.body.includes('ERBACKUP') || answer.body.includes('"sha256"') || answer.body.includes('vérifiée')) {
          leaks.push(`inject ${target}: ${answer.statusCode}`);
        }
      }
      const raw = await rawRequest(`GET ${target} HTTP/1.1`);
      if (raw.status === 200 || raw.body.includes('ERBACKUP') || raw.body.includes('"sha256"')) leaks.push(`socket ${target}: ${raw.status}`);
    }
    expect(leaks).toEqual([]);
    // The control: a file that is in the web build's public folder is served, so the refusals above mean something.
    await fs.writeFile(path.join(root, 'web', 'client', 'controle-sauvegardes.txt'), 'public');
    expect((await t.app.inject({ method: 'GET', url: '/controle-sauvegardes.txt' })).statusCode).toBe(200);
    expect((await rawRequest('GET /controle-sauvegardes.txt HTTP/1.1')).status).toBe(200);
  });
});
