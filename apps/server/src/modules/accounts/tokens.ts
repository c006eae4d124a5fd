import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authTokens } from '../../db/schema.js';
import { generateToken, hashToken } from '../../lib/tokens.js';

export type TokenKind = 'password_reset' | 'email_verification' | 'email_change';

/**
 * Password-reset links live 1 hour (issue 4); verification links 48 hours (time to find the mail),
 * and so does the link that proves a new address.
 */
export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 48 * 60 * 60 * 1000,
  email_change: 48 * 60 * 60 * 1000,
};

/** What a live token proves: this address, for this account (DESIGN.md §4). */
export type TokenClaim = { userId: number; email: string };

/**
 * Issues a single-use token bound to the account and to the address it is mailed to (only its
 * SHA-256 is stored); earlier unused tokens of the same kind for the user stop working, so only
 * the latest e-mail's link is valid.
 */
export async function issueToken(db: Executor, claim: TokenClaim, kind: TokenKind, now = new Date()): Promise<string> {
  const token = generateToken();
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, claim.userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values({
    userId: claim.userId,
    email: claim.email,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
  });
  return token;
}

/** Voids every outstanding token of the account, whatever its kind (the address changed or is changing). */
export async function voidTokens(db: Executor, userId: number, now = new Date()): Promise<void> {
  await db.update(authTokens).set({ usedAt: now }).where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}

const live = (token: string, kind: TokenKind, now: Date) =>
  and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now));

/** The live token's claim, without spending it; null when unknown, used, expired or unbound. */
export async function peekToken(db: Executor, token: string, kind: TokenKind): Promise<TokenClaim | null> {
  const [row] = await db
    .select({ userId: authTokens.userId, email: authTokens.email })
    .from(authTokens)
    .where(live(token, kind, new Date()));
  return row?.email ? { userId: row.userId, email: row.email } : null;
}

/**
 * The claim of a token already spent (its link opened before, or replaced by a newer one), for the
 * « already done » answer only: it proves nothing and opens nothing. Null when unknown or unused.
 */
export async function spentTokenClaim(db: Executor, token: string, kind: TokenKind): Promise<TokenClaim | null> {
  const [row] = await db
    .select({ userId: authTokens.userId, email: authTokens.email })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNotNull(authTokens.usedAt)));
  return row?.email ? { userId: row.userId, email: row.email } : null;
}

/**
 * Spends the token: exactly one caller wins (a conditional update), even with two requests at
 * once. Returns its claim, or null when unknown, used, expired or unbound.
 */
export async function spendToken(db: Executor, token: string, kind: TokenKind): Promise<TokenClaim | null> {
  const now = new Date();
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(live(token, kind, now))
    .returning({ userId: authTokens.userId, email: authTokens.email });
  return row?.email ? { userId: row.userId, email: row.email } : null;
}
