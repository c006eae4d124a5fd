import { adminRepairMessages, type AdminStatus, type StatusCreate, type StatusPatch } from '@erepare/shared/schemas/admin-repair';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { statuses, ticketDevices, ticketEvents, tickets, trackedTickets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit, type AuditActor } from './audit.js';
import { changedFields, requireLocalBackend, type BackendKind } from './tickets-admin-shared.js';

/**
 * Ticket statuses of the store (issue 9): name, colour, Open or Closed.
 *
 * Tickets, their devices and their history refer to a status by its name. Renaming a status
 * renames it everywhere in the same transaction (tickets, devices, history and the statuses last
 * seen by followers), so a rename is a label change, never a status change: nobody is notified
 * and no ticket is left with a status that no longer exists. A status still used by a ticket
 * cannot be deleted (409 with the count).
 */

const ticketCount = sql<number>`(select count(*)::int from ${tickets} t where t.status = "statuses"."name")`;

type StatusRow = typeof statuses.$inferSelect;
const toDto = (row: StatusRow, count: number): AdminStatus => ({ id: row.id, name: row.name, color: row.color, type: row.type, sortOrder: row.sortOrder, ticketCount: count });

export async function listAdminStatuses(db: Db): Promise<AdminStatus[]> {
  const rows = await db.select({ status: statuses, count: ticketCount }).from(statuses).orderBy(asc(statuses.sortOrder), asc(statuses.id));
  return rows.map((row) => toDto(row.status, Number(row.count)));
}

async function nameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: statuses.id }).from(statuses).where(sql`lower(${statuses.name}) = lower(${name})`);
  return rows.some((row) => row.id !== exceptId);
}

export async function createStatus(db: Db, kind: BackendKind, body: StatusCreate, actor: AuditActor): Promise<AdminStatus> {
  requireLocalBackend(kind, 'la création d’un statut');
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, body.name)) throw new AppError('STATUS_EXISTS', 409, adminRepairMessages.statusNameTaken(body.name));
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${statuses.sortOrder}), 0)::int` }).from(statuses);
    const [row] = await tx
      .insert(statuses)
      .values({ name: body.name, color: body.color, type: body.type, sortOrder: body.sortOrder ?? Number(last?.max ?? 0) + 1 })
      .onConflictDoNothing({ target: statuses.name })
      .returning();
    if (!row) throw new AppError('STATUS_EXISTS', 409, adminRepairMessages.statusNameTaken(body.name));
    await recordAudit(tx, actor, { action: 'status.create', entity: 'status', entityId: row.id, after: { name: row.name, color: row.color, type: row.type, sortOrder: row.sortOrder } });
    return toDto(row, 0);
  });
}

/** The unique name index caught a rename racing another rename or a creation (code 23505). */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function updateStatus(db: Db, kind: BackendKind, id: number, patch: StatusPatch, actor: AuditActor): Promise<AdminStatus> {
  requireLocalBackend(kind, 'la modification d’un statut');
  return renameStatus(db, id, patch, actor).catch((error: unknown) => {
    if (patch.name !== undefined && isUniqueViolation(error)) throw new AppError('STATUS_EXISTS', 409, adminRepairMessages.statusNameTaken(patch.name));
    throw error;
  });
}

function renameStatus(db: Db, id: number, patch: StatusPatch, actor: AuditActor): Promise<AdminStatus> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(statuses).where(eq(statuses.id, id)).for('update');
    if (!current) throw new AppError('STATUS_NOT_FOUND', 404, adminRepairMessages.statusNotFound);
    const changes = changedFields(current, patch);
    if (!changes) return toDto(current, await countTickets(tx, current.name));
    const renamed = patch.name !== undefined && patch.name !== current.name;
    if (renamed && (await nameTaken(tx, patch.name as string, id))) {
      throw new AppError('STATUS_EXISTS', 409, adminRepairMessages.statusNameTaken(patch.name as string));
    }
    const [row] = await tx.update(statuses).set(changes.after).where(eq(statuses.id, id)).returning();
    if (!row) throw new AppError('STATUS_NOT_FOUND', 404, adminRepairMessages.statusNotFound);
    let renamedTickets = 0;
    if (renamed) {
      const from = current.name;
      const to = row.name;
      const moved = await tx.update(tickets).set({ status: to }).where(eq(tickets.status, from)).returning({ id: tickets.id });
      renamedTickets = moved.length;
      await tx.update(ticketDevices).set({ status: to }).where(eq(ticketDevices.status, from));
      await tx.update(ticketEvents).set({ toStatus: to }).where(eq(ticketEvents.toStatus, from));
      await tx.update(ticketEvents).set({ fromStatus: to }).where(eq(ticketEvents.fromStatus, from));
      // Followers compare the last status they saw with the current one: a rename is not a change.
      await tx.update(trackedTickets).set({ lastStatus: to }).where(eq(trackedTickets.lastStatus, from));
    }
    await recordAudit(tx, actor, {
      action: 'status.update',
      entity: 'status',
      entityId: id,
      before: changes.before,
      after: renamed ? { ...changes.after, ticketsRenamed: renamedTickets } : changes.after,
    });
    return toDto(row, await countTickets(tx, row.name));
  });
}

async function countTickets(db: Executor, name: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tickets).where(eq(tickets.status, name));
  return Number(row?.count ?? 0);
}

export async function deleteStatus(db: Db, kind: BackendKind, id: number, actor: AuditActor): Promise<{ id: number }> {
  requireLocalBackend(kind, 'la suppression d’un statut');
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(statuses).where(eq(statuses.id, id)).for('update');
    if (!current) throw new AppError('STATUS_NOT_FOUND', 404, adminRepairMessages.statusNotFound);
    // Devices carry a status too (a ticket's second device may be elsewhere in the workflow).
    const [used] = await tx
      .select({
        tickets: sql<number>`(select count(*)::int from ${tickets} where ${tickets.status} = ${current.name})`,
        devices: sql<number>`(select count(distinct ${ticketDevices.ticketId})::int from ${ticketDevices} where ${ticketDevices.status} = ${current.name})`,
      })
      .from(sql`(select 1) as one`);
    const count = Math.max(Number(used?.tickets ?? 0), Number(used?.devices ?? 0));
    if (count > 0) throw new AppError('STATUS_IN_USE', 409, adminRepairMessages.statusInUse(count));
    await tx.delete(statuses).where(eq(statuses.id, id));
    await recordAudit(tx, actor, { action: 'status.delete', entity: 'status', entityId: id, before: { name: current.name, color: current.color, type: current.type, sortOrder: current.sortOrder } });
    return { id };
  });
}
