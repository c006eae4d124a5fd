import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertUser } from './repository.js';
import { SESSION_COOKIE } from './service.js';

/** The database goes away under a running server: answers must stay clean, French and generic. */
let t: TestApp;
let token: string;
let postgresName: string | undefined;

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.database.db, { email: 'panne@exemple.fr', passwordHash: await hashPassword('mot-de-passe-solide') });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'panne@exemple.fr', password: 'mot-de-passe-solide' },
  });
  expect(login.statusCode).toBe(200);
  token = login.json<{ token: string }>().token;
  if (t.database.kind === 'postgres') {
    postgresName = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`))[0]?.name;
  }
  // The outage: the connection (PGlite instance or PostgreSQL pool) is closed.
  await t.database.close();
});

afterAll(async () => {
  // Closing twice is refused by the PostgreSQL pool: drop the test database here instead.
  await t.close().catch(() => undefined);
  if (postgresName && process.env.TEST_DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${postgresName} with (force)`);
    await client.end();
  }
});

const INTERNALS = /pglite|closed|pool|postgres|ECONN|stack|at \w+ \(|\.ts:/i;

describe('with the database down', () => {
  it('answers a login with 500 "Erreur technique lors de la connexion" and nothing internal', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'panne@exemple.fr', password: 'mot-de-passe-solide' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 500,
      code: 'LOGIN_FAILED',
      message: 'Erreur technique lors de la connexion',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toMatch(INTERNALS);
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('still answers bad input with a 400 (validation needs no database)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
    expect(response.statusCode).toBe(400);
  });

  it('answers a session check with the technical session message', async () => {
    for (const request of [{ headers: { authorization: `Bearer ${token}` } }, { cookies: { [SESSION_COOKIE]: token } }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-session', ...request });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        success: false,
        statusCode: 500,
        message: 'Erreur technique lors de la vérification de session',
      });
      expect(response.body).not.toMatch(INTERNALS);
    }
  });

  it('answers other API calls with the generic 500 message', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/site-settings' });
    expect(settings.statusCode).toBe(500);
    expect(settings.json()).toEqual({
      success: false,
      statusCode: 500,
      message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
      requestId: settings.headers['x-request-id'],
    });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(500);
    expect(logout.body).not.toMatch(INTERNALS);
  });

  it('reports the database as disconnected on the health check', async () => {
    for (const url of ['/api/health', '/api/auth/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, database: 'disconnected' });
    }
  });

  it('needs no database to answer 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-session' });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe('Aucune session persistante trouvée');
  });
});
