import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored trimmed and lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'admin'] }).notNull().default('customer'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** Set only once the e-mail address is proven (DESIGN.md §4, one ownership rule). */
    repairCustomerId: integer('repair_customer_id'),
    /** Marketing consent chosen at registration (unticked by default: French law); copied to the repair customer on linking. */
    emailOptIn: boolean('email_opt_in').notNull().default(false),
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * A new address the user asked for (with their password), not yet proven: `email` stays the
     * login and the address mail goes to until a link mailed to this one is used.
     */
    pendingEmail: text('pending_email'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_role_check', sql`${table.role} in ('customer', 'admin')`),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    deviceFingerprint: text('device_fingerprint'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Browsers that proved they know an account's password (a login, a reset, a registration, the
 * proof of an address). Failures from strangers lock out only the browsers not listed here, so a
 * flood of wrong passwords never keeps the owner out of their usual browser (DESIGN.md §4).
 * Only the SHA-256 of the cookie's random token is stored.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('trusted_devices_token_user_unique').on(table.tokenHash, table.userId), index('trusted_devices_user_idx').on(table.userId)],
);

/**
 * Single-use tokens sent by e-mail: password reset (1 hour), e-mail verification and the proof of
 * a new address (e-mail change). Only the SHA-256 of the token is stored; a token is spent by
 * setting used_at. A token proves only `email`, the address it was mailed to, for `user_id`.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['password_reset', 'email_verification', 'email_change'] }).notNull(),
    /** The address the token was mailed to (null only for tokens issued before 0015, all voided then). */
    email: text('email'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('auth_tokens_hash_unique').on(table.tokenHash),
    index('auth_tokens_user_kind_idx').on(table.userId, table.kind),
    check('auth_tokens_kind_check', sql`${table.kind} in ('password_reset', 'email_verification', 'email_change')`),
  ],
);

