import { z } from '../zod.js';
import { businessIdMessages, businessIdsDisagree, checkSiren, checkVatNumber, type IdCheck } from '../business-ids.js';
import { vatRates, type VatRate } from '../invoice-vat.js';
import { repairBonusCategoryIds } from '../repair-bonus.js';
import { deviceCategories } from '../ticket-status.js';
import { searchTextSchema } from './repair.js';

/**
 * Staff API, "repair" part (issue 9): tickets, statuses, customers, invoices and credit notes of
 * the embedded repair desk. Request schemas are the routes' own; response schemas let the
 * dashboard parse what it gets. Money is in integer cents, dates in ISO 8601. See
 * docs/admin-api.md.
 */

export const adminRepairMessages = {
  repairDeskFilter: (what: string) =>
    `Les réparations sont gérées dans RepairDesk\u00a0: ${what} n’est pas disponible ici, utilisez RepairDesk (ici\u00a0: recherche, dates et pages seulement).`,
  readOnly: (what: string) =>
    `Les réparations sont gérées dans RepairDesk\u00a0: ${what} se fait dans RepairDesk, le site n’en garde qu’une copie en lecture.`,
  ticketNotFound: 'Ticket introuvable',
  statusNotFound: 'Statut introuvable',
  customerNotFound: 'Client introuvable',
  invoiceNotFound: 'Facture introuvable',
  unknownStatus: (name: string) => `Statut «\u00a0${name}\u00a0» inconnu\u00a0: choisissez un statut de la liste.`,
  statusNameTaken: (name: string) => `Un statut «\u00a0${name}\u00a0» existe déjà.`,
  statusInUse: (count: number) =>
    `Ce statut est utilisé par ${count} ticket${count > 1 ? 's' : ''}\u00a0: changez d’abord leur statut, puis supprimez-le.`,
  noStatus: 'Aucun statut n’est défini\u00a0: créez d’abord un statut.',
  customerChoice: 'Choisissez un client existant ou saisissez un nouveau client, pas les deux.',
  customerHasRecords: (tickets: number, invoices: number) =>
    `Ce client a ${tickets} ticket${tickets > 1 ? 's' : ''} et ${invoices} facture${invoices > 1 ? 's' : ''}\u00a0: il ne peut pas être supprimé (historique et obligations comptables).`,
  loyaltyNegative: (balance: string) => `Le solde fidélité ne peut pas devenir négatif (solde actuel\u00a0: ${balance}).`,
  loyaltyTooHigh: (balance: string) => `Le solde fidélité ne peut pas dépasser 1\u202f000\u202f000\u00a0€ (solde actuel\u00a0: ${balance}).`,
  ticketOfOtherCustomer: 'Ce ticket appartient à un autre client\u00a0: choisissez un ticket de ce client.',
  invoiceImmutable:
    'Une facture émise ne peut être ni modifiée ni supprimée (obligation légale)\u00a0: établissez un avoir avec «\u00a0Rembourser\u00a0».',
  overPayment: (due: string) => `Ce paiement dépasse le reste à payer (${due}).`,
  nothingDue: 'Cette facture est déjà réglée.',
  overRefund: (max: string) => `Cet avoir dépasse le montant encore créditable de la facture (${max}).`,
  fullyRefunded: 'Cette facture est déjà entièrement remboursée.',
  created: {
    ticket: (number: string) => `Ticket ${number} créé`,
    status: 'Statut créé',
    customer: 'Client créé',
    invoice: (number: string) => `Facture ${number} émise`,
  },
  saved: 'Modifications enregistrées',
  deleted: {
    status: 'Statut supprimé',
    customer: 'Client supprimé',
  },
  paymentRecorded: 'Paiement enregistré',
  creditNoteIssued: (number: string) => `Avoir ${number} émis`,
} as const;

// ───────────────── Building blocks ─────────────────

/** One line of text: trimmed, no control characters. */
export const lineText = (max: number, label: string) =>
  z
    .string({ error: `${label}\u00a0: texte attendu` })
    .trim()
    .max(max, { error: `${label}\u00a0: ${max} caractères au plus` })
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001F\u007F]*$/, { error: `${label}\u00a0: caractères invalides` });

