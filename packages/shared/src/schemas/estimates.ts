import { z } from '../zod.js';
import { estimateLineKinds, estimateStatuses, estimateVatRates } from '../estimates.js';
import { repairBonusCategoryIds } from '../repair-bonus.js';
import { centsSchema, lineText, multiLineText, paginationSchema, positiveIdSchema } from './admin-repair.js';

/**
 * Estimates (issue 24 §1): one schema per endpoint. Staff (`/api/admin/estimates…`), the
 * customer's secret link (`/api/estimate-links/…`, no account) and the account
 * (`/api/account/estimates`).
 */

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string().optional(), data });

/** 1 000 000 € at most (amounts are 32-bit integers in the database). */
export const ESTIMATE_TOTAL_MAX_CENTS = 100_000_000;

const isoDay = z
  .string({ error: 'Date de validité invalide' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date de validité invalide (AAAA-MM-JJ attendu)' })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, { error: 'Date de validité invalide' });

const vatRateInput = z
  .union([z.number(), z.string()], { error: 'Taux de TVA invalide (20, 10, 5.5 ou 0)' })
  .transform((value) => String(value).trim().replace(',', '.'))
  .pipe(z.enum(estimateVatRates, { error: 'Taux de TVA invalide (20, 10, 5.5 ou 0)' }));

export const estimateLineInputSchema = z.strictObject(
  {
    kind: z.enum(estimateLineKinds, { error: 'Type de ligne invalide (pièce, main-d’œuvre ou autre)' }),
    label: lineText(200, 'Désignation').min(1, { error: 'Désignation\u00a0: champ obligatoire' }),
    quantity: z.number({ error: 'Quantité invalide' }).int({ error: 'Quantité entière attendue' }).min(1, { error: 'La quantité doit être supérieure à 0' }).max(999, { error: 'Quantité trop grande (999 au plus)' }),
    unitPriceCents: centsSchema('Prix unitaire TTC', 10_000_000),
    /** Only under the standard VAT regime; ignored under the franchise. 20 % when absent. */
    vatRate: vatRateInput.optional(),
  },
  { error: 'Champ inconnu' },
);

const estimateFields = {
  lines: z
    .array(estimateLineInputSchema, { error: 'Lignes\u00a0: liste attendue' })
    .min(1, { error: 'Ajoutez au moins une ligne' })
    .max(50, { error: '50 lignes au plus' })
    .refine((lines) => lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0) <= ESTIMATE_TOTAL_MAX_CENTS, {
      error: 'Total du devis trop élevé (1\u202f000\u202f000\u00a0€ au plus)',
    }),
  leadTimeDays: z.number({ error: 'Délai en jours attendu' }).int({ error: 'Délai en jours entiers attendu' }).min(0, { error: 'Délai négatif refusé' }).max(365, { error: 'Délai trop long (365 jours au plus)' }),
  /** Paris day; default: 30 days from today. */
  validUntil: isoDay.optional(),
  depositCents: centsSchema('Acompte').optional(),
  /** Deduct the QualiRépar bonus (staff checked the conditions); the category defaults to the device's. */
  bonus: z.boolean({ error: 'Bonus\u00a0: vrai ou faux attendu' }),
  bonusCategory: z.enum(repairBonusCategoryIds, { error: 'Catégorie de bonus réparation invalide' }).nullable().optional(),
  /** What the customer reads with the estimate. */
  note: multiLineText(2000, 'Note').optional(),
  /** The device as the customer will read it (default: from the request or the ticket). */
  deviceLabel: lineText(200, 'Appareil').optional(),
};

export const estimateCreateSchema = z
  .strictObject(
    {
      quoteRequestId: positiveIdSchema('Identifiant de demande de devis invalide').optional(),
      ticket: z.string({ error: 'Numéro de ticket invalide (T-1234)' }).trim().regex(/^(T-?)?\d{4,6}$/i, { error: 'Numéro de ticket invalide (T-1234)' }).optional(),
      ...estimateFields,
    },
    { error: 'Champ inconnu' },
  )
  .refine((body) => (body.quoteRequestId === undefined) !== (body.ticket === undefined), { error: 'Indiquez une demande de devis ou un ticket (un seul)' });
export type EstimateCreate = z.infer<typeof estimateCreateSchema>;

/** « Réviser »: the same customer and subject, new lines and terms. */
export const estimateReviseSchema = z.strictObject(estimateFields, { error: 'Champ inconnu' });
export type EstimateRevise = z.infer<typeof estimateReviseSchema>;

export const estimateIdParamsSchema = z.object({ id: positiveIdSchema('Identifiant de devis invalide') });

export const estimateListQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page invalide' }).int({ error: 'Page invalide' }).min(1, { error: 'Page invalide' }).max(100_000, { error: 'Page invalide' }).optional(),
  pageSize: z.coerce.number({ error: 'Taille de page invalide' }).int({ error: 'Taille de page invalide' }).min(1, { error: 'Taille de page invalide (1 à 100)' }).max(100, { error: 'Taille de page invalide (1 à 100)' }).optional(),
  status: z.enum(estimateStatuses, { error: 'Statut de devis invalide' }).optional(),
  quoteRequestId: positiveIdSchema('Identifiant de demande de devis invalide').optional(),
  ticket: z.string().trim().regex(/^(T-?)?\d{4,6}$/i, { error: 'Numéro de ticket invalide (T-1234)' }).optional(),
});
export type EstimateListQuery = z.infer<typeof estimateListQuerySchema>;

