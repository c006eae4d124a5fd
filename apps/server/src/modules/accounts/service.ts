import { messages } from '@erepare/shared/messages';
import {
  accountMessages,
  type AvailabilityResponse,
  type Profile,
  type ProfileUpdate,
} from '@erepare/shared/schemas/account';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { CustomerRecord, RepairBackend } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { findUserByEmail, findUserById, insertUser, revokeAllSessionsOfUser, revokeOtherSessionsOfUser, type UserRecord } from '../auth/repository.js';
import { openSession, toSessionUser, type LoginResult, type RequestContext } from '../auth/service.js';
import { isTwoFactorEnabled } from '../auth/two-factor-store.js';
import { linkVerifiedUser } from '../repair/linking.js';
import { toCustomer } from '../repair/views.js';
import { issueToken, peekToken, spendToken, spentTokenClaim, voidTokens, type TokenClaim, type TokenKind } from './tokens.js';

/** The e-mails an account sends; each one is queued in the outbox (mail module). */
export type AccountMailer = {
  verification: (db: Db, user: UserRecord, token: string) => Promise<void>;
  passwordReset: (db: Db, user: UserRecord, token: string) => Promise<void>;
  /** The link proving `newEmail`, mailed to it. */
  emailChange: (db: Db, user: UserRecord, newEmail: string, token: string) => Promise<void>;
  /** The notice to the account's current address that a change was asked for. */
  emailChangeNotice: (db: Db, user: UserRecord, newEmail: string) => Promise<void>;
  accountCreated: (db: Db, user: UserRecord) => Promise<void>;
  signupNotice: (db: Db, user: UserRecord) => Promise<void>;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Rate limits (French 429): per IP for everything, per address for what sends mail to it. */
export const ACCOUNT_LIMITS = {
  registerIp: { name: 'register-ip', limit: 10, windowMs: HOUR },
  checkEmailIp: { name: 'check-email-ip', limit: 60, windowMs: 15 * MINUTE },
  forgotIp: { name: 'forgot-ip', limit: 10, windowMs: HOUR },
  forgotEmail: { name: 'forgot-email', limit: 5, windowMs: HOUR },
  resendIp: { name: 'resend-ip', limit: 10, windowMs: HOUR },
  resendEmail: { name: 'resend-email', limit: 5, windowMs: HOUR },
  signupMailIp: { name: 'signup-mail-ip', limit: 10, windowMs: HOUR },
  tokenIp: { name: 'token-ip', limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

function limit(db: Db, rule: RateLimitRule, key: string): Promise<void> {
  return hitRateLimit(db, rule, key, accountMessages.tooManyRequests);
}

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', 409, accountMessages.emailTaken);
}

// ───────────────── Registration and e-mail checks ─────────────────

export type RegisterInput = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postal_code: string;
  password: string;
  email_opt_in: boolean;
  sms_opt_in: boolean;
  rememberMe: boolean;
};

/**
 * Creates the account (customer role, address not yet verified, not linked) and signs it in; the
 * verification e-mail is queued. Nothing of an existing repair customer is read or linked here:
 * that happens only once the address is proven (verifyEmail).
 */
export async function register(
  db: Db,
  mailer: AccountMailer,
  input: RegisterInput,
  context: RequestContext,
  previousToken?: string,
): Promise<LoginResult & { mailQueued: boolean }> {
  await limit(db, ACCOUNT_LIMITS.registerIp, context.client);
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  let user: UserRecord;
  try {
    user = await insertUser(db, {
      email: input.email,
      passwordHash,
      role: 'customer',
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      address: input.address,
      city: input.city,
      postalCode: input.postal_code,
      emailOptIn: input.email_opt_in,
      smsOptIn: input.sms_opt_in,
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (await findUserByEmail(db, input.email)) throw emailTaken();
    throw error;
  }
  const session = await openSession(db, user, { rememberMe: input.rememberMe }, context, previousToken);
  let mailQueued = true;
  try {
    await mailer.verification(db, user, await issueToken(db, { userId: user.id, email: user.email }, 'email_verification'));
  } catch {
    mailQueued = false;
  }
  return { ...session, mailQueued };
}

/** POST /api/mysql-auth/check-email: does an account use this address? */
export async function emailHasAccount(db: Db, email: string, client: string): Promise<boolean> {
  await limit(db, ACCOUNT_LIMITS.checkEmailIp, client);
  return (await findUserByEmail(db, email)) !== undefined;
}

/**
 * Spec 1 §3-§5, without its store-customer outcome: an anonymous caller learns only whether an
 * online account uses the address (which the login reveals anyway), never whether the shop knows
 * it (DESIGN.md §4). The store's record fills the profile once the address is proven (linking).
 */
export async function emailAvailability(db: Db, email: string, client: string): Promise<AvailabilityResponse> {
  await limit(db, ACCOUNT_LIMITS.checkEmailIp, client);
  if (await findUserByEmail(db, email)) {
    return {
      success: true,
      available: false,
      recommendedAction: 'login_existing',
      message: accountMessages.emailTaken,
      accountData: { email },
      repairDeskData: null,
    };
  }
  return { success: true, available: true, recommendedAction: 'create_new', message: accountMessages.emailAvailable, accountData: null, repairDeskData: null };
}

/**
 * POST /api/email/signup: the shop's notice and the customer's confirmation, for the account of
 * the session only (never an address from the body), once per account.
 */
export async function sendSignupMails(db: Db, mailer: AccountMailer, userId: number, client: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.signupMailIp, client);
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_LOGGED_IN', 401, messages.auth.notLoggedIn);
  await mailer.signupNotice(db, user);
  await mailer.accountCreated(db, user);
}

// ───────────────── Proof of an address ─────────────────

export type ProofInput = {
  token: string;
  /** Chosen by the person proving the address, when the proof asks for it. */
  password?: string | undefined;
  /** The account of the session this browser presented, if any. */
  sessionUserId: number | null;
};

export type ProofResult = {
  /** Set when a password was chosen: every earlier session ended and this browser is signed in. */
  session: LoginResult | null;
  email: string;
  kind: TokenKind;
  /** The link had been used already and the address it proves is the account's, verified: nothing was done. */
  alreadyProven?: boolean;
};

/**
 * A link opened a second time (issue 22 §4.3): when it proved this very address and the account
 * still has it, verified, the customer is told so instead of « lien invalide ». Nothing changes and
 * no session opens: the answer only repeats what the first opening did.
 */
async function alreadyProven(db: Db, token: string): Promise<ProofResult | null> {
  for (const kind of ['email_verification', 'email_change'] as const) {
    const claim = await spentTokenClaim(db, token, kind);
    if (!claim) continue;
    const user = await findUserById(db, claim.userId);
    if (user && !user.disabledAt && user.emailVerifiedAt && user.email === claim.email) return { session: null, email: user.email, kind, alreadyProven: true };
    return null;
  }
  return null;
}

function tokenInvalid(): AppError {
  return new AppError('TOKEN_INVALID', 400, accountMessages.tokenInvalid);
}

/** The live proof token (verification or new address) and the account it proves the address for. */
async function proofClaim(db: Db, token: string): Promise<{ claim: TokenClaim; kind: TokenKind; user: UserRecord }> {
  for (const kind of ['email_verification', 'email_change'] as const) {
    const claim = await peekToken(db, token, kind);
    if (!claim) continue;
    const user = await findUserById(db, claim.userId);
    // A token proves only the address it was mailed to, and only while that address is still the
    // account's own (or the one it asked to move to): a change of address voids the rest.
    const expected = kind === 'email_change' ? user?.pendingEmail : user?.email;
    if (!user || user.disabledAt || expected !== claim.email) throw tokenInvalid();
    return { claim, kind, user };
  }
  throw tokenInvalid();
}

/**
 * Does the shop hold something under this address that the account does not already own: a store
 * customer record, or an order? Proving the address hands it over (one ownership rule), so whoever
 * set the account up before must not keep access. A store that cannot be asked counts as yes.
 */
async function addressOpensStoreData(db: Db, backend: RepairBackend, email: string, user: UserRecord): Promise<boolean> {
  let customers: CustomerRecord[];
  try {
    customers = await backend.findCustomersByEmail(email);
  } catch {
    return true;
  }
  if (customers.some((customer) => customer.id !== user.repairCustomerId)) return true;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.email, email),
        or(isNull(orders.userId), ne(orders.userId, user.id)),
        user.repairCustomerId === null ? sql`true` : or(isNull(orders.customerId), ne(orders.customerId, user.repairCustomerId)),
      ),
    )
    .limit(1);
  return order !== undefined;
}

