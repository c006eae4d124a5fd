import { vatRates } from '../invoice-vat.js';
import { z } from '../zod.js';

/**
 * The repair proxy's contract (spec 1 §3 and §7, spec 3 §3 and §7). Public answers carry only
 * public fields: no name, e-mail, phone or address, and no customer id (it would link one
 * person's repairs): the customer is "Client #{the ticket's id}".
 */

/** Spec 3 §9: the public dashboard shows the tickets of the last 14 days; the server serves no more. */
export const PUBLIC_TICKET_WINDOW_DAYS = 14;

/**
 * A search typed by a visitor: trimmed, 100 characters at most, no control characters (a NUL byte
 * would make the database refuse the query).
 */
export const searchTextSchema = z
  .string()
  .trim()
  .max(100, { error: 'Recherche trop longue (100 caractères au plus)' })
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001F\u007F]*$/, { error: 'Recherche invalide' });

// An empty value ("from_date=") is not 0 (1970): it is refused like any other bad date.
const unixSeconds = z.preprocess((value) => (value === '' ? Number.NaN : value), z.coerce
  .number({ error: 'Date invalide (secondes Unix attendues)' })
  .int({ error: 'Date invalide (secondes Unix attendues)' })
  .min(0, { error: 'Date invalide (secondes Unix attendues)' })
  .max(4_102_444_800, { error: 'Date invalide (secondes Unix attendues)' }));

export const MAX_TICKET_PAGE_SIZE = 500;

export const ticketListQuerySchema = z
  .object({
    keyword: searchTextSchema.optional(),
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

// ───────────────── Full (owner / admin) views ─────────────────

const euros = z.number();

export const fullDeviceSchema = publicDeviceSchema.extend({
  price: euros,
  imei: z.string(),
  serial: z.string(),
  repairItems: z.array(z.string()),
});

/** Spec 1 §3 "Ticket as read from the server", for the customer who owns it or an admin. */
export const fullTicketSchema = publicTicketSchema.extend({
  customer_id: z.number().int(),
  customerId: z.number().int(),
  initial_status: z.string(),
  total_amount: euros,
  grand_total: euros,
  description: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  devices: z.array(fullDeviceSchema),
});
export type FullTicket = z.infer<typeof fullTicketSchema>;

export const fullTicketDetailSchema = fullTicketSchema.extend({ history: z.array(ticketEventSchema) });
export type FullTicketDetail = z.infer<typeof fullTicketDetailSchema>;

export const fullTicketListResponseSchema = ticketListResponseSchema.extend({ data: z.array(fullTicketSchema) });

/** The owner (or an admin) gets the full ticket; anyone else the public view. Full first: a union keeps the first match. */
export const ticketDetailAnyResponseSchema = ticketDetailResponseSchema.extend({
  data: z.union([fullTicketDetailSchema, publicTicketDetailSchema]),
});

// ───────────────── Customers ─────────────────

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message });

export const customerIdParamsSchema = z.object({ id: positiveId('Identifiant client invalide') });

const pageNumber = z.coerce
  .number({ error: 'Page invalide' })
  .int({ error: 'Page invalide' })
  .min(0, { error: 'Page invalide' })
  .max(100_000, { error: 'Page invalide' });

function pageSize(max: number, fallback: number) {
  const message = `La taille de page doit être comprise entre 1 et ${max}`;
  return z.coerce
    .number({ error: 'Taille de page invalide' })
    .int({ error: 'Taille de page invalide' })
    .min(1, { error: message })
    .max(max, { error: message })
    .default(fallback);
}

const keyword = searchTextSchema.optional();

