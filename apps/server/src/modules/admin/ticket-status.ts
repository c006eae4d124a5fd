import { eq } from 'drizzle-orm';
import { normaliseTicketNumber } from '@erepare/shared/ticket-number';
import { resolveStatusName, staffStatusLabel } from '@erepare/shared/ticket-status';
import type { Db, Tx } from '../../db/client.js';
import { customers, statuses, ticketDevices, ticketEvents, tickets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueMail } from '../mail/outbox.js';
import { onTicketStatusChanged } from '../tracking/service.js';
import { recordAudit, type AuditActor } from './audit.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { ticketStatusEmail } from './tickets-admin-mail.js';
import { invoicePaymentLinkFor } from '../repair-payments/ready-mail.js';
import { isReadyForPickupStatus, queueReadyForPickupSms } from '../sms/ready-for-pickup.js';
import type { SmsService } from '../sms/service.js';

/**
 * Staff change a ticket's status (local backend only: with RepairDesk, statuses change in
 * RepairDesk and the tracking job sees them). In one transaction: the ticket and its devices take
 * the new status, the history gets an event, and the tracking logic stores the customer's
 * notification and queues the pushes, so they are committed with the change or not at all.
 * With `notifyByEmail`, a short e-mail to the customer's main address is queued in the same
 * transaction (the outbox sends it after the commit); a customer without an address gets none and
 * the answer says so (`emailed: false`), the status still changes.
 */

export const ticketStatusMessages = {
  readOnly: 'Les tickets sont gérés dans RepairDesk\u00a0: changez le statut dans RepairDesk, le site le verra à la prochaine vérification.',
  notFound: 'Ticket introuvable',
  unknownStatus: (name: string) => `Statut «\u00a0${name}\u00a0» inconnu\u00a0: choisissez un statut de la liste.`,
  unchanged: 'Le ticket a déjà ce statut.',
  changed: (ticket: string, status: string) => `Statut du ticket ${ticket}\u00a0: ${staffStatusLabel(status)}`,
  emailed: (email: string) => `E-mail envoyé à ${email}.`,
  noEmail: 'Le client n’a pas d’adresse e-mail\u00a0: aucun e-mail envoyé.',
} as const;

/**
 * The stored status staff mean by `wanted`, locked FOR SHARE until the transaction ends (it cannot
 * be deleted or renamed under the change): the exact name, or the one staff see under that French
 * name ("En cours de réparation" for "In Progress", issue 22 §3.1). Null when none matches.
 */
export async function lockStatusNamed(tx: Tx, wanted: string): Promise<string | null> {
  const name = wanted.trim();
  const [exact] = await tx.select({ name: statuses.name }).from(statuses).where(eq(statuses.name, name)).limit(1).for('share');
  if (exact) return exact.name;
  const all = await tx.select({ name: statuses.name }).from(statuses);
  const resolved = resolveStatusName(all.map((row) => row.name), name);
  if (resolved === null) return null;
  const [locked] = await tx.select({ name: statuses.name }).from(statuses).where(eq(statuses.name, resolved)).limit(1).for('share');
  return locked?.name ?? null;
}

export type StatusChange = {
  ticketNumber: string;
  from: string;
  to: string;
  changed: boolean;
  pushes: number;
  notified: number;
  /** True when an e-mail was queued; false when one was asked for but the customer has no address. Undefined when none was asked for. */
  emailed?: boolean;
  emailTo?: string;
  /** True when a « prêt à récupérer » SMS was queued (issue 24 §5): the caller kicks the SMS job. */
  sms?: boolean;
};

export type StatusChangeOptions = { notifyByEmail?: boolean | undefined; publicUrl?: string | undefined; sms?: SmsService | undefined };

export async function changeTicketStatus(
  db: Db,
  backendKind: 'local' | 'repairdesk',
  ticketParam: string,
  statusName: string,
  actor: AuditActor,
  options: StatusChangeOptions = {},
): Promise<StatusChange> {
  if (backendKind !== 'local') throw new AppError('REPAIR_READ_ONLY', 409, ticketStatusMessages.readOnly);
  const ticketNumber = normaliseTicketNumber(ticketParam);
  if (!ticketNumber) throw new AppError('TICKET_NOT_FOUND', 404, ticketStatusMessages.notFound);
  const name = statusName.trim();
  return db.transaction(async (tx) => {
    // Shared lock: a status being deleted or renamed meanwhile is waited for (then not found), and
    // cannot be deleted or renamed under this change (the deletion then sees the ticket).
    const found = await lockStatusNamed(tx, name);
    if (!found) throw new AppError('UNKNOWN_STATUS', 400, ticketStatusMessages.unknownStatus(name.slice(0, 60)));
    const status = { name: found };
    const [ticket] = await tx
      .select({ id: tickets.id, status: tickets.status, customerId: tickets.customerId })
      .from(tickets)
      .where(eq(tickets.ticketNumber, ticketNumber))
      .for('update')
      .limit(1);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND', 404, ticketStatusMessages.notFound);
    if (ticket.status === status.name) return { ticketNumber, from: ticket.status, to: status.name, changed: false, pushes: 0, notified: 0 };
    await tx.update(tickets).set({ status: status.name, updatedAt: new Date() }).where(eq(tickets.id, ticket.id));
    await tx.update(ticketDevices).set({ status: status.name }).where(eq(ticketDevices.ticketId, ticket.id));
    await tx.insert(ticketEvents).values({ ticketId: ticket.id, fromStatus: ticket.status, toStatus: status.name });
    const applied = await onTicketStatusChanged(tx, ticketNumber);
    const change: StatusChange = { ticketNumber, from: ticket.status, to: status.name, changed: true, pushes: applied.pushes, notified: applied.notified.length };
    // « Prêt à récupérer »: an SMS too, when the customer agreed to service SMS for this repair (issue 24 §5).
    if (options.sms && isReadyForPickupStatus(status.name)) {
      change.sms = await queueReadyForPickupSms(tx, options.sms, { id: ticket.id, customerId: ticket.customerId, ticketNumber });
    }
    if (options.notifyByEmail) {
      const [customer] = await tx.select({ email: customers.email, firstName: customers.firstName }).from(customers).where(eq(customers.id, ticket.customerId)).limit(1);
      // A malformed address stored long ago is treated as no address (the outbox would refuse it).
      const email = customer?.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customer.email) ? customer.email : null;
      change.emailed = email !== null;
      if (email && customer) {
        // Ready for pickup with an invoice still to pay: « Payer en ligne » (issue 24 §4).
        const payment = await invoicePaymentLinkFor(tx, ticket.id, status.name, options.publicUrl ?? '');
        const mail = ticketStatusEmail({ publicUrl: options.publicUrl ?? '', ticketNumber, status: status.name, firstName: customer.firstName, profile: await getStoreProfile(tx), payment });
        await enqueueMail(tx, { kind: 'ticket_status', to: email, ...mail });
        change.emailTo = email;
      }
    }
    await recordAudit(tx, actor, {
      action: 'ticket.status',
      entity: 'ticket',
      entityId: ticketNumber,
      before: { status: ticket.status },
      after: { status: status.name, ...(options.notifyByEmail ? { emailed: change.emailed ?? false } : {}) },
    });
    return change;
  });
}
