import { and, asc, count, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import {
  isActionRequired,
  notificationMessages,
  PUSH_DEFAULTS,
  TICKET_CHECK_INTERVAL_MS,
  ticketNotificationTitle,
  ticketStatusMessage,
  VISITOR_UNFOLLOW_ACTION,
  visitorFollowMessages,
} from '@erepare/shared/notifications';
import type { TrackedTicket } from '@erepare/shared/schemas/notifications';
import { statusKey, statusLabel } from '@erepare/shared/ticket-status';
import { normaliseTicketNumber, validateTicketInput } from '@erepare/shared/ticket-number';
import { RepairBackendError, type RepairBackend, type TicketRecord } from '../../adapters/repair/types.js';
import type { Db, Executor } from '../../db/client.js';
import { pushOutbox, ticketDevices, tickets, trackedTickets, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { notifyUser } from '../notifications/service.js';

/**
 * Server-side ticket tracking (spec 1 §4 "Tracking", §5, §7 send-ticket-update; DESIGN.md §4, §5).
 *
 * A tracked ticket belongs to a user when the ticket's customer id equals the user's linked
 * customer id, linked only once the e-mail address is verified (the one ownership rule; the
 * spec's keyword fallback is not kept, and staff accounts get no exception here: tracking is a
 * customer's feature). The first status seen is only stored; a later different status creates one
 * notification. Every path that can see a change (the browser's check, send-ticket-update, the
 * local backend's status change, the RepairDesk job) goes through `applySnapshot`, which locks the
 * tracked rows, compares, stores and notifies in one transaction: the same change never notifies
 * twice, whoever sees it first and however many instances run.
 */

/** Most tickets one user may track. */
export const TRACKED_TICKETS_LIMIT = 50;

/** What tracking needs of a ticket: never personal data. */
export type TicketSnapshot = {
  ticketNumber: string;
  status: string;
  customerId: number;
  /** Identifies this state of the ticket (its last modification), for the notification's dedupe key. */
  stamp: string;
  /** "Apple iPhone 12" — shown in the notification's ticketData. */
  device: string;
};

export type ApplyResult = {
  /** Tracked rows whose stored status changed. */
  changes: number;
  /** Users who got a new stored notification. */
  notified: number[];
  /** Pushes queued (users' browsers and visitors' subscriptions). */
  pushes: number;
};

export function snapshotOf(record: TicketRecord): TicketSnapshot {
  const first = record.devices[0];
  const device = first ? [first.brand, first.name].filter(Boolean).join(' ').trim() || first.model : '';
  return {
    ticketNumber: record.ticketNumber,
    status: record.status,
    customerId: record.customerId,
    stamp: String(record.updatedAt.getTime()),
    device,
  };
}

export function notAllowed(ticketNumber: string): AppError {
  return new AppError('TICKET_NOT_ALLOWED', 404, notificationMessages.ticketNotAllowed(ticketNumber));
}

function toView(row: typeof trackedTickets.$inferSelect): TrackedTicket {
  return {
    ticket_number: row.ticketNumber,
    last_status: row.lastStatus,
    last_checked_at: row.lastCheckedAt ? row.lastCheckedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The customer id a user's tickets must carry: their linked customer, when the account is
 * verified and enabled; null otherwise (they own no ticket).
 */
export async function linkedCustomerOf(db: Executor, userId: number): Promise<number | null> {
  const [user] = await db
    .select({ customerId: users.repairCustomerId, verifiedAt: users.emailVerifiedAt, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.verifiedAt === null || user.disabledAt !== null) return null;
  return user.customerId;
}

export async function listTracked(db: Executor, userId: number): Promise<TrackedTicket[]> {
  const rows = await db
    .select()
    .from(trackedTickets)
    .where(eq(trackedTickets.userId, userId))
    .orderBy(asc(trackedTickets.createdAt), asc(trackedTickets.id));
  return rows.map(toView);
}

/** The spec's input rules (§5): empty, then format; the answer names the normalised number. */
export function parseTicketInput(input: unknown): string {
  const result = validateTicketInput(typeof input === 'string' || typeof input === 'number' ? String(input) : '', []);
  if (!result.ok) throw new AppError(result.reason === 'empty' ? 'TICKET_EMPTY' : 'TICKET_FORMAT', 400, result.message);
  return result.number;
}

/**
 * Adds a ticket to the user's tracking after checking, on the server, that it is theirs. Unknown
 * tickets and other people's get the same 404 (the backend is asked in both cases, so they also
 * take the same time). The current status is stored as the first seen: no notification.
 */
export async function addTracked(db: Db, backend: RepairBackend, userId: number, input: unknown): Promise<{ item: TrackedTicket; ticketNumber: string }> {
  const ticketNumber = parseTicketInput(input);
  const [existing] = await db
    .select({ id: trackedTickets.id })
    .from(trackedTickets)
    .where(and(eq(trackedTickets.userId, userId), eq(trackedTickets.ticketNumber, ticketNumber)))
    .limit(1);
  if (existing) throw new AppError('TICKET_ALREADY_TRACKED', 409, notificationMessages.ticketAlreadyTracked);
  const customerId = await linkedCustomerOf(db, userId);
  // Not linked (or not verified): owns nothing; the same answer as for a ticket that does not exist.
  if (customerId === null) throw notAllowed(ticketNumber);
  let record: TicketRecord | null;
  try {
    record = await backend.getTicket({ ticketNumber });
  } catch (error) {
    // RepairDesk down or over its quota: spec 1 §8's "Erreur lors de la validation du ticket {id}".
    if (error instanceof RepairBackendError) throw new AppError('TICKET_VALIDATION_FAILED', 503, notificationMessages.ticketValidationError(ticketNumber), {}, error);
    throw error;
  }
  if (!record || record.customerId !== customerId) throw notAllowed(ticketNumber);
  const snapshot = snapshotOf(record);

  return db.transaction(async (tx) => {
    // Serialises the user's own adds (two tabs), so the cap holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(trackedTickets).where(eq(trackedTickets.userId, userId));
    if (Number(total) >= TRACKED_TICKETS_LIMIT) {
      throw new AppError('TRACKED_TICKETS_LIMIT', 409, `Vous suivez déjà ${TRACKED_TICKETS_LIMIT} tickets\u00a0: retirez-en un pour en suivre un autre.`);
    }
    const [row] = await tx
      .insert(trackedTickets)
      .values({ userId, ticketNumber, lastStatus: snapshot.status, lastCheckedAt: new Date() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('TICKET_ALREADY_TRACKED', 409, notificationMessages.ticketAlreadyTracked);
    return { item: toView(row), ticketNumber };
  });
}

/** Removes one of the user's tracked tickets; anything else (not tracked, not a number) is a 404. */
export async function removeTracked(db: Executor, userId: number, param: string): Promise<string> {
  const ticketNumber = normaliseTicketNumber(param);
  if (!ticketNumber) throw notAllowed(param.trim().slice(0, 20));
  const removed = await db
    .delete(trackedTickets)
    .where(and(eq(trackedTickets.userId, userId), eq(trackedTickets.ticketNumber, ticketNumber)))
    .returning({ id: trackedTickets.id });
  if (removed.length === 0) throw notAllowed(ticketNumber);
  return ticketNumber;
}

function sameStatus(a: string, b: string): boolean {
  return statusKey(a) === statusKey(b);
}

/** The push a visitor's subscription receives: the shape of pushPayloadOf, for a ticket that has no stored notification. */
function visitorPushPayload(snapshot: TicketSnapshot, title: string, body: string, actionRequired: boolean): Record<string, unknown> {
  return {
    title,
    body,
    type: 'ticket',
    url: `/suivi?ticket=${encodeURIComponent(snapshot.ticketNumber)}`,
    tag: `ticket-${snapshot.ticketNumber}`,
    ticketId: snapshot.ticketNumber,
    requireInteraction: actionRequired,
    vibrate: PUSH_DEFAULTS.vibrate,
    icon: '/icons/icon-192.png',
    // The visitor stops following from the notification itself (the worker holds the secret).
    visitorFollow: true,
    actions: [{ action: VISITOR_UNFOLLOW_ACTION, title: visitorFollowMessages.unfollowAction }],
  };
}

/**
 * The change logic, one function for every path. Locks the tracked rows of this ticket (only
 * `rowIds` when given), in id order; `skipLocked` leaves rows another transaction is handling to
 * it (the job). For each row: an owner who no longer owns the ticket gets nothing; a first status
 * is only stored; a different status is stored and notified (stored notification within the
 * user's preferences and pushes, or a push to the visitor's subscription) in the same
 * transaction. Callers kick the push sender after it returns.
 */
export async function applySnapshot(
  db: Executor,
  snapshot: TicketSnapshot,
  options: { rowIds?: number[]; skipLocked?: boolean } = {},
): Promise<ApplyResult> {
  const result: ApplyResult = { changes: 0, notified: [], pushes: 0 };
  // An empty status is a read we cannot compare ("En attente" is only how it is shown).
  if (statusKey(snapshot.status) === '') return result;
  const label = statusLabel(snapshot.status);
  const title = ticketNotificationTitle(snapshot.ticketNumber);
  const body = ticketStatusMessage(snapshot.ticketNumber, label);
  const actionRequired = isActionRequired(snapshot.status) || isActionRequired(label);
  await db.transaction(async (tx) => {
    const where = and(
      eq(trackedTickets.ticketNumber, snapshot.ticketNumber),
      options.rowIds ? inArray(trackedTickets.id, options.rowIds.length ? options.rowIds : [-1]) : undefined,
    );
    const base = tx
      .select({
        id: trackedTickets.id,
        userId: trackedTickets.userId,
        subscriptionId: trackedTickets.subscriptionId,
        lastStatus: trackedTickets.lastStatus,
      })
      .from(trackedTickets)
      .where(where)
      .orderBy(asc(trackedTickets.id));
    const rows = options.skipLocked ? await base.for('update', { skipLocked: true }) : await base.for('update');
    const now = new Date();
    for (const row of rows) {
      if (row.userId !== null && (await linkedCustomerOf(tx, row.userId)) !== snapshot.customerId) {
        // Ownership is re-checked at each change: an account unlinked since gets nothing.
        await tx.update(trackedTickets).set({ lastCheckedAt: now }).where(eq(trackedTickets.id, row.id));
        continue;
      }
      const first = statusKey(row.lastStatus) === '';
      if (!first && sameStatus(row.lastStatus, snapshot.status)) {
        await tx.update(trackedTickets).set({ lastCheckedAt: now }).where(eq(trackedTickets.id, row.id));
        continue;
      }
      await tx.update(trackedTickets).set({ lastStatus: snapshot.status, lastCheckedAt: now }).where(eq(trackedTickets.id, row.id));
      if (first) continue;
      result.changes += 1;
      if (row.userId !== null) {
        const notified = await notifyUser(tx, row.userId, {
          type: 'ticket',
          title,
          body,
          ticketId: snapshot.ticketNumber,
          data: { url: '/compte?tab=repairs', ticketId: snapshot.ticketNumber, actionRequired, source: 'tracking' },
          ticketData: { ticketId: snapshot.ticketNumber, device: snapshot.device, status: snapshot.status },
          requireInteraction: actionRequired,
          dedupeKey: `ticket:${snapshot.ticketNumber}:${statusKey(snapshot.status)}:${snapshot.stamp}`,
        });
        if (notified.created) result.notified.push(row.userId);
        result.pushes += notified.pushesQueued;
      } else if (row.subscriptionId !== null) {
        await tx.insert(pushOutbox).values({ subscriptionId: row.subscriptionId, payload: visitorPushPayload(snapshot, title, body, actionRequired) });
        result.pushes += 1;
      }
    }
  });
  return result;
}

/** The snapshots of the given tickets of one customer, read with as few backend calls as possible. */
async function ownTicketSnapshots(backend: RepairBackend, customerId: number, numbers: string[]): Promise<Map<string, TicketSnapshot>> {
  const found = new Map<string, TicketSnapshot>();
  if (numbers.length === 0) return found;
  if (numbers.length === 1) {
    const record = await backend.getTicket({ ticketNumber: numbers[0] as string });
    if (record && record.customerId === customerId) found.set(record.ticketNumber, snapshotOf(record));
    return found;
  }
  // One list of the customer's tickets answers for all of them (RepairDesk: one or two requests).
  const wanted = new Set(numbers);
  const { items } = await backend.listTickets({ customerId, offset: 0, limit: 100 });
  for (const record of items) if (wanted.has(record.ticketNumber) && record.customerId === customerId) found.set(record.ticketNumber, snapshotOf(record));
  return found;
}

/**
 * The browser's check (every 30 s while a tab is open, and on a forced-check event): reads the
 * caller's tracked tickets from the backend and applies any change. Returns their current state.
 */
export async function checkUserTickets(db: Db, backend: RepairBackend, userId: number): Promise<{ items: TrackedTicket[]; changes: number; pushes: number }> {
  // RepairDesk's quota (50 requests a minute) is the whole site's: every open tab checks every
  // 30 s, so tickets the job (or another tab) read during the last 30 s are answered as stored.
  // Our own tables cost nothing to read: always read.
  const freshSince = backend.kind === 'repairdesk' ? new Date(Date.now() - TICKET_CHECK_INTERVAL_MS) : null;
  const rows = await db
    .select({ id: trackedTickets.id, ticketNumber: trackedTickets.ticketNumber })
    .from(trackedTickets)
    .where(
      and(
        eq(trackedTickets.userId, userId),
        freshSince ? or(isNull(trackedTickets.lastCheckedAt), lt(trackedTickets.lastCheckedAt, freshSince)) : undefined,
      ),
    );
  const customerId = await linkedCustomerOf(db, userId);
  let changes = 0;
  let pushes = 0;
  if (rows.length > 0 && customerId !== null) {
    const snapshots = await ownTicketSnapshots(backend, customerId, rows.map((row) => row.ticketNumber));
    for (const row of rows) {
      const snapshot = snapshots.get(row.ticketNumber);
      if (!snapshot) continue;
      const applied = await applySnapshot(db, snapshot, { rowIds: [row.id] });
      changes += applied.changes;
      pushes += applied.pushes;
    }
  }
  return { items: await listTracked(db, userId), changes, pushes };
}

/**
 * POST /api/notifications/send-ticket-update (spec 1 §7), kept for the browser's call but trusting
 * nothing of it: only the ticket number is read, only a ticket the caller tracks and owns is
 * accepted, its status is read again here, and a change already notified is not notified again.
 */
export async function sendTicketUpdate(db: Db, backend: RepairBackend, userId: number, ticketId: unknown): Promise<{ notified: boolean; pushes: number }> {
  const text = typeof ticketId === 'string' || typeof ticketId === 'number' ? String(ticketId) : '';
  const ticketNumber = normaliseTicketNumber(text);
  if (!ticketNumber) throw new AppError('TICKET_NOT_ALLOWED', 404, notificationMessages.ticketNotAllowed(text.trim().slice(0, 20)));
  const customerId = await linkedCustomerOf(db, userId);
  if (customerId === null) throw notAllowed(ticketNumber);
  const record = await backend.getTicket({ ticketNumber });
  if (!record || record.customerId !== customerId) throw notAllowed(ticketNumber);
  const snapshot = snapshotOf(record);
  const [row] = await db
    .select({ id: trackedTickets.id })
    .from(trackedTickets)
    .where(and(eq(trackedTickets.userId, userId), eq(trackedTickets.ticketNumber, ticketNumber)))
    .limit(1);
  // Not tracked by the caller: nothing to compare with, nothing is sent (the browser adds it first).
  if (!row) return { notified: false, pushes: 0 };
  const applied = await applySnapshot(db, snapshot, { rowIds: [row.id] });
  return { notified: applied.notified.includes(userId), pushes: applied.pushes };
}

/**
 * The local backend's hook: call it when staff change a ticket's status (the admin's status
 * update, in its own transaction if it likes: the notifications are then committed with the
 * status). Reads the ticket from our tables through `db`, so it sees the caller's uncommitted
 * change; then kick the push sender (`app.push.kick()`) once committed.
 */
export async function onTicketStatusChanged(db: Executor, ticketNumber: string): Promise<ApplyResult> {
  const number = normaliseTicketNumber(ticketNumber);
  if (!number) return { changes: 0, notified: [], pushes: 0 };
  const [row] = await db
    .select({ id: tickets.id, ticketNumber: tickets.ticketNumber, status: tickets.status, customerId: tickets.customerId, updatedAt: tickets.updatedAt })
    .from(tickets)
    .where(eq(tickets.ticketNumber, number))
    .limit(1);
  if (!row) return { changes: 0, notified: [], pushes: 0 };
  // This ticket's first device (a correlated subquery here once named ticket #1's device for every ticket).
  const [device] = await db
    .select({ brand: ticketDevices.brand, name: ticketDevices.name })
    .from(ticketDevices)
    .where(eq(ticketDevices.ticketId, row.id))
    .orderBy(asc(ticketDevices.position), asc(ticketDevices.id))
    .limit(1);
  return applySnapshot(db, {
    ticketNumber: row.ticketNumber,
    status: row.status,
    customerId: row.customerId,
    stamp: String(row.updatedAt.getTime()),
    device: device ? [device.brand, device.name].filter(Boolean).join(' ').trim() : '',
  });
}

/** The push sender of the notifications module, when it is there (it exposes app.push.kick()). */
export function kickPush(app: unknown): void {
  const push = (app as { push?: { kick?: () => void } } | null)?.push;
  try {
    push?.kick?.();
  } catch {
    // The sender's own job picks the outbox up later.
  }
}
