import { z } from '../zod.js';

/** The spec's response envelope: success, data, message, statusCode, total. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  statusCode: z.number().int(),
  code: z.string().optional(),
  requestId: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const healthResponseSchema = z.object({
  success: z.boolean(),
  database: z.enum(['connected', 'disconnected']),
  timestamp: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/live: the process answers (liveness). */
export const livenessResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('live'),
  timestamp: z.string(),
});
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/** GET /api/health/ready: 200 when requests can be served, 503 otherwise (readiness). */
export const readinessResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['connected', 'disconnected']),
  /** `unknown` when the database could not be asked. */
  migrations: z.enum(['done', 'running', 'unknown']),
  message: z.string(),
  timestamp: z.string(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Adresse e-mail invalide' }));

/** Review statuses of a contact message or a quote request (admin inboxes). */
export const inboxStatuses = ['new', 'in_progress', 'handled'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
export const inboxStatusLabels: Record<InboxStatus, string> = { new: 'Nouveau', in_progress: 'En cours', handled: 'Traité' };
/** The label of an inbox item held back by the site-wide safety valve (an unusual day's volume). */
export const inboxHeldLabel = 'Retenu pour vérification';
