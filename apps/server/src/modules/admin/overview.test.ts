/**
 * The staff overview: tickets per status, orders to handle, unpaid invoices, new messages and
 * quotes, sales of the last 30 Paris days (zeros included). With RepairDesk, no local tickets.
 * The seeded demo data is there too: every figure is checked as a difference from before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@erepare/shared/schemas/admin-core';
import { contactMessages, customers, invoices, orders, quoteRequests, statuses, tickets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { overviewTexts, SALES_DAYS } from './overview.js';

type Session = { id: number; headers: { authorization: string } };

let t: TestApp;
let admin: Session;
let customer: Session;
const db = () => t.database.db;
const DAY = 86_400_000;

const parisDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

const overview = async (app = t.app, headers = admin.headers) => {
  const response = await app.inject({ method: 'GET', url: '/api/admin/overview', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AdminOverview }>().data;
};

const order = (status: (typeof orders.$inferInsert)['status'], totalCents: number, paidAt: Date | null) => ({
  orderKeyHash: `hash-${Math.random()}`,
  status,
  paymentMethod: 'bacs',
  paymentMethodTitle: 'Virement bancaire',
  email: 'acheteur@exemple.fr',
  billing: {},
  shipping: {},
  shippingMethodId: 'local_pickup',
  shippingMethodTitle: 'Retrait en boutique',
  subtotalCents: totalCents,
  totalCents,
  inventoryBackend: 'local' as const,
  paidAt,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'patron@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'client.apercu@exemple.fr' });
});
afterAll(async () => {
  await t?.close();
});

describe('the chart of tickets per status (issue 22 §3.1)', () => {
  it('shows one French bar per state: "In Progress" and a shop’s own "En cours" make one « En cours de réparation »', async () => {
    await db()
      .insert(statuses)
      .values([
        { name: 'In Progress', color: '#f97316', type: 'Open' as const, sortOrder: 950 },
        { name: 'En cours', color: '#3b82f6', type: 'Open' as const, sortOrder: 951 },
      ])
      .onConflictDoNothing({ target: statuses.name });
    const before = await overview();
    const bar = (data: AdminOverview) => data.tickets?.byStatus.find((row) => row.status === 'En cours de réparation')?.count ?? 0;
    const [client] = await db().insert(customers).values({ firstName: 'Zia', lastName: 'Graphe', email: 'zia.graphe@exemple.fr' }).returning();
    await db()
      .insert(tickets)
      .values([
        { ticketNumber: 'T-771001', customerId: client?.id ?? 0, status: 'In Progress' },
        { ticketNumber: 'T-771002', customerId: client?.id ?? 0, status: 'En cours' },
      ]);
    const after = await overview();
    expect(bar(after) - bar(before)).toBe(2);
    const labels = after.tickets?.byStatus.map((row) => row.status) ?? [];
    expect(labels).not.toContain('In Progress');
    expect(labels).not.toContain('En cours');
    expect(new Set(labels).size).toBe(labels.length);
    // The bar's link filters the tickets list on that French name: both tickets come back.
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/tickets?status=${encodeURIComponent('En cours de réparation')}&q=Graphe`, headers: admin.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: { ticketNumber: string }[] }>().data.map((row) => row.ticketNumber).sort()).toEqual(['T-771001', 'T-771002']);
  });
});

describe('GET /api/admin/overview', () => {
  it('is refused without a session (401) and to a customer (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: customer.headers })).statusCode).toBe(403);
  });

  it('counts tickets per status, orders to handle, unpaid invoices, inbox and sales by Paris day', async () => {
    const before = await overview();
    expect(before.sales).toHaveLength(SALES_DAYS);
    expect(before.sales.at(-1)?.day).toBe(parisDay(new Date()));
    expect(before.repairNote).toBeNull();

    await db()
      .insert(statuses)
      .values([
        { name: 'Aperçu ouvert', color: '#f59e0b', type: 'Open' as const, sortOrder: 900 },
        { name: 'Aperçu fermé', color: '#16a34a', type: 'Closed' as const, sortOrder: 901 },
      ]);
    const [client] = await db().insert(customers).values({ firstName: 'Léon', lastName: 'Aperçu', email: 'leon.apercu@exemple.fr' }).returning();
    const customerId = client?.id ?? 0;
    await db()
      .insert(tickets)
      .values([
        { ticketNumber: 'T-770001', customerId, status: 'Aperçu ouvert' },
        { ticketNumber: 'T-770002', customerId, status: 'Aperçu ouvert' },
        { ticketNumber: 'T-770003', customerId, status: 'Aperçu fermé' },
      ]);
    await db()
      .insert(invoices)
      .values([
        { invoiceNumber: 'APERCU-1', customerId, status: 'Unpaid' as const, subtotalCents: 10_000, taxCents: 2_000, totalCents: 12_000 },
        { invoiceNumber: 'APERCU-2', customerId, status: 'Partial' as const, subtotalCents: 5_000, taxCents: 1_000, totalCents: 6_000, amountPaidCents: 2_500 },
        { invoiceNumber: 'APERCU-3', customerId, status: 'Paid' as const, subtotalCents: 5_000, taxCents: 1_000, totalCents: 6_000, amountPaidCents: 6_000 },
      ]);
    // An order paid at 23:30 UTC five days ago: counted on the Paris day of that instant (already the next day in Paris).
    const now = new Date();
    const lateEvening = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 5, 23, 30));
    await db()
      .insert(orders)
      .values([
        order('processing', 4_990, now),
        order('on-hold', 1_500, null),
        order('completed', 2_000, lateEvening),
        order('completed', 3_000, lateEvening),
        order('refunded', 9_999, now),
        order('cancelled', 8_888, null),
        order('completed', 7_777, new Date(now.getTime() - 45 * DAY)),
      ]);
    await db()
      .insert(contactMessages)
      .values([
        { name: 'A', email: 'a@exemple.fr', subject: 'S', message: 'M' },
        { name: 'B', email: 'b@exemple.fr', subject: 'S', message: 'M', status: 'in_progress' as const },
      ]);
    await db()
      .insert(quoteRequests)
      .values({
        reference: 'D-2026-007701',
        category: 'Console',
        fault: 'hdmi',
        faultLabel: 'Port HDMI',
        name: 'C',
        email: 'c@exemple.fr',
        phone: '0600000000',
        dropOffDate: '2026-12-01',
        dropOffSlot: 'matin' as const,
        consentAt: now,
      });

    const after = await overview();
    const count = (data: AdminOverview, status: string) => data.tickets?.byStatus.find((row) => row.status === status);
    expect(count(after, 'Aperçu ouvert')).toEqual({ status: 'Aperçu ouvert', color: '#f59e0b', type: 'Open', count: 2 });
    expect(count(after, 'Aperçu fermé')).toEqual({ status: 'Aperçu fermé', color: '#16a34a', type: 'Closed', count: 1 });
    expect((after.tickets?.open ?? 0) - (before.tickets?.open ?? 0)).toBe(2);
    expect((after.invoices?.unpaid ?? 0) - (before.invoices?.unpaid ?? 0)).toBe(2);
    expect((after.invoices?.unpaidCents ?? 0) - (before.invoices?.unpaidCents ?? 0)).toBe(12_000 + 3_500);
    expect(after.orders.processing - before.orders.processing).toBe(1);
    expect(after.orders.onHold - before.orders.onHold).toBe(1);
    expect(after.orders.toHandle - before.orders.toHandle).toBe(2);
    expect(after.inbox.messagesNew - before.inbox.messagesNew).toBe(1);
    expect(after.inbox.messagesInProgress - before.inbox.messagesInProgress).toBe(1);
    expect(after.inbox.quotesNew - before.inbox.quotesNew).toBe(1);

    expect(after.sales).toHaveLength(SALES_DAYS);
    const delta = new Map(after.sales.map((day, index) => [day.day, { cents: day.totalCents - (before.sales[index]?.totalCents ?? 0), orders: day.orders - (before.sales[index]?.orders ?? 0) }]));
    expect(delta.get(parisDay(now))).toEqual({ cents: 4_990, orders: 1 });
    expect(delta.get(parisDay(lateEvening))).toEqual({ cents: 5_000, orders: 2 });
    const others = [...delta.entries()].filter(([day]) => day !== parisDay(now) && day !== parisDay(lateEvening));
    expect(others.every(([, change]) => change.cents === 0 && change.orders === 0)).toBe(true);
    // Consecutive days, oldest first.
    const days = after.sales.map((day) => Date.parse(`${day.day}T12:00:00Z`));
    expect(days.slice(1).every((day, index) => day - (days[index] ?? 0) === DAY)).toBe(true);
  });

  it('has no local tickets or invoices with RepairDesk, and says why', async () => {
    const remote = await createTestApp({ REPAIRDESK_API_KEY: 'cle-de-test-repairdesk', REPAIRDESK_BASE_URL: 'http://127.0.0.1:9/api/web/v1' });
    try {
      const staff = await signedInUser(remote.app, remote.database.db, { email: 'patron.rd@exemple.fr', role: 'admin' });
      const data = await overview(remote.app, staff.headers);
      expect(data).toMatchObject({ tickets: null, invoices: null, repairNote: overviewTexts.repairDesk });
      expect(data.sales).toHaveLength(SALES_DAYS);
    } finally {
      await remote.close();
    }
  });
});
