/**
 * Security suite, issue 20 items 12-15: one path, one check (every spelling of a path meets the
 * same checks, the server's own bundle is never served); Web Push cannot reach inside; the public
 * ticket list is the dashboard's window without a per-person id; personal answers are never
 * cached. The real application in-process (app.inject) and over a real socket (raw request lines:
 * HTTP clients would normalise the spellings under test); nothing of ours is mocked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { customers, invoices, notifications, orders, pushOutbox, pushSubscriptions, ticketDevices, tickets, trackedTickets } from '../../apps/server/src/db/schema.js';
import { browserSubscription } from '../../apps/server/src/test/fakes/push-service-fake.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { diffSnapshots, frenchMessageProblem, snapshot } from './helpers.js';

/**
 * What must never leave the server: the server half of the web build (build/server, beside the
 * files browsers get in build/client), marked here with a secret. The test serves a copy of the
 * real build (inside the repository, where the server bundle finds its packages).
 */
const SSR_SECRET = 'SECRET-DU-RENDU-SERVEUR';
const webDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web');

let t: TestApp;
let dist: string;
let port = 0;
let user: { id: number; headers: { authorization: string } };
let admin: { id: number; headers: { authorization: string } };
const ids = { customer: 0, ticket: 0, invoice: 0, order: 0, notification: 0 };
const ORDER_KEY = 'wc_order_cachetest';

