import { z } from '../zod.js';
import { vatRates } from '../invoice-vat.js';
import { checkoutFieldMessages } from '../shop.js';
import { searchTextSchema } from './repair.js';

/**
 * The shop API served by our server (issue 5 "Paths"): WooCommerce-style shapes (spec 2 §7),
 * money as decimal strings ("49.90"), wrapped in the product's envelope {success, data, message}.
 */

const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** Refused in every visitor's text (a NUL byte would make the database refuse the query: a 5xx). */
export const controlCharactersMessage = 'Caractères non autorisés';
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// Multi-line text keeps tabs and line breaks.
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/** A one-line string a visitor typed: no control characters. */
const line = () => z.string().regex(SINGLE_LINE, { error: controlCharactersMessage });

// ───────────────────────── products ─────────────────────────

export const productImageSchema = z.object({ id: z.number().int(), src: z.string(), alt: z.string() });

export const productCategoryRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('simple'),
  status: z.literal('publish'),
  featured: z.boolean(),
  description: z.string(),
  /** At most 150 characters (spec 2 §9). */
  short_description: z.string(),
  sku: z.string(),
  price: money,
  regular_price: money,
  /** "" when the product is not on sale (WooCommerce convention). */
  sale_price: z.union([money, z.literal('')]),
  on_sale: z.boolean(),
  purchasable: z.boolean(),
  manage_stock: z.literal(true),
  stock_quantity: z.number().int().min(0),
  stock_status: z.enum(['instock', 'outofstock']),
  in_stock: z.boolean(),
  categories: z.array(productCategoryRefSchema),
  /** Main category name (spec 2 §3 internal product). */
  category: z.string(),
  brand: z.string(),
  /** 'device' for refurbished devices, 'accessory' otherwise. */
  product_type: z.enum(['device', 'accessory']),
  condition: z.string(),
  images: z.array(productImageSchema),
  /** 'warranty' (months), 'device_names'. */
  meta_data: z.array(z.object({ key: z.string(), value: z.string() })),
  repairdesk_id: z.number().int(),
  date_created: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productSortSchema = z.enum(['date', 'id', 'title', 'price', 'popularity']);

export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(12),
  search: searchTextSchema.optional(),
  /** A category id, slug or part of a name (loose contains match, spec 2 §5). */
  category: line().trim().max(100).optional(),
  featured: z.enum(['true', 'false']).optional(),
  on_sale: z.enum(['true', 'false']).optional(),
  orderby: productSortSchema.default('date'),
  order: z.enum(['asc', 'desc']).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(productSchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  message: z.string(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productResponseSchema = z.object({ success: z.literal(true), data: productSchema });

export const productCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent: z.number().int(),
  description: z.string(),
  display: z.literal('default'),
  image: z.null(),
  menu_order: z.number().int(),
  count: z.number().int(),
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

export const productCategoriesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(productCategorySchema),
  /** True when the backend had none and the spec's four fallback categories are served. */
  fallback: z.boolean(),
});

// ───────────────────────── coupons ─────────────────────────

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Numeric string, even for percent ("10.00" = 10 %). */
  amount: money,
  discount_type: z.enum(['percent', 'fixed_cart', 'fixed_product']),
  description: z.string(),
  date_expires: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  usage_count: z.number().int(),
  minimum_amount: money,
  maximum_amount: money,
  individual_use: z.boolean(),
  status: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListResponseSchema = z.object({ success: z.literal(true), data: z.array(couponSchema) });

export const cartLineInputSchema = z.object({
  product_id: z.number({ error: 'Produit invalide' }).int('Produit invalide').positive('Produit invalide').max(2_147_483_647, 'Produit invalide'),
  quantity: z
    .number({ error: 'Quantité invalide' })
    .int('La quantité doit être un nombre entier')
    .min(1, 'La quantité doit être au moins 1')
    .max(999, 'Quantité maximale\u00a0: 999'),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

export const couponValidateRequestSchema = z.object({
  code: line().trim().max(50, 'Code promo invalide'),
  /** Lines of the cart; the subtotal is recomputed from our prices (a sent subtotal is ignored). */
  items: z.array(cartLineInputSchema).max(100),
});

export const couponValidateResponseSchema = z.object({
  valid: z.boolean(),
  discount_amount: money,
  coupon: couponSchema.pick({ id: true, code: true, discount_type: true, amount: true, description: true }).nullable(),
  error: z.string().nullable(),
});
export type CouponValidateResponse = z.infer<typeof couponValidateResponseSchema>;

// ───────────────────────── shipping, payment ─────────────────────────

export const shippingMethodSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  cost: money,
  kind: z.enum(['pickup', 'standard', 'express']),
  /** Subtotal after coupon making it free (strictly above for standard, from for express); null: always free. */
  free_threshold: money.nullable(),
  needs_address: z.boolean(),
  needs_relay: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingMethodsResponseSchema = z.object({ success: z.literal(true), data: z.array(shippingMethodSchema) });

export const paymentGatewaySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  enabled: z.literal(true),
  method_title: z.string(),
  order: z.number().int(),
  /** 'offline' methods settle without an online payment (bank transfer, pay in store). */
  kind: z.enum(['offline', 'online']),
  /** Shipping methods it may be combined with; null: any. */
  shipping_methods: z.array(z.string()).nullable(),
});
export type PaymentGateway = z.infer<typeof paymentGatewaySchema>;

