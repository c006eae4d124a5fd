import { eq } from 'drizzle-orm';
import type { RepairBackend, TicketRecord } from '../adapters/repair/types.js';
import type { Db } from '../db/client.js';
import { withinRateLimit } from '../lib/rate-limit.js';
import { mailOutbox, smsOutbox } from '../db/schema.js';
import { ticketStatusEmail } from '../modules/admin/tickets-admin-mail.js';
import { enqueueMail } from '../modules/mail/outbox.js';
import { invoicePaymentLink } from '../modules/repair-payments/ready-mail.js';
import { payableInvoice } from '../modules/repair-payments/service.js';
import { getStoreProfile } from '../modules/settings/store-profile.js';
import { smsNumber } from '../modules/sms/outbox.js';
import { isReadyForPickupStatus, queueReadyForPickupSms, repairSmsConsent } from '../modules/sms/ready-for-pickup.js';
import type { SmsService } from '../modules/sms/service.js';
import type { TicketTrackingLogger } from './ticket-tracking.js';

/**
 * « Prêt à récupérer » for tickets kept in RepairDesk (issue 24 §4, §5). With our own tables, staff
 * change the status here and the change sends the e-mail (with « Payer en ligne » when an invoice
 * is left to pay) and the SMS. With RepairDesk the status changes there: the tracking job hands
 * every ticket it read in a round (the tracked ones, and every READY_SWEEP_INTERVAL_MS the newest
 * page of RepairDesk's tickets, for all instances together) to this step, which sends the same
 * e-mail and SMS for a ticket in that status.
 *
 * Once per ticket, ever: the e-mail's dedupe key (`ticket_ready:repairdesk:<ticket id>`) and the
 * SMS's (`ready_for_pickup:repairdesk:<ticket id>`) are unique in their outboxes, which are never
 * purged. A ticket with either row is skipped before anything is asked of RepairDesk; two
 * instances racing for one ticket write one row (the loser's transaction, link included, is rolled
 * back); a restart, or the status going back and forth, sends nothing more.
 *
 * Only tickets RepairDesk modified within READY_NOTICE_WINDOW_MS: a ticket that sits « prêt » for
 * weeks is not announced again by a new deployment or a restored database — nor is one reached
 * long after the fact (RepairDesk down for more than the window). RepairDesk requests (the
 * customer, their invoices) come out of the tracking job's budget; a round that runs out stops
 * here and the next one goes on.
 */

/** How recent RepairDesk's last modification of a ready ticket must be for it to be announced. */
export const READY_NOTICE_WINDOW_MS = 3 * 86_400_000;

/**
 * How often the job reads the newest page of RepairDesk's tickets for them (one request), all
 * instances together: a « prêt » e-mail a few minutes late costs nothing, RepairDesk's quota (50
 * requests a minute for the whole site) is better kept for visitors.
 */
export const READY_SWEEP_INTERVAL_MS = 5 * 60_000;

export type ReadyNoticeOptions = {
  publicUrl: string;
  sms?: SmsService | undefined;
  /** Kicks the mail and SMS outboxes once notices were queued. */
  kick?: (() => void) | undefined;
  /**
   * Per instance: tickets found ready whose customer has neither an e-mail address nor SMS consent
   * (ticket id → RepairDesk's modification time), not asked about again until modified.
   */
  unreachable?: Map<number, number> | undefined;
  /** At most one sweep of the newest tickets per this period, all instances together (a shared counter); absent: every round. */
  sweepEveryMs?: number | undefined;
  /** No sweep before this time (ms since the epoch): the job waits one period after it starts. */
  firstSweepAt?: number | undefined;
};

/** Whether this round reads the newest page of tickets for the notices (see sweepEveryMs). */
export async function readySweepDue(db: Db, options: ReadyNoticeOptions, now = Date.now()): Promise<boolean> {
  if (options.firstSweepAt !== undefined && now < options.firstSweepAt) return false;
  if (options.sweepEveryMs === undefined) return true;
  return withinRateLimit(db, { name: 'ready-notices-sweep', limit: 1, windowMs: options.sweepEveryMs }, 'all');
}

export type ReadyNoticeResult = { sent: number; skipped: number; outOfBudget: boolean };

