import { vatRates } from '../invoice-vat.js';
import { z } from '../zod.js';

/**
 * Staff shop API (issue 9, /api/admin/orders, /api/admin/products, /api/admin/coupons): request
 * and response contracts shared by the server (route schemas) and the dashboard (forms, parsing).
 * Money is integer cents everywhere in this API (the public shop keeps WooCommerce's "49.90").
 */

// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
const controlMessage = 'Caractères non autorisés';

/** A one-line text (trimmed, no control characters, at most `max`). */
const line = (max: number, tooLong: string) =>
  z.string({ error: 'Texte attendu' }).regex(SINGLE_LINE, { error: controlMessage }).trim().max(max, { error: tooLong });
/** A multi-line text (line breaks and tabs kept). */
const text = (max: number, tooLong: string) =>
  z.string({ error: 'Texte attendu' }).regex(MULTI_LINE, { error: controlMessage }).trim().max(max, { error: tooLong });

const cents = (label: string) =>
  z
    .number({ error: `${label}\u00a0: montant en centimes attendu` })
    .int({ error: `${label}\u00a0: montant en centimes attendu (nombre entier)` })
    .min(0, { error: `${label}\u00a0: le montant ne peut pas être négatif` })
    .max(10_000_000, { error: `${label}\u00a0: montant trop élevé` });

const pageParam = z.coerce.number({ error: 'Page invalide' }).int({ error: 'Page invalide' }).min(1, { error: 'Page invalide' }).max(100_000, { error: 'Page invalide' });
const pageSizeParam = z.coerce
  .number({ error: 'Taille de page invalide' })
  .int({ error: 'Taille de page invalide' })
  .min(1, { error: 'Taille de page invalide' })
  .max(100, { error: 'Taille de page invalide' });
const boolParam = (label: string) => z.enum(['true', 'false'], { error: `${label}\u00a0: true ou false attendu` });
const searchParam = line(100, 'Recherche trop longue');
const sortOrder = z.enum(['asc', 'desc'], { error: 'Ordre de tri invalide (asc ou desc)' });

export const idParamsSchema = z.object({
  id: z.coerce.number({ error: 'Identifiant invalide' }).int({ error: 'Identifiant invalide' }).min(1, { error: 'Identifiant invalide' }).max(2_147_483_647, { error: 'Identifiant invalide' }),
});

export const paginationSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

// ───────────────────────── orders ─────────────────────────

export const adminOrderStatuses = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] as const;
export type AdminOrderStatus = (typeof adminOrderStatuses)[number];

/**
 * The status changes staff may make by hand (PATCH …/status). The others have their own action:
 * on-hold → processing is « Virement reçu » (bank-transfer-received), → refunded is a refund.
 */
export const ORDER_STATUS_TRANSITIONS: Record<AdminOrderStatus, readonly AdminOrderStatus[]> = {
  pending: ['cancelled'],
  'on-hold': ['cancelled'],
  processing: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  refunded: [],
  failed: [],
};

/** The orders staff have to act on: being prepared, or waiting for their bank transfer. */
export const ORDERS_TO_HANDLE = 'a-traiter';
export const ordersToHandleStatuses = ['processing', 'on-hold'] as const satisfies readonly (typeof adminOrderStatuses)[number][];

