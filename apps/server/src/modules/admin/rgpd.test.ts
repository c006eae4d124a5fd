/**
 * RGPD requests handled by staff: export everything held under an e-mail address; erase what the
 * shop need not keep (login, messages, quote requests, the IP recorded with orders, marketing
 * consent), keep the accounting documents; staff only; a rejected request changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookingSlots,
  bookings,
  contactMessages,
  customerLinks,
  customers,
  estimates,
  orders,
  quoteRequests,
  sessions,
  smsOutbox,
  users,
} from '../../db/schema.js';
import { issueCustomerLink } from '../links/customer-links.js';
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
  // Issue 24: two estimates (one accepted: the repair contract's proof), a booking still to come
  // holding one of its slot's places, and an SMS sent to the number given.
  const estimate = (estimateNumber: string, status: 'sent' | 'accepted') => ({
    estimateNumber, customerName: 'Léa Rgpd', email: EMAIL, phone: '06 12 34 56 78', deviceCategory: 'telephone', vatRegime: 'standard' as const,
    subtotalCents: 5000, taxCents: 1000, totalCents: 6000, leadTimeDays: 2, validUntil: '2099-01-31', status,
  });
  const [sent] = await db().insert(estimates).values([estimate('DV-2026-900001', 'sent'), estimate('DV-2026-900002', 'accepted')]).returning();
  await issueCustomerLink(db(), 'estimate', sent?.id ?? 0, new Date(Date.now() + 86_400_000));
  await db().insert(bookingSlots).values({ slotStart: FUTURE_SLOT, booked: 2 });
  const [booking] = await db()
    .insert(bookings)
    .values({ reference: 'RDV-2026-900001', slotStart: FUTURE_SLOT, slotEnd: new Date(FUTURE_SLOT.getTime() + 30 * 60_000), name: 'Léa', email: EMAIL, phone: '0612345678', ipKey: '203.0.113.7' })
    .returning();
  await issueCustomerLink(db(), 'booking', booking?.id ?? 0, FUTURE_SLOT);
  await db().insert(smsOutbox).values({ kind: 'booking_confirmed', toNumber: '+33612345678', body: 'E.repare : rendez-vous confirmé', status: 'sent' });
});
const FUTURE_SLOT = new Date('2099-01-06T09:30:00Z');
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
    expect(data.estimates).toHaveLength(2);
    expect(data.bookings).toHaveLength(1);
    expect(JSON.stringify(data.bookings)).not.toContain('ipKey');
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
      data: { accounts: 1, contactMessages: 1, quoteRequests: 1, ordersMinimised: 1, customersOptedOut: 1, estimates: 1, bookings: 1, smsMessages: 1 },
    });
    // The accepted estimate stays (proof of the repair contract); the other, its link, the booking
    // and its link go; the booking's place in its slot is free again; the SMS log goes.
    expect((await db().select().from(estimates).where(eq(estimates.email, EMAIL))).map((row) => row.status)).toEqual(['accepted']);
    expect(await db().select().from(bookings).where(eq(bookings.email, EMAIL))).toHaveLength(0);
    expect(await db().select().from(customerLinks)).toHaveLength(0);
    expect(await db().select({ booked: bookingSlots.booked }).from(bookingSlots).where(eq(bookingSlots.slotStart, FUTURE_SLOT))).toEqual([{ booked: 1 }]);
    expect(await db().select().from(smsOutbox)).toHaveLength(0);
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
