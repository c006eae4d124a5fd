import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seed } from '../db/seed.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

/** A fresh database for one test file: a copy of the PGlite template, or a new PostgreSQL database. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const name = `erepare_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await database.migrate();
    await seed(database.db);
    return {
      database,
      drop: async () => {
        const cleaner = new pg.Client({ connectionString: baseUrl });
        await cleaner.connect();
        await cleaner.query(`drop database if exists ${name} with (force)`);
        await cleaner.end();
      },
    };
  }
  const template = await fs.readFile(inject('pgliteTemplate'));
  const database = await openDatabase({ kind: 'pglite-memory', dump: new Blob([template]) });
  return { database, drop: async () => undefined };
}

/**
 * The real application on a fresh database, for `app.inject()` tests. Environment overrides go
 * through the real config loader, so tests exercise the same validation as production.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data-dir',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
  const { database, drop } = await freshDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
