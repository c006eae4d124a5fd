import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { paging, type PageQuery } from '../../lib/paging.js';
import type { AuthenticatedSession } from '../auth/service.js';

/**
 * The staff audit log (issue 9): every admin change records who, what, when, before and after.
 * Call `recordAudit` with the transaction of the change, so both land or neither does.
 */

export type AuditActor = Pick<AuthenticatedSession, 'user'> | { user: { id: number | null; email: string } };

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Values kept in the log are JSON; secrets never go in (pass only the fields that changed). */
function json(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown;
}

export async function recordAudit(executor: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: actor.user.id,
    actorEmail: actor.user.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: json(entry.before),
    after: json(entry.after),
  });
}

export type AuditQuery = PageQuery & { entity?: string; entityId?: string };

export type AuditRow = {
  id: number;
  actorId: number | null;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/** Newest first, paged on the server. */
export async function listAudit(db: Db, query: AuditQuery): Promise<{ rows: AuditRow[]; total: number; page: number; pageSize: number }> {
  const { limit, offset, page, pageSize } = paging(query);
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: totals?.total ?? 0,
    page,
    pageSize,
  };
}
