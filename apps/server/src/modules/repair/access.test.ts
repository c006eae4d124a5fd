import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, customers, invoiceLines, invoices, ticketDevices, tickets, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

/**
 * The one ownership rule (DESIGN.md §4) on every /api/repairdesk route: a ticket, invoice or
 * customer record belongs to the signed-in user whose linked customer id is its customer id;
 * admins see everything; visitors see public ticket fields only.
 */
let t: TestApp;
type Headers = { authorization: string };
let alice: Headers;
let bob: Headers;
let admin: Headers;
let carl: { id: number; headers: Headers };
let dave: Headers;
let eve: { id: number; headers: Headers };
const ids = { customerA: 0, customerB: 0, customerC: 0, ticketA: 0, ticketB: 0, invoiceA: 0, invoiceB: 0 };
const ALICE_SECRETS = ['Alice-Privée', 'alice.privee@exemple.fr', '0699887766', '7 allée des Pins', '351111111111111', 'SN-ALICE'];

async function get(url: string, headers: Partial<Headers> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

type Response = Awaited<ReturnType<typeof get>>;
type Envelope = { success: boolean; message: string; statusCode: number; total: number; linked?: boolean; data: unknown };
const body = (response: Response) => response.json<Envelope>();
const rows = (response: Response) => body(response).data as Record<string, unknown>[];
const column = (response: Response, key: string) => rows(response).map((row) => row[key]);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [a, b, c] = await db
    .insert(customers)
    .values([
      { firstName: 'Alice', lastName: 'Alice-Privée', email: 'alice.privee@exemple.fr', mobile: '0699887766', address1: '7 allée des Pins', city: 'Arcachon', loyaltyBalanceCents: 1250 },
      { firstName: 'Bob', lastName: 'Martin', email: 'bob.martin@exemple.fr', mobile: '0600000001', city: 'Biganos' },
      { firstName: 'Carl', lastName: 'Seconde', email: 'carl.principal@exemple.fr', emails: ['carl.secondaire@exemple.fr'], city: 'Mios' },
    ])
    .returning();
  ids.customerA = a?.id ?? 0;
  ids.customerB = b?.id ?? 0;
  ids.customerC = c?.id ?? 0;
  const [ta, tb] = await db
    .insert(tickets)
    .values([
      { ticketNumber: 'T-880001', customerId: ids.customerA, status: 'In Progress', totalCents: 8900 },
      { ticketNumber: 'T-880002', customerId: ids.customerB, status: 'Repaired', totalCents: 4900 },
    ])
    .returning();
  ids.ticketA = ta?.id ?? 0;
  ids.ticketB = tb?.id ?? 0;
  await db.insert(ticketDevices).values([
    { ticketId: ids.ticketA, category: 'Téléphone', brand: 'Apple', name: 'iPhone 14', model: 'A2882', fault: 'Écran cassé', status: 'In Progress', imei: '351111111111111', serial: 'SN-ALICE', priceCents: 8900 },
    { ticketId: ids.ticketB, category: 'Console', brand: 'Sony', name: 'PS5', model: 'CFI-1216A', fault: 'Surchauffe', status: 'Repaired', priceCents: 4900 },
  ]);
  const [ia, ib] = await db
    .insert(invoices)
    .values([
      { invoiceNumber: 'F-TEST-0001', customerId: ids.customerA, ticketId: ids.ticketA, status: 'Unpaid', subtotalCents: 7417, taxCents: 1483, totalCents: 8900 },
      { invoiceNumber: 'F-TEST-0002', customerId: ids.customerB, ticketId: ids.ticketB, status: 'Paid', subtotalCents: 4083, taxCents: 817, totalCents: 4900, amountPaidCents: 4900 },
    ])
    .returning();
  ids.invoiceA = ia?.id ?? 0;
  ids.invoiceB = ib?.id ?? 0;
  await db.insert(invoiceLines).values([
    { invoiceId: ids.invoiceA, name: 'Écran iPhone 14', quantity: 1, unitPriceCents: 8900, taxCents: 1483, totalCents: 8900 },
    { invoiceId: ids.invoiceB, name: 'Nettoyage PS5', quantity: 1, unitPriceCents: 4900, taxCents: 817, totalCents: 4900 },
  ]);
  alice = (await signedInUser(t.app, db, { email: 'alice.compte@exemple.fr', repairCustomerId: ids.customerA })).headers;
  bob = (await signedInUser(t.app, db, { email: 'bob.compte@exemple.fr', repairCustomerId: ids.customerB })).headers;
  admin = (await signedInUser(t.app, db, { email: 'staff@exemple.fr', role: 'admin' })).headers;
  carl = await signedInUser(t.app, db, { email: 'carl.secondaire@exemple.fr' });
  dave = (await signedInUser(t.app, db, { email: 'dave@exemple.fr', verified: false })).headers;
  eve = await signedInUser(t.app, db, { email: 'eve.nouvelle@exemple.fr' });
});