export const adminOrderListQuerySchema = z.object({
  page: pageParam.optional(),
  pageSize: pageSizeParam.optional(),
  /** A status, or `a-traiter` (ORDERS_TO_HANDLE): both statuses the overview counts as to handle. */
  status: z.enum([...adminOrderStatuses, ORDERS_TO_HANDLE], { error: 'Statut de commande inconnu' }).optional(),
  paymentMethod: line(40, 'Mode de paiement invalide').optional(),
  /** Order number (with or without #), e-mail, or the buyer's name. */
  search: searchParam.optional(),
  sort: z.enum(['date', 'total'], { error: 'Tri invalide (date ou total)' }).optional(),
  order: sortOrder.optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(adminOrderStatuses),
  statusLabel: z.string(),
  paymentMethod: z.string(),
  paymentMethodTitle: z.string(),
  email: z.string(),
  customerName: z.string(),
  shippingMethodTitle: z.string(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Issue 22 §1: the invoice taken when the order was paid (FB-{year}-{000001}); null before, or for an order paid before numbering. */
  invoiceNumber: z.string().nullable().optional(),
  invoicedAt: z.string().nullable().optional(),
  /** Unpaid orders are cancelled at this date and their stock released (the expiry rules of the shop). */
  expiresAt: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminOrderSummarySchema),
  pagination: paginationSchema,
});

const addressSchema = z.record(z.string(), z.string());

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  billing: addressSchema,
  shipping: addressSchema,
  shippingMethodId: z.string(),
  relayPoint: z
    .object({ id: z.string(), name: z.string(), type: z.string(), address1: z.string(), address2: z.string(), postcode: z.string(), city: z.string(), country: z.string() })
    .nullable(),
  customerNote: z.string(),
  couponCode: z.string(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  loyaltyCents: z.number().int(),
  shippingCents: z.number().int(),
  transactionId: z.string(),
  inventoryBackend: z.enum(['local', 'repairdesk']),
  lines: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      sku: z.string(),
      imageUrl: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      totalCents: z.number().int(),
      /** The rate the line was sold at (copied from the product when the order was placed). */
      vatRate: z.enum(vatRates).optional(),
    }),
  ),
  events: z.array(z.object({ fromStatus: z.string().nullable(), toStatus: z.string(), note: z.string(), createdAt: z.string() })),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      method: z.string(),
      providerRef: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      providerStatus: z.string(),
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amountCents: z.number().int(),
      /** The credit note (avoir, AB-{year}-{000001}) the refund issued; null when the order was never invoiced (issue 22 §1). */
      creditNoteNumber: z.string().nullable(),
      reason: z.string(),
      method: z.string(),
      actorEmail: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Stock reservation: held until `expiresAt` (unpaid orders), released once when cancelled. */
  reservation: z.object({ expiresAt: z.string().nullable(), stockReleasedAt: z.string().nullable() }),
  settledAt: z.string().nullable(),
  paidCents: z.number().int(),
  refundableCents: z.number().int(),
  allowedTransitions: z.array(z.enum(adminOrderStatuses)),
  canMarkTransferReceived: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderResponseSchema = z.object({ success: z.literal(true), data: adminOrderDetailSchema, message: z.string().optional() });

export const adminOrderStatusBodySchema = z
  .object({
    status: z.enum(adminOrderStatuses, { error: 'Statut de commande inconnu' }),
    note: text(500, 'La note ne peut pas dépasser 500 caractères').optional(),
  })
  .strict();
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBodySchema>;

export const adminBankTransferBodySchema = z
  .object({ note: text(500, 'La note ne peut pas dépasser 500 caractères').optional() })
  .strict();

export const adminRefundBodySchema = z
  .object({
    amountCents: z
      .number({ error: 'Montant du remboursement requis (en centimes)' })
      .int({ error: 'Montant du remboursement en centimes attendu (nombre entier)' })
      .min(1, { error: 'Le montant du remboursement doit être positif' })
      .max(10_000_000, { error: 'Montant du remboursement trop élevé' }),
    reason: text(500, 'Le motif ne peut pas dépasser 500 caractères').min(1, { error: 'Motif du remboursement requis' }),
    /** Full refund only: put the lines back in stock (the goods came back or never left). */
    restock: z.boolean({ error: 'Remise en stock\u00a0: vrai ou faux attendu' }).optional(),
  })
  .strict();
export type AdminRefundBody = z.infer<typeof adminRefundBodySchema>;

// ───────────────────────── products ─────────────────────────

