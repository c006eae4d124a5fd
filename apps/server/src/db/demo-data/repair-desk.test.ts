import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStatuses, deviceCategories, proxyDefaultStatuses } from '@erepare/shared/tickets';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { Db } from '../client.js';
import {
  appMeta,
  categories,
  customers,
  inventoryItems,
  invoiceLines,
  invoicePayments,
  invoices,
  statuses,
  ticketDevices,
  ticketEvents,
  tickets,
} from '../schema.js';
import { seed } from '../seed.js';
import { passesLuhn } from './codes.js';
import { towns } from './french-data.js';
import {
  countRepairData,
  planRepairDesk,
  seedRepairDesk,
  TICKET_WINDOW_DAYS,
  vatIncluded,
  type RepairDeskCounts,
  type SeedRepairDeskResult,
} from './repair-desk.js';
import { estimateDemoStatuses } from './estimates.js';

// A Saturday afternoon: the 30 days before it cross New Year, so invoice numbers restart.
const NOW = new Date('2026-01-10T16:00:00Z');
const WINDOW_START = NOW.getTime() - TICKET_WINDOW_DAYS * 86_400_000;

let t: TestApp;
let db: Db;
let templateCounts: RepairDeskCounts;
let result: SeedRepairDeskResult;

/** Empties every repair-desk table, as in a database that was never seeded. */
async function emptyRepairDesk(database: Db): Promise<void> {
  await database.execute(
    sql`truncate table invoice_payments, invoice_lines, invoices, ticket_events, ticket_devices, tickets, customers, inventory_items, categories, brands, statuses restart identity cascade`,
  );
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  // Every test database is a copy of the seeded template: it already holds the demo repair desk.
  templateCounts = await countRepairData(db);
  await emptyRepairDesk(db);
  result = await db.transaction((tx) => seedRepairDesk(tx, { size: 'demo', now: NOW }));
});
afterAll(async () => {
  await t.close();
});

describe('the default seed', () => {
  it('gives every new database the demo repair desk', () => {
    // Plus the estimates' « Devis accepté » and « Devis refusé » (demo-data/estimates.ts).
    expect(templateCounts.statuses).toBe(defaultStatuses.length + proxyDefaultStatuses.length + estimateDemoStatuses.length);
    expect(templateCounts.customers).toBeGreaterThanOrEqual(40);
    expect(templateCounts.tickets).toBeGreaterThanOrEqual(150);
    expect(templateCounts.invoices).toBeGreaterThanOrEqual(60);
    expect(templateCounts.inventoryItems).toBeGreaterThanOrEqual(300);
  });
});