afterAll(async () => {
  await t.close();
});

function expectNoSecrets(body: string) {
  for (const secret of ALICE_SECRETS) expect(body).not.toContain(secret);
}

describe('tickets', () => {
  it('a visitor and another customer get the public view of a ticket only', async () => {
    for (const headers of [{}, bob]) {
      const response = await get(`/api/repairdesk/tickets/${ids.ticketA}`, headers);
      expect(response.statusCode).toBe(200);
      expect(body(response).data).toMatchObject({ customer_name: `Client #${ids.ticketA}` });
      expect(body(response).data).not.toHaveProperty('customer_id');
      expectNoSecrets(response.body);
      expect(body(response).data).not.toHaveProperty('total_amount');
    }
  });

  it('the owner and an admin get every field of spec 1 §3', async () => {
    for (const headers of [alice, admin]) {
      const response = await get('/api/repairdesk/tickets/T-880001', headers);
      expect(response.statusCode).toBe(200);
      expect(body(response).data).toMatchObject({
        customer_name: 'Alice Alice-Privée',
        first_name: 'Alice',
        email: 'alice.privee@exemple.fr',
        phone: '0699887766',
        total_amount: 89,
        customerId: ids.customerA,
        devices: [expect.objectContaining({ imei: '351111111111111', serial: 'SN-ALICE', price: 89 })],
      });
    }
  });

  it("a customer's own ticket list needs the owner or an admin", async () => {
    expect((await get(`/api/repairdesk/customers/${ids.customerA}/tickets`)).statusCode).toBe(401);
    const other = await get(`/api/repairdesk/customers/${ids.customerA}/tickets`, bob);
    expect(other.statusCode).toBe(404);
    expectNoSecrets(other.body);
    expect((await get(`/api/repairdesk/customers/999999/tickets`, bob)).json<{ message: string }>().message).toBe(other.json<{ message: string }>().message);
    const own = await get(`/api/repairdesk/customers/${ids.customerA}/tickets?page=1&pagesize=10`, alice);
    expect(own.statusCode).toBe(200);
    expect(column(own, 'ticket_number')).toEqual(['T-880001']);
    expect(rows(own)[0]).toMatchObject({ devices: [expect.objectContaining({ imei: '351111111111111' })] });
    const byAdmin = await get(`/api/repairdesk/customers/${ids.customerB}/tickets`, admin);
    expect(column(byAdmin, 'ticket_number')).toEqual(['T-880002']);
  });

  it('the public list leaks no personal field, even to the owner or an admin', async () => {
    for (const headers of [{}, bob, alice, admin]) {
      const response = await get('/api/repairdesk/tickets?keyword=T-880001', headers);
      expect(rows(response)).toHaveLength(1);
      expectNoSecrets(response.body);
    }
    // Names, e-mails and phones are not searchable anonymously: a keyword cannot tie a person to "Client #id".
    for (const keyword of ['Alice-Privée', 'alice.privee', '0699887766', 'Arcachon']) {
      const response = await get(`/api/repairdesk/tickets?keyword=${encodeURIComponent(keyword)}`);
      expect(rows(response)).toEqual([]);
    }
  });
});

