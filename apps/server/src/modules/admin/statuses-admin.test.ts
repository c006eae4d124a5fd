/**
 * Staff manage ticket statuses (issue 9): list with usage counts, create, edit (a rename is
 * carried to the tickets, devices, history and followers in one transaction), delete only when
 * unused; admins only; bad input changes nothing; every change audited.
 */
import { adminRepairMessages, type AdminStatus } from '@erepare/shared/schemas/admin-repair';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, statuses, ticketDevices, ticketEvents, tickets, trackedTickets } from '../../db/schema.js';
import { createStatus, deleteStatus, updateStatus } from './statuses-admin.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';


let h: AdminTestBed;
const db = () => h.t.database.db;
const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
const statusRows = () => db().select().from(statuses).orderBy(statuses.id);

beforeAll(async () => {
  h = await adminTestBed();
});
afterAll(async () => {
  await h?.t.close();
});

describe('/api/admin/statuses', () => {
  it('answers 401 without a session and 403 to a customer, before looking at the body', async () => {
    const before = await statusRows();
    for (const [method, url] of [
      ['GET', '/api/admin/statuses'],
      ['POST', '/api/admin/statuses'],
      ['PATCH', '/api/admin/statuses/1'],
      ['DELETE', '/api/admin/statuses/1'],
    ] as const) {
      expect((await h.call(method, url, { nonsense: true }, 'none')).statusCode, `${method} ${url}`).toBe(401);
      expect((await h.call(method, url, { nonsense: true }, 'customer')).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await statusRows()).toEqual(before);
  });

  it('lists the statuses in order with the number of tickets using each', async () => {
    const response = await h.call('GET', '/api/admin/statuses');
    expect(response.statusCode).toBe(200);
    const list = response.json<Envelope<AdminStatus[]>>().data;
    expect(list.length).toBeGreaterThan(3);
    const [counted] = await db().select({ count: sql<number>`count(*)::int` }).from(tickets).where(eq(tickets.status, list[0]?.name ?? ''));
    expect(list[0]?.ticketCount).toBe(counted?.count);
    expect(list.map((status) => status.sortOrder)).toEqual([...list.map((status) => status.sortOrder)].sort((a, b) => a - b));
  });

  it('refuses bad input with a French message and changes nothing', async () => {
    const before = await statusRows();
    const cases: unknown[] = [
      {},
      { name: '', color: '#112233', type: 'Open' },
      { name: 'Chez le fournisseur', color: 'red', type: 'Open' },
      { name: 'Chez le fournisseur', color: '#11223', type: 'Open' },
      { name: 'Chez le fournisseur', color: '#112233', type: 'Ouvert' },
      { name: 'Chez le fournisseur', color: '#112233', type: 'Open', extra: 1 },
      { name: 'x'.repeat(51), color: '#112233', type: 'Open' },
    ];
    for (const body of cases) {
      const response = await h.call('POST', '/api/admin/statuses', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^Données invalides/);
    }
    const color = await h.call('POST', '/api/admin/statuses', { name: 'Chez le fournisseur', color: 'bleu', type: 'Open' });
    expect(color.json<{ message: string }>().message).toContain('Couleur invalide (format #rrggbb)');
    // A name already taken (whatever the case) is a conflict.
    const taken = await h.call('POST', '/api/admin/statuses', { name: 'in progress', color: '#112233', type: 'Open' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(adminRepairMessages.statusNameTaken('in progress'));
    expect((await h.call('PATCH', '/api/admin/statuses/1', {})).statusCode).toBe(400);
    expect((await h.call('PATCH', '/api/admin/statuses/1', { color: '#zzzzzz' })).statusCode).toBe(400);
    expect((await h.call('PATCH', '/api/admin/statuses/abc', { color: '#123456' })).statusCode).toBe(400);
    expect((await h.call('PATCH', '/api/admin/statuses/999999', { color: '#123456' })).statusCode).toBe(404);
    expect((await h.call('DELETE', '/api/admin/statuses/999999')).statusCode).toBe(404);
    expect(await statusRows()).toEqual(before);
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'status'))).toHaveLength(0);
  });

  it('creates, edits and deletes an unused status, each change audited', async () => {
    const created = await h.call('POST', '/api/admin/statuses', { name: 'Chez le fournisseur', color: '#AABBCC', type: 'Open' });
    expect(created.statusCode, created.body).toBe(201);
    const status = created.json<Envelope<AdminStatus>>().data;
    expect(status).toMatchObject({ name: 'Chez le fournisseur', color: '#aabbcc', type: 'Open', ticketCount: 0 });
    const createdAudit = await audits('status.create');
    expect(createdAudit).toHaveLength(1);
    expect(createdAudit[0]).toMatchObject({ entityId: String(status.id), actorId: h.admin.id, after: { name: 'Chez le fournisseur', color: '#aabbcc', type: 'Open' } });

    const edited = await h.call('PATCH', `/api/admin/statuses/${status.id}`, { type: 'Closed', color: '#aabbcc' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Envelope<AdminStatus>>().data.type).toBe('Closed');
    // Only what changed is recorded.
    expect((await audits('status.update'))[0]).toMatchObject({ before: { type: 'Open' }, after: { type: 'Closed' } });

    const deleted = await h.call('DELETE', `/api/admin/statuses/${status.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await db().select().from(statuses).where(eq(statuses.id, status.id))).toHaveLength(0);
    expect((await audits('status.delete'))[0]).toMatchObject({ before: { name: 'Chez le fournisseur', type: 'Closed' } });
  });

  it('refuses to delete a status used by tickets, with the count', async () => {
    const [used] = await db()
      .select({ id: statuses.id, name: statuses.name, count: sql<number>`(select count(*)::int from tickets t where t.status = "statuses"."name")` })
      .from(statuses)
      .where(sql`exists (select 1 from tickets t where t.status = "statuses"."name")`)
      .limit(1);
    expect(used).toBeDefined();
    const response = await h.call('DELETE', `/api/admin/statuses/${used?.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(adminRepairMessages.statusInUse(used?.count ?? 0));
    expect(response.json<{ message: string }>().message).toMatch(/^Ce statut est utilisé par \d+ tickets?\u00a0: /);
    expect(await db().select().from(statuses).where(eq(statuses.id, used?.id ?? 0))).toHaveLength(1);
  });

  it('a rename is carried to the tickets, their devices, their history and their followers in one go', async () => {
    const [status] = await db().select().from(statuses).where(eq(statuses.name, 'Waiting for parts'));
    const [ticket] = await db().select().from(tickets).where(eq(tickets.status, 'Waiting for parts')).limit(1);
    expect(status && ticket).toBeTruthy();
    await db().insert(trackedTickets).values({ userId: h.customer.id, ticketNumber: ticket?.ticketNumber ?? '', lastStatus: 'Waiting for parts' });
    const usedBefore = await db().select({ count: sql<number>`count(*)::int` }).from(tickets).where(eq(tickets.status, 'Waiting for parts'));

    const response = await h.call('PATCH', `/api/admin/statuses/${status?.id}`, { name: 'Attente de pièces' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<AdminStatus>>().data).toMatchObject({ name: 'Attente de pièces', ticketCount: usedBefore[0]?.count });
    expect(await db().select().from(tickets).where(eq(tickets.status, 'Waiting for parts'))).toHaveLength(0);
    expect(await db().select().from(ticketDevices).where(eq(ticketDevices.status, 'Waiting for parts'))).toHaveLength(0);
    expect(await db().select().from(ticketEvents).where(eq(ticketEvents.toStatus, 'Waiting for parts'))).toHaveLength(0);
    const [moved] = await db().select().from(tickets).where(eq(tickets.id, ticket?.id ?? 0));
    expect(moved?.status).toBe('Attente de pièces');
    const [followed] = await db().select().from(trackedTickets).where(and(eq(trackedTickets.userId, h.customer.id)));
    expect(followed?.lastStatus).toBe('Attente de pièces');
    const [audit] = (await audits('status.update')).filter((row) => (row.after as { name?: string }).name === 'Attente de pièces');
    expect(audit).toMatchObject({ before: { name: 'Waiting for parts' }, after: { name: 'Attente de pièces', ticketsRenamed: usedBefore[0]?.count } });
    // The status change route knows the new name.
    const change = await h.call('PATCH', `/api/admin/tickets/${ticket?.ticketNumber}/status`, { status: 'Attente de pièces' });
    expect(change.json<{ data: { changed: boolean } }>().data.changed).toBe(false);
  });

  it('with RepairDesk, statuses are managed there: 409 with the reason', async () => {
    const actor = { user: { id: h.admin.id, email: 'x@exemple.fr' } };
    await expect(createStatus(db(), 'repairdesk', { name: 'Nouveau', color: '#123456', type: 'Open' }, actor)).rejects.toMatchObject({
      httpStatus: 409,
      message: adminRepairMessages.readOnly('la création d’un statut'),
    });
    await expect(updateStatus(db(), 'repairdesk', 1, { color: '#123456' }, actor)).rejects.toMatchObject({ httpStatus: 409 });
    await expect(deleteStatus(db(), 'repairdesk', 1, actor)).rejects.toMatchObject({ httpStatus: 409 });
    expect(adminRepairMessages.readOnly('la création d’un statut')).toMatch(/^Les réparations sont gérées dans RepairDesk\u00a0: /);
  });
});
