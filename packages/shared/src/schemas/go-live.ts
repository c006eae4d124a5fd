import { z } from '../zod.js';

/**
 * « Avant l’ouverture », the go-live checklist of the admin overview (issue 23 §1):
 * `GET /api/admin/go-live` and the test mail `POST /api/admin/go-live/test-mail`.
 */
export const goLiveItemIds = ['profile', 'mail', 'https', 'payments', 'backup', 'two-factor', 'sms'] as const;

export const goLiveItemSchema = z.object({
  id: z.enum(goLiveItemIds),
  title: z.string(),
  done: z.boolean(),
  /** One French sentence: what is done, or what is missing and where it is fixed. */
  detail: z.string(),
  /** The precise problems (a profile field, a provider's refusal). */
  problems: z.array(z.string()),
  /** Where it is fixed in the dashboard; null: outside it (configuration, docs/deploy.md). */
  href: z.string().nullable(),
  /** An action the overview offers next to the item. */
  action: z.literal('test-mail').optional(),
});

export const goLiveReportSchema = z.object({ ready: z.boolean(), items: z.array(goLiveItemSchema) });

export type GoLiveItem = z.infer<typeof goLiveItemSchema>;
export type GoLiveReport = z.infer<typeof goLiveReportSchema>;

export const goLiveResponseSchema = z.object({ success: z.literal(true), data: goLiveReportSchema });
export const goLiveTestMailResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const goLiveMessages = {
  testMailQueued: (to: string) => `E-mail de test envoyé à ${to}. Il apparaît ici dès que le serveur SMTP l’a accepté.`,
  noSmtp: 'SMTP_URL n’est pas défini\u00a0: l’e-mail de test serait seulement écrit en fichier. Configurez d’abord le serveur SMTP.',
} as const;
