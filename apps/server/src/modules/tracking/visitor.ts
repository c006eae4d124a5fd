import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { notificationMessages, visitorFollowMessages } from '@erepare/shared/notifications';
import { statusLabel } from '@erepare/shared/ticket-status';
import { RepairBackendError, type CustomerRecord, type RepairBackend } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import { pushSubscriptions, trackedTickets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { withinRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/tokens.js';
import { parseSubscription } from '../notifications/subscriptions.js';
import { parseTicketInput, snapshotOf } from './service.js';

/**
 * A visitor without an account follows ONE ticket from the public tracking page, with Web Push
 * only (issue 7, beyond the spec). Knowing a ticket number is not enough: the visitor proves it
 * with the last 4 digits of a phone number the shop has for the ticket's customer (the postal
 * code is no proof: local customers share about ten). A ticket takes FOLLOW_TICKET_DAILY_LIMIT
 * tries a day, whoever makes them, so a guesser succeeds on a ticket with probability at most
 * 5 × 2 / 10 000 = 0.1 % a day (docs/decisions.md). Nothing personal is returned. The subscription row has no user; the tracked row hangs
 * off it, so removing the subscription (the "Ne plus suivre" action of the notification, or the
 * push service answering 404/410) removes the follow. The tracking logic (applySnapshot) then
 * pushes each status change to it like to a user's browser, without a stored notification.
 */

export type FollowInput = { ticket: unknown; proof: unknown; subscription: unknown; userAgent?: string | undefined };
export type FollowResult = { ticketNumber: string; status: string; removalToken: string; message: string };

/**
 * Tries a ticket takes in a day, right or wrong, from every address together; past them the ticket
 * is locked until the day's window ends, with the same answer as a wrong proof. Counted before the
 * check, in one statement: parallel requests cannot share an allowance.
 */
export const FOLLOW_TICKET_DAILY_LIMIT: RateLimitRule = { name: 'visitor-follow-ticket-day', limit: 5, windowMs: 24 * 60 * 60_000 };

const digits = (value: string) => value.replace(/\D/g, '');

/** "5678": the last 4 digits of a phone number on file, spaces and dots allowed. */
export function parseProof(input: unknown): string {
  const value = typeof input === 'string' || typeof input === 'number' ? digits(String(input)) : '';
  if (value.length !== 4) throw new AppError('FOLLOW_PROOF_FORMAT', 400, visitorFollowMessages.proofFormat);
  return value;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether `proof` is the end (4 digits) of one of the customer's phones of 8 digits or more. */
export function proofMatches(customer: Pick<CustomerRecord, 'phone' | 'mobile'>, proof: string): boolean {
  if (proof.length !== 4) return false;
  return [customer.phone, customer.mobile]
    .map(digits)
    .filter((phone) => phone.length >= 8)
    .some((phone) => sameText(phone.slice(-4), proof));
}

/**
 * Checks the proof, then stores the visitor's subscription and its one followed ticket (any other
 * ticket this browser followed is replaced). The current status is stored as the first seen.
 * An unknown ticket, a wrong proof and a locked ticket get the same answer.
 */
export async function followAsVisitor(db: Db, backend: RepairBackend, input: FollowInput, publicEndpointsOnly: boolean): Promise<FollowResult> {
  const ticketNumber = parseTicketInput(input.ticket);
  const proof = parseProof(input.proof);
  const subscription = parseSubscription(input.subscription, publicEndpointsOnly);
  const mismatch = () => new AppError('FOLLOW_PROOF_MISMATCH', 403, visitorFollowMessages.proofMismatch(ticketNumber));
  // Every try counts against the ticket (known or not, so the count reveals nothing either).
  if (!(await withinRateLimit(db, FOLLOW_TICKET_DAILY_LIMIT, ticketNumber))) throw mismatch();
  let record;
  let customer: CustomerRecord | null = null;
  try {
    record = await backend.getTicket({ ticketNumber });
    if (record) customer = await backend.getCustomer(record.customerId);
  } catch (error) {
    if (error instanceof RepairBackendError) throw new AppError('TICKET_VALIDATION_FAILED', 503, notificationMessages.ticketValidationError(ticketNumber), {}, error);
    throw error;
  }
  if (!record || !customer || !proofMatches(customer, proof)) throw mismatch();
  const snapshot = snapshotOf(record);
  const removalToken = randomBytes(32).toString('base64url');

  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId: null,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: (input.userAgent ?? '').replace(/\p{Cc}/gu, ' ').slice(0, 400),
        deviceType: 'visitor',
        removalTokenHash: hashToken(removalToken),
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, removalTokenHash: hashToken(removalToken), updatedAt: new Date() },
        // A browser subscribed by a signed-in account stays that account's.
        setWhere: isNull(pushSubscriptions.userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (!row) throw new AppError('FOLLOW_OWNED_BY_ACCOUNT', 409, visitorFollowMessages.ownedByAccount);
    // One ticket per visitor's browser.
    await tx.delete(trackedTickets).where(and(eq(trackedTickets.subscriptionId, row.id), ne(trackedTickets.ticketNumber, ticketNumber)));
    await tx
      .insert(trackedTickets)
      .values({ subscriptionId: row.id, ticketNumber, lastStatus: snapshot.status, lastCheckedAt: new Date() })
      .onConflictDoNothing();
  });
  return { ticketNumber, status: statusLabel(snapshot.status), removalToken, message: visitorFollowMessages.following(ticketNumber) };
}

/**
 * Stops a visitor's follow: the endpoint and the secret given when it started, both required.
 * The subscription is deleted with its followed ticket and pending pushes.
 */
export async function unfollowAsVisitor(db: Db, input: { endpoint: unknown; token: unknown }): Promise<{ message: string }> {
  const nothing = () => new AppError('FOLLOW_NOT_FOUND', 404, visitorFollowMessages.nothingToStop);
  if (typeof input.endpoint !== 'string' || typeof input.token !== 'string' || input.endpoint.length > 2048 || input.token.length > 200) throw nothing();
  const [row] = await db
    .select({ id: pushSubscriptions.id, hash: pushSubscriptions.removalTokenHash })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, input.endpoint), isNull(pushSubscriptions.userId)))
    .limit(1);
  if (!row?.hash || !sameText(row.hash, hashToken(input.token))) throw nothing();
  const [followed] = await db.select({ ticketNumber: trackedTickets.ticketNumber }).from(trackedTickets).where(eq(trackedTickets.subscriptionId, row.id)).limit(1);
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
  return { message: followed ? visitorFollowMessages.stopped(followed.ticketNumber) : visitorFollowMessages.nothingToStop };
}