export const productKinds = ['device', 'accessory', 'part'] as const;
export const productKindLabels: Record<(typeof productKinds)[number], string> = {
  device: 'Appareil reconditionné',
  accessory: 'Accessoire',
  part: 'Pièce détachée',
};
/**
 * The product form's « TVA » choices (issue 22 §1). 'margin': second-hand goods bought from
 * individuals and sold under the margin scheme (art. 297 A du CGI), invoiced without VAT shown.
 */
export const productVatRateLabels: Record<(typeof vatRates)[number], string> = {
  '20': '20\u00a0%',
  '10': '10\u00a0%',
  '5.5': '5,5\u00a0%',
  '0': '0\u00a0%',
  margin: 'TVA sur la marge (biens d’occasion)',
};
/** « Stock faible » in the dashboard: this many or fewer (and more than 0). */
export const LOW_STOCK_THRESHOLD = 3;
/** Pictures per product. */
export const MAX_PRODUCT_IMAGES = 8;
/** Largest picture accepted for upload (before resizing). */
export const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * With the RepairDesk backend, RepairDesk owns the product (name, SKU, prices, stock…): the site
 * reads it. Only the shop's own fields (`shop_products`) are set here.
 */
export const productRepairDeskFields = ['name', 'sku', 'kind', 'category', 'brand', 'condition', 'description', 'warranty', 'priceCents', 'salePriceCents', 'stock'] as const;
export type ProductRepairDeskField = (typeof productRepairDeskFields)[number];
export const productShopFields = ['featured', 'hidden', 'shortDescription', 'vatRate'] as const;

export const adminProductListQuerySchema = z.object({
  page: pageParam.optional(),
  pageSize: pageSizeParam.optional(),
  /** Name or SKU. */
  search: searchParam.optional(),
  kind: z.enum(productKinds, { error: 'Type de produit inconnu' }).optional(),
  /** Category id or name. */
  category: line(80, 'Catégorie invalide').optional(),
  featured: boolParam('Mis en avant').optional(),
  hidden: boolParam('Masqué').optional(),
  stock: z.enum(['in', 'low', 'out'], { error: 'Filtre de stock invalide (in, low ou out)' }).optional(),
  sort: z.enum(['name', 'sku', 'price', 'stock', 'date'], { error: 'Tri invalide' }).optional(),
  order: sortOrder.optional(),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

export const adminProductImageSchema = z.object({ index: z.number().int(), src: z.string(), thumb: z.string(), alt: z.string() });

export const adminProductSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  kind: z.enum(productKinds),
  category: z.string(),
  brand: z.string(),
  condition: z.string(),
  /** Regular price, VAT included. */
  priceCents: z.number().int(),
  /** Sale price (below the price) or null. */
  salePriceCents: z.number().int().nullable(),
  /** Units available for sale now (units held by unpaid orders are already taken out). */
  stock: z.number().int(),
  featured: z.boolean(),
  hidden: z.boolean(),
  imageUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * 'repairdesk': the product is RepairDesk's (the RepairDesk backend): only the shop fields
   * (`productShopFields`) change here. Absent: our own inventory, every field editable.
   */
  source: z.literal('repairdesk').optional(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

export const adminProductListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminProductSummarySchema),
  pagination: paginationSchema,
  /** 'repairdesk' when the inventory is RepairDesk's (no creation, no deletion here), even for an empty page. */
  source: z.literal('repairdesk').optional(),
});