describe('customers', () => {
  it('another customer gets the same 404 as for a customer who does not exist', async () => {
    const other = await get(`/api/repairdesk/customers/${ids.customerA}`, bob);
    const missing = await get('/api/repairdesk/customers/999999', bob);
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(body(other).message).toBe('Client non trouvé dans RepairDesk');
    expect(body(missing).message).toBe(body(other).message);
    expectNoSecrets(other.body);
    expect((await get(`/api/repairdesk/customers/${ids.customerA}`)).statusCode).toBe(401);
  });

  it('the owner reads their record with the loyalty balance in euros', async () => {
    const response = await get(`/api/repairdesk/customers/${ids.customerA}`, alice);
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toMatchObject({ cid: ids.customerA, fullName: 'Alice Alice-Privée', loyalty_balance: 12.5, email_opt_in: 0 });
  });

  it('lists: admins search, a customer sees only their own record, visitors nothing', async () => {
    expect((await get('/api/repairdesk/customers')).statusCode).toBe(401);
    const own = await get('/api/repairdesk/customers?keyword=Alice', bob);
    expect(column(own, 'cid')).toEqual([ids.customerB]);
    expectNoSecrets(own.body);
    const search = await get('/api/repairdesk/customers?keyword=alice-priv', admin);
    expect(column(search, 'cid')).toEqual([ids.customerA]);
    const none = await get('/api/repairdesk/customers?keyword=personne%40exemple.fr', admin);
    expect(body(none)).toMatchObject({ success: true, data: [], message: 'Aucun client trouvé avec cet email' });
  });

  it('updates: the owner edits the profile fields, never another record, the e-mail or the balance', async () => {
    const url = `/api/repairdesk/customers/${ids.customerA}`;
    const denied = await t.app.inject({ method: 'PUT', url, headers: bob, payload: { city: 'Piratée' } });
    expect(denied.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url, payload: { city: 'Piratée' } })).statusCode).toBe(401);
    const balance = await t.app.inject({ method: 'PUT', url, headers: alice, payload: { loyalty_balance: 1000 } });
    expect(balance.statusCode).toBe(400);
    const email = await t.app.inject({ method: 'PUT', url, headers: alice, payload: { email: 'autre@exemple.fr' } });
    expect(email.statusCode).toBe(403);
    const emptyName = await t.app.inject({ method: 'PUT', url, headers: alice, payload: { first_name: ' \u0000 ' } });
    expect(emptyName.statusCode).toBe(400);
    expect(body(emptyName).message).toContain('Le prénom est requis');
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: alice,
      payload: { city: '  La   Teste-de-Buch\uFFFD ', email_opt_in: 1, email: 'alice.privee@exemple.fr' },
    });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toMatchObject({ city: 'La Teste-de-Buch', email_opt_in: 1, loyalty_balance: 12.5 });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, ids.customerA));
    expect(row?.city).toBe('La Teste-de-Buch');
  });

  it('create: links a verified user to the record with their address (secondary included), never the body address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/repairdesk/customer',
      headers: carl.headers,
      payload: { first_name: 'Carl', last_name: 'Seconde', email: 'alice.privee@exemple.fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ linked: true, data: { cid: ids.customerC } });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, carl.id));
    expect(user?.repairCustomerId).toBe(ids.customerC);
  });

  it('create: a new record carries the verified address; unverified, already linked and visitors are refused', async () => {
    const payload = { first_name: 'Ève', last_name: 'Nouvelle', email: 'bob.martin@exemple.fr', mobile: '06 12 34 56 78' };
    const created = await t.app.inject({ method: 'POST', url: '/api/repairdesk/customer', headers: eve.headers, payload });
    expect(created.statusCode).toBe(201);
    expect(body(created).data).toMatchObject({ email: 'eve.nouvelle@exemple.fr', first_name: 'Ève', country: 'France' });
    const again = await t.app.inject({ method: 'POST', url: '/api/repairdesk/customer', headers: eve.headers, payload });
    expect(again.statusCode).toBe(409);
    const unverified = await t.app.inject({ method: 'POST', url: '/api/repairdesk/customer', headers: dave, payload });
    expect(unverified.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/repairdesk/customer', payload })).statusCode).toBe(401);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(customers).where(eq(customers.email, 'bob.martin@exemple.fr'));
    expect(count?.n).toBe(1);
  });
});

