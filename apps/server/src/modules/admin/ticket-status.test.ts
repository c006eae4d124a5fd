/**
 * Staff change a ticket's status (local backend): admins only; the status must exist; the
 * history, the owner's stored notification and the pushes are committed with the change; the
 * same status twice changes nothing; with RepairDesk the tickets are read-only here.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, notifications, pushOutbox, pushSubscriptions, statuses, ticketDevices, ticketEvents, tickets, trackedTickets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { changeTicketStatus, ticketStatusMessages } from './ticket-status.js';

let t: TestApp;
let admin: { id: number; headers: { authorization: string } };
let owner: { id: number; headers: { authorization: string } };
const TICKET = 'T-660001';
const db = () => t.database.db;

type Body = { success: boolean; message: string; data?: { changed: boolean; from: string; to: string; notified: number } };

const patch = (ticket: string, payload: unknown, headers?: { authorization: string }) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/tickets/${ticket}/status`, payload: payload as object, ...(headers ? { headers } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  await db()
    .insert(statuses)
    .values([
      { name: 'In Progress', color: '#f59e0b', type: 'Open' as const },
      { name: 'Ready for pickup', color: '#16a34a', type: 'Closed' as const },
    ])
    .onConflictDoNothing({ target: statuses.name });
  const [customer] = await db().insert(customers).values({ firstName: 'Inès', lastName: 'Atelier', email: 'ines@exemple.fr' }).returning();
  const [ticket] = await db().insert(tickets).values({ ticketNumber: TICKET, customerId: customer?.id ?? 0, status: 'In Progress' }).returning();
  // Its own device (the demo tickets before it have theirs).
  await db().insert(ticketDevices).values({ ticketId: ticket?.id ?? 0, category: 'Console', brand: 'Nintendo', name: 'Switch OLED', status: 'In Progress' });
  admin = await signedInUser(t.app, db(), { email: 'staff@exemple.fr', role: 'admin' });
  owner = await signedInUser(t.app, db(), { email: 'ines.compte@exemple.fr', repairCustomerId: customer?.id ?? null });
  // The owner follows the ticket (its current status stored as the first seen) on one browser.
  await db().insert(trackedTickets).values({ userId: owner.id, ticketNumber: TICKET, lastStatus: 'In Progress' });
  await db().insert(pushSubscriptions).values({ userId: owner.id, endpoint: 'https://push.exemple.fr/ines', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) });
});
afterAll(async () => {
  await t?.close();
});

describe('PATCH /api/admin/tickets/:ticket/status', () => {
  it('is refused without a session (401) and to a customer (403), changing nothing', async () => {
    expect((await patch(TICKET, { status: 'Ready for pickup' })).statusCode).toBe(401);
    const customer = await patch(TICKET, { status: 'Ready for pickup' }, owner.headers);
    expect(customer.statusCode).toBe(403);
    const [row] = await db().select().from(tickets).where(eq(tickets.ticketNumber, TICKET));
    expect(row?.status).toBe('In Progress');
  });

  it('refuses an unknown status, an empty one and an unknown ticket with a French message', async () => {
    const unknown = await patch(TICKET, { status: 'Parti en vacances' }, admin.headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Body>().message).toBe(ticketStatusMessages.unknownStatus('Parti en vacances'));
    expect((await patch(TICKET, { status: '  ' }, admin.headers)).statusCode).toBe(400);
    expect((await patch(TICKET, {}, admin.headers)).statusCode).toBe(400);
    const missing = await patch('T-669999', { status: 'Ready for pickup' }, admin.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Body>().message).toBe(ticketStatusMessages.notFound);
  });

  it('changes the status with its history, the owner’s notification and a push, in one go', async () => {
    const response = await patch('660001', { status: 'Ready for pickup' }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Body>()).toMatchObject({ message: `Statut du ticket ${TICKET}\u00a0: Prêt à récupérer`, data: { changed: true, from: 'In Progress', to: 'Ready for pickup', notified: 1 } });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.ticketNumber, TICKET));
    expect(ticket?.status).toBe('Ready for pickup');
    const events = await db().select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticket?.id ?? 0));
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([['In Progress', 'Ready for pickup']]);
    const stored = await db().select().from(notifications).where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'ticket')));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.title).toBe(`Ticket ${TICKET} mis à jour`);
    // The ticket's own device, not another ticket's.
    expect(stored[0]?.ticketData).toMatchObject({ ticketId: TICKET, device: 'Nintendo Switch OLED', status: 'Ready for pickup' });
    expect(await db().select().from(pushOutbox)).toHaveLength(1);
    // The audit log has who changed what, from what to what.
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'ticket.status'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actorEmail: 'staff@exemple.fr', entity: 'ticket', entityId: TICKET, before: { status: 'In Progress' }, after: { status: 'Ready for pickup' } });
  });

  it('the same status again changes nothing and notifies nobody', async () => {
    const again = await patch(TICKET, { status: 'Ready for pickup' }, admin.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json<Body>()).toMatchObject({ message: ticketStatusMessages.unchanged, data: { changed: false } });
    expect(await db().select().from(notifications).where(eq(notifications.userId, owner.id))).toHaveLength(1);
    expect(await db().select().from(pushOutbox)).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'ticket.status'))).toHaveLength(1);
  });

  it('accepts the French name staff see for a status, and stores the shop’s own name (issue 22 §3.1)', async () => {
    const response = await patch(TICKET, { status: 'en cours de réparation' }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Body>()).toMatchObject({ message: `Statut du ticket ${TICKET}\u00a0: En cours de réparation`, data: { changed: true, from: 'Ready for pickup', to: 'In Progress' } });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.ticketNumber, TICKET));
    expect(ticket?.status).toBe('In Progress');
    const back = await patch(TICKET, { status: 'Prêt à récupérer' }, admin.headers);
    expect(back.json<Body>()).toMatchObject({ data: { changed: true, to: 'Ready for pickup' } });
  });

  it('with RepairDesk the tickets are read-only here, and say why', async () => {
    await expect(changeTicketStatus(db(), 'repairdesk', TICKET, 'Collected', { user: { id: admin.id, email: 'staff@exemple.fr' } })).rejects.toMatchObject({ httpStatus: 409, message: ticketStatusMessages.readOnly });
  });
});