/**
 * Uses a link that proves an address (registration or new address): the one place where an
 * address becomes proven. Nothing set before the proof keeps access unless the person proving it is
 * shown to be the one who set it: when the browser does not hold a session of this account, or when
 * the proof opens store data (a store customer or orders under that address), the prover chooses the
 * password now and every earlier session ends (DESIGN.md §4). Without the password then, the answer
 * is a 409 PASSWORD_REQUIRED and the token stays usable.
 */
export async function proveAddress(db: Db, backend: RepairBackend, input: ProofInput, context: RequestContext): Promise<ProofResult> {
  await limit(db, ACCOUNT_LIMITS.tokenIp, context.client);
  const proof = await proofClaim(db, input.token).catch(async (error: unknown) => {
    const done = error instanceof AppError && error.code === 'TOKEN_INVALID' ? await alreadyProven(db, input.token) : null;
    if (done) return done;
    throw error;
  });
  if (!('claim' in proof)) return proof;
  const { claim, kind, user } = proof;
  const needsPassword = input.sessionUserId !== user.id || (await addressOpensStoreData(db, backend, claim.email, user));
  if (needsPassword && input.password === undefined) {
    throw new AppError('PASSWORD_REQUIRED', 409, accountMessages.passwordRequiredForProof);
  }
  if (kind === 'email_change') {
    const other = await findUserByEmail(db, claim.email);
    if (other && other.id !== user.id) throw emailTaken();
  }
  const passwordHash = needsPassword && input.password !== undefined ? await hashPassword(input.password) : null;
  const proven = await db.transaction(async (tx) => {
    const spent = await spendToken(tx, input.token, kind);
    if (!spent || spent.userId !== user.id || spent.email !== claim.email) throw tokenInvalid();
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({
        email: claim.email,
        emailVerifiedAt: now,
        pendingEmail: null,
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    await voidTokens(tx, user.id, now);
    if (passwordHash) await revokeAllSessionsOfUser(tx, user.id);
    return row;
  });
  if (!proven) throw tokenInvalid();
  await linkAfterProof(db, backend, proven);
  // A staff account with a second factor never gets a session from a mailed link (issue 23 §5):
  // it signs in with its password and its code.
  const session = passwordHash && !(proven.role === 'admin' && (await isTwoFactorEnabled(db, proven.id))) ? await openSession(db, proven, { rememberMe: false }, context) : null;
  return { session, email: proven.email, kind };
}

/** Links a user whose address has just been proven; a new address also goes to their store record. */
async function linkAfterProof(db: Db, backend: RepairBackend, user: UserRecord): Promise<void> {
  const { customer } = await linkVerifiedUser(db, backend, user);
  if (user.repairCustomerId !== null && customer.email !== user.email) {
    await backend.updateCustomer(customer.id, {
      email: user.email,
      emails: [...new Set([...(customer.email ? [customer.email] : []), ...customer.emails])].filter((email) => email !== user.email),
    });
  }
}

/** Always the same neutral answer: whether an unverified account uses the address is not revealed. */
export async function resendVerification(db: Db, mailer: AccountMailer, email: string, client: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.resendIp, client);
  await limit(db, ACCOUNT_LIMITS.resendEmail, email);
  const user = await findUserByEmail(db, email);
  if (!user || user.emailVerifiedAt || user.disabledAt) return;
  await mailer.verification(db, user, await issueToken(db, { userId: user.id, email: user.email }, 'email_verification'));
}

// ───────────────── Password reset ─────────────────

/** Always the same neutral answer, whether or not the address has an account. */
export async function forgotPassword(db: Db, mailer: AccountMailer, email: string, client: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.forgotIp, client);
  await limit(db, ACCOUNT_LIMITS.forgotEmail, email);
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) return;
  await mailer.passwordReset(db, user, await issueToken(db, { userId: user.id, email: user.email }, 'password_reset'));
}

