import { desc, eq, inArray, max, or } from 'drizzle-orm';
import { readyForPickupSms } from '@erepare/shared/sms';
import { staffStatusKey } from '@erepare/shared/ticket-status';
import type { Executor, Tx } from '../../db/client.js';
import { bookings, estimates, ticketEvents } from '../../db/schema.js';
import { getStoreProfile } from '../settings/store-profile.js';
import type { SmsService } from './service.js';

/**
 * « Appareil prêt » by SMS (issue 24 §5): when staff move a ticket to « Prêt à récupérer », the
 * customer gets an SMS if they agreed to service SMS about this repair.
 *
 * The consent is the one given for this repair: the latest estimate of the ticket, or the latest
 * booking of one of its estimates or of its customer, whichever is the most recent; its number is
 * the one texted. The `sms_opt_in` of users and customers is a *marketing* consent given at
 * registration: it is never read here (docs/decisions.md).
 */

const READY_KEY = staffStatusKey('Ready for Pickup');

/** « Ready for Pickup », « Prêt à récupérer », « prêt pour récupération », « Prêt »: one state for staff. */
export function isReadyForPickupStatus(status: string): boolean {
  return staffStatusKey(status) === READY_KEY;
}

type Consent = { phone: string; smsConsent: boolean; createdAt: Date };

/** The latest consent given for this ticket's repair (estimate or booking), or null. */
export async function repairSmsConsent(tx: Executor, ticket: { id: number; customerId: number | null }): Promise<Consent | null> {
  const columns = { phone: estimates.phone, smsConsent: estimates.smsConsent, createdAt: estimates.createdAt };
  const [estimate] = await tx.select(columns).from(estimates).where(eq(estimates.ticketId, ticket.id)).orderBy(desc(estimates.createdAt), desc(estimates.id)).limit(1);
  const ofTicket = tx.select({ id: estimates.id }).from(estimates).where(eq(estimates.ticketId, ticket.id));
  const [booking] = await tx
    .select({ phone: bookings.phone, smsConsent: bookings.smsConsent, createdAt: bookings.createdAt })
    .from(bookings)
    .where(ticket.customerId === null ? inArray(bookings.estimateId, ofTicket) : or(inArray(bookings.estimateId, ofTicket), eq(bookings.customerId, ticket.customerId)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(1);
  // The booking first: on a tie (the same millisecond, as read back), a booking made from the
  // estimate's link came after it (a stable sort keeps it first).
  const found = [booking, estimate].filter((entry): entry is Consent => entry !== undefined);
  found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return found[0] ?? null;
}

/**
 * Queues the SMS in the status change's transaction (the caller kicks the job after the commit).
 * Local tickets: once per status event (moving the ticket back and forth texts again, a replayed
 * change does not). RepairDesk tickets have no events of ours: the caller gives the key (once per
 * ticket, jobs/ready-for-pickup-notices.ts).
 */
export async function queueReadyForPickupSms(
  tx: Tx,
  sms: SmsService,
  ticket: { id: number; customerId: number | null; ticketNumber: string },
  dedupeKey?: string,
): Promise<boolean> {
  if (!sms.enabled) return false;
  const consent = await repairSmsConsent(tx, ticket);
  if (!consent?.smsConsent || !consent.phone) return false;
  const profile = await getStoreProfile(tx);
  let key = dedupeKey;
  if (key === undefined) {
    const [event] = await tx.select({ id: max(ticketEvents.id) }).from(ticketEvents).where(eq(ticketEvents.ticketId, ticket.id));
    key = `ready_for_pickup:${ticket.ticketNumber}:${event?.id ?? 0}`;
  }
  return sms.queue(tx, {
    kind: 'ready_for_pickup',
    to: consent.phone,
    body: readyForPickupSms({ storeName: profile.name, ticket: ticket.ticketNumber, openingHours: profile.openingHours }),
    consent: true,
    dedupeKey: key,
  });
}
