import { and, asc, between, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { defaultBookingSettings, type BookingSettings } from '@erepare/shared/booking';
import { rowsOf, type Executor } from '../../db/client.js';
import { bookingClosures, bookingSettings, bookingSlots, bookings, customerLinks, estimates, quoteRequests } from '../../db/schema.js';
import type { EstimateOwner } from '../estimates/service.js';

/** Drop-off bookings: reads and writes only (rules in service.ts). */

export type BookingRow = typeof bookings.$inferSelect;

/** The saved settings, or the defaults of packages/shared when staff never saved any. */
export async function selectBookingSettings(db: Executor): Promise<{ settings: BookingSettings; saved: boolean }> {
  const rows = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1)).limit(1);
  const row = rows[0];
  if (!row) return { settings: defaultBookingSettings, saved: false };
  return {
    settings: { slotMinutes: row.slotMinutes, capacity: row.capacity, cutoffHours: row.cutoffHours, horizonDays: row.horizonDays, weekly: row.weekly },
    saved: true,
  };
}

export async function upsertBookingSettings(db: Executor, settings: BookingSettings, userId: number | null): Promise<void> {
  const values = { ...settings, updatedAt: new Date(), updatedBy: userId };
  await db.insert(bookingSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: bookingSettings.id, set: values });
}

export async function selectClosures(db: Executor, fromDay: string, toDay: string) {
  return db
    .select({ id: bookingClosures.id, day: bookingClosures.day, reason: bookingClosures.reason })
    .from(bookingClosures)
    .where(between(bookingClosures.day, fromDay, toDay))
    .orderBy(asc(bookingClosures.day));
}

export async function insertClosure(db: Executor, day: string, reason: string) {
  const rows = await db.insert(bookingClosures).values({ day, reason }).onConflictDoNothing({ target: bookingClosures.day }).returning();
  return rows[0];
}

/** The closure of one day, if staff closed it. */
export async function selectClosureOn(db: Executor, day: string) {
  const rows = await db.select({ id: bookingClosures.id, reason: bookingClosures.reason }).from(bookingClosures).where(eq(bookingClosures.day, day)).limit(1);
  return rows[0];
}

/** Namespace of the per-day advisory lock (pg_advisory_xact_lock(namespace, yyyymmdd)). */
const LOCK_BOOKING_DAY = 52_403;

/**
 * Serialises, for one Paris day, what books into it and what closes it: a booking takes the lock
 * then reads the closures again; a closure takes it then reads the day's bookings. So a booking
 * never lands on a day being closed without the closure seeing it. Taken before any booking row
 * is locked (one order everywhere: no deadlock).
 */
export async function lockBookingDay(db: Executor, day: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_BOOKING_DAY}::int, ${Number(day.replaceAll('-', ''))}::int)`);
}

/** The confirmed bookings starting in [from, to), locked for the rest of the transaction. */
export async function lockConfirmedBookingsBetween(db: Executor, from: Date, to: Date): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), gte(bookings.slotStart, from), lt(bookings.slotStart, to)))
    .orderBy(asc(bookings.slotStart), asc(bookings.id))
    .for('update');
}

export async function deleteClosure(db: Executor, id: number) {
  const rows = await db.delete(bookingClosures).where(eq(bookingClosures.id, id)).returning();
  return rows[0];
}

export type SlotCounter = { slotStart: Date; booked: number; capacityOverride: number | null; blockedReason: string | null };

/** The counters of the slots starting in [from, to). */
export async function selectSlotCounters(db: Executor, from: Date, to: Date): Promise<SlotCounter[]> {
  return db
    .select({ slotStart: bookingSlots.slotStart, booked: bookingSlots.booked, capacityOverride: bookingSlots.capacityOverride, blockedReason: bookingSlots.blockedReason })
    .from(bookingSlots)
    .where(and(gte(bookingSlots.slotStart, from), lt(bookingSlots.slotStart, to)));
}

/**
 * Takes one place in a slot, in the caller's transaction: the counter row is created if missing,
 * then raised only while it is below the slot's capacity and the slot is not blocked. One UPDATE
 * decides, so however many book at once, no more than the capacity succeed (a concurrent UPDATE
 * waits for the row and re-reads it). False when the slot is full or blocked.
 */
export async function takeSlotPlace(db: Executor, slotStart: Date, capacity: number): Promise<boolean> {
  await db.insert(bookingSlots).values({ slotStart }).onConflictDoNothing({ target: bookingSlots.slotStart });
  const result = await db.execute(sql`
    update booking_slots set booked = booked + 1, updated_at = now()
    where slot_start = ${slotStart.toISOString()}::timestamptz and blocked_reason is null and booked < coalesce(capacity_override, ${capacity}::int)
    returning booked
  `);
  return rowsOf<{ booked: number }>(result).length === 1;
}

/** Gives a place back (a booking moved away or cancelled). */
export async function releaseSlotPlace(db: Executor, slotStart: Date): Promise<void> {
  await db.execute(sql`
    update booking_slots set booked = booked - 1, updated_at = now()
    where slot_start = ${slotStart.toISOString()}::timestamptz and booked > 0
  `);
}

export async function upsertSlotRule(db: Executor, slotStart: Date, change: { blockedReason?: string | null; capacityOverride?: number | null }) {
  await db.insert(bookingSlots).values({ slotStart }).onConflictDoNothing({ target: bookingSlots.slotStart });
  const set: Partial<typeof bookingSlots.$inferInsert> = { updatedAt: new Date() };
  if (change.blockedReason !== undefined) set.blockedReason = change.blockedReason;
  if (change.capacityOverride !== undefined) set.capacityOverride = change.capacityOverride;
  const rows = await db.update(bookingSlots).set(set).where(eq(bookingSlots.slotStart, slotStart)).returning();
  return rows[0];
}

export async function selectSlotCounter(db: Executor, slotStart: Date) {
  const rows = await db.select().from(bookingSlots).where(eq(bookingSlots.slotStart, slotStart)).limit(1);
  return rows[0];
}

export async function nextBookingId(db: Executor): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('bookings', 'id'))::int as id`);
  const id = rowsOf<{ id: number }>(result)[0]?.id;
  if (!id) throw new Error('nextBookingId: no value');
  return Number(id);
}

