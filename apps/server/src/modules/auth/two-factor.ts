import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { normaliseRecoveryCode, twoFactorMessages as m, type StaffTwoFactorStatus, type TwoFactorSetup, type TwoFactorStatus } from '@erepare/shared/schemas/two-factor';
import type { Db, Executor } from '../../db/client.js';
import { appMeta, loginChallenges, twoFactorRecoveryCodes, users, userTwoFactor } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { assertUnderRateLimit, hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken } from '../../lib/tokens.js';
import { recordAudit, type AuditActor } from '../admin/audit.js';
import { getSiteSettings } from '../settings/service.js';
import { findUserById, revokeAllSessionsOfUser, revokeOtherSessionsOfUser, type UserRecord } from './repository.js';
import { openSession, type AuthenticatedSession, type LoginResult, type RequestContext } from './service.js';
import { isTwoFactorEnabled, staffTwoFactorStatus, TWO_FACTOR_POLICY_KEY, twoFactorPolicy } from './two-factor-store.js';

/**
 * Staff two-factor sign-in (issue 23 §5): TOTP (RFC 6238: SHA-1, 6 digits, 30 s, the settings every
 * authenticator app reads from a QR code) and 10 single-use recovery codes.
 *
 * - The secret is drawn here (160 bits, RFC 4226 §4), shown once at enrolment (QR code drawn by
 *   this server, never by a third party) and never returned again.
 * - A code is accepted one step either side of now (clock drift), and only for a time step later
 *   than the last one accepted: the same code never works twice (RFC 6238 §5.2).
 * - Recovery codes are stored as argon2id hashes (40 bits each: a fast hash would fall to an
 *   offline search), each spent once.
 * - Wrong codes count per client and per account (lib/rate-limit.ts, failures only), and a pending
 *   sign-in dies after 5 of them: the password is then needed again.
 * - Everything is written to the audit log.
 */

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** Wrong codes a pending sign-in survives; then the password must be typed again. */
export const CHALLENGE_MAX_FAILURES = 5;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
/**
 * Failed second steps. Only someone who knows the password gets here, so a per-account limit keeps
 * out no stranger: with the 50 a day, guessing a 6-digit code (3 valid out of a million at any
 * moment) would take on average over 18 years.
 */
export const SECOND_FACTOR_LIMITS = {
  client: { name: '2fa-ip', limit: 20, windowMs: FIFTEEN_MINUTES },
  account: { name: '2fa-user', limit: 10, windowMs: FIFTEEN_MINUTES },
  accountDay: { name: '2fa-user-day', limit: 50, windowMs: DAY },
} satisfies Record<string, RateLimitRule>;
/** Wrong codes (or password) while managing one's own second factor, signed in. */
const MANAGE_LIMIT: RateLimitRule = { name: '2fa-manage', limit: 10, windowMs: FIFTEEN_MINUTES };
/** Enrolments started (each draws a secret and a QR code). */
const SETUP_LIMIT: RateLimitRule = { name: '2fa-setup', limit: 20, windowMs: 60 * 60 * 1000 };

type TwoFactorRow = typeof userTwoFactor.$inferSelect;

function actorOf(user: Pick<UserRecord, 'id' | 'email'>): AuditActor {
  return { user: { id: user.id, email: user.email } };
}

async function twoFactorRow(db: Executor, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row;
}

function activeSecret(row: TwoFactorRow | undefined): string | null {
  return row?.enabledAt && row.secret ? row.secret : null;
}

/** The time step a code belongs to (one step either side of now), or null for a wrong code. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

/** The current code of a secret (tests and the e2e compute it the same way an app does). */
export function totpCode(secret: string, now = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS, timestamp: now });
}

/** Accepts a TOTP code once: its step must be later than the last step accepted for the account. */
async function spendTotp(tx: Executor, userId: number, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step === null) return false;
  const updated = await tx
    .update(userTwoFactor)
    .set({ lastUsedStep: step, updatedAt: new Date() })
    .where(and(eq(userTwoFactor.userId, userId), sql`(${userTwoFactor.lastUsedStep} is null or ${userTwoFactor.lastUsedStep} < ${step})`))
    .returning({ userId: userTwoFactor.userId });
  return updated.length > 0;
}

