import { z } from '../zod.js';
import { REPAIR_PAYMENT_PROVIDERS } from '../repair-payments.js';

/**
 * Endpoints of the online payment of repair invoices and estimate deposits (issue 24 §4). The
 * browser never sends an amount: whatever else a body carries is dropped by these schemas.
 */

const providerSchema = z.enum(REPAIR_PAYMENT_PROVIDERS, { error: 'Choisissez la carte bancaire ou PayPal.' });
/** A link token (43 base64url characters); anything else is refused as an unknown link by the service. */
const tokenSchema = z.string({ error: 'Lien de paiement invalide.' }).trim().max(100, { error: 'Lien de paiement invalide.' });

export const repairPayStartBodySchema = z.object({ provider: providerSchema });
export const invoiceLinkPayBodySchema = z.object({ token: tokenSchema, provider: providerSchema });
export const invoiceLinkViewBodySchema = z.object({ token: tokenSchema });
export const estimateDepositBodySchema = z.object({ token: tokenSchema, provider: providerSchema });
export const invoiceIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Facture introuvable' }).int().positive({ error: 'Facture introuvable' }).max(2_147_483_647, { error: 'Facture introuvable' }) });

/** Where the browser goes next: Stripe's hosted card page or PayPal's approval page. */
export const repairPayStartResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ provider: providerSchema, url: z.string() }),
});
export type RepairPayStart = z.infer<typeof repairPayStartResponseSchema>['data'];

/** What the payment page shows of an invoice (link or account): amounts in cents, from the server. */
export const invoicePaySummarySchema = z.object({
  invoiceNumber: z.string(),
  /** When the invoice was issued (ISO 8601). */
  issuedAt: z.string(),
  status: z.enum(['Paid', 'Unpaid', 'Partial', 'Refunded']),
  totalCents: z.number().int(),
  bonusCents: z.number().int(),
  creditedCents: z.number().int(),
  amountPaidCents: z.number().int(),
  amountDueCents: z.number().int(),
  /** The providers this shop accepts online (empty: none configured). */
  providers: z.array(providerSchema),
});
export type InvoicePaySummary = z.infer<typeof invoicePaySummarySchema>;
export const invoiceLinkViewResponseSchema = z.object({ success: z.literal(true), data: invoicePaySummarySchema });

/**
 * The secret of the return address (`cle=`, 43 base64url characters). Missing or wrong, the answer
 * is the one of an unknown payment (404), never a hint that the payment exists.
 */
const returnKeySchema = z.string({ error: 'Paiement introuvable.' }).trim().max(100, { error: 'Paiement introuvable.' }).default('');

export const repairPaymentStatusQuerySchema = z.object({
  ref: z.string({ error: 'Paiement introuvable.' }).trim().min(1, { error: 'Paiement introuvable.' }).max(255, { error: 'Paiement introuvable.' }),
  cle: returnKeySchema,
});
export const paypalRepairCaptureBodySchema = z.object({
  paypalOrderId: z.string({ error: 'Paiement introuvable.' }).regex(/^[A-Z0-9]{1,64}$/, { error: 'Paiement introuvable.' }),
  cle: returnKeySchema,
});

/** A payment as the return page sees it (no name, no address: the reference proves only the payment). */
export const repairPaymentStatusSchema = z.object({
  state: z.enum(['paid', 'pending', 'failed', 'canceled']),
  purpose: z.enum(['invoice', 'deposit']),
  provider: providerSchema,
  /** Invoice number, or the estimate's number for a deposit. */
  reference: z.string(),
  amountCents: z.number().int(),
  /** What is left to pay on the invoice once this payment counts (null: a deposit, or unknown). */
  amountDueCents: z.number().int().nullable(),
});
export type RepairPaymentStatus = z.infer<typeof repairPaymentStatusSchema>;
export const repairPaymentStatusResponseSchema = z.object({ success: z.literal(true), data: repairPaymentStatusSchema });

/** The online payments of an invoice, for staff (admin invoice detail). */
export const adminRepairPaymentSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(['invoice', 'deposit']),
  provider: providerSchema,
  providerRef: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  lastError: z.string(),
  postStatus: z.enum(['none', 'pending', 'posted', 'failed']),
  postAttempts: z.number().int(),
  postError: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminRepairPayment = z.infer<typeof adminRepairPaymentSchema>;
export const adminRepairPaymentsResponseSchema = z.object({ success: z.literal(true), data: z.array(adminRepairPaymentSchema) });
