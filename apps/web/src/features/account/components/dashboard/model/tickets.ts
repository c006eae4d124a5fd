import { PDF_ERROR_MESSAGE } from '../../../../../lib/pdf-download';
import type { FullTicket, FullTicketDetail, PublicTicketDetail } from '@erepare/shared/schemas/repair';
import { normaliseTicketNumber } from '@erepare/shared/ticket-number';
import { accountListColour, statusLabel, type AccountListColour } from '@erepare/shared/ticket-status';
import { ApiError, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../../../../lib/api-client';
import { matchesQuery } from './search';

/** The exact texts of spec 1 §5 and §8 for the account's tickets. */
export const ticketMessages = {
  unlinked: 'Compte E.repare non lié - liez votre compte E.repare pour rechercher vos tickets',
  noMatch: 'Aucun ticket trouvé avec ces critères',
  fetchError: 'Erreur lors de la récupération des tickets',
  detailError: 'Impossible de récupérer les détails du ticket',
  securityNote: 'Pour votre sécurité, seuls vos propres tickets sont affichés.',
  pdfError: PDF_ERROR_MESSAGE,
} as const;

export function notAuthorisedMessage(id: string): string {
  return `Ticket ${id} non autorisé ou introuvable`;
}

export function validationFailedMessage(id: string): string {
  return `Erreur lors de la validation du ticket ${id}`;
}

/** Spec 1 §5: searching needs a verified address (linking waits for it) and a linked customer. */
export type TicketAccess = 'unverified' | 'unlinked' | 'ok';

export function ticketAccess(user: { email_verified: boolean; repairdesk_customer_id: number | null }): TicketAccess {
  if (!user.email_verified) return 'unverified';
  if (user.repairdesk_customer_id === null) return 'unlinked';
  return 'ok';
}

/** Same customer, whether the id came as a number or as text (spec 1 §5). */
export function sameCustomer(a: number | string | null | undefined, b: number | string | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  const left = String(a).trim();
  return left !== '' && left === String(b).trim();
}

/**
 * Spec 1 §5: results are filtered on the client to the user's own tickets, even though the
 * server already answers only with them (a second lock, cheap).
 */
export function ownTickets<T extends Pick<FullTicket, 'customerId' | 'customer_id'>>(tickets: readonly T[], customerId: number | null): T[] {
  if (customerId === null) return [];
  return tickets.filter((ticket) => sameCustomer(ticket.customerId, customerId) && sameCustomer(ticket.customer_id, customerId));
}

/** The full view of a ticket, when the answer is one (the server gives the public view to anyone else). */
export function isFullTicket(ticket: FullTicketDetail | PublicTicketDetail): ticket is FullTicketDetail {
  return 'customerId' in ticket;
}

/** A ticket opened from `/compte?ticket=…` is shown only when it is the user's own. */
export function ownedTicket(ticket: FullTicketDetail | PublicTicketDetail | undefined, customerId: number | null): FullTicketDetail | null {
  if (!ticket || customerId === null || !isFullTicket(ticket)) return null;
  return sameCustomer(ticket.customerId, customerId) ? ticket : null;
}

/**
 * The search of the repairs tab: ticket number (with or without "T-"), device, brand, model,
 * fault, status (English or its French label), IMEI, serial number and repair items.
 */
export function searchTickets<T extends FullTicket>(tickets: readonly T[], query: string): T[] {
  if (query.trim() === '') return [...tickets];
  return tickets.filter((ticket) =>
    matchesQuery(query, [
      ticket.ticket_number,
      ticket.ticket_number.replace(/^T-?/i, ''),
      String(ticket.id),
      ticket.status,
      statusLabel(ticket.status),
      ticket.device_name,
      ticket.device_brand,
      ticket.device_model,
      ticket.device_fault,
      ticket.description,
      ...ticket.devices.flatMap((device) => [
        device.device_name,
        device.device_brand,
        device.device_model,
        device.device_fault,
        device.imei,
        device.serial,
        device.status,
        statusLabel(device.status),
        ...device.repairItems,
      ]),
    ]),
  );
}

/** Newest first. */
export function sortTickets<T extends Pick<FullTicket, 'created_at' | 'id'>>(tickets: readonly T[]): T[] {
  return [...tickets].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

/**
 * What `?ticket=` names: a ticket number ("6632", "t-6632" → "T-6632") or an internal id
 * ("150"); null for anything else (never sent to the server).
 */
export function ticketParamKey(param: string | null): string | null {
  if (param === null) return null;
  const trimmed = param.trim();
  if (trimmed === '') return null;
  const number = normaliseTicketNumber(trimmed);
  if (number) return number;
  return /^\d{1,9}$/.test(trimmed) ? trimmed : null;
}

/** What the not-authorised message names: the key, or the raw value cut short. */
export function ticketParamDisplay(param: string): string {
  const key = ticketParamKey(param);
  if (key) return key;
  const trimmed = param.trim();
  return trimmed.length > 20 ? `${trimmed.slice(0, 20)}…` : trimmed;
}

/** Whether a ticket is the one `?ticket=` names (by number or by id). */
export function ticketMatchesKey(ticket: Pick<FullTicket, 'id' | 'ticket_number'>, key: string): boolean {
  return normaliseTicketNumber(ticket.ticket_number) === key || ticket.ticket_number === key || String(ticket.id) === key;
}

/** Spec 1 §8 for the ticket list: network, unreadable answer, anything else. */
export function ticketErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NETWORK_ERROR_MESSAGE;
    if (error.message === UNAVAILABLE_MESSAGE) return UNAVAILABLE_MESSAGE;
  }
  return ticketMessages.fetchError;
}

/** Spec 1 §4, the account's list colours; light and dark pairs of at least 4.5:1. */
export const accountColourClasses: Record<AccountListColour, string> = {
  green: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
  yellow: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  grey: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
};

export const accountColourDots: Record<AccountListColour, string> = {
  green: 'bg-emerald-600 dark:bg-emerald-400',
  yellow: 'bg-amber-500 dark:bg-amber-300',
  grey: 'bg-slate-500 dark:bg-slate-400',
};

export function ticketStatusView(status: string | null | undefined): { label: string; colour: AccountListColour } {
  return { label: statusLabel(status), colour: accountListColour(status) };
}
