import zlib from 'node:zlib';
/**
 * The catalogue endpoints on the local backend and the seeded demo data: listing rules, search,
 * category filter, sorting, paging, product pages, categories, and an empty shop.
 */
import { eq, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopMessages } from '@erepare/shared/shop';
import {
  productCategoriesResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  type Product,
  type ProductCategory,
  type ProductListResponse,
} from '@erepare/shared/schemas/shop';
import { rowsOf } from '../../db/client.js';
import { inventoryItems, shopProducts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { normaliseText } from './catalogue-rules.js';

let t: TestApp;

type ErrorBody = { success: false; message: string; statusCode: number };
type ProductBody = { success: true; data: Product };
type CategoriesBody = { success: true; data: ProductCategory[]; fallback: boolean };

async function list(query = ''): Promise<ProductListResponse & { headers: Record<string, unknown> }> {
  const response = await t.app.inject({ method: 'GET', url: `/api/shop/products${query ? `?${query}` : ''}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = productListResponseSchema.parse(response.json<ProductListResponse>());
  return { ...body, headers: response.headers };
}

/** Every listed product of a query, page after page (100 per page). */
async function all(query = ''): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page += 1) {
    const body = await list(`${query}${query ? '&' : ''}per_page=100&page=${page}`);
    products.push(...body.data);
    if (page >= body.total_pages) return products;
  }
}

type ItemRow = { id: number; item_type: string; quantity: number; price_cents: number };

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/shop/products', () => {
  it('lists 12 products per page, newest first, with the WordPress paging headers', async () => {
    const body = await list();
    expect(body.data).toHaveLength(12);
    expect(body).toMatchObject({ page: 1, per_page: 12, message: shopMessages.productsFound });
    expect(body.total_pages).toBe(Math.ceil(body.total / 12));
    expect(body.headers['x-wp-total']).toBe(String(body.total));
    expect(body.headers['x-wp-totalpages']).toBe(String(body.total_pages));
    const dates = body.data.map((product) => Date.parse(product.date_created));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('sells only in-stock devices and accessories with a price: never a spare part', async () => {
    const products = await all();
    const items = rowsOf<ItemRow>(await t.database.db.execute(sql`select id, item_type, quantity, price_cents from inventory_items`));
    const byId = new Map(items.map((item) => [item.id, item]));
    const expected = items.filter((item) => item.item_type !== 'part' && item.quantity > 0 && item.price_cents > 0);
    expect(products.length).toBe(expected.length);
    expect(new Set(products.map((product) => product.id)).size).toBe(products.length);
    for (const product of products) {
      const item = byId.get(product.id);
      expect(item?.item_type).not.toBe('part');
      expect(product.stock_quantity).toBe(item?.quantity);
      expect(product.stock_quantity).toBeGreaterThan(0);
      expect(product).toMatchObject({ in_stock: true, stock_status: 'instock', purchasable: true });
      expect(Number(product.price)).toBeGreaterThan(0);
      expect(product.short_description.length).toBeLessThanOrEqual(150);
      expect(product.meta_data).toContainEqual({ key: 'warranty', value: '12 mois' });
      // No photo in the demo data: the picture drawn from the product's category and name.
      expect(product.images).toEqual([{ id: 1, src: `/api/shop/products/${product.id}/image.svg`, alt: `${product.name} (illustration)` }]);
    }
    expect(products.some((product) => product.product_type === 'device')).toBe(true);
    expect(products.some((product) => product.product_type === 'accessory')).toBe(true);
  });

  it('draws the picture of a product without a photo: an SVG naming it, that runs nothing; 404 for an unknown product', async () => {
    const [product] = await all();
    if (!product) throw new Error('no product');
    const picture = await t.app.inject({ method: 'GET', url: `/api/shop/products/${product.id}/image.svg` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(picture.headers['cache-control']).toBe('public, max-age=86400');
    expect(picture.headers['content-security-policy']).toContain("default-src 'none'");
    const svg = new JSDOM(picture.body, { contentType: 'image/svg+xml' }).window.document;
    expect(svg.querySelector('parsererror')).toBeNull();
    expect(svg.documentElement.getAttribute('aria-label')).toBe(`Illustration : ${product.name}`);
    expect(svg.querySelector('script')).toBeNull();
    expect(svg.documentElement.textContent?.replace(/\s+/g, ' ')).toContain(product.name.split(' ')[0]);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/shop/products/999999/image.svg' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Produit introuvable' });
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/products/abc/image.svg' })).statusCode).toBe(400);
  });

  it('searches name, SKU and brand, ignoring case and accents; every word must match', async () => {
    const samsung = await all('search=SAMSUNG');
    expect(samsung.length).toBeGreaterThan(5);
    for (const product of samsung) expect(normaliseText(`${product.name} ${product.sku} ${product.brand}`)).toContain('samsung');
    // By brand only: a product whose name does not say its brand.
    const branded = (await all()).find((product) => product.brand && product.brand !== 'Générique' && !normaliseText(product.name).includes(normaliseText(product.brand)));
    if (!branded) throw new Error('no product without its brand in its name');
    expect((await all(`search=${encodeURIComponent(branded.brand)}`)).map((product) => product.id)).toContain(branded.id);

    const accented = await all('search=verre%20tremp%C3%A9');
    const plain = await all('search=VERRE%20TREMPE');
    expect(accented.length).toBeGreaterThan(0);
    expect(plain.map((product) => product.id)).toEqual(accented.map((product) => product.id));

    const words = await all('search=coque%20iphone');
    expect(words.length).toBeGreaterThan(0);
    for (const product of words) expect(normaliseText(product.name)).toMatch(/coque.*iphone/);

    const [sample] = (await list('orderby=id&order=asc')).data;
    if (!sample) throw new Error('no product');
    const bySku = await list(`search=${encodeURIComponent(sample.sku.toLowerCase())}`);
    expect(bySku.data.map((product) => product.id)).toContain(sample.id);
    const compactSku = await list(`search=${sample.sku.replace('-', '')}`);
    expect(compactSku.data.map((product) => product.id)).toContain(sample.id);

    const none = await list('search=introuvable%20zzz');
    expect(none).toMatchObject({ data: [], total: 0, total_pages: 0 });
  });

  it('understands what people type (issue 22 §4.9): best matches first, and a typo still finds the product', async () => {
    const names = async (query: string) => (await list(`search=${encodeURIComponent(query)}&per_page=5`)).data.map((product) => normaliseText(product.name));
    // « iphone 13 »: the iPhone 13 phones first, not an iPhone SE that mentions 13 somewhere.
    const iphone13 = await names('iphone 13');
    expect(iphone13.length).toBeGreaterThan(2);
    for (const name of iphone13.slice(0, 3)) expect(name).toMatch(/^iphone 13 /);
    // Typos: « ifone », « samsug » find the same products as the right spelling.
    expect(await names('ifone 13')).toEqual(iphone13);
    const samsung = await names('samsung galaxy');
    expect(samsung[0]).toMatch(/^samsung galaxy /);
    expect(await names('samsug galaxy')).toEqual(samsung);
    expect((await list('search=samsug')).total).toBe((await list('search=samsung')).total);
    // A price order the customer chose is kept while searching.
    const byPrice = (await list(`search=${encodeURIComponent('iphone 13')}&orderby=price&order=asc&per_page=50`)).data.map((product) => Number(product.price));
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
  });

  it('filters by category: id, slug, or a loose contains match on the name', async () => {
    const { data: categories } = productCategoriesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/shop/products/categories' })).json<CategoriesBody>(),
    );
    const cases = categories.find((category) => category.name === 'Coques et étuis');
    if (!cases) throw new Error('no "Coques et étuis" category');
    for (const query of [`category=${cases.id}`, `category=${cases.slug}`, 'category=coques', 'category=COQUES%20ET%20ETUIS']) {
      const body = await list(`${query}&per_page=100`);
      expect(body.total, query).toBe(cases.count);
      for (const product of body.data) expect(product.categories).toEqual([{ id: cases.id, name: cases.name, slug: cases.slug }]);
    }
    // The spec's fallback names find the real categories.
    const phones = await all('category=Smartphones');
    expect(phones.length).toBeGreaterThan(0);
    for (const product of phones) expect(product.category).toBe('Smartphones reconditionnés');
    const accessories = await all('category=Accessoires');
    expect(accessories.length).toBeGreaterThan(phones.length);
    for (const product of accessories) expect(product.product_type).toBe('accessory');
    expect((await list('category=inexistante')).total).toBe(0);
    expect((await list('category=999999')).total).toBe(0);
  });

  it('sorts by price, title, id and date, both ways', async () => {
    const prices = (await all('orderby=price')).map((product) => Number(product.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const pricesDesc = (await all('orderby=price&order=desc')).map((product) => Number(product.price));
    expect(pricesDesc).toEqual([...pricesDesc].sort((a, b) => b - a));
    const titles = (await list('orderby=title&per_page=100')).data.map((product) => product.name);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    const ids = (await list('orderby=id&order=asc&per_page=50')).data.map((product) => product.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const oldest = (await list('orderby=date&order=asc&per_page=50')).data.map((product) => Date.parse(product.date_created));
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect((await list('orderby=popularity')).data).toHaveLength(12);
  });

  it('pages on the server: per_page up to 100, pages past the end are empty', async () => {
    const first = await list('per_page=100');
    expect(first.data).toHaveLength(100);
    const second = await list('per_page=100&page=2');
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id);
    const past = await list(`page=${first.total_pages + 1}&per_page=100`);
    expect(past.data).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('filters featured and on-sale products', async () => {
    const featured = await all('featured=true');
    expect(featured.length).toBeGreaterThanOrEqual(8);
    expect(featured.length).toBeLessThanOrEqual(12);
    for (const product of featured) {
      expect(product.featured).toBe(true);
      expect(product.short_description).toMatch(/garanti/i);
    }
    const onSale = await all('on_sale=true');
    expect(onSale.length).toBeGreaterThan(0);
    for (const product of onSale) {
      expect(product.on_sale).toBe(true);
      expect(product.sale_price).toBe(product.price);
      expect(Number(product.regular_price)).toBeGreaterThan(Number(product.price));
    }
    const regular = await list('on_sale=false&per_page=100');
    for (const product of regular.data) expect(product).toMatchObject({ on_sale: false, sale_price: '' });
    expect(regular.data.every((product) => product.regular_price === product.price)).toBe(true);
  });

  it('refuses bad queries with a 400 and a French message', async () => {
    for (const query of ['page=-1', 'page=0', 'per_page=1000', 'per_page=0', 'orderby=foo', 'order=up', 'featured=oui', `search=${'a'.repeat(101)}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/shop/products?${query}` });
      expect(response.statusCode, query).toBe(400);
      const body = response.json<ErrorBody>();
      expect(body).toMatchObject({ success: false, statusCode: 400 });
      expect(body.message).toMatch(/^Données invalides/);
    }
  });
});

describe('compression', () => {
  it('sends a page of products compressed to a browser that accepts it, the same JSON once decoded; the repair API stays plain', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/shop/products?page=1&per_page=12' });
    const br = await t.app.inject({ method: 'GET', url: '/api/shop/products?page=1&per_page=12', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-wp-total']).toBe(plain.headers['x-wp-total']);
    const decoded = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(JSON.parse(decoded)).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const repair = await t.app.inject({ method: 'GET', url: '/api/repairdesk/statuses', headers: { 'accept-encoding': 'br, gzip' } });
    expect(repair.headers['content-encoding']).toBeUndefined();
  });
});

describe('GET /api/shop/products/:id', () => {
  it('serves a product in the WooCommerce shape', async () => {
    const [sample] = (await list('on_sale=true')).data;
    if (!sample) throw new Error('no product on sale');
    const response = await t.app.inject({ method: 'GET', url: `/api/shop/products/${sample.id}` });
    expect(response.statusCode).toBe(200);
    const { data } = productResponseSchema.parse(response.json<ProductBody>());
    expect(data).toEqual(sample);
    expect(data.slug).toMatch(new RegExp(`-${sample.id}$`));
  });

  it('serves an out-of-stock product (the page shows "Rupture de stock"), never lists it', async () => {
    const rows = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from inventory_items where quantity = 0 and item_type <> 'part' and price_cents > 0 order by id limit 1`),
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('the demo data has no out-of-stock item');
    const response = await t.app.inject({ method: 'GET', url: `/api/shop/products/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json<ProductBody>().data).toMatchObject({ id, stock_quantity: 0, in_stock: false, stock_status: 'outofstock', purchasable: false });
    expect((await all()).some((product) => product.id === id)).toBe(false);
  });

  it('answers 404 "Produit introuvable" for a spare part or an unknown id, 400 for a malformed one', async () => {
    const parts = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from inventory_items where item_type = 'part' and quantity > 0 limit 1`));
    for (const id of [parts[0]?.id ?? 0, 999_999]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/shop/products/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>()).toMatchObject({ success: false, message: 'Produit introuvable', statusCode: 404 });
    }
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/shop/products/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(/Identifiant de produit invalide/);
    }
  });

  it('follows the shop fields: hidden products disappear, slug and images come from shop_products', async () => {
    const [sample] = (await list('orderby=id&order=asc')).data;
    if (!sample) throw new Error('no product');
    await t.database.db
      .insert(shopProducts)
      .values({ productId: sample.id, slug: 'mon-produit', images: [{ src: '/images/produit.webp', alt: '' }] })
      .onConflictDoUpdate({ target: shopProducts.productId, set: { slug: 'mon-produit', images: [{ src: '/images/produit.webp', alt: '' }] } });
    // Without invalidation the snapshot (5 minutes) still answers.
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/products/${sample.id}` })).json<ProductBody>().data.slug).toBe(sample.slug);
    t.app.shop.catalogue.invalidate();
    const edited = (await t.app.inject({ method: 'GET', url: `/api/shop/products/${sample.id}` })).json<ProductBody>().data;
    expect(edited.slug).toBe('mon-produit');
    expect(edited.images).toEqual([{ id: 1, src: '/images/produit.webp', alt: sample.name }]);

    await t.database.db.update(shopProducts).set({ hidden: true }).where(eq(shopProducts.productId, sample.id));
    // The repair module's inventory cache invalidation drops the catalogue too.
    t.app.repair.inventory.invalidate();
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/products/${sample.id}` })).statusCode).toBe(404);
    expect((await all()).some((product) => product.id === sample.id)).toBe(false);
    await t.database.db.update(shopProducts).set({ hidden: false }).where(eq(shopProducts.productId, sample.id));
    t.app.shop.catalogue.invalidate();
  });
});

