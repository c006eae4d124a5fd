/**
 * Security suite (issue 10 item 4), items 1-8 of the brief: ownership, public answers without
 * personal data, staff endpoints, rate limits, cross-site POST, headers and CSP, sessions and
 * reset tokens, secrets in the built web assets. The real application in-process on a copy of
 * the PGlite template; nothing is mocked (the registered routes are read from the application's
 * own router, as admin-access.test.ts does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, customers, invoiceLines, invoices, notifications, orders, sessions, ticketDevices, tickets, trackedTickets, users } from '../../apps/server/src/db/schema.js';
import { issueToken } from '../../apps/server/src/modules/accounts/tokens.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { registeredRoutes, type RegisteredRoute } from '../../apps/server/src/test/routes.js';
import { signedInUser, TEST_PASSWORD } from '../../apps/server/src/test/users.js';
import { diffSnapshots, frenchMessageProblem, nextAddress, snapshot } from './helpers.js';

let routes: RegisteredRoute[] = [];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
type Headers = { authorization: string };

let t: TestApp;
let alice: { id: number; headers: Headers };
let bob: { id: number; headers: Headers };
let admin: { id: number; headers: Headers };
const ids = { customerA: 0, customerB: 0, ticketA: 0, ticketB: 0, invoiceA: 0, invoiceB: 0, orderB: 0, notificationB: 0 };
/** Bob's personal data: none of it may reach Alice, a visitor, or a public answer. */
const BOB_SECRETS = ['Bob-Secret-Nom', 'bob.secret@exemple.fr', '0611223344', '12 rue Cachée', '359999999999999', 'SN-BOB-SECRET'];

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'false' });
  routes = registeredRoutes(t.app);
  const db = t.database.db;
  const [a, b] = await db
    .insert(customers)
    .values([
      { firstName: 'Alice', lastName: 'Alice-Nom', email: 'alice.sec@exemple.fr', mobile: '0699887766', city: 'Arcachon' },
      { firstName: 'Bob', lastName: 'Bob-Secret-Nom', email: 'bob.secret@exemple.fr', mobile: '0611223344', address1: '12 rue Cachée', city: 'Biganos' },
    ])
    .returning();
  ids.customerA = a?.id ?? 0;
  ids.customerB = b?.id ?? 0;
  const [ta, tb] = await db
    .insert(tickets)
    .values([
      { ticketNumber: 'T-770001', customerId: ids.customerA, status: 'In Progress', totalCents: 8900, createdAt: new Date() },
      { ticketNumber: 'T-770002', customerId: ids.customerB, status: 'Repaired', totalCents: 4900, createdAt: new Date() },
    ])
    .returning();
  ids.ticketA = ta?.id ?? 0;
  ids.ticketB = tb?.id ?? 0;
  await db.insert(ticketDevices).values([
    { ticketId: ids.ticketA, category: 'Téléphone', brand: 'Apple', name: 'iPhone 14', model: 'A2882', fault: 'Écran cassé', status: 'In Progress', priceCents: 8900 },
    { ticketId: ids.ticketB, category: 'Console', brand: 'Sony', name: 'PS5', model: 'CFI-1216A', fault: 'Surchauffe', status: 'Repaired', imei: '359999999999999', serial: 'SN-BOB-SECRET', priceCents: 4900 },
  ]);
  const [ia, ib] = await db
    .insert(invoices)
    .values([
      { invoiceNumber: 'F-SEC-0001', customerId: ids.customerA, ticketId: ids.ticketA, status: 'Unpaid', subtotalCents: 7417, taxCents: 1483, totalCents: 8900 },
      { invoiceNumber: 'F-SEC-0002', customerId: ids.customerB, ticketId: ids.ticketB, status: 'Paid', subtotalCents: 4083, taxCents: 817, totalCents: 4900, amountPaidCents: 4900 },
    ])
    .returning();
  ids.invoiceA = ia?.id ?? 0;
  ids.invoiceB = ib?.id ?? 0;
  await db.insert(invoiceLines).values([{ invoiceId: ids.invoiceB, name: 'Nettoyage PS5', quantity: 1, unitPriceCents: 4900, taxCents: 817, totalCents: 4900 }]);
  alice = await signedInUser(t.app, db, { email: 'alice.compte.sec@exemple.fr', repairCustomerId: ids.customerA });
  bob = await signedInUser(t.app, db, { email: 'bob.secret@exemple.fr', repairCustomerId: ids.customerB });
  admin = await signedInUser(t.app, db, { email: 'staff.sec@exemple.fr', role: 'admin' });
  const [order] = await db
    .insert(orders)
    .values({
      orderKeyHash: createHash('sha256').update('wc_order_bobsecret').digest('hex'),
      status: 'on-hold',
      paymentMethod: 'bacs',
      paymentMethodTitle: 'Virement bancaire',
      userId: bob.id,
      customerId: ids.customerB,
      email: 'bob.secret@exemple.fr',
      billing: { first_name: 'Bob', last_name: 'Bob-Secret-Nom', email: 'bob.secret@exemple.fr', phone: '0611223344', address_1: '12 rue Cachée' },
      shipping: {},
      shippingMethodId: 'local_pickup',
      shippingMethodTitle: 'Retrait en boutique',
      subtotalCents: 1000,
      totalCents: 1000,
      inventoryBackend: 'local',
    })
    .returning();
  ids.orderB = order?.id ?? 0;
  const [notification] = await db.insert(notifications).values({ userId: bob.id, type: 'ticket', title: 'Réparation T-770002', body: 'Votre appareil est réparé' }).returning();
  ids.notificationB = notification?.id ?? 0;
  await db.insert(trackedTickets).values({ userId: bob.id, ticketNumber: 'T-770002', lastStatus: 'Repaired' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function call(method: string, url: string, options: { headers?: Record<string, string>; payload?: unknown; address?: string } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: options.headers ?? {},
    remoteAddress: options.address ?? nextAddress(),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

function leaks(body: string, secrets: string[]): string[] {
  return secrets.filter((secret) => body.toLowerCase().includes(secret.toLowerCase()));
}

describe('1. ownership: Alice against Bob’s records', () => {
  it('reads of Bob’s tickets, invoices, orders, notifications and tracked tickets give 403/404 or Alice’s own data only, without Bob’s data', async () => {
    const reads: [string, string][] = [
      ['GET', `/api/repairdesk/customers/${ids.customerB}/tickets`],
      ['GET', `/api/repairdesk/customers/${ids.customerB}`],
      ['GET', `/api/repairdesk/invoices/${ids.invoiceB}`],
      ['GET', `/api/repairdesk/invoices?customer_id=${ids.customerB}`],
      ['GET', `/api/shop/orders/${ids.orderB}`],
      ['GET', `/api/shop/orders/${ids.orderB}?key=wrong`],
      ['GET', `/api/shop/orders?customer=${bob.id}`],
      ['GET', `/api/notifications?user_id=${bob.id}`],
      ['GET', `/api/notifications/tracked-tickets?user_id=${bob.id}`],
    ];
    const problems: string[] = [];
    for (const [method, url] of reads) {
      const response = await call(method, url, { headers: alice.headers });
      const leaked = leaks(response.body, [...BOB_SECRETS, 'F-SEC-0002', 'T-770002', 'Votre appareil est réparé']);
      if (response.statusCode < 400 && leaked.length) problems.push(`${method} ${url}: ${response.statusCode} leaks ${leaked.join(', ')}`);
      if (response.statusCode >= 400 && ![401, 403, 404].includes(response.statusCode)) problems.push(`${method} ${url}: ${response.statusCode}`);
      if (response.statusCode >= 400 && leaked.length) problems.push(`${method} ${url}: error body leaks ${leaked.join(', ')}`);
    }
    // The same reads as Bob do find his records (the check above proves something).
    expect((await call('GET', `/api/repairdesk/invoices/${ids.invoiceB}`, { headers: bob.headers })).body).toContain('F-SEC-0002');
    expect((await call('GET', `/api/shop/orders/${ids.orderB}`, { headers: bob.headers })).statusCode).toBe(200);
    expect((await call('GET', `/api/repairdesk/invoices/${ids.invoiceB}`, { headers: admin.headers })).body, 'staff see every invoice').toContain('F-SEC-0002');
    expect((await call('GET', '/api/notifications', { headers: bob.headers })).body).toContain('Votre appareil est réparé');
    expect((await call('GET', '/api/notifications/tracked-tickets', { headers: bob.headers })).body).toContain('770002');
    expect(problems).toEqual([]);
  });

  it('invoice PDF/download routes of Bob’s invoice are refused to Alice', async () => {
    const downloads = routes.filter((route) => route.method === 'GET' && /invoice/i.test(route.url) && /pdf|download|print/i.test(route.url) && !route.url.startsWith('/api/admin/'));
    const problems: string[] = [];
    for (const route of downloads) {
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, String(ids.invoiceB));
      const response = await call('GET', url, { headers: alice.headers });
      if (![401, 403, 404].includes(response.statusCode)) problems.push(`${url}: ${response.statusCode}`);
    }
    // The account's invoice PDF is made in the browser from the invoice read above (refused); no server route may serve it to someone else.
    expect(problems).toEqual([]);
  });

  it('changes to Bob’s records by Alice are refused and change nothing', async () => {
    const before = await snapshot(t.database.db);
    const changes: [string, string, unknown][] = [
      ['PUT', `/api/repairdesk/customers/${ids.customerB}`, { first_name: 'Pirate', phone: '0700000000' }],
      ['POST', `/api/notifications/${ids.notificationB}/read`, undefined],
      ['DELETE', `/api/notifications/${ids.notificationB}`, undefined],
      ['DELETE', '/api/notifications/tracked-tickets/T-770002', undefined],
      ['POST', '/api/tracking/unfollow', { ticket: 'T-770002' }],
      ['POST', '/api/admin/capture-order', { orderId: ids.orderB, order_id: ids.orderB }],
      ['POST', '/api/devis-notification/order-confirmation', { orderId: ids.orderB, order_id: ids.orderB }],
      ['POST', '/api/notifications/send-ticket-update', { ticketNumber: 'T-770002', ticket: 'T-770002', email: 'alice.sec@exemple.fr' }],
    ];
    const problems: string[] = [];
    for (const [method, url, payload] of changes) {
      const response = await call(method, url, { headers: alice.headers, payload });
      if (response.statusCode >= 500) problems.push(`${method} ${url}: ${response.statusCode}`);
    }
    const after = await snapshot(t.database.db);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.id, ids.notificationB));
    expect(note, 'Bob’s notification still there').toBeDefined();
    expect(note?.readAt ?? null, 'Bob’s notification still unread').toBeNull();
    const tracked = await t.database.db.select().from(trackedTickets).where(eq(trackedTickets.userId, bob.id));
    expect(tracked.length).toBe(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, ids.orderB));
    expect(order?.status).toBe('on-hold');
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, ids.customerB));
    expect(customer?.firstName).toBe('Bob');
    // Notifications/outbox rows Alice's calls may write are hers; Bob's tables did not move.
    expect(diffSnapshots(before, after).filter((table) => !['notifications', 'tracked_tickets'].includes(table))).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('2. public ticket answers carry no personal data', () => {
  it('the 14-day list, the lookup by number and the tracking follow answer hold no name, e-mail, phone or address', async () => {
    const answers = [
      await call('GET', '/api/repairdesk/tickets'),
      await call('GET', '/api/repairdesk/tickets?keyword=T-770002'),
      await call('GET', '/api/repairdesk/tickets?keyword=Bob'),
      await call('GET', '/api/repairdesk/tickets?keyword=0611223344'),
      await call('GET', '/api/repairdesk/tickets/T-770002'),
      await call('GET', '/api/repairdesk/tickets/770002'),
      await call('GET', `/api/repairdesk/tickets/${ids.ticketB}`),
      await call('GET', '/api/repairdesk/tickets/T-770002', { headers: alice.headers }),
      await call('POST', '/api/tracking/follow', { payload: { ticket: 'T-770002' } }),
    ];
    expect(answers[4]?.statusCode, answers[4]?.body).toBe(200);
    expect(answers[4]?.body).toContain('770002');
    const problems: string[] = [];
    for (const response of answers) {
      const leaked = leaks(response.body, BOB_SECRETS);
      if (leaked.length) problems.push(`${response.statusCode}: ${leaked.join(', ')} in ${response.body.slice(0, 200)}`);
      if (/[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/i.test(response.body)) problems.push(`an e-mail address in ${response.body.slice(0, 200)}`);
      if (response.statusCode >= 500) problems.push(`${response.statusCode}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('3. staff endpoints', () => {
  const PUBLIC = new Set(['GET /api/admin/site-settings', 'HEAD /api/admin/site-settings', 'POST /api/admin/capture-order']);
  it('every /api/admin/** route: 401 without a session, 403 with a customer session', async () => {
    const seen = new Set<string>();
    const staff = routes.filter((route) => {
      const key = `${route.method} ${route.url}`;
      if (!route.url.startsWith('/api/admin/') || route.method === 'OPTIONS' || PUBLIC.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(staff.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of staff) {
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, '1');
      const payload = ['GET', 'HEAD'].includes(route.method) ? undefined : { id: 1 };
      const anonymous = await call(route.method, url, { payload });
      if (anonymous.statusCode !== 401) problems.push(`${route.method} ${route.url} anonymous: ${anonymous.statusCode}`);
      const customer = await call(route.method, url, { payload, headers: alice.headers });
      if (customer.statusCode !== 403) problems.push(`${route.method} ${route.url} customer: ${customer.statusCode}`);
      if (route.method !== 'HEAD') {
        for (const response of [anonymous, customer]) {
          const problem = frenchMessageProblem(response);
          if (problem) problems.push(`${route.method} ${route.url}: ${problem}`);
        }
      }
    }
    console.log(`[security] staff endpoints checked: ${staff.length}`);
    expect(problems).toEqual([]);
  });
});

describe('4. rate limits answer 429 with a French message', () => {
  async function firstLimited(label: string, attempt: (index: number) => Promise<LightMyRequestResponse>, max: number) {
    for (let index = 1; index <= max; index += 1) {
      const response = await attempt(index);
      expect(response.statusCode, `${label} #${index}: ${response.body.slice(0, 160)}`).toBeLessThan(500);
      if (response.statusCode === 429) {
        expect(frenchMessageProblem(response), label).toBeNull();
        const again = await attempt(index + 1);
        expect(again.statusCode, `${label} after the limit`).toBe(429);
        return index;
      }
    }
    throw new Error(`${label}: no 429 after ${max} attempts`);
  }

  it('login, register, password reset, contact and ticket lookup', async () => {
    const ip = '203.0.113.10';
    const results: Record<string, number> = {};
    results.login = await firstLimited('login', () => call('POST', '/api/auth/login', { address: ip, payload: { email: 'alice.compte.sec@exemple.fr', password: 'mauvais-mdp' } }), 30);
    results.register = await firstLimited(
      'register',
      (index) => call('POST', '/api/auth/register', { address: '203.0.113.11', payload: { first_name: 'Zoé', last_name: 'Test', email: `zoe.rl${index}@exemple.fr`, password: 'Motdepasse1', confirmPassword: 'Motdepasse1' } }),
      30,
    );
    results.forgot = await firstLimited('password reset', () => call('POST', '/api/password-reset/forgot', { address: '203.0.113.12', payload: { email: 'alice.compte.sec@exemple.fr' } }), 30);
    results.contact = await firstLimited(
      'contact',
      (index) => call('POST', '/api/email-simple/contact', { address: '203.0.113.13', payload: { name: 'Jean Test', email: 'jean@exemple.fr', subject: `Question ${index}`, message: 'Bonjour, une question sur une réparation.' } }),
      40,
    );
    results.lookup = await firstLimited('ticket lookup', (index) => call('GET', `/api/repairdesk/tickets/T-${900000 + index}`, { address: '203.0.113.14' }), 200);
    console.log(`[security] first 429 at attempt: ${JSON.stringify(results)}`);
    expect(results.login).toBeLessThanOrEqual(11);
    expect(results.forgot).toBeLessThanOrEqual(11);
  }, 120_000);
});

describe('5. cross-site POST', () => {
  /**
   * Two locks: the session cookie is SameSite=Lax (browsers do not send it on a cross-site
   * POST), and the server refuses API writes whose Origin/Sec-Fetch-Site name another site
   * (apps/server/src/plugins/same-origin.ts), so a page elsewhere cannot act with the session.
   */
  it('the session cookie is HttpOnly and SameSite=Lax (no cross-site POST carries it)', async () => {
    const login = await call('POST', '/api/auth/login', { payload: { email: 'bob.secret@exemple.fr', password: TEST_PASSWORD } });
    const setCookie = String([login.headers['set-cookie']].flat()[0] ?? '');
    expect(setCookie).toMatch(/^erepare_session=/);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
  });

  it('a cookie-authenticated POST from https://evil.example is refused and changes nothing', async () => {
    const login = await call('POST', '/api/auth/login', { payload: { email: 'bob.secret@exemple.fr', password: TEST_PASSWORD } });
    const cookie = String([login.headers['set-cookie']].flat()[0] ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^erepare_session=/);
    expect(String([login.headers['set-cookie']].flat()[0])).toMatch(/SameSite=Lax/i);
    expect(String([login.headers['set-cookie']].flat()[0])).toMatch(/HttpOnly/i);
    const [before] = await t.database.db.select().from(notifications).where(eq(notifications.id, ids.notificationB));
    const response = await call('POST', '/api/notifications/read-all', { headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    const [after] = await t.database.db.select().from(notifications).where(eq(notifications.id, ids.notificationB));
    console.log(`[security] cross-site POST answered ${response.statusCode}`);
    expect(after?.readAt ?? null).toEqual(before?.readAt ?? null);
    expect([401, 403]).toContain(response.statusCode);
  });
});

describe('6. security headers and CSP', () => {
  it('an API answer and a page carry helmet’s headers and a CSP without inline scripts', async () => {
    const api = await call('GET', '/api/health');
    const page = await call('GET', '/');
    for (const response of [api, page]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(String(response.headers['referrer-policy'])).toMatch(/strict-origin|no-referrer|same-origin/);
      const csp = String(response.headers['content-security-policy'] ?? '');
      const frameAncestors = /frame-ancestors\s+('none'|'self')/.test(csp);
      expect(frameAncestors || ['DENY', 'SAMEORIGIN'].includes(String(response.headers['x-frame-options']).toUpperCase()), 'framing refused').toBe(true);
      expect(csp).toMatch(/default-src|script-src/);
      const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(script).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
      expect(csp).toMatch(/object-src 'none'/);
    }
  });
});

describe('7. sessions and reset tokens', () => {
  const cookieOf = (response: LightMyRequestResponse) => String([response.headers['set-cookie']].flat()[0] ?? '').split(';')[0] ?? '';

  it('a session id planted before login is not the one after (fixation)', async () => {
    const planted = 'a'.repeat(64);
    const response = await call('POST', '/api/auth/login', { headers: { cookie: `erepare_session=${planted}` }, payload: { email: 'alice.compte.sec@exemple.fr', password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const token = response.json<{ token: string }>().token;
    expect(token).not.toBe(planted);
    expect(cookieOf(response)).not.toContain(planted);
    const stored = await t.database.db.execute(sql`select count(*)::int as n from sessions where token_hash = ${createHash('sha256').update(planted).digest('hex')} or token_hash = ${planted}`);
    expect((stored as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('logout revokes the token server-side; so does a password reset for every session', async () => {
    const first = await signedInUser(t.app, t.database.db, { email: 'revoke.sec@exemple.fr' });
    expect((await call('GET', '/api/notifications', { headers: first.headers })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/logout', { headers: first.headers, payload: {} })).statusCode).toBeLessThan(300);
    expect((await call('GET', '/api/notifications', { headers: first.headers })).statusCode).toBe(401);

    const second = await call('POST', '/api/auth/login', { payload: { email: 'revoke.sec@exemple.fr', password: TEST_PASSWORD } });
    const headers = { authorization: `Bearer ${second.json<{ token: string }>().token}` };
    expect((await call('GET', '/api/notifications', { headers })).statusCode).toBe(200);
    const token = await issueToken(t.database.db, { userId: first.id, email: 'revoke.sec@exemple.fr' }, 'password_reset');
    const reset = { token, email: 'revoke.sec@exemple.fr', password: 'NouveauMdp42', confirmPassword: 'NouveauMdp42' };
    const used = await call('POST', '/api/password-reset/reset', { payload: reset });
    expect(used.statusCode, used.body).toBe(200);
    expect((await call('GET', '/api/notifications', { headers })).statusCode, 'old session after a password reset').toBe(401);

    // Reuse: the same token a second time is refused, the password stays the first new one.
    const reused = await call('POST', '/api/password-reset/reset', { payload: { ...reset, password: 'EncoreAutre99', confirmPassword: 'EncoreAutre99' } });
    expect(reused.statusCode).toBeGreaterThanOrEqual(400);
    expect(reused.statusCode).toBeLessThan(500);
    expect(frenchMessageProblem(reused)).toBeNull();
    expect((await call('POST', '/api/auth/login', { payload: { email: 'revoke.sec@exemple.fr', password: 'EncoreAutre99' } })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', { payload: { email: 'revoke.sec@exemple.fr', password: 'NouveauMdp42' } })).statusCode).toBe(200);
  });

  it('an expired reset token is refused (aged in the database)', async () => {
    const user = await signedInUser(t.app, t.database.db, { email: 'expire.sec@exemple.fr' });
    const token = await issueToken(t.database.db, { userId: user.id, email: 'expire.sec@exemple.fr' }, 'password_reset');
    await t.database.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(authTokens.userId, user.id));
    const response = await call('POST', '/api/password-reset/reset', { payload: { token, email: 'expire.sec@exemple.fr', password: 'NouveauMdp42', confirmPassword: 'NouveauMdp42' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(frenchMessageProblem(response)).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect((await call('POST', '/api/auth/login', { payload: { email: 'expire.sec@exemple.fr', password: TEST_PASSWORD } })).statusCode).toBe(200);
    expect(row).toBeDefined();
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.length).toBeGreaterThan(0);
  });
});

describe('8. no secret in the built web assets', () => {
  // React Router's build: what browsers get (client/); its server bundle is never served.
  const browserBuild = path.join(root, 'apps/web/build/client');
  function files(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return files(full);
      return /\.(js|mjs|html|json|css|txt|webmanifest)$/.test(entry.name) ? [full] : [];
    });
  }

  it('no Stripe/PayPal/webhook/VAPID/SMTP/database secret, private key or test secret', () => {
    if (!fs.existsSync(path.join(browserBuild, 'sw.js'))) {
      const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
      expect(build.status, 'web build').toBe(0);
    }
    const all = files(browserBuild);
    expect(all.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
    const patterns: [string, RegExp][] = [
      ['Stripe secret key', /\b(sk|rk)_(live|test)_[A-Za-z0-9]{8,}/],
      ['Stripe webhook secret', /whsec_[A-Za-z0-9]{8,}/],
      ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----|-----BEGIN/],
      ['DATABASE_URL', /DATABASE_URL|postgres(ql)?:\/\/[^\s"'`]*@/],
      ['SMTP credentials', /smtps?:\/\/[^\s"'`/]+:[^\s"'`/]+@/],
      ['PayPal client secret', /PAYPAL_CLIENT_SECRET|client_secret["']?\s*[:=]\s*["'][A-Za-z0-9_-]{20,}/],
      ['VAPID private key', /VAPID_PRIVATE|vapidPrivate|privateKey["']?\s*[:=]\s*["'][A-Za-z0-9_-]{40,}/],
      ['FCM service account', /FCM_PRIVATE_KEY|"private_key"|service_account/],
      ['environment names', /STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|SMTP_URL|ADMIN_PASSWORD|REPAIRDESK_API_KEY/],
    ];
    // The values the e2e and test environments use as secrets.
    const testSecrets = ['Motdepasse1', 'sk_test_', 'whsec_', 'e2e-secret', 'PAYPAL_SECRET'];
    const problems: string[] = [];
    for (const file of all) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [label, pattern] of patterns) {
        const match = pattern.exec(text);
        if (match) problems.push(`${path.relative(root, file)}: ${label} (${text.slice(Math.max(0, match.index - 40), match.index + 60)})`);
      }
      for (const secret of testSecrets) if (text.includes(secret)) problems.push(`${path.relative(root, file)}: test secret ${secret}`);
    }
    console.log(`[security] web assets scanned: ${all.length} files`);
    expect(problems).toEqual([]);
  });
});

describe('framework errors before routing', () => {
  it('a path parameter over the router’s 200 characters and a malformed %-escape get a French 4xx (found by the fuzzer)', async () => {
    const long = await call('GET', `/api/repairdesk/invoices/${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(frenchMessageProblem(long), long.body.slice(0, 200)).toBeNull();
    const bad = await call('GET', '/api/repairdesk/invoices/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(frenchMessageProblem(bad), bad.body.slice(0, 200)).toBeNull();
  });
});