/**
 * The reset token's account, when the token was mailed to `email` and that is still the account's
 * address: the link carries the address, and a token never proves any other one.
 */
async function tokenUser(db: Db, token: string, email: string): Promise<UserRecord> {
  const claim = await peekToken(db, token, 'password_reset');
  const user = claim === null ? undefined : await findUserById(db, claim.userId);
  if (!claim || !user || user.disabledAt || claim.email !== email || user.email !== email) throw tokenInvalid();
  return user;
}

export async function checkResetToken(db: Db, token: string, email: string, client: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.tokenIp, client);
  await tokenUser(db, token, email);
}

/**
 * Sets the new password, spends the token, voids every other token and closes every session of the
 * account. Following the link mailed to the account's address proves that address, and the person
 * proving it has just chosen the password: an unverified account becomes verified and linked.
 */
export async function resetPassword(db: Db, backend: RepairBackend, token: string, email: string, password: string, client: string): Promise<number> {
  await limit(db, ACCOUNT_LIMITS.tokenIp, client);
  const user = await tokenUser(db, token, email);
  const passwordHash = await hashPassword(password);
  const updated = await db.transaction(async (tx) => {
    const spent = await spendToken(tx, token, 'password_reset');
    if (!spent || spent.userId !== user.id || spent.email !== email) throw tokenInvalid();
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, pendingEmail: null, ...(user.emailVerifiedAt === null ? { emailVerifiedAt: now } : {}) })
      // The address may have changed since the token was read: then it proves nothing.
      .where(and(eq(users.id, user.id), eq(users.email, email)))
      .returning();
    if (!row) throw tokenInvalid();
    await voidTokens(tx, user.id, now);
    await revokeAllSessionsOfUser(tx, user.id);
    return row;
  });
  if (user.emailVerifiedAt === null || user.repairCustomerId === null) {
    await linkAfterProof(db, backend, updated).catch(() => undefined);
  }
  return user.id;
}

