import { z } from '../zod.js';

/**
 * The repair proxy's contract (spec 1 §3 and §7, spec 3 §3 and §7). Public answers carry only
 * public fields: no name, e-mail, phone or address; the customer is "Client #{id}".
 */

const unixSeconds = z.coerce
  .number({ error: 'Date invalide (secondes Unix attendues)' })
  .int({ error: 'Date invalide (secondes Unix attendues)' })
  .min(0, { error: 'Date invalide (secondes Unix attendues)' })
  .max(4_102_444_800, { error: 'Date invalide (secondes Unix attendues)' });

export const MAX_TICKET_PAGE_SIZE = 500;

export const ticketListQuerySchema = z
  .object({
    keyword: z.string().trim().max(100, { error: 'Recherche trop longue (100 caractères au plus)' }).optional(),
    // The public dashboard sends page=0 (RepairDesk counts from 0); the account sends 1: both mean the first page.
    page: z.coerce
      .number({ error: 'Page invalide' })
      .int({ error: 'Page invalide' })
      .min(0, { error: 'Page invalide' })
      .max(100_000, { error: 'Page invalide' })
      .default(1),
    pagesize: z.coerce
      .number({ error: 'Taille de page invalide' })
      .int({ error: 'Taille de page invalide' })
      .min(1, { error: 'La taille de page doit être comprise entre 1 et 5000' })
      .max(5000, { error: 'La taille de page doit être comprise entre 1 et 5000' })
      .default(100),
    from_date: unixSeconds.optional(),
    to_date: unixSeconds.optional(),
  })
  .refine((query) => query.from_date === undefined || query.to_date === undefined || query.from_date <= query.to_date, {
    error: 'La date de début doit précéder la date de fin',
  });
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketIdParamsSchema = z.object({
  id: z.string().trim().regex(/^(\d{1,9}|T-?\d{4,6})$/i, { error: 'Identifiant de ticket invalide' }),
});

export const publicDeviceSchema = z.object({
  device_name: z.string(),
  device_brand: z.string(),
  device_model: z.string(),
  device_category: z.string(),
  device_fault: z.string(),
  status: z.string(),
});

export const publicTicketSchema = z.object({
  id: z.number().int(),
  ticket_number: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  device_name: z.string(),
  device_brand: z.string(),
  device_model: z.string(),
  device_category: z.string(),
  device_fault: z.string(),
  devices: z.array(publicDeviceSchema),
});
export type PublicTicket = z.infer<typeof publicTicketSchema>;

export const ticketEventSchema = z.object({
  from_status: z.string().nullable(),
  to_status: z.string(),
  created_at: z.string(),
});

export const publicTicketDetailSchema = publicTicketSchema.extend({ history: z.array(ticketEventSchema) });
export type PublicTicketDetail = z.infer<typeof publicTicketDetailSchema>;

export const ticketListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(publicTicketSchema),
  message: z.string(),
  statusCode: z.number().int(),
  total: z.number().int(),
});

export const ticketDetailResponseSchema = z.object({
  success: z.literal(true),
  data: publicTicketDetailSchema,
  message: z.string(),
  statusCode: z.number().int(),
});

export const statusDefinitionSchema = z.object({
  id: z.number().int().optional(),
  name: z.string(),
  color: z.string(),
  type: z.enum(['Open', 'Closed']),
});

export const statusListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(statusDefinitionSchema),
  message: z.string(),
  statusCode: z.number().int(),
  total: z.number().int(),
});
