/**
 * The whole /api/repairdesk proxy with RepairDesk configured (REPAIRDESK_API_KEY): the real app,
 * its real config loader and the fake RepairDesk server, filled with the demo records of the test
 * database. Same routes, same access rule, same answers as with our tables; the key never leaves
 * the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalRepairBackend } from '../../adapters/repair/local.js';
import { fromRecords, startFakeRepairDesk, type FakeRepairDesk } from '../../test/fakes/repairdesk-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { readAllRecords } from '../../test/fakes/local-records.js';

const KEY = 'rd-app-secret-key-9d41c07e';
let fake: FakeRepairDesk;
let t: TestApp;
let customerId = 0;
let ownTicketNumber = '';

type Envelope = { success: boolean; message: string; total?: number; data: unknown };
const rows = (body: Envelope) => body.data as Record<string, unknown>[];

beforeAll(async () => {
  fake = await startFakeRepairDesk({ apiKey: KEY, rateLimit: false });
  t = await createTestApp({ REPAIRDESK_API_KEY: KEY, REPAIRDESK_BASE_URL: fake.url });
  // RepairDesk holds the shop's records: the demo data of the test database, in its wire format.
  const local = createLocalRepairBackend(t.database.db);
  const records = await readAllRecords(local);
  Object.assign(fake.store, fromRecords(records));
  const ticket = records.tickets[0];
  if (!ticket) throw new Error('the demo data has no ticket');
  customerId = ticket.customerId;
  ownTicketNumber = ticket.ticketNumber;
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the proxy on RepairDesk', () => {
  it('says which backend answers', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/repairdesk/status' });
    expect(status.json<Envelope>().data).toMatchObject({ backend: 'repairdesk', configured: true });
    expect(status.body).not.toContain(KEY);
  });

  it('serves the public dashboard list and lookup from RepairDesk, anonymised', async () => {
    const now = Math.floor(Date.now() / 1000);
    const list = await t.app.inject({ method: 'GET', url: `/api/repairdesk/tickets?page=0&pagesize=100&from_date=${now - 14 * 86_400}&to_date=${now}` });
    expect(list.statusCode).toBe(200);
    const body = list.json<Envelope>();
    expect(rows(body).length).toBeGreaterThan(10);
    for (const ticket of rows(body)) expect(ticket.customer_name).toMatch(/^Client #\d+$/);
    expect(list.body).not.toMatch(/"email"|"phone"|"imei"/);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/repairdesk/tickets/${ownTicketNumber}` });
    const found = lookup.json<Envelope>().data as { id: number };
    expect(found).toMatchObject({ ticket_number: ownTicketNumber, customer_name: `Client #${found.id}` });
    expect(found).not.toHaveProperty('customer_id');
    expect(fake.requests.every((request) => !JSON.stringify(request.query).includes(KEY))).toBe(true);
  });

  it('applies the same ownership rule: the owner reads their record and tickets, another customer gets 404', async () => {
    const owner = await signedInUser(t.app, t.database.db, { email: 'proprietaire.rd@exemple.fr', repairCustomerId: customerId });
    const other = await signedInUser(t.app, t.database.db, { email: 'autre.rd@exemple.fr', repairCustomerId: customerId + 1 });
    const own = await t.app.inject({ method: 'GET', url: `/api/repairdesk/customers/${customerId}`, headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json<Envelope>().data).toMatchObject({ cid: customerId });
    const denied = await t.app.inject({ method: 'GET', url: `/api/repairdesk/customers/${customerId}`, headers: other.headers });
    expect(denied.statusCode).toBe(404);
    expect(denied.json<Envelope>().message).toBe('Client non trouvé dans RepairDesk');
    const tickets = await t.app.inject({ method: 'GET', url: `/api/repairdesk/customers/${customerId}/tickets`, headers: owner.headers });
    expect(rows(tickets.json<Envelope>()).map((ticket) => ticket.ticket_number)).toContain(ownTicketNumber);
    const invoices = await t.app.inject({ method: 'GET', url: '/api/repairdesk/invoices', headers: other.headers });
    for (const invoice of rows(invoices.json<Envelope>())) expect(invoice.customer_id).toBe(customerId + 1);
  });

  it("answers RepairDesk's failures with the spec's French messages, never its key", async () => {
    fake.controls.failNext(3, 502);
    const failing = await t.app.inject({ method: 'GET', url: '/api/repairdesk/tickets/T-999999' });
    expect(failing.statusCode).toBe(503);
    expect(failing.json<Envelope>().message).toBe('Service temporairement indisponible');
    fake.controls.failNext(1, 403);
    const refused = await t.app.inject({ method: 'GET', url: '/api/repairdesk/tickets/T-999998' });
    expect(refused.statusCode).toBe(502);
    fake.controls.emptySuccessNext(1);
    const empty = await t.app.inject({ method: 'GET', url: '/api/repairdesk/statuses' });
    expect(empty.json<Envelope>().message).toBe('Aucune donnée reçue malgré le succès HTTP');
    for (const response of [failing, refused, empty]) expect(response.body).not.toContain(KEY);
    fake.controls.reset();
  }, 20_000);

  it('serves the inventory from its 5-minute cache: a second read asks RepairDesk nothing', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/repairdesk/inventory?pagesize=50' });
    expect(rows(first.json<Envelope>())).toHaveLength(50);
    const before = fake.count({ path: 'inventory' });
    const second = await t.app.inject({ method: 'GET', url: '/api/repairdesk/inventory?pagesize=50' });
    expect(second.body).toBe(first.body);
    expect(fake.count({ path: 'inventory' })).toBe(before);
  });
});
