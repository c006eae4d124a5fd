import { z } from '../zod.js';
import { NOTIFICATION_TYPES } from '../notifications.js';

/** Answers and bodies of the notification endpoints (issue 7). */

export const notificationSchema = z.object({
  id: z.number().int(),
  /** ISO date of creation (spec 1 §3 `timestamp`). */
  timestamp: z.string(),
  read: z.boolean(),
  title: z.string(),
  body: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  ticketId: z.string().nullable(),
  data: z.object({
    url: z.string().optional(),
    ticketId: z.string().optional(),
    promoCode: z.string().optional(),
    actionRequired: z.boolean().optional(),
    source: z.string().optional(),
  }),
  ticketData: z.record(z.string(), z.unknown()).nullable(),
  icon: z.string(),
  requireInteraction: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationFilterSchema = z.enum(['all', 'unread', 'ticket', 'promo']);

export const notificationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(notificationSchema),
  unread: z.number().int(),
  total: z.number().int(),
});

export const notificationPreferencesSchema = z.object({
  promosCodes: z.boolean(),
  ticketUpdates: z.boolean(),
  storeNews: z.boolean(),
  flashSales: z.boolean(),
  realTimeTracking: z.boolean(),
});

export const preferencesResponseSchema = z.object({ success: z.literal(true), data: notificationPreferencesSchema });

/** PushSubscription.toJSON() plus the spec's userId / preferences (the user comes from the session). */
export const pushSubscribeBodySchema = z.object({
  endpoint: z.url({ error: 'Abonnement push invalide' }).max(2000).refine((value) => value.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(value), {
    error: 'Abonnement push invalide',
  }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'Abonnement push invalide' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, { error: 'Abonnement push invalide' }),
  }),
  userId: z.union([z.string(), z.number()]).optional(),
  preferences: notificationPreferencesSchema.partial().optional(),
});

export const trackedTicketSchema = z.object({
  ticket_number: z.string(),
  last_status: z.string(),
  last_checked_at: z.string().nullable(),
  created_at: z.string(),
});
export type TrackedTicket = z.infer<typeof trackedTicketSchema>;

export const trackedTicketListResponseSchema = z.object({ success: z.literal(true), data: z.array(trackedTicketSchema) });
/** The answer to following a ticket: the tracked ticket and, sometimes, a message. */
export const trackedTicketResponseSchema = z.object({ success: z.literal(true), data: trackedTicketSchema, message: z.string().optional() });