/** Several lines allowed (notes): no control characters other than line breaks and tabs. */
export const multiLineText = (max: number, label: string) =>
  z
    .string({ error: `${label}\u00a0: texte attendu` })
    .trim()
    .max(max, { error: `${label}\u00a0: ${max} caractères au plus` })
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, { error: `${label}\u00a0: caractères invalides` });

const required = (max: number, label: string) => lineText(max, label).min(1, { error: `${label}\u00a0: champ obligatoire` });

export const positiveIdSchema = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message });

export const centsSchema = (label: string, max = 100_000_000) =>
  z
    .number({ error: `${label}\u00a0: montant en centimes attendu` })
    .int({ error: `${label}\u00a0: montant en centimes entier attendu` })
    .min(0, { error: `${label}\u00a0: montant négatif refusé` })
    .max(max, { error: `${label}\u00a0: montant trop élevé` });

const positiveCents = (label: string) => centsSchema(label).min(1, { error: `${label}\u00a0: le montant doit être positif` });

/** `YYYY-MM-DD` (a day in Paris time) or a full ISO 8601 date-time. */
export const dateInputSchema = z
  .string({ error: 'Date invalide' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, { error: 'Date invalide (AAAA-MM-JJ attendu)' })
  .refine((value) => !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)), { error: 'Date invalide' })
  // Years 1000 to 9999 only: PostgreSQL has no year 0 (a 500 otherwise), and such dates are typing errors.
  .refine((value) => {
    const year = new Date(value.length === 10 ? `${value}T00:00:00Z` : value).getUTCFullYear();
    return year >= 1000 && year <= 9999;
  }, { error: 'Date invalide' });

const pageQuery = {
  page: z.coerce.number({ error: 'Page invalide' }).int({ error: 'Page invalide' }).min(1, { error: 'Page invalide' }).max(100_000, { error: 'Page invalide' }).optional(),
  pageSize: z.coerce
    .number({ error: 'Taille de page invalide' })
    .int({ error: 'Taille de page invalide' })
    .min(1, { error: 'Taille de page invalide (1 à 100)' })
    .max(100, { error: 'Taille de page invalide (1 à 100)' })
    .optional(),
  q: searchTextSchema.optional(),
  order: z.enum(['asc', 'desc'], { error: 'Ordre invalide (asc ou desc)' }).optional(),
};

export const paginationSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string().optional(), data });
const okList = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data: z.array(item), pagination: paginationSchema });

// ───────────────── Statuses ─────────────────

export const statusTypes = ['Open', 'Closed'] as const;
const statusType = z.enum(statusTypes, { error: 'Type de statut invalide (Open ou Closed)' });
const colour = z
  .string({ error: 'Couleur invalide' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Couleur invalide (format #rrggbb)' })
  .transform((value) => value.toLowerCase());

export const statusIdParamsSchema = z.object({ id: positiveIdSchema('Identifiant de statut invalide') });

export const statusCreateSchema = z.strictObject(
  {
    name: required(50, 'Nom du statut'),
    color: colour,
    type: statusType,
    sortOrder: z.number({ error: 'Ordre invalide' }).int({ error: 'Ordre invalide' }).min(0, { error: 'Ordre invalide' }).max(1000, { error: 'Ordre invalide' }).optional(),
  },
  { error: 'Champ inconnu' },
);
export type StatusCreate = z.infer<typeof statusCreateSchema>;

export const statusPatchSchema = statusCreateSchema.partial().refine((body) => Object.keys(body).length > 0, { error: 'Aucune modification' });
export type StatusPatch = z.infer<typeof statusPatchSchema>;

export const adminStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  type: z.enum(statusTypes),
  sortOrder: z.number().int(),
  /** Null with RepairDesk (not counted there). */
  ticketCount: z.number().int().nullable(),
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;
export const adminStatusListResponseSchema = ok(z.array(adminStatusSchema));
export const adminStatusResponseSchema = ok(adminStatusSchema);
export const adminStatusDeleteResponseSchema = ok(z.object({ id: z.number().int() }));

// ───────────────── Customers ─────────────────

const customerFields = {
  firstName: lineText(60, 'Prénom'),
  lastName: lineText(60, 'Nom'),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().max(254, { error: 'Adresse e-mail trop longue' }).pipe(z.email({ error: 'Adresse e-mail invalide' }))]).nullable(),
  phone: lineText(30, 'Téléphone').regex(/^[0-9+ .()-]*$/, { error: 'Téléphone invalide' }),
  mobile: lineText(30, 'Mobile').regex(/^[0-9+ .()-]*$/, { error: 'Mobile invalide' }),
  address1: lineText(120, 'Adresse'),
  address2: lineText(120, 'Complément d’adresse'),
  city: lineText(80, 'Ville'),
  postcode: lineText(12, 'Code postal'),
  country: lineText(60, 'Pays'),
  organization: lineText(120, 'Société'),
  siren: businessId('SIREN', checkSiren),
  vatNumber: businessId('N° TVA intracommunautaire', checkVatNumber),
  emailOptIn: z.boolean({ error: 'Consentement e-mail\u00a0: oui ou non' }),
  smsOptIn: z.boolean({ error: 'Consentement SMS\u00a0: oui ou non' }),
};

/** A business customer's SIREN or VAT number as typed: '' (unknown) or a valid number, stored compact (business-ids.ts). */
function businessId(label: string, check: (value: string) => IdCheck) {
  return z
    .string({ error: `${label}\u00a0: texte attendu` })
    .max(40, { error: `${label}\u00a0: 40 caractères au plus` })
    .transform((value, ctx) => {
      const result = check(value);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message, input: value });
      return z.NEVER;
    });
}

