/**
 * Tracked tickets with our own tables (the local backend): the spec's validation messages, the one
 * ownership rule (identical 404 for "not yours" and "does not exist"), the first status only
 * stored, one notification per change whoever sees it (the browser's check, send-ticket-update,
 * the staff hook, the job — even all at once), visitors' subscriptions, removal and limits.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationMessages } from '@erepare/shared/notifications';
import { runTicketTracking } from '../../jobs/ticket-tracking.js';
import { customers, notificationPreferences, notifications, pushOutbox, pushSubscriptions, rateLimits, ticketDevices, tickets, trackedTickets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { onTicketStatusChanged, TRACKED_TICKETS_LIMIT } from './service.js';

let t: TestApp;
type Headers = { authorization: string };
let owner: { id: number; headers: Headers };
let other: { id: number; headers: Headers };
let unverified: { id: number; headers: Headers };
let unlinked: { id: number; headers: Headers };
let customerA = 0;
let customerB = 0;

const OWN = 'T-880001';
const OWN_2 = 'T-880002';
const OTHERS = 'T-880003';
const UNKNOWN = 'T-880999';

type Body = { success: boolean; message?: string; data?: unknown; changes?: number; notified?: boolean };

const db = () => t.database.db;

async function setStatus(ticketNumber: string, status: string): Promise<void> {
  await db().update(tickets).set({ status, updatedAt: new Date() }).where(eq(tickets.ticketNumber, ticketNumber));
}

async function ticketNotifications(userId: number) {
  return db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'ticket')));
}

async function trackedRow(userId: number, ticketNumber: string) {
  const [row] = await db()
    .select()
    .from(trackedTickets)
    .where(and(eq(trackedTickets.userId, userId), eq(trackedTickets.ticketNumber, ticketNumber)));
  return row;
}

const post = (url: string, headers: Headers | undefined, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await db()
    .insert(customers)
    .values([
      { firstName: 'Léa', lastName: 'Privée', email: 'lea.privee@exemple.fr', mobile: '0611111111' },
      { firstName: 'Marc', lastName: 'Autre', email: 'marc.autre@exemple.fr' },
    ])
    .returning();
  customerA = a?.id ?? 0;
  customerB = b?.id ?? 0;
  const rows = await db()
    .insert(tickets)
    .values([
      { ticketNumber: OWN, customerId: customerA, status: 'En cours de diagnostic' },
      { ticketNumber: OWN_2, customerId: customerA, status: 'Devis en attente' },
      { ticketNumber: OTHERS, customerId: customerB, status: 'En cours de diagnostic' },
    ])
    .returning();
  await db()
    .insert(ticketDevices)
    .values(rows.map((row) => ({ ticketId: row.id, category: 'Téléphone', brand: 'Apple', name: 'iPhone 13', status: row.status, imei: '356938035643809', serial: 'SN-SECRET' })));
  owner = await signedInUser(t.app, db(), { email: 'lea.suivi@exemple.fr', repairCustomerId: customerA });
  other = await signedInUser(t.app, db(), { email: 'marc.suivi@exemple.fr', repairCustomerId: customerB });
  unverified = await signedInUser(t.app, db(), { email: 'pas.verifie@exemple.fr', repairCustomerId: customerA, verified: false });
  unlinked = await signedInUser(t.app, db(), { email: 'pas.lie@exemple.fr' });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  // Each test gets fresh per-user limits.
  await db().delete(rateLimits);
});

describe('signed-in users only', () => {
  it('answers 401 in French to visitors on every endpoint', async () => {
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/notifications/tracked-tickets' }),
      post('/api/notifications/tracked-tickets', undefined, { ticket: OWN }),
      post('/api/notifications/tracked-tickets/check', undefined, {}),
      t.app.inject({ method: 'DELETE', url: `/api/notifications/tracked-tickets/${OWN}` }),
      post('/api/notifications/send-ticket-update', undefined, { ticketId: OWN, newStatus: 'Livré' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json<Body>().message).toBe('Utilisateur non connecté');
    }
  });
});

describe('adding a ticket', () => {
  it('checks the input with the messages of spec 1 §5', async () => {
    const cases: [unknown, string][] = [
      [{ ticket: '' }, notificationMessages.ticketEmpty],
      [{ ticket: '   ' }, notificationMessages.ticketEmpty],
      [{}, notificationMessages.ticketEmpty],
      [{ ticket: 'abc' }, notificationMessages.ticketFormat],
      [{ ticket: '123' }, notificationMessages.ticketFormat],
      [{ ticket: '1234567' }, notificationMessages.ticketFormat],
      [{ ticket: 'T-12' }, notificationMessages.ticketFormat],
      [{ ticket: '-6632' }, notificationMessages.ticketFormat],
    ];
    for (const [payload, message] of cases) {
      const response = await post('/api/notifications/tracked-tickets', owner.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<Body>().message).toBe(message);
    }
    expect(await db().select().from(trackedTickets).where(eq(trackedTickets.userId, owner.id))).toHaveLength(0);
  });

  it('adds an own ticket typed as digits, with its current status as the first seen and no notification', async () => {
    const response = await post('/api/notifications/tracked-tickets', owner.headers, { ticket: ' 880001 ' });
    expect(response.statusCode).toBe(201);
    const body = response.json<Body>();
    expect(body.message).toBe('Ticket T-880001 ajouté au suivi');
    expect(body.data).toMatchObject({ ticket_number: OWN, last_status: 'En cours de diagnostic' });
    expect(await ticketNotifications(owner.id)).toHaveLength(0);
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications/tracked-tickets', headers: owner.headers });
    expect(list.json<Body>().data).toEqual([expect.objectContaining({ ticket_number: OWN, last_status: 'En cours de diagnostic' })]);
  });

  it('refuses a duplicate, however it is typed', async () => {
    for (const ticket of [OWN, 't880001', 'T880001']) {
      const response = await post('/api/notifications/tracked-tickets', owner.headers, { ticket });
      expect(response.statusCode).toBe(409);
      expect(response.json<Body>().message).toBe('Ce ticket est déjà suivi');
    }
  });

  it("answers the same 404 for another customer's ticket and for a ticket that does not exist, and stores nothing", async () => {
    const others = await post('/api/notifications/tracked-tickets', owner.headers, { ticket: OTHERS });
    const unknown = await post('/api/notifications/tracked-tickets', owner.headers, { ticket: UNKNOWN });
    expect(others.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(others.json<Body>().message).toBe('Ticket T-880003 non autorisé ou introuvable');
    expect(unknown.json<Body>().message).toBe('Ticket T-880999 non autorisé ou introuvable');
    // Nothing but the number tells them apart.
    const shape = (body: string, number: string) => body.replace(number, 'X').replace(/"requestId":"[^"]*"/, '');
    expect(shape(others.body, OTHERS)).toBe(shape(unknown.body, UNKNOWN));
    expect(others.body).not.toMatch(/Marc|Autre|diagnostic/);
    expect(await db().select().from(trackedTickets).where(eq(trackedTickets.userId, owner.id))).toHaveLength(1);
  });

  it('gives nothing to an account whose e-mail is not verified, nor to an account not linked', async () => {
    for (const user of [unverified, unlinked]) {
      const response = await post('/api/notifications/tracked-tickets', user.headers, { ticket: OWN });
      expect(response.statusCode).toBe(404);
      expect(response.json<Body>().message).toBe('Ticket T-880001 non autorisé ou introuvable');
    }
    expect(await db().select().from(trackedTickets).where(eq(trackedTickets.userId, unverified.id))).toHaveLength(0);
  });
});

describe('a status change', () => {
  it('creates exactly one notification with the message of the status, flagged actionRequired for "attente"', async () => {
    await setStatus(OWN, 'En attente de pièces');
    const check = await post('/api/notifications/tracked-tickets/check', owner.headers, {});
    expect(check.statusCode).toBe(200);
    expect(check.json<Body>()).toMatchObject({ success: true, changes: 1 });
    expect(check.json<Body>().data).toEqual([expect.objectContaining({ ticket_number: OWN, last_status: 'En attente de pièces' })]);
    const again = await post('/api/notifications/tracked-tickets/check', owner.headers, {});
    expect(again.json<Body>().changes).toBe(0);
    const stored = await ticketNotifications(owner.id);
    expect(stored).toHaveLength(1);
    const [notification] = stored;
    expect(notification).toMatchObject({
      title: 'Ticket T-880001 mis à jour',
      body: 'Nous attendons une pièce pour votre réparation. Nous reprenons dès sa réception.',
      ticketId: OWN,
      requireInteraction: true,
      data: { url: '/compte?tab=repairs', ticketId: OWN, actionRequired: true, source: 'tracking' },
      ticketData: { ticketId: OWN, device: 'Apple iPhone 13', status: 'En attente de pièces' },
    });
    // No personal data in what is stored or pushed.
    expect(JSON.stringify(notification)).not.toMatch(/Léa|Privée|0611111111|356938035643809|SN-SECRET|lea\.privee/);
  });

  it('notifies a later return to an earlier status, without actionRequired when nothing is asked', async () => {
    await setStatus(OWN, 'En cours de diagnostic');
    await post('/api/notifications/tracked-tickets/check', owner.headers, {});
    const stored = await ticketNotifications(owner.id);
    expect(stored).toHaveLength(2);
    const latest = stored.find((entry) => entry.body.includes('diagnostic'));
    expect(latest).toMatchObject({ requireInteraction: false, data: { actionRequired: false } });
    await setStatus(OWN, 'En attente de pièces');
    await post('/api/notifications/tracked-tickets/check', owner.headers, {});
    expect(await ticketNotifications(owner.id)).toHaveLength(3);
  });

  it('send-ticket-update trusts nothing of its body: a forged newStatus changes nothing', async () => {
    const before = (await ticketNotifications(owner.id)).length;
    const response = await post('/api/notifications/send-ticket-update', owner.headers, {
      ticketId: OWN,
      newStatus: 'Livré',
      message: 'Faux message',
      customerData: { userId: other.id, email: 'victime@exemple.fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Body>()).toEqual({ success: true, notified: false });
    expect(await ticketNotifications(owner.id)).toHaveLength(before);
    expect(await ticketNotifications(other.id)).toHaveLength(0);
    expect((await trackedRow(owner.id, OWN))?.lastStatus).toBe('En attente de pièces');
  });

  it('send-ticket-update notifies a real change once, and only for tickets the caller owns', async () => {
    await setStatus(OWN, 'Réparation terminée');
    const first = await post('/api/notifications/send-ticket-update', owner.headers, { ticketId: OWN, newStatus: 'n’importe quoi' });
    expect(first.json<Body>()).toEqual({ success: true, notified: true });
    const second = await post('/api/notifications/send-ticket-update', owner.headers, { ticketId: OWN });
    expect(second.json<Body>()).toEqual({ success: true, notified: false });
    const latest = (await ticketNotifications(owner.id)).filter((entry) => entry.ticketData?.status === 'Réparation terminée');
    expect(latest).toHaveLength(1);
    for (const ticketId of [OTHERS, UNKNOWN]) {
      const denied = await post('/api/notifications/send-ticket-update', owner.headers, { ticketId, newStatus: 'Livré' });
      expect(denied.statusCode).toBe(404);
      expect(denied.json<Body>().message).toBe(notificationMessages.ticketNotAllowed(ticketId));
    }
    const forOther = await post('/api/notifications/send-ticket-update', other.headers, { ticketId: OWN });
    expect(forOther.statusCode).toBe(404);
  });

  it('the same change seen at once by the check, send-ticket-update, the staff hook and the job notifies once', async () => {
    const before = (await ticketNotifications(owner.id)).length;
    await setStatus(OWN, 'Prêt pour récupération');
    await db().update(trackedTickets).set({ lastCheckedAt: new Date(Date.now() - 120_000) }).where(eq(trackedTickets.userId, owner.id));
    const results = await Promise.all([
      post('/api/notifications/tracked-tickets/check', owner.headers, {}),
      post('/api/notifications/send-ticket-update', owner.headers, { ticketId: OWN }),
      onTicketStatusChanged(db(), OWN),
      runTicketTracking(db(), { backend: t.app.repair.backend }),
      onTicketStatusChanged(db(), OWN),
    ]);
    expect(results.length).toBe(5);
    const after = await ticketNotifications(owner.id);
    expect(after.length - before).toBe(1);
    expect(after.filter((entry) => entry.ticketData?.status === 'Prêt pour récupération')).toHaveLength(1);
  });
});

describe('the staff hook (local backend)', () => {
  it('notifies at once inside the status change transaction, and not at all when it rolls back', async () => {
    const before = (await ticketNotifications(owner.id)).length;
    await expect(
      db().transaction(async (tx) => {
        await tx.update(tickets).set({ status: 'Livré', updatedAt: new Date() }).where(eq(tickets.ticketNumber, OWN));
        const result = await onTicketStatusChanged(tx, OWN);
        expect(result.changes).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ticketNotifications(owner.id)).toHaveLength(before);
    expect((await trackedRow(owner.id, OWN))?.lastStatus).toBe('Prêt pour récupération');

    await db().transaction(async (tx) => {
      await tx.update(tickets).set({ status: 'Livré', updatedAt: new Date() }).where(eq(tickets.ticketNumber, OWN));
      await onTicketStatusChanged(tx, OWN);
    });
    const after = await ticketNotifications(owner.id);
    expect(after.length - before).toBe(1);
    expect(after.find((entry) => entry.ticketData?.status === 'Livré')?.body).toBe('Votre appareil vous a été remis. Merci de votre confiance\u00a0!');
    expect((await onTicketStatusChanged(db(), OWN)).changes).toBe(0);
    expect((await onTicketStatusChanged(db(), 'pas un ticket')).changes).toBe(0);
  });

  it('queues pushes for the owner’s browsers and for a visitor’s subscription, without a stored notification for the visitor', async () => {
    const [userSub, visitorSub] = await db()
      .insert(pushSubscriptions)
      .values([
        { userId: owner.id, endpoint: 'https://push.exemple.fr/owner-1', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
        { userId: null, endpoint: 'https://push.exemple.fr/visitor-1', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      ])
      .returning();
    await db().insert(trackedTickets).values({ subscriptionId: visitorSub?.id ?? 0, ticketNumber: OWN, lastStatus: 'Livré' });
    await setStatus(OWN, 'Devis en attente');
    const result = await onTicketStatusChanged(db(), OWN);
    expect(result).toMatchObject({ changes: 2, notified: [owner.id], pushes: 2 });
    const pushes = await db().select().from(pushOutbox);
    const toVisitor = pushes.find((row) => row.subscriptionId === visitorSub?.id);
    const toOwner = pushes.find((row) => row.subscriptionId === userSub?.id);
    expect(toOwner?.payload).toMatchObject({ title: 'Ticket T-880001 mis à jour', type: 'ticket', url: '/compte?tab=repairs', requireInteraction: true });
    expect(toVisitor?.payload).toMatchObject({
      title: 'Ticket T-880001 mis à jour',
      body: 'Un devis vous attend\u00a0: merci de nous donner votre accord pour lancer la réparation.',
      type: 'ticket',
      url: '/suivi?ticket=T-880001',
      ticketId: OWN,
      requireInteraction: true,
    });
    expect(JSON.stringify(pushes.map((row) => row.payload))).not.toMatch(/Léa|Privée|0611111111|356938035643809/);
  });

  it('within the preferences: ticket updates turned off store the status but notify nothing', async () => {
    await db().insert(notificationPreferences).values({ userId: owner.id, ticketUpdates: false });
    const before = (await ticketNotifications(owner.id)).length;
    await setStatus(OWN, 'En cours de réparation');
    await onTicketStatusChanged(db(), OWN);
    expect(await ticketNotifications(owner.id)).toHaveLength(before);
    expect((await trackedRow(owner.id, OWN))?.lastStatus).toBe('En cours de réparation');
    await db().delete(notificationPreferences).where(eq(notificationPreferences.userId, owner.id));
  });

  it('stops notifying an account that no longer owns the ticket', async () => {
    await db().update(tickets).set({ customerId: customerB }).where(eq(tickets.ticketNumber, OWN));
    const before = (await ticketNotifications(owner.id)).length;
    await setStatus(OWN, 'Réparation impossible');
    await onTicketStatusChanged(db(), OWN);
    expect(await ticketNotifications(owner.id)).toHaveLength(before);
    await db().update(tickets).set({ customerId: customerA }).where(eq(tickets.ticketNumber, OWN));
  });
});

describe('removal and limits', () => {
  it('removes only own tracked tickets; anything else is a 404', async () => {
    await post('/api/notifications/tracked-tickets', owner.headers, { ticket: OWN_2 });
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/notifications/tracked-tickets/${OWN_2}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<Body>().message).toBe('Ticket T-880002 non autorisé ou introuvable');
    expect(await trackedRow(owner.id, OWN_2)).toBeDefined();
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/notifications/tracked-tickets/880002', headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Body>()).toEqual({ success: true, message: 'Ticket T-880002 retiré du suivi' });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/notifications/tracked-tickets/${OWN_2}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
    const garbage = await t.app.inject({ method: 'DELETE', url: '/api/notifications/tracked-tickets/%3Cscript%3E', headers: owner.headers });
    expect(garbage.statusCode).toBe(404);
  });

  it(`caps a user at ${TRACKED_TICKETS_LIMIT} tracked tickets`, async () => {
    await db()
      .insert(trackedTickets)
      .values(Array.from({ length: TRACKED_TICKETS_LIMIT }, (_, index) => ({ userId: other.id, ticketNumber: `T-${770000 + index}`, lastStatus: 'Livré' })));
    const response = await post('/api/notifications/tracked-tickets', other.headers, { ticket: OTHERS });
    expect(response.statusCode).toBe(409);
    expect(response.json<Body>().message).toMatch(/50 tickets/);
    await db().delete(trackedTickets).where(eq(trackedTickets.userId, other.id));
    const accepted = await post('/api/notifications/tracked-tickets', other.headers, { ticket: OTHERS });
    expect(accepted.statusCode).toBe(201);
  });

  it('rate-limits the check per user (6 a minute)', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1) statuses.push((await post('/api/notifications/tracked-tickets/check', owner.headers, {})).statusCode);
    expect(statuses.slice(0, 6).every((status) => status === 200)).toBe(true);
    expect(statuses[6]).toBe(429);
    // Another user is not affected.
    expect((await post('/api/notifications/tracked-tickets/check', other.headers, {})).statusCode).toBe(200);
    const [{ total } = { total: 0 }] = await db().select({ total: sql<number>`count(*)::int` }).from(rateLimits);
    expect(Number(total)).toBeGreaterThan(0);
  });
});