/**
 * The mail outbox: every e-mail is written here first (in the transaction of what caused it when
 * there is one), then sent by the mail job with back-off. Nothing is lost while SMTP is down;
 * `dedupe_key` makes a mail that must go once (e.g. the sign-up notice) impossible to queue twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** Where a reply goes when it is not the shop (a visitor's message forwarded to the staff). */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** End of the sending job's claim (a lease its heartbeat extends); due again for any instance once past. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Who holds the claim while `sending`: host:pid:uuid of one job start (jobs/claims.ts). */
    lockedBy: text('locked_by'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Files sent with the mail (a booking's .ics): name, MIME type and base64 content; small only. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('mail_outbox_dedupe_unique').on(table.dedupeKey),
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/** One row (id = 1): the site settings of spec 1 §3. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    title: text('title').notNull(),
    description: text('description').notNull(),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    shopMaintenanceMode: boolean('shop_maintenance_mode').notNull().default(false),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('site_settings_singleton', sql`${table.id} = 1`)],
);

/**
 * The shop's identity (store profile, packages/shared/store-profile.ts): one row, the whole
 * profile as JSON validated by storeProfileSchema on every write. No row: the default profile.
 */
export const storeProfileTable = pgTable(
  'store_profile',
  {
    id: integer('id').primaryKey().default(1),
    profile: jsonb('profile').notNull(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('store_profile_singleton', sql`${table.id} = 1`)],
);

/**
 * Fixed-window counters for rate limits, in the database so that limits hold across several
 * server instances (DESIGN.md §5).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Small key/value facts about this installation (seed version, generated keys…). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

// ───────────────────────── Repair management (the embedded repair desk) ─────────────────────────
// Customers, tickets, invoices and inventory are held here by default; with RepairDesk configured
// they are read from it instead (issue 3). Ids double as RepairDesk-style ids (cid, ticket id).

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Main address, trimmed and lower-cased; other addresses in `emails`. */
    email: text('email'),
    emails: jsonb('emails').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    phone: text('phone').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    country: text('country').notNull().default('France'),
    organization: text('organization').notNull().default(''),
    /** A business customer's SIREN (9 digits) and intra-EU VAT number, printed on its invoices (issue 22 §1); '' when unknown. */
    siren: text('siren').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    referredBy: text('referred_by').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    emailOptIn: boolean('email_opt_in').notNull().default(false),
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    loyaltyBalanceCents: integer('loyalty_balance_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('customers_email_idx').on(table.email),
    index('customers_last_name_idx').on(table.lastName),
    check('customers_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check('customers_loyalty_check', sql`${table.loyaltyBalanceCents} >= 0`),
  ],
);

/** Ticket statuses of the store (spec 3 §4): name, colour, Open or Closed. */
export const statuses = pgTable(
  'statuses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    type: text('type', { enum: ['Open', 'Closed'] }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('statuses_name_unique').on(table.name),
    check('statuses_type_check', sql`${table.type} in ('Open', 'Closed')`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    /** "T-1234" (spec 1 §5). */
    ticketNumber: text('ticket_number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** Status of the ticket as a whole (the first device's); each device also has its own. */
    status: text('status').notNull(),
    description: text('description').notNull().default(''),
    totalCents: integer('total_cents').notNull().default(0),
    /** Staff's internal notes (issue 9): never shown to the customer nor in public views. */
    notes: text('notes').notNull().default(''),
    /** When staff promised the repair (issue 9), optional. */
    dueOn: timestamp('due_on', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('tickets_number_unique').on(table.ticketNumber),
    index('tickets_customer_idx').on(table.customerId),
    index('tickets_created_at_idx').on(table.createdAt),
    check('tickets_number_check', sql`${table.ticketNumber} ~ '^T-[0-9]{4,6}$'`),
    check('tickets_total_check', sql`${table.totalCents} >= 0`),
  ],
);

export const ticketDevices = pgTable(
  'ticket_devices',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** One of the device categories of spec 3 §3 (Téléphone, Tablette, …). */
    category: text('category').notNull(),
    brand: text('brand').notNull().default(''),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    fault: text('fault').notNull().default(''),
    imei: text('imei').notNull().default(''),
    serial: text('serial').notNull().default(''),
    status: text('status').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    repairItems: jsonb('repair_items').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [index('ticket_devices_ticket_idx').on(table.ticketId), check('ticket_devices_price_check', sql`${table.priceCents} >= 0`)],
);

/** Status history of a ticket (shown in the public lookup: public fields only). */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_events_ticket_idx').on(table.ticketId, table.createdAt)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['Paid', 'Unpaid', 'Partial', 'Refunded'] }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    /** Sum of the credit notes issued against this invoice (issue 9); what is owed is total − credited. */
    creditedCents: integer('credited_cents').notNull().default(0),
    /**
     * QualiRépar repair bonus (issue 24): paid to the shop by the eco-organism, so deducted from
     * what the customer owes (total − credited − bonus), VAT still computed on the full price.
     */
    bonusCategory: text('bonus_category'),
    bonusCents: integer('bonus_cents').notNull().default(0),
    notes: text('notes').notNull().default(''),
    dueOn: timestamp('due_on', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.invoiceNumber),
    index('invoices_customer_idx').on(table.customerId),
    check('invoices_status_check', sql`${table.status} in ('Paid', 'Unpaid', 'Partial', 'Refunded')`),
    check('invoices_amounts_check', sql`${table.totalCents} >= 0 and ${table.amountPaidCents} >= 0`),
    check('invoices_credited_check', sql`${table.creditedCents} >= 0 and ${table.creditedCents} <= ${table.totalCents}`),
    check('invoices_bonus_check', sql`${table.bonusCents} >= 0 and ${table.bonusCents} <= ${table.totalCents}`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    sku: text('sku').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Unit price including VAT. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /**
     * VAT rate of the line in percent ('20', '10', '5.5', '0'), or 'margin' for a second-hand
     * refurbished item sold under the VAT margin scheme (art. 297 A du CGI): no VAT shown.
     */
    vatRate: text('vat_rate').notNull().default('20'),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.invoiceId),
    check('invoice_lines_quantity_check', sql`${table.quantity} > 0`),
    check('invoice_lines_vat_rate_check', sql`${table.vatRate} in ('20', '10', '5.5', '0', 'margin')`),
  ],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull().default('payment'),
    amountCents: integer('amount_cents').notNull(),
    method: text('method').notNull(),
    transactionId: text('transaction_id').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_payments_invoice_idx').on(table.invoiceId), check('invoice_payments_amount_check', sql`${table.amountCents} > 0`)],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    upcCode: text('upc_code').notNull().default(''),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** 'device' (refurbished phone, console…), 'accessory', or 'part' (spare part, never sold online). */
    itemType: text('item_type', { enum: ['device', 'accessory', 'part'] }).notNull(),
    condition: text('condition').notNull().default(''),
    costPriceCents: integer('cost_price_cents').notNull().default(0),
    /** Selling price, VAT included. */
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents'),
    quantity: integer('quantity').notNull().default(0),
    warranty: text('warranty').notNull().default(''),
    supplier: text('supplier').notNull().default(''),
    deviceNames: text('device_names').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('inventory_items_sku_unique').on(table.sku),
    index('inventory_items_category_idx').on(table.categoryId),
    index('inventory_items_name_idx').on(table.name),
    // Stock can never go negative (DESIGN.md §1.5).
    check('inventory_items_quantity_check', sql`${table.quantity} >= 0`),
    check('inventory_items_price_check', sql`${table.priceCents} >= 0`),
    check('inventory_items_type_check', sql`${table.itemType} in ('device', 'accessory', 'part')`),
  ],
);

// ───────────────────────── Shop (issue 5) ─────────────────────────
// The catalogue is derived from the repair backend's inventory; these tables hold what the shop
// adds (slug, featured, images, short description), coupons, and orders with their lines.

/** Shop fields of an inventory item (local id, or RepairDesk item id when that backend is used). */
export const shopProducts = pgTable(
  'shop_products',
  {
    productId: integer('product_id').primaryKey(),
    slug: text('slug').notNull().default(''),
    featured: boolean('featured').notNull().default(false),
    /** [{src, alt}], first one is the main picture. */
    images: jsonb('images').$type<{ src: string; alt: string }[]>().notNull().default(sql`'[]'::jsonb`),
    shortDescription: text('short_description').notNull().default(''),
    /** Hidden from the shop by staff even when it would qualify. */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * VAT rate the article is sold at (issue 22 §1): '20' by default; 'margin' for second-hand goods
     * bought from individuals and sold under the margin scheme (art. 297 A du CGI). Copied onto each
     * order line when the order is placed, so a later change never rewrites an issued invoice.
     */
    vatRate: text('vat_rate').notNull().default('20'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('shop_products_short_description_check', sql`char_length(${table.shortDescription}) <= 150`),
    check('shop_products_vat_rate_check', sql`${table.vatRate} in ('20', '10', '5.5', '0', 'margin')`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Upper case, trimmed. */
    code: text('code').notNull(),
    status: text('status', { enum: ['publish', 'draft', 'pending', 'private', 'trash'] }).notNull().default('publish'),
    discountType: text('discount_type', { enum: ['percent', 'fixed_cart', 'fixed_product'] }).notNull().default('fixed_cart'),
    /** Percent: hundredths of a percent (1000 = 10 %); fixed: cents. */
    amount: integer('amount').notNull(),
    description: text('description').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    /** Paid orders that used it (one per order, counted when the order is paid). */
    usageCount: integer('usage_count').notNull().default(0),
    minimumCents: integer('minimum_cents').notNull().default(0),
    maximumCents: integer('maximum_cents').notNull().default(0),
    individualUse: boolean('individual_use').notNull().default(false),
    /** Listed in the promo banner; private codes still validate. */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('coupons_code_unique').on(table.code),
    check('coupons_code_upper_check', sql`${table.code} = upper(${table.code})`),
    check('coupons_amount_check', sql`${table.amount} >= 0`),
    check('coupons_usage_check', sql`${table.usageCount} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the order key (the key proves the order to the guest who placed it). */
    orderKeyHash: text('order_key_hash').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentMethodTitle: text('payment_method_title').notNull(),
    transactionId: text('transaction_id').notNull().default(''),
    /** Signed-in buyer, if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Repair customer the order belongs to (linked account), if any. */
    customerId: integer('customer_id'),
    /** Billing e-mail, lower case (orders also belong to the user with this verified e-mail). */
    email: text('email').notNull(),
    billing: jsonb('billing').$type<Record<string, string>>().notNull(),
    shipping: jsonb('shipping').$type<Record<string, string>>().notNull(),
    shippingMethodId: text('shipping_method_id').notNull(),
    shippingMethodTitle: text('shipping_method_title').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code').notNull().default(''),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    loyaltyCents: integer('loyalty_cents').notNull().default(0),
    /** Local backend: the loyalty actually taken from the balance at settlement (what a cancellation gives back). */
    loyaltyDebitedCents: integer('loyalty_debited_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    customerNote: text('customer_note').notNull().default(''),
    /** Colissimo relay point chosen at checkout (shipping colissimo_relais), as shown to the buyer. */
    relayPoint: jsonb('relay_point').$type<RelayPointRecord>(),
    /** 'local' or 'repairdesk': where the stock of the lines lives. */
    inventoryBackend: text('inventory_backend', { enum: ['local', 'repairdesk'] }).notNull(),
    /** Reserved stock given back (cancelled, failed). */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /** RepairDesk only: staff applied the sale to RepairDesk's stock (the lines no longer count locally). */
    stockSyncedAt: timestamp('stock_synced_at', { withTimezone: true }),
    /** Coupon redemption and loyalty debit counted (once, at payment). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** RepairDesk only: loyalty debit applied by staff in RepairDesk. */
    loyaltySyncedAt: timestamp('loyalty_synced_at', { withTimezone: true }),
    /** Unpaid orders are cancelled after this and their stock released. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /** The spec's browser call asking for the confirmation mail: honoured once per order. */
    confirmationRequestedAt: timestamp('confirmation_requested_at', { withTimezone: true }),
    createdIp: text('created_ip').notNull().default(''),
    /** The address the unpaid-orders limit counts by: the IPv4 address, or the /64 of an IPv6 one. */
    createdIpKey: text('created_ip_key').notNull().default(''),
    /** The order's invoice (series `FB-{year}`, from document_counters), issued once it is paid; '' before. */
    invoiceNumber: text('invoice_number').notNull().default(''),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_invoice_number_idx').on(table.invoiceNumber).where(sql`${table.invoiceNumber} <> ''`),
    index('orders_email_idx').on(table.email),
    index('orders_customer_idx').on(table.customerId),
    index('orders_user_idx').on(table.userId),
    index('orders_status_expires_idx').on(table.status, table.expiresAt),
    index('orders_created_ip_key_idx').on(table.createdIpKey),
    check('orders_amounts_check', sql`${table.subtotalCents} >= 0 and ${table.discountCents} >= 0 and ${table.loyaltyCents} >= 0 and ${table.shippingCents} >= 0 and ${table.totalCents} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The product's VAT rate when the order was placed (shop_products.vat_rate): the invoice's rate for this line. */
    vatRate: text('vat_rate').notNull().default('20'),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    check('order_lines_vat_rate_check', sql`${table.vatRate} in ('20', '10', '5.5', '0', 'margin')`),
    index('order_lines_product_idx').on(table.productId),
    check('order_lines_quantity_check', sql`${table.quantity} > 0`),
    check('order_lines_amount_check', sql`${table.unitPriceCents} >= 0 and ${table.totalCents} >= 0`),
  ],
);

/** Every status change of an order (who or what changed it, and why). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId)],
);

/** The relay point stored on an order (the fields shown to the buyer and printed for staff). */
export type RelayPointRecord = {
  id: string;
  name: string;
  type: string;
  address1: string;
  address2: string;
  postcode: string;
  city: string;
  country: string;
};

/**
 * One payment attempt with an online provider (a Stripe PaymentIntent or Checkout Session, a
 * PayPal order). `provider_ref` is the provider's id; the amount and currency are the ones asked
 * of the provider, compared with what the provider reports before an order is marked paid.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'paypal'] }).notNull(),
    /** The order's payment method: stripe (card), klarna, revolut_pay, paypal. */
    method: text('method').notNull(),
    /** pi_… / cs_… (Stripe), the PayPal order id. */
    providerRef: text('provider_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    /** created, succeeded, failed, canceled, refunded (our reading of the provider's status). */
    status: text('status').notNull().default('created'),
    /** The provider's own status as last read (requires_payment_method, APPROVED, COMPLETED…). */
    providerStatus: text('provider_status').notNull().default(''),
    /** Capture / charge id once paid (PayPal capture id, Stripe latest charge). */
    captureRef: text('capture_ref').notNull().default(''),
    /** Buy-now-pay-later plan chosen by the buyer (pay_in_3, pay_in_4, pay_later, financing). */
    plan: text('plan').notNull().default(''),
    lastError: text('last_error').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_provider_ref_idx').on(table.provider, table.providerRef),
    index('payments_order_idx').on(table.orderId),
    check('payments_amount_check', sql`${table.amountCents} >= 0`),
  ],
);

/** Webhook events already handled (provider + event id): a replay changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: integer('order_id'),
    providerRef: text('provider_ref').notNull().default(''),
    /** What the handler did (paid, ignored: …, refunded …): kept for staff and audits. */
    outcome: text('outcome').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_idx').on(table.provider, table.eventId)],
);

// ───────────────────────── Notifications, push and tracked tickets (issue 7) ─────────────────────────

/** A user's notification (spec 1 §3), the same on every device. At most 50 kept, none older than 30 days. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['ticket', 'promo', 'store', 'flash'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Ticket number (T-1234) for a ticket notification, '' otherwise. */
    ticketId: text('ticket_id').notNull().default(''),
    /** url, ticketId, promoCode, actionRequired, source (spec 1 §3). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** ticketId, device, problem, status… of a ticket notification (no personal data). */
    ticketData: jsonb('ticket_data').$type<Record<string, unknown>>(),
    icon: text('icon').notNull().default(''),
    requireInteraction: boolean('require_interaction').notNull().default(false),
    /** The same change never notifies twice (e.g. "ticket:T-1234:<status>"); null: no dedupe. */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('notifications_user_dedupe_idx').on(table.userId, table.dedupeKey),
  ],
);