// ───────────────── Profile ─────────────────

async function currentUser(db: Db, userId: number): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_LOGGED_IN', 401, messages.auth.notLoggedIn);
  return user;
}

async function linkedCustomer(backend: RepairBackend, user: UserRecord): Promise<CustomerRecord | null> {
  if (user.repairCustomerId === null) return null;
  return backend.getCustomer(user.repairCustomerId);
}

function toProfile(user: UserRecord, customer: CustomerRecord | null): Profile {
  const store = customer ? toCustomer(customer) : null;
  return {
    user: toSessionUser(user),
    linked: customer !== null,
    pending_email: user.pendingEmail,
    loyalty_balance: store?.loyalty_balance ?? 0,
    profile: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: store?.phone ?? '',
      mobile: user.phone,
      address1: user.address,
      address2: store?.address2 ?? '',
      city: user.city,
      postcode: user.postalCode,
      country: store?.country || 'France',
      state: store?.state ?? '',
      orgonization: store?.orgonization ?? '',
      refered_by: store?.refered_by ?? '',
      contact_person: store?.contact_person ?? '',
      email_opt_in: (store ? store.email_opt_in === 1 : user.emailOptIn) ? 1 : 0,
      sms_opt_in: (store ? store.sms_opt_in === 1 : user.smsOptIn) ? 1 : 0,
    },
  };
}

export async function getProfile(db: Db, backend: RepairBackend, userId: number): Promise<Profile> {
  const user = await currentUser(db, userId);
  // A store that cannot be reached leaves the account's own fields visible.
  const customer = await linkedCustomer(backend, user).catch(() => null);
  return toProfile(user, customer);
}

type CleanProfile = Required<{ [K in keyof Omit<ProfileUpdate, 'current_password'>]-?: Exclude<ProfileUpdate[K], undefined> }> & {
  email_opt_in: boolean;
  sms_opt_in: boolean;
  current_password?: string | undefined;
};

/**
 * Saves the profile: the account's fields, and the linked store record when there is one. A new
 * e-mail address is a guarded change (DESIGN.md §4): it needs the current password, waits as
 * `pending_email` until the link mailed to it is used (proveAddress), voids every outstanding token,
 * tells the current address, and ends the account's other sessions.
 */
