/**
 * The tracking job against the fake RepairDesk (real HTTP, RepairDesk's wire format, its rate
 * limit): the first status only stored, a change notified once even when two rounds run at once
 * (and, on PostgreSQL, two instances with their own connection pools), RepairDesk down → no crash
 * and the ticket retried next round, and the requests it spends kept within its budget.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalRepairBackend } from '../adapters/repair/local.js';
import { createRepairDeskBackend } from '../adapters/repair/repairdesk.js';
import type { TicketRecord } from '../adapters/repair/types.js';
import { openDatabase, rowsOf } from '../db/client.js';
import { customers, notifications, pushOutbox, pushSubscriptions, rateLimits, ticketDevices, tickets, trackedTickets } from '../db/schema.js';
import { fromRecords, startFakeRepairDesk, type FakeRepairDesk } from '../test/fakes/repairdesk-fake.js';
import { signal, until } from '../test/signals.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signedInUser } from '../test/users.js';
import { runTicketTracking, startTicketTrackingJob } from './ticket-tracking.js';

const KEY = 'rd-tracking-key-5b2e9f01';
let fake: FakeRepairDesk;
let t: TestApp;
let owner: { id: number; headers: { authorization: string } };
const NUMBERS = ['T-660001', 'T-660002', 'T-660003', 'T-660004', 'T-660005'];
const [FIRST = '', SECOND = ''] = NUMBERS;

const db = () => t.database.db;

function setFakeStatus(ticketNumber: string, status: string): void {
  const ticket = fake.store.tickets.find((entry) => entry.summary.order_id === ticketNumber);
  if (!ticket) throw new Error(`no ${ticketNumber} in the fake`);
  for (const device of ticket.devices) device.status = { name: status };
  ticket.summary.modified_on = Math.floor(Date.now() / 1000) + fake.requests.length;
}

async function ticketNotifications() {
  return db().select().from(notifications).where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'ticket')));
}

/** Makes every tracked row due (as if checked two minutes ago). */
async function makeDue(): Promise<void> {
  await db().update(trackedTickets).set({ lastCheckedAt: new Date(Date.now() - 120_000) });
}

