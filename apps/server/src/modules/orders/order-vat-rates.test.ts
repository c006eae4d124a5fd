/**
 * A VAT rate per product and per order line (issue 22 §1): staff set a product's rate in its form
 * (« TVA sur la marge » for second-hand goods bought from individuals), audited; an order copies
 * each product's rate onto its lines when it is placed, and its invoice prints each line at that
 * rate (no VAT shown under the margin scheme, with the scheme's mention). A later change of the
 * product never touches an order already placed, nor its invoice. A rate we do not know is a 400
 * with a French message, and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderInvoiceFigures } from '@erepare/shared/invoice-document';
import { MARGIN_SCHEME_MENTION } from '@erepare/shared/invoice-vat';
import type { AdminOrderDetail, AdminProductDetail } from '@erepare/shared/schemas/admin-shop';
import type { Order } from '@erepare/shared/schemas/shop';
import { auditLog, coupons, orderLines, shopProducts } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { postShopOrder } from '../../test/stripe-test-bed.js';
import { signedInUser } from '../../test/users.js';

let t: TestApp;
let dir: string;
let admin: { authorization: string };
const ids = { case: 0, phone: 0 };

/** Runs of spaces (no-break ones too) made one plain space: the texts below are compared as a reader reads them. */
const plain = (text: string) => text.replace(/[ \u00a0\u202f]+/g, ' ');
const MENTION = plain(MARGIN_SCHEME_MENTION);
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/** The text of a valid PDF (qpdf --check) as a reader copies it, no-break spaces made plain. */
function pdfText(name: string, bytes: Buffer, layout = true): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
  if (check.error) throw new Error(`qpdf est introuvable : installez-le (apt-get install -y qpdf poppler-utils). ${check.error.message}`);
  expect(check.status, check.stdout + check.stderr).toBe(0);
  // -layout keeps a table's row on one line; without it, a cell that wraps reads as one piece.
  const result = spawnSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  if (result.error) throw new Error(`pdftotext est introuvable : installez-le (apt-get install -y poppler-utils). ${result.error.message}`);
  expect(result.status, result.stderr).toBe(0);
  return plain(result.stdout);
}

async function createProduct(body: Record<string, unknown>): Promise<AdminProductDetail> {
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload: body, headers: admin });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: AdminProductDetail }>().data;
}

const patchProduct = (id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, payload, headers: admin });

async function placeOrder(coupon?: string): Promise<Order> {
  const response = await postShopOrder(t, {
    lines: [
      { product_id: ids.case, quantity: 1 },
      { product_id: ids.phone, quantity: 1 },
    ],
    coupon,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Order }>().data;
}

const buyerView = async (order: Order) => (await t.app.inject({ method: 'GET', url: `/api/shop/orders/${order.id}?key=${order.order_key}` })).json<{ data: Order }>().data;
const pdfOf = (order: Order) => t.app.inject({ method: 'GET', url: `/api/shop/orders/${order.id}/pdf?key=${order.order_key}` });

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erepare-vat-'));
  admin = (await signedInUser(t.app, t.database.db, { email: 'atelier.tva@exemple.fr', role: 'admin' })).headers;
  await t.database.db.insert(coupons).values({ code: 'TVA-DIX', discountType: 'percent', amount: 1000 });
  // Under the free-shipping threshold: the shipping is charged, and split with the promo code.
  ids.case = (await createProduct({ name: 'Coque silicone iPhone 12', sku: 'TVA-COQUE', kind: 'accessory', priceCents: 1200, stock: 10 })).id;
  ids.phone = (await createProduct({ name: 'AirPods Pro reconditionnés', sku: 'TVA-AIRPODS', kind: 'device', condition: 'Très bon état', priceCents: 1800, stock: 10 })).id;
});

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the product form’s « TVA »', () => {
  it('is 20 % by default; staff set « margin », audited with the old and new rate', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/admin/products/${ids.phone}`, headers: admin });
    expect(before.json<{ data: AdminProductDetail }>().data.vatRate).toBe('20');
    const response = await patchProduct(ids.phone, { vatRate: 'margin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: AdminProductDetail }>().data.vatRate).toBe('margin');
    const [row] = await t.database.db.select({ vatRate: shopProducts.vatRate }).from(shopProducts).where(eq(shopProducts.productId, ids.phone));
    expect(row?.vatRate).toBe('margin');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(ids.phone)), eq(auditLog.action, 'product.update')));
    expect(audit.map((entry) => [entry.before, entry.after])).toEqual([[{ vatRate: '20' }, { vatRate: 'margin' }]]);
    // The same rate again: nothing to record.
    expect(plain((await patchProduct(ids.phone, { vatRate: 'margin' })).json<{ message: string }>().message)).toBe('Aucune modification : le produit était déjà ainsi.');
  });

  it('takes a rate at creation', async () => {
    const created = await createProduct({ name: 'Guide de réparation illustré', sku: 'TVA-GUIDE', kind: 'accessory', priceCents: 1055, vatRate: '5.5' });
    expect(created.vatRate).toBe('5.5');
  });

  it('refuses a rate it does not know with a French message, and changes nothing', async () => {
    for (const vatRate of ['7', '19.6', 'marge', 20, null]) {
      const response = await patchProduct(ids.case, { vatRate });
      expect(response.statusCode, response.body).toBe(400);
      expect(plain(response.json<{ message: string }>().message)).toContain('Taux de TVA invalide : 20, 10, 5.5, 0 ou margin (TVA sur la marge)');
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload: { name: 'Coque', sku: 'TVA-REFUS', kind: 'accessory', priceCents: 900, vatRate: '8' }, headers: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('Taux de TVA invalide');
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/products/${ids.case}`, headers: admin });
    expect(detail.json<{ data: AdminProductDetail }>().data.vatRate).toBe('20');
  });
});

