import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyDatabase } from './test/postgres-databases.js';

/**
 * The built server as `npm start` runs it (dist/main.js, built by `npm run test:unit` first): a
 * real process, real signals, a real data directory.
 */
const mainJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
const onPostgres = process.env.TEST_DB === 'postgres';

type Running = { child: ChildProcess; output: () => string; url: string; readyMs: number };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the built server and waits for its "ready" line (printed once it listens), or its exit. */
async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [mainJs], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('E.repare est prêt sur')) resolve(Date.now() - started);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`server exited early:\n${output}`)));
  });
  const readyMs = await ready;
  const url = `http://127.0.0.1:${port}`;
  expect((await fetch(`${url}/api/health`)).ok).toBe(true);
  return { child, output: () => output, url, readyMs };
}

function stop(running: Running, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
}

function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [mainJs], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function adminToken(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe.skipIf(onPostgres)('npm start on the embedded database', () => {
  it('creates, seeds and prints the admin once; stops cleanly on SIGTERM and SIGINT; keeps the data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-main-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));

    const first = await start({ DATA_DIR: dataDir });
    expect(first.output()).toMatch(/Compte administrateur créé : admin@erepare\.example/);
    const password = /Mot de passe généré \(affiché une seule fois\) : (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    expect(first.output()).toContain(`E.repare est prêt sur http://localhost:`);

    const token = await adminToken(first.url, 'admin@erepare.example', password ?? '');
    const saved = await fetch(`${first.url}/api/admin/site-settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Après redémarrage', description: 'Persisté', maintenanceMode: false, shopMaintenanceMode: true }),
    });
    expect(saved.status).toBe(200);
    expect(await stop(first, 'SIGTERM')).toBe(0);
    expect(first.output()).toContain('base de données fermée');

    // Second start on the same directory: no new admin, same data, session still valid.
    const second = await start({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('Compte administrateur créé');
    const settings = (await (await fetch(`${second.url}/api/admin/site-settings`)).json()) as { data: { title: string; shopMaintenanceMode: boolean } };
    expect(settings.data).toMatchObject({ title: 'Après redémarrage', shopMaintenanceMode: true });
    const session = await fetch(`${second.url}/api/auth/verify-session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.status).toBe(200);
    expect(await stop(second, 'SIGINT')).toBe(0);
  }, 90_000);

  it('refuses a bad configuration with a message naming the variable', async () => {
    const badPort = await runToExit({ PORT: 'trois-mille', DATA_DIR: os.tmpdir() });
    expect(badPort.code).toBe(1);
    expect(badPort.output).toMatch(/PORT/);
    const badUrl = await runToExit({ DATABASE_URL: 'mysql://localhost/x', DATA_DIR: os.tmpdir() });
    expect(badUrl.code).toBe(1);
    expect(badUrl.output).toMatch(/DATABASE_URL/);
  });
});

/** A new empty database on the test server (dropped after the file); returns its URL. */
async function freshPostgresDatabase(): Promise<string> {
  const database = await emptyDatabase(inject('postgresRun'));
  cleanups.push(database.drop);
  return database.url;
}

describe.skipIf(!onPostgres)('the same server on PostgreSQL', () => {
  it('migrates a fresh database, serves, and restarts on it', async () => {
    const env = { DATABASE_URL: await freshPostgresDatabase(), DATA_DIR: os.tmpdir(), ADMIN_EMAIL: 'pg-admin@example.fr', ADMIN_PASSWORD: 'motdepasse-pg' };

    const first = await start(env);
    const health = (await (await fetch(`${first.url}/api/health`)).json()) as { database: string };
    expect(health.database).toBe('connected');
    await adminToken(first.url, 'pg-admin@example.fr', 'motdepasse-pg');
    expect(await stop(first, 'SIGTERM')).toBe(0);

    const second = await start(env);
    expect(second.output()).not.toContain('Compte administrateur créé');
    await adminToken(second.url, 'pg-admin@example.fr', 'motdepasse-pg');
    expect(await stop(second, 'SIGTERM')).toBe(0);
  }, 60_000);

  it('runs two instances started together on one fresh database: one admin, shared sessions and settings', async () => {
    const env = { DATABASE_URL: await freshPostgresDatabase(), DATA_DIR: os.tmpdir() };

    // Migrations, seed and first admin race here: the advisory locks must serialise them.
    const [a, b] = await Promise.all([start(env), start(env)]);
    const created = [a, b].filter((instance) => instance.output().includes('Compte administrateur créé'));
    expect(created).toHaveLength(1);
    const password = /Mot de passe généré \(affiché une seule fois\) : (\S+)/.exec(created[0]?.output() ?? '')?.[1] ?? '';

    // A session opened on one instance is valid on the other; settings saved on one are read by the other.
    const token = await adminToken(a.url, 'admin@erepare.example', password);
    const saved = await fetch(`${b.url}/api/admin/site-settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ shopMaintenanceMode: true }),
    });
    expect(saved.status).toBe(200);
    const read = (await (await fetch(`${a.url}/api/admin/site-settings`)).json()) as { data: { shopMaintenanceMode: boolean } };
    expect(read.data.shopMaintenanceMode).toBe(true);

    // Rate limits hold across instances: failures on one count on the other.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const instance = attempt % 2 ? a : b;
      const response = await fetch(`${instance.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@erepare.example', password: 'mauvais-mot-de-passe' }),
      });
      expect(response.status).toBe(401);
    }
    const blocked = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@erepare.example', password }),
    });
    expect(blocked.status).toBe(429);

    expect(await stop(a, 'SIGTERM')).toBe(0);
    expect(await stop(b, 'SIGTERM')).toBe(0);
  }, 90_000);
});
