import {
  addDays,
  bookableSlots,
  bookingMessages as texts,
  bookingReference,
  calendarDays,
  canChangeBooking,
  changeDeadline,
  daysBetween,
  findBookableSlot,
  formatBookingDay,
  formatBookingSlot,
  frenchHolidays,
  openingSlots,
  parisDay,
  parisInstant,
  dayClosure,
  type BookingSettings,
  type CalendarContext,
} from '@erepare/shared/booking';
import { bookingIcs } from '@erepare/shared/booking-ics';
import type { AccountBooking, AdminBooking, AdminBookingDay, ClosureBooking, ManagedBooking, PublicDay } from '@erepare/shared/schemas/bookings';
import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { normaliseMailbox } from '../../lib/mailbox.js';
import { hitRateLimit, withinRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { recordAudit, type AuditActor } from '../admin/audit.js';
import { findCustomerLink, issueCustomerLink, revokeCustomerLinks } from '../links/customer-links.js';
import type { Mailer } from '../mail/mailer.js';
import { bookingCustomerEmail, bookingShopEmail, type BookingEmailEvent } from '../mail/templates.js';
import { getStoreProfile } from '../settings/store-profile.js';
import type { SmsService } from '../sms/service.js';
import {
  deleteClosure,
  extendBookingLinks,
  insertBooking,
  insertClosure,
  lockBooking,
  lockBookingDay,
  lockConfirmedBookingsBetween,
  nextBookingId,
  releaseSlotPlace,
  selectBooking,
  selectBookingSettings,
  selectBookingsBetween,
  selectClosureOn,
  selectClosures,
  selectEstimateForBooking,
  selectOwnedBookings,
  selectQuoteForBooking,
  selectSlotCounters,
  takeSlotPlace,
  updateBooking,
  upsertBookingSettings,
  upsertSlotRule,
  type BookingOwner,
  type BookingRow,
  type BookingWithLinks,
} from './repository.js';

const DAY = 24 * 60 * 60_000;

/** Bookings one client may make per 10 minutes, and per day. */
export const BOOKING_IP_LIMIT: RateLimitRule = { name: 'booking-ip', limit: 5, windowMs: 10 * 60_000 };
export const BOOKING_IP_DAILY_LIMIT: RateLimitRule = { name: 'booking-ip-day', limit: 20, windowMs: DAY };
/**
 * Confirmations one mailbox receives per day. Beyond, the booking is still made (the address is not
 * proven: a stranger must not be able to keep its owner from booking) but not mailed to it.
 */
export const BOOKING_EMAIL_LIMIT: RateLimitRule = { name: 'booking-email', limit: 3, windowMs: DAY };
/** Looks, moves and cancels by link per client (guessing a 256-bit token is hopeless, but each try costs queries). */
export const BOOKING_MANAGE_LIMIT: RateLimitRule = { name: 'booking-manage', limit: 30, windowMs: 10 * 60_000 };

/** How many free slots a 409 offers instead. */
export const NEXT_SLOTS_OFFERED = 3;

/** The module's clock: tests replace `now`; production keeps the real time. */
export const bookingClock: { now: () => Date } = { now: () => new Date() };

export type BookingDeps = { db: Db; mail: Pick<Mailer, 'enqueue' | 'kick'>; sms: Pick<SmsService, 'queue' | 'kick'>; publicUrl: string };

// ─── Calendar ───────────────────────────────────────────────────────────────────────────────────

export async function loadCalendarContext(db: Executor, now: Date, fromDay: string, toDay: string): Promise<CalendarContext> {
  const { settings } = await selectBookingSettings(db);
  const closures = new Map((await selectClosures(db, fromDay, toDay)).map((closure) => [closure.day, closure.reason]));
  return { settings, closures, now };
}

const dayStart = (day: string) => parisInstant(day, '00:00');

/** Whether a slot takes one more booking, from its counter (none: empty). */
function isFree(counter: { booked: number; capacityOverride: number | null; blockedReason: string | null } | undefined, capacity: number): boolean {
  if (!counter) return capacity > 0;
  return counter.blockedReason === null && counter.booked < (counter.capacityOverride ?? capacity);
}

/** The public calendar: free or full per slot, nothing else. */
export async function publicCalendar(db: Db, query: { from?: string | undefined; days?: number | undefined }, now: Date) {
  const today = parisDay(now);
  const from = query.from && query.from > today ? query.from : today;
  const count = query.days ?? 7;
  const to = addDays(from, count);
  const context = await loadCalendarContext(db, now, from, to);
  const counters = new Map((await selectSlotCounters(db, dayStart(from), dayStart(to))).map((counter) => [counter.slotStart.getTime(), counter]));
  const days: PublicDay[] = calendarDays(from, count, context).map((entry) => ({
    day: entry.day,
    closed: entry.closed && entry.closed.kind !== 'past' ? entry.closed.label : null,
    slots: entry.slots.map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      available: isFree(counters.get(slot.start.getTime()), context.settings.capacity),
    })),
  }));
  return {
    from,
    firstDay: today,
    lastDay: addDays(today, context.settings.horizonDays),
    slotMinutes: context.settings.slotMinutes,
    cutoffHours: context.settings.cutoffHours,
    days,
  };
}

