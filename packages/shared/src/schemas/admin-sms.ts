import { z } from '../zod.js';
import { adminPageQuerySchema, mailStatuses, paginationSchema } from './admin-core.js';

/**
 * The SMS outbox for staff (issue 24 §5), beside the e-mails: `GET /api/admin/sms-outbox` and
 * `POST /api/admin/sms-outbox/:id/retry`. Staff see the full number (they may have to call the
 * customer about a message that failed); the admin is staff-only and these answers are never cached.
 */

export const smsKindLabels: Record<string, string> = {
  estimate_sent: 'Devis envoyé',
  booking_confirmed: 'Rendez-vous confirmé',
  booking_changed: 'Rendez-vous modifié',
  booking_cancelled: 'Rendez-vous annulé',
  ready_for_pickup: 'Appareil prêt',
};

export const adminSmsMessages = {
  statusInvalid: 'Statut inconnu',
  notFound: 'SMS introuvable',
  alreadySent: 'Ce SMS est déjà parti\u00a0: il n’est pas renvoyé.',
  sending: 'Ce SMS est en cours d’envoi\u00a0: réessayez dans un instant.',
  disabled: 'Les SMS ne sont pas configurés (SMS_PROVIDER)\u00a0: ce SMS ne peut pas partir.',
  retried: 'SMS remis dans la file\u00a0: il part dans quelques secondes (ou à 8 h s’il est entre 21 h et 8 h).',
} as const;

export const smsOutboxListQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(mailStatuses, { error: adminSmsMessages.statusInvalid }).optional(),
});
export type SmsOutboxListQuery = z.infer<typeof smsOutboxListQuerySchema>;

export const smsOutboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** E.164. */
  to: z.string(),
  body: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  providerRef: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type SmsOutboxItem = z.infer<typeof smsOutboxItemSchema>;

export const smsOutboxListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(smsOutboxItemSchema),
  pagination: paginationSchema,
  /** SMS configured (otherwise the list is empty and stays so). */
  enabled: z.boolean(),
});
export const smsOutboxItemResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: smsOutboxItemSchema });
