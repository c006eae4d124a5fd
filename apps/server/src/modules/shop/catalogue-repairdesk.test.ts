/**
 * The catalogue with RepairDesk as the inventory backend (the fake RepairDesk server filled with
 * the demo records): same products, and web sales recorded locally are subtracted from
 * RepairDesk's quantities until staff apply them there.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResponseSchema, type Product, type ProductCategory, type ProductListResponse } from '@erepare/shared/schemas/shop';
import { createLocalRepairBackend } from '../../adapters/repair/local.js';
import { rowsOf } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema.js';
import { fromRecords, startFakeRepairDesk, type FakeRepairDesk } from '../../test/fakes/repairdesk-fake.js';
import { readAllRecords } from '../../test/fakes/local-records.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const KEY = 'rd-shop-secret-key-51c7e2a9';
let fake: FakeRepairDesk;
let t: TestApp;

type ProductBody = { success: true; data: Product };

async function listAll(): Promise<{ products: Product[]; total: number }> {
  const products: Product[] = [];
  for (let page = 1; ; page += 1) {
    const response = await t.app.inject({ method: 'GET', url: `/api/shop/products?per_page=100&page=${page}&orderby=id&order=asc` });
    expect(response.statusCode, response.body).toBe(200);
    const body = productListResponseSchema.parse(response.json<ProductListResponse>());
    products.push(...body.data);
    if (page >= body.total_pages) return { products, total: body.total };
  }
}

async function product(id: number): Promise<Product> {
  const response = await t.app.inject({ method: 'GET', url: `/api/shop/products/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductBody>().data;
}

type OrderInput = {
  status?: (typeof orders.$inferInsert)['status'];
  backend?: 'local' | 'repairdesk';
  released?: boolean;
  synced?: boolean;
};

/** An order holding `quantity` of a product, written directly (the orders module is not under test). */
async function order(productId: number, quantity: number, input: OrderInput = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      orderKeyHash: 'test',
      status: input.status ?? 'on-hold',
      paymentMethod: 'bacs',
      paymentMethodTitle: 'Virement bancaire',
      email: 'client.boutique@exemple.fr',
      billing: {},
      shipping: {},
      shippingMethodId: 'local_pickup',
      shippingMethodTitle: 'Retrait en boutique',
      subtotalCents: 1000 * quantity,
      totalCents: 1000 * quantity,
      inventoryBackend: input.backend ?? 'repairdesk',
      stockReleasedAt: input.released ? new Date() : null,
      stockSyncedAt: input.synced ? new Date() : null,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('order not inserted');
  await t.database.db.insert(orderLines).values({ orderId: row.id, productId, name: 'Produit', quantity, unitPriceCents: 1000, totalCents: 1000 * quantity });
  return row.id;
}

beforeAll(async () => {
  fake = await startFakeRepairDesk({ apiKey: KEY, rateLimit: false });
  t = await createTestApp({ REPAIRDESK_API_KEY: KEY, REPAIRDESK_BASE_URL: fake.url });
  const records = await readAllRecords(createLocalRepairBackend(t.database.db));
  Object.assign(fake.store, fromRecords(records));
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the catalogue on RepairDesk', () => {
  it('sells the same products as with our tables, read page by page from RepairDesk', async () => {
    const expected = rowsOf<{ count: number }>(
      await t.database.db.execute(sql`select count(*)::int as count from inventory_items where item_type <> 'part' and quantity > 0 and price_cents > 0`),
    )[0]?.count;
    const { products, total } = await listAll();
    expect(total).toBe(expected);
    expect(products.every((entry) => entry.stock_quantity > 0 && Number(entry.price) > 0)).toBe(true);
    expect(fake.count({ path: 'inventory' })).toBeGreaterThan(0);
    for (const request of fake.requests.filter((entry) => entry.path === 'inventory')) expect(request.query.pagesize).toBe('1000');
    // The shop fields are keyed by the RepairDesk item id: the featured demo products are there.
    expect(products.filter((entry) => entry.featured).length).toBeGreaterThan(5);

    const categories = (await t.app.inject({ method: 'GET', url: '/api/shop/products/categories' })).json<{ data: ProductCategory[]; fallback: boolean }>();
    expect(categories.fallback).toBe(false);
    const local = rowsOf<{ id: number; name: string }>(await t.database.db.execute(sql`select id, name from categories`));
    for (const category of categories.data) expect(category.id).toBe(local.find((row) => row.name === category.name)?.id);
  });

  it('subtracts the web sales RepairDesk does not know about yet', async () => {
    const { products } = await listAll();
    const target = products.find((entry) => entry.stock_quantity >= 3);
    if (!target) throw new Error('no product with 3 in stock');
    const quantity = target.stock_quantity;

    await order(target.id, 1, { status: 'on-hold' });
    // Orders that no longer hold stock, or whose stock lives elsewhere, do not count.
    await order(target.id, 1, { status: 'cancelled' });
    await order(target.id, 1, { status: 'failed' });
    await order(target.id, 1, { status: 'processing', synced: true });
    await order(target.id, 1, { status: 'pending', released: true });
    await order(target.id, 1, { status: 'processing', backend: 'local' });
    t.app.shop.catalogue.invalidate();
    expect((await product(target.id)).stock_quantity).toBe(quantity - 1);

    // Everything left reserved by pending orders: still a product page ("Rupture de stock"), no longer listed.
    await order(target.id, quantity - 1, { status: 'pending' });
    t.app.shop.catalogue.invalidate();
    expect(await product(target.id)).toMatchObject({ stock_quantity: 0, in_stock: false, stock_status: 'outofstock' });
    expect((await listAll()).products.some((entry) => entry.id === target.id)).toBe(false);
  });

  it('keeps serving its last snapshot while RepairDesk is down, and never leaks the key', async () => {
    const before = await listAll();
    fake.controls.down();
    try {
      t.app.shop.catalogue.invalidate();
      const during = await listAll();
      expect(during.total).toBe(before.total);
      const response = await t.app.inject({ method: 'GET', url: '/api/shop/products?search=iphone' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(KEY);
    } finally {
      fake.controls.up();
    }
  }, 60_000);
});

describe('the catalogue on RepairDesk, down from the start', () => {
  it('answers a French 5xx (never a 500) and the fallback categories', async () => {
    const other = await createTestApp({ REPAIRDESK_API_KEY: KEY, REPAIRDESK_BASE_URL: fake.url });
    fake.controls.down();
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/shop/products' });
      expect([502, 503, 504]).toContain(response.statusCode);
      expect(response.json<{ message: string }>().message).toMatch(/disponible|trop long/);
      const categories = await other.app.inject({ method: 'GET', url: '/api/shop/products/categories' });
      expect(categories.statusCode).toBe(200);
      expect(categories.json<{ fallback: boolean }>().fallback).toBe(true);
    } finally {
      fake.controls.up();
      await other.close();
    }
  }, 60_000);
});