describe('an order with a margin-scheme article', () => {
  it('copies each product’s rate onto its lines; the invoice shows no VAT on the second-hand article, the mention, and VAT on the rest only', async () => {
    const placed = await placeOrder('TVA-DIX');
    expect(placed.line_items.map((line) => [line.product_id, line.vat_rate])).toEqual([
      [ids.case, '20'],
      [ids.phone, 'margin'],
    ]);
    expect(Number(placed.shipping_total)).toBeGreaterThan(0);
    const rows = await t.database.db.select({ productId: orderLines.productId, vatRate: orderLines.vatRate }).from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(rows.map((row) => row.vatRate).sort()).toEqual(['20', 'margin']);

    // Before payment, the order's summary already splits by the lines' rates and names the scheme.
    const summary = pdfText('recapitulatif.pdf', (await pdfOf(placed)).rawPayload);
    expect(summary).toContain('n’est pas une facture');
    expect(summary).toMatch(/Biens d’occasion \(TVA sur la marge\)\s+\d+,\d\d €/);
    expect(summary.replace(/\s+/g, ' ')).toContain(MENTION);

    const received = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/bank-transfer-received`, payload: {}, headers: admin });
    expect(received.statusCode, received.body).toBe(200);
    const order = await buyerView(placed);
    expect(order.invoice_number).toMatch(/^FB-\d{4}-\d{6}$/);
    const admins = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin })).json<{ data: AdminOrderDetail }>().data;
    expect(admins.lines.map((line) => line.vatRate)).toEqual(['20', 'margin']);

    const response = await pdfOf(placed);
    expect(response.statusCode).toBe(200);
    const text = pdfText('facture-marge.pdf', response.rawPayload);
    // The second-hand article: its price as sold (18,00 €), « TVA sur la marge », no 20 % on its row.
    expect(text).toContain('AirPods Pro reconditionnés');
    const phoneRow = text.split('\n').find((line) => /\b1\s+18,00 €/.test(line)) ?? '';
    expect(phoneRow).toMatch(/1\s+18,00 €\s+TVA sur la/);
    expect(phoneRow).not.toContain('20 %');
    expect(text).toMatch(/1\s+10,00 €\s+20 %/);
    // Shipping and promo code split across both: a part at 20 %, a part with the second-hand goods.
    const reading = pdfText('facture-marge.pdf', response.rawPayload, false).replace(/\s+/g, ' ');
    expect(reading).toMatch(/Livraison : [^()]*\(articles à 20 %\)/);
    expect(reading).toMatch(/Livraison : [^()]*\(biens d’occasion\)/);
    expect(reading).toContain('Code promo TVA-DIX (articles à 20 %)');
    expect(reading).toContain('Code promo TVA-DIX (biens d’occasion)');
    // Totals as the shared rule computes them: VAT on the taxed part only, the margin goods apart.
    const figures = orderInvoiceFigures(order, 'standard');
    const tax = figures.vat.breakdown[0]?.taxCents ?? -1;
    expect(figures.vat.breakdown.map((row) => row.rate)).toEqual(['20']);
    expect(text).toMatch(new RegExp(`TVA 20 %\\s+${euros(tax)}`));
    expect(text).toMatch(new RegExp(`Biens d’occasion \\(TVA sur la marge\\)\\s+${euros(figures.vat.marginTotalCents)}`));
    expect(text).toMatch(new RegExp(`Total TTC\\s+${order.total.replace('.', ',')} €`));
    expect(text.replace(/\s+/g, ' ')).toContain(MENTION);
    // All 20 % on 30,00 € of goods would be about 5 €: the margin article carries none.
    expect(tax).toBeLessThan(300);

    // Staff change the product afterwards: the order, its lines and its invoice stay as they were.
    expect((await patchProduct(ids.phone, { vatRate: '20' })).statusCode).toBe(200);
    expect((await buyerView(placed)).line_items.map((line) => line.vat_rate)).toEqual(['20', 'margin']);
    const again = pdfText('facture-marge-apres.pdf', (await pdfOf(placed)).rawPayload);
    expect(again).toBe(text);
    // The next order takes the new rate.
    const next = await placeOrder();
    expect(next.line_items.map((line) => line.vat_rate)).toEqual(['20', '20']);
  });
});