export async function insertBooking(db: Executor, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  const rows = await db.insert(bookings).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insertBooking: nothing returned');
  return row;
}

/** The booking, locked for the rest of the transaction (two changes of one booking happen one after the other). */
export async function lockBooking(db: Executor, id: number): Promise<BookingRow | undefined> {
  const rows = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
  return rows[0];
}

export async function selectBooking(db: Executor, id: number): Promise<BookingRow | undefined> {
  const rows = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return rows[0];
}

/** Moves or cancels; `updated_at` takes the database's clock (the calendar file's SEQUENCE is read from it). */
export async function updateBooking(db: Executor, id: number, set: Partial<typeof bookings.$inferInsert>): Promise<BookingRow> {
  const rows = await db
    .update(bookings)
    .set({ ...set, updatedAt: sql`greatest(now(), ${bookings.updatedAt} + interval '1 second')` })
    .where(eq(bookings.id, id))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('updateBooking: nothing returned');
  return row;
}

/** A booking's live manage links follow it to its new time (they are valid until the slot starts). */
export async function extendBookingLinks(db: Executor, id: number, expiresAt: Date): Promise<void> {
  await db
    .update(customerLinks)
    .set({ expiresAt })
    .where(and(eq(customerLinks.purpose, 'booking'), eq(customerLinks.subjectId, id), sql`${customerLinks.revokedAt} is null`));
}

export type BookingWithLinks = BookingRow & { estimateNumber: string | null; quoteReference: string | null };

/** Bookings starting in [from, to), with the estimate or quote they are linked to (staff lists). */
export async function selectBookingsBetween(db: Executor, from: Date, to: Date): Promise<BookingWithLinks[]> {
  const rows = await db
    .select({ booking: bookings, estimateNumber: estimates.estimateNumber, quoteReference: quoteRequests.reference })
    .from(bookings)
    .leftJoin(estimates, eq(estimates.id, bookings.estimateId))
    .leftJoin(quoteRequests, eq(quoteRequests.id, bookings.quoteRequestId))
    .where(and(gte(bookings.slotStart, from), lt(bookings.slotStart, to)))
    .orderBy(asc(bookings.slotStart), asc(bookings.id));
  return rows.map((row) => ({ ...row.booking, estimateNumber: row.estimateNumber, quoteReference: row.quoteReference }));
}

export async function selectQuoteForBooking(db: Executor, reference: string) {
  const rows = await db.select({ id: quoteRequests.id, email: quoteRequests.email, reference: quoteRequests.reference }).from(quoteRequests).where(eq(quoteRequests.reference, reference)).limit(1);
  return rows[0];
}

export async function selectEstimateForBooking(db: Executor, id: number) {
  const rows = await db
    .select({ id: estimates.id, estimateNumber: estimates.estimateNumber, customerId: estimates.customerId, quoteRequestId: estimates.quoteRequestId })
    .from(estimates)
    .where(eq(estimates.id, id))
    .limit(1);
  return rows[0];
}

/**
 * Who owns, for the one ownership rule: the linked repair customer and the verified address
 * (lower-cased), either may be null. Made from the session's user by the estimates' helper
 * (`estimateOwnerOf`): one rule for estimates, orders and bookings.
 */
export type BookingOwner = EstimateOwner;

/** The one rule on the bookings table: its customer is the owner's linked one, or its address the owner's verified one. Null: owns nothing. */
export function ownedBookingsCondition(owner: BookingOwner): SQL | null {
  const conditions = [
    owner.customerId !== null ? eq(bookings.customerId, owner.customerId) : undefined,
    owner.email !== null ? sql`lower(trim(${bookings.email})) = ${owner.email}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length === 0 ? null : (or(...conditions) ?? null);
}

/** The owner's bookings (or one of them), with the estimate or quote they are for; latest slot first. */
export async function selectOwnedBookings(db: Executor, owner: BookingOwner, id?: number): Promise<BookingWithLinks[]> {
  const owned = ownedBookingsCondition(owner);
  if (!owned) return [];
  const rows = await db
    .select({ booking: bookings, estimateNumber: estimates.estimateNumber, quoteReference: quoteRequests.reference })
    .from(bookings)
    .leftJoin(estimates, eq(estimates.id, bookings.estimateId))
    .leftJoin(quoteRequests, eq(quoteRequests.id, bookings.quoteRequestId))
    .where(id === undefined ? owned : and(eq(bookings.id, id), owned))
    .orderBy(desc(bookings.slotStart), desc(bookings.id))
    .limit(200);
  return rows.map((row) => ({ ...row.booking, estimateNumber: row.estimateNumber, quoteReference: row.quoteReference }));
}
