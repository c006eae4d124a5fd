import {
  publicTicketSchema,
  statusListResponseSchema,
  ticketDetailResponseSchema,
  type PublicTicket,
  type PublicTicketDetail,
} from '@erepare/shared/schemas/repair';
import { defaultStatuses, type StatusDefinition } from '@erepare/shared/tickets';
import { ApiError, apiRequest, type Parser } from '../../../lib/api-client';
import { ticketListUrl } from '../lib/dashboard-tickets';

/** Spec 3 §7-§8: if the statuses call fails, the built-in default list is used silently. */
export async function fetchStatuses(signal?: AbortSignal): Promise<StatusDefinition[]> {
  try {
    const response = await apiRequest('/api/repairdesk/statuses', { schema: statusListResponseSchema, ...(signal ? { signal } : {}) });
    if (response.data.length > 0) return response.data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
  }
  return defaultStatuses.map((status) => ({ ...status }));
}

/**
 * The list envelope, read ticket by ticket: one ticket of an unexpected shape is left out rather
 * than blanking the whole dashboard. An envelope that is not a list is "invalid data" (spec 3 §8).
 */
const ticketListParser: Parser<PublicTicket[]> = {
  safeParse(payload) {
    if (!payload || typeof payload !== 'object' || !('data' in payload) || !Array.isArray(payload.data)) return { success: false };
    if ('success' in payload && payload.success === false) return { success: false };
    const tickets: PublicTicket[] = [];
    for (const item of payload.data as unknown[]) {
      const parsed = publicTicketSchema.safeParse(item);
      if (parsed.success) tickets.push(parsed.data);
    }
    return { success: true, data: tickets };
  },
};

/**
 * Spec 3 §7: page 0, 100 tickets, the last 14 days. An HTTP error is raised (the screen says
 * "Erreur : veuillez réessayer ultérieurement"); a successful answer with invalid data counts as
 * no ticket (spec 3 §8, "Tickets empty or invalid data").
 */
export async function fetchDashboardTickets(signal?: AbortSignal, now: number = Date.now()): Promise<PublicTicket[]> {
  try {
    return await apiRequest(ticketListUrl(now), { schema: ticketListParser, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 200 && error.status < 300) return [];
    throw error;
  }
}

/** One ticket with its status history, by normalised number ("T-6632"); 404 "Ticket introuvable". */
export async function fetchTicket(number: string, signal?: AbortSignal): Promise<PublicTicketDetail> {
  const response = await apiRequest(`/api/repairdesk/tickets/${encodeURIComponent(number)}`, {
    schema: ticketDetailResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return response.data;
}
