import type { NotificationPreferences, NotificationType } from '@erepare/shared/notifications';
import type { NotificationView, TrackedTicket } from '@erepare/shared/schemas/notifications';
import { apiRequest, type Parser } from '../../../lib/api-client';

/**
 * The notification endpoints of our server (issue 7), parsed with their shared schemas. The
 * schemas (and zod with them) load with the first call, not with the header.
 */
const loadSchemas = () => import('@erepare/shared/schemas/notifications');

export type NotificationFilter = 'all' | 'unread' | 'ticket' | 'promo';
export const NOTIFICATION_FILTERS: readonly NotificationFilter[] = ['all', 'unread', 'ticket', 'promo'];

export type NotificationList = { data: NotificationView[]; unread: number; total: number };

/** `{ success: true, … }`: the answer of an action whose body the app does not use. */
const ok: Parser<{ success: true }> = {
  safeParse: (payload) =>
    payload && typeof payload === 'object' && (payload as { success?: unknown }).success === true
      ? { success: true, data: { success: true } }
      : { success: false },
};

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
  preferences: ['notifications', 'preferences'] as const,
  tracked: ['notifications', 'tracked-tickets'] as const,
};

export async function fetchNotifications(filter: NotificationFilter, signal?: AbortSignal): Promise<NotificationList> {
  const { notificationListResponseSchema } = await loadSchemas();
  const { data, unread, total } = await apiRequest(`/api/notifications?filter=${filter}`, {
    schema: notificationListResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return { data, unread, total };
}

export const markNotificationRead = (id: number) => apiRequest(`/api/notifications/${id}/read`, { method: 'POST', body: {}, schema: ok });
export const markAllNotificationsRead = () => apiRequest('/api/notifications/read-all', { method: 'POST', body: {}, schema: ok });
export const deleteNotification = (id: number) => apiRequest(`/api/notifications/${id}`, { method: 'DELETE', schema: ok });
export const clearNotifications = () => apiRequest('/api/notifications', { method: 'DELETE', schema: ok });

export async function fetchPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  const { preferencesResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/notifications/preferences', { schema: preferencesResponseSchema, ...(signal ? { signal } : {}) });
  return response.data;
}

export async function savePreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  const { preferencesResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/notifications/preferences', { method: 'PUT', body: preferences, schema: preferencesResponseSchema });
  return response.data;
}

/** A test notification made by the server for the signed-in user (spec 1 §7). */
/** A test notification of the given type (the server files it under that type: the Tickets or Promos tab shows it). */
export const createTestNotification = (title: string, message: string, type?: NotificationType) =>
  apiRequest('/api/notifications/test', { method: 'POST', body: { title, message, urgent: false, ...(type ? { type } : {}) }, schema: ok });

export async function fetchTrackedTickets(signal?: AbortSignal): Promise<TrackedTicket[]> {
  const { trackedTicketListResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/notifications/tracked-tickets', { schema: trackedTicketListResponseSchema, ...(signal ? { signal } : {}) });
  return response.data;
}

export type TrackAnswer = { ticket: TrackedTicket; message: string | null };

export async function trackTicket(ticket: string): Promise<TrackAnswer> {
  const { trackedTicketResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/notifications/tracked-tickets', { method: 'POST', body: { ticket }, schema: trackedTicketResponseSchema });
  return { ticket: response.data, message: response.message ?? null };
}

export const untrackTicket = (ticket: string) =>
  apiRequest(`/api/notifications/tracked-tickets/${encodeURIComponent(ticket)}`, { method: 'DELETE', schema: ok });

/** Asks the server to look at the tracked tickets now; answers the fresh list. */
export async function checkTrackedTickets(): Promise<TrackedTicket[]> {
  // Never `import('@erepare/shared/zod')`: a dynamic import keeps zod's whole namespace, every
  // locale included (+65 kB gzip on each page with a form).
  const { trackedTicketListResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/notifications/tracked-tickets/check', { method: 'POST', body: {}, schema: trackedTicketListResponseSchema });
  return response.data;
}