/** Notification preferences of a user (spec 1 §3 defaults). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  promosCodes: boolean('promos_codes').notNull().default(true),
  ticketUpdates: boolean('ticket_updates').notNull().default(true),
  storeNews: boolean('store_news').notNull().default(false),
  flashSales: boolean('flash_sales').notNull().default(true),
  realTimeTracking: boolean('real_time_tracking').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * A browser's Web Push subscription: a signed-in user's, or a visitor's following one ticket
 * (user_id null, the ticket in tracked_tickets). The endpoint is unique: a browser re-subscribing
 * replaces its row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    deviceType: text('device_type').notNull().default(''),
    /** Secret of a visitor's subscription (hashed): proves it when the visitor removes the opt-in. */
    removalTokenHash: text('removal_token_hash'),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint), index('push_subscriptions_user_idx').on(table.userId)],
);

/** Cloud-push (FCM) tokens (spec 1 §3 cloud variant); used only when FCM credentials are configured. */
export const fcmTokens = pgTable(
  'fcm_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    deviceType: text('device_type').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** The timestamp the browser sent (ISO), as received. */
    clientTimestamp: text('client_timestamp').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('fcm_tokens_token_idx').on(table.token)],
);

/**
 * Pushes to deliver (outbox): written in the transaction that creates the notification, sent by a
 * job with retries; a subscription answered 404/410 is deleted (its rows go with it).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    /** The JSON the service worker receives (title, body, url, type, tag, requireInteraction…). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due time; while a sender holds the row, the end of its claim (a lease its heartbeat extends). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who holds the claim (host:pid:uuid of one sender, jobs/claims.ts); null when nobody does. */
    lockedBy: text('locked_by'),
    lastError: text('last_error').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('push_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * A ticket followed on the server (spec 1 §4 "Tracking", run server-side): by a signed-in owner
 * (user_id), or by a visitor's push subscription after a second factor. The first status seen is
 * only stored; a later different one notifies once.
 */
export const trackedTickets = pgTable(
  'tracked_tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** Normalised number, T-1234. */
    ticketNumber: text('ticket_number').notNull(),
    lastStatus: text('last_status').notNull().default(''),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tracked_tickets_user_ticket_idx').on(table.userId, table.ticketNumber),
    uniqueIndex('tracked_tickets_subscription_ticket_idx').on(table.subscriptionId, table.ticketNumber),
    index('tracked_tickets_checked_idx').on(table.lastCheckedAt),
    check('tracked_tickets_owner_check', sql`(${table.userId} is not null) <> (${table.subscriptionId} is not null)`),
  ],
);

