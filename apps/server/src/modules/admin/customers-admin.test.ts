/**
 * Staff customers (issue 9): paged search and sort, detail with tickets, invoices, linked
 * accounts and loyalty balance, create, edit, loyalty adjustments with a reason (never below
 * zero), deletion refused while tickets or invoices exist; admins only; bad input changes
 * nothing; every change audited.
 */
import { businessIdMessages } from '@erepare/shared/business-ids';
import { adminRepairMessages, type AdminCustomer, type AdminCustomerListItem } from '@erepare/shared/schemas/admin-repair';
import type { Invoice } from '@erepare/shared/schemas/repair';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, invoices, tickets, users } from '../../db/schema.js';
import { signedInUser } from '../../test/users.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';
import { createCustomer, deleteCustomer, updateCustomer } from './customers-admin.js';


let h: AdminTestBed;
const db = () => h.t.database.db;
const customerCount = async () => Number((await db().select({ n: count() }).from(customers))[0]?.n ?? 0);
const list = async (query: string) => {
  const response = await h.call('GET', `/api/admin/customers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<AdminCustomerListItem[]>>();
};
const customerRow = async (id: number) => (await db().select().from(customers).where(eq(customers.id, id)))[0];

beforeAll(async () => {
  h = await adminTestBed();
});
afterAll(async () => {
  await h?.t.close();
});

describe('access', () => {
  it('answers 401 without a session and 403 to a customer on every customer route, before the body', async () => {
    const before = await customerCount();
    for (const [method, url] of [
      ['GET', '/api/admin/customers'],
      ['GET', '/api/admin/customers/1'],
      ['POST', '/api/admin/customers'],
      ['PATCH', '/api/admin/customers/1'],
      ['DELETE', '/api/admin/customers/1'],
    ] as const) {
      expect((await h.call(method, url, { bad: true }, 'none')).statusCode, `${method} ${url}`).toBe(401);
      expect((await h.call(method, url, { bad: true }, 'customer')).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await customerCount()).toBe(before);
  });
});

describe('GET /api/admin/customers', () => {
  it('pages, sorts by name by default and counts tickets and invoices', async () => {
    const page = await list('?pageSize=20');
    expect(page.pagination).toEqual({ page: 1, pageSize: 20, total: await customerCount() });
    const names = page.data.map((item) => item.lastName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0).map((name) => name));
    const item = page.data[0] as AdminCustomerListItem;
    const [counts] = await db()
      .select({ t: sql<number>`(select count(*)::int from tickets where customer_id = ${item.id})`, i: sql<number>`(select count(*)::int from invoices where customer_id = ${item.id})` })
      .from(sql`(select 1) one`);
    expect([item.ticketCount, item.invoiceCount]).toEqual([counts?.t, counts?.i]);
    const newest = await list('?sort=created&order=desc&pageSize=5');
    const times = newest.data.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const query of ['?sort=phone', '?order=up', '?pageSize=0', `?q=${encodeURIComponent('a\u0001')}`]) {
      expect((await h.call('GET', `/api/admin/customers${query}`)).statusCode, query).toBe(400);
    }
  });

  it('searches name (both orders), e-mail and phone digits', async () => {
    const [someone] = await db().select().from(customers).where(sql`${customers.email} is not null and ${customers.mobile} <> ''`).orderBy(asc(customers.id)).limit(1);
    expect(someone).toBeDefined();
    for (const q of [`${someone?.firstName} ${someone?.lastName}`, `${someone?.lastName} ${someone?.firstName}`, someone?.email ?? '', (someone?.mobile ?? '').replace(/\D/g, '').slice(-6)]) {
      const found = await list(`?q=${encodeURIComponent(q)}`);
      expect(found.data.map((item) => item.id), q).toContain(someone?.id);
    }
  });
});

describe('create, read, edit', () => {
  let id: number;

  it('refuses bad input, changing nothing', async () => {
    const before = await customerCount();
    const cases: [unknown, string][] = [
      [{}, 'Indiquez au moins le nom ou le prénom'],
      [{ firstName: '  ' }, 'Indiquez au moins le nom ou le prénom'],
      [{ lastName: 'Durand', email: 'durand@' }, 'Adresse e-mail invalide'],
      [{ lastName: 'Durand', phone: 'appelle-moi' }, 'Téléphone invalide'],
      [{ lastName: 'Durand', loyaltyBalanceCents: 5000 }, 'Champ inconnu'],
      [{ lastName: 'Durand', emailOptIn: 'oui' }, 'Consentement e-mail'],
      [{ lastName: 'x'.repeat(61) }, '60 caractères au plus'],
    ];
    for (const [body, message] of cases) {
      const response = await h.call('POST', '/api/admin/customers', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect(await customerCount()).toBe(before);
  });

  it('creates a customer (e-mail lower-cased, consents unticked by default), audited', async () => {
    const response = await h.call('POST', '/api/admin/customers', { firstName: 'Inès', lastName: 'Durand', email: ' Ines.Durand@Exemple.FR ', mobile: '06 11 22 33 44', city: 'Gujan-Mestras' });
    expect(response.statusCode, response.body).toBe(201);
    const customer = response.json<Envelope<AdminCustomer>>().data;
    id = customer.id;
    expect(customer).toMatchObject({ fullName: 'Inès Durand', email: 'ines.durand@exemple.fr', emailOptIn: false, smsOptIn: false, loyaltyBalanceCents: 0, tickets: [], invoices: [], accounts: [] });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'customer.create'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ actorId: h.admin.id, after: { firstName: 'Inès', lastName: 'Durand', email: 'ines.durand@exemple.fr' } });
  });

  it('the detail lists tickets, invoices and linked accounts', async () => {
    const [withBoth] = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(sql`exists (select 1 from tickets t where t.customer_id = "customers"."id") and exists (select 1 from invoices i where i.customer_id = "customers"."id")`)
      .limit(1);
    const linked = await signedInUser(h.t.app, db(), { email: 'compte.lie@exemple.fr', repairCustomerId: withBoth?.id ?? null });
    const response = await h.call('GET', `/api/admin/customers/${withBoth?.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<Envelope<AdminCustomer>>().data;
    const [ticketTotal] = await db().select({ n: count() }).from(tickets).where(eq(tickets.customerId, withBoth?.id ?? 0));
    const [invoiceTotal] = await db().select({ n: count() }).from(invoices).where(eq(invoices.customerId, withBoth?.id ?? 0));
    expect(detail.tickets).toHaveLength(ticketTotal?.n ?? -1);
    expect(detail.invoices).toHaveLength(invoiceTotal?.n ?? -1);
    expect(detail.accounts).toEqual([expect.objectContaining({ id: linked.id, email: 'compte.lie@exemple.fr', verified: true }) as unknown]);
    expect((await h.call('GET', '/api/admin/customers/999999')).statusCode).toBe(404);
    expect((await h.call('GET', '/api/admin/customers/abc')).statusCode).toBe(400);
  });

  it('edits contact fields; only what changed is audited', async () => {
    const response = await h.call('PATCH', `/api/admin/customers/${id}`, { city: 'Arcachon', postcode: '33120', firstName: 'Inès', emailOptIn: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<AdminCustomer>>().data).toMatchObject({ city: 'Arcachon', postcode: '33120', emailOptIn: true });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'customer.update'), eq(auditLog.entityId, String(id))));
    expect(audit?.before).toEqual({ city: 'Gujan-Mestras', postcode: '', emailOptIn: false });
    expect(audit?.after).toEqual({ city: 'Arcachon', postcode: '33120', emailOptIn: true });
  });

  it('refuses bad edits, changing nothing', async () => {
    const before = await customerRow(id);
    for (const body of [{}, { email: 'x' }, { firstName: '', lastName: '' }, { loyaltyBalanceCents: 10 }, { loyaltyAdjustment: { deltaCents: 500 } }, { loyaltyAdjustment: { deltaCents: 0, reason: 'Rien' } }, { loyaltyAdjustment: { deltaCents: 1.5, reason: 'Arrondi' } }]) {
      const response = await h.call('PATCH', `/api/admin/customers/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call('PATCH', '/api/admin/customers/999999', { city: 'Nulle part' })).statusCode).toBe(404);
    expect(await customerRow(id)).toEqual(before);
  });

  it('saves a business customer’s SIREN and VAT number, compact; its invoices print them (staff view, account view)', async () => {
    const created = await h.call('POST', '/api/admin/customers', { lastName: 'Bassin Pro', organization: 'Bassin Pro SAS', siren: '443 061 841' });
    expect(created.statusCode, created.body).toBe(201);
    const business = created.json<Envelope<AdminCustomer>>().data;
    expect(business).toMatchObject({ siren: '443061841', vatNumber: '' });
    const saved = await h.call('PATCH', `/api/admin/customers/${business.id}`, { vatNumber: ' fr 64 443.061.841 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Envelope<AdminCustomer>>().data).toMatchObject({ siren: '443061841', vatNumber: 'FR64443061841' });
    expect(await customerRow(business.id)).toMatchObject({ siren: '443061841', vatNumber: 'FR64443061841' });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'customer.update'), eq(auditLog.entityId, String(business.id))));
    expect(audit?.after).toEqual({ vatNumber: 'FR64443061841' });
    // Another member state's number is taken on its shape.
    const foreign = await h.call('PATCH', `/api/admin/customers/${business.id}`, { vatNumber: 'de 123 456 789' });
    expect(foreign.json<Envelope<AdminCustomer>>().data.vatNumber).toBe('DE123456789');
    await h.call('PATCH', `/api/admin/customers/${business.id}`, { vatNumber: 'FR64443061841' });

    const invoice = await h.call('POST', '/api/admin/invoices', { customerId: business.id, lines: [{ name: 'Forfait atelier', quantity: 1, unitPriceCents: 6000, vatRate: 20 }] });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = invoice.json<Envelope<{ id: number }>>().data.id;
    const staff = await h.call('GET', `/api/admin/invoices/${invoiceId}`);
    expect(staff.json<Envelope<{ customer: Record<string, unknown> }>>().data.customer).toMatchObject({ organization: 'Bassin Pro SAS', siren: '443061841', vatNumber: 'FR64443061841' });
    const account = await h.call('GET', `/api/repairdesk/invoices/${invoiceId}`);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json<{ data: Invoice }>().data.customer).toMatchObject({ organisation: 'Bassin Pro SAS', siren: '443061841', vatNumber: 'FR64443061841' });

    // Both can be cleared.
    const cleared = await h.call('PATCH', `/api/admin/customers/${business.id}`, { siren: '', vatNumber: '' });
    expect(cleared.json<Envelope<AdminCustomer>>().data).toMatchObject({ siren: '', vatNumber: '' });
  });

  it('refuses a wrong SIREN or VAT number, or a VAT number of another SIREN (given, or stored), with a French 400 changing nothing', async () => {
    const created = await h.call('POST', '/api/admin/customers', { lastName: 'Cabinet Arcachon', organization: 'Cabinet Arcachon SARL', siren: '443061841' });
    const business = created.json<Envelope<AdminCustomer>>().data;
    const before = await customerRow(business.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ siren: '12345' }, businessIdMessages.sirenShape],
      [{ siren: '732 829 321' }, businessIdMessages.sirenKey],
      [{ siren: 443061841 }, 'SIREN\u00a0: texte attendu'],
      [{ vatNumber: 'FR65443061841' }, businessIdMessages.vatFrenchKey],
      [{ vatNumber: 'FR6444306184' }, businessIdMessages.vatFrenchShape],
      [{ vatNumber: 'GB123456789' }, businessIdMessages.vatCountry],
      [{ vatNumber: 'BE1' }, businessIdMessages.vatShape],
      [{ vatNumber: 'x'.repeat(41) }, '40 caractères au plus'],
      // Both sent, disagreeing (the schema), or the VAT number against the stored SIREN (the server).
      [{ siren: '732829320', vatNumber: 'FR64443061841' }, businessIdMessages.mismatch],
      [{ vatNumber: 'FR44732829320' }, businessIdMessages.mismatch],
    ];
    for (const [body, message] of cases) {
      const response = await h.call('PATCH', `/api/admin/customers/${business.id}`, { city: 'Arcachon', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message, JSON.stringify(body)).toContain(message);
    }
    expect(await customerRow(business.id)).toEqual(before);
    // Changing both together to another company's numbers is fine.
    const moved = await h.call('PATCH', `/api/admin/customers/${business.id}`, { siren: '732829320', vatNumber: 'FR44732829320' });
    expect(moved.statusCode, moved.body).toBe(200);
    // A creation is checked the same way.
    const count = await customerCount();
    const refused = await h.call('POST', '/api/admin/customers', { lastName: 'Mauvais', siren: '443061841', vatNumber: 'FR44732829320' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain(businessIdMessages.mismatch);
    expect(await customerCount()).toBe(count);
  });

  it('adjusts the loyalty balance with a reason, never below zero, audited', async () => {
    const credit = await h.call('PATCH', `/api/admin/customers/${id}`, { loyaltyAdjustment: { deltaCents: 1500, reason: 'Parrainage de Léo' } });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json<Envelope<AdminCustomer>>().data.loyaltyBalanceCents).toBe(1500);
    const before = await customerRow(id);
    // A negative result is refused, and the contact change sent with it is not kept either.
    const tooMuch = await h.call('PATCH', `/api/admin/customers/${id}`, { city: 'Bordeaux', loyaltyAdjustment: { deltaCents: -1501, reason: 'Utilisation en caisse' } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ message: string }>().message).toBe(adminRepairMessages.loyaltyNegative('15,00 €'));
    expect(await customerRow(id)).toEqual(before);
    const spend = await h.call('PATCH', `/api/admin/customers/${id}`, { loyaltyAdjustment: { deltaCents: -1500, reason: 'Utilisation en caisse' } });
    expect(spend.json<Envelope<AdminCustomer>>().data.loyaltyBalanceCents).toBe(0);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'customer.loyalty'), eq(auditLog.entityId, String(id)))).orderBy(asc(auditLog.id));
    expect(audits.map((row) => [row.before, row.after])).toEqual([
      [{ loyaltyBalanceCents: 0 }, { loyaltyBalanceCents: 1500, deltaCents: 1500, reason: 'Parrainage de Léo' }],
      [{ loyaltyBalanceCents: 1500 }, { loyaltyBalanceCents: 0, deltaCents: -1500, reason: 'Utilisation en caisse' }],
    ]);
  });

  it('deletes a customer without tickets nor invoices (linked accounts lose the link), audited', async () => {
    const linked = await signedInUser(h.t.app, db(), { email: 'ines.compte@exemple.fr', repairCustomerId: id });
    const response = await h.call('DELETE', `/api/admin/customers/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await customerRow(id)).toBeUndefined();
    const [user] = await db().select().from(users).where(eq(users.id, linked.id));
    expect(user?.repairCustomerId).toBeNull();
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'customer.delete'), eq(auditLog.entityId, String(id))));
    expect(audit?.before).toMatchObject({ lastName: 'Durand', linkedAccounts: [linked.id] });
    expect((await h.call('DELETE', `/api/admin/customers/${id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a customer with tickets or invoices', async () => {
    const [busy] = await db()
      .select({ id: customers.id, t: sql<number>`(select count(*)::int from tickets where customer_id = "customers"."id")`, i: sql<number>`(select count(*)::int from invoices where customer_id = "customers"."id")` })
      .from(customers)
      .where(sql`exists (select 1 from tickets t where t.customer_id = "customers"."id")`)
      .limit(1);
    const response = await h.call('DELETE', `/api/admin/customers/${busy?.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(adminRepairMessages.customerHasRecords(busy?.t ?? 0, busy?.i ?? 0));
    expect(await customerRow(busy?.id ?? 0)).toBeDefined();
  });

  it('with RepairDesk, customers are managed there: 409 with the reason', async () => {
    const actor = { user: { id: h.admin.id, email: 'x@exemple.fr' } };
    await expect(createCustomer(db(), 'repairdesk', { lastName: 'X' }, actor)).rejects.toMatchObject({ httpStatus: 409, message: adminRepairMessages.readOnly('la création d’un client') });
    await expect(updateCustomer(db(), 'repairdesk', 1, { city: 'X' }, actor)).rejects.toMatchObject({ httpStatus: 409 });
    await expect(deleteCustomer(db(), 'repairdesk', 1, actor)).rejects.toMatchObject({ httpStatus: 409 });
  });
});
