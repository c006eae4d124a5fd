import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { appMeta, loginChallenges, users, userTwoFactor } from '../../db/schema.js';
import { generateToken, hashToken } from '../../lib/tokens.js';

/**
 * The stored side of staff two-factor sign-in (issue 23 §5), kept apart from the service
 * (two-factor.ts) so that the session code (service.ts) can ask it without an import cycle.
 */

/** app_meta key of the team rule « double authentification obligatoire pour l’équipe ». */
export const TWO_FACTOR_POLICY_KEY = 'staff_two_factor_required';

/** A sign-in waiting for its second step lives this long. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The browser's binding cookie of a pending sign-in (httpOnly, sent only to the second-step route). */
export const CHALLENGE_COOKIE = 'erepare_2fa';
export const CHALLENGE_COOKIE_PATH = '/api/auth/login';

export async function isTwoFactorEnabled(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), sql`${userTwoFactor.enabledAt} is not null`, sql`${userTwoFactor.secret} is not null`));
  return row !== undefined;
}

export async function twoFactorPolicy(db: Executor): Promise<boolean> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, TWO_FACTOR_POLICY_KEY)).limit(1);
  const value = row?.value as { required?: unknown } | undefined;
  return value?.required === true;
}

/**
 * Whether the team rule is on and this staff account has no second factor yet: its session may
 * then only enrol (plugins/auth.ts, requireAdmin). One query, asked for staff sessions only.
 */
export async function staffEnrolmentRequired(db: Executor, userId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select
      coalesce((select (value->>'required')::boolean from app_meta where key = ${TWO_FACTOR_POLICY_KEY}), false) as required,
      exists(select 1 from user_two_factor where user_id = ${userId} and enabled_at is not null and secret is not null) as enabled
  `);
  const row = rowsOf<{ required: boolean; enabled: boolean }>(result)[0];
  return Boolean(row?.required) && !row?.enabled;
}

/**
 * For the go-live checklist: how many admins there are, how many have a second factor, and
 * whether the team rule is on. Disabled accounts are not counted (they cannot sign in).
 */
export async function staffTwoFactorStatus(db: Executor): Promise<{ admins: number; adminsWithTotp: number; required: boolean }> {
  const [counts] = await db
    .select({
      admins: sql<number>`count(*)::int`,
      adminsWithTotp: sql<number>`count(${userTwoFactor.enabledAt})::int`,
    })
    .from(users)
    .leftJoin(userTwoFactor, and(eq(userTwoFactor.userId, users.id), sql`${userTwoFactor.secret} is not null`))
    .where(and(eq(users.role, 'admin'), sql`${users.disabledAt} is null`));
  return { admins: Number(counts?.admins ?? 0), adminsWithTotp: Number(counts?.adminsWithTotp ?? 0), required: await twoFactorPolicy(db) };
}

export type LoginChallenge = { pendingToken: string; browserToken: string; expiresAt: Date };

/**
 * A sign-in whose password was right, waiting for the code: a random token for the answer and
 * another for the browser's cookie, both stored as SHA-256 only. Expiry is decided in the
 * application's clock (tests move it).
 */
export async function createLoginChallenge(
  db: Executor,
  userId: number,
  options: { rememberMe: boolean; deviceFingerprint?: string | undefined },
): Promise<LoginChallenge> {
  const pendingToken = generateToken();
  const browserToken = generateToken();
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_TTL_MS);
  await db.insert(loginChallenges).values({
    userId,
    tokenHash: hashToken(pendingToken),
    browserHash: hashToken(browserToken),
    rememberMe: options.rememberMe,
    deviceFingerprint: options.deviceFingerprint ?? null,
    expiresAt,
  });
  return { pendingToken, browserToken, expiresAt };
}

/** Clean-up job: pending sign-ins finished or expired for a day. */
export async function purgeLoginChallenges(db: Executor): Promise<void> {
  await db.execute(sql`delete from login_challenges where expires_at < now() - interval '1 day'`);
}
