import { and, asc, eq, sql } from 'drizzle-orm';
import { adminCoreMessages as texts, type StaffMember } from '@erepare/shared/schemas/admin-core';
import type { Db, Executor } from '../../db/client.js';
import { users, userTwoFactor } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AuthenticatedSession } from '../auth/service.js';
import { recordAudit } from './audit.js';

/**
 * Staff accounts (issue 9): admins promote an existing, verified account and demote another admin.
 * The role is read from `users` at every request (resolveSession joins the user), so a demotion
 * takes the admin power away at the demoted person's very next request: no session to revoke.
 */

type UserRow = typeof users.$inferSelect;

function toStaffMember(row: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'createdAt' | 'disabledAt'>): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt !== null,
  };
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ user: users, twoFactor: sql<boolean>`${userTwoFactor.enabledAt} is not null and ${userTwoFactor.secret} is not null` })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => ({ ...toStaffMember(row.user), twoFactor: row.twoFactor === true }));
}

/**
 * Every admin row, locked until the transaction ends: two admins demoting each other at the same
 * moment are served one after the other, so the last admin can never be removed by a race.
 */
async function lockAdmins(tx: Executor): Promise<UserRow[]> {
  return tx.select().from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
}

/** Makes an existing account with a proven e-mail address an admin. */
export async function addStaff(db: Db, actor: AuthenticatedSession, email: string): Promise<StaffMember> {
  const normalised = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.email, normalised)).limit(1).for('update');
    if (!row) throw new AppError('STAFF_NO_ACCOUNT', 404, texts.staffNoAccount);
    if (row.role === 'admin') throw new AppError('STAFF_ALREADY_ADMIN', 409, texts.staffAlreadyAdmin);
    if (row.disabledAt) throw new AppError('STAFF_DISABLED', 409, texts.staffDisabled);
    if (!row.emailVerifiedAt) throw new AppError('STAFF_NOT_VERIFIED', 409, texts.staffNotVerified);
    const [updated] = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(and(eq(users.id, row.id), eq(users.role, 'customer')))
      .returning();
    if (!updated) throw new AppError('STAFF_ALREADY_ADMIN', 409, texts.staffAlreadyAdmin);
    await recordAudit(tx, actor, { action: 'admin.add', entity: 'user', entityId: row.id, before: { role: 'customer', email: row.email }, after: { role: 'admin', email: row.email } });
    return toStaffMember(updated);
  });
}

/** Makes an admin a customer again; never oneself, never the last active admin. */
export async function removeStaff(db: Db, actor: AuthenticatedSession, id: number): Promise<StaffMember> {
  if (id === actor.user.id) throw new AppError('STAFF_SELF', 409, texts.staffSelf);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const target = admins.find((admin) => admin.id === id);
    if (!target) throw new AppError('STAFF_NOT_FOUND', 404, texts.staffNotFound);
    const activeLeft = admins.filter((admin) => admin.id !== id && admin.disabledAt === null).length;
    if (activeLeft === 0) throw new AppError('STAFF_LAST', 409, texts.staffLast);
    const [updated] = await tx.update(users).set({ role: 'customer', updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    if (!updated) throw new AppError('STAFF_NOT_FOUND', 404, texts.staffNotFound);
    await recordAudit(tx, actor, { action: 'admin.remove', entity: 'user', entityId: id, before: { role: 'admin', email: target.email }, after: { role: 'customer', email: target.email } });
    return toStaffMember(updated);
  });
}
