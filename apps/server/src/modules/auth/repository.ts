import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export type UserRecord = typeof users.$inferSelect;
export type SessionRecord = typeof sessions.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function countAdmins(db: Db): Promise<number> {
  const rows = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'admin'));
  return Number(rows[0]?.count ?? 0);
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, user: NewUser): Promise<UserRecord> {
  const rows = await db.insert(users).values(user).returning();
  const created = rows[0];
  if (!created) throw new Error('insert user returned nothing');
  return created;
}

export async function setUserRole(db: Db, id: number, role: 'customer' | 'admin', passwordHash?: string): Promise<void> {
  await db
    .update(users)
    .set({ role, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
    .where(eq(users.id, id));
}

export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: Db, session: NewSession): Promise<SessionRecord> {
  const rows = await db.insert(sessions).values(session).returning();
  const created = rows[0];
  if (!created) throw new Error('insert session returned nothing');
  return created;
}

/** The session and its user for a token hash, whatever their state (the service decides). */
export async function findSessionWithUser(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

export async function touchSession(
  db: Db,
  id: number,
  values: { lastSeenAt: Date; expiresAt?: Date; deviceFingerprint?: string },
): Promise<void> {
  await db.update(sessions).set(values).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeAllSessionsOfUser(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every live session of the user except `keepSessionId` (the one asking). */
export async function revokeOtherSessionsOfUser(db: Db, userId: number, keepSessionId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes sessions that expired or were revoked more than a day ago (clean-up job). */
export async function purgeSessions(db: Db): Promise<void> {
  await db.execute(
    sql`delete from sessions where expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day'`,
  );
}
