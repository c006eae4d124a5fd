/**
 * Staff endpoints never answer 500 to bad input (issue 9): what PostgreSQL would reject (NUL
 * bytes, year 0, integers beyond int4) is refused with a 400 first, and nothing is changed.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons, customers, documentCounters, invoices, siteSettings, tickets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

let t: TestApp;
let admin: { headers: { authorization: string } };
const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, t.database.db, { email: 'atelier.entrees@exemple.fr', role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('bad input to staff endpoints', () => {
  it('audit filters with a NUL byte: 400', async () => {
    for (const query of ['entity=%00', 'entity=ticket%00', 'entityId=a%00b']) {
      const response = await call('GET', `/api/admin/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('a ticket status name with a NUL byte: 400, the ticket unchanged', async () => {
    const [ticket] = await db().select({ number: tickets.ticketNumber, status: tickets.status }).from(tickets).limit(1);
    expect(ticket).toBeDefined();
    const response = await call('PATCH', `/api/admin/tickets/${ticket?.number}/status`, { status: 'Réparé\u0000' });
    expect(response.statusCode).toBe(400);
    const [after] = await db().select({ status: tickets.status }).from(tickets).where(eq(tickets.ticketNumber, ticket?.number ?? ''));
    expect(after?.status).toBe(ticket?.status);
  });

  it('site settings with a NUL byte: 400, nothing saved', async () => {
    const before = await db().select().from(siteSettings);
    for (const payload of [{ title: 'E.repare\u0000' }, { description: 'a\u0000b' }]) {
      const response = await call('POST', '/api/admin/site-settings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await db().select().from(siteSettings)).toEqual(before);
  });

  it('dates in year 0 (PostgreSQL has none): 400 on ticket filters, ticket and invoice due dates', async () => {
    for (const query of ['from=0000-01-01T00:00Z', 'to=0000-06-01T12:00:00Z', 'from=0001-01-01T00:30%2B01:00']) {
      const response = await call('GET', `/api/admin/tickets?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const [ticketsBefore] = await db().select({ n: count() }).from(tickets);
    const ticket = await call('POST', '/api/admin/tickets', {
      customer: { lastName: 'Datezéro' },
      devices: [{ name: 'iPhone 12', fault: 'Écran cassé' }],
      dueOn: '0000-12-31T23:00:00Z',
    });
    expect(ticket.statusCode).toBe(400);
    expect((await db().select({ n: count() }).from(tickets))[0]).toEqual(ticketsBefore);
    const [customer] = await db().insert(customers).values({ firstName: 'Zoé', lastName: 'Datezéro' }).returning({ id: customers.id });
    const invoice = await call('POST', '/api/admin/invoices', {
      customerId: customer?.id,
      lines: [{ name: 'Diagnostic', quantity: 1, unitPriceCents: 3000, vatRate: 20 }],
      dueOn: '0000-01-01T00:00Z',
    });
    expect(invoice.statusCode).toBe(400);
  });

  it('an invoice whose total exceeds what can be stored: 400, no invoice, no number used', async () => {
    const [customer] = await db().insert(customers).values({ firstName: 'Max', lastName: 'Montant' }).returning({ id: customers.id });
    const countersBefore = await db().select().from(documentCounters);
    const [invoicesBefore] = await db().select({ n: count() }).from(invoices);
    const bodies = [
      { customerId: customer?.id, lines: [{ name: 'Écrans', quantity: 999, unitPriceCents: 10_000_000, vatRate: 20 }] },
      { customerId: customer?.id, lines: Array.from({ length: 100 }, () => ({ name: 'Écran', quantity: 300, unitPriceCents: 10_000_000, vatRate: 'margin' })) },
    ];
    for (const body of bodies) {
      const response = await call('POST', '/api/admin/invoices', body);
      expect(response.statusCode).toBe(400);
    }
    expect((await db().select({ n: count() }).from(invoices))[0]).toEqual(invoicesBefore);
    expect(await db().select().from(documentCounters)).toEqual(countersBefore);
  });

  it('loyalty adjustments never push the balance beyond what can be stored: 400, balance kept', async () => {
    const [customer] = await db().insert(customers).values({ firstName: 'Lou', lastName: 'Fidèle', loyaltyBalanceCents: 2_100_000_000 }).returning({ id: customers.id });
    const id = customer?.id ?? 0;
    const response = await call('PATCH', `/api/admin/customers/${id}`, { loyaltyAdjustment: { deltaCents: 100_000_000, reason: 'Geste commercial' } });
    expect(response.statusCode).toBe(400);
    const [row] = await db().select({ balance: customers.loyaltyBalanceCents }).from(customers).where(eq(customers.id, id));
    expect(row?.balance).toBe(2_100_000_000);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, String(id)))).toEqual([]);
  });

  it('a lone UTF-16 surrogate in a text (JSON allows it, PostgreSQL’s jsonb does not): saved as U+FFFD, audited, no 500', async () => {
    const customer = await call('POST', '/api/admin/customers', { lastName: 'Dupont\ud800', city: 'Lyon\udc00x' });
    expect(customer.statusCode).toBe(201);
    const id = customer.json<{ data: { id: number } }>().data.id;
    const [row] = await db().select().from(customers).where(eq(customers.id, id));
    expect(row?.lastName).toBe('Dupont\ufffd');
    expect(row?.city).toBe('Lyon\ufffdx');
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, String(id)))).toHaveLength(1);
    const product = await call('POST', '/api/admin/products', { name: 'Coque \udbff', sku: 'SURR-1', kind: 'accessory', priceCents: 1500, brand: 'Marque\ud83d' });
    expect(product.statusCode).toBe(201);
    const settings = await call('POST', '/api/admin/site-settings', { description: 'Réparation\ud800 à Lyon' });
    expect(settings.statusCode).toBe(200);
    expect(settings.json<{ data: { description: string } }>().data.description).toBe('Réparation\ufffd à Lyon');
  });

  it('a coupon expiring in year 0: 400, no coupon', async () => {
    const response = await call('POST', '/api/admin/coupons', { code: 'ANZERO', discountType: 'fixed_cart', amount: 500, expiresAt: '0000-01-01T00:00:00Z' });
    expect(response.statusCode).toBe(400);
    expect(await db().select().from(coupons).where(eq(coupons.code, 'ANZERO'))).toEqual([]);
  });
});
