import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema.js';
import { notifyUser } from '../modules/notifications/service.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signedInUser, TEST_PASSWORD } from '../test/users.js';
import { CROSS_SITE_MESSAGE } from './same-origin.js';

const PUBLIC_URL = 'https://www.erepare.example';
let t: TestApp;
let cookie: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  const user = await signedInUser(t.app, t.database.db, { email: 'csrf.cible@exemple.fr' });
  userId = user.id;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'csrf.cible@exemple.fr', password: TEST_PASSWORD },
    remoteAddress: '10.98.0.1',
  });
  cookie = String([login.headers['set-cookie']].flat()[0] ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(/^erepare_session=/);
});
afterAll(async () => {
  await t.close();
});

async function unreadCount(): Promise<number> {
  const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.filter((row) => row.readAt === null).length;
}

const readAll = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie, ...headers } });

describe('writes from another site’s page are refused (CSRF)', () => {
  it.each([
    ['Origin of another site and Sec-Fetch-Site: cross-site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['Origin of another site only (older browsers)', { origin: 'https://evil.example' }],
    ['a sibling subdomain (same-site)', { origin: 'https://shop.erepare.example', 'sec-fetch-site': 'same-site' }],
    ['an Origin naming another host than the one addressed', { origin: 'http://evil.example', host: 'www.erepare.example' }],
    ['Origin: null (sandboxed frame, file:)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ])('%s: 403 in French, nothing changed', async (_label, headers) => {
    await notifyUser(t.database.db, userId, { type: 'store', title: 'Atelier', body: 'Non lue' }, { ignorePreferences: true });
    const before = await unreadCount();
    expect(before).toBeGreaterThan(0);
    const response = await readAll(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'CROSS_SITE_REQUEST', message: CROSS_SITE_MESSAGE });
    expect(await unreadCount()).toBe(before);
  });

  it('a login form posted from another site does not sign anyone in (login CSRF)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'csrf.cible@exemple.fr', password: TEST_PASSWORD },
      remoteAddress: '10.98.0.2',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('the site’s own writes, and clients that are not browser pages, go through', () => {
  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL }],
    ['Origin = PUBLIC_URL (no Sec-Fetch-Site)', { origin: PUBLIC_URL }],
    ['Origin = the host the request was sent to', { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }],
    ['no Origin nor Sec-Fetch-Site (webhook, curl, the apps’ HTTP clients)', {}],
  ])('%s', async (_label, headers) => {
    const response = await readAll(headers);
    expect(response.statusCode).toBe(200);
  });

  it('reads from another site are not concerned (GET stays public where it is)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
