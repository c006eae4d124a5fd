import type { SessionUser } from '@erepare/shared/schemas/auth';
import { messages } from '@erepare/shared/messages';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { assertUnderRateLimit, hitRateLimit } from '../../lib/rate-limit.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import { isTrustedDevice, trustDevice } from './devices.js';
import { createLoginChallenge, isTwoFactorEnabled, staffEnrolmentRequired, type LoginChallenge } from './two-factor-store.js';
import {
  countAdmins,
  findSessionWithUser,
  findUserByEmail,
  insertSession,
  insertUser,
  revokeAllSessionsOfUser,
  revokeSession,
  revokeSessionByTokenHash,
  setUserRole,
  touchSession,
  type UserRecord,
} from './repository.js';

export const SESSION_COOKIE = 'erepare_session';
/** "Remember me": a persistent session with a fixed expiry. */
export const PERSISTENT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Without "remember me": a browser-session cookie, and on the server a sliding 24 h idle limit. */
export const BROWSER_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** Session activity is written at most this often, so a page full of API calls costs one write. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Only failed attempts count, so nobody is ever blocked by their own successful logins. A browser
 * that has shown it knows the password (device cookie, devices.ts) has its own allowance: 10
 * failures per 15 minutes. Any other browser: 10 per account from one client, 50 per client
 * (credential stuffing), and 100 per account from anywhere (a distributed guess). That last one
 * can be filled by strangers, but it then locks out only browsers the account has never used: the
 * owner's usual browser still signs in, and a reset link (mailed) makes a new browser trusted.
 * Clients are keyed by `request.client` (IPv6 by /64).
 */
const FIFTEEN_MINUTES = 15 * 60 * 1000;
type LoginRule = { name: string; limit: number; windowMs: number; key: (email: string, client: string, device: string) => string };
export const TRUSTED_LOGIN_LIMITS: readonly LoginRule[] = [
  { name: 'login-device', limit: 10, windowMs: FIFTEEN_MINUTES, key: (email, _client, device) => `${email}|${device}` },
];
export const LOGIN_FAILURE_LIMITS: readonly LoginRule[] = [
  { name: 'login-email-ip', limit: 10, windowMs: FIFTEEN_MINUTES, key: (email, client) => `${email}|${client}` },
  { name: 'login-ip', limit: 50, windowMs: FIFTEEN_MINUTES, key: (_email, client) => client },
  { name: 'login-email', limit: 100, windowMs: FIFTEEN_MINUTES, key: (email) => email },
];

export type RequestContext = { ip: string; client: string; userAgent: string | undefined };

export type AuthenticatedSession = {
  sessionId: number;
  user: SessionUser;
  persistent: boolean;
  expiresAt: Date;
  /**
   * A staff account without a second factor while the team rule requires one (issue 23 §5): the
   * session may only enrol; requireAdmin refuses everything else and it has no staff powers.
   */
  twoFactorEnrolmentRequired: boolean;
};

export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    repairdesk_customer_id: user.repairCustomerId,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    address: user.address,
    city: user.city,
    postal_code: user.postalCode,
    email_verified: user.emailVerifiedAt !== null,
  };
}

export type LoginResult = {
  token: string;
  user: SessionUser;
  persistent: boolean;
  expiresAt: Date;
};

/**
 * A login's outcome: a session, or, for a staff account with a second factor, no session yet but a
 * pending sign-in that the code finishes (two-factor.ts): a stolen password alone opens nothing.
 */
export type LoginOutcome =
  | ({ kind: 'session'; deviceToken: string } & LoginResult)
  | ({ kind: 'second-factor' } & LoginChallenge);

export async function login(
  db: Db,
  input: { email: string; password: string; rememberMe: boolean; deviceFingerprint?: string | undefined },
  context: RequestContext,
  /** The session this browser held before, replaced by the new one. */
  previousToken?: string,
  /** This browser's device cookie, if any (devices.ts). */
  deviceToken?: string,
): Promise<LoginOutcome> {
  const user = await findUserByEmail(db, input.email);
  const trusted = user !== undefined && (await isTrustedDevice(db, deviceToken, user.id));
  const rules = trusted ? TRUSTED_LOGIN_LIMITS : LOGIN_FAILURE_LIMITS;
  const device = trusted && deviceToken ? hashToken(deviceToken) : '';
  for (const rule of rules) {
    await assertUnderRateLimit(db, rule, rule.key(input.email, context.client, device), messages.auth.tooManyAttempts);
  }

  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    for (const rule of rules) {
      // Over a limit now: this attempt still gets the same 401; the next one gets the 429.
      await hitRateLimit(db, rule, rule.key(input.email, context.client, device)).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    }
    throw new AppError('INVALID_CREDENTIALS', 401, messages.auth.invalidCredentials);
  }
  if (user.disabledAt) {
    throw new AppError('ACCOUNT_DISABLED', 403, messages.auth.accountDisabled);
  }

  if (user.role === 'admin' && (await isTwoFactorEnabled(db, user.id))) {
    // The browser is trusted (devices.ts) only once the second step is done too.
    const challenge = await createLoginChallenge(db, user.id, { rememberMe: input.rememberMe, deviceFingerprint: input.deviceFingerprint });
    return { kind: 'second-factor', ...challenge };
  }

  const session = await openSession(db, user, { rememberMe: input.rememberMe, deviceFingerprint: input.deviceFingerprint }, context, previousToken);
  return { kind: 'session', ...session, deviceToken: await trustDevice(db, deviceToken, user.id) };
}