function isTotpShape(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** Spends one of the account's unused recovery codes if `code` is one; returns how many are left, or null. */
async function spendRecoveryCode(tx: Executor, userId: number, code: string): Promise<number | null> {
  const normalised = normaliseRecoveryCode(code);
  if (!/^[a-z2-7]{8}$/.test(normalised)) return null;
  const unused = await tx
    .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  for (const candidate of unused) {
    if (!(await verifyPassword(candidate.codeHash, normalised))) continue;
    const spent = await tx
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(twoFactorRecoveryCodes.id, candidate.id), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ id: twoFactorRecoveryCodes.id });
    return spent.length > 0 ? unused.length - 1 : null;
  }
  return null;
}

async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.count ?? 0);
}

/** Ten fresh codes, `abcd-efgh`, and their hashes (drawn before any transaction: hashing takes a moment). */
async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  const hashes = await Promise.all(codes.map((code) => hashPassword(normaliseRecoveryCode(code))));
  return { codes, hashes };
}

async function replaceRecoveryCodes(tx: Executor, userId: number, hashes: string[]): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Counts a failure without turning this answer into a 429 (the next request gets it). */
async function countFailure(db: Executor, rule: RateLimitRule, key: string): Promise<void> {
  await hitRateLimit(db, rule, key).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
  });
}

function invalidCode(): AppError {
  return new AppError('TWO_FACTOR_INVALID', 401, m.invalidCode);
}

function restart(): AppError {
  return new AppError('TWO_FACTOR_RESTART', 401, m.restart);
}

// ───────────────────────── sign-in, second step ─────────────────────────

export type SecondStepResult = LoginResult & { userId: number };

/**
 * Finishes a sign-in whose password was right: the pending token of the answer, the browser's
 * binding cookie and a code (TOTP or recovery). Opens the session, once.
 */
export async function completeSecondFactor(
  db: Db,
  input: { pendingToken: string; code: string },
  browserToken: string | undefined,
  context: RequestContext,
  previousToken?: string,
): Promise<SecondStepResult> {
  const limits = SECOND_FACTOR_LIMITS;
  await assertUnderRateLimit(db, limits.client, context.client, m.tooManyAttempts);
  const tokenHash = hashToken(input.pendingToken);
  const [pending] = await db.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash)).limit(1);
  const boundHere =
    pending !== undefined && browserToken !== undefined && timingSafeEqual(Buffer.from(hashToken(browserToken)), Buffer.from(pending.browserHash));
  if (!pending || !boundHere || pending.usedAt || pending.expiresAt.getTime() <= Date.now()) {
    await countFailure(db, limits.client, context.client);
    throw restart();
  }
  const accountKey = String(pending.userId);
  await assertUnderRateLimit(db, limits.account, accountKey, m.tooManyAttempts);
  await assertUnderRateLimit(db, limits.accountDay, accountKey, m.tooManyAttempts);
  const user = await findUserById(db, pending.userId);
  if (!user || user.disabledAt || user.role !== 'admin') throw restart();
  const method = isTotpShape(input.code) ? ('totp' as const) : ('recovery' as const);

  type Outcome = { ok: true; left: number | null } | { ok: false; exhausted: boolean } | { ok: false; gone: true };
  // The pending sign-in is locked while its code is checked: two requests with it are served one
  // after the other, so it opens one session at most.
  const outcome: Outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(loginChallenges).where(eq(loginChallenges.id, pending.id)).for('update');
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return { ok: false, gone: true };
    const secret = activeSecret(await twoFactorRow(tx, user.id));
    // Reset by another admin meanwhile: the password alone now opens the session, from the start.
    if (!secret) return { ok: false, gone: true };
    let left: number | null = null;
    let valid: boolean;
    if (method === 'totp') {
      valid = await spendTotp(tx, user.id, secret, input.code);
    } else {
      left = await spendRecoveryCode(tx, user.id, input.code);
      valid = left !== null;
    }
    if (!valid) {
      const failures = row.failedAttempts + 1;
      const exhausted = failures >= CHALLENGE_MAX_FAILURES;
      await tx
        .update(loginChallenges)
        .set({ failedAttempts: failures, ...(exhausted ? { usedAt: new Date() } : {}) })
        .where(eq(loginChallenges.id, row.id));
      await recordAudit(tx, actorOf(user), { action: 'two_factor.login_failed', entity: 'user', entityId: user.id, after: { method, attempt: failures, ip: context.ip } });
      return { ok: false, exhausted };
    }
    await tx.update(loginChallenges).set({ usedAt: new Date() }).where(eq(loginChallenges.id, row.id));
    await recordAudit(tx, actorOf(user), { action: 'two_factor.login', entity: 'user', entityId: user.id, after: { method, ip: context.ip } });
    if (method === 'recovery') {
      await recordAudit(tx, actorOf(user), { action: 'two_factor.recovery_used', entity: 'user', entityId: user.id, after: { recoveryCodesLeft: left } });
    }
    return { ok: true, left };
  });

  if (!outcome.ok) {
    if ('gone' in outcome) throw restart();
    await countFailure(db, limits.client, context.client);
    await countFailure(db, limits.account, accountKey);
    await countFailure(db, limits.accountDay, accountKey);
    throw outcome.exhausted ? restart() : invalidCode();
  }
  const session = await openSession(db, user, { rememberMe: pending.rememberMe, deviceFingerprint: pending.deviceFingerprint ?? undefined }, context, previousToken);
  return { ...session, userId: user.id };
}

