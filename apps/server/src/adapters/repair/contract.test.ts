/**
 * One contract, two backends: the same questions asked of our tables (seeded demo data) and of
 * RepairDesk (the fake, filled with the very records the local backend returns, in RepairDesk's
 * wire format) get the same answers. RepairDesk keeps dates in whole seconds: dates are compared
 * at that precision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { fromRecords, startFakeRepairDesk, type FakeRepairDesk } from '../../test/fakes/repairdesk-fake.js';
import { readAllRecords, type RepairDataset } from '../../test/fakes/local-records.js';
import { createLocalRepairBackend } from './local.js';
import { createRepairDeskBackend } from './repairdesk.js';
import type { CustomerRecord, InvoiceRecord, RepairBackend, TicketRecord } from './types.js';

const KEY = 'rd-contract-key-5b1e9d0c';

type Dataset = RepairDataset;

let app: TestApp | undefined;
let fake: FakeRepairDesk | undefined;
const backends: Partial<Record<'local' | 'repairdesk', RepairBackend>> = {};
let all: Dataset;

/** Dates at RepairDesk's precision (whole seconds), everywhere in a value. */
function seconds<T>(value: T): T {
  if (value instanceof Date) return new Date(Math.floor(value.getTime() / 1000) * 1000) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => seconds(entry)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, seconds(entry)])) as T;
  }
  return value;
}

/** The public fields a ticket keyword is matched on (types.ts: TicketListFilter.keyword). */
function publicMatch(ticket: TicketRecord, keyword: string): boolean {
  const wanted = keyword.toLowerCase();
  return [ticket.ticketNumber, ...ticket.devices.flatMap((device) => [device.name, device.brand, device.model, device.fault])].some((value) =>
    value.toLowerCase().includes(wanted),
  );
}

beforeAll(async () => {
  app = await createTestApp();
  const local = createLocalRepairBackend(app.database.db);
  all = await readAllRecords(local);
  fake = await startFakeRepairDesk({ apiKey: KEY, rateLimit: false, store: fromRecords(all) });
  backends.local = local;
  backends.repairdesk = createRepairDeskBackend({
    apiKey: KEY,
    baseUrl: fake.url,
    production: false,
    limits: { requestsPerWindow: 10_000 },
  });
});

afterAll(async () => {
  await fake?.close();
  await app?.close();
});

it('runs on the demo data (enough records to mean something)', () => {
  expect(all.customers.length).toBeGreaterThan(20);
  expect(all.tickets.length).toBeGreaterThan(100);
  expect(all.invoices.length).toBeGreaterThan(20);
  expect(all.inventory.length).toBeGreaterThan(100);
  expect([...all.history.values()].filter((events) => events.length > 2).length).toBeGreaterThan(10);
});