/** A French VAT number holds a SIREN: the one given with it, when both are. */
const idsAgree = (body: { siren?: string | undefined; vatNumber?: string | undefined }) => !businessIdsDisagree(body.siren ?? '', body.vatNumber ?? '');

const hasName = (body: { firstName?: string | undefined; lastName?: string | undefined }) => Boolean(body.firstName?.trim() || body.lastName?.trim());

export const customerCreateSchema = z
  .strictObject(customerFields, { error: 'Champ inconnu' })
  .partial()
  .refine(hasName, { error: 'Indiquez au moins le nom ou le prénom du client', path: ['lastName'] })
  .refine(idsAgree, { error: businessIdMessages.mismatch, path: ['vatNumber'] });
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

export const loyaltyAdjustmentSchema = z.strictObject(
  {
    deltaCents: z
      .number({ error: 'Ajustement fidélité\u00a0: montant en centimes attendu' })
      .int({ error: 'Ajustement fidélité\u00a0: montant en centimes entier attendu' })
      .min(-100_000_000, { error: 'Ajustement fidélité trop grand' })
      .max(100_000_000, { error: 'Ajustement fidélité trop grand' })
      .refine((value) => value !== 0, { error: 'Ajustement fidélité\u00a0: montant nul' }),
    reason: required(200, 'Motif de l’ajustement').min(3, { error: 'Motif de l’ajustement\u00a0: 3 caractères au moins' }),
  },
  { error: 'Champ inconnu' },
);

export const customerPatchSchema = z
  .strictObject(customerFields, { error: 'Champ inconnu' })
  .partial()
  .extend({ loyaltyAdjustment: loyaltyAdjustmentSchema.optional() })
  .refine((body) => Object.keys(body).length > 0, { error: 'Aucune modification' })
  .refine(idsAgree, { error: businessIdMessages.mismatch, path: ['vatNumber'] });
export type CustomerPatch = z.infer<typeof customerPatchSchema>;

export const customerIdParamsSchema = z.object({ id: positiveIdSchema('Identifiant client invalide') });

export const customerSortFields = ['name', 'created', 'email'] as const;
export const customerListQuerySchema = z.object({
  ...pageQuery,
  sort: z.enum(customerSortFields, { error: 'Tri invalide (name, created ou email)' }).optional(),
});
export type AdminCustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const adminCustomerListItemSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  mobile: z.string(),
  city: z.string(),
  loyaltyBalanceCents: z.number().int(),
  /** Null in lists read from RepairDesk (not counted there). */
  ticketCount: z.number().int().nullable(),
  invoiceCount: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminCustomerListItem = z.infer<typeof adminCustomerListItemSchema>;

// ───────────────── Tickets ─────────────────

