/**
 * Staff products with RepairDesk as the backend (issue 22 §1): the list and the detail show
 * RepairDesk's items (a local fake speaking its wire format, filled with the demo records) with the
 * shop's own fields; only those change here (a field RepairDesk owns: 409 naming it, nothing
 * saved), audited, and the shop follows at once: the next order of a product set to « TVA sur la
 * marge » copies that rate onto its line, a hidden product leaves the catalogue and cannot be
 * ordered. Pictures are the shop's too; creating and deleting products stay RepairDesk's.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRepairDeskFields, type AdminProductDetail, type AdminProductSummary } from '@erepare/shared/schemas/admin-shop';
import type { Order, Product } from '@erepare/shared/schemas/shop';
import type { InventoryItemRecord } from '../../adapters/repair/types.js';
import { auditLog, orderLines, shopProducts } from '../../db/schema.js';
import { multipartBody } from '../../lib/test-images.js';
import { repairDeskAdminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';
import type { RepairDataset } from '../../test/fakes/local-records.js';
import type { FakeRepairDesk } from '../../test/fakes/repairdesk-fake.js';
import { postShopOrder } from '../../test/stripe-test-bed.js';
import { productImageMessages } from './products-admin-images.js';
import { productsAdminMessages } from './products-admin.js';

const KEY = 'rd-products-secret-key-62a1c9';
/** Added to the chosen item's name in RepairDesk only: our demo table keeps the old one. */
const RD_SUFFIX = ' – fiche RepairDesk';
const RD_PICTURE = 'https://cdn.exemple.fr/repairdesk/photo-face.jpg';
let h: AdminTestBed;
let fake: FakeRepairDesk;
let records: RepairDataset;
let close: (() => Promise<void>) | undefined;
/** A product the shop sells (two in stock at least), as our demo table had it. */
let item: InventoryItemRecord;