/** What the create form is pre-filled with: `?quoteRequestId=` or `?ticket=`. */
export const estimateDraftQuerySchema = z
  .object({
    quoteRequestId: positiveIdSchema('Identifiant de demande de devis invalide').optional(),
    ticket: z.string().trim().regex(/^(T-?)?\d{4,6}$/i, { error: 'Numéro de ticket invalide (T-1234)' }).optional(),
  })
  .refine((query) => (query.quoteRequestId === undefined) !== (query.ticket === undefined), { error: 'Indiquez une demande de devis ou un ticket (un seul)' });

const lineSchema = z.object({
  kind: z.enum(estimateLineKinds),
  label: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  vatRate: z.enum(estimateVatRates),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});

const amountsSchema = {
  vatRegime: z.enum(['standard', 'franchise']),
  lines: z.array(lineSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  vatBreakdown: z.array(z.object({ rate: z.enum(['20', '10', '5.5', '0']), baseCents: z.number().int(), taxCents: z.number().int() })),
  bonusCategory: z.string().nullable(),
  bonusLabel: z.string().nullable(),
  bonusCents: z.number().int(),
  toPayCents: z.number().int(),
  depositCents: z.number().int(),
  leadTimeDays: z.number().int(),
  validUntil: z.string(),
};

export const adminEstimateSummarySchema = z.object({
  id: z.number().int(),
  estimateNumber: z.string(),
  status: z.enum(estimateStatuses),
  customerName: z.string(),
  ticketNumber: z.string().nullable(),
  quoteRequestId: z.number().int().nullable(),
  totalCents: z.number().int(),
  toPayCents: z.number().int(),
  validUntil: z.string(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminEstimateSummary = z.infer<typeof adminEstimateSummarySchema>;

export const adminEstimateSchema = adminEstimateSummarySchema.extend({
  ...amountsSchema,
  quoteReference: z.string().nullable(),
  customerId: z.number().int().nullable(),
  email: z.string(),
  phone: z.string(),
  smsConsent: z.boolean(),
  deviceCategory: z.string(),
  deviceLabel: z.string(),
  note: z.string(),
  declineReason: z.string(),
  supersededBy: z.object({ id: z.number().int(), estimateNumber: z.string() }).nullable(),
  supersedes: z.object({ id: z.number().int(), estimateNumber: z.string() }).nullable(),
});
export type AdminEstimate = z.infer<typeof adminEstimateSchema>;

export const adminEstimateListResponseSchema = z.object({ success: z.literal(true), data: z.array(adminEstimateSummarySchema), pagination: paginationSchema });
export const adminEstimateResponseSchema = ok(adminEstimateSchema);

export const estimateDraftSchema = z.object({
  quoteRequestId: z.number().int().nullable(),
  quoteReference: z.string().nullable(),
  ticketNumber: z.string().nullable(),
  customerName: z.string(),
  email: z.string(),
  deviceCategory: z.string(),
  deviceLabel: z.string(),
  vatRegime: z.enum(['standard', 'franchise']),
  /** The bonus the device qualifies for (the box is ticked when not null). */
  suggestedBonusCategory: z.string().nullable(),
  suggestedLines: z.array(z.object({ kind: z.enum(estimateLineKinds), label: z.string(), quantity: z.number().int(), unitPriceCents: z.number().int() })),
  validUntil: z.string(),
  /** Estimates already made for this request or ticket (a new one is usually a « Réviser »). */
  existing: z.array(adminEstimateSummarySchema),
});
export type EstimateDraft = z.infer<typeof estimateDraftSchema>;
export const estimateDraftResponseSchema = ok(estimateDraftSchema);

// ─── The customer's link ────────────────────────────────────────────────────────────────────────

export const LINK_TOKEN_MAX = 128;
const tokenSchema = z.string({ error: 'Lien invalide' }).trim().min(1, { error: 'Lien invalide' }).max(LINK_TOKEN_MAX, { error: 'Lien invalide' });

export const estimateLinkQuerySchema = z.object({ token: tokenSchema });

/** What the customer sees: the estimate, never their name, e-mail or phone (the link may be forwarded). */
export const publicEstimateSchema = z.object({
  ...amountsSchema,
  estimateNumber: z.string(),
  status: z.enum(['sent', 'accepted', 'declined']),
  /** The validity date passed without a decision. */
  lapsed: z.boolean(),
  ticketNumber: z.string().nullable(),
  deviceLabel: z.string(),
  note: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  shop: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
});
export type PublicEstimate = z.infer<typeof publicEstimateSchema>;

export const estimateLinkStates = ['valid', 'expired', 'superseded', 'withdrawn'] as const;
export type EstimateLinkState = (typeof estimateLinkStates)[number];

export const estimateLinkViewSchema = z.object({
  state: z.enum(estimateLinkStates),
  /** The French text for a link that no longer opens the estimate. */
  message: z.string().nullable(),
  estimate: publicEstimateSchema.nullable(),
  /** The deposit the estimate asks was paid online (issue 24 §4): the page no longer offers it. */
  depositPaid: z.boolean().optional(),
});
export type EstimateLinkView = z.infer<typeof estimateLinkViewSchema>;
export const estimateLinkViewResponseSchema = ok(estimateLinkViewSchema);

export const estimateDecisionSchema = z.strictObject(
  {
    token: tokenSchema,
    decision: z.enum(['accept', 'decline'], { error: 'Décision invalide (accept ou decline)' }),
    reason: multiLineText(1000, 'Motif').optional(),
  },
  { error: 'Champ inconnu' },
);
export type EstimateDecision = z.infer<typeof estimateDecisionSchema>;

export const estimateDecisionResultSchema = z.object({
  status: z.enum(['accepted', 'declined']),
  /** False when the decision was already recorded (a second click, a replay): the recorded one is answered. */
  recorded: z.boolean(),
  decidedAt: z.string(),
});
export const estimateDecisionResponseSchema = ok(estimateDecisionResultSchema);

// ─── The customer's account ─────────────────────────────────────────────────────────────────────

export const accountEstimateSchema = publicEstimateSchema.extend({
  id: z.number().int(),
  status: z.enum(estimateStatuses),
});
export type AccountEstimate = z.infer<typeof accountEstimateSchema>;
export const accountEstimateListResponseSchema = ok(z.array(accountEstimateSchema));

export const accountEstimateDecisionSchema = z.strictObject(
  {
    decision: z.enum(['accept', 'decline'], { error: 'Décision invalide (accept ou decline)' }),
    reason: multiLineText(1000, 'Motif').optional(),
  },
  { error: 'Champ inconnu' },
);