export const deviceInputSchema = z.strictObject(
  {
    category: z.enum(deviceCategories, { error: `Catégorie invalide (${deviceCategories.join(', ')})` }).optional(),
    brand: lineText(60, 'Marque').optional(),
    name: required(120, 'Appareil'),
    model: lineText(120, 'Modèle').optional(),
    imei: lineText(20, 'IMEI').regex(/^[0-9 ]*$/, { error: 'IMEI invalide (chiffres seulement)' }).optional(),
    serial: lineText(60, 'Numéro de série').optional(),
    fault: required(500, 'Panne'),
    priceCents: centsSchema('Estimation', 10_000_000).optional(),
  },
  { error: 'Champ inconnu' },
);
export type DeviceInput = z.infer<typeof deviceInputSchema>;

const devices = z
  .array(deviceInputSchema, { error: 'Appareils\u00a0: liste attendue' })
  .min(1, { error: 'Ajoutez au moins un appareil' })
  .max(10, { error: '10 appareils au plus par ticket' });

export const ticketCreateSchema = z
  .strictObject(
    {
      customerId: positiveIdSchema('Identifiant client invalide').optional(),
      customer: customerCreateSchema.optional(),
      devices,
      status: required(50, 'Statut').optional(),
      description: multiLineText(2000, 'Description').optional(),
      notes: multiLineText(5000, 'Notes').optional(),
      dueOn: dateInputSchema.nullable().optional(),
    },
    { error: 'Champ inconnu' },
  )
  .refine((body) => (body.customerId === undefined) !== (body.customer === undefined), { error: adminRepairMessages.customerChoice, path: ['customerId'] });
export type TicketCreate = z.infer<typeof ticketCreateSchema>;

export const ticketPatchSchema = z
  .strictObject(
    {
      devices: devices.optional(),
      description: multiLineText(2000, 'Description').optional(),
      notes: multiLineText(5000, 'Notes').optional(),
      dueOn: dateInputSchema.nullable().optional(),
    },
    { error: 'Champ inconnu' },
  )
  .refine((body) => Object.keys(body).length > 0, { error: 'Aucune modification' });
export type TicketPatch = z.infer<typeof ticketPatchSchema>;

export const ticketParamsSchema = z.object({
  ticket: z.string().trim().regex(/^(T-?)?\d{4,6}$/i, { error: 'Numéro de ticket invalide (T-1234)' }),
});

/** Body of PATCH /api/admin/tickets/:ticket/status. */
export const ticketStatusBodySchema = z.object({
  status: z
    .string({ error: 'Statut requis' })
    .trim()
    .min(1, { error: 'Statut requis' })
    .max(100, { error: 'Statut trop long' })
    // A status name is one line (a NUL byte would reach PostgreSQL: a 500 otherwise).
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001F\u007F]*$/, { error: 'Statut invalide' }),
  notifyByEmail: z.boolean({ error: 'Prévenir par e-mail\u00a0: oui ou non' }).optional(),
});

export const ticketSortFields = ['created', 'updated', 'number'] as const;
export const ticketListQuerySchema = z
  .object({
    ...pageQuery,
    status: lineText(50, 'Statut').optional(),
    statusType: z.enum(statusTypes, { error: 'Type de statut invalide (Open ou Closed)' }).optional(),
    from: dateInputSchema.optional(),
    to: dateInputSchema.optional(),
    customerId: positiveIdSchema('Identifiant client invalide').optional(),
    sort: z.enum(ticketSortFields, { error: 'Tri invalide (created, updated ou number)' }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from.slice(0, 10) <= query.to.slice(0, 10), { error: 'La date de début doit précéder la date de fin', path: ['from'] });
export type AdminTicketListQuery = z.infer<typeof ticketListQuerySchema>;

const customerSummary = z.object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable(), phone: z.string() });

