import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { copyOfTemplate } from './postgres-databases.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

/** A fresh database for one test file: a copy of the PGlite template, or of the PostgreSQL one. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const copy = await copyOfTemplate(inject('postgresRun'));
    const database = await openDatabase({ kind: 'postgres', url: copy.url });
    return { database, drop: copy.drop };
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
  // « Sauvegarder maintenant » (POST /api/admin/backups) writes here: a directory of this app's own, removed by close().
  const backupDir = path.join(os.tmpdir(), `erepare-test-backups-${process.pid}-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data-dir',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    BACKUP_DIR: backupDir,
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
      await fs.rm(backupDir, { recursive: true, force: true });
    },
  };
}

/** Stripe and PayPal configured with test values (the payment pages' policy, the public payment configuration). */
export const PAYMENT_PROVIDERS_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_csp12345678',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_csp12345678',
  STRIPE_WEBHOOK_SECRET: 'whsec_csp12345678',
  PAYPAL_CLIENT_ID: 'paypal-client-csp',
  PAYPAL_CLIENT_SECRET: 'paypal-secret-csp',
} as const;
