import { createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { fcmTokens } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

/**
 * /api/fcm/** without credentials (503, Web Push unaffected) and with credentials against a local
 * fake of Google's OAuth2 token endpoint and FCM HTTP v1 (the JWT's RS256 signature is verified
 * with the service account's public key, as Google does).
 */

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const CLIENT_EMAIL = 'erepare-push@erepare-test.iam.gserviceaccount.com';

type FcmCall = { path: string; authorization: string | undefined; body: string };

async function startFakeGoogle() {
  const calls: FcmCall[] = [];
  let tokensIssued = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      calls.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.url === '/token') {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        const [header = '', claims = '', signature = ''] = assertion.split('.');
        const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'));
        const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { iss: string; scope: string };
        if (!valid || payload.iss !== CLIENT_EMAIL || payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') {
          json(400, { error: 'invalid_grant' });
          return;
        }
        tokensIssued += 1;
        json(200, { access_token: `ya29.fake-${tokensIssued}`, expires_in: 3599, token_type: 'Bearer' });
        return;
      }
      if (request.url === '/v1/projects/erepare-test/messages:send') {
        if (!request.headers.authorization?.startsWith('Bearer ya29.fake-')) {
          json(401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' } });
          return;
        }
        const message = (JSON.parse(body) as { message: { token: string } }).message;
        if (message.token.startsWith('gone')) {
          json(404, { error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.', details: [{ errorCode: 'UNREGISTERED' }] } });
          return;
        }
        json(200, { name: 'projects/erepare-test/messages/0:1234' });
        return;
      }
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    tokensIssued: () => tokensIssued,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const baseEnv = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };

describe('FCM configuration', () => {
  it('is off by default, and read from a service account JSON or from the e-mail and key pair', () => {
    expect(loadConfig(baseEnv).fcm).toBeNull();
    const fromJson = loadConfig({
      ...baseEnv,
      FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ type: 'service_account', project_id: 'erepare-test', client_email: CLIENT_EMAIL, private_key: privatePem }),
    }).fcm;
    expect(fromJson).toMatchObject({ projectId: 'erepare-test', clientEmail: CLIENT_EMAIL, apiUrl: 'https://fcm.googleapis.com', tokenUrl: 'https://oauth2.googleapis.com/token' });
    // A key pasted on one line with \n escapes (as in most .env files).
    const fromPair = loadConfig({ ...baseEnv, FCM_PROJECT_ID: 'erepare-test', FCM_CLIENT_EMAIL: CLIENT_EMAIL, FCM_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n') }).fcm;
    expect(fromPair?.privateKey).toBe(privatePem.trim());
  });

  it.each([
    [{ FCM_PROJECT_ID: 'erepare-test' }, 'FCM_SERVICE_ACCOUNT_JSON'],
    [{ FCM_PROJECT_ID: 'erepare-test', FCM_CLIENT_EMAIL: CLIENT_EMAIL }, 'FCM_PRIVATE_KEY'],
    [{ FCM_CLIENT_EMAIL: CLIENT_EMAIL, FCM_PRIVATE_KEY: privatePem }, 'FCM_PROJECT_ID'],
    [{ FCM_PROJECT_ID: 'erepare-test', FCM_CLIENT_EMAIL: CLIENT_EMAIL, FCM_PRIVATE_KEY: 'pas une clé' }, 'FCM_PRIVATE_KEY'],
    [{ FCM_SERVICE_ACCOUNT_JSON: '{"client_email":"x"}' }, 'FCM_SERVICE_ACCOUNT_JSON'],
    [{ FCM_PROJECT_ID: 'Erepare Test', FCM_CLIENT_EMAIL: CLIENT_EMAIL, FCM_PRIVATE_KEY: privatePem }, 'FCM_PROJECT_ID'],
    [{ FCM_PROJECT_ID: 'erepare-test', FCM_CLIENT_EMAIL: CLIENT_EMAIL, FCM_PRIVATE_KEY: privatePem, FCM_API_URL: 'http://fcm.example' }, 'FCM_API_URL'],
  ])('refuses an incomplete or invalid FCM configuration (#%#, names %1)', (env, variable) => {
    let error: unknown;
    try {
      loadConfig({ ...baseEnv, ...env });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    expect(issues).toContain(variable);
    // Never echoes the private key.
    expect(issues).not.toContain('PRIVATE KEY-----\nMII');
  });
});

describe('/api/fcm without credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with a clear message and stores nothing; a test without token is a 400', async () => {
    const me = await signedInUser(t.app, t.database.db, { email: 'fcm-off@exemple.fr' });
    for (const [url, payload] of [
      ['/api/fcm/subscribe', { token: 'c1'.repeat(40), userId: me.id, deviceType: 'desktop' }],
      ['/api/fcm/unsubscribe', { token: 'c1'.repeat(40) }],
      ['/api/fcm/test', { token: 'c1'.repeat(40), title: 'Test', body: 'Bonjour' }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, headers: me.headers, payload });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'FCM_NOT_CONFIGURED', message: expect.stringContaining('FCM') as unknown });
    }
    expect(await t.database.db.select().from(fcmTokens)).toEqual([]);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/fcm/test', headers: me.headers, payload: { title: 'Test', body: 'Bonjour', data: {} } });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ success: false, message: 'Token FCM requis pour test serveur' });
  });
});