beforeAll(async () => {
  if (!existsSync(path.join(webDir, 'build/server/index.js'))) {
    const build = spawnSync(process.execPath, [path.join(webDir, '../../scripts/build.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  dist = path.join(webDir, '.test-builds', `security-${process.pid}`);
  await fs.rm(dist, { recursive: true, force: true });
  await fs.cp(path.join(webDir, 'build'), dist, { recursive: true });
  await fs.mkdir(path.join(dist, 'client', 'assets'), { recursive: true });
  await fs.writeFile(path.join(dist, 'client', 'assets', 'app-abc123.js'), 'console.log("public");');
  await fs.appendFile(path.join(dist, 'server', 'index.js'), `\n// ${SSR_SECRET}\n`);
  await fs.writeFile(path.join(dist, 'server', 'secret.txt'), SSR_SECRET);
  // As in production: pushes reach public addresses only (the tests' loopback switch off).
  t = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: 'false', PUSH_ALLOW_LOCAL_ENDPOINTS: 'false' });
  const db = t.database.db;
  const [customer] = await db.insert(customers).values({ firstName: 'Camille', lastName: 'Cache', email: 'camille.cache@exemple.fr', mobile: '0655443322', city: 'Gujan-Mestras' }).returning();
  ids.customer = customer?.id ?? 0;
  const [ticket] = await db.insert(tickets).values({ ticketNumber: 'T-880001', customerId: ids.customer, status: 'In Progress', totalCents: 5900 }).returning();
  ids.ticket = ticket?.id ?? 0;
  await db.insert(ticketDevices).values({ ticketId: ids.ticket, category: 'Téléphone', brand: 'Samsung', name: 'Galaxy S21', model: 'SM-G991B', fault: 'Batterie', status: 'In Progress', priceCents: 5900 });
  const [invoice] = await db
    .insert(invoices)
    .values({ invoiceNumber: 'F-CACHE-0001', customerId: ids.customer, ticketId: ids.ticket, status: 'Unpaid', subtotalCents: 4917, taxCents: 983, totalCents: 5900 })
    .returning();
  ids.invoice = invoice?.id ?? 0;
  user = await signedInUser(t.app, db, { email: 'camille.cache@exemple.fr', repairCustomerId: ids.customer });
  admin = await signedInUser(t.app, db, { email: 'staff.cache@exemple.fr', role: 'admin' });
  const [order] = await db
    .insert(orders)
    .values({
      orderKeyHash: createHash('sha256').update(ORDER_KEY).digest('hex'),
      status: 'on-hold',
      paymentMethod: 'bacs',
      paymentMethodTitle: 'Virement bancaire',
      userId: user.id,
      customerId: ids.customer,
      email: 'camille.cache@exemple.fr',
      billing: { first_name: 'Camille', last_name: 'Cache', email: 'camille.cache@exemple.fr', phone: '0655443322', address_1: '3 allée du Cache' },
      shipping: {},
      shippingMethodId: 'local_pickup',
      shippingMethodTitle: 'Retrait en boutique',
      subtotalCents: 1000,
      totalCents: 1000,
      inventoryBackend: 'local',
    })
    .returning();
  ids.order = order?.id ?? 0;
  const [notification] = await db.insert(notifications).values({ userId: user.id, type: 'ticket', title: 'Réparation T-880001', body: 'En cours' }).returning();
  ids.notification = notification?.id ?? 0;
  await db.insert(trackedTickets).values({ userId: user.id, ticketNumber: 'T-880001', lastStatus: 'In Progress' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: string; body: string };

/** One request written byte for byte on a socket (no client normalises its target); the answer read to its end. */
function rawRequest(requestLine: string, headers: string[] = [], body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: split === -1 ? '' : text.slice(split + 4) });
    });
    const lines = [requestLine, `Host: 127.0.0.1:${port}`, 'Connection: close', ...headers];
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

describe('item 12: one path, one check', () => {
  /** Every spelling of the server's own files the attack used, and the variants a parser may read as them. */
  const SERVER_FILES = [
    '/../server/index.js',
    '//../server/index.js',
    '/./../server/index.js',
    '/assets/../../server/index.js',
    '/assets/%2e%2e/%2e%2e/server/index.js',
    '/assets/%2E%2E/%2E%2E/server/secret.txt',
    '/%2e%2e/server/index.js',
    '/.%2e/server/secret.txt',
    '/..%2fserver%2findex.js',
    '/assets%2f..%2f..%2fserver%2fsecret.txt',
    '/%2e%2e/%73erver/secret.txt',
    '/..\\server\\index.js',
    '/assets\\..\\..\\server\\secret.txt',
    '/\\..\\server/index.js',
    '/..%5Cserver%5Csecret.txt',
    '/x/../../server/secret.txt',
    '/server/index.js',
    '/server/secret.txt',
    '/SERVER/secret.txt',
    '/client/../server/secret.txt',
    '/../../.test-builds/security/server/secret.txt',
  ];

  it.each(SERVER_FILES)('never serves %s through app.inject', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.body).not.toContain(SSR_SECRET);
    expect(response.body).not.toContain('createRequestHandler');
    expect([400, 404]).toContain(response.statusCode);
  });

  it.each(SERVER_FILES)('never serves %s over a socket (raw request line)', async (url) => {
    const answer = await rawRequest(`GET ${url} HTTP/1.1`);
    expect(answer.body).not.toContain(SSR_SECRET);
    expect(answer.body).not.toContain('createRequestHandler');
    expect([400, 404]).toContain(answer.status);
  });

  it('still serves the public build and its pages', async () => {
    const asset = await rawRequest('GET /assets/app-abc123.js HTTP/1.1');
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('public');
    // A harmless other spelling of a public file is the same file.
    expect((await rawRequest('GET //assets/./app-abc123.js HTTP/1.1')).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/contact' })).statusCode).toBe(200);
  });

  /** Spellings of an API write path; each must meet the cross-site check (or be refused before any route). */
  const API_SPELLINGS = [
    '/api/email-simple/contact',
    '/%61pi/email-simple/contact',
    '/%61%70%69/email-simple/contact',
    '/%41PI/email-simple/contact',
    '/%41pi/email-simple/contact',
    '/API/email-simple/contact',
    '//api/email-simple/contact',
    '/./api/email-simple/contact',
    '/x/../api/email-simple/contact',
    '/%2e/api/email-simple/contact',
    '/api/%2e/email-simple/contact',
    '/api//email-simple/contact',
    '/api%2femail-simple/contact',
    '/api\\email-simple\\contact',
    '/%61pi/email-simple/%63ontact',
  ];
  const CONTACT = JSON.stringify({ name: 'Visiteur', email: 'visiteur@exemple.fr', phone: '0612345678', subject: 'Question', message: 'Bonjour, une question sur une réparation.' });
  const CROSS_SITE = { origin: 'https://pirate.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' };

  it.each(API_SPELLINGS)('a cross-site write to %s is refused before any route (app.inject)', async (url) => {
    const before = await snapshot(t.database.db);
    const response = await t.app.inject({ method: 'POST', url, headers: CROSS_SITE, payload: CONTACT });
    expect([400, 403]).toContain(response.statusCode);
    expect(frenchMessageProblem(response)).toBeNull();
    expect(diffSnapshots(before, await snapshot(t.database.db))).toEqual([]);
  });

  it.each(API_SPELLINGS)('a cross-site write to %s is refused before any route (raw socket)', async (url) => {
    const before = await snapshot(t.database.db);
    const answer = await rawRequest(
      `POST ${url} HTTP/1.1`,
      Object.entries(CROSS_SITE).map(([name, value]) => `${name}: ${value}`),
      CONTACT,
    );
    expect([400, 403]).toContain(answer.status);
    expect(answer.body).toMatch(/"message":"(Requête refusée|Adresse invalide)/);
    expect(diffSnapshots(before, await snapshot(t.database.db))).toEqual([]);
  });

  it('an API read spelled otherwise is the API (never the page shell), same answer as the canonical path', async () => {
    const canonical = await rawRequest('GET /api/repairdesk/statuses HTTP/1.1');
    const other = await rawRequest('GET /%61pi//repairdesk/./statuses HTTP/1.1');
    expect(canonical.status).toBe(200);
    expect(other.status).toBe(200);
    expect(other.body).toBe(canonical.body);
  });
});

describe('item 15: personal answers are never cached', () => {
  const noStore = (header: unknown) => typeof header === 'string' && /(^|,)\s*no-store\s*(,|$)/i.test(header);

  it('every answer to a signed-in caller (bearer) about them carries Cache-Control: no-store', async () => {
    const reads = [
      '/api/account/profile',
      '/api/account/export',
      `/api/repairdesk/customers/${ids.customer}`,
      `/api/repairdesk/customers/${ids.customer}/tickets`,
      `/api/repairdesk/tickets/${ids.ticket}`,
      `/api/repairdesk/invoices?customer_id=${ids.customer}`,
      `/api/repairdesk/invoices/${ids.invoice}`,
      '/api/shop/orders',
      `/api/shop/orders/${ids.order}`,
      '/api/shop/loyalty',
      '/api/notifications',
      '/api/notifications/preferences',
      '/api/notifications/tracked-tickets',
    ];
    const missing: string[] = [];
    for (const url of reads) {
      const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode, url).toBe(200);
      if (!noStore(response.headers['cache-control'])) missing.push(`${url}: ${String(response.headers['cache-control'])}`);
    }
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-session', headers: user.headers });
    if (!noStore(verify.headers['cache-control'])) missing.push(`verify-session: ${String(verify.headers['cache-control'])}`);
    expect(missing).toEqual([]);
  });

  it('the same through the session cookie, and for the staff’s reads', async () => {
    const cookie = `erepare_session=${user.headers.authorization.slice('Bearer '.length)}`;
    for (const url of ['/api/account/profile', `/api/repairdesk/invoices/${ids.invoice}`, '/api/notifications']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(noStore(response.headers['cache-control']), url).toBe(true);
    }
    for (const url of ['/api/admin/customers', '/api/admin/tickets', '/api/admin/invoices', `/api/admin/customers/${ids.customer}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode, url).toBe(200);
      expect(noStore(response.headers['cache-control']), url).toBe(true);
    }
  });

  it('an order read with its order key (no session), and the order page with its key, are not cached', async () => {
    const api = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${ids.order}?key=${ORDER_KEY}` });
    expect(api.statusCode).toBe(200);
    expect(noStore(api.headers['cache-control'])).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: `/commande?order=${ids.order}&key=${ORDER_KEY}` });
    expect(noStore(page.headers['cache-control'])).toBe(true);
  });

  it('the login answer (it sets the session cookie) is not cached', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'camille.cache@exemple.fr', password: 'Motdepasse1' }, remoteAddress: '10.201.0.1' });
    expect(response.statusCode).toBe(200);
    expect(noStore(response.headers['cache-control'])).toBe(true);
  });

  it('public answers to anonymous visitors keep their own policy (catalogue, settings, statuses)', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/site-settings' });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toBe('no-cache');
    for (const url of ['/api/shop/products', '/api/shop/products/categories', '/api/repairdesk/statuses']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(noStore(response.headers['cache-control']), url).toBe(false);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('item 14: the public ticket list is the dashboard’s window, without a per-person id', () => {
  const DAY = 86_400_000;
  type Row = Record<string, unknown> & { ticket_number: string; created_at: string; customer_name: string };

  beforeAll(async () => {
    const db = t.database.db;
    const now = Date.now();
    await db.insert(tickets).values([
      { ticketNumber: 'T-880002', customerId: ids.customer, status: 'Repaired', totalCents: 0, createdAt: new Date(now - 20 * DAY), updatedAt: new Date(now - 19 * DAY) },
      { ticketNumber: 'T-880003', customerId: ids.customer, status: 'Waiting for parts', totalCents: 0, createdAt: new Date(now - 3 * DAY), updatedAt: new Date(now - 3 * DAY) },
    ]);
  });

  it.each([
    '/api/repairdesk/tickets?page=0&pagesize=500&from_date=0&to_date=4000000000',
    '/api/repairdesk/tickets?page=0&pagesize=500',
    '/api/repairdesk/tickets?pagesize=500&keyword=T-88000',
    `/api/repairdesk/tickets?pagesize=500&from_date=${Math.floor(Date.now() / 1000) - 30 * 86_400}`,
  ])('%s serves the last 14 days only', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: Row[]; total: number }>();
    const oldest = Date.now() - 14 * DAY;
    for (const row of body.data) expect(new Date(row.created_at).getTime(), row.ticket_number).toBeGreaterThanOrEqual(oldest);
    const numbers = body.data.map((row) => row.ticket_number);
    expect(numbers).toContain('T-880003');
    expect(numbers).not.toContain('T-880002');
    expect(body.total).toBe(body.data.length);
  });

  it('no row (nor the anonymous lookup) carries anything that ties one person’s repairs together', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/repairdesk/tickets?pagesize=500&keyword=T-88000' });
    const rows = response.json<{ data: Row[] }>().data;
    const mine = rows.filter((row) => ['T-880001', 'T-880003'].includes(row.ticket_number));
    expect(mine).toHaveLength(2);
    for (const row of rows) {
      expect(row).not.toHaveProperty('customer_id');
      expect(row).not.toHaveProperty('customerId');
    }
    // Besides the device and the status, the two repairs of one customer share no value.
    const [a, b] = mine as [Row, Row];
    expect(a.customer_name).not.toBe(b.customer_name);
    const lookup = await t.app.inject({ method: 'GET', url: '/api/repairdesk/tickets/T-880003' });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json<{ data: Row }>().data).not.toHaveProperty('customer_id');
    expect(lookup.json<{ data: Row }>().data.customer_name).toBe(b.ticket_number === 'T-880003' ? b.customer_name : a.customer_name);
  });
});