export const MAX_CUSTOMER_PAGE_SIZE = 500;
export const customerListQuerySchema = z.object({
  page: pageNumber.default(1),
  pageSize: pageSize(MAX_CUSTOMER_PAGE_SIZE, 50),
  keyword,
  referedBy: searchTextSchema.optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** Spec 1 §3 "Customer read fields", plus the profile fields of the edit form. */
export const customerSchema = z.object({
  cid: z.number().int(),
  id: z.number().int(),
  fullName: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  emails: z.array(z.object({ value: z.string() })),
  phone: z.string(),
  mobile: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  orgonization: z.string(),
  refered_by: z.string(),
  contact_person: z.string(),
  email_opt_in: z.union([z.literal(0), z.literal(1)]),
  sms_opt_in: z.union([z.literal(0), z.literal(1)]),
  /** Euros. */
  loyalty_balance: euros,
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * Profile text (spec 1 §5): replacement and diamond characters and control characters removed,
 * whitespace collapsed.
 */
export function cleanProfileText(value: string): string {
  return value
    .replace(/[\uFFFD\u25C6\u25C7\u2666]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A display name (first or last name, spec 1 §5): profile text that also loses every character
 * but letters, digits, spaces, hyphen, underscore, dot and apostrophe (typographic ’ included).
 */
export function cleanDisplayName(value: string): string {
  return cleanProfileText(cleanProfileText(value).replace(/[^\p{L}\p{M}\p{N} \-_.'’]/gu, ''));
}

const profileText = (max: number) => z.string().max(max * 4, { error: 'Valeur trop longue' }).transform(cleanProfileText).pipe(z.string().max(max, { error: `${max} caractères au plus` }));
const requiredName = (label: string) =>
  z.string().max(400, { error: 'Valeur trop longue' }).transform(cleanDisplayName).pipe(z.string().min(1, { error: `${label} est requis` }).max(100, { error: '100 caractères au plus' }));
const optIn = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((value) => value === 1 || value === true);
const phone = z
  .string()
  .transform(cleanProfileText)
  .pipe(z.string().max(30, { error: 'Numéro de téléphone trop long' }).regex(/^[0-9+().\s-]*$/, { error: 'Numéro de téléphone invalide' }));

/** PUT /customers/:id: the profile edit form of spec 1 §3; every field optional, unknown fields refused. */
export const customerUpdateBodySchema = z
  .object({
    first_name: requiredName('Le prénom'),
    last_name: requiredName('Le nom'),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'Adresse e-mail invalide' })),
    phone,
    mobile: phone,
    address1: profileText(200),
    address2: profileText(200),
    city: profileText(100),
    postcode: z.string().trim().max(10, { error: 'Code postal invalide' }).regex(/^[0-9A-Za-z -]*$/, { error: 'Code postal invalide' }),
    country: profileText(60),
    state: profileText(60),
    orgonization: profileText(120),
    refered_by: profileText(120),
    contact_person: profileText(120),
    email_opt_in: optIn,
    sms_opt_in: optIn,
  })
  .partial()
  .strict();
export type CustomerUpdateBody = z.infer<typeof customerUpdateBodySchema>;

/** POST /customer: the external create payload of spec 1 §3. */
export const customerCreateBodySchema = z
  .object({
    first_name: requiredName('Le prénom'),
    last_name: requiredName('Le nom'),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'Adresse e-mail invalide' })),
    mobile: phone.optional(),
    phone: phone.optional(),
    address1: profileText(200).optional(),
    city: profileText(100).optional(),
    postcode: z.string().trim().max(10, { error: 'Code postal invalide' }).regex(/^[0-9A-Za-z -]*$/, { error: 'Code postal invalide' }).optional(),
    country: profileText(60).optional(),
    email_opt_in: optIn.optional(),
    sms_opt_in: optIn.optional(),
  })
  .strict();
export type CustomerCreateBody = z.infer<typeof customerCreateBodySchema>;

export const customerListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(customerSchema),
  message: z.string(),
  statusCode: z.number().int(),
  total: z.number().int(),
});

export const customerResponseSchema = z.object({
  success: z.literal(true),
  data: customerSchema,
  message: z.string(),
  statusCode: z.number().int(),
});

// ───────────────── Invoices ─────────────────

export const invoiceStatusValues = ['Paid', 'Unpaid', 'Partial', 'Refunded'] as const;
export type InvoiceStatusValue = (typeof invoiceStatusValues)[number];

export const invoiceIdParamsSchema = z.object({ id: positiveId('Identifiant de facture invalide') });

export const MAX_INVOICE_PAGE_SIZE = 500;
export const invoiceListQuerySchema = z.object({
  // Spec 1 §7: page=0 (RepairDesk counts from 0); 0 and 1 both mean the first page.
  page: pageNumber.default(0),
  pagesize: pageSize(MAX_INVOICE_PAGE_SIZE, 100),
  keyword,
  status: z
    .string()
    .trim()
    .transform((value) => invoiceStatusValues.find((status) => status.toLowerCase() === value.toLowerCase()) ?? value)
    .pipe(z.enum(invoiceStatusValues, { error: 'Statut de facture invalide (Paid, Unpaid, Partial ou Refunded)' }))
    .optional(),
  customer_id: positiveId('Identifiant client invalide').optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** Spec 1 §3 "Invoice"; amounts in euros. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  order_id: z.string(),
  customer_id: z.number().int(),
  status: z.enum(invoiceStatusValues),
  created_at: z.string(),
  due_on: z.string().nullable(),
  subtotal: euros,
  total_tax: euros,
  total_amount: euros,
  amount_paid: euros,
  amount_due: euros,
  discount: euros,
  notes: z.string(),
  customer: z.object({
    fullName: z.string(),
    cid: z.number().int(),
    email: z.string(),
    phone: z.string(),
    /** Issue 22 §1: the billing address's lines and the business customer's organisation, for the invoice. */
    address: z.array(z.string()).optional(),
    organisation: z.string().optional(),
    /** Issue 22 §1: a business customer's SIREN and intra-EU VAT number, when known (the local backend's; RepairDesk has none). */
    siren: z.string().optional(),
    vatNumber: z.string().optional(),
  }),
  line_items: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      price: euros,
      tax: euros,
      total: euros,
      /** Issue 9: '20', '10', '5.5', '0' or 'margin' (VAT margin scheme: no VAT shown). */
      vat_rate: z.enum(vatRates).optional(),
    }),
  ),
  /** Issue 9: VAT per rate of the lines outside the margin scheme (HT base and VAT, euros). */
  vat_breakdown: z.array(z.object({ rate: z.string(), base: euros, tax: euros })).optional(),
  /** Issue 9: some lines are sold under the VAT margin scheme ("TVA sur la marge"). */
  margin_scheme: z.boolean().optional(),
  /** Issue 9: legal mentions the invoice must print (e.g. the margin scheme's). */
  mentions: z.array(z.string()).optional(),
  /** Issue 9: total of the credit notes issued against the invoice (euros). */
  credited: euros.optional(),
  /** Issue 24: the QualiRépar repair bonus deducted from what the customer owes (euros), and its line's label. */
  bonus: euros.optional(),
  bonus_label: z.string().optional(),
  payments: z.array(z.object({ type: z.enum(['payment', 'refund']), amount: euros, method: z.string(), transaction_id: z.string(), payment_date: z.string() })),
  ticket: z.object({ hasTicket: z.boolean(), id: z.number().int().nullable(), order_id: z.string().nullable() }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(invoiceSchema),
  message: z.string(),
  statusCode: z.number().int(),
  total: z.number().int(),
});