export const paymentGatewaysResponseSchema = z.object({ success: z.literal(true), data: z.array(paymentGatewaySchema) });

export const loyaltyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Euro string usable now (spec 2 §3), pending debits already subtracted. */
    balance: money,
    linked: z.boolean(),
  }),
});

// ───────────────────────── orders ─────────────────────────

const required = (message: string) => z.string({ error: message }).regex(SINGLE_LINE, { error: controlCharactersMessage }).trim().min(1, message).max(200);
const optionalText = (max: number) => line().trim().max(max).optional().default('');
const optionalMultiLineText = (max: number) => z.string().regex(MULTI_LINE, { error: controlCharactersMessage }).trim().max(max).optional().default('');
const country = () => line().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Pays invalide').optional().default('FR');

export const orderBillingInputSchema = z.object({
  first_name: required(checkoutFieldMessages.firstName),
  last_name: required(checkoutFieldMessages.lastName),
  email: z.string({ error: checkoutFieldMessages.email }).regex(SINGLE_LINE, { error: controlCharactersMessage }).trim().toLowerCase().min(1, checkoutFieldMessages.email).max(254).pipe(z.email({ error: 'Adresse e-mail invalide' })),
  phone: required(checkoutFieldMessages.phone),
  company: optionalText(200),
  address_1: optionalText(200),
  address_2: optionalText(200),
  city: optionalText(100),
  postcode: optionalText(20),
  country: country(),
});

export const orderShippingInputSchema = z.object({
  first_name: optionalText(200),
  last_name: optionalText(200),
  company: optionalText(200),
  address_1: optionalText(200),
  address_2: optionalText(200),
  city: optionalText(100),
  postcode: optionalText(20),
  country: country(),
});

// ───────────────────────── relay point of an order ─────────────────────────
// Defined here (not in relay-points.ts, which re-exports them) so that the pages parsing shop
// answers (/boutique, /panier) do not load the relay picker's rules with this module.

/** The texts of the relay choice (relay-points.ts's relayMessages spreads them). */
export const relayChoiceMessages = {
  invalidPostcode: 'Veuillez saisir un code postal valide (5 chiffres)',
  required: 'Veuillez choisir un point relais',
  unknown: 'Point relais introuvable\u00a0: choisissez-en un autre',
} as const;

/** The choice sent with the order: the server reads the point again from Colissimo by these. */
export const relayPointChoiceSchema = z.object({
  id: z
    .string({ error: relayChoiceMessages.required })
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, { error: relayChoiceMessages.unknown }),
  postcode: z
    .string({ error: relayChoiceMessages.invalidPostcode })
    .trim()
    .regex(/^\d{5}$/, { error: relayChoiceMessages.invalidPostcode }),
});

/** The point as the order keeps and shows it (orders.relay_point, the order view's relay_point). */
export const orderRelayPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
});

/**
 * Order creation (POST /api/shop/orders). Amounts the browser may send (totals, prices,
 * shipping_lines[].total) are not part of the schema and are ignored: the server recomputes all.
 */