// ───────────────────────── Contact messages and online quote requests (issue 8) ─────────────────────────

/** Image bytes (bytea): PGlite answers Uint8Array, node-postgres a Buffer (itself a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A message sent from /contact, kept for the staff (status new → in_progress → handled). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'in_progress', 'handled'] }).notNull().default('new'),
    /**
     * Held back for staff review by the site-wide safety valve (an unusual day's volume): stored and
     * shown in the inbox, not mailed to the shop until staff release it.
     */
    held: boolean('held').notNull().default(false),
    /** The sender's address (abuse handling); purged with the message. */
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('contact_messages_status_idx').on(table.status, table.createdAt),
    check('contact_messages_status_check', sql`${table.status} in ('new', 'in_progress', 'handled')`),
  ],
);

/** Photos of a contact message (type read from the bytes, not from the browser). */
export const contactAttachments = pgTable(
  'contact_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_attachments_message_idx').on(table.messageId)],
);

/** An online quote request (/devis-en-ligne); `reference` is what the customer is given (D-2026-000123). */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    category: text('category').notNull(),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    fault: text('fault').notNull(),
    /** The fault as shown to the customer, and its indicative price then (null: on diagnosis). */
    faultLabel: text('fault_label').notNull(),
    priceFromEuros: integer('price_from_euros'),
    description: text('description').notNull().default(''),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    dropOffDate: date('drop_off_date', { mode: 'string' }).notNull(),
    dropOffSlot: text('drop_off_slot', { enum: ['matin', 'apres-midi'] }).notNull(),
    /** The customer agreed to receive service SMS about this request (estimate, booking, pickup). */
    smsConsent: boolean('sms_consent').notNull().default(false),
    /** When the customer agreed to be contacted about this quote. */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['new', 'in_progress', 'handled'] }).notNull().default('new'),
    /** Held back for staff review by the site-wide safety valve (see contact_messages.held). */
    held: boolean('held').notNull().default(false),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('quote_requests_reference_idx').on(table.reference),
    index('quote_requests_status_idx').on(table.status, table.createdAt),
    check('quote_requests_status_check', sql`${table.status} in ('new', 'in_progress', 'handled')`),
    check('quote_requests_slot_check', sql`${table.dropOffSlot} in ('matin', 'apres-midi')`),
  ],
);

