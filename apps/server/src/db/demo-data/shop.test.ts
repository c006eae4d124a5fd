import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponExpiryHint } from '@erepare/shared/shop';
import { productListResponseSchema, type ProductListResponse } from '@erepare/shared/schemas/shop';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { openDatabase } from '../client.js';
import { rowsOf } from '../client.js';
import { appMeta, coupons, shopProducts } from '../schema.js';
import { seed, seedRepairDemoData, SEED_VERSION } from '../seed.js';
import { countRepairData } from './repair-desk.js';
import { demoCoupons } from './shop.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Counts = { coupons: number; products: number; featured: number; parts: number; tooLong: number };

async function counts(): Promise<Counts> {
  const [row] = rowsOf<Counts>(
    await t.database.db.execute(sql`select
      (select count(*)::int from coupons) as "coupons",
      (select count(*)::int from shop_products) as "products",
      (select count(*)::int from shop_products where featured) as "featured",
      (select count(*)::int from shop_products s join inventory_items i on i.id = s.product_id where i.item_type = 'part') as "parts",
      (select count(*)::int from shop_products where char_length(short_description) > 150) as "tooLong"`),
  );
  if (!row) throw new Error('no counts');
  return row;
}

describe('the shop demo data', () => {
  it('holds the demo coupons and the shop fields of the sellable inventory, about ten featured', async () => {
    expect(SEED_VERSION).toBeGreaterThanOrEqual(3);
    const found = await counts();
    expect(found.coupons).toBe(8);
    expect(found.featured).toBeGreaterThanOrEqual(8);
    expect(found.featured).toBeLessThanOrEqual(12);
    expect(found.parts).toBe(0);
    expect(found.tooLong).toBe(0);
    const sellable = rowsOf<{ count: number }>(await t.database.db.execute(sql`select count(*)::int as count from inventory_items where item_type <> 'part'`));
    expect(found.products).toBe(sellable[0]?.count);
  });

  it('gives the promo banner its hints relative to the seeding moment', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const byCode = new Map(demoCoupons(now).map((coupon) => [coupon.code, coupon]));
    expect(couponExpiryHint(byCode.get('NOEL2026')?.expiresAt ?? null, now)).toBe('5 jours restants');
    expect(couponExpiryHint(byCode.get('FLASH24')?.expiresAt ?? null, now)).toBe('Expire demain');
    expect(couponExpiryHint(byCode.get('BIENVENUE10')?.expiresAt ?? null, now)).toBeNull();
    expect((byCode.get('ETE2025')?.expiresAt?.getTime() ?? Infinity) < now.getTime()).toBe(true);
    for (const coupon of byCode.values()) expect(coupon.code).toBe(coupon.code.toUpperCase());
  });

  it('adds the shop data once to a database seeded by version 2, without duplicating anything', async () => {
    await t.database.db.delete(coupons);
    await t.database.db.delete(shopProducts);
    await t.database.db.update(appMeta).set({ value: 2 }).where(eq(appMeta.key, 'seed_version'));
    const repairBefore = await countRepairData(t.database.db);

    expect(await seed(t.database.db)).toEqual({ seeded: true });
    const after = await counts();
    expect(after.coupons).toBe(8);
    expect(after.featured).toBeGreaterThanOrEqual(8);
    expect(await countRepairData(t.database.db)).toEqual(repairBefore);
    expect(await seed(t.database.db)).toEqual({ seeded: false });

    // Staff delete a demo coupon: a later start does not bring it back.
    await t.database.db.delete(coupons).where(eq(coupons.code, 'FLASH24'));
    expect(await seed(t.database.db)).toEqual({ seeded: false });
    expect((await counts()).coupons).toBe(7);
    // Even a rerun of version 3's steps (seed version lost) inserts nothing twice.
    await t.database.db.delete(appMeta).where(eq(appMeta.key, 'seed_version'));
    expect(await seed(t.database.db)).toEqual({ seeded: true });
    expect(await counts()).toEqual({ ...after, coupons: 8 });
  });
});

describe('DEMO_DATA=none', () => {
  it('seeds no coupon and no shop field (a real shop starts empty)', async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    try {
      await database.migrate();
      await seed(database.db, { demoData: 'none' });
      expect(await database.db.select().from(coupons)).toEqual([]);
      expect(await database.db.select().from(shopProducts)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 30_000);
});

describe('the large data set', () => {
  it('gets its shop fields in one go, and the catalogue pages and searches 5,000 items quickly', { timeout: 180_000 }, async () => {
    await t.database.db.execute(
      sql`truncate table invoice_payments, invoice_lines, invoices, ticket_events, ticket_devices, tickets, customers, inventory_items, shop_products restart identity cascade`,
    );
    const result = await seedRepairDemoData(t.database.db, 'large');
    expect(result.inserted.inventoryItems).toBe(5000);
    const found = await counts();
    expect(found.products).toBeGreaterThan(3000);
    expect(found.parts).toBe(0);

    t.app.shop.catalogue.invalidate();
    const first = await t.app.inject({ method: 'GET', url: '/api/shop/products?page=1&per_page=12' });
    expect(first.statusCode).toBe(200);
    expect(productListResponseSchema.parse(first.json<ProductListResponse>()).total).toBeGreaterThan(2500);
    const queries = ['page=1&per_page=12', 'search=samsung', 'search=iphone%2013', 'search=coque&category=coques', 'orderby=price&page=3'];
    // A machine shared with other jobs (CI runs two lanes) can stall any round: up to three rounds
    // are measured and the best one is held to the budget. A slow catalogue fails all three.
    let p95 = Infinity;
    for (let round = 0; round < 3 && p95 >= 25; round += 1) {
      const serverTimes: number[] = [];
      for (let index = 0; index < 100; index += 1) {
        const response = await t.app.inject({ method: 'GET', url: `/api/shop/products?${queries[index % queries.length] ?? ''}` });
        expect(response.statusCode).toBe(200);
        serverTimes.push(Number(/dur=([\d.]+)/.exec(String(response.headers['server-timing']))?.[1]));
      }
      serverTimes.sort((a, b) => a - b);
      p95 = Math.min(p95, serverTimes[94] ?? Infinity);
      console.info(`shop catalogue on 5,000 items through the app, round ${round + 1}: p50 ${serverTimes[50]} ms, p95 ${serverTimes[94]} ms server time`);
    }
    expect(p95).toBeLessThan(25);
  });
});
