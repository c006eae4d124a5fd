/**
 * Security suite, issue 22 §1: the PDFs drawn by the server (invoices, repair sheets, orders and
 * their credit notes).
 * Same guards as the JSON routes (owner or staff; a guest's order by its key, never another
 * order's), a per-client limit of PDF_LIMIT drawings a minute that one IPv6 /64 shares and that
 * another client does not feel, hostile ids refused with a French 4xx, and a download name that
 * a hostile invoice number cannot turn into a header of its own. The real application in-process
 * (app.inject); nothing mocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, inventoryItems } from '../../apps/server/src/db/schema.js';
import { PDF_LIMIT } from '../../apps/server/src/modules/pdf/routes.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let t: TestApp;
let owner: Record<string, string>;
let stranger: Record<string, string>;
let invoiceId = 0;
let hostileInvoiceId = 0;
type PlacedOrder = { id: number; order_key: string };
const placed: PlacedOrder[] = [];

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = nextAddress()) => t.app.inject({ method: 'GET', url, headers, remoteAddress });

async function placeOrder(productId: number): Promise<PlacedOrder> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/shop/orders',
    remoteAddress: nextAddress(),
    payload: {
      payment_method: 'bacs',
      billing: { first_name: 'Invité', last_name: 'Sécurité', email: `invite.pdf.${placed.length}@exemple.fr`, phone: '0612345678', address_1: '1 rue du Port', city: 'Arès', postcode: '33740', country: 'FR' },
      line_items: [{ product_id: productId, quantity: 1 }],
      shipping_lines: [{ method_id: 'local_pickup' }],
      terms_accepted: true,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: PlacedOrder }>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [mine, theirs] = await db
    .insert(customers)
    .values([
      { firstName: 'Iris', lastName: 'Propriétaire', email: 'iris.pdf.securite@exemple.fr' },
      { firstName: 'Yann', lastName: 'Autre', email: 'yann.pdf.securite@exemple.fr' },
    ])
    .returning();
  const [invoice, hostile] = await db
    .insert(invoices)
    .values([
      { invoiceNumber: 'F-2026-77001', customerId: mine?.id ?? 0, status: 'Paid', subtotalCents: 0, taxCents: 0, totalCents: 5000, amountPaidCents: 5000 },
      // A number as a remote repair system could send it: quotes, a line break, a header of its own.
      { invoiceNumber: 'F-77002"\r\nX-Injecte: 1;../../etc', customerId: mine?.id ?? 0, status: 'Paid', subtotalCents: 0, taxCents: 0, totalCents: 100, amountPaidCents: 100 },
    ])
    .returning();
  invoiceId = invoice?.id ?? 0;
  hostileInvoiceId = hostile?.id ?? 0;
  owner = (await signedInUser(t.app, db, { email: 'iris.compte.pdf@exemple.fr', repairCustomerId: mine?.id ?? 0 })).headers;
  stranger = (await signedInUser(t.app, db, { email: 'yann.compte.pdf@exemple.fr', repairCustomerId: theirs?.id ?? 0 })).headers;
  const [item] = await db
    .insert(inventoryItems)
    .values({ name: 'Verre trempé sécurité', sku: 'SEC-PDF-1', itemType: 'accessory', priceCents: 990, quantity: 10, imageUrl: '/images/test.webp' })
    .returning({ id: inventoryItems.id });
  placed.push(await placeOrder(item?.id ?? 0), await placeOrder(item?.id ?? 0));
});

afterAll(async () => {
  await t?.close();
});

describe('who gets a PDF', () => {
  it('another customer, a visitor and a guest with another order’s key get nothing, in French', async () => {
    const [a, b] = placed as [PlacedOrder, PlacedOrder];
    const refusals = [
      await get(`/api/repairdesk/invoices/${invoiceId}/pdf`, stranger),
      await get(`/api/repairdesk/invoices/${invoiceId}/pdf`),
      await get(`/api/shop/orders/${b.id}/pdf?key=${a.order_key}`),
      await get(`/api/shop/orders/${a.id}/pdf?key=${a.order_key.toUpperCase()}`),
      await get(`/api/shop/orders/${a.id}/pdf?key=${a.order_key.slice(0, -1)}x`),
      await get(`/api/shop/orders/${a.id}/pdf`),
      // A credit note (issue 22 §1) behind the same guard: never by another order's key.
      await get(`/api/shop/orders/${b.id}/credit-notes/AB-2026-000001/pdf?key=${a.order_key}`),
      await get(`/api/shop/orders/${a.id}/credit-notes/AB-2026-000001/pdf`),
    ];
    for (const response of refusals) {
      expect([401, 404]).toContain(response.statusCode);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(frenchMessageProblem(response)).toBeNull();
    }
    expect((await get(`/api/shop/orders/${a.id}/pdf?key=${a.order_key}`)).statusCode).toBe(200);
  });

  it.each([
    '/api/repairdesk/invoices/%2e%2e%2f1/pdf',
    '/api/repairdesk/invoices/1e3/pdf',
    '/api/repairdesk/invoices/-1/pdf',
    '/api/repairdesk/tickets/..%2F..%2Fetc/pdf',
    '/api/shop/orders/99999999999999999999999/pdf?key=x',
    '/api/shop/orders/1/pdf?key[]=a&key[]=b',
    '/api/shop/orders/1/credit-notes/..%2F..%2Fetc/pdf?key=x',
    `/api/shop/orders/1/credit-notes/${'A'.repeat(500)}/pdf?key=x`,
    '/api/shop/orders/99999999999999999999999/credit-notes/AB-2026-000001/pdf?key=x',
    '/api/shop/orders/1/credit-notes/AB-2026-000001/pdf?key[]=a&key[]=b',
  ])('a hostile address %s gets a French 4xx, never a 500', async (url) => {
    const response = await get(url, owner);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(frenchMessageProblem(response)).toBeNull();
  });

  it('a hostile invoice number cannot forge a header or a path in the download name', async () => {
    const response = await get(`/api/repairdesk/invoices/${hostileInvoiceId}/pdf`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="facture-F-77002-X-Injecte-1-..-..-etc.pdf"');
    expect(response.headers['x-injecte']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('how many PDFs a client may have drawn', () => {
  it(`${PDF_LIMIT.limit} a minute per client; the next gets a French 429; one /64 is one client; others are not slowed`, async () => {
    const url = `/api/repairdesk/invoices/${invoiceId}/pdf`;
    // Each request from another address of the same /64 (one subscriber line).
    const line = (n: number) => `2001:db8:77:1:${n.toString(16)}::1`;
    for (let n = 0; n < PDF_LIMIT.limit; n++) expect((await get(url, owner, line(n))).statusCode).toBe(200);
    const refused = await get(url, owner, line(999));
    expect(refused.statusCode).toBe(429);
    expect(frenchMessageProblem(refused)).toBeNull();
    // One limit for every PDF: an order's credit note is refused too, before anything is read.
    const creditNote = await get(`/api/shop/orders/${placed[0]?.id ?? 0}/credit-notes/AB-2026-000001/pdf?key=${placed[0]?.order_key ?? ''}`, {}, line(998));
    expect(creditNote.statusCode).toBe(429);
    expect(frenchMessageProblem(creditNote)).toBeNull();
    // Another subscriber (another /64) and an IPv4 client still get theirs.
    expect((await get(url, owner, '2001:db8:77:2::1')).statusCode).toBe(200);
    expect((await get(url, owner, nextAddress())).statusCode).toBe(200);
  });
});
