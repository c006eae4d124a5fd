/**
 * Staff products and stock (issue 9, local backend): list with paging, search, filters and sort;
 * create; edit (unique SKU, sale price below price, stock never below 0, a stock an order changed
 * meanwhile refused); pictures (magic bytes, resized to 1200 px and a 400 px thumbnail, served by
 * the shop); delete refused for a product in orders. Each change is audited and the shop shows it
 * at once (GET /api/shop/products/:id). Admins only; bad input changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDetail, AdminProductSummary } from '@erepare/shared/schemas/admin-shop';
import { orderCreateRequestSchema, type Product } from '@erepare/shared/schemas/shop';
import { auditLog, inventoryItems, shopProductImages, shopProducts } from '../../db/schema.js';
import { createOrder } from '../orders/service.js';
import { offlinePaymentMethods } from '../shop/payment-methods.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { assertLocalInventory, productsAdminMessages } from './products-admin.js';
import { productImageMessages } from './products-admin-images.js';

let t: TestApp;
let admin: { id: number; headers: { authorization: string } };
let customer: { id: number; headers: { authorization: string } };
const db = () => t.database.db;

type DetailBody = { success: boolean; message?: string; data: AdminProductDetail };
type ListBody = { success: boolean; data: AdminProductSummary[]; pagination: { page: number; pageSize: number; total: number } };
type ErrorBody = { success: false; message: string };

const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: unknown, headers?: { authorization: string }) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), ...(headers ? { headers } : {}) });
const shopProduct = async (id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/shop/products/${id}` });
  return { status: response.statusCode, data: response.statusCode === 200 ? response.json<{ data: Product }>().data : null };
};
const auditOf = (id: number, action: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));

function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----erepare-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (id: number, parts: Parameters<typeof multipart>[0], headers?: { authorization: string }) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/images`, payload: body.payload, headers: { ...body.headers, ...(headers ?? {}) } });
};

const baseProduct = {
  name: 'Coque antichoc iPhone 15',
  sku: 'TEST-ADM-COQ-15',
  description: 'Coque en TPU renforcé, bords surélevés.',
  shortDescription: 'Coque antichoc pour iPhone 15',
  category: 'Accessoires',
  brand: 'Apple',
  kind: 'accessory',
  condition: 'Neuf',
  priceCents: 2490,
  salePriceCents: 1990,
  stock: 6,
  warranty: '12 mois',
  featured: true,
};

let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'produits.staff@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'client.produits@exemple.fr' });
});
afterAll(async () => {
  await t?.close();
});

describe('staff only', () => {
  it('every product endpoint answers 401 without a session and 403 to a customer, before reading the body', async () => {
    const calls: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown]> = [
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/products/1'],
      ['POST', '/api/admin/products', baseProduct],
      ['POST', '/api/admin/products', { junk: true }],
      ['PATCH', '/api/admin/products/1', { stock: 0 }],
      ['DELETE', '/api/admin/products/1'],
      ['POST', '/api/admin/products/1/images', {}],
      ['DELETE', '/api/admin/products/1/images/0'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method, url, payload, customer.headers)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await db().select().from(inventoryItems).where(eq(inventoryItems.sku, baseProduct.sku))).toHaveLength(0);
  });

  it('with RepairDesk the stock is managed there (409, French)', () => {
    expect(() => assertLocalInventory('repairdesk')).toThrowError(productsAdminMessages.repairDesk);
  });
});

describe('POST /api/admin/products', () => {
  it('refuses bad input with a French 400, creating nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...baseProduct, name: '' }, /Le nom du produit est requis/],
      [{ ...baseProduct, salePriceCents: 2490 }, /Le prix soldé doit être inférieur au prix/],
      [{ ...baseProduct, priceCents: 24.9 }, /nombre entier/],
      [{ ...baseProduct, priceCents: -1 }, /ne peut pas être négatif/],
      [{ ...baseProduct, stock: -2 }, /Le stock ne peut pas être négatif/],
      [{ ...baseProduct, shortDescription: 'x'.repeat(151) }, /150 caractères/],
      [{ ...baseProduct, kind: 'service' }, /Type de produit inconnu/],
      [{ ...baseProduct, sku: 'A\u0000B' }, /Caractères non autorisés/],
      [{ ...baseProduct, price: 10 }, /Données invalides/],
      [{ name: 'Sans prix', sku: 'X', kind: 'accessory' }, /Données invalides/],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/api/admin/products', body, admin.headers);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(message);
    }
    expect(await db().select().from(inventoryItems).where(eq(inventoryItems.sku, baseProduct.sku))).toHaveLength(0);
  });

  it('creates a product that the shop sells at once, audited', async () => {
    const response = await send('POST', '/api/admin/products', baseProduct, admin.headers);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<DetailBody>();
    productId = body.data.id;
    expect(body.message).toBe(productsAdminMessages.created(baseProduct.name));
    expect(body.data).toMatchObject({
      name: baseProduct.name,
      sku: baseProduct.sku,
      kind: 'accessory',
      category: 'Accessoires',
      brand: 'Apple',
      priceCents: 2490,
      salePriceCents: 1990,
      stock: 6,
      featured: true,
      hidden: false,
      shortDescription: baseProduct.shortDescription,
      warranty: '12 mois',
      reservedQuantity: 0,
      orderLineCount: 0,
      images: [],
    });
    const shop = await shopProduct(productId);
    expect(shop.status).toBe(200);
    expect(shop.data).toMatchObject({ name: baseProduct.name, price: '19.90', regular_price: '24.90', on_sale: true, stock_quantity: 6, featured: true, category: 'Accessoires' });
    const audit = await auditOf(productId, 'product.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, after: { sku: baseProduct.sku, priceCents: 2490 } });
  });

  it('refuses a SKU already used (409, whatever its case)', async () => {
    const response = await send('POST', '/api/admin/products', { ...baseProduct, sku: baseProduct.sku.toLowerCase() }, admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(productsAdminMessages.skuTaken(baseProduct.sku.toLowerCase()));
  });
});

describe('GET /api/admin/products', () => {
  it('pages, searches name and SKU, filters kind, category, featured, hidden and stock, sorts', async () => {
    const second = await send('POST', '/api/admin/products', { name: 'iPhone 12 reconditionné', sku: 'TEST-ADM-IP12', kind: 'device', category: 'Smartphones', priceCents: 32900, stock: 1 }, admin.headers);
    const third = await send('POST', '/api/admin/products', { name: 'Nappe de charge iPhone 12', sku: 'TEST-ADM-NAP12', kind: 'part', priceCents: 1500, stock: 0, hidden: true }, admin.headers);
    const ids = [productId, second.json<DetailBody>().data.id, third.json<DetailBody>().data.id];
    const list = async (query: string) => {
      const response = await send('GET', `/api/admin/products?${query}`, undefined, admin.headers);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      return response.json<ListBody>();
    };
    const mine = (body: ListBody) => body.data.map((row) => row.id).filter((id) => ids.includes(id));
    expect(mine(await list('search=TEST-ADM&sort=name&order=asc'))).toEqual([ids[0], ids[1], ids[2]]);
    const paged = await list('search=TEST-ADM&pageSize=2&page=2&sort=price&order=desc');
    expect(paged.pagination).toEqual({ page: 2, pageSize: 2, total: 3 });
    expect(paged.data.map((row) => row.id)).toEqual([ids[2]]);
    expect(mine(await list('search=iphone 12'))).toEqual(expect.arrayContaining([ids[1], ids[2]]));
    expect(mine(await list('search=adm-ip12'))).toEqual([ids[1]]);
    expect(mine(await list('search=TEST-ADM&kind=part'))).toEqual([ids[2]]);
    expect(mine(await list('search=TEST-ADM&category=smartphones'))).toEqual([ids[1]]);
    expect(mine(await list('search=TEST-ADM&featured=true'))).toEqual([ids[0]]);
    expect(mine(await list('search=TEST-ADM&hidden=true'))).toEqual([ids[2]]);
    expect(mine(await list('search=TEST-ADM&stock=out'))).toEqual([ids[2]]);
    expect(mine(await list('search=TEST-ADM&stock=low'))).toEqual([ids[1]]);
    for (const query of ['kind=phone', 'stock=none', 'sort=colour', 'featured=yes', 'pageSize=1000']) {
      expect((await send('GET', `/api/admin/products?${query}`, undefined, admin.headers)).statusCode, query).toBe(400);
    }
  });
});

describe('PATCH /api/admin/products/:id', () => {
  it('refuses bad input, a taken SKU, a sale price above the price, changing nothing', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp | string]> = [
      [{}, 400, /Aucune modification/],
      [{ stock: -1 }, 400, /Le stock ne peut pas être négatif/],
      [{ priceCents: 1990 }, 400, productsAdminMessages.salePrice],
      [{ salePriceCents: 3000 }, 400, productsAdminMessages.salePrice],
      [{ shortDescription: 'é'.repeat(151) }, 400, /150 caractères/],
      [{ sku: 'TEST-ADM-IP12' }, 409, productsAdminMessages.skuTaken('TEST-ADM-IP12')],
      [{ stock: 3, expectedStock: 5 }, 409, productsAdminMessages.stockChanged(6)],
      [{ colour: 'rouge' }, 400, /Données invalides/],
    ];
    for (const [body, status, message] of cases) {
      const response = await send('PATCH', `/api/admin/products/${productId}`, body, admin.headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json<ErrorBody>().message).toMatch(message);
    }
    expect((await send('PATCH', '/api/admin/products/999999', { stock: 1 }, admin.headers)).statusCode).toBe(404);
    const [row] = await db().select().from(inventoryItems).where(eq(inventoryItems.id, productId));
    expect(row).toMatchObject({ quantity: 6, priceCents: 1990, originalPriceCents: 2490, sku: baseProduct.sku });
    expect(await auditOf(productId, 'product.update')).toHaveLength(0);
  });

  it('edits prices, stock and shop fields; the audit keeps only what changed; the shop shows it at once', async () => {
    expect((await shopProduct(productId)).data?.price).toBe('19.90');
    const response = await send('PATCH', `/api/admin/products/${productId}`, { salePriceCents: null, priceCents: 2290, stock: 4, expectedStock: 6, featured: false, name: baseProduct.name }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DetailBody>()).toMatchObject({ message: productsAdminMessages.updated, data: { priceCents: 2290, salePriceCents: null, stock: 4, featured: false } });
    expect((await shopProduct(productId)).data).toMatchObject({ price: '22.90', on_sale: false, stock_quantity: 4, featured: false });
    const audit = await auditOf(productId, 'product.update');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toEqual({ priceCents: 2490, salePriceCents: 1990, stock: 6, featured: true });
    expect(audit[0]?.after).toEqual({ priceCents: 2290, salePriceCents: null, stock: 4, featured: false });

    // Hidden: out of the shop at once.
    expect((await send('PATCH', `/api/admin/products/${productId}`, { hidden: true }, admin.headers)).statusCode).toBe(200);
    expect((await shopProduct(productId)).status).toBe(404);
    expect((await send('PATCH', `/api/admin/products/${productId}`, { hidden: false }, admin.headers)).statusCode).toBe(200);
    expect((await shopProduct(productId)).status).toBe(200);

    // The same values again: nothing changes, nothing audited.
    const same = await send('PATCH', `/api/admin/products/${productId}`, { stock: 4, category: 'accessoires' }, admin.headers);
    expect(same.json<DetailBody>().message).toBe(productsAdminMessages.unchanged);
    expect(await auditOf(productId, 'product.update')).toHaveLength(3);
  });

  it('a stock set while an order holds units keeps the reservation: cancelling gives them back on top', async () => {
    const order = await createOrder(
      { db: db(), publicUrl: t.config.publicUrl, orders: t.config.orders, backend: t.app.repair.backend, catalogue: t.app.shop.catalogue, paymentMethods: (profile) => offlinePaymentMethods(profile, t.config.publicUrl) },
      { kind: 'anonymous' },
      orderCreateRequestSchema.parse({
        payment_method: 'bacs',
        billing: { first_name: 'Inès', last_name: 'Stock', email: 'ines.stock@exemple.fr', phone: '0611223344', address_1: '1 rue du Port', city: 'Arcachon', postcode: '33120' },
        line_items: [{ product_id: productId, quantity: 3 }],
        shipping_lines: [{ method_id: 'colissimo_sign' }],
        terms_accepted: true,
      }),
      { ip: '10.63.0.1' },
    );
    const detail = (await send('GET', `/api/admin/products/${productId}`, undefined, admin.headers)).json<DetailBody>().data;
    expect(detail).toMatchObject({ stock: 1, reservedQuantity: 3, orderLineCount: 1 });
    // Staff count 5 on the shelf that are not reserved.
    expect((await send('PATCH', `/api/admin/products/${productId}`, { stock: 5, expectedStock: 1 }, admin.headers)).statusCode).toBe(200);
    const cancel = await send('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'cancelled' }, admin.headers);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = (await send('GET', `/api/admin/products/${productId}`, undefined, admin.headers)).json<DetailBody>().data;
    expect(after).toMatchObject({ stock: 8, reservedQuantity: 0 });
    expect((await shopProduct(productId)).data?.stock_quantity).toBe(8);
  });
});

describe('pictures', () => {
  it('refuses what is not a JPEG, PNG or WebP (by its bytes), a missing file and a non-multipart body', async () => {
    const fake = await upload(productId, [{ name: 'image', value: Buffer.from('GIF89a not really'), filename: 'photo.png', type: 'image/png' }], admin.headers);
    expect(fake.statusCode).toBe(400);
    expect(fake.json<ErrorBody>().message).toBe(productImageMessages.invalidType);
    const broken = await upload(productId, [{ name: 'image', value: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]), filename: 'x.png' }], admin.headers);
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ErrorBody>().message).toBe(productImageMessages.unreadable);
    const none = await upload(productId, [{ name: 'alt', value: 'rien' }], admin.headers);
    expect(none.statusCode).toBe(400);
    const json = await send('POST', `/api/admin/products/${productId}/images`, { image: 'data:image/png;base64,AAAA' }, admin.headers);
    expect(json.statusCode).toBe(415);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(productId, [{ name: 'image', value: huge, filename: 'enorme.jpg', type: 'image/jpeg' }], admin.headers);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<ErrorBody>().message).toBe(productImageMessages.tooLarge);
    const wrongField = await upload(productId, [{ name: 'photo', value: Buffer.from([0xff, 0xd8, 0xff]), filename: 'a.jpg' }], admin.headers);
    expect(wrongField.statusCode).toBe(400);
    expect((await upload(999999, [{ name: 'image', value: Buffer.from([0xff, 0xd8, 0xff]), filename: 'a.jpg' }], admin.headers)).statusCode).toBe(404);
    expect(await db().select().from(shopProductImages)).toHaveLength(0);
    expect(await auditOf(productId, 'product.image_add')).toHaveLength(0);
  });

  it('resizes to 1200 px with a 400 px thumbnail (WebP), serves both, shows them in the shop, removes one', async () => {
    const big = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    const response = await upload(productId, [{ name: 'alt', value: 'Coque rouge, vue de face' }, { name: 'image', value: big, filename: 'coque.jpg', type: 'image/jpeg' }], admin.headers);
    expect(response.statusCode, response.body).toBe(201);
    const images = response.json<DetailBody>().data.images;
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ index: 0, alt: 'Coque rouge, vue de face' });
    expect(images[0]?.src).toMatch(/^\/api\/shop\/images\/\d+$/);

    const large = await t.app.inject({ method: 'GET', url: images[0]?.src ?? '' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toContain('immutable');
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    const thumb = await t.app.inject({ method: 'GET', url: images[0]?.thumb ?? '' });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 267 });

    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#2980b9' } }).png().toBuffer();
    expect((await upload(productId, [{ name: 'image', value: png, filename: 'b.png' }], admin.headers)).statusCode).toBe(201);
    expect((await shopProduct(productId)).data?.images.map((image) => image.src)).toEqual([images[0]?.src, expect.stringMatching(/^\/api\/shop\/images\/\d+$/)]);
    expect(await auditOf(productId, 'product.image_add')).toHaveLength(2);

    expect((await send('DELETE', `/api/admin/products/${productId}/images/5`, undefined, admin.headers)).statusCode).toBe(404);
    const removed = await send('DELETE', `/api/admin/products/${productId}/images/0`, undefined, admin.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<DetailBody>().data.images).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: images[0]?.src ?? '' })).statusCode).toBe(404);
    expect((await shopProduct(productId)).data?.images).toHaveLength(1);
    expect(await auditOf(productId, 'product.image_remove')).toHaveLength(1);

    // Two files in one request: the first is taken, the request does not fail with a 5xx.
    const two = await upload(productId, [{ name: 'image', value: png, filename: 'c.png' }, { name: 'image', value: png, filename: 'd.png' }], admin.headers);
    expect(two.statusCode).toBeLessThan(500);
  });

  it('keeps at most 8 pictures per product (409)', async () => {
    const full = Array.from({ length: 8 }, (_, index) => ({ src: `https://cdn.exemple.fr/coque-${index}.jpg`, alt: '' }));
    const created = await send('POST', '/api/admin/products', { name: 'Support voiture', sku: 'TEST-ADM-SUPP', kind: 'accessory', priceCents: 1490, stock: 2 }, admin.headers);
    const id = created.json<DetailBody>().data.id;
    await db().insert(shopProducts).values({ productId: id, images: full }).onConflictDoUpdate({ target: shopProducts.productId, set: { images: full } });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).png().toBuffer();
    const response = await upload(id, [{ name: 'image', value: png, filename: 'e.png' }], admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(productImageMessages.tooMany);
    expect(await db().select().from(shopProductImages).where(eq(shopProductImages.productId, id))).toHaveLength(0);
  });
});

describe('DELETE /api/admin/products/:id', () => {
  it('refuses a product named in orders (409, hide it instead); deletes one never sold; audited', async () => {
    const refused = await send('DELETE', `/api/admin/products/${productId}`, undefined, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().message).toBe(productsAdminMessages.inOrders(1));
    expect(await db().select().from(inventoryItems).where(eq(inventoryItems.id, productId))).toHaveLength(1);

    const created = await send('POST', '/api/admin/products', { name: 'Câble USB-C 1 m', sku: 'TEST-ADM-USBC', kind: 'accessory', priceCents: 990, stock: 3 }, admin.headers);
    const id = created.json<DetailBody>().data.id;
    expect((await shopProduct(id)).status).toBe(200);
    const deleted = await send('DELETE', `/api/admin/products/${id}`, undefined, admin.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ message: string }>().message).toBe(productsAdminMessages.deleted('Câble USB-C 1 m'));
    expect((await shopProduct(id)).status).toBe(404);
    expect(await auditOf(id, 'product.delete')).toHaveLength(1);
    expect((await send('DELETE', `/api/admin/products/${id}`, undefined, admin.headers)).statusCode).toBe(404);
  });
});