export const adminTicketListItemSchema = z.object({
  id: z.number().int(),
  ticketNumber: z.string(),
  status: z.string(),
  statusType: z.enum(statusTypes).nullable(),
  statusColor: z.string().nullable(),
  customer: customerSummary,
  devices: z.array(z.object({ name: z.string(), category: z.string() })),
  totalCents: z.number().int(),
  dueOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTicketListItem = z.infer<typeof adminTicketListItemSchema>;

export const adminDeviceSchema = z.object({
  category: z.string(),
  brand: z.string(),
  name: z.string(),
  model: z.string(),
  fault: z.string(),
  imei: z.string(),
  serial: z.string(),
  status: z.string(),
  priceCents: z.number().int(),
});

// ───────────────── Invoices ─────────────────

export const invoiceStatuses = ['Paid', 'Unpaid', 'Partial', 'Refunded'] as const;
export const paymentMethods = ['Carte bancaire', 'Espèces', 'Virement', 'Chèque', 'Paiement sans contact'] as const;

/** 20, 10, 5.5, 0 (numbers or strings) or 'margin'. */
const vatRateInput = z
  .union([z.number(), z.string()], { error: 'Taux de TVA invalide (20, 10, 5.5, 0 ou margin)' })
  .transform((value) => String(value).trim().replace(',', '.'))
  .pipe(z.enum(vatRates, { error: 'Taux de TVA invalide (20, 10, 5.5, 0 ou margin)' })) as z.ZodType<VatRate, number | string>;

/** Largest invoice total (and loyalty balance) accepted, in cents: 1 000 000 €. */
export const INVOICE_TOTAL_MAX_CENTS = 100_000_000;
export const LOYALTY_BALANCE_MAX_CENTS = 100_000_000;

export const invoiceLineInputSchema = z.strictObject(
  {
    name: required(200, 'Désignation'),
    sku: lineText(60, 'Référence').optional(),
    quantity: z.number({ error: 'Quantité invalide' }).int({ error: 'Quantité entière attendue' }).min(1, { error: 'La quantité doit être supérieure à 0' }).max(999, { error: 'Quantité trop grande (999 au plus)' }),
    unitPriceCents: centsSchema('Prix unitaire TTC', 10_000_000),
    vatRate: vatRateInput,
  },
  { error: 'Champ inconnu' },
);
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

export const invoiceCreateSchema = z.strictObject(
  {
    customerId: positiveIdSchema('Identifiant client invalide'),
    ticket: z.string().trim().regex(/^(T-?)?\d{4,6}$/i, { error: 'Numéro de ticket invalide (T-1234)' }).optional(),
    lines: z
      .array(invoiceLineInputSchema, { error: 'Lignes\u00a0: liste attendue' })
      .min(1, { error: 'Ajoutez au moins une ligne' })
      .max(100, { error: '100 lignes au plus' })
      // The amounts are stored as 32-bit integers: a total beyond 1 000 000 € is refused, not a 500.
      .refine((lines) => lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0) <= INVOICE_TOTAL_MAX_CENTS, {
        error: 'Total de la facture trop élevé (1\u202f000\u202f000\u00a0€ au plus)',
      }),
    notes: multiLineText(2000, 'Remarques').optional(),
    dueOn: dateInputSchema.nullable().optional(),
    /** Issue 24: deduct the QualiRépar bonus of this category (staff checked the conditions). */
    bonusCategory: z.enum(repairBonusCategoryIds, { error: 'Catégorie de bonus réparation invalide' }).nullable().optional(),
  },
  { error: 'Champ inconnu' },
);
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;

export const invoicePaymentSchema = z.strictObject(
  {
    amountCents: positiveCents('Montant'),
    method: z.enum(paymentMethods, { error: `Mode de paiement invalide (${paymentMethods.join(', ')})` }),
    transactionId: lineText(80, 'Référence de transaction').optional(),
  },
  { error: 'Champ inconnu' },
);
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceRefundSchema = z.strictObject(
  {
    amountCents: positiveCents('Montant'),
    reason: required(300, 'Motif').min(3, { error: 'Motif\u00a0: 3 caractères au moins' }),
    method: z.enum(paymentMethods, { error: `Mode de remboursement invalide (${paymentMethods.join(', ')})` }).optional(),
  },
  { error: 'Champ inconnu' },
);
export type InvoiceRefund = z.infer<typeof invoiceRefundSchema>;

export const invoiceIdParamsSchema = z.object({ id: positiveIdSchema('Identifiant de facture invalide') });

export const invoiceListQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(invoiceStatuses, { error: 'Statut de facture invalide (Paid, Unpaid, Partial ou Refunded)' }).optional(),
  customerId: positiveIdSchema('Identifiant client invalide').optional(),
  sort: z.enum(['created', 'number', 'total'], { error: 'Tri invalide (created, number ou total)' }).optional(),
});
export type AdminInvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const adminInvoiceSummarySchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  status: z.enum(invoiceStatuses),
  customerId: z.number().int(),
  customerName: z.string(),
  ticketNumber: z.string().nullable(),
  totalCents: z.number().int(),
  amountPaidCents: z.number().int(),
  creditedCents: z.number().int(),
  /** Issue 24: the QualiRépar bonus deducted from what the customer owes (0: none). */
  bonusCents: z.number().int(),
  amountDueCents: z.number().int(),
  createdAt: z.string(),
});
export type AdminInvoiceSummary = z.infer<typeof adminInvoiceSummarySchema>;

