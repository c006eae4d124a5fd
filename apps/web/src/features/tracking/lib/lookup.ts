import { validateTicketInput, type TicketInputResult } from '@erepare/shared/ticket-number';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

export const TICKET_NOT_FOUND_MESSAGE = 'Ticket introuvable';

/** The lookup field's rule (spec 1 §5): nothing is "already tracked" on this public page. */
export function checkTicketInput(input: string): TicketInputResult {
  return validateTicketInput(input, []);
}

/** What the lookup says when the call fails: not found, no connection, or the server's French message. */
export function lookupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return TICKET_NOT_FOUND_MESSAGE;
    if (error.status === 0) return NETWORK_ERROR_MESSAGE;
    return error.message;
  }
  return NETWORK_ERROR_MESSAGE;
}
