import { z } from '../zod.js';
import { emailSchema } from './common.js';

/** Staff RGPD requests (issue 9): export and erasure by e-mail address. */

export const rgpdConfirmMismatch = 'Recopiez exactement l’adresse e-mail pour confirmer l’effacement.';

export const rgpdExportQuerySchema = z.object({ email: emailSchema });
export const rgpdExportResponseSchema = z.object({ success: z.literal(true), data: z.record(z.string(), z.unknown()) });

export const rgpdEraseBodySchema = z
  .object({ email: emailSchema, confirmEmail: emailSchema })
  .refine((body) => body.email === body.confirmEmail, { error: rgpdConfirmMismatch, path: ['confirmEmail'] });
export type RgpdEraseBody = z.input<typeof rgpdEraseBodySchema>;

export const rgpdEraseResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    accounts: z.number().int(),
    contactMessages: z.number().int(),
    quoteRequests: z.number().int(),
    ordersMinimised: z.number().int(),
    customersOptedOut: z.number().int(),
    estimates: z.number().int(),
    bookings: z.number().int(),
    smsMessages: z.number().int(),
  }),
});
export type RgpdErasure = z.infer<typeof rgpdEraseResponseSchema>['data'];
