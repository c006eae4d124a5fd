import {
  profileResponseSchema,
  successMessageSchema,
  type Profile,
  type ProfileUpdate,
} from '@erepare/shared/schemas/account';
import {
  customerResponseSchema,
  fullTicketSchema,
  invoiceResponseSchema,
  invoiceSchema,
  ticketDetailAnyResponseSchema,
  type FullTicket,
  type FullTicketDetail,
  type Invoice,
  type InvoiceStatusValue,
  type PublicTicketDetail,
} from '@erepare/shared/schemas/repair';
import { z } from '@erepare/shared/zod';
import { apiRequest, type Parser } from '../../../lib/api-client';
import { shopOrderSchema, type ShopOrder } from './order-schema';
import { withTimeout } from './timeout';

/** The calls of the signed-in dashboard (spec 1 §7), each parsed with its shared schema. */

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/**
 * A list envelope read item by item: one item of an unexpected shape is left out rather than
 * blanking the whole list. An answer that is not a list envelope is an error.
 */
function listParser<T>(item: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }): Parser<T[]> {
  return {
    safeParse(payload) {
      if (!payload || typeof payload !== 'object' || !('data' in payload)) return { success: false };
      if ('success' in payload && payload.success === false) return { success: false };
      const data = (payload as { data: unknown }).data;
      // Spec 1 §7: invoices may come as a list or as data.invoiceData.
      const list = Array.isArray(data)
        ? data
        : data && typeof data === 'object' && 'invoiceData' in data && Array.isArray(data.invoiceData)
          ? (data.invoiceData as unknown[])
          : null;
      if (!list) return { success: false };
      const items: T[] = [];
      for (const value of list) {
        const parsed = item.safeParse(value);
        if (parsed.success) items.push(parsed.data);
      }
      return { success: true, data: items };
    },
  };
}

// ───────────────── Profile ─────────────────

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return (await apiRequest('/api/account/profile', { schema: profileResponseSchema, ...withSignal(signal) })).data;
}

const profileSaveResponseSchema = profileResponseSchema.extend({ verificationSent: z.boolean().optional().default(false) });

export async function saveProfile(body: ProfileUpdate): Promise<{ profile: Profile; message: string; verificationSent: boolean }> {
  const response = await apiRequest('/api/account/profile', { method: 'PUT', body, schema: profileSaveResponseSchema });
  return { profile: response.data, message: response.message, verificationSent: response.verificationSent };
}

export async function syncToStore(): Promise<{ profile: Profile; message: string }> {
  const response = await apiRequest('/api/account/sync-to-store', { method: 'POST', schema: profileResponseSchema });
  return { profile: response.data, message: response.message };
}

export async function refreshFromStore(): Promise<{ profile: Profile; message: string }> {
  const response = await apiRequest('/api/account/refresh-from-store', { method: 'POST', schema: profileResponseSchema });
  return { profile: response.data, message: response.message };
}

export async function resendVerification(email: string): Promise<string> {
  return (await apiRequest('/api/email-verification/resend', { method: 'POST', body: { email }, schema: successMessageSchema })).message;
}

export async function deleteAccount(password: string): Promise<string> {
  return (await apiRequest('/api/account', { method: 'DELETE', body: { password }, schema: successMessageSchema })).message;
}

/** RGPD export: a JSON file; the server names it (Content-Disposition). */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

/**
 * Links a verified, unlinked account to the store's customer record that carries its verified
 * address, or to a new one (the server never uses an address from the body).
 */
export async function linkStoreAccount(user: { first_name: string; last_name: string; email: string }): Promise<string> {
  const schema = customerResponseSchema.extend({ linked: z.boolean() });
  const response = await apiRequest('/api/repairdesk/customer', {
    method: 'POST',
    body: { first_name: user.first_name || 'Client', last_name: user.last_name || 'Client', email: user.email },
    schema,
  });
  return response.message;
}

// ───────────────── Tickets ─────────────────

/** Spec 1 §7: the customer's tickets (page 1, 100 per page), full view. */
export async function fetchCustomerTickets(customerId: number, signal?: AbortSignal): Promise<FullTicket[]> {
  return apiRequest(`/api/repairdesk/customers/${customerId}/tickets?page=1&pagesize=100`, {
    schema: listParser(fullTicketSchema),
    ...withSignal(signal),
  });
}

/** One ticket by number or id: the full view with history for its owner, the public view otherwise. */
export async function fetchTicketDetail(key: string, signal?: AbortSignal): Promise<FullTicketDetail | PublicTicketDetail> {
  const response = await apiRequest(`/api/repairdesk/tickets/${encodeURIComponent(key)}`, {
    schema: ticketDetailAnyResponseSchema,
    ...withSignal(signal),
  });
  return response.data;
}

// ───────────────── Invoices ─────────────────

/** Spec 1 §7: page 0, 100 per page, optional status; 10 s timeout. The server keeps them to the user's own. */
export async function fetchInvoices(status: InvoiceStatusValue | '', signal: AbortSignal | undefined, timeoutMs: number): Promise<Invoice[]> {
  const query = new URLSearchParams({ page: '0', pagesize: '100' });
  if (status) query.set('status', status);
  return withTimeout(timeoutMs, signal, (inner) => apiRequest(`/api/repairdesk/invoices?${query.toString()}`, { schema: listParser(invoiceSchema), signal: inner }));
}

export async function fetchInvoice(id: number, signal: AbortSignal | undefined, timeoutMs: number): Promise<Invoice> {
  return withTimeout(timeoutMs, signal, async (inner) => {
    const response = await apiRequest(`/api/repairdesk/invoices/${id}`, { schema: invoiceResponseSchema, signal: inner });
    return response.data;
  });
}

// ───────────────── Shop orders ─────────────────

export const ORDERS_PAGE_SIZE = 50;

/**
 * Spec 1 §7: page 1, 50 per page, optional status and search. Spec 1 §8: a failure gives an empty
 * list (the endpoint arrives with the shop issue; until then this is a 404 and the tab is empty).
 */
export async function fetchOrders(options: { status?: string; search?: string } = {}, signal?: AbortSignal): Promise<ShopOrder[]> {
  const query = new URLSearchParams({ page: '1', per_page: String(ORDERS_PAGE_SIZE) });
  if (options.status) query.set('status', options.status);
  if (options.search?.trim()) query.set('search', options.search.trim());
  try {
    return await apiRequest(`/api/shop/orders?${query.toString()}`, { schema: listParser(shopOrderSchema), ...withSignal(signal) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
}
