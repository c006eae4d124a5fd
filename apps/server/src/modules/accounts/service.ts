import { messages } from '@erepare/shared/messages';
import {
  accountMessages,
  type AvailabilityResponse,
  type Profile,
  type ProfileUpdate,
} from '@erepare/shared/schemas/account';
import { eq } from 'drizzle-orm';
import type { CustomerRecord, RepairBackend } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { findUserByEmail, findUserById, insertUser, revokeAllSessionsOfUser, type UserRecord } from '../auth/repository.js';
import { openSession, toSessionUser, type LoginResult, type RequestContext } from '../auth/service.js';
import { linkVerifiedUser } from '../repair/linking.js';
import { toCustomer } from '../repair/views.js';
import { issueToken, peekToken, spendToken } from './tokens.js';

/** The e-mails an account sends; each one is queued in the outbox (mail module). */
export type AccountMailer = {
  verification: (db: Db, user: UserRecord, token: string) => Promise<void>;
  passwordReset: (db: Db, user: UserRecord, token: string) => Promise<void>;
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
  await limit(db, ACCOUNT_LIMITS.registerIp, context.ip);
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
    await mailer.verification(db, user, await issueToken(db, user.id, 'email_verification'));
  } catch {
    mailQueued = false;
  }
  return { ...session, mailQueued };
}

/** POST /api/mysql-auth/check-email: does an account use this address? */
export async function emailHasAccount(db: Db, email: string, ip: string): Promise<boolean> {
  await limit(db, ACCOUNT_LIMITS.checkEmailIp, ip);
  return (await findUserByEmail(db, email)) !== undefined;
}

/**
 * The three outcomes of spec 1 §3-§5. A failure of the repair backend counts as "available"
 * (spec: a server or network error is treated as available).
 */
export async function emailAvailability(db: Db, backend: RepairBackend, email: string, ip: string): Promise<AvailabilityResponse> {
  await limit(db, ACCOUNT_LIMITS.checkEmailIp, ip);
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
  let known: CustomerRecord | undefined;
  try {
    [known] = await backend.findCustomersByEmail(email);
  } catch {
    known = undefined;
  }
  if (known) {
    return {
      success: true,
      available: true,
      recommendedAction: 'create_with_repairdesk',
      message: accountMessages.emailKnownInStore,
      accountData: null,
      repairDeskData: {
        first_name: known.firstName,
        last_name: known.lastName ? `${known.lastName.charAt(0).toUpperCase()}.` : '',
        city: known.city,
      },
    };
  }
  return { success: true, available: true, recommendedAction: 'create_new', message: accountMessages.emailAvailable, accountData: null, repairDeskData: null };
}

/**
 * POST /api/email/signup: the shop's notice and the customer's confirmation, for the account of
 * the session only (never an address from the body), once per account.
 */
export async function sendSignupMails(db: Db, mailer: AccountMailer, userId: number, ip: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.signupMailIp, ip);
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_LOGGED_IN', 401, messages.auth.notLoggedIn);
  await mailer.signupNotice(db, user);
  await mailer.accountCreated(db, user);
}

// ───────────────── E-mail verification ─────────────────

/**
 * Spends a verification token: the address is proven, so the account is linked to the store's
 * customer with that address (or a new one). The link is never made before this point.
 */
export async function verifyEmail(db: Db, backend: RepairBackend, token: string, ip: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.tokenIp, ip);
  const userId = await spendToken(db, token, 'email_verification');
  const user = userId === null ? undefined : await findUserById(db, userId);
  if (!user) throw new AppError('TOKEN_INVALID', 400, accountMessages.tokenInvalid);
  await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
  await linkAfterProof(db, backend, user);
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
export async function resendVerification(db: Db, mailer: AccountMailer, email: string, ip: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.resendIp, ip);
  await limit(db, ACCOUNT_LIMITS.resendEmail, email);
  const user = await findUserByEmail(db, email);
  if (!user || user.emailVerifiedAt || user.disabledAt) return;
  await mailer.verification(db, user, await issueToken(db, user.id, 'email_verification'));
}

// ───────────────── Password reset ─────────────────

/** Always the same neutral answer, whether or not the address has an account. */
export async function forgotPassword(db: Db, mailer: AccountMailer, email: string, ip: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.forgotIp, ip);
  await limit(db, ACCOUNT_LIMITS.forgotEmail, email);
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) return;
  await mailer.passwordReset(db, user, await issueToken(db, user.id, 'password_reset'));
}

async function tokenUser(db: Db, token: string, email: string): Promise<UserRecord> {
  const userId = await peekToken(db, token, 'password_reset');
  const user = userId === null ? undefined : await findUserById(db, userId);
  // The link carries the address too: a token used with another address is refused.
  if (!user || user.email !== email) throw new AppError('TOKEN_INVALID', 400, accountMessages.tokenInvalid);
  return user;
}

export async function checkResetToken(db: Db, token: string, email: string, ip: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.tokenIp, ip);
  await tokenUser(db, token, email);
}

/**
 * Sets the new password, spends the token and closes every session of the account. Following the
 * e-mailed link proves the address: an unverified account becomes verified and linked.
 */
export async function resetPassword(db: Db, backend: RepairBackend, token: string, email: string, password: string, ip: string): Promise<void> {
  await limit(db, ACCOUNT_LIMITS.tokenIp, ip);
  const user = await tokenUser(db, token, email);
  const passwordHash = await hashPassword(password);
  if ((await spendToken(db, token, 'password_reset')) !== user.id) {
    throw new AppError('TOKEN_INVALID', 400, accountMessages.tokenInvalid);
  }
  const verifiedNow = user.emailVerifiedAt === null;
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), ...(verifiedNow ? { emailVerifiedAt: new Date() } : {}) })
    .where(eq(users.id, user.id));
  await revokeAllSessionsOfUser(db, user.id);
  if (verifiedNow || user.repairCustomerId === null) {
    await linkAfterProof(db, backend, user).catch(() => undefined);
  }
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

type CleanProfile = Required<{ [K in keyof ProfileUpdate]-?: Exclude<ProfileUpdate[K], undefined> }> & { email_opt_in: boolean; sms_opt_in: boolean };

/**
 * Saves the profile: the account's fields, and the linked store record when there is one. A new
 * e-mail address must be proven again (a verification e-mail is sent to it); the store record
 * takes it only once it is proven.
 */
export async function updateProfile(
  db: Db,
  backend: RepairBackend,
  mailer: AccountMailer,
  userId: number,
  input: CleanProfile,
): Promise<{ profile: Profile; verificationSent: boolean }> {
  const user = await currentUser(db, userId);
  const emailChanged = input.email !== user.email;
  if (emailChanged) {
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
      ...(emailChanged ? { email: input.email, emailVerifiedAt: null } : {}),
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
    await mailer.verification(db, updated, await issueToken(db, updated.id, 'email_verification'));
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
  if (user.role === 'admin') throw new AppError('ADMIN_DELETE', 403, 'Un compte administrateur ne se supprime pas ici : un autre administrateur doit le retirer.');
  await db.delete(users).where(eq(users.id, user.id));
}