describe('item 13: Web Push cannot reach inside', () => {
  let inside: net.Server;
  let insidePort = 0;
  let connections = 0;

  beforeAll(async () => {
    // Something listening inside (on the loopback): no push may ever connect to it.
    inside = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    insidePort = (inside.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())));

  const insideEndpoints = () => [
    `https://localhost.:${insidePort}/push/a`,
    `https://LOCALHOST.:${insidePort}/push/b`,
    `https://localhost:${insidePort}/push/c`,
    `https://vm.localhost.:${insidePort}/push/d`,
    `https://127.0.0.1:${insidePort}/push/e`,
    `https://127.1:${insidePort}/push/f`,
    `https://2130706433:${insidePort}/push/g`,
    `https://0x7f.0.0.1:${insidePort}/push/h`,
    `https://0.0.0.0:${insidePort}/push/i`,
    `https://[::1]:${insidePort}/push/j`,
    `https://[::ffff:127.0.0.1]:${insidePort}/push/k`,
    `http://127.0.0.1:${insidePort}/push/l`,
    `http://localhost:${insidePort}/push/m`,
    'https://10.0.0.1/push/n',
    'https://192.168.1.1/push/o',
    'https://172.16.0.1/push/p',
    'https://100.64.0.1/push/q',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/push/r',
    'https://[fc00::1]/push/s',
    'http://fcm.googleapis.com/fcm/send/t',
  ];

  it('an endpoint inside is refused at subscription with a French 400, nothing stored', async () => {
    const accepted: string[] = [];
    for (const endpoint of insideEndpoints()) {
      const response = await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: user.headers, payload: browserSubscription(endpoint).json });
      if (response.statusCode !== 400 || frenchMessageProblem(response) !== null) accepted.push(`${endpoint}: ${response.statusCode}`);
    }
    expect(accepted).toEqual([]);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    expect(connections).toBe(0);
  });

  it('the push job never connects inside (subscriptions stored before this check, or altered): each push fails, not retried', async () => {
    const db = t.database.db;
    const rows = await db
      .insert(pushSubscriptions)
      .values(insideEndpoints().map((endpoint) => ({ userId: user.id, endpoint, p256dh: browserSubscription(endpoint).json.keys.p256dh, auth: browserSubscription(endpoint).json.keys.auth })))
      .returning({ id: pushSubscriptions.id });
    await db.insert(pushOutbox).values(rows.map((row) => ({ subscriptionId: row.id, payload: { type: 'ticket', title: 'Réparation T-880001', body: 'Prêt', ticketId: 'T-880001' } })));
    while ((await t.app.push.runOnce()) > 0) {
      // Claims batches until the outbox has nothing due.
    }
    expect(connections).toBe(0);
    const outcomes = await db.select({ status: pushOutbox.status, error: pushOutbox.lastError }).from(pushOutbox);
    expect(outcomes).toHaveLength(rows.length);
    for (const outcome of outcomes) expect(outcome).toEqual({ status: 'failed', error: 'adresse du service push refusée' });
  });
});