/** The next free slots after `after` (what a 409 offers instead), up to the horizon. */
export async function nextFreeSlots(db: Executor, after: Date, now: Date, count = NEXT_SLOTS_OFFERED): Promise<{ start: string; end: string }[]> {
  const today = parisDay(now);
  const first = parisDay(after) > today ? parisDay(after) : today;
  const { settings } = await selectBookingSettings(db);
  const last = addDays(today, settings.horizonDays);
  const found: { start: string; end: string }[] = [];
  // A week at a time, so a full day does not cost a query per day.
  for (let from = first; from <= last && found.length < count; from = addDays(from, 7)) {
    const to = addDays(from, 7);
    const context = await loadCalendarContext(db, now, from, to);
    const counters = new Map((await selectSlotCounters(db, dayStart(from), dayStart(to))).map((counter) => [counter.slotStart.getTime(), counter]));
    for (let index = 0; index < 7 && found.length < count; index += 1) {
      for (const slot of bookableSlots(addDays(from, index), context)) {
        if (slot.start.getTime() <= after.getTime()) continue;
        if (!isFree(counters.get(slot.start.getTime()), settings.capacity)) continue;
        found.push({ start: slot.start.toISOString(), end: slot.end.toISOString() });
        if (found.length >= count) break;
      }
    }
  }
  return found;
}

// ─── Words, calendar file, messages ─────────────────────────────────────────────────────────────

/** The calendar file's SEQUENCE: seconds between creation and the last change (each change moves updated_at by ≥ 1 s). */
function sequenceOf(booking: BookingRow): number {
  return Math.max(0, Math.floor((booking.updatedAt.getTime() - booking.createdAt.getTime()) / 1000));
}

export function icsOf(booking: BookingRow, profile: StoreProfile, now: Date): string {
  const domain = profile.email.split('@')[1] ?? 'erepare.fr';
  return bookingIcs({
    method: booking.status === 'cancelled' ? 'CANCEL' : 'REQUEST',
    uid: `${booking.reference}@${domain}`,
    sequence: sequenceOf(booking),
    start: booking.slotStart,
    end: booking.slotEnd,
    stamp: now,
    summary: `Dépôt de votre appareil chez ${profile.name}`,
    description: `Rendez-vous ${booking.reference}. Apportez votre appareil, son chargeur si possible, et cette référence. ${profile.phone.display}`,
    location: `${profile.name}, ${formatAddress(profile)}`,
    organizerEmail: profile.email,
    organizerName: profile.name,
    attendeeEmail: booking.email,
  });
}

function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/rendez-vous/gerer?${new URLSearchParams({ token }).toString()}`;
}

function linkedToLabel(estimateNumber: string | null | undefined, quoteReference: string | null | undefined): string {
  if (estimateNumber) return `Devis ${estimateNumber}`;
  if (quoteReference) return `Demande de devis ${quoteReference}`;
  return '';
}

type Announce = {
  event: BookingEmailEvent;
  booking: BookingRow;
  profile: StoreProfile;
  now: Date;
  cutoffHours: number;
  /** A fresh manage link for the customer's mail (not for a cancellation). */
  token?: string;
  /** The customer's mail is skipped past the mailbox's daily cap. */
  mailCustomer: boolean;
  previous?: Date;
  linkedTo: string;
  /** Cancelled because staff closed the day (its reason may be empty). */
  closure?: { day: string; reason: string };
};

function bookAgainUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/rendez-vous`;
}