beforeAll(async () => {
  fake = await startFakeRepairDesk({ apiKey: KEY });
  t = await createTestApp({ REPAIRDESK_API_KEY: KEY, REPAIRDESK_BASE_URL: fake.url });
  // RepairDesk holds one customer and five tickets, built from records of our own tables.
  const [customer] = await db().insert(customers).values({ firstName: 'Zoé', lastName: 'Secret', email: 'zoe.secret@exemple.fr' }).returning();
  const customerId = customer?.id ?? 0;
  const rows = await db()
    .insert(tickets)
    .values(NUMBERS.map((ticketNumber) => ({ ticketNumber, customerId, status: 'Waiting for inspection' })))
    .returning();
  await db()
    .insert(ticketDevices)
    .values(rows.map((row) => ({ ticketId: row.id, category: 'Téléphone', brand: 'Samsung', name: 'Galaxy S21', status: row.status })));
  const local = createLocalRepairBackend(db());
  const records = (await Promise.all(NUMBERS.map((ticketNumber) => local.getTicket({ ticketNumber })))).filter((record): record is TicketRecord => record !== null);
  const customerRecord = await local.getCustomer(customerId);
  Object.assign(fake.store, fromRecords({ customers: customerRecord ? [customerRecord] : [], tickets: records }));
  owner = await signedInUser(t.app, db(), { email: 'zoe.suivi@exemple.fr', repairCustomerId: customerId });
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(async () => {
  await db().delete(rateLimits);
  fake.controls.reset();
});

describe('the RepairDesk tracking job', () => {
  it('tracks a ticket read from RepairDesk: the first status is only stored', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/notifications/tracked-tickets', headers: owner.headers, payload: { ticket: FIRST } });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: { last_status: string } }>().data.last_status).toBe('Waiting for inspection');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/notifications/tracked-tickets', headers: owner.headers, payload: { ticket: 'T-669999' } });
    expect(unknown.statusCode).toBe(404);
    expect(await ticketNotifications()).toHaveLength(0);
  });

  it('says "Erreur lors de la validation du ticket" when RepairDesk cannot be asked, and stores nothing', async () => {
    fake.controls.failNext(20, 503);
    const response = await t.app.inject({ method: 'POST', url: '/api/notifications/tracked-tickets', headers: owner.headers, payload: { ticket: SECOND } });
    fake.controls.reset();
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toBe(`Erreur lors de la validation du ticket ${SECOND}`);
    expect(response.body).not.toContain(KEY);
    expect(await db().select().from(trackedTickets).where(eq(trackedTickets.ticketNumber, SECOND))).toHaveLength(0);
  }, 20_000);

  it('notifies a change once when two rounds (two instances) run at the same time', async () => {
    setFakeStatus(FIRST, 'Ready for pickup');
    await makeDue();
    const [one, two] = await Promise.all([
      runTicketTracking(db(), { backend: t.app.repair.backend }),
      runTicketTracking(db(), { backend: t.app.repair.backend }),
    ]);
    // One round claimed the row, the other found nothing due.
    expect((one?.claimed ?? 0) + (two?.claimed ?? 0)).toBe(1);
    expect((one?.changes ?? 0) + (two?.changes ?? 0)).toBe(1);
    const stored = await ticketNotifications();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ title: `Ticket ${FIRST} mis à jour`, ticketData: { status: 'Ready for pickup' } });
    const [row] = await db().select().from(trackedTickets).where(eq(trackedTickets.ticketNumber, FIRST));
    expect(row?.lastStatus).toBe('Ready for pickup');
    // Not due again right away: a third round claims nothing.
    expect((await runTicketTracking(db(), { backend: t.app.repair.backend })).claimed).toBe(0);
  });

  it('survives RepairDesk failing: nothing crashes, the ticket is retried at the next round', async () => {
    setFakeStatus(FIRST, 'Waiting for parts');
    await makeDue();
    const [before] = await db().select().from(trackedTickets).where(eq(trackedTickets.ticketNumber, FIRST));
    fake.controls.failNext(20, 503);
    const failed = await runTicketTracking(db(), { backend: t.app.repair.backend });
    expect(failed).toMatchObject({ claimed: 1, read: 0, released: 1, changes: 0, failed: true });
    const [after] = await db().select().from(trackedTickets).where(eq(trackedTickets.ticketNumber, FIRST));
    // Back in line: its previous check time is restored.
    expect(after?.lastCheckedAt?.getTime()).toBe(before?.lastCheckedAt?.getTime());
    expect(after?.lastStatus).toBe('Ready for pickup');
    fake.controls.reset();
    const retried = await runTicketTracking(db(), { backend: t.app.repair.backend });
    expect(retried).toMatchObject({ claimed: 1, read: 1, changes: 1, failed: false });
    const stored = await ticketNotifications();
    expect(stored).toHaveLength(2);
    expect(stored.find((entry) => entry.ticketData?.status === 'Waiting for parts')).toMatchObject({ requireInteraction: true, data: { actionRequired: true } });
  }, 30_000);

  it('reads many tickets with one request (the newest page) and stays within its budget', async () => {
    await db()
      .insert(trackedTickets)
      .values(NUMBERS.slice(1).map((ticketNumber) => ({ userId: owner.id, ticketNumber, lastStatus: 'Waiting for inspection' })))
      .onConflictDoNothing();
    await makeDue();
    setFakeStatus(SECOND, 'In Progress');
    const requestsBefore = fake.requests.length;
    const result = await runTicketTracking(db(), { backend: t.app.repair.backend });
    expect(result).toMatchObject({ claimed: 5, read: 5, changes: 1, released: 0 });
    expect(fake.requests.length - requestsBefore).toBe(1);
  });

  it('spends no more than the shared budget across instances; what it could not read waits for the next round', async () => {
    // Two tickets are looked up one by one (no newest page for fewer than three), 2 requests each at most.
    await makeDue();
    const requestsBefore = fake.requests.length;
    const tight = { name: 'ticket-tracking-test', limit: 3, windowMs: 60_000 };
    const result = await runTicketTracking(db(), { backend: t.app.repair.backend, batchSize: 2, sharedBudget: tight });
    expect(result.claimed).toBe(2);
    // Two tickets: no page; one lookup (2 requests) fits in 3, the second does not.
    expect(result.read).toBe(1);
    expect(result.released).toBe(1);
    expect(fake.requests.length - requestsBefore).toBeLessThanOrEqual(3);
    const released = await db()
      .select({ lastCheckedAt: trackedTickets.lastCheckedAt })
      .from(trackedTickets)
      .where(and(inArray(trackedTickets.ticketNumber, NUMBERS), sql`${trackedTickets.lastCheckedAt} < now() - interval '1 minute'`));
    expect(released.length).toBeGreaterThanOrEqual(1);
  });

  it("the browser's check reads RepairDesk only for tickets not read during the last 30 s, all of them in one list", async () => {
    const third = NUMBERS[2] ?? '';
    await db().update(trackedTickets).set({ lastCheckedAt: new Date() });
    const idle = fake.requests.length;
    const fresh = await t.app.inject({ method: 'POST', url: '/api/notifications/tracked-tickets/check', headers: owner.headers, payload: {} });
    expect(fresh.json<{ changes: number; data: unknown[] }>()).toMatchObject({ changes: 0 });
    expect(fresh.json<{ data: unknown[] }>().data).toHaveLength(NUMBERS.length);
    expect(fake.requests.length).toBe(idle);
    setFakeStatus(third, 'Repaired');
    await makeDue();
    const before = fake.requests.length;
    const stale = await t.app.inject({ method: 'POST', url: '/api/notifications/tracked-tickets/check', headers: owner.headers, payload: {} });
    expect(stale.json<{ changes: number }>().changes).toBe(1);
    // The customer (for the e-mail that narrows the list) and one page of their tickets.
    expect(fake.requests.length - before).toBeLessThanOrEqual(2);
  });

  it('runs by itself once started, kicks the push sender after a change, and stops', async () => {
    const fourth = NUMBERS[3] ?? '';
    setFakeStatus(fourth, 'Completed');
    await makeDue();
    // One browser of the owner is subscribed: the change queues a push, the job kicks the sender.
    await db().insert(pushSubscriptions).values({ userId: owner.id, endpoint: 'https://push.exemple.fr/zoe', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) });
    let kicks = 0;
    const runs = signal();
    // The job's clock is a fake one: the test moves it an interval at a time and waits for the run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const stop = startTicketTrackingJob(db(), t.app.log, { backend: t.app.repair.backend, kick: () => (kicks += 1), onRun: () => runs.fire() }, 100);
      try {
        await until(
          async () => {
            const [row] = await db().select().from(trackedTickets).where(eq(trackedTickets.ticketNumber, fourth));
            return row?.lastStatus === 'Completed';
          },
          'the change to be seen by the job',
          { step: () => vi.advanceTimersByTime(100), done: runs, maxSteps: 10 },
        );
      } finally {
        stop();
      }
    } finally {
      vi.useRealTimers();
    }
    const stored = await ticketNotifications();
    expect(stored.filter((entry) => entry.ticketData?.status === 'Completed')).toHaveLength(1);
    expect(kicks).toBe(1);
    expect(await db().select().from(pushOutbox)).toHaveLength(1);
  }, 20_000);

  // Two real instances: two connection pools on the same PostgreSQL database, each with its own
  // RepairDesk backend (its own throttle and memo), rounds started at the same moment.
  it.runIf(process.env.TEST_DB === 'postgres')('two instances on one PostgreSQL never check the same ticket at once nor notify twice', async () => {
    const [{ name } = { name: '' }] = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    const second = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      const otherBackend = createRepairDeskBackend({ apiKey: KEY, baseUrl: fake.url, production: false });
      const fifth = NUMBERS[4] ?? '';
      setFakeStatus(fifth, 'Cancelled');
      await makeDue();
      const before = (await ticketNotifications()).length;
      const results = await Promise.all([
        runTicketTracking(db(), { backend: t.app.repair.backend, batchSize: 3, sharedBudget: null }),
        runTicketTracking(second.db, { backend: otherBackend, batchSize: 3, sharedBudget: null }),
        runTicketTracking(db(), { backend: t.app.repair.backend, batchSize: 3, sharedBudget: null }),
        runTicketTracking(second.db, { backend: otherBackend, batchSize: 3, sharedBudget: null }),
      ]);
      // Five tracked rows, each claimed by exactly one round.
      expect(results.reduce((sum, result) => sum + result.claimed, 0)).toBe(NUMBERS.length);
      expect(results.reduce((sum, result) => sum + result.changes, 0)).toBe(1);
      expect((await ticketNotifications()).length - before).toBe(1);
    } finally {
      await second.close();
    }
  });
});