export const adminProductDetailSchema = adminProductSummarySchema.extend({
  description: z.string(),
  shortDescription: z.string(),
  warranty: z.string(),
  images: z.array(adminProductImageSchema),
  /** Units held by orders still waiting (payment, transfer, collection): given back if they are cancelled. */
  reservedQuantity: z.number().int(),
  /** Order lines naming the product: a product sold once is archived (hidden), never deleted. */
  orderLineCount: z.number().int(),
  /** The VAT rate it is sold at (issue 22 §1), copied onto each order line when an order is placed. */
  vatRate: z.enum(vatRates),
  /** RepairDesk's product: the fields RepairDesk owns (shown, never sent). */
  readOnlyFields: z.array(z.enum(productRepairDeskFields)).optional(),
  /**
   * RepairDesk's product: its quantity in RepairDesk. `stock` is what the shop still sells (this
   * minus `reservedQuantity`, the web sales not yet applied in RepairDesk).
   */
  repairDeskQuantity: z.number().int().optional(),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

export const adminProductResponseSchema = z.object({ success: z.literal(true), data: adminProductDetailSchema, message: z.string().optional() });

const productFields = {
  name: line(200, 'Le nom ne peut pas dépasser 200 caractères').min(1, { error: 'Le nom du produit est requis' }),
  sku: line(64, 'La référence (SKU) ne peut pas dépasser 64 caractères').min(1, { error: 'La référence (SKU) est requise' }),
  description: text(10_000, 'La description ne peut pas dépasser 10\u202f000 caractères'),
  shortDescription: text(150, 'La description courte ne peut pas dépasser 150 caractères'),
  category: line(80, 'La catégorie ne peut pas dépasser 80 caractères'),
  brand: line(80, 'La marque ne peut pas dépasser 80 caractères'),
  kind: z.enum(productKinds, { error: 'Type de produit inconnu (appareil, accessoire ou pièce)' }),
  condition: line(80, 'L’état ne peut pas dépasser 80 caractères'),
  priceCents: cents('Prix'),
  salePriceCents: cents('Prix soldé').nullable(),
  stock: z
    .number({ error: 'Stock\u00a0: nombre entier attendu' })
    .int({ error: 'Stock\u00a0: nombre entier attendu' })
    .min(0, { error: 'Le stock ne peut pas être négatif' })
    .max(1_000_000, { error: 'Stock trop élevé' }),
  warranty: line(120, 'La garantie ne peut pas dépasser 120 caractères'),
  featured: z.boolean({ error: 'Mis en avant\u00a0: vrai ou faux attendu' }),
  hidden: z.boolean({ error: 'Masqué\u00a0: vrai ou faux attendu' }),
  vatRate: z.enum(vatRates, { error: 'Taux de TVA invalide\u00a0: 20, 10, 5.5, 0 ou margin (TVA sur la marge)' }),
};

const salePriceBelowPrice = { error: 'Le prix soldé doit être inférieur au prix', path: ['salePriceCents'] };

export const adminProductCreateSchema = z
  .object({
    ...productFields,
    description: productFields.description.optional(),
    shortDescription: productFields.shortDescription.optional(),
    category: productFields.category.optional(),
    brand: productFields.brand.optional(),
    condition: productFields.condition.optional(),
    salePriceCents: productFields.salePriceCents.optional(),
    stock: productFields.stock.optional(),
    warranty: productFields.warranty.optional(),
    featured: productFields.featured.optional(),
    hidden: productFields.hidden.optional(),
    vatRate: productFields.vatRate.optional(),
  })
  .strict()
  .refine((body) => body.salePriceCents === undefined || body.salePriceCents === null || body.salePriceCents < body.priceCents, salePriceBelowPrice);
export type AdminProductCreate = z.infer<typeof adminProductCreateSchema>;

export const adminProductUpdateSchema = z
  .object({
    ...productFields,
    /** Optional guard: the stock the form showed; if it changed meanwhile (an order), 409 and nothing saved. */
    expectedStock: z.number({ error: 'Stock attendu\u00a0: nombre entier' }).int({ error: 'Stock attendu\u00a0: nombre entier' }).min(0).max(1_000_000),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== 'expectedStock'), { error: 'Aucune modification à enregistrer' })
  .refine(
    (body) => body.salePriceCents === undefined || body.salePriceCents === null || body.priceCents === undefined || body.salePriceCents < body.priceCents,
    salePriceBelowPrice,
  );
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

export const adminProductImageParamsSchema = idParamsSchema.extend({
  index: z.coerce.number({ error: 'Numéro d’image invalide' }).int({ error: 'Numéro d’image invalide' }).min(0, { error: 'Numéro d’image invalide' }).max(100, { error: 'Numéro d’image invalide' }),
});

export const adminDeleteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.number().int(), deleted: z.boolean(), archived: z.boolean() }),
});

