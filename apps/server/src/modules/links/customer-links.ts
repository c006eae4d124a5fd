import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customerLinks } from '../../db/schema.js';
import { generateToken, hashToken } from '../../lib/tokens.js';

/**
 * Secret links mailed to customers (issue 24): an estimate to approve, a booking to change, an
 * invoice to pay. One rule for all of them: a link proves only its purpose and its subject, until
 * it expires or is revoked; only the SHA-256 of its token is stored. It never signs anyone in and
 * never proves an account or an e-mail address.
 */

export type LinkPurpose = (typeof customerLinks.$inferSelect)['purpose'];

export type IssuedLink = { token: string; expiresAt: Date };

/** The shape of every token we issue (43 base64url characters): anything else is refused before the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeLinkToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** Issues a link for one subject; pass the caller's transaction so it exists only if the change does. */
export async function issueCustomerLink(
  db: Executor,
  purpose: LinkPurpose,
  subjectId: number,
  expiresAt: Date,
): Promise<IssuedLink> {
  const token = generateToken();
  await db.insert(customerLinks).values({ tokenHash: hashToken(token), purpose, subjectId, expiresAt });
  return { token, expiresAt };
}

export type LinkLookup =
  | { state: 'valid'; subjectId: number; expiresAt: Date }
  /** Known token, past its expiry: the page says so (the subject id lets it say what expired). */
  | { state: 'expired'; subjectId: number }
  /** Voided (a revision superseded it, staff withdrew it). */
  | { state: 'revoked'; subjectId: number }
  | { state: 'unknown' };

/** What a token opens, for this purpose only (a booking link never opens an estimate). */
export async function findCustomerLink(db: Executor, purpose: LinkPurpose, token: string, now = new Date()): Promise<LinkLookup> {
  if (!looksLikeLinkToken(token)) return { state: 'unknown' };
  const rows = await db
    .select({ subjectId: customerLinks.subjectId, expiresAt: customerLinks.expiresAt, revokedAt: customerLinks.revokedAt })
    .from(customerLinks)
    .where(and(eq(customerLinks.tokenHash, hashToken(token)), eq(customerLinks.purpose, purpose)))
    .limit(1);
  const row = rows[0];
  if (!row) return { state: 'unknown' };
  if (row.revokedAt) return { state: 'revoked', subjectId: row.subjectId };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: 'expired', subjectId: row.subjectId };
  return { state: 'valid', subjectId: row.subjectId, expiresAt: row.expiresAt };
}

/** Voids every live link of a subject (a revised estimate, a cancelled booking). */
export async function revokeCustomerLinks(db: Executor, purpose: LinkPurpose, subjectId: number, now = new Date()): Promise<void> {
  await db
    .update(customerLinks)
    .set({ revokedAt: now })
    .where(and(eq(customerLinks.purpose, purpose), eq(customerLinks.subjectId, subjectId), isNull(customerLinks.revokedAt)));
}

/** Links ended (expired or revoked) more than 30 days ago are deleted: a page can still say « expiré » for a month. */
export async function purgeCustomerLinks(db: Executor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(customerLinks)
    .where(or(lt(customerLinks.expiresAt, before), lt(customerLinks.revokedAt, before)))
    .returning({ id: customerLinks.id });
  return deleted.length;
}