export const quotePhotos = pgTable(
  'quote_photos',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('quote_photos_quote_idx').on(table.quoteId)],
);

// ───────────────────────── Staff: audit log (issue 9) ─────────────────────────

/**
 * Every change made by staff in the dashboard: who, what, when, before/after. Written in the
 * transaction of the change itself (`recordAudit`), so a change and its record land together or
 * not at all. The actor is kept as an id and a copy of the e-mail, so the record survives the
 * actor's account being removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** Dotted verb, e.g. `settings.update`, `ticket.status`, `order.mark_paid`, `admin.add`. */
    action: text('action').notNull(),
    /** What was changed: `ticket`, `order`, `product`, `coupon`, `settings`, `user`… */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt), index('audit_log_entity_idx').on(table.entity, table.entityId)],
);

// ───────────────────────── Staff: shop administration (issue 9) ─────────────────────────

/**
 * A refund recorded by staff on an order (full or partial). The sum of an order's refunds never
 * exceeds what was paid. `method` says how the money went back: `manual` (bank transfer, cash,
 * or done by staff in the provider's own dashboard), or the provider called by the server.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    method: text('method', { enum: ['manual', 'stripe', 'paypal'] }).notNull().default('manual'),
    /** The provider's refund id when the server refunded through it; '' for a manual refund. */
    providerRef: text('provider_ref').notNull().default(''),
    /**
     * The credit note (avoir) this refund issues when the order has an invoice (issue 22 §1):
     * `AB-{year}-{000001}`, its own gapless series taken in the refund's transaction; '' when the
     * order was never invoiced (paid before invoices existed).
     */
    creditNoteNumber: text('credit_note_number').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_refunds_order_idx').on(table.orderId),
    uniqueIndex('order_refunds_credit_note_unique').on(table.creditNoteNumber).where(sql`${table.creditNoteNumber} <> ''`),
    check('order_refunds_amount_check', sql`${table.amountCents} > 0`),
    check('order_refunds_method_check', sql`${table.method} in ('manual', 'stripe', 'paypal')`),
  ],
);

