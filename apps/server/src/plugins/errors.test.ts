import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, trustOneProxy } from '../app.js';
import { loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import { hashPassword } from '../lib/passwords.js';
import { insertUser } from '../modules/auth/repository.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signedInUser } from '../test/users.js';

let t: TestApp;
/** The real application plus a few routes that fail on purpose, to see what the handler sends. */
let failing: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  failing = await buildApp({ config: t.config, database: t.database });
  failing.get('/api/test/boom', async () => {
    throw new Error('détail interne secret: password=hunter2 at /srv/app/secret.ts:12');
  });
  failing.get('/api/test/sql', async () => {
    await failing.db.execute(sql`select * from table_inexistante_secrete`);
    return { success: true };
  });
  failing.get('/api/test/bad-gateway', async () => {
    throw Object.assign(new Error('upstream said: token=abc123'), { statusCode: 502 });
  });
  failing.get('/api/test/app-error', async () => {
    throw new AppError('UPSTREAM_DOWN', 503, 'Service temporairement indisponible', { 'retry-after': '30' }, new Error('ECONNREFUSED 10.0.0.5'));
  });
  await failing.ready();
});
afterAll(async () => {
  await failing.close();
  await t.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nexiste-pas'],
    ['POST', '/api/auth/nexiste-pas'],
    ['GET', '/api'],
    ['GET', '/api/'],
    ['DELETE', '/api/health'],
    ['GET', '/api/admin/site-settings/extra'],
  ] as const)('%s %s answers 404 JSON', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: false, message: 'Point d’accès API introuvable', statusCode: 404 });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('bad request bodies', () => {
  it('answers 400 in French to a NUL character the database cannot store, in a field no schema checked (found by the fuzz)', async () => {
    const user = await signedInUser(t.app, t.database.db, { email: 'nul.caractere@exemple.fr' });
    for (const [url, payload] of [
      ['/api/notifications/unsubscribe', { endpoint: '\u0000' }],
      ['/api/notifications/test', { title: 'Essai\u0000', message: 'ok' }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, headers: user.headers, payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ success: false, statusCode: 400, message: 'La requête contient des caractères non autorisés', code: 'CHARACTER_NOT_ALLOWED' });
    }
  });

  it('answers 400 in French to invalid JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@exemple.fr", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      statusCode: 400,
      message: 'Le corps de la requête n’est pas un JSON valide',
    });
    expect(response.body).not.toMatch(/Unexpected|SyntaxError|position/);
  });

  it.each([
    ['text/plain', '{"email":"a@exemple.fr","password":"x"}'],
    ['application/x-www-form-urlencoded', 'email=a%40exemple.fr&password=x'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('answers 415 to a %s body on a JSON route', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      success: false,
      statusCode: 415,
      message: 'Format de requête non pris en charge (JSON attendu)',
    });
  });

  it('answers 413 in French to a body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@exemple.fr', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, statusCode: 413, message: 'Requête trop volumineuse' });
  });

  it('lists every validation issue and counts the others in the message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { rememberMe: 'oui' } });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; issues: { path: string; message: string }[] }>();
    expect(body.issues.map((issue) => issue.path).sort()).toEqual(['email', 'password', 'rememberMe']);
    expect(body.message).toMatch(/^Données invalides – \w+\u00a0: .+ \(et 2 autres erreurs\)$/);
  });
});

describe('server errors', () => {
  it.each(['/api/test/boom', '/api/test/sql', '/api/test/bad-gateway'])(
    '%s answers a generic French 500 with nothing internal',
    async (url) => {
      const response = await failing.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      const body = response.json<Record<string, unknown>>();
      expect(body).toEqual({
        success: false,
        statusCode: 500,
        message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
        requestId: response.headers['x-request-id'],
      });
      expect(response.body).not.toMatch(/secret|hunter2|stack|table_inexistante|token=|\.ts/);
    },
  );

  it('keeps the French message and code of an AppError on a 5xx, not its cause', async () => {
    const response = await failing.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toMatchObject({
      success: false,
      statusCode: 503,
      code: 'UPSTREAM_DOWN',
      message: 'Service temporairement indisponible',
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|stack/);
  });
});

describe('request ids', () => {
  it('sends an x-request-id on every answer, and the same id in error bodies', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(UUID);
    const error = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(error.statusCode).toBe(400);
    expect(error.json<{ requestId: string }>().requestId).toBe(error.headers['x-request-id']);
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
  });

  it('ignores a client-chosen request id when no trusted proxy is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-2026.abc_123' } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('behind a trusted proxy, keeps a well-formed incoming request id and replaces anything else', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const kept = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-2026.abc_123' } });
      expect(kept.headers['x-request-id']).toBe('lb-2026.abc_123');
      for (const incoming of ['<script>alert(1)</script>', 'a b', 'x'.repeat(65)]) {
        const replaced = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': incoming } });
        expect(replaced.headers['x-request-id']).toMatch(UUID);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('client address behind the proxy', () => {
  it('is the one the proxy appended, never an entry the client wrote', async () => {
    const app = Fastify({ trustProxy: trustOneProxy });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    try {
      const response = await app.inject({ method: 'GET', url: '/ip', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.9' } });
      expect(response.json<{ ip: string }>().ip).toBe('198.51.100.9');
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/api/nexiste-pas', '/contact'])('are sent on %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    const directives = csp.split(';').map((part) => part.trim());
    expect(directives).toContain("default-src 'self'");
    expect(directives).toContain("script-src 'self'");
    expect(directives).toContain("object-src 'none'");
    expect(directives).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(directives.find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Over plain HTTP, HSTS would be ignored by browsers and only confuse local installs.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and Secure cookies when the public URL is HTTPS', async () => {
    const config = loadConfig({ ...testEnv(t), PUBLIC_URL: 'https://www.erepare.example' });
    const https = await buildApp({ config, database: t.database });
    try {
      await insertUser(t.database.db, {
        email: 'https@exemple.fr',
        passwordHash: await hashPassword('mot-de-passe-solide'),
      });
      const response = await https.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'https@exemple.fr', password: 'mot-de-passe-solide' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const cookie = response.cookies.find((c) => c.name === 'erepare_session');
      expect(cookie?.secure).toBe(true);
      expect(cookie?.httpOnly).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('pages without a web build', () => {
  it.each(['/', '/boutique', '/nimporte-quoi'])('%s answers 503 in plain text', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Application web non construite');
  });

  it('still redirects the legacy paths and refuses missing files with a 404', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/nouveau-compte' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/compte');
    const file = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(file.statusCode).toBe(404);
  });

  it('answers 404 JSON to other methods on page paths', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/contact', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Ressource introuvable', statusCode: 404 });
  });
});

/** The environment createTestApp used, rebuilt from its config (for variants of it). */
function testEnv(app: TestApp): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: app.config.dataDir,
    WEB_DIST_DIR: app.config.webDistDir,
  };
}