/** A new session for `user` (after a login or a registration); the browser's previous one is revoked. */
export async function openSession(
  db: Db,
  user: UserRecord,
  options: { rememberMe: boolean; deviceFingerprint?: string | undefined },
  context: RequestContext,
  previousToken?: string,
): Promise<LoginResult> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + (options.rememberMe ? PERSISTENT_SESSION_TTL_MS : BROWSER_SESSION_IDLE_MS));
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    persistent: options.rememberMe,
    expiresAt,
    deviceFingerprint: options.deviceFingerprint ?? null,
    userAgent: context.userAgent?.slice(0, 512) ?? null,
    ip: context.ip,
  });
  if (previousToken) await revokeSessionByTokenHash(db, hashToken(previousToken));
  return { token, user: toSessionUser(user), persistent: options.rememberMe, expiresAt };
}

export type SessionCheck =
  | { ok: true; session: AuthenticatedSession }
  | { ok: false; reason: 'missing' | 'expired' };

/** Resolves a presented token to a live session (sliding the idle limit of browser sessions). */
export async function resolveSession(db: Db, token: string | undefined, deviceFingerprint?: string): Promise<SessionCheck> {
  if (!token) return { ok: false, reason: 'missing' };
  // Tokens we issue are 43 characters; anything else cannot match and is not worth a query.
  if (token.length < 20 || token.length > 200) return { ok: false, reason: 'expired' };
  const found = await findSessionWithUser(db, hashToken(token));
  const now = new Date();
  if (!found || found.session.revokedAt || found.session.expiresAt <= now || found.user.disabledAt) {
    return { ok: false, reason: 'expired' };
  }
  const { session, user } = found;
  let expiresAt = session.expiresAt;
  const fingerprintChanged = deviceFingerprint !== undefined && deviceFingerprint !== session.deviceFingerprint;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS || fingerprintChanged) {
    if (!session.persistent) expiresAt = new Date(now.getTime() + BROWSER_SESSION_IDLE_MS);
    await touchSession(db, session.id, {
      lastSeenAt: now,
      expiresAt,
      ...(deviceFingerprint !== undefined ? { deviceFingerprint } : {}),
    });
  }
  const twoFactorEnrolmentRequired = user.role === 'admin' && (await staffEnrolmentRequired(db, user.id));
  return {
    ok: true,
    session: { sessionId: session.id, user: toSessionUser(user), persistent: session.persistent, expiresAt, twoFactorEnrolmentRequired },
  };
}

export async function logout(db: Db, session: AuthenticatedSession, allDevices: boolean): Promise<void> {
  if (allDevices) {
    await revokeAllSessionsOfUser(db, session.user.id);
  } else {
    await revokeSession(db, session.sessionId);
  }
}

export type AdminBootstrap =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | undefined };

const DEFAULT_ADMIN_EMAIL = 'admin@erepare.example';

/**
 * Creates the first admin when the installation has none: from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * with a generated password that the caller prints once. Never touches an existing admin.
 */
export async function ensureFirstAdmin(
  db: Db,
  admin: { email: string; password: string | undefined } | null,
): Promise<AdminBootstrap> {
  if ((await countAdmins(db)) > 0) return { created: false };
  const email = admin?.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = admin?.password ? undefined : generateToken().slice(0, 20);
  const password = admin?.password ?? generatedPassword ?? '';
  const passwordHash = await hashPassword(password);
  // Several instances starting together on one PostgreSQL: only one creates the admin.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(724032)`);
    if ((await countAdmins(tx)) > 0) return { created: false };
    await upsertAdmin(tx, email, passwordHash);
    return { created: true, email, generatedPassword };
  });
}

/** Used by the first start and by `npm run admin:create`. */
export async function createOrPromoteAdmin(db: Db, email: string, password: string): Promise<'created' | 'promoted'> {
  return upsertAdmin(db, email, await hashPassword(password));
}

async function upsertAdmin(db: Executor, email: string, passwordHash: string): Promise<'created' | 'promoted'> {
  const normalised = email.trim().toLowerCase();
  const existing = await findUserByEmail(db, normalised);
  if (existing) {
    await setUserRole(db, existing.id, 'admin', passwordHash);
    return 'promoted';
  }
  await insertUser(db, {
    email: normalised,
    passwordHash,
    role: 'admin',
    firstName: 'Administrateur',
    // The admin's address is the installer's own choice: consider it proven.
    emailVerifiedAt: new Date(),
  });
  return 'created';
}