/**
 * Product pictures uploaded by staff (local backend): re-encoded to WebP by the server, the large
 * one at most 1200 px on its longest side and a 400 px thumbnail. Kept in the database, so every
 * instance serves them (DESIGN §5); `shop_products.images` points at /api/shop/images/<id>.
 */
export const shopProductImages = pgTable(
  'shop_product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('shop_product_images_product_idx').on(table.productId)],
);

// ───────────────────────── Staff: push campaigns (issue 9, admin core) ─────────────────────────

/**
 * A promo or flash-sale campaign sent by staff: an in-app notification to each opted-in customer
 * and their Web Pushes, written in one transaction with this row. `send_key` (a hash of the
 * content and the Paris day) is unique: a double click sends once.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    sendKey: text('send_key').notNull(),
    kind: text('kind', { enum: ['promo', 'flash'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Coupon code announced (upper case), '' if none. */
    code: text('code').notNull().default(''),
    /** Path of this site opened by the notification, '' for the default. */
    url: text('url').notNull().default(''),
    recipients: integer('recipients').notNull().default(0),
    pushesQueued: integer('pushes_queued').notNull().default(0),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('campaigns_send_key_unique').on(table.sendKey),
    index('campaigns_created_idx').on(table.createdAt),
    check('campaigns_kind_check', sql`${table.kind} in ('promo', 'flash')`),
  ],
);

// ───────────────────────── Staff: repairs (issue 9, admin repair) ─────────────────────────

/**
 * Counters of the numbered documents (invoices `F-{year}`, credit notes `AV-{year}`, tickets
 * `T`). A number is taken by locking the counter row (SELECT … FOR UPDATE) and incrementing it
 * in the transaction that writes the document: a failed transaction gives its number back, so
 * invoice numbers have no gaps (a sequence would leave some). Created on first use from the
 * highest number already in the table.
 */
export const documentCounters = pgTable('document_counters', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});

/**
 * A credit note (avoir) issued by staff against an invoice (issued invoices are never edited or
 * deleted). Numbered `AV-{year}-{00001}` in its own gapless series.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    creditNoteNumber: text('credit_note_number').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** Part of the amount paid back to the customer (the rest cancels what was still owed). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    method: text('method').notNull().default(''),
    reason: text('reason').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('credit_notes_number_unique').on(table.creditNoteNumber),
    index('credit_notes_invoice_idx').on(table.invoiceId),
    check('credit_notes_amount_check', sql`${table.amountCents} > 0 and ${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`),
  ],
);

/**
 * Shipping methods as staff set them (issue 9): price, free-shipping threshold, enabled. A method
 * without a row keeps the built-in values of packages/shared/src/shop.ts (spec 2 §9); the server
 * prices every order from these (the browser's figures are only a preview).
 */
export const shippingMethodSettings = pgTable(
  'shipping_method_settings',
  {
    methodId: text('method_id').primaryKey(),
    costCents: integer('cost_cents').notNull(),
    /** Subtotal after coupon from which the method is free (standard: strictly above; express: from); null: never free. */
    freeThresholdCents: integer('free_threshold_cents'),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('shipping_method_settings_cost_check', sql`${table.costCents} >= 0`),
    check('shipping_method_settings_threshold_check', sql`${table.freeThresholdCents} is null or ${table.freeThresholdCents} >= 0`),
  ],
);

// ───────────────────────── Staff: two-factor sign-in (issue 23 §5) ─────────────────────────

/**
 * A staff account's TOTP (RFC 6238) second factor: one row per account that started enrolment.
 * `secret` is the key in use (set on the first confirmation, never returned by the API again);
 * `pending_secret` the one of an enrolment started but not confirmed (setup → confirm).
 * `last_used_step` is the TOTP time step of the last code accepted: a code of that step or an
 * earlier one is refused, so a code works once (RFC 6238 §5.2).
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  pendingSecret: text('pending_secret'),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes of a second factor: only their argon2id hashes; a code is spent by setting used_at. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('two_factor_recovery_codes_user_idx').on(table.userId)],
);

/**
 * Sign-ins waiting for their second step: the password was right, no session exists yet. Only
 * SHA-256 hashes of the pending token (given in the answer) and of the browser's binding cookie;
 * single-use (used_at), 5 minutes, a few wrong codes at most.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    deviceFingerprint: text('device_fingerprint'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('login_challenges_token_hash_unique').on(table.tokenHash), index('login_challenges_expires_idx').on(table.expiresAt)],
);

// ───────────────────────── The repair journey online (issue 24) ─────────────────────────
// Estimates approved by a link, drop-off bookings, repair invoices paid online, SMS. Tickets,
// customers and invoices may live in RepairDesk, so these tables keep their ids and numbers
// without foreign keys to the local repair tables.

/**
 * Secret links mailed (or sent by SMS) to a customer: one purpose and one subject each, only the
 * SHA-256 of the token kept, an expiry, and a revocation (a revised estimate voids the earlier
 * link). The link proves nothing else: not an account, not another subject.
 */