// ───────────────────────── own account ─────────────────────────

export async function twoFactorStatus(db: Db, session: AuthenticatedSession): Promise<TwoFactorStatus> {
  const row = await twoFactorRow(db, session.user.id);
  const enabled = activeSecret(row) !== null;
  const required = await twoFactorPolicy(db);
  return {
    enabled,
    enabledAt: enabled && row?.enabledAt ? row.enabledAt.toISOString() : null,
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, session.user.id) : 0,
    required,
    enrolmentRequired: required && !enabled,
  };
}

/**
 * Draws a new secret, kept pending until a code from the app confirms it (the one in use, if any,
 * keeps working until then: this is also how a new phone replaces the old one).
 */
export async function startSetup(db: Db, session: AuthenticatedSession): Promise<TwoFactorSetup> {
  await hitRateLimit(db, SETUP_LIMIT, String(session.user.id), m.tooManyAttempts);
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(userTwoFactor)
    .values({ userId: session.user.id, pendingSecret: secret })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingSecret: secret, updatedAt: new Date() } });
  const issuer = (await getSiteSettings(db)).title.trim() || 'E.repare';
  const uri = new TOTP({ issuer, label: session.user.email, secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS, algorithm: 'SHA1' }).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return { secret, uri, qrSvg };
}

async function manageFailure(db: Db, userId: number, message: string): Promise<never> {
  await countFailure(db, MANAGE_LIMIT, String(userId));
  throw new AppError('TWO_FACTOR_INVALID', 400, message);
}

/** Confirms the pending secret with a code from the app: it becomes the one in use; 10 new recovery codes (shown once). */
export async function confirmSetup(db: Db, session: AuthenticatedSession, code: string): Promise<string[]> {
  const userId = session.user.id;
  await assertUnderRateLimit(db, MANAGE_LIMIT, String(userId), m.tooManyAttempts);
  const row = await twoFactorRow(db, userId);
  if (!row?.pendingSecret) throw new AppError('TWO_FACTOR_NO_SETUP', 409, m.noSetup);
  const step = totpStep(row.pendingSecret, code);
  if (step === null) return manageFailure(db, userId, m.invalidCode);
  const { codes, hashes } = await newRecoveryCodes();
  const replaced = activeSecret(row) !== null;
  const done = await db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(userTwoFactor)
      .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: now, lastUsedStep: step, updatedAt: now })
      // The secret confirmed must still be the pending one (not replaced by another setup meanwhile).
      .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.pendingSecret, row.pendingSecret ?? '')))
      .returning({ userId: userTwoFactor.userId });
    if (!updated) return false;
    await replaceRecoveryCodes(tx, userId, hashes);
    // Sessions opened with the password alone (before this) end; this one stays.
    await revokeOtherSessionsOfUser(tx, userId, session.sessionId);
    await recordAudit(tx, session, { action: 'two_factor.enable', entity: 'user', entityId: userId, after: { enabled: true, replaced } });
    return true;
  });
  if (!done) throw new AppError('TWO_FACTOR_NO_SETUP', 409, m.noSetup);
  return codes;
}

/** New recovery codes for the current code of the app; the old ones stop working. */
export async function regenerateRecoveryCodes(db: Db, session: AuthenticatedSession, code: string): Promise<string[]> {
  const userId = session.user.id;
  await assertUnderRateLimit(db, MANAGE_LIMIT, String(userId), m.tooManyAttempts);
  const secret = activeSecret(await twoFactorRow(db, userId));
  if (!secret) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409, m.notEnabled);
  const { codes, hashes } = await newRecoveryCodes();
  const ok = await db.transaction(async (tx) => {
    if (!(await spendTotp(tx, userId, secret, code))) return false;
    await replaceRecoveryCodes(tx, userId, hashes);
    await recordAudit(tx, session, { action: 'two_factor.recovery_regenerated', entity: 'user', entityId: userId, after: { recoveryCodes: RECOVERY_CODE_COUNT } });
    return true;
  });
  if (!ok) return manageFailure(db, userId, m.invalidCode);
  return codes;
}

