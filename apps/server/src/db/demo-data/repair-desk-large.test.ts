import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCategories } from '@erepare/shared/tickets';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { rowsOf } from '../client.js';
import { countRepairData, demoDataSizes, seedRepairDesk } from './repair-desk.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(
    sql`truncate table invoice_payments, invoice_lines, invoices, ticket_events, ticket_devices, tickets, customers, inventory_items, categories, brands, statuses restart identity cascade`,
  );
});
afterAll(async () => {
  await t.close();
});

describe('seedRepairDesk (large size, for benchmarks)', () => {
  it('loads 500 customers, 2,000 tickets, ~600 invoices and 5,000 items in well under a minute', { timeout: 180_000 }, async () => {
    const startedAt = performance.now();
    const result = await t.database.db.transaction((tx) => seedRepairDesk(tx, { size: 'large', now: new Date() }));
    const seconds = (performance.now() - startedAt) / 1000;
    expect(seconds).toBeLessThan(60);
    expect(result.seeded).toBe(true);

    const counts = await countRepairData(t.database.db);
    expect(counts).toEqual(result.inserted);
    expect(counts.customers).toBe(demoDataSizes.large.customers);
    expect(counts.customers).toBe(500);
    expect(counts.tickets).toBe(2000);
    expect(counts.inventoryItems).toBe(5000);
    expect(counts.invoices).toBe(600);
    expect(counts.ticketDevices).toBeGreaterThan(2000);

    type Row = { statuses: number | string; categories: number | string; invoiceStatuses: number | string; tooOld: number | string; badNumbers: number | string };
    const [row] = rowsOf<Row>(
      await t.database.db.execute(sql`select
        (select count(distinct status) from tickets) as "statuses",
        (select count(distinct category) from ticket_devices) as "categories",
        (select count(distinct status) from invoices) as "invoiceStatuses",
        (select count(*) from tickets where created_at < now() - interval '31 days') as "tooOld",
        (select count(*) from tickets where ticket_number !~ '^T-[0-9]{4,6}$') as "badNumbers"`),
    );
    expect(Number(row?.statuses)).toBe(counts.statuses);
    expect(Number(row?.categories)).toBe(deviceCategories.length);
    expect(Number(row?.invoiceStatuses)).toBe(4);
    expect(Number(row?.tooOld)).toBe(0);
    expect(Number(row?.badNumbers)).toBe(0);
  });
});