describe('/api/fcm with credentials (local fake of Google)', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp({
      FCM_PROJECT_ID: 'erepare-test',
      FCM_CLIENT_EMAIL: CLIENT_EMAIL,
      FCM_PRIVATE_KEY: privatePem,
      FCM_API_URL: google.url,
      FCM_TOKEN_URL: `${google.url}/token`,
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('stores the token of the signed-in user, sends a test through FCM HTTP v1, and forgets an unregistered token', async () => {
    const me = await signedInUser(t.app, t.database.db, { email: 'fcm-on@exemple.fr' });
    const other = await signedInUser(t.app, t.database.db, { email: 'fcm-other@exemple.fr' });
    const token = `dQw4w9WgXcQ:APA91b${'x'.repeat(140)}`;
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/fcm/subscribe',
      headers: me.headers,
      payload: { token, userId: other.id, preferences: { flashSales: false }, deviceType: 'tablet', userAgent: 'Mozilla/5.0 (iPad)', timestamp: '2026-11-21T08:00:00.000Z' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json()).toEqual({ success: true, message: 'Notifications activées !' });
    const [row] = await t.database.db.select().from(fcmTokens).where(eq(fcmTokens.token, token));
    expect(row).toMatchObject({ userId: me.id, deviceType: 'tablet', userAgent: 'Mozilla/5.0 (iPad)', clientTimestamp: '2026-11-21T08:00:00.000Z' });

    // Someone else's test with my token: refused, nothing sent.
    const stranger = await t.app.inject({ method: 'POST', url: '/api/fcm/test', headers: other.headers, payload: { token, title: 'x', body: 'y' } });
    expect(stranger.statusCode).toBe(404);
    expect(google.calls).toEqual([]);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/fcm/test',
      headers: me.headers,
      payload: { token, title: 'Test FCM', body: 'Bonjour', data: { type: 'store', url: '/compte?tab=notifications', timestamp: 1 } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'Notification de test envoyée' });
    expect(google.calls.map((call) => call.path)).toEqual(['/token', '/v1/projects/erepare-test/messages:send']);
    const message = (JSON.parse(google.calls[1]?.body ?? '{}') as { message: unknown }).message;
    expect(message).toEqual({
      token,
      notification: { title: 'Test FCM', body: 'Bonjour' },
      data: { type: 'store', url: '/compte?tab=notifications', timestamp: '1' },
    });
    expect(google.calls[1]?.authorization).toBe('Bearer ya29.fake-1');

    // The access token is reused.
    await t.app.inject({ method: 'POST', url: '/api/fcm/test', headers: me.headers, payload: { token, title: 'Encore', body: 'Bonjour' } });
    expect(google.tokensIssued()).toBe(1);

    const gone = `gone:${'y'.repeat(60)}`;
    await t.app.inject({ method: 'POST', url: '/api/fcm/subscribe', headers: me.headers, payload: { token: gone } });
    const failed = await t.app.inject({ method: 'POST', url: '/api/fcm/test', headers: me.headers, payload: { token: gone, title: 'x', body: 'y' } });
    expect(failed.statusCode).toBe(502);
    expect(await t.database.db.select().from(fcmTokens).where(eq(fcmTokens.token, gone))).toEqual([]);

    const unsubscribed = await t.app.inject({ method: 'POST', url: '/api/fcm/unsubscribe', headers: other.headers, payload: { token } });
    expect(unsubscribed.statusCode).toBe(200);
    expect(await t.database.db.select().from(fcmTokens).where(eq(fcmTokens.token, token))).toHaveLength(1);
    await t.app.inject({ method: 'POST', url: '/api/fcm/unsubscribe', headers: me.headers, payload: { token } });
    expect(await t.database.db.select().from(fcmTokens).where(eq(fcmTokens.token, token))).toEqual([]);
  });
});