/** Queues, in the transaction of the change: the customer's mail (with its .ics), the shop's mail, the SMS. */
async function announce(tx: Executor, deps: BookingDeps, input: Announce): Promise<void> {
  const { booking, profile, event } = input;
  const when = formatBookingSlot(booking.slotStart);
  const stamp = `${event}:${booking.id}:${booking.updatedAt.getTime()}`;
  if (input.mailCustomer) {
    const content = bookingCustomerEmail(
      {
        event,
        reference: booking.reference,
        when,
        cutoffHours: input.cutoffHours,
        ...(input.token ? { manageUrl: manageUrl(deps.publicUrl, input.token) } : {}),
        ...(booking.cancelledBy ? { cancelledBy: booking.cancelledBy } : {}),
        ...(input.closure ? { closure: { day: formatBookingDay(input.closure.day, true), reason: input.closure.reason, bookUrl: bookAgainUrl(deps.publicUrl) } } : {}),
      },
      profile,
    );
    const ics = icsOf(booking, profile, input.now);
    await deps.mail.enqueue(tx, {
      kind: `booking_${event}`,
      to: booking.email,
      ...content,
      dedupeKey: `booking_${stamp}`,
      attachments: [
        {
          filename: `rendez-vous-${booking.reference}.ics`,
          contentType: `text/calendar; charset=utf-8; method=${event === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
          contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
        },
      ],
    });
  }
  const shop = bookingShopEmail(
    {
      event,
      reference: booking.reference,
      when,
      ...(input.previous ? { previous: formatBookingSlot(input.previous) } : {}),
      name: booking.name,
      email: booking.email,
      phone: booking.phone,
      note: booking.note,
      linkedTo: input.linkedTo,
      ...(booking.cancelledBy ? { cancelledBy: booking.cancelledBy } : {}),
    },
    profile,
  );
  await deps.mail.enqueue(tx, { kind: 'booking_shop', to: profile.email, replyTo: booking.email, ...shop, dedupeKey: `booking_shop_${stamp}` });
  const sms: Record<BookingEmailEvent, string> = {
    confirmed: `${profile.name}\u00a0: rendez-vous de dépôt ${booking.reference} le ${when}. ${formatAddress(profile)}.`,
    changed: `${profile.name}\u00a0: votre rendez-vous ${booking.reference} est déplacé au ${when}.`,
    cancelled: input.closure
      ? `${profile.name}\u00a0: fermeture exceptionnelle le ${formatBookingDay(input.closure.day)}, votre rendez-vous ${booking.reference} du ${when} est annulé. Toutes nos excuses. Nouveau rendez-vous\u00a0: ${bookAgainUrl(deps.publicUrl)}`
      : `${profile.name}\u00a0: votre rendez-vous ${booking.reference} du ${when} est annulé.`,
  };
  await deps.sms.queue(tx, { kind: `booking_${event}`, to: booking.phone, body: sms[event], consent: booking.smsConsent, dedupeKey: `sms_booking_${stamp}` });
}

// ─── Booking ────────────────────────────────────────────────────────────────────────────────────

export type CreateBookingInput = {
  slotStart: string;
  name: string;
  email: string;
  phone: string;
  smsConsent: boolean;
  note: string;
  estimateToken?: string | undefined;
  quoteReference?: string | undefined;
};

export type BookingOutcome =
  | { ok: true; booking: BookingRow; ics: string }
  | { ok: false; nextSlots: { start: string; end: string }[] };

/**
 * In the transaction that takes a place: the day's lock, then the closures read again. A closure
 * saved since the calendar was read (bookableSlot) refuses the slot like any closed day; one saved
 * after this commits sees the booking (it takes the same lock before reading the day's bookings).
 */
async function assertDayOpen(tx: Executor, start: Date): Promise<void> {
  const day = parisDay(start);
  await lockBookingDay(tx, day);
  if (await selectClosureOn(tx, day)) throw new AppError('SLOT_UNAVAILABLE', 400, texts.slotUnavailable);
}

/** The slot posted, if one may book it now; else a 400 (not on the grid, closed, too soon, too far). */
async function bookableSlot(db: Executor, slotStart: string, now: Date) {
  const start = new Date(slotStart);
  const day = parisDay(start);
  const context = await loadCalendarContext(db, now, day, day);
  const slot = findBookableSlot(start, context);
  if (!slot) throw new AppError('SLOT_UNAVAILABLE', 400, texts.slotUnavailable);
  return { slot, settings: context.settings };
}

export async function createBooking(deps: BookingDeps, input: CreateBookingInput, { client, now }: { client: string; now: Date }): Promise<BookingOutcome> {
  const { db } = deps;
  await hitRateLimit(db, BOOKING_IP_LIMIT, client, texts.rateLimited);
  await hitRateLimit(db, BOOKING_IP_DAILY_LIMIT, client, texts.rateLimited);
  const { slot, settings } = await bookableSlot(db, input.slotStart, now);

  // What the booking is for: an estimate proven by its link; a quote request only when it was made
  // with the same address (a reference alone proves nothing, and the answer never says whether it exists).
  let estimateId: number | null = null;
  let estimateNumber: string | null = null;
  let quoteRequestId: number | null = null;
  let quoteRef: string | null = null;
  let customerId: number | null = null;
  if (input.estimateToken) {
    const link = await findCustomerLink(db, 'estimate', input.estimateToken, now);
    if (link.state !== 'valid') throw new AppError('ESTIMATE_LINK_INVALID', 400, texts.estimateLinkInvalid);
    const estimate = await selectEstimateForBooking(db, link.subjectId);
    if (estimate) {
      estimateId = estimate.id;
      estimateNumber = estimate.estimateNumber;
      customerId = estimate.customerId;
      quoteRequestId = estimate.quoteRequestId;
    }
  } else if (input.quoteReference) {
    const quote = await selectQuoteForBooking(db, input.quoteReference.toUpperCase());
    if (quote && normaliseMailbox(quote.email) === normaliseMailbox(input.email)) {
      quoteRequestId = quote.id;
      quoteRef = quote.reference;
    }
  }
  const mailCustomer = await withinRateLimit(db, BOOKING_EMAIL_LIMIT, normaliseMailbox(input.email));

  const outcome = await db.transaction(async (tx): Promise<BookingOutcome> => {
    await assertDayOpen(tx, slot.start);
    if (!(await takeSlotPlace(tx, slot.start, settings.capacity))) return { ok: false, nextSlots: [] };
    const id = await nextBookingId(tx);
    const booking = await insertBooking(tx, {
      id,
      reference: bookingReference(Number(parisDay(now).slice(0, 4)), id),
      slotStart: slot.start,
      slotEnd: slot.end,
      name: input.name,
      email: input.email,
      phone: input.phone,
      smsConsent: input.smsConsent,
      note: input.note,
      customerId,
      estimateId,
      quoteRequestId,
      ipKey: client,
    });
    const { token } = await issueCustomerLink(tx, 'booking', booking.id, slot.start);
    const profile = await getStoreProfile(tx);
    await announce(tx, deps, {
      event: 'confirmed',
      booking,
      profile,
      now,
      cutoffHours: settings.cutoffHours,
      token,
      mailCustomer,
      linkedTo: linkedToLabel(estimateNumber, quoteRef),
    });
    return { ok: true, booking, ics: icsOf(booking, profile, now) };
  });
  if (!outcome.ok) return { ok: false, nextSlots: await nextFreeSlots(db, slot.start, now) };
  deps.mail.kick();
  deps.sms.kick();
  return outcome;
}

// ─── The manage link ────────────────────────────────────────────────────────────────────────────

/** The booking a link opens, or the French refusal (unknown: 404; expired: 410). A revoked link shows the cancelled booking. */
async function bookingOfLink(db: Executor, token: string, now: Date): Promise<BookingRow> {
  const link = await findCustomerLink(db, 'booking', token, now);
  if (link.state === 'unknown') throw new AppError('BOOKING_LINK_INVALID', 404, texts.linkInvalid);
  if (link.state === 'expired') throw new AppError('BOOKING_LINK_EXPIRED', 410, texts.linkExpired);
  const booking = await selectBooking(db, link.subjectId);
  if (!booking) throw new AppError('BOOKING_LINK_INVALID', 404, texts.linkInvalid);
  if (link.state === 'revoked' && booking.status !== 'cancelled') throw new AppError('BOOKING_LINK_REVOKED', 410, texts.linkRevoked);
  return booking;
}

function managed(booking: BookingRow, settings: BookingSettings, profile: StoreProfile, now: Date): ManagedBooking {
  return {
    reference: booking.reference,
    slotStart: booking.slotStart.toISOString(),
    slotEnd: booking.slotEnd.toISOString(),
    status: booking.status,
    ics: icsOf(booking, profile, now),
    canChange: booking.status === 'confirmed' && canChangeBooking(booking.slotStart, now, settings.cutoffHours),
    changeDeadline: changeDeadline(booking.slotStart, settings.cutoffHours).toISOString(),
    cutoffHours: settings.cutoffHours,
  };
}

export async function viewBookingByLink(db: Db, token: string, { client, now }: { client: string; now: Date }): Promise<ManagedBooking> {
  await hitRateLimit(db, BOOKING_MANAGE_LIMIT, client, texts.manageLimited);
  const booking = await bookingOfLink(db, token, now);
  const { settings } = await selectBookingSettings(db);
  return managed(booking, settings, await getStoreProfile(db), now);
}

function assertChangeable(booking: BookingRow, settings: BookingSettings, now: Date): void {
  if (booking.status === 'cancelled') throw new AppError('BOOKING_CANCELLED', 409, texts.alreadyCancelled);
  if (!canChangeBooking(booking.slotStart, now, settings.cutoffHours)) throw new AppError('BOOKING_CUTOFF', 409, texts.cutoffPassed(settings.cutoffHours));
}

export type RescheduleOutcome = { ok: true; booking: ManagedBooking } | { ok: false; nextSlots: { start: string; end: string }[] };

type Moved = { ok: true; row: BookingRow; settings: BookingSettings; profile: StoreProfile } | { ok: false; nextSlots: { start: string; end: string }[] };

/**
 * Moves a booking (by its link or from the account: the caller has proven it may): a place taken
 * in the new slot and given back in the old one, in one transaction; a fresh manage link mailed.
 */
async function moveBooking(deps: BookingDeps, id: number, slotStart: string, now: Date): Promise<Moved> {
  const { db } = deps;
  const { slot, settings } = await bookableSlot(db, slotStart, now);
  const outcome = await db.transaction(async (tx): Promise<Moved> => {
    // The day's lock before the booking's row: the order a closure takes them in.
    await assertDayOpen(tx, slot.start);
    const booking = await lockBooking(tx, id);
    if (!booking) throw new AppError('BOOKING_NOT_FOUND', 404, texts.notFound);
    assertChangeable(booking, settings, now);
    if (booking.slotStart.getTime() === slot.start.getTime()) throw new AppError('BOOKING_SAME_SLOT', 409, texts.sameSlot);
    if (!(await takeSlotPlace(tx, slot.start, settings.capacity))) return { ok: false, nextSlots: [] };
    await releaseSlotPlace(tx, booking.slotStart);
    const moved = await updateBooking(tx, booking.id, { slotStart: slot.start, slotEnd: slot.end });
    await extendBookingLinks(tx, booking.id, slot.start);
    const { token: fresh } = await issueCustomerLink(tx, 'booking', booking.id, slot.start);
    const profile = await getStoreProfile(tx);
    const links = await linksOf(tx, moved);
    await announce(tx, deps, { event: 'changed', booking: moved, profile, now, cutoffHours: settings.cutoffHours, token: fresh, mailCustomer: true, previous: booking.slotStart, linkedTo: links });
    return { ok: true, row: moved, settings, profile };
  });
  if (!outcome.ok) return { ok: false, nextSlots: await nextFreeSlots(db, slot.start, now) };
  deps.mail.kick();
  deps.sms.kick();
  return outcome;
}

/** Moves a booking by its link. */
export async function rescheduleByLink(deps: BookingDeps, token: string, slotStart: string, { client, now }: { client: string; now: Date }): Promise<RescheduleOutcome> {
  await hitRateLimit(deps.db, BOOKING_MANAGE_LIMIT, client, texts.manageLimited);
  const found = await bookingOfLink(deps.db, token, now);
  const outcome = await moveBooking(deps, found.id, slotStart, now);
  if (!outcome.ok) return outcome;
  return { ok: true, booking: managed(outcome.row, outcome.settings, outcome.profile, now) };
}

async function linksOf(db: Executor, booking: BookingRow): Promise<string> {
  const estimate = booking.estimateId ? await selectEstimateForBooking(db, booking.estimateId) : undefined;
  if (estimate) return linkedToLabel(estimate.estimateNumber, null);
  if (!booking.quoteRequestId) return '';
  const rows = await selectBookingsBetween(db, booking.slotStart, new Date(booking.slotStart.getTime() + 1));
  return linkedToLabel(null, rows.find((row) => row.id === booking.id)?.quoteReference);
}

type CancelContext = { settings: BookingSettings; profile: StoreProfile; actor?: AuditActor | undefined; closure?: { day: string; reason: string } | undefined };

/**
 * Cancels a booking whose row the caller's transaction has locked: the place is given back, the
 * links voided, everyone told (mails and SMS queued in the same transaction). Staff may cancel at
 * any time; the customer until the cut-off.
 */
async function cancelLocked(tx: Executor, deps: BookingDeps, booking: BookingRow, by: 'customer' | 'staff', now: Date, context: CancelContext): Promise<BookingRow> {
  const { settings, profile, actor } = context;
  if (by === 'customer') assertChangeable(booking, settings, now);
  else if (booking.status === 'cancelled') throw new AppError('BOOKING_CANCELLED', 409, texts.alreadyCancelled);
  await releaseSlotPlace(tx, booking.slotStart);
  const cancelled = await updateBooking(tx, booking.id, { status: 'cancelled', cancelledAt: now, cancelledBy: by });
  await revokeCustomerLinks(tx, 'booking', booking.id, now);
  const linkedTo = await linksOf(tx, cancelled);
  // A past booking cancelled by staff (no-show bookkeeping) is not announced to the customer.
  const upcoming = booking.slotStart.getTime() > now.getTime();
  await announce(tx, deps, {
    event: 'cancelled',
    booking: cancelled,
    profile,
    now,
    cutoffHours: settings.cutoffHours,
    mailCustomer: upcoming,
    linkedTo,
    ...(context.closure ? { closure: context.closure } : {}),
  });
  if (actor) {
    await recordAudit(tx, actor, {
      action: 'booking.cancel',
      entity: 'booking',
      entityId: booking.id,
      before: { status: booking.status },
      after: { status: 'cancelled', reference: booking.reference, ...(context.closure ? { closure: context.closure.day } : {}) },
    });
  }
  return cancelled;
}

/** Cancels one booking in a transaction of its own. */
async function cancel(deps: BookingDeps, id: number, by: 'customer' | 'staff', now: Date, actor?: AuditActor): Promise<{ row: BookingRow; settings: BookingSettings; profile: StoreProfile }> {
  const { db } = deps;
  const { settings } = await selectBookingSettings(db);
  const result = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    if (!booking) throw new AppError('BOOKING_NOT_FOUND', 404, texts.notFound);
    const profile = await getStoreProfile(tx);
    const row = await cancelLocked(tx, deps, booking, by, now, { settings, profile, actor });
    return { row, settings, profile };
  });
  deps.mail.kick();
  deps.sms.kick();
  return result;
}

export async function cancelByLink(deps: BookingDeps, token: string, { client, now }: { client: string; now: Date }): Promise<ManagedBooking> {
  await hitRateLimit(deps.db, BOOKING_MANAGE_LIMIT, client, texts.manageLimited);
  const booking = await bookingOfLink(deps.db, token, now);
  if (booking.status === 'cancelled') throw new AppError('BOOKING_CANCELLED', 409, texts.alreadyCancelled);
  const { row, settings, profile } = await cancel(deps, booking.id, 'customer', now);
  return managed(row, settings, profile, now);
}

export async function cancelByStaff(deps: BookingDeps, actor: AuditActor, id: number, now: Date): Promise<void> {
  await cancel(deps, id, 'staff', now, actor);
}

// ─── The customer's account (the one ownership rule) ────────────────────────────────────────────

function accountBooking(row: BookingWithLinks, settings: BookingSettings, now: Date): AccountBooking {
  const confirmed = row.status === 'confirmed';
  return {
    id: row.id,
    reference: row.reference,
    slotStart: row.slotStart.toISOString(),
    slotEnd: row.slotEnd.toISOString(),
    status: row.status,
    cancelledBy: row.cancelledBy,
    upcoming: confirmed && row.slotStart.getTime() > now.getTime(),
    canChange: confirmed && canChangeBooking(row.slotStart, now, settings.cutoffHours),
    changeDeadline: changeDeadline(row.slotStart, settings.cutoffHours).toISOString(),
    cutoffHours: settings.cutoffHours,
    estimateNumber: row.estimateNumber,
    quoteReference: row.quoteReference,
  };
}

/**
 * The owner's bookings (linked customer or verified address; an unverified account owns none):
 * the upcoming ones first, soonest first, then the past and cancelled ones, most recent first.
 */
export async function accountBookings(db: Db, owner: BookingOwner, now: Date): Promise<AccountBooking[]> {
  const rows = await selectOwnedBookings(db, owner);
  if (rows.length === 0) return [];
  const { settings } = await selectBookingSettings(db);
  const list = rows.map((row) => accountBooking(row, settings, now));
  const upcoming = list.filter((booking) => booking.upcoming).reverse();
  return [...upcoming, ...list.filter((booking) => !booking.upcoming)];
}

/** One of the owner's bookings; someone else's and none answer the same 404 (no oracle). */
async function ownedBooking(db: Db, owner: BookingOwner, id: number): Promise<BookingWithLinks> {
  const [row] = await selectOwnedBookings(db, owner, id);
  if (!row) throw new AppError('BOOKING_NOT_FOUND', 404, texts.notFound);
  return row;
}

async function reloadOwned(db: Db, owner: BookingOwner, id: number, now: Date): Promise<AccountBooking> {
  const { settings } = await selectBookingSettings(db);
  return accountBooking(await ownedBooking(db, owner, id), settings, now);
}

/** Cancels one of the owner's bookings, with the link's rules (until the cut-off). */
export async function cancelForAccount(deps: BookingDeps, owner: BookingOwner, id: number, { client, now }: { client: string; now: Date }): Promise<AccountBooking> {
  await hitRateLimit(deps.db, BOOKING_MANAGE_LIMIT, client, texts.manageLimited);
  const booking = await ownedBooking(deps.db, owner, id);
  if (booking.status === 'cancelled') throw new AppError('BOOKING_CANCELLED', 409, texts.alreadyCancelled);
  await cancel(deps, booking.id, 'customer', now);
  return reloadOwned(deps.db, owner, booking.id, now);
}

export type AccountRescheduleOutcome = { ok: true; booking: AccountBooking } | { ok: false; nextSlots: { start: string; end: string }[] };

/** Moves one of the owner's bookings, with the link's rules (until the cut-off, a free slot). */
export async function rescheduleForAccount(
  deps: BookingDeps,
  owner: BookingOwner,
  id: number,
  slotStart: string,
  { client, now }: { client: string; now: Date },
): Promise<AccountRescheduleOutcome> {
  await hitRateLimit(deps.db, BOOKING_MANAGE_LIMIT, client, texts.manageLimited);
  const booking = await ownedBooking(deps.db, owner, id);
  const outcome = await moveBooking(deps, booking.id, slotStart, now);
  if (!outcome.ok) return outcome;
  return { ok: true, booking: await reloadOwned(deps.db, owner, booking.id, now) };
}

// ─── Staff ──────────────────────────────────────────────────────────────────────────────────────

function adminBooking(row: BookingWithLinks): AdminBooking {
  return {
    id: row.id,
    reference: row.reference,
    slotStart: row.slotStart.toISOString(),
    slotEnd: row.slotEnd.toISOString(),
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    smsConsent: row.smsConsent,
    note: row.note,
    estimateNumber: row.estimateNumber,
    quoteReference: row.quoteReference,
    cancelledBy: row.cancelledBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The staff's day or week: every opening slot (past ones too) with its count, rule and bookings. */
export async function adminSchedule(db: Db, query: { from?: string | undefined; days?: number | undefined }, now: Date) {
  const from = query.from ?? parisDay(now);
  const count = query.days ?? 1;
  const to = addDays(from, count);
  const context = await loadCalendarContext(db, now, from, to);
  const counters = new Map((await selectSlotCounters(db, dayStart(from), dayStart(to))).map((counter) => [counter.slotStart.getTime(), counter]));
  const rows = await selectBookingsBetween(db, dayStart(from), dayStart(to));
  const confirmed = rows.filter((row) => row.status === 'confirmed');
  const placed = new Set<number>();
  const days: AdminBookingDay[] = Array.from({ length: count }, (_, index) => {
    const day = addDays(from, index);
    const closed = dayClosure(day, { ...context, now: new Date(0) });
    const slots = closed && closed.kind !== 'horizon' ? [] : openingSlots(day, context.settings);
    return {
      day,
      closed: closed && closed.kind !== 'horizon' ? closed.label : null,
      slots: slots.map((slot) => {
        const counter = counters.get(slot.start.getTime());
        const here = confirmed.filter((row) => row.slotStart.getTime() === slot.start.getTime());
        for (const row of here) placed.add(row.id);
        return {
          start: slot.start.toISOString(),
          end: slot.end.toISOString(),
          booked: counter?.booked ?? 0,
          capacity: counter?.capacityOverride ?? context.settings.capacity,
          capacityOverride: counter?.capacityOverride ?? null,
          blockedReason: counter?.blockedReason ?? null,
          bookings: here.map(adminBooking),
        };
      }),
    };
  });
  return {
    from,
    days,
    others: confirmed.filter((row) => !placed.has(row.id)).map(adminBooking),
    cancelled: rows.filter((row) => row.status === 'cancelled').map(adminBooking),
  };
}

/** Blocks or unblocks a slot, or gives it a capacity of its own (existing bookings are kept). */
export async function updateSlotRule(db: Db, actor: AuditActor, change: { slotStart: string; blockedReason?: string | null | undefined; capacityOverride?: number | null | undefined }): Promise<void> {
  const start = new Date(change.slotStart);
  const { settings } = await selectBookingSettings(db);
  if (!openingSlots(parisDay(start), settings).some((slot) => slot.start.getTime() === start.getTime())) {
    throw new AppError('SLOT_UNAVAILABLE', 400, 'Ce créneau ne fait pas partie des horaires de rendez-vous.');
  }
  await db.transaction(async (tx) => {
    const rule = {
      ...(change.blockedReason !== undefined ? { blockedReason: change.blockedReason } : {}),
      ...(change.capacityOverride !== undefined ? { capacityOverride: change.capacityOverride } : {}),
    };
    const after = await upsertSlotRule(tx, start, rule);
    await recordAudit(tx, actor, { action: 'booking.slot', entity: 'booking_slot', entityId: start.toISOString(), after: { blockedReason: after?.blockedReason ?? null, capacityOverride: after?.capacityOverride ?? null } });
  });
}

export async function getSettings(db: Db) {
  return selectBookingSettings(db);
}

export async function saveSettings(db: Db, actor: AuditActor, settings: BookingSettings): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectBookingSettings(tx);
    await upsertBookingSettings(tx, settings, actor.user.id);
    await recordAudit(tx, actor, { action: 'booking.settings', entity: 'booking_settings', entityId: 1, before: before.settings, after: settings });
  });
}

export async function listClosures(db: Db, year: number) {
  const closures = await selectClosures(db, `${year}-01-01`, `${year}-12-31`);
  return { year, closures, holidays: frenchHolidays(year) };
}

/** Refused: the day's bookings to show staff; `newSince` when staff had confirmed a list that no longer holds them all. */
export type ClosureOutcome = { ok: true; cancelled: ClosureBooking[] } | { ok: false; bookings: ClosureBooking[]; newSince: boolean };

/** Thrown inside the closure's transaction to undo it: the day has bookings and staff did not say to cancel them. */
class ClosureHitsBookings extends Error {
  constructor(
    readonly bookings: ClosureBooking[],
    readonly newSince: boolean,
  ) {
    super('closure hits bookings');
  }
}

const closureBooking = (row: BookingRow): ClosureBooking => ({ reference: row.reference, slotStart: row.slotStart.toISOString(), name: row.name });

/**
 * Closes a day. Its upcoming confirmed bookings are either listed back (nothing saved: the caller
 * answers 409) or, with `cancelBookings`, cancelled with it in one transaction: places given back,
 * links voided, each customer mailed (the closure's reason, an apology, a link to book again) and
 * texted when they agreed, staff mailed, everything audited. With `expectedBookings` (the list staff
 * confirmed), a booking not in it (taken while staff read the list) makes it a 409 again. Bookings of the day that have already
 * started are left as they are (the customer came, or did not: staff's record).
 */
export async function addClosure(
  deps: BookingDeps,
  actor: AuditActor,
  input: { day: string; reason: string; cancelBookings: boolean; expectedBookings?: readonly string[] | undefined },
  now: Date,
): Promise<ClosureOutcome> {
  const { db } = deps;
  const { day, reason } = input;
  if (daysBetween(parisDay(now), day) < 0) throw new AppError('CLOSURE_PAST', 400, 'Ce jour est déjà passé.');
  let cancelled: ClosureBooking[];
  try {
    cancelled = await db.transaction(async (tx) => {
      // The day's lock first: no booking can be taken on this day until this commits (assertDayOpen).
      await lockBookingDay(tx, day);
      const row = await insertClosure(tx, day, reason);
      if (!row) throw new AppError('CLOSURE_EXISTS', 409, 'Ce jour est déjà fermé.');
      const hit = (await lockConfirmedBookingsBetween(tx, dayStart(day), dayStart(addDays(day, 1)))).filter((booking) => booking.slotStart.getTime() > now.getTime());
      // Staff cancel what they were shown: a booking taken since the list they confirmed sends it back.
      const expected = input.expectedBookings && new Set(input.expectedBookings);
      const unseen = expected ? hit.filter((booking) => !expected.has(booking.reference)) : [];
      if (hit.length > 0 && (!input.cancelBookings || unseen.length > 0)) throw new ClosureHitsBookings(hit.map(closureBooking), unseen.length > 0);
      const { settings } = await selectBookingSettings(tx);
      const profile = await getStoreProfile(tx);
      for (const booking of hit) await cancelLocked(tx, deps, booking, 'staff', now, { settings, profile, actor, closure: { day, reason } });
      await recordAudit(tx, actor, {
        action: 'booking.closure.add',
        entity: 'booking_closure',
        entityId: row.id,
        after: { day, reason, cancelledBookings: hit.map((booking) => booking.reference) },
      });
      return hit.map(closureBooking);
    });
  } catch (error) {
    if (error instanceof ClosureHitsBookings) return { ok: false, bookings: error.bookings, newSince: error.newSince };
    throw error;
  }
  if (cancelled.length > 0) {
    deps.mail.kick();
    deps.sms.kick();
  }
  return { ok: true, cancelled };
}

export async function removeClosure(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteClosure(tx, id);
    if (!row) throw new AppError('CLOSURE_NOT_FOUND', 404, 'Fermeture introuvable');
    await recordAudit(tx, actor, { action: 'booking.closure.remove', entity: 'booking_closure', entityId: id, before: { day: row.day, reason: row.reason } });
  });
}