export const customerLinks = pgTable(
  'customer_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['estimate', 'booking', 'invoice-payment'] }).notNull(),
    /** The estimate, booking or invoice (the repair backend's invoice id) the link opens. */
    subjectId: integer('subject_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('customer_links_token_hash_unique').on(table.tokenHash),
    index('customer_links_subject_idx').on(table.purpose, table.subjectId),
    check('customer_links_purpose_check', sql`${table.purpose} in ('estimate', 'booking', 'invoice-payment')`),
  ],
);

/**
 * A repair estimate (devis) sent to a customer, from a quote request or a ticket. Amounts are
 * computed by the server from the lines and the store's VAT regime at creation and never change;
 * a revision is a new estimate that supersedes this one. `bonus_cents` is the QualiRépar bonus
 * deducted (0 when staff unticked it or the repair does not qualify).
 */
export const estimates = pgTable(
  'estimates',
  {
    id: serial('id').primaryKey(),
    /** What the customer is given: DV-2026-000123. */
    estimateNumber: text('estimate_number').notNull(),
    quoteRequestId: integer('quote_request_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    /** The repair backend's ticket (local or RepairDesk), when the estimate is for a ticket. */
    ticketId: integer('ticket_id'),
    ticketNumber: text('ticket_number'),
    /** The repair customer, when known: the one ownership rule shows the estimate in their account. */
    customerId: integer('customer_id'),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** The customer agreed to receive service SMS about this repair. */
    smsConsent: boolean('sms_consent').notNull().default(false),
    /** Device category (quote catalogue ids: telephone, tablette, ordinateur…) and its description. */
    deviceCategory: text('device_category').notNull(),
    deviceLabel: text('device_label').notNull().default(''),
    vatRegime: text('vat_regime', { enum: ['standard', 'franchise'] }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** QualiRépar bonus category (packages/shared repair-bonus table) and the amount deducted. */
    bonusCategory: text('bonus_category'),
    bonusCents: integer('bonus_cents').notNull().default(0),
    /** Deposit asked online before the repair (0: none). */
    depositCents: integer('deposit_cents').notNull().default(0),
    leadTimeDays: integer('lead_time_days').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['sent', 'accepted', 'declined', 'superseded', 'withdrawn'] }).notNull().default('sent'),
    supersededById: integer('superseded_by_id'),
    declineReason: text('decline_reason').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedIp: text('decided_ip').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('estimates_number_unique').on(table.estimateNumber),
    index('estimates_customer_idx').on(table.customerId),
    index('estimates_ticket_idx').on(table.ticketNumber),
    index('estimates_quote_idx').on(table.quoteRequestId),
    index('estimates_email_idx').on(table.email),
    check('estimates_status_check', sql`${table.status} in ('sent', 'accepted', 'declined', 'superseded', 'withdrawn')`),
    check(
      'estimates_amounts_check',
      sql`${table.subtotalCents} >= 0 and ${table.taxCents} >= 0 and ${table.totalCents} >= 0 and ${table.bonusCents} >= 0 and ${table.bonusCents} <= ${table.totalCents} and ${table.depositCents} >= 0 and ${table.depositCents} <= ${table.totalCents} - ${table.bonusCents}`,
    ),
    check('estimates_lead_time_check', sql`${table.leadTimeDays} >= 0`),
  ],
);

export const estimateLines = pgTable(
  'estimate_lines',
  {
    id: serial('id').primaryKey(),
    estimateId: integer('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['part', 'labour', 'other'] }).notNull(),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    /** Unit price including VAT (the shop's prices are TTC, like invoice lines). */
    unitPriceCents: integer('unit_price_cents').notNull(),
    vatRate: text('vat_rate').notNull().default('20'),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
  },
  (table) => [
    index('estimate_lines_estimate_idx').on(table.estimateId),
    check('estimate_lines_kind_check', sql`${table.kind} in ('part', 'labour', 'other')`),
    check('estimate_lines_quantity_check', sql`${table.quantity} > 0`),
    check('estimate_lines_amount_check', sql`${table.unitPriceCents} >= 0 and ${table.totalCents} >= 0`),
  ],
);

/**
 * Drop-off booking rules (one row, id = 1): slot length, how many customers per slot, how late a
 * booking can be changed, how far ahead one can book, and the weekly opening periods the slots
 * are cut from (weekday 1 = Monday … 7 = Sunday, Paris local times "HH:MM").
 */
export const bookingSettings = pgTable(
  'booking_settings',
  {
    id: integer('id').primaryKey().default(1),
    slotMinutes: integer('slot_minutes').notNull().default(30),
    capacity: integer('capacity').notNull().default(2),
    cutoffHours: integer('cutoff_hours').notNull().default(2),
    horizonDays: integer('horizon_days').notNull().default(30),
    weekly: jsonb('weekly').$type<{ weekday: number; from: string; to: string }[]>().notNull(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('booking_settings_singleton', sql`${table.id} = 1`),
    check('booking_settings_values_check', sql`${table.slotMinutes} between 10 and 240 and ${table.capacity} between 1 and 50 and ${table.cutoffHours} >= 0 and ${table.horizonDays} between 1 and 365`),
  ],
);

/** Days the shop is closed beyond the weekly hours (holidays, leave), managed by staff. */
export const bookingClosures = pgTable(
  'booking_closures',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('booking_closures_day_unique').on(table.day)],
);