export const adminCreditNoteSchema = z.object({
  id: z.number().int(),
  creditNoteNumber: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  method: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

export const adminInvoiceSchema = adminInvoiceSummarySchema.extend({
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  /** Issue 24: the bonus category (packages/shared repair-bonus) and its label, when a bonus is deducted. */
  bonusCategory: z.string().nullable(),
  bonusLabel: z.string().nullable(),
  notes: z.string(),
  dueOn: z.string().nullable(),
  /** Issue 22 §1: a business customer's organisation and numbers, printed on the invoice (absent from RepairDesk's). */
  customer: customerSummary.extend({ organization: z.string().optional(), siren: z.string().optional(), vatNumber: z.string().optional() }),
  ticket: z.object({ id: z.number().int(), ticketNumber: z.string() }).nullable(),
  lines: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      vatRate: z.enum(vatRates),
      taxCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  vatBreakdown: z.array(z.object({ rate: z.string(), baseCents: z.number().int(), taxCents: z.number().int() })),
  marginScheme: z.boolean(),
  marginTotalCents: z.number().int(),
  mentions: z.array(z.string()),
  payments: z.array(z.object({ kind: z.enum(['payment', 'refund']), amountCents: z.number().int(), method: z.string(), transactionId: z.string(), paidAt: z.string() })),
  creditNotes: z.array(adminCreditNoteSchema),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const adminInvoiceListResponseSchema = okList(adminInvoiceSummarySchema);
export const adminInvoiceResponseSchema = ok(adminInvoiceSchema);

// ───────────────── Ticket and customer details (they list invoices) ─────────────────

export const adminTicketSchema = z.object({
  id: z.number().int(),
  ticketNumber: z.string(),
  status: z.string(),
  statusType: z.enum(statusTypes).nullable(),
  statusColor: z.string().nullable(),
  description: z.string(),
  notes: z.string(),
  totalCents: z.number().int(),
  dueOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: customerSummary,
  devices: z.array(adminDeviceSchema),
  history: z.array(z.object({ fromStatus: z.string().nullable(), toStatus: z.string(), note: z.string(), createdAt: z.string() })),
  invoices: z.array(adminInvoiceSummarySchema),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketListResponseSchema = okList(adminTicketListItemSchema);
export const adminTicketResponseSchema = ok(adminTicketSchema);

export const adminCustomerSchema = adminCustomerListItemSchema.extend({
  emails: z.array(z.string()),
  address1: z.string(),
  address2: z.string(),
  postcode: z.string(),
  country: z.string(),
  organization: z.string(),
  /** Issue 22 §1: a business customer's SIREN (9 digits) and intra-EU VAT number, '' when unknown. */
  siren: z.string(),
  vatNumber: z.string(),
  emailOptIn: z.boolean(),
  smsOptIn: z.boolean(),
  updatedAt: z.string(),
  accounts: z.array(z.object({ id: z.number().int(), email: z.string(), verified: z.boolean(), createdAt: z.string() })),
  tickets: z.array(adminTicketListItemSchema.omit({ customer: true })),
  invoices: z.array(adminInvoiceSummarySchema),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerListResponseSchema = okList(adminCustomerListItemSchema);
export const adminCustomerResponseSchema = ok(adminCustomerSchema);
export const adminCustomerDeleteResponseSchema = ok(z.object({ id: z.number().int() }));