export const invoiceResponseSchema = z.object({
  success: z.literal(true),
  data: invoiceSchema,
  message: z.string(),
  statusCode: z.number().int(),
});

// ───────────────── Inventory ─────────────────

export const MAX_INVENTORY_PAGE_SIZE = 5000;
export const inventoryListQuerySchema = z.object({
  keyword,
  page: pageNumber.default(1),
  pagesize: pageSize(MAX_INVENTORY_PAGE_SIZE, 500),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuerySchema>;

/** Spec 2 §3 "Inventory item from the repair system"; prices in euros, VAT included. No cost price. */
export const inventoryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  upc_code: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  in_stock: z.number().int(),
  selling_price: euros,
  price: euros,
  original_price: euros.nullable(),
  brand: z.string(),
  manufacturer: z.string(),
  category: z.string(),
  category_name: z.string(),
  categories: z.array(z.object({ name: z.string() })),
  item_type: z.enum(['device', 'accessory', 'part']),
  condition: z.string(),
  image_url: z.string(),
  originalimage: z.string(),
  warranty: z.string(),
  supplier: z.string(),
  devices_names: z.string(),
  created_at: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(inventoryItemSchema),
  message: z.string(),
  statusCode: z.number().int(),
  total: z.number().int(),
});

export const namedListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
  message: z.string(),
  statusCode: z.number().int(),
  total: z.number().int(),
});

/** Spec 2 §7: the brands listed when the repair system has none. */
export const fallbackBrands = [
  'Apple', 'Samsung', 'Huawei', 'Xiaomi', 'OnePlus', 'Sony', 'Google', 'Microsoft', 'HP', 'Dell',
  'Asus', 'Acer', 'Lenovo', 'Nintendo', 'Oppo', 'Vivo', 'Realme', 'Honor', 'Nothing',
] as const;

// ───────────────── Service ─────────────────

export const repairHealthResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  backend: z.enum(['local', 'repairdesk']),
  message: z.string(),
  timestamp: z.string(),
});

export const repairStatusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  statusCode: z.number().int(),
  data: z.object({
    backend: z.enum(['local', 'repairdesk']),
    configured: z.boolean(),
    caches: z.object({ publicTicketsTtlSeconds: z.number(), inventoryTtlSeconds: z.number() }),
  }),
});

export const repairTestResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  statusCode: z.number().int(),
  data: z.object({ backend: z.enum(['local', 'repairdesk']), ok: z.boolean(), latencyMs: z.number() }),
});