/**
 * One row per slot that was ever booked or touched by staff: the count of confirmed bookings,
 * raised only by `booked < capacity` in one UPDATE (never overbooked, however many book at once),
 * a capacity of its own, or a block by staff.
 */
export const bookingSlots = pgTable(
  'booking_slots',
  {
    slotStart: timestamp('slot_start', { withTimezone: true }).primaryKey(),
    booked: integer('booked').notNull().default(0),
    capacityOverride: integer('capacity_override'),
    blockedReason: text('blocked_reason'),
    updatedAt: updatedAt(),
  },
  (table) => [check('booking_slots_booked_check', sql`${table.booked} >= 0`)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** What the customer is given: RDV-2026-000123. */
    reference: text('reference').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    slotEnd: timestamp('slot_end', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['confirmed', 'cancelled'] }).notNull().default('confirmed'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    smsConsent: boolean('sms_consent').notNull().default(false),
    /** What the customer brings (device and fault), as they wrote it. */
    note: text('note').notNull().default(''),
    customerId: integer('customer_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    estimateId: integer('estimate_id').references(() => estimates.id, { onDelete: 'set null' }),
    quoteRequestId: integer('quote_request_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    ipKey: text('ip_key').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['customer', 'staff'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('bookings_reference_unique').on(table.reference),
    index('bookings_slot_idx').on(table.slotStart, table.status),
    index('bookings_email_idx').on(table.email),
    check('bookings_status_check', sql`${table.status} in ('confirmed', 'cancelled')`),
    check('bookings_slot_order_check', sql`${table.slotEnd} > ${table.slotStart}`),
  ],
);

/**
 * A repair invoice (or an estimate's deposit) paid online with Stripe or PayPal: the amount asked
 * of the provider comes from the server, and is compared with what the provider reports before
 * anything is recorded. With RepairDesk, the payment is then posted to it from here (`post_*`),
 * retried with back-off until it is accepted.
 */
export const repairPayments = pgTable(
  'repair_payments',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: ['invoice', 'deposit'] }).notNull(),
    /** The repair backend's invoice id (purpose invoice). */
    invoiceId: integer('invoice_id'),
    invoiceNumber: text('invoice_number').notNull().default(''),
    estimateId: integer('estimate_id').references(() => estimates.id, { onDelete: 'set null' }),
    customerId: integer('customer_id'),
    /** Where the receipt goes. */
    email: text('email').notNull(),
    provider: text('provider', { enum: ['stripe', 'paypal'] }).notNull(),
    method: text('method').notNull(),
    providerRef: text('provider_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    /** created, succeeded, failed, canceled (our reading of the provider's status). */
    status: text('status').notNull().default('created'),
    providerStatus: text('provider_status').notNull().default(''),
    captureRef: text('capture_ref').notNull().default(''),
    lastError: text('last_error').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** RepairDesk only: none (local backend), pending, posted, failed (given up: staff told). */
    postStatus: text('post_status', { enum: ['none', 'pending', 'posted', 'failed'] }).notNull().default('none'),
    postAttempts: integer('post_attempts').notNull().default(0),
    /** Next posting attempt; for a deposit not matched to a RepairDesk invoice yet (post_status none), the job's next look for it (repair-payments/deposits.ts). */
    postNextAt: timestamp('post_next_at', { withTimezone: true }),
    postLockedUntil: timestamp('post_locked_until', { withTimezone: true }),
    postLockedBy: text('post_locked_by'),
    postError: text('post_error').notNull().default(''),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /**
     * SHA-256 (hex) of the secret the provider's return address carries: the return page reads the
     * payment's status (and captures a PayPal order) only with it, never with the provider's id alone.
     */
    returnKeyHash: text('return_key_hash').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('repair_payments_provider_ref_idx').on(table.provider, table.providerRef),
    index('repair_payments_invoice_idx').on(table.invoiceId),
    index('repair_payments_estimate_idx').on(table.estimateId),
    index('repair_payments_post_due_idx').on(table.postStatus, table.postNextAt),
    check('repair_payments_purpose_check', sql`${table.purpose} in ('invoice', 'deposit')`),
    check('repair_payments_amount_check', sql`${table.amountCents} > 0`),
    check('repair_payments_post_status_check', sql`${table.postStatus} in ('none', 'pending', 'posted', 'failed')`),
  ],
);

/**
 * Service SMS waiting to be sent (estimate, booking, ready for pickup), written in the transaction
 * of what they announce and sent by the SMS job with back-off, like e-mails (mail_outbox). Only
 * to customers who agreed; never written when SMS is not configured.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** E.164 (+33612345678). */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    providerRef: text('provider_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sms_outbox_dedupe_unique').on(table.dedupeKey),
    index('sms_outbox_due_idx').on(table.status, table.nextAttemptAt),
    check('sms_outbox_status_check', sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
