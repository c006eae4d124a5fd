import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * Runs `check` while the migration lock is held, as an instance running migrations holds it. On
 * PostgreSQL the lock is taken on a connection of its own (a transaction's), the probe asking on
 * another; PGlite has a single connection, where the lock is taken and released around the check.
 */
async function whileMigrating<T>(check: () => Promise<T>): Promise<T> {
  const lock = sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
  const unlock = sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  const db = t.database.db;
  if (t.database.kind === 'postgres') {
    return db.transaction(async (tx) => {
      await tx.execute(lock);
      try {
        return await check();
      } finally {
        await tx.execute(unlock);
      }
    });
  }
  await db.execute(lock);
  try {
    return await check();
  } finally {
    await db.execute(unlock);
  }
}

describe('liveness and readiness probes', () => {
  it('GET /api/health/live: the process answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ success: boolean; status: string; timestamp: string }>();
    expect(body).toMatchObject({ success: true, status: 'live' });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });

  it('GET /api/health/ready: ready with the database up and no migration running', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ success: true, status: 'ready', database: 'connected', migrations: 'done', message: 'Service prêt' });
  });

  it('is not ready while migrations run (the migration lock is held), ready again after', async () => {
    const during = await whileMigrating(() => t.app.inject({ method: 'GET', url: '/api/health/ready' }));
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({
      success: false,
      status: 'not_ready',
      database: 'connected',
      migrations: 'running',
      message: 'Mise à jour de la base de données en cours',
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(after.statusCode).toBe(200);
  });

  it('is not ready when the database is unreachable, while still alive', async () => {
    await t.database.close();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      success: false,
      status: 'not_ready',
      database: 'disconnected',
      migrations: 'unknown',
      message: 'Base de données injoignable',
    });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    // The existing health answer is unchanged.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ success: false, database: 'disconnected' });
  });
});