describe.each(['local', 'repairdesk'] as const)('repair backend contract (%s)', (kind) => {
  const backend = (): RepairBackend => {
    const found = backends[kind];
    if (!found) throw new Error('backend not ready');
    return found;
  };

  it('lists the tickets of a date range, newest first, with offset and limit', async () => {
    const from = all.tickets[80]?.createdAt as Date;
    const to = all.tickets[10]?.createdAt as Date;
    const expected = all.tickets.filter((ticket) => ticket.createdAt >= from && ticket.createdAt <= to);
    expect(expected.length).toBeGreaterThan(50);
    const page = await backend().listTickets({ from, to, offset: 5, limit: 20 });
    expect(seconds(page)).toEqual(seconds({ items: expected.slice(5, 25), total: expected.length }));
  });

  it('lists the tickets of a date range matching a keyword, on public fields only', async () => {
    const from = all.tickets[150]?.createdAt as Date;
    const to = all.tickets[0]?.createdAt as Date;
    for (const keyword of ['iphone', 'BATTERIE', 'samsung', 'T-65']) {
      const expected = all.tickets.filter((ticket) => ticket.createdAt >= from && ticket.createdAt <= to && publicMatch(ticket, keyword));
      const page = await backend().listTickets({ keyword, from, to, offset: 1, limit: 5 });
      expect(seconds(page)).toEqual(seconds({ items: expected.slice(1, 6), total: expected.length }));
    }
    expect(all.tickets.filter((ticket) => publicMatch(ticket, 'iphone')).length).toBeGreaterThan(5);

    // A customer's name or phone finds nothing (RepairDesk's own search would).
    const customer = all.customers.find(
      (candidate) => candidate.lastName.length > 3 && !all.tickets.some((ticket) => publicMatch(ticket, candidate.lastName)) && all.tickets.some((ticket) => ticket.customerId === candidate.id),
    );
    expect(customer).toBeDefined();
    expect(await backend().listTickets({ keyword: customer?.lastName, offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    expect(await backend().listTickets({ keyword: customer?.mobile.slice(-5), offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it('lists the tickets of one customer', async () => {
    const customerId = all.tickets[3]?.customerId as number;
    const expected = all.tickets.filter((ticket) => ticket.customerId === customerId);
    const page = await backend().listTickets({ customerId, offset: 0, limit: 50 });
    expect(seconds(page)).toEqual(seconds({ items: expected, total: expected.length }));
  });

  it('gets a ticket by id and by number, with its status history', async () => {
    const ticket = all.tickets.find((candidate) => (all.history.get(candidate.id)?.length ?? 0) > 3) as TicketRecord;
    expect(ticket).toBeDefined();
    expect(seconds(await backend().getTicket({ id: ticket.id }))).toEqual(seconds(ticket));
    expect(seconds(await backend().getTicket({ ticketNumber: ticket.ticketNumber }))).toEqual(seconds(ticket));
    expect(seconds(await backend().ticketHistory(ticket.id))).toEqual(seconds(all.history.get(ticket.id)));
    expect(await backend().getTicket({ id: 987_654 })).toBeNull();
    expect(await backend().getTicket({ ticketNumber: 'T-999999' })).toBeNull();
    expect(await backend().ticketHistory(987_654)).toEqual([]);
  });

  it('gets a customer', async () => {
    const customer = all.customers[7] as CustomerRecord;
    expect(seconds(await backend().getCustomer(customer.id))).toEqual(seconds(customer));
    expect(await backend().getCustomer(987_654)).toBeNull();
  });

  it('finds customers by e-mail, case-insensitive, on the main and the other addresses', async () => {
    const main = all.customers.find((customer) => customer.email) as CustomerRecord;
    expect(seconds(await backend().findCustomersByEmail(` ${main.email?.toUpperCase() ?? ''} `))).toEqual(seconds([main]));
    const withOther = all.customers.find((customer) => customer.emails.length > 0) as CustomerRecord;
    expect(withOther).toBeDefined();
    const other = withOther.emails[0] as string;
    const expected = all.customers.filter((customer) => customer.email === other || customer.emails.includes(other));
    expect(seconds(await backend().findCustomersByEmail(other.replace(/^./, (letter) => letter.toUpperCase())))).toEqual(seconds(expected));
    expect(await backend().findCustomersByEmail('personne@example.invalid')).toEqual([]);
  });

  it('lists the invoices of one customer, with and without a status filter', async () => {
    const counts = new Map<number, number>();
    for (const invoice of all.invoices) counts.set(invoice.customerId, (counts.get(invoice.customerId) ?? 0) + 1);
    const customerId = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] as number;
    const theirs = all.invoices.filter((invoice) => invoice.customerId === customerId);
    expect(theirs.length).toBeGreaterThan(1);
    expect(seconds(await backend().listInvoices({ customerId, offset: 0, limit: 50 }))).toEqual(seconds({ items: theirs, total: theirs.length }));
    const status = theirs[0]?.status;
    const withStatus = theirs.filter((invoice) => invoice.status === status);
    expect(seconds(await backend().listInvoices({ customerId, status, offset: 0, limit: 50 }))).toEqual(seconds({ items: withStatus, total: withStatus.length }));
    const invoice = theirs[0] as InvoiceRecord;
    expect(seconds(await backend().getInvoice(invoice.id))).toEqual(seconds(invoice));
    expect(seconds(await backend().getInvoice(invoice.id, { customerId }))).toEqual(seconds(invoice));
    expect(await backend().getInvoice(invoice.id, { customerId: customerId + 1 })).toBeNull();
  });

  it('searches the inventory (name, SKU, id) with offset and limit', async () => {
    for (const keyword of ['coque', 'IPHONE', String(all.inventory[12]?.id)]) {
      const expected = all.inventory.filter(
        (item) => item.name.toLowerCase().includes(keyword.toLowerCase()) || item.sku.toLowerCase().includes(keyword.toLowerCase()) || String(item.id) === keyword,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(seconds(await backend().listInventory({ keyword, offset: 1, limit: 10 }))).toEqual(seconds({ items: expected.slice(1, 11), total: expected.length }));
    }
    const page = await backend().listInventory({ offset: 30, limit: 25 });
    expect(seconds(page)).toEqual(seconds({ items: all.inventory.slice(30, 55), total: all.inventory.length }));
  });

  it('lists inventory categories, brands and ticket statuses', async () => {
    expect(await backend().listInventoryCategories()).toEqual(all.categories);
    expect(await backend().listInventoryBrands()).toEqual(all.brands);
    expect(await backend().listStatuses()).toEqual(all.statuses);
    expect(all.categories.length).toBeGreaterThan(5);
    expect(all.statuses.length).toBeGreaterThan(5);
  });
});

it('really went through RepairDesk’s wire format for the remote backend', () => {
  expect(fake?.count({ path: 'tickets' })).toBeGreaterThan(0);
  expect(fake?.count({ path: /^customers\/\d+$/ })).toBeGreaterThan(0);
  expect(fake?.count({ path: 'invoices' })).toBeGreaterThan(0);
  expect(fake?.count({ path: 'inventory' })).toBeGreaterThan(0);
  expect(fake?.requests.every((request) => request.authorised)).toBe(true);
});