describe('invoices', () => {
  it('a customer sees only their own invoices whatever the query says', async () => {
    const own = await get('/api/repairdesk/invoices?page=0&pagesize=100', bob);
    expect(column(own, 'invoice_number')).toEqual(['F-TEST-0002']);
    for (const query of [`customer_id=${ids.customerA}`, 'keyword=alice.privee%40exemple.fr', 'keyword=F-TEST-0001']) {
      const response = await get(`/api/repairdesk/invoices?${query}`, bob);
      expect(response.statusCode).toBe(200);
      expect(rows(response)).toEqual([]);
      expectNoSecrets(response.body);
    }
    // The account sends its own e-mail or customer id as keyword (spec 1 §7): that is the ownership filter.
    const byOwnEmail = await get('/api/repairdesk/invoices?keyword=bob.compte%40exemple.fr', bob);
    expect(rows(byOwnEmail)).toHaveLength(1);
    expect((await get('/api/repairdesk/invoices')).statusCode).toBe(401);
  });

  it("a customer's invoice query carries their id: another customer's invoice is never loaded", async () => {
    expect(await t.app.repair.backend.getInvoice(ids.invoiceA, { customerId: ids.customerB })).toBeNull();
    expect(await t.app.repair.backend.getInvoice(ids.invoiceA, { customerId: ids.customerA })).toMatchObject({ invoiceNumber: 'F-TEST-0001' });
  });

  it("another customer's invoice is a 404 like a missing one; the owner gets the spec's fields", async () => {
    const other = await get(`/api/repairdesk/invoices/${ids.invoiceA}`, bob);
    expect(other.statusCode).toBe(404);
    expect(body(await get('/api/repairdesk/invoices/999999', bob)).message).toBe(body(other).message);
    expectNoSecrets(other.body);
    const own = await get(`/api/repairdesk/invoices/${ids.invoiceA}`, alice);
    expect(body(own).data).toMatchObject({
      invoice_number: 'F-TEST-0001',
      status: 'Unpaid',
      total_amount: 89,
      amount_paid: 0,
      amount_due: 89,
      discount: 0,
      customer: { fullName: 'Alice Alice-Privée', cid: ids.customerA },
      line_items: [{ name: 'Écran iPhone 14', quantity: 1, price: 89 }],
      ticket: { hasTicket: true, order_id: 'T-880001' },
    });
  });

  it('admins filter by status (any case) and customer; a bad status is a French 400', async () => {
    const paid = await get(`/api/repairdesk/invoices?status=paid&customer_id=${ids.customerB}`, admin);
    expect(column(paid, 'invoice_number')).toEqual(['F-TEST-0002']);
    const bad = await get('/api/repairdesk/invoices?status=Perdue', admin);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Statut de facture invalide');
  });
});

describe('inventory, service routes and bad input', () => {
  it('serves the inventory without cost prices, with a default page size of 500', async () => {
    const response = await get('/api/repairdesk/inventory');
    expect(response.statusCode).toBe(200);
    const items = rows(response);
    expect(items.length).toBe(Math.min(500, body(response).total));
    expect(body(response).total).toBeGreaterThanOrEqual(300);
    expect(response.body).not.toMatch(/cost/i);
    const first = items[0] ?? {};
    expect(first).toHaveProperty('selling_price');
    const search = await get(`/api/repairdesk/inventory?keyword=${encodeURIComponent(String(first.sku))}`);
    expect(column(search, 'id')).toContain(first.id);
  });

  it('categories and brands, with the built-in brand list when there is none', async () => {
    expect(rows(await get('/api/repairdesk/inventory/categories')).length).toBeGreaterThan(0);
    await t.database.db.delete(brands);
    t.app.repair.inventory.invalidate();
    const fallback = await get('/api/repairdesk/inventory/brands');
    expect(column(fallback, 'name').slice(0, 3)).toEqual(['Apple', 'Samsung', 'Huawei']);
    expect(body(fallback).total).toBe(19);
  });

  it('health and status are public; test calls the backend and is for staff', async () => {
    expect(body(await get('/api/repairdesk/health'))).toMatchObject({ success: true, status: 'ok', backend: 'local' });
    expect(body(await get('/api/repairdesk/status')).data).toMatchObject({ backend: 'local', caches: { inventoryTtlSeconds: 300 } });
    expect((await get('/api/repairdesk/test')).statusCode).toBe(401);
    expect((await get('/api/repairdesk/test', bob)).statusCode).toBe(403);
    expect(body(await get('/api/repairdesk/test', admin))).toMatchObject({ success: true, data: { backend: 'local', ok: true } });
  });

  it.each([
    '/api/repairdesk/customers/abc',
    '/api/repairdesk/customers/0',
    '/api/repairdesk/customers/99999999999',
    '/api/repairdesk/invoices/-1',
    '/api/repairdesk/invoices?pagesize=-1',
    '/api/repairdesk/invoices?pagesize=100000',
    '/api/repairdesk/inventory?pagesize=5001',
    '/api/repairdesk/inventory?page=-3',
    '/api/repairdesk/customers?pageSize=0',
    '/api/repairdesk/customers/abc/tickets',
    '/api/repairdesk/customers/1/tickets?pagesize=0',
    '/api/repairdesk/tickets?from_date=demain',
  ])('%s is a French 400', async (url) => {
    const response = await get(url, admin);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, statusCode: 400 });
    expect(body(response).message).toMatch(/invalide|comprise entre|Données/);
  });
});

