/**
 * Security suite, issue 23 §6: GET /metrics. Only a scraper presenting METRICS_TOKEN or an admin
 * session reads it; a near-miss token (same length, one character off), an empty bearer, the token
 * anywhere but the Authorization header are refused; the token opens nothing else. What it shows
 * never carries a request's address, e-mail, order id or key: label values come from route
 * patterns and fixed lists only. The real application in-process (app.inject); nothing mocked.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../apps/server/src/db/schema.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

const TOKEN = 'metriques-7f3a9c1e5b2d8f604a1c';

let t: TestApp;
let admin: { headers: { authorization: string } };
let customer: { headers: { authorization: string } };
const ORDER_KEY = 'wc_order_metrics_leak_9x7';
const BUYER = 'lea.fuite@exemple.fr';
let orderId = 0;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  admin = await signedInUser(t.app, t.database.db, { email: 'atelier.securite.metriques@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, t.database.db, { email: 'client.securite.metriques@exemple.fr' });
  const [order] = await t.database.db
    .insert(orders)
    .values({
      orderKeyHash: createHash('sha256').update(ORDER_KEY).digest('hex'),
      status: 'pending',
      paymentMethod: 'paypal',
      paymentMethodTitle: 'PayPal',
      email: BUYER,
      billing: { first_name: 'Léa', last_name: 'Fuite', email: BUYER },
      shipping: {},
      shippingMethodId: 'local_pickup',
      shippingMethodTitle: 'Retrait en boutique',
      subtotalCents: 1990,
      totalCents: 1990,
      inventoryBackend: 'local',
    })
    .returning();
  orderId = order?.id ?? 0;
  await t.database.db.insert(payments).values({ orderId, provider: 'paypal', method: 'paypal', providerRef: 'PAYPAL-LEAK-42', amountCents: 1990, status: 'created' });
  await t.app.mail.enqueue(t.database.db, { kind: 'order_confirmation', to: BUYER, subject: `Commande ${orderId}`, html: '<p>Merci</p>', text: 'Merci' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /metrics: refused without the exact token or an admin session', () => {
  const refusals: [string, Record<string, string>][] = [
    ['no credentials', {}],
    ['a token of the same length, last character changed', { authorization: `Bearer ${TOKEN.slice(0, -1)}${TOKEN.endsWith('0') ? '1' : '0'}` }],
    ['a token of the same length, first character changed', { authorization: `Bearer ${TOKEN.startsWith('m') ? 'n' : 'm'}${TOKEN.slice(1)}` }],
    ['the token in another case', { authorization: `Bearer ${TOKEN.toUpperCase()}` }],
    ['the token with a suffix', { authorization: `Bearer ${TOKEN}x` }],
    ['the token truncated', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a bare "Bearer"', { authorization: 'Bearer' }],
    ['the token as Basic credentials', { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` }],
    ['the token without the Bearer scheme', { authorization: TOKEN }],
    ['the token as the session cookie', { cookie: `erepare_session=${TOKEN}` }],
  ];
  for (const [what, headers] of refusals) {
    it(`${what}: 401 in French`, async () => {
      const response = await get('/metrics', headers);
      expect(response.statusCode).toBe(401);
      expect(frenchMessageProblem(response)).toBeNull();
      expect(response.body).not.toContain('erepare_');
    });
  }

  it('the token in the query string: 401', async () => {
    const response = await get(`/metrics?token=${TOKEN}`);
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('erepare_');
  });

  it('a signed-in customer: 403 in French', async () => {
    const response = await get('/metrics', customer.headers);
    expect(response.statusCode).toBe(403);
    expect(frenchMessageProblem(response)).toBeNull();
    expect(response.body).not.toContain('erepare_');
  });

  it('the token opens nothing else: not a session, not an admin', async () => {
    for (const url of ['/api/admin/audit', '/api/notifications/preferences']) {
      const response = await get(url, { authorization: `Bearer ${TOKEN}` });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('without METRICS_TOKEN no bearer opens it (no default token)', async () => {
    const other = await createTestApp();
    try {
      for (const token of [TOKEN, 'undefined', 'null', '']) {
        const response = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode, token).toBe(401);
      }
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics: no personal data in what it shows', () => {
  it('route labels are patterns: no e-mail, order id, key, address or user agent of the requests seen', async () => {
    await get(`/api/shop/orders/${orderId}?key=${ORDER_KEY}`, { 'user-agent': 'AgentSecret/1.0' });
    await get(`/api/repairdesk/customers?keyword=${encodeURIComponent(BUYER)}`, customer.headers);
    await get(`/api/${encodeURIComponent(BUYER)}/profil`);
    await get(`/suivi/${encodeURIComponent(BUYER)}`);
    await get(`/${ORDER_KEY}`);

    for (const headers of [{ authorization: `Bearer ${TOKEN}` }, admin.headers]) {
      const response = await get('/metrics', headers);
      expect(response.statusCode).toBe(200);
      const text = response.body;
      for (const secret of [BUYER, 'lea.fuite', '%40', ORDER_KEY, 'PAYPAL-LEAK-42', 'AgentSecret', 'atelier.securite', 'client.securite', TOKEN]) {
        expect(text, secret).not.toContain(secret);
      }
      // Every route label is "not_found" or a pattern: no numeric path segment, no query, no "@".
      const routes = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1] ?? '');
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        expect(route === 'not_found' || (route.startsWith('/') && !/[?@%]|\/\d+(\/|$)/.test(route)), route).toBe(true);
      }
      expect(routes).toContain('/api/shop/orders/:id');
      // No label carries a number but the status codes, histogram bounds and Node's version:
      // no order, ticket or user id, no client address.
      const numeric = new Set(['le', 'status_code', 'status_class', 'version', 'major', 'minor', 'patch']);
      for (const [, name = '', value = ''] of text.matchAll(/(\w+)="([^"]*)"/g)) {
        if (!numeric.has(name)) expect(/\d/.test(value), `${name}="${value}"`).toBe(false);
      }
      expect(text).toContain('erepare_payments{provider="paypal",status="created"} 1');
    }
  });
});