export const orderCreateRequestSchema = z.object({
  payment_method: line().trim().min(1, 'Mode de paiement requis').max(40),
  billing: orderBillingInputSchema,
  /** Omitted: the billing address is used. */
  shipping: orderShippingInputSchema.optional(),
  line_items: z.array(cartLineInputSchema, { error: checkoutFieldMessages.items }).min(1, checkoutFieldMessages.items).max(100),
  shipping_lines: z.array(z.object({ method_id: line().trim().min(1).max(40) })).length(1, 'Mode de livraison requis'),
  coupon_lines: z.array(z.object({ code: line().trim().max(50, 'Code promo invalide') })).max(1).optional().default([]),
  use_loyalty: z.boolean().optional().default(false),
  customer_note: optionalMultiLineText(1000),
  /**
   * The Colissimo relay point (required with colissimo_relais / lpc_relay, ignored otherwise): the
   * server reads it again from Colissimo and keeps its own copy.
   */
  relay_point: relayPointChoiceSchema.optional(),
  /**
   * The total shown next to the order button ("49.90"). French consumer law (L221-14): the total
   * charged is the one shown; when the server's total differs, nothing is created (409).
   */
  expected_total: z.string().regex(/^\d+\.\d{2}$/, { error: 'Total attendu invalide' }).optional(),
  /** French consumer law: the terms of sale must be accepted (checkbox linking /cgv). */
  terms_accepted: z.literal(true, { error: 'Veuillez accepter les conditions générales de vente' }),
});
export type OrderCreateRequest = z.input<typeof orderCreateRequestSchema>;

export const orderAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
});

export const orderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  price: money,
  subtotal: money,
  total: money,
  image_url: z.string(),
  /**
   * Issue 22 §1: the VAT rate the article was sold at ('20', '10', '5.5', '0' or 'margin': second-hand
   * goods under the margin scheme), copied from the product when the order was placed. Optional:
   * an answer without it (older or WooCommerce-shaped data) means 20 %.
   */
  vat_rate: z.enum(vatRates).optional(),
});

export const bankDetailsSchema = z.object({
  account_holder: z.string(),
  bank_name: z.string(),
  iban: z.string(),
  bic: z.string(),
  /** What the customer writes as the transfer's reference: the order number. */
  reference: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/**
 * Issue 22 §1: a credit note (avoir, series AB-{year}-{000001}) a refund of the order's invoice
 * issued: its number, date and amount refunded (VAT included). Its PDF:
 * GET /api/shop/orders/:id/credit-notes/:number/pdf.
 */
export const orderCreditNoteSchema = z.object({ number: z.string(), date: z.string(), amount: money });
export type OrderCreditNote = z.infer<typeof orderCreditNoteSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  order_number: z.string(),
  /** Only in the creation answer (the key proves the order to the guest who placed it). */
  order_key: z.string().optional(),
  status: z.enum(['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed']),
  status_label: z.string(),
  currency: z.literal('EUR'),
  date_created: z.string(),
  date_paid: z.string().nullable(),
  /**
   * Issue 22 §1: the invoice of a paid order (series FB-{year}-{000001}, taken when it was paid)
   * and its date; null for an unpaid order, or one paid before invoices were numbered.
   */
  invoice_number: z.string().nullable().optional(),
  date_invoiced: z.string().nullable().optional(),
  /** The credit notes of its refunds, oldest first (none for an order never invoiced). */
  credit_notes: z.array(orderCreditNoteSchema).optional(),
  payment_method: z.string(),
  payment_method_title: z.string(),
  transaction_id: z.string(),
  needs_payment: z.boolean(),
  billing: orderAddressSchema,
  shipping: orderAddressSchema,
  line_items: z.array(orderLineSchema),
  shipping_lines: z.array(z.object({ method_id: z.string(), method_title: z.string(), total: money })),
  coupon_lines: z.array(z.object({ code: z.string(), discount: money })),
  subtotal: money,
  discount_total: money,
  loyalty_discount: money,
  shipping_total: money,
  total: money,
  customer_note: z.string(),
  /** Bank details to pay by transfer (bacs orders still on hold), null otherwise. */
  bank_details: bankDetailsSchema.nullable(),
  /** Date after which an unpaid order is cancelled and its stock released; null when paid. */
  expires_at: z.string().nullable(),
  /** The Colissimo relay point the parcel goes to (relay delivery), null otherwise. */
  relay_point: orderRelayPointSchema.nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ success: z.literal(true), data: orderSchema, message: z.string().optional() });

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  status: line().trim().max(30).optional(),
  search: searchTextSchema.optional(),
});

export const orderListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(orderSchema),
  total: z.number().int(),
  message: z.string(),
});

/** GET /api/shop/orders/:id: owner session, or the order key (`?key=`) for guests. */
export const orderLookupQuerySchema = z.object({ key: line().trim().max(100).optional() });

/** Compatibility calls of the spec: they prove the order by its key and grant nothing else. */
export const orderProofSchema = z.object({
  id: z.coerce.number().int().positive(),
  order_key: line().trim().min(1).max(100),
});