type ListBody = Envelope<AdminProductSummary[]> & { source?: string };
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const detail = async (id: number) => {
  const response = await h.call('GET', `/api/admin/products/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<AdminProductDetail>>().data;
};
const shopProduct = async (id: number) => {
  const response = await h.t.app.inject({ method: 'GET', url: `/api/shop/products/${id}` });
  return { status: response.statusCode, data: response.statusCode === 200 ? response.json<{ data: Product }>().data : null };
};
const shopRow = async (id: number) => (await h.t.database.db.select().from(shopProducts).where(eq(shopProducts.productId, id)))[0] ?? null;
const audits = (id: number) =>
  h.t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'product.update')));
const writesToRepairDesk = () => fake.requests.filter((request) => request.method !== 'GET').length;

const order = (productId: number) => postShopOrder(h.t, { lines: [{ product_id: productId, quantity: 1 }] });

async function listAll(query = ''): Promise<ListBody> {
  const rows: AdminProductSummary[] = [];
  for (let page = 1; ; page += 1) {
    const response = await h.call('GET', `/api/admin/products?pageSize=100&page=${page}${query ? `&${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ListBody>();
    rows.push(...body.data);
    if (page * 100 >= (body.pagination?.total ?? 0)) return { ...body, data: rows };
  }
}

beforeAll(async () => {
  ({ fake, records, close, ...h } = await repairDeskAdminTestBed(KEY));
  const sold = (await h.t.app.inject({ method: 'GET', url: '/api/shop/products?per_page=100&orderby=id&order=asc' })).json<{ data: Product[] }>().data;
  const chosen = records.inventory.find((entry) => sold.some((product) => product.id === entry.id && product.stock_quantity >= 2));
  if (!chosen) throw new Error('no product with 2 in stock');
  item = chosen;
  const remote = fake.store.inventory.find((entry) => Number(entry.id) === item.id);
  if (!remote) throw new Error('item missing from the fake RepairDesk');
  remote.name = `${item.name}${RD_SUFFIX}`;
  remote.image = '';
  // What the shop had read before the rename is dropped (a change in RepairDesk shows within 5 minutes).
  h.t.app.repair.inventory.invalidate();
});
afterAll(async () => {
  await close?.();
});

describe('staff only, with RepairDesk too', () => {
  it('answers 401 without a session and 403 to a customer, changing nothing', async () => {
    const calls: Array<[method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: unknown]> = [
      ['GET', '/api/admin/products'],
      ['GET', `/api/admin/products/${item.id}`],
      ['PATCH', `/api/admin/products/${item.id}`, { hidden: true }],
      ['PATCH', `/api/admin/products/${item.id}`, { name: 'Autre nom' }],
      ['POST', `/api/admin/products/${item.id}/images`, {}],
      ['DELETE', `/api/admin/products/${item.id}/images/0`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await h.call(method, url, payload, 'none')).statusCode, `${method} ${url}`).toBe(401);
      expect((await h.call(method, url, payload, 'customer')).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await shopProduct(item.id)).status).toBe(200);
    expect(await audits(item.id)).toHaveLength(0);
  });
});

describe('the list and the detail read RepairDesk', () => {
  it('lists every item RepairDesk holds (spare parts, hidden and out-of-stock ones too) with the shop fields, searched, filtered, sorted and paged like ours', async () => {
    const all = await listAll();
    expect(all.source).toBe('repairdesk');
    expect(all.pagination?.total).toBe(records.inventory.length);
    expect(all.data).toHaveLength(records.inventory.length);
    expect(all.data.every((row) => row.source === 'repairdesk')).toBe(true);
    expect(all.data.find((row) => row.id === item.id)).toMatchObject({ name: `${item.name}${RD_SUFFIX}`, sku: item.sku, kind: item.itemType });

    const featured = (await h.t.database.db.select({ id: shopProducts.productId }).from(shopProducts).where(eq(shopProducts.featured, true))).map((row) => row.id);
    expect(featured.length).toBeGreaterThan(0);
    const known = new Set(records.inventory.map((entry) => entry.id));
    expect((await listAll('featured=true')).data.map((row) => row.id).sort((a, b) => a - b)).toEqual(featured.filter((id) => known.has(id)).sort((a, b) => a - b));
    const parts = records.inventory.filter((entry) => entry.itemType === 'part').length;
    expect(parts).toBeGreaterThan(0);
    expect((await listAll('kind=part')).pagination?.total).toBe(parts);
    expect((await listAll('search=fiche repairdesk')).data.map((row) => row.id)).toEqual([item.id]);
    expect((await listAll(`search=${encodeURIComponent(item.sku.toLowerCase())}`)).data.map((row) => row.id)).toContain(item.id);
    expect((await listAll('stock=out')).data.every((row) => row.stock === 0)).toBe(true);
    const byPrice = (await listAll('sort=price&order=asc')).data.map((row) => row.salePriceCents ?? row.priceCents);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));

    const paged = await h.call('GET', '/api/admin/products?pageSize=5&page=2&sort=name&order=asc');
    const names = all.data.map((row) => row.name).sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' }));
    expect(paged.json<ListBody>().data.map((row) => row.name)).toEqual(names.slice(5, 10));
    for (const query of ['stock=none', 'sort=colour', 'pageSize=1000']) expect((await h.call('GET', `/api/admin/products?${query}`)).statusCode, query).toBe(400);
  });

  it('shows one item: RepairDesk’s fields marked read-only, the shop’s own fields; 404 for an id RepairDesk does not know', async () => {
    const product = await detail(item.id);
    const row = await shopRow(item.id);
    expect(product).toMatchObject({
      id: item.id,
      name: `${item.name}${RD_SUFFIX}`,
      sku: item.sku,
      stock: item.quantity,
      repairDeskQuantity: item.quantity,
      reservedQuantity: 0,
      source: 'repairdesk',
      featured: row?.featured ?? false,
      hidden: false,
      vatRate: row?.vatRate ?? '20',
    });
    expect(product.readOnlyFields).toEqual([...productRepairDeskFields]);
    const unknown = await h.call('GET', '/api/admin/products/987654');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Produit introuvable');
  });
});

describe('PATCH: the shop fields only', () => {
  it('refuses a field RepairDesk owns with a 409 naming it, saving nothing', async () => {
    const before = await shopRow(item.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'iPhone renommé' }, 'RepairDesk gère le nom de ce produit : faites ce changement dans RepairDesk'],
      [{ name: 'iPhone renommé', priceCents: 100, featured: true }, 'RepairDesk gère le nom et le prix de ce produit'],
      [{ stock: 9, expectedStock: item.quantity, hidden: true }, 'RepairDesk gère le stock de ce produit'],
      [{ sku: 'X', salePriceCents: null, description: 'Neuf' }, 'RepairDesk gère la référence (SKU), la description et le prix soldé de ce produit'],
    ];
    for (const [body, message] of cases) {
      const response = await h.call('PATCH', `/api/admin/products/${item.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(plain(response.json<{ message: string }>().message)).toContain(message);
    }
    expect((await h.call('PATCH', `/api/admin/products/${item.id}`, { name: 'x' })).json<{ message: string }>().message).toBe(productsAdminMessages.repairDeskFields(['le nom']));
    expect(await shopRow(item.id)).toEqual(before);
    expect(await audits(item.id)).toHaveLength(0);
    expect((await detail(item.id)).name).toBe(`${item.name}${RD_SUFFIX}`);
    expect(writesToRepairDesk()).toBe(0);
    const unknown = await h.call('PATCH', '/api/admin/products/987654', { featured: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Produit introuvable');
    expect((await h.call('PATCH', `/api/admin/products/${item.id}`, { vatRate: '19.6' })).statusCode).toBe(400);
  });

  it('sets « TVA sur la marge » and the short description, audited; the next order of the product copies « margin » onto its line', async () => {
    const before = await shopRow(item.id);
    const response = await h.call('PATCH', `/api/admin/products/${item.id}`, { vatRate: 'margin', shortDescription: 'Reconditionné à Gujan-Mestras, garanti 12 mois' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<AdminProductDetail>>()).toMatchObject({
      message: productsAdminMessages.updated,
      data: { vatRate: 'margin', shortDescription: 'Reconditionné à Gujan-Mestras, garanti 12 mois', name: `${item.name}${RD_SUFFIX}`, source: 'repairdesk' },
    });
    expect(await shopRow(item.id)).toMatchObject({ vatRate: 'margin', shortDescription: 'Reconditionné à Gujan-Mestras, garanti 12 mois' });
    const audit = await audits(item.id);
    expect(audit.map((entry) => [entry.actorId, entry.before, entry.after])).toEqual([
      [h.admin.id, { vatRate: before?.vatRate ?? '20', shortDescription: before?.shortDescription ?? '' }, { vatRate: 'margin', shortDescription: 'Reconditionné à Gujan-Mestras, garanti 12 mois' }],
    ]);
    // The same again: nothing to record.
    const same = await h.call('PATCH', `/api/admin/products/${item.id}`, { vatRate: 'margin' });
    expect(plain(same.json<{ message: string }>().message)).toBe('Aucune modification : le produit était déjà ainsi.');
    expect(await audits(item.id)).toHaveLength(1);

    // The shop shows it at once (its caches were dropped).
    expect((await shopProduct(item.id)).data?.short_description).toBe('Reconditionné à Gujan-Mestras, garanti 12 mois');
    const placed = await order(item.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const created = placed.json<{ data: Order }>().data;
    expect(created.line_items.map((line) => [line.product_id, line.name, line.vat_rate])).toEqual([[item.id, `${item.name}${RD_SUFFIX}`, 'margin']]);
    const lines = await h.t.database.db.select({ vatRate: orderLines.vatRate }).from(orderLines).where(eq(orderLines.orderId, created.id));
    expect(lines).toEqual([{ vatRate: 'margin' }]);
    // The web sale RepairDesk does not know yet: the shop sells one fewer.
    expect(await detail(item.id)).toMatchObject({ stock: item.quantity - 1, repairDeskQuantity: item.quantity, reservedQuantity: 1, orderLineCount: 1 });
  });

  it('hides the product: out of the shop at once, an order of it refused; shown again when unhidden', async () => {
    const response = await h.call('PATCH', `/api/admin/products/${item.id}`, { hidden: true, featured: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<AdminProductDetail>>().data).toMatchObject({ hidden: true, featured: true });
    expect((await shopProduct(item.id)).status).toBe(404);
    const listed = (await h.t.app.inject({ method: 'GET', url: `/api/shop/products?search=${encodeURIComponent(item.sku)}` })).json<{ data: Product[] }>().data;
    expect(listed.map((product) => product.id)).not.toContain(item.id);
    expect((await listAll('hidden=true')).data.map((row) => row.id)).toContain(item.id);

    const refused = await order(item.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await h.t.database.db.select().from(orderLines).where(eq(orderLines.productId, item.id))).toHaveLength(1);

    expect((await h.call('PATCH', `/api/admin/products/${item.id}`, { hidden: false })).statusCode).toBe(200);
    expect((await shopProduct(item.id)).data).toMatchObject({ id: item.id, featured: true });
  });
});

describe('pictures, creation and deletion', () => {
  it('adds and removes the shop’s pictures of a RepairDesk product; RepairDesk’s own picture, when it is the last, stays', async () => {
    const remote = fake.store.inventory.find((entry) => Number(entry.id) === item.id);
    if (remote) remote.image = RD_PICTURE;
    h.t.app.repair.inventory.invalidate();
    expect((await detail(item.id)).images.map((image) => image.src)).toEqual([RD_PICTURE]);

    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#16a085' } }).png().toBuffer();
    const body = multipartBody({ alt: 'Vue de dos' }, [{ field: 'image', bytes: png, filename: 'dos.png', type: 'image/png' }]);
    const added = await h.t.app.inject({ method: 'POST', url: `/api/admin/products/${item.id}/images`, payload: body.payload, headers: { ...body.headers, ...h.admin.headers } });
    expect(added.statusCode, added.body).toBe(201);
    const images = added.json<Envelope<AdminProductDetail>>().data.images;
    expect(images.map((image) => image.src)).toEqual([RD_PICTURE, expect.stringMatching(/^\/api\/shop\/images\/\d+$/)]);
    expect((await shopProduct(item.id)).data?.images.map((image) => image.src)).toEqual(images.map((image) => image.src));

    const removeFirst = () => h.call('DELETE', `/api/admin/products/${item.id}/images/0`);
    expect((await removeFirst()).json<Envelope<AdminProductDetail>>().data.images.map((image) => image.src)).toEqual([images[1]?.src]);
    // The uploaded one gone, RepairDesk's picture is the product's again: it cannot be removed here.
    expect((await removeFirst()).json<Envelope<AdminProductDetail>>().data.images.map((image) => image.src)).toEqual([RD_PICTURE]);
    const refused = await removeFirst();
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(productImageMessages.repairDeskPicture);
    expect((await h.call('DELETE', '/api/admin/products/987654/images/0')).statusCode).toBe(404);
    expect(writesToRepairDesk()).toBe(0);
  });

  it('leaves creating and deleting products to RepairDesk (409, French)', async () => {
    const created = await h.call('POST', '/api/admin/products', { name: 'Coque', sku: 'RD-NOUVEAU', kind: 'accessory', priceCents: 990 });
    expect(created.statusCode).toBe(409);
    expect(created.json<{ message: string }>().message).toBe(productsAdminMessages.repairDesk);
    const deleted = await h.call('DELETE', `/api/admin/products/${item.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json<{ message: string }>().message).toBe(productsAdminMessages.repairDesk);
    expect((await shopProduct(item.id)).status).toBe(200);
  });
});
