/**
 * RGPD requests handled by staff: export everything held under an e-mail address; erase what the
 * shop need not keep (login, messages, quote requests, the IP recorded with orders, marketing
 * consent), keep the accounting documents; staff only; a rejected request changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, customers, orders, quoteRequests, sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { rgpdMessages } from './rgpd.js';

let t: TestApp;
let admin: { id: number; headers: { authorization: string } };
let person: { id: number; headers: { authorization: string } };
const EMAIL = 'lea.rgpd@exemple.fr';
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'gerant.rgpd@exemple.fr', role: 'admin' });
  const [customer] = await db().insert(customers).values({ firstName: 'Léa', lastName: 'Rgpd', email: EMAIL, emailOptIn: true }).returning();
  person = await signedInUser(t.app, db(), { email: EMAIL, repairCustomerId: customer?.id ?? null });
  await db().insert(contactMessages).values({ name: 'Léa', email: 'Lea.RGPD@exemple.fr', subject: 'Écran', message: 'Bonjour', ip: '203.0.113.7' });
  await db().insert(quoteRequests).values({
    reference: 'DV-RGPD-1', category: 'smartphone', fault: 'ecran', faultLabel: 'Écran cassé', name: 'Léa', email: EMAIL, phone: '0600000000',
    dropOffDate: '2026-12-01', dropOffSlot: 'matin', consentAt: new Date(),
  });
  await db().insert(orders).values({
    orderKeyHash: 'x'.repeat(64), status: 'completed', paymentMethod: 'bacs', paymentMethodTitle: 'Virement', email: EMAIL,
    billing: { first_name: 'Léa' }, shipping: {}, shippingMethodId: 'local_pickup', shippingMethodTitle: 'Retrait', subtotalCents: 1990, totalCents: 1990,
    inventoryBackend: 'local', createdIp: '203.0.113.7', createdIpKey: '203.0.113.7',
  });
});
afterAll(async () => {
  await t?.close();
});

const exportFor = (email: string, headers?: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: `/api/admin/rgpd/export?email=${encodeURIComponent(email)}`, ...(headers ? { headers } : {}) });
const erase = (payload: unknown, headers?: { authorization: string }) =>
  t.app.inject({ method: 'POST', url: '/api/admin/rgpd/erase', payload: payload as object, ...(headers ? { headers } : {}) });

describe('RGPD requests handled by staff', () => {
  it('is refused without a session and to a customer, before the input is read', async () => {
    expect((await exportFor(EMAIL)).statusCode).toBe(401);
    expect((await exportFor('pas-une-adresse', person.headers)).statusCode).toBe(403);
    expect((await erase({}, person.headers)).statusCode).toBe(403);
  });

  it('exports everything held under the address, as a file, without the site’s secrets', async () => {
    const response = await exportFor(' LEA.rgpd@exemple.fr ', admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="donnees-personnelles-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { data } = response.json<{ data: Record<string, unknown[] | Record<string, unknown>> }>();
    expect((data.account as { account: { email: string } }).account.email).toBe(EMAIL);
    expect(data.storeCustomers).toHaveLength(1);
    expect(data.contactMessages).toHaveLength(1);
    expect(data.quoteRequests).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    expect(JSON.stringify(data.orders)).not.toContain('orderKeyHash');
    expect(JSON.stringify(data)).not.toContain('passwordHash');
    const unknown = await exportFor('personne@exemple.fr', admin.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(rgpdMessages.nothing);
    expect((await exportFor('pas-une-adresse', admin.headers)).statusCode).toBe(400);
  });

  it('refuses an erasure whose confirmation differs, or of an admin, changing nothing', async () => {
    const mismatch = await erase({ email: EMAIL, confirmEmail: 'autre@exemple.fr' }, admin.headers);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain(rgpdMessages.confirmMismatch);
    const staff = await erase({ email: 'gerant.rgpd@exemple.fr', confirmEmail: 'gerant.rgpd@exemple.fr' }, admin.headers);
    expect(staff.statusCode).toBe(409);
    expect(staff.json<{ message: string }>().message).toBe(rgpdMessages.adminAccount);
    expect(await db().select().from(users).where(eq(users.email, EMAIL))).toHaveLength(1);
    expect(await db().select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${EMAIL}`)).toHaveLength(1);
  });

  it('erases what need not be kept and keeps the accounting documents, logged without the data', async () => {
    const response = await erase({ email: EMAIL, confirmEmail: 'Lea.Rgpd@Exemple.fr' }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: rgpdMessages.erased,
      data: { accounts: 1, contactMessages: 1, quoteRequests: 1, ordersMinimised: 1, customersOptedOut: 1 },
    });
    expect(await db().select().from(users).where(eq(users.email, EMAIL))).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.userId, person.id))).toHaveLength(0);
    expect(await db().select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${EMAIL}`)).toHaveLength(0);
    expect(await db().select().from(quoteRequests).where(eq(quoteRequests.email, EMAIL))).toHaveLength(0);
    const [order] = await db().select().from(orders).where(eq(orders.email, EMAIL));
    expect(order).toMatchObject({ status: 'completed', totalCents: 1990, createdIp: '', createdIpKey: '' });
    const [customer] = await db().select().from(customers).where(eq(customers.email, EMAIL));
    expect(customer).toMatchObject({ emailOptIn: false, smsOptIn: false, lastName: 'Rgpd' });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'rgpd.erase'));
    expect(entry).toMatchObject({ actorId: admin.id, entity: 'person' });
    expect(JSON.stringify(entry)).not.toContain('lea.rgpd');
    // The session of the erased account no longer works.
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: person.headers })).statusCode).toBe(401);
  });
});