export async function updateProfile(
  db: Db,
  backend: RepairBackend,
  mailer: AccountMailer,
  current: { userId: number; sessionId: number },
  input: CleanProfile,
): Promise<{ profile: Profile; verificationSent: boolean }> {
  const user = await currentUser(db, current.userId);
  const emailChanged = input.email !== user.email;
  if (emailChanged) {
    if (!input.current_password) throw new AppError('CURRENT_PASSWORD_REQUIRED', 403, accountMessages.currentPasswordRequired);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) throw new AppError('WRONG_PASSWORD', 403, accountMessages.wrongPassword);
    const other = await findUserByEmail(db, input.email);
    if (other && other.id !== user.id) throw emailTaken();
  }
  const [updated] = await db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.mobile || input.phone,
      address: input.address1,
      city: input.city,
      postalCode: input.postcode,
      emailOptIn: input.email_opt_in,
      smsOptIn: input.sms_opt_in,
      ...(emailChanged ? { pendingEmail: input.email } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new AppError('NOT_LOGGED_IN', 401, messages.auth.notLoggedIn);
  let customer: CustomerRecord | null = null;
  if (updated.repairCustomerId !== null) {
    customer = await backend.updateCustomer(updated.repairCustomerId, {
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      mobile: input.mobile,
      address1: input.address1,
      address2: input.address2,
      city: input.city,
      postcode: input.postcode,
      country: input.country,
      state: input.state,
      organization: input.orgonization,
      referredBy: input.refered_by,
      contactPerson: input.contact_person,
      emailOptIn: input.email_opt_in,
      smsOptIn: input.sms_opt_in,
    });
  }
  let verificationSent = false;
  if (emailChanged) {
    await voidTokens(db, updated.id);
    await revokeOtherSessionsOfUser(db, updated.id, current.sessionId);
    await mailer.emailChange(db, updated, input.email, await issueToken(db, { userId: updated.id, email: input.email }, 'email_change'));
    await mailer.emailChangeNotice(db, updated, input.email);
    verificationSent = true;
  }
  return { profile: toProfile(updated, customer), verificationSent };
}

function notLinked(): AppError {
  return new AppError('NOT_LINKED', 409, accountMessages.notLinked);
}

/** Pulls the store record's fields into the account (spec: "refresh from store"). */
export async function refreshFromStore(db: Db, backend: RepairBackend, userId: number): Promise<Profile> {
  const user = await currentUser(db, userId);
  const customer = await linkedCustomer(backend, user);
  if (!customer) throw notLinked();
  const [updated] = await db
    .update(users)
    .set({
      firstName: customer.firstName || user.firstName,
      lastName: customer.lastName || user.lastName,
      phone: customer.mobile || customer.phone || user.phone,
      address: customer.address1 || user.address,
      city: customer.city || user.city,
      postalCode: customer.postcode || user.postalCode,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return toProfile(updated ?? user, customer);
}

/** Pushes the account's fields to the store record (spec: "sync to store"); refused when not linked. */
export async function syncToStore(db: Db, backend: RepairBackend, userId: number): Promise<Profile> {
  const user = await currentUser(db, userId);
  if (user.repairCustomerId === null) throw notLinked();
  const customer = await backend.updateCustomer(user.repairCustomerId, {
    firstName: user.firstName,
    lastName: user.lastName,
    mobile: user.phone,
    address1: user.address,
    city: user.city,
    postcode: user.postalCode,
  });
  if (!customer) throw notLinked();
  return toProfile(user, customer);
}

// ───────────────── RGPD ─────────────────

/** Everything the site holds about the signed-in user (RGPD art. 15 and 20), as JSON. */
export async function exportData(db: Db, backend: RepairBackend, userId: number): Promise<Record<string, unknown>> {
  const user = await currentUser(db, userId);
  const customer = await linkedCustomer(backend, user).catch(() => null);
  const [tickets, invoices] = customer
    ? await Promise.all([
        backend.listTickets({ customerId: customer.id, offset: 0, limit: 5000 }).then((page) => page.items),
        backend.listInvoices({ customerId: customer.id, offset: 0, limit: 5000 }).then((page) => page.items),
      ])
    : [[], []];
  return {
    exportedAt: new Date().toISOString(),
    account: {
      ...toSessionUser(user),
      email_opt_in: user.emailOptIn,
      sms_opt_in: user.smsOptIn,
      created_at: user.createdAt.toISOString(),
      email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    },
    storeCustomer: customer ? toCustomer(customer) : null,
    tickets,
    invoices,
  };
}

/**
 * Deletes the login (RGPD art. 17) after the password is confirmed: sessions and tokens go with it
 * (cascade). The store's customer record, tickets and invoices stay (accounting obligations) and
 * are simply no longer attached to a login.
 */
export async function deleteAccount(db: Db, userId: number, password: string): Promise<void> {
  const user = await currentUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('WRONG_PASSWORD', 403, accountMessages.wrongPassword);
  if (user.role === 'admin') throw new AppError('ADMIN_DELETE', 403, 'Un compte administrateur ne se supprime pas ici\u00a0: un autre administrateur doit le retirer.');
  await db.delete(users).where(eq(users.id, user.id));
}
