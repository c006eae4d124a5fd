import { eq } from 'drizzle-orm';
import { normaliseTicketNumber } from '@erepare/shared/ticket-number';
import type { Db } from '../../db/client.js';
import { statuses, ticketDevices, ticketEvents, tickets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { onTicketStatusChanged } from '../tracking/service.js';

/**
 * Staff change a ticket's status (local backend only: with RepairDesk, statuses change in
 * RepairDesk and the tracking job sees them). In one transaction: the ticket and its devices take
 * the new status, the history gets an event, and the tracking logic stores the customer's
 * notification and queues the pushes, so they are committed with the change or not at all.
 */

export const ticketStatusMessages = {
  readOnly: 'Les tickets sont gérés dans RepairDesk : changez le statut dans RepairDesk, le site le verra à la prochaine vérification.',
  notFound: 'Ticket introuvable',
  unknownStatus: (name: string) => `Statut « ${name} » inconnu : choisissez un statut de la liste.`,
  unchanged: 'Le ticket a déjà ce statut.',
  changed: (ticket: string, status: string) => `Statut du ticket ${ticket} : ${status}`,
} as const;

export type StatusChange = { ticketNumber: string; from: string; to: string; changed: boolean; pushes: number; notified: number };

export async function changeTicketStatus(db: Db, backendKind: 'local' | 'repairdesk', ticketParam: string, statusName: string): Promise<StatusChange> {
  if (backendKind !== 'local') throw new AppError('REPAIR_READ_ONLY', 409, ticketStatusMessages.readOnly);
  const ticketNumber = normaliseTicketNumber(ticketParam);
  if (!ticketNumber) throw new AppError('TICKET_NOT_FOUND', 404, ticketStatusMessages.notFound);
  const name = statusName.trim();
  return db.transaction(async (tx) => {
    const [status] = await tx.select({ name: statuses.name }).from(statuses).where(eq(statuses.name, name)).limit(1);
    if (!status) throw new AppError('UNKNOWN_STATUS', 400, ticketStatusMessages.unknownStatus(name.slice(0, 60)));
    const [ticket] = await tx
      .select({ id: tickets.id, status: tickets.status })
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
    return { ticketNumber, from: ticket.status, to: status.name, changed: true, pushes: applied.pushes, notified: applied.notified.length };
  });
}
