import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authTokens } from '../../db/schema.js';
import { generateToken, hashToken } from '../../lib/tokens.js';

export type TokenKind = 'password_reset' | 'email_verification';

/** Password-reset links live 1 hour (issue 4); verification links 48 hours (time to find the mail). */
export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 48 * 60 * 60 * 1000,
};

/**
 * Issues a single-use token (only its SHA-256 is stored); earlier unused tokens of the same kind
 * for the user stop working, so only the latest e-mail's link is valid.
 */
export async function issueToken(db: Db, userId: number, kind: TokenKind, now = new Date()): Promise<string> {
  const token = generateToken();
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]) });
  return token;
}

/** The live token's user id, without spending it; null when unknown, used or expired. */
export async function peekToken(db: Db, token: string, kind: TokenKind): Promise<number | null> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())));
  return row?.userId ?? null;
}

/**
 * Spends the token: exactly one caller wins (a conditional update), even with two requests at
 * once. Returns its user id, or null when unknown, used or expired.
 */
export async function spendToken(db: Db, token: string, kind: TokenKind): Promise<number | null> {
  const now = new Date();
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}