describe('seedRepairDesk (demo size)', () => {
  it('inserts at least the required amounts, and reports what it inserted', async () => {
    const counts = await countRepairData(db);
    expect(result.seeded).toBe(true);
    expect(result.inserted).toEqual(counts);
    expect(counts.customers).toBeGreaterThanOrEqual(40);
    expect(counts.tickets).toBeGreaterThanOrEqual(150);
    expect(counts.invoices).toBeGreaterThanOrEqual(60);
    expect(counts.inventoryItems).toBeGreaterThanOrEqual(300);
    expect(counts.categories).toBeGreaterThan(0);
    expect(counts.brands).toBeGreaterThanOrEqual(19);
  });

  it('seeds both status lists with their colours and types', async () => {
    const rows = await db.select().from(statuses).orderBy(asc(statuses.sortOrder));
    expect(rows.map(({ name, color, type }) => ({ name, color, type }))).toEqual(
      [...proxyDefaultStatuses, ...defaultStatuses].map(({ name, color, type }) => ({ name, color, type })),
    );
  });

  it('has customers of the Arcachon basin with fictional contact details', async () => {
    const rows = await db.select().from(customers);
    const postcodes = new Map(towns.map((town) => [town.name, town.postcode]));
    for (const customer of rows) {
      expect(postcodes.get(customer.city), customer.city).toBe(customer.postcode);
      expect(customer.firstName).not.toBe('');
      expect(customer.lastName).not.toBe('');
      expect(customer.mobile).toMatch(/^\+33 [67]( \d\d){4}$/);
      for (const email of [customer.email ?? '', ...customer.emails]) {
        expect(email).toBe(email.toLowerCase());
        expect(email).toMatch(/^[a-z0-9.-]+@([a-z0-9-]+\.)*(example|exemple)\.(com|fr|org|net)$/);
      }
      expect(customer.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(new Set(rows.map((customer) => customer.city)).size).toBe(towns.length);
    expect(new Set(rows.map((customer) => customer.email)).size).toBe(rows.length);
    expect(rows.some((customer) => customer.emails.length > 0)).toBe(true);
    expect(rows.some((customer) => customer.loyaltyBalanceCents > 0)).toBe(true);
    expect(rows.filter((customer) => customer.emailOptIn).length).toBeLessThan(rows.length / 2);
    expect(rows.filter((customer) => customer.smsOptIn).length).toBeLessThan(rows.length / 2);
  });

  it('uses every status and every device category, with valid ticket numbers', async () => {
    const ticketRows = await db.select().from(tickets);
    const deviceRows = await db.select().from(ticketDevices);
    const statusNames = (await db.select({ name: statuses.name }).from(statuses)).map((row) => row.name);
    expect(new Set(ticketRows.map((ticket) => ticket.status))).toEqual(new Set(statusNames));
    expect(new Set(deviceRows.map((device) => device.category))).toEqual(new Set(deviceCategories));
    for (const ticket of ticketRows) expect(ticket.ticketNumber).toMatch(/^T-\d{4,6}$/);
    expect(new Set(ticketRows.map((ticket) => ticket.ticketNumber)).size).toBe(ticketRows.length);
  });

  it('gives each ticket one or two devices with a fault, a price and an IMEI or a serial number', async () => {
    const ticketRows = await db.select().from(tickets);
    const deviceRows = await db.select().from(ticketDevices);
    const byTicket = groupBy(deviceRows, (device) => device.ticketId);
    let imeis = 0;
    for (const ticket of ticketRows) {
      const devices = byTicket.get(ticket.id) ?? [];
      expect(devices.length).toBeGreaterThanOrEqual(1);
      expect(devices.length).toBeLessThanOrEqual(2);
      expect(ticket.totalCents).toBe(devices.reduce((sum, device) => sum + device.priceCents, 0));
      for (const device of devices) {
        expect(device.status).toBe(ticket.status);
        expect(device.fault).not.toBe('');
        expect(device.brand).not.toBe('');
        expect(device.priceCents).toBeGreaterThan(0);
        expect(device.repairItems.length).toBeGreaterThan(0);
        const cellular = device.category === 'Téléphone' || /Cellular|\b[45]G\b/.test(device.model);
        if (cellular) {
          expect(device.imei).toMatch(/^\d{15}$/);
          expect(passesLuhn(device.imei), device.imei).toBe(true);
          expect(device.serial).toBe('');
          imeis += 1;
        } else {
          expect(device.imei).toBe('');
          expect(device.serial).toMatch(/^[A-Z0-9-]{7,}$/);
        }
      }
    }
    expect(imeis).toBeGreaterThan(50);
    expect(deviceRows.some((device) => device.category === 'Tablette' && device.imei !== '')).toBe(true);
  });

  it('has a status history consistent with the ticket, in the 30 days before now, during opening hours', async () => {
    const ticketRows = await db.select().from(tickets);
    const eventRows = await db.select().from(ticketEvents).orderBy(asc(ticketEvents.createdAt), asc(ticketEvents.id));
    const byTicket = groupBy(eventRows, (event) => event.ticketId);
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const ticket of ticketRows) {
      const events = byTicket.get(ticket.id) ?? [];
      expect(events.length).toBeGreaterThan(0);
      expect(events[0]?.fromStatus).toBeNull();
      expect(events.at(-1)?.toStatus).toBe(ticket.status);
      expect(events[0]?.createdAt).toEqual(ticket.createdAt);
      expect(events.at(-1)?.createdAt).toEqual(ticket.updatedAt);
      events.forEach((event, index) => {
        if (index > 0) {
          expect(event.fromStatus).toBe(events[index - 1]?.toStatus);
          expect(event.createdAt.getTime()).toBeGreaterThan(events[index - 1]?.createdAt.getTime() ?? 0);
        }
        expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(WINDOW_START);
        expect(event.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
        const [weekday, time] = paris.format(event.createdAt).split(' ') as [string, string];
        expect(['Tue', 'Wed', 'Thu', 'Fri', 'Sat']).toContain(weekday);
        expect((time >= '09:30' && time <= '13:30') || (time >= '14:30' && time <= '18:00'), time).toBe(true);
      });
    }
  });

  it('has invoices in all four statuses whose lines, VAT and payments add up', async () => {
    const invoiceRows = await db.select().from(invoices).orderBy(asc(invoices.createdAt), asc(invoices.id));
    const lines = groupBy(await db.select().from(invoiceLines), (entry) => entry.invoiceId);
    const payments = groupBy(
      await db.select().from(invoicePayments).orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id)),
      (entry) => entry.invoiceId,
    );
    expect(new Set(invoiceRows.map((invoice) => invoice.status))).toEqual(new Set(['Paid', 'Unpaid', 'Partial', 'Refunded']));
    for (const invoice of invoiceRows) {
      const invoiceLinesOf = lines.get(invoice.id) ?? [];
      expect(invoiceLinesOf.length).toBeGreaterThan(0);
      for (const entry of invoiceLinesOf) {
        expect(entry.totalCents).toBe(entry.quantity * entry.unitPriceCents);
        expect(entry.unitPriceCents).toBeGreaterThan(0);
        // 20 % VAT included: HT = TTC / 1.2, to the nearest cent.
        expect(entry.taxCents).toBe(entry.totalCents - Math.round(entry.totalCents / 1.2));
        expect(entry.taxCents).toBe(vatIncluded(entry.totalCents));
      }
      expect(invoice.totalCents).toBe(invoiceLinesOf.reduce((sum, entry) => sum + entry.totalCents, 0));
      expect(invoice.taxCents).toBe(invoiceLinesOf.reduce((sum, entry) => sum + entry.taxCents, 0));
      expect(invoice.subtotalCents + invoice.taxCents).toBe(invoice.totalCents);
      expect(Math.abs(invoice.taxCents - (invoice.totalCents - invoice.totalCents / 1.2))).toBeLessThanOrEqual(invoiceLinesOf.length);

      const paid = payments.get(invoice.id) ?? [];
      const paidIn = paid.filter((entry) => entry.kind === 'payment').reduce((sum, entry) => sum + entry.amountCents, 0);
      const refunded = paid.filter((entry) => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amountCents, 0);
      expect(invoice.amountPaidCents).toBe(paidIn - refunded);
      for (const entry of paid) {
        expect(entry.paidAt.getTime()).toBeGreaterThanOrEqual(invoice.createdAt.getTime());
        expect(entry.paidAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
      switch (invoice.status) {
        case 'Paid':
          expect(refunded).toBe(0);
          expect(paidIn).toBe(invoice.totalCents);
          break;
        case 'Partial':
          expect(refunded).toBe(0);
          expect(paidIn).toBeGreaterThan(0);
          expect(paidIn).toBeLessThan(invoice.totalCents);
          break;
        case 'Unpaid':
          expect(paid).toEqual([]);
          break;
        case 'Refunded':
          expect(paid.map((entry) => entry.kind)).toEqual(['payment', 'refund']);
          expect(paidIn).toBe(invoice.totalCents);
          expect(refunded).toBe(invoice.totalCents);
          break;
      }
      if (paid.length > 0) expect(invoice.updatedAt).toEqual(paid.at(-1)?.paidAt);
      expect(invoice.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('numbers invoices in date order, restarting every year', async () => {
    const invoiceRows = await db.select().from(invoices).orderBy(asc(invoices.createdAt), asc(invoices.id));
    const years = new Map<string, number>();
    for (const invoice of invoiceRows) {
      const match = /^F-(\d{4})-(\d{5})$/.exec(invoice.invoiceNumber);
      expect(match, invoice.invoiceNumber).not.toBeNull();
      const [, year = '', number = ''] = match ?? [];
      expect(Number(number)).toBe((years.get(year) ?? 0) + 1);
      years.set(year, Number(number));
    }
    expect([...years.keys()]).toEqual(['2025', '2026']);
  });

  it('links most invoices to a ticket of the same customer', async () => {
    const rows = await db
      .select({ invoiceCustomer: invoices.customerId, ticketCustomer: tickets.customerId })
      .from(invoices)
      .leftJoin(tickets, eq(tickets.id, invoices.ticketId));
    const linked = rows.filter((row) => row.ticketCustomer !== null);
    expect(linked.length).toBeGreaterThan(rows.length * 0.7);
    for (const row of linked) expect(row.invoiceCustomer).toBe(row.ticketCustomer);
  });

  it('stocks refurbished devices, accessories and spare parts with sensible prices and quantities', async () => {
    const rows = await db.select().from(inventoryItems);
    const categoryNames = new Map((await db.select().from(categories)).map((row) => [row.id, row.name]));
    expect(new Set(rows.map((item) => item.sku)).size).toBe(rows.length);
    for (const item of rows) {
      expect(item.priceCents).toBeGreaterThan(0);
      expect(item.costPriceCents).toBeGreaterThanOrEqual(0);
      expect(item.costPriceCents).toBeLessThan(item.priceCents);
      expect(item.quantity).toBeGreaterThanOrEqual(0);
      expect(item.categoryId).not.toBeNull();
      if (item.originalPriceCents !== null) expect(item.originalPriceCents).toBeGreaterThan(item.priceCents);
      const category = categoryNames.get(item.categoryId ?? 0) ?? '';
      if (item.itemType === 'device') {
        expect(['Comme Neuf', 'Très Bon État', 'Bon État']).toContain(item.condition);
        expect(item.warranty).toBe('12 mois');
        expect(category).toMatch(/reconditionn/);
      }
      if (item.itemType === 'part') {
        expect(category).toMatch(/^Pièces détachées/);
        expect(item.deviceNames).not.toBe('');
      }
      if (item.itemType === 'accessory') expect(category).not.toMatch(/Pièces détachées|reconditionn/);
    }
    const outOfStock = rows.filter((item) => item.quantity === 0).length;
    expect(outOfStock).toBeGreaterThan(0);
    expect(outOfStock).toBeLessThan(rows.length / 4);
    const has = (pattern: RegExp, type: string) => rows.some((item) => item.itemType === type && pattern.test(item.name));
    expect(has(/^iPhone .* \d+ Go /, 'device')).toBe(true);
    expect(has(/^Samsung Galaxy /, 'device')).toBe(true);
    expect(rows.some((item) => /^iPad|Galaxy Tab|Pad /.test(item.name) && item.itemType === 'device')).toBe(true);
    expect(has(/Switch|PlayStation|Xbox/, 'device')).toBe(true);
    const accessoryCategories = new Set(rows.filter((item) => item.itemType === 'accessory').map((item) => categoryNames.get(item.categoryId ?? 0)));
    for (const category of ['Coques et étuis', 'Protections d’écran', 'Chargeurs et câbles', 'Audio', 'Cartes mémoire et stockage', 'Accessoires consoles']) {
      expect(accessoryCategories.has(category), category).toBe(true);
    }
    const partCategories = new Set(rows.filter((item) => item.itemType === 'part').map((item) => categoryNames.get(item.categoryId ?? 0)));
    expect(partCategories).toEqual(new Set(['Pièces détachées smartphones', 'Pièces détachées tablettes', 'Pièces détachées consoles', 'Pièces détachées ordinateurs', 'Pièces détachées montres']));
    for (const pattern of [/^Écran/, /^Batterie/, /Connecteur de charge/]) {
      expect(has(pattern, 'part'), String(pattern)).toBe(true);
    }
  });

  it('inserts nothing the second time, nor when the seed runs again', async () => {
    const before = await countRepairData(db);
    const again = await db.transaction((tx) => seedRepairDesk(tx, { size: 'demo', now: new Date() }));
    expect(again.seeded).toBe(false);
    expect(Object.values(again.inserted).every((count) => count === 0)).toBe(true);
    // As if an older version had seeded: the seed runs its steps again.
    await db.delete(appMeta).where(eq(appMeta.key, 'seed_version'));
    expect(await seed(db)).toEqual({ seeded: true });
    // Only the estimates' statuses (seed version 4) are added to the repair desk seeded above.
    expect(await countRepairData(db)).toEqual({ ...before, statuses: before.statuses + estimateDemoStatuses.length });
  });

  it('is deterministic: the same `now` gives the same data', async () => {
    const first = planRepairDesk({ size: 'demo', now: NOW });
    expect(planRepairDesk({ size: 'demo', now: NOW })).toEqual(first);
    const ticketRows = await db.select({ number: tickets.ticketNumber, createdAt: tickets.createdAt }).from(tickets).orderBy(asc(tickets.id));
    expect(ticketRows).toEqual(first.tickets.map((ticket) => ({ number: ticket.row.ticketNumber, createdAt: ticket.row.createdAt })));
    const imeis = await db.select({ imei: ticketDevices.imei }).from(ticketDevices).orderBy(asc(ticketDevices.id));
    expect(imeis.map((row) => row.imei)).toEqual(first.tickets.flatMap((ticket) => ticket.devices.map((device) => device.imei)));
    const skus = await db.select({ sku: inventoryItems.sku, name: inventoryItems.name }).from(inventoryItems).orderBy(asc(inventoryItems.id));
    expect(skus).toEqual(first.inventory.map((item) => ({ sku: item.sku, name: item.name })));
    // Another moment moves the dates, not the people.
    const later = planRepairDesk({ size: 'demo', now: new Date(NOW.getTime() + 7 * 86_400_000) });
    expect(later.customers.map((customer) => customer.email)).toEqual(first.customers.map((customer) => customer.email));
  });
});