export const readyNoticeKeys = (ticketId: number) => ({ mail: `ticket_ready:repairdesk:${ticketId}`, sms: `ready_for_pickup:repairdesk:${ticketId}` });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Thrown inside the transaction when another instance queued the e-mail first: everything is rolled back. */
class AlreadyNotified extends Error {}

async function alreadyNotified(db: Db, ticketId: number): Promise<boolean> {
  const keys = readyNoticeKeys(ticketId);
  const [mail] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, keys.mail)).limit(1);
  if (mail) return true;
  const [sms] = await db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.dedupeKey, keys.sms)).limit(1);
  return sms !== undefined;
}

/** The ticket's newest invoice still asking something (online payments not yet posted count as paid), or null. */
async function invoiceLeftToPay(db: Db, backend: RepairBackend, ticket: TicketRecord): Promise<{ id: number; invoiceNumber: string; amountDueCents: number } | null> {
  const { items } = await backend.listInvoices({ customerId: ticket.customerId, offset: 0, limit: 50 });
  const mine = items.filter((invoice) => invoice.ticketId === ticket.id).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  for (const invoice of mine) {
    const { summary } = await payableInvoice({ db, backend }, invoice);
    if (summary.amountDueCents > 0) return { id: invoice.id, invoiceNumber: invoice.invoiceNumber, amountDueCents: summary.amountDueCents };
  }
  return null;
}

export async function sendReadyNotices(
  db: Db,
  backend: RepairBackend,
  tickets: TicketRecord[],
  options: ReadyNoticeOptions & { spend: (cost: number) => Promise<boolean>; log?: TicketTrackingLogger | undefined; now?: Date },
): Promise<ReadyNoticeResult> {
  const result: ReadyNoticeResult = { sent: 0, skipped: 0, outOfBudget: false };
  const since = (options.now ?? new Date()).getTime() - READY_NOTICE_WINDOW_MS;
  const sms = options.sms?.enabled ? options.sms : null;
  for (const ticket of tickets) {
    if (!isReadyForPickupStatus(ticket.status) || ticket.updatedAt.getTime() < since) continue;
    if (options.unreachable?.get(ticket.id) === ticket.updatedAt.getTime()) continue;
    if (await alreadyNotified(db, ticket.id)) continue;

    const consent = sms ? await repairSmsConsent(db, { id: ticket.id, customerId: ticket.customerId }) : null;
    const texting = sms !== null && consent?.smsConsent === true && smsNumber(consent.phone) !== null;
    if (!(await options.spend(1))) {
      result.outOfBudget = true;
      break;
    }
    const customer = await backend.getCustomer(ticket.customerId);
    const email = customer?.email && EMAIL.test(customer.email) ? customer.email : null;
    if (!email && !texting) {
      if (options.unreachable && options.unreachable.size >= 10_000) options.unreachable.clear();
      options.unreachable?.set(ticket.id, ticket.updatedAt.getTime());
      result.skipped += 1;
      continue;
    }
    let invoice: Awaited<ReturnType<typeof invoiceLeftToPay>> = null;
    if (email) {
      if (!(await options.spend(2))) {
        result.outOfBudget = true;
        break;
      }
      invoice = await invoiceLeftToPay(db, backend, ticket);
    }

    const keys = readyNoticeKeys(ticket.id);
    try {
      await db.transaction(async (tx) => {
        if (email) {
          const payment = invoice ? await invoicePaymentLink(tx, invoice, options.publicUrl) : null;
          const mail = ticketStatusEmail({ publicUrl: options.publicUrl, ticketNumber: ticket.ticketNumber, status: ticket.status, firstName: customer?.firstName ?? '', profile: await getStoreProfile(tx), payment });
          const queued = await enqueueMail(tx, { kind: 'ticket_status', to: email, ...mail, dedupeKey: keys.mail });
          if (!queued.created) throw new AlreadyNotified();
        }
        if (sms && texting) await queueReadyForPickupSms(tx, sms, { id: ticket.id, customerId: ticket.customerId, ticketNumber: ticket.ticketNumber }, keys.sms);
      });
    } catch (error) {
      if (error instanceof AlreadyNotified) continue;
      throw error;
    }
    result.sent += 1;
    options.log?.info({ ticketNumber: ticket.ticketNumber, emailed: email !== null, texted: texting, payLink: invoice !== null }, 'RepairDesk ticket ready for pickup: customer told');
  }
  if (result.sent > 0) options.kick?.();
  return result;
}