// ───────────────────────── coupons ─────────────────────────

export const couponStatuses = ['publish', 'draft', 'pending', 'private', 'trash'] as const;
export const couponDiscountTypes = ['percent', 'fixed_cart', 'fixed_product'] as const;

export const adminCouponListQuerySchema = z.object({
  page: pageParam.optional(),
  pageSize: pageSizeParam.optional(),
  search: searchParam.optional(),
  status: z.enum(couponStatuses, { error: 'Statut de code promo inconnu' }).optional(),
});

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(couponStatuses),
  discountType: z.enum(couponDiscountTypes),
  /** percent: hundredths of a percent (1000 = 10 %); fixed_cart / fixed_product: cents. */
  amount: z.number().int(),
  description: z.string(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  usageCount: z.number().int(),
  minimumCents: z.number().int(),
  maximumCents: z.number().int(),
  individualUse: z.boolean(),
  listed: z.boolean(),
  /** Orders that name this coupon (any status). */
  orderCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListResponseSchema = z.object({ success: z.literal(true), data: z.array(adminCouponSchema), pagination: paginationSchema });
export const adminCouponResponseSchema = z.object({ success: z.literal(true), data: adminCouponSchema, message: z.string().optional() });

const couponFields = {
  /** Stored upper case; letters, digits, - and _. */
  code: z
    .string({ error: 'Code requis' })
    .trim()
    .toUpperCase()
    .min(2, { error: 'Le code doit compter au moins 2 caractères' })
    .max(40, { error: 'Le code ne peut pas dépasser 40 caractères' })
    .regex(/^[A-Z0-9_-]+$/, { error: 'Le code ne peut contenir que des lettres sans accent, des chiffres, - et _' }),
  status: z.enum(couponStatuses, { error: 'Statut de code promo inconnu' }),
  discountType: z.enum(couponDiscountTypes, { error: 'Type de remise inconnu' }),
  amount: z.number({ error: 'Montant de la remise requis' }).int({ error: 'Montant de la remise\u00a0: nombre entier attendu' }).min(0, { error: 'Le montant de la remise ne peut pas être négatif' }).max(10_000_000, { error: 'Montant de la remise trop élevé' }),
  description: text(500, 'La description ne peut pas dépasser 500 caractères'),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Date d’expiration invalide' })
    // Years 1000 to 9999 only: PostgreSQL has no year 0 (a 500 otherwise).
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1000 && year <= 9999;
    }, { error: 'Date d’expiration invalide' })
    .nullable(),
  usageLimit: z.number({ error: 'Limite d’utilisation\u00a0: nombre entier attendu' }).int({ error: 'Limite d’utilisation\u00a0: nombre entier attendu' }).min(1, { error: 'La limite d’utilisation doit être d’au moins 1' }).max(1_000_000, { error: 'Limite d’utilisation trop élevée' }).nullable(),
  minimumCents: cents('Montant minimum'),
  /** 0: no maximum. */
  maximumCents: cents('Montant maximum'),
  individualUse: z.boolean({ error: 'Usage individuel\u00a0: vrai ou faux attendu' }),
  listed: z.boolean({ error: 'Affiché dans le bandeau\u00a0: vrai ou faux attendu' }),
};

export const PERCENT_MAX_HUNDREDTHS = 10_000;
export const couponRuleMessages = {
  percentRange: 'Le pourcentage doit être compris entre 0 et 100\u00a0% (en centièmes\u00a0: 0 à 10000)',
  maxBelowMin: 'Le montant maximum doit être supérieur au montant minimum',
} as const;

