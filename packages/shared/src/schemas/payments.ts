import { z } from '../zod.js';
import { KLARNA_PLAN_IDS } from '../payments.js';
import { orderSchema } from './shop.js';

/**
 * Answers of the payment endpoints (issue 6), parsed by the web app. Refusals (4xx/5xx) use the
 * common envelope {success:false, message, statusCode, code}; a payment the bank has not
 * confirmed yet is a 202 {success:false, pending:true, message}.
 */

export const paymentsConfigResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    stripe: z.object({ publishable_key: z.string(), methods: z.array(z.enum(['card', 'klarna', 'revolut_pay'])) }).nullable(),
    paypal: z.object({ client_id: z.string(), currency: z.literal('EUR') }).nullable(),
    colissimo: z.boolean(),
  }),
});

export const paymentIntentResponseSchema = z.object({
  success: z.literal(true),
  client_secret: z.string().min(1),
  payment_intent_id: z.string().min(1),
  publishable_key: z.string().min(1),
});

/** Confirmation of a payment: paid (the order as the server now sees it), or still pending at the bank. */
export const paymentConfirmationResponseSchema = z.union([
  z.object({ success: z.literal(true), status: z.string(), data: orderSchema.optional() }),
  z.object({ success: z.literal(false), pending: z.literal(true), message: z.string() }),
]);
export type PaymentConfirmation = z.infer<typeof paymentConfirmationResponseSchema>;

export const klarnaSessionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  plans: z.array(z.object({ id: z.enum(KLARNA_PLAN_IDS), title: z.string(), description: z.string() })).optional(),
  session_id: z.string().optional(),
});

export const klarnaCheckoutSessionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  session_id: z.string().min(1),
  url: z.url(),
});

export const paypalOrderResponseSchema = z.object({
  success: z.literal(true),
  id: z.string().min(1),
  status: z.string(),
  approve_url: z.string().optional(),
});