async function removeTwoFactor(tx: Executor, userId: number): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/** Turns the second factor off: the password and a code (or a recovery code); never while the team rule is on. */
export async function disableTwoFactor(db: Db, session: AuthenticatedSession, input: { password: string; code: string }): Promise<void> {
  const userId = session.user.id;
  if (await twoFactorPolicy(db)) throw new AppError('TWO_FACTOR_REQUIRED', 409, m.requiredCannotDisable);
  await assertUnderRateLimit(db, MANAGE_LIMIT, String(userId), m.tooManyAttempts);
  const user = await findUserById(db, userId);
  const secret = activeSecret(await twoFactorRow(db, userId));
  if (!user || !secret) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409, m.notEnabled);
  if (!(await verifyPassword(user.passwordHash, input.password))) return manageFailure(db, userId, m.wrongPassword);
  const ok = await db.transaction(async (tx) => {
    const valid = isTotpShape(input.code) ? await spendTotp(tx, userId, secret, input.code) : (await spendRecoveryCode(tx, userId, input.code)) !== null;
    if (!valid) return false;
    await removeTwoFactor(tx, userId);
    await recordAudit(tx, session, { action: 'two_factor.disable', entity: 'user', entityId: userId, before: { enabled: true }, after: { enabled: false } });
    return true;
  });
  if (!ok) return manageFailure(db, userId, m.invalidCode);
}

// ───────────────────────── the team ─────────────────────────

export { staffTwoFactorStatus };

/** The team rule; turning it on needs the second factor on one's own account first. */
export async function setTwoFactorPolicy(db: Db, admin: AuthenticatedSession, required: boolean): Promise<StaffTwoFactorStatus> {
  if (required && !(await isTwoFactorEnabled(db, admin.user.id))) throw new AppError('TWO_FACTOR_SELF_FIRST', 409, m.enableYourselfFirst);
  await db.transaction(async (tx) => {
    const before = await twoFactorPolicy(tx);
    await tx
      .insert(appMeta)
      .values({ key: TWO_FACTOR_POLICY_KEY, value: { required } })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: { required }, updatedAt: new Date() } });
    if (before !== required) {
      await recordAudit(tx, admin, { action: 'two_factor.policy', entity: 'settings', before: { staffTwoFactorRequired: before }, after: { staffTwoFactorRequired: required } });
    }
  });
  return staffTwoFactorStatus(db);
}

/**
 * Another admin removes a colleague's second factor (a lost phone without recovery codes): every
 * session of that account ends; it signs in with its password and enrols again (at once, when the
 * team rule is on). Never one's own (that is « Désactiver », which asks for a code).
 */
export async function resetTwoFactor(db: Db, admin: AuthenticatedSession, userId: number): Promise<string> {
  if (userId === admin.user.id) throw new AppError('TWO_FACTOR_RESET_SELF', 409, m.resetSelf);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!target) throw new AppError('USER_NOT_FOUND', 404, m.userNotFound);
    if (!activeSecret(await twoFactorRow(tx, userId))) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409, m.notEnabled);
    await removeTwoFactor(tx, userId);
    const sessions = await revokeAllSessionsOfUser(tx, userId);
    await recordAudit(tx, admin, { action: 'two_factor.reset', entity: 'user', entityId: userId, before: { email: target.email, enabled: true }, after: { enabled: false, sessionsClosed: sessions } });
    return target.email;
  });
}

/**
 * `npm run admin:create -- --email … --reset-two-factor`, on the server itself: the last admin who
 * lost both the phone and the recovery codes. Removes the second factor and ends every session.
 */
export async function resetTwoFactorByOperator(db: Db, email: string): Promise<boolean> {
  const normalised = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, normalised)).limit(1).for('update');
    if (!target) return false;
    const had = activeSecret(await twoFactorRow(tx, target.id)) !== null;
    await removeTwoFactor(tx, target.id);
    await revokeAllSessionsOfUser(tx, target.id);
    if (had) {
      await recordAudit(tx, { user: { id: null, email: 'npm run admin:create' } }, { action: 'two_factor.reset', entity: 'user', entityId: target.id, before: { email: target.email, enabled: true }, after: { enabled: false } });
    }
    return had;
  });
}