export const adminCouponCreateSchema = z
  .object({
    ...couponFields,
    status: couponFields.status.optional(),
    description: couponFields.description.optional(),
    expiresAt: couponFields.expiresAt.optional(),
    usageLimit: couponFields.usageLimit.optional(),
    minimumCents: couponFields.minimumCents.optional(),
    maximumCents: couponFields.maximumCents.optional(),
    individualUse: couponFields.individualUse.optional(),
    listed: couponFields.listed.optional(),
  })
  .strict()
  .refine((body) => body.discountType !== 'percent' || body.amount <= PERCENT_MAX_HUNDREDTHS, { error: couponRuleMessages.percentRange, path: ['amount'] })
  .refine((body) => !body.maximumCents || !body.minimumCents || body.maximumCents > body.minimumCents, { error: couponRuleMessages.maxBelowMin, path: ['maximumCents'] });
export type AdminCouponCreate = z.infer<typeof adminCouponCreateSchema>;

/** Partial update; the rules that join two fields are checked on the server against the stored values too. */
export const adminCouponUpdateSchema = z
  .object(couponFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Aucune modification à enregistrer' });
export type AdminCouponUpdate = z.infer<typeof adminCouponUpdateSchema>;

// ───────────────────────── shipping methods ─────────────────────────

export const shippingMethodIds = ['local_pickup', 'colissimo_no_sign', 'colissimo_sign', 'colissimo_relais', 'chronopost'] as const;

export const adminShippingMethodSchema = z.object({
  id: z.enum(shippingMethodIds),
  title: z.string(),
  description: z.string(),
  /** pickup: always free; standard: free strictly above the threshold; express: free from it. */
  kind: z.enum(['pickup', 'standard', 'express']),
  needsRelay: z.boolean(),
  needsAddress: z.boolean(),
  costCents: z.number().int(),
  /** null: never free (or pickup, always free). */
  freeThresholdCents: z.number().int().nullable(),
  enabled: z.boolean(),
  /** Offered at checkout now: enabled and, for the relay point, Colissimo configured. */
  offered: z.boolean(),
  defaults: z.object({ costCents: z.number().int(), freeThresholdCents: z.number().int().nullable() }),
});
export type AdminShippingMethod = z.infer<typeof adminShippingMethodSchema>;

export const adminShippingMethodsResponseSchema = z.object({ success: z.literal(true), data: z.array(adminShippingMethodSchema), message: z.string().optional() });

export const shippingAdminRuleMessages = {
  duplicate: 'Chaque mode de livraison ne peut apparaître qu’une fois',
  pickupFree: 'Le retrait en boutique est toujours gratuit\u00a0: seule son activation se règle.',
  oneEnabled: 'Au moins un mode de livraison doit rester actif.',
} as const;

/** PUT: the methods to change (others keep their settings); each field optional. */
export const adminShippingMethodsUpdateSchema = z
  .object({
    methods: z
      .array(
        z
          .object({
            id: z.enum(shippingMethodIds, { error: 'Mode de livraison inconnu' }),
            costCents: cents('Prix de livraison').optional(),
            freeThresholdCents: cents('Seuil de gratuité').nullable().optional(),
            enabled: z.boolean({ error: 'Actif\u00a0: vrai ou faux attendu' }).optional(),
          })
          .strict(),
        { error: 'Liste des modes de livraison attendue' },
      )
      .min(1, { error: 'Aucun mode de livraison à enregistrer' })
      .max(shippingMethodIds.length, { error: 'Trop de modes de livraison' })
      .refine((methods) => new Set(methods.map((method) => method.id)).size === methods.length, { error: shippingAdminRuleMessages.duplicate }),
  })
  .strict();
export type AdminShippingMethodsUpdate = z.infer<typeof adminShippingMethodsUpdateSchema>;