describe('hardening (review findings)', () => {
  it('a control character in a search is a French 400, not a database error', async () => {
    for (const url of ['/api/repairdesk/tickets?keyword=%00', '/api/repairdesk/inventory?keyword=a%00b', `/api/repairdesk/customers?referedBy=%01`]) {
      const response = await get(url, admin);
      expect(response.statusCode).toBe(400);
      expect(body(response).message).toContain('Recherche invalide');
    }
    expect((await get('/api/repairdesk/tickets?from_date=&to_date=1700000000')).statusCode).toBe(400);
  });

  it("a ticket without devices never shows its internal description publicly", async () => {
    const [ticket] = await t.database.db
      .insert(tickets)
      .values({ ticketNumber: 'T-770001', customerId: ids.customerA, status: 'New', description: 'Rappeler Mme Alice-Privée au 0699887766' })
      .returning();
    const publicView = await get('/api/repairdesk/tickets/T-770001');
    expect(body(publicView).data).toMatchObject({ device_fault: '', customer_name: `Client #${ticket?.id ?? 0}` });
    expectNoSecrets(publicView.body);
    const ownerView = await get(`/api/repairdesk/tickets/${ticket?.id ?? 0}`, alice);
    expect(body(ownerView).data).toMatchObject({ device_fault: 'Rappeler Mme Alice-Privée au 0699887766' });
  });

  it('a linked account whose address is not verified owns nothing', async () => {
    const unverified = await signedInUser(t.app, t.database.db, { email: 'alice.nonverifiee@exemple.fr', repairCustomerId: ids.customerA, verified: false });
    expect((await get(`/api/repairdesk/customers/${ids.customerA}`, unverified.headers)).statusCode).toBe(404);
    const ticket = await get('/api/repairdesk/tickets/T-880001', unverified.headers);
    expect(body(ticket).data).not.toHaveProperty('email');
  });

  it('digits typed by a customer are a ticket number before an internal id', async () => {
    // Internal id 880001 does not exist; "880001" is T-880001.
    expect(body(await get('/api/repairdesk/tickets/880001')).data).toMatchObject({ ticket_number: 'T-880001' });
  });

  it('one visitor cannot hammer the repair backend: lookups beyond 60 a minute get a French 429', async () => {
    const remoteAddress = '10.77.0.1';
    let last = await t.app.inject({ method: 'GET', url: '/api/repairdesk/tickets/T-880002', remoteAddress });
    for (let index = 0; index < 60; index += 1) last = await t.app.inject({ method: 'GET', url: '/api/repairdesk/tickets/T-880002', remoteAddress });
    expect(last.statusCode).toBe(429);
    expect(body(last).message).toMatch(/Trop de requêtes/);
    expect(last.headers['retry-after']).toBeDefined();
    // Cached lists cost nothing: the dashboard keeps working for this visitor.
    const now = Math.floor(Date.now() / 1000);
    const url = `/api/repairdesk/tickets?page=0&pagesize=100&from_date=${now - 86_400}&to_date=${now}`;
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '10.77.0.2' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(200);
  });
});