describe('GET /api/shop/products/categories', () => {
  it('lists the categories of listed products with their counts, by name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shop/products/categories' });
    expect(response.statusCode).toBe(200);
    const body = productCategoriesResponseSchema.parse(response.json<CategoriesBody>());
    expect(body.fallback).toBe(false);
    const names = body.data.map((category) => category.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    expect(names).toContain('Coques et étuis');
    expect(names.some((name) => name.startsWith('Pièces détachées'))).toBe(false);
    const total = (await list()).total;
    expect(body.data.reduce((sum, category) => sum + category.count, 0)).toBe(total);
    const local = rowsOf<{ id: number; name: string }>(await t.database.db.execute(sql`select id, name from categories`));
    for (const category of body.data) {
      expect(category.parent).toBe(0);
      expect(category.id).toBe(local.find((row) => row.name === category.name)?.id);
    }
  });
});

describe('an empty shop', () => {
  it('answers an honest empty list (never sample products) and the fallback categories', async () => {
    await t.database.db.update(inventoryItems).set({ quantity: 0 });
    t.app.shop.catalogue.invalidate();
    const body = await list();
    expect(body).toMatchObject({ data: [], total: 0, total_pages: 0, message: 'Aucun produit n\'est en vente pour le moment' });
    expect(body.headers['x-wp-total']).toBe('0');
    const categories = productCategoriesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/shop/products/categories' })).json<CategoriesBody>(),
    );
    expect(categories.fallback).toBe(true);
    expect(categories.data.map((category) => category.name)).toEqual(['Smartphones', 'Ordinateurs', 'Tablettes', 'Accessoires']);

    await t.database.db.execute(sql`delete from inventory_items`);
    t.app.shop.catalogue.invalidate();
    expect((await list('search=iphone')).data).toEqual([]);
  });
});
