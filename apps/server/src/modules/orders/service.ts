import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { VatRate } from '@erepare/shared/invoice-vat';
import { formatCents } from '@erepare/shared/format';
import { messages } from '@erepare/shared/messages';
import {
  checkoutFieldMessages,
  centsToDecimal,
  computeTotals,
  evaluateCoupon,
  shopMessages,
  CART_UNKNOWN_STOCK_CAP,
} from '@erepare/shared/shop';
import type { Order, orderCreateRequestSchema, orderListQuerySchema } from '@erepare/shared/schemas/shop';
import { normaliseShippingMethodId, relayMessages, relayNoteLine, withRelayNote } from '@erepare/shared/relay-points';
import type { StoreProfile } from '@erepare/shared/store-profile';
import type { z } from '@erepare/shared/zod';
import type { InventoryItemRecord, RepairBackend } from '../../adapters/repair/types.js';
import type { Config } from '../../config.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import type { RelayPointRecord } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { normaliseMailbox } from '../../lib/mailbox.js';
import { clientAddressKey, withinRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import { checkSession } from '../../plugins/auth.js';
import type { Mailer } from '../mail/mailer.js';
import { enqueueMail } from '../mail/outbox.js';
import { sellableShippingMethod } from '../shipping/methods-store.js';
import type { Catalogue, CatalogueProduct } from '../shop/catalogue-types.js';
import { findCouponByCode, type CouponRow } from '../shop/coupons-repository.js';
import { isSellable } from '../shop/catalogue-rules.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { offlinePaymentMethods, type PaymentMethodAdapter } from '../shop/payment-methods.js';
import { orderConfirmationEmail, orderExpiredEmail, orderPickupExpiredEmail, orderStaffNotificationEmail, type OrderMailData } from './mails.js';
import { creditNotesOf, findOrderCreditNote, issueOrderInvoice, type OrderCreditNoteRow } from './order-invoice.js';
import {
  CLOSED_STATUSES,
  claimConfirmation,
  claimConfirmationRequest,
  claimSettlement,
  claimStockRelease,
  countCouponRedemption,
  countUnpaidOrders,
  creditLocalLoyalty,
  debitLocalLoyalty,
  findOrder,
  giveBackLocalStock,
  hiddenProductIds,
  productVatRates,
  insertOrder,
  insertOrderEvent,
  insertOrderLines,
  linesOf,
  listOwnedOrders,
  lockInventoryItems,
  lockLocalLoyaltyBalance,
  lockLoyalty,
  lockProduct,
  lockBuyer,
  reservedLoyaltyCents,
  reservedWebQuantities,
  takeLocalStock,
  couponRuleCountingOrders,
  updateOrder,
  type InventoryBackendKind,
  type OrderLineRow,
  type OrderRow,
  type OrderStatus,
  type BuyerKey,
} from './repository.js';
import { addressOf, orderNumberOf, toOrderView, type OrderAddress } from './views.js';

export type OrderCreateInput = z.output<typeof orderCreateRequestSchema>;
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

// ───────────────────────── who is asking ─────────────────────────

export type OrderViewer =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: number; role: 'customer' | 'admin'; email: string; emailVerified: boolean; customerId: number | null };

export async function orderViewerOf(request: FastifyRequest): Promise<OrderViewer> {
  const check = await checkSession(request);
  if (!check.ok) return { kind: 'anonymous' };
  const { user } = check.session;
  return {
    kind: 'user',
    userId: user.id,
    // A staff session limited to enrolling a second factor (issue 23 §5) has no staff powers.
    role: check.session.twoFactorEnrolmentRequired ? 'customer' : user.role,
    email: user.email.trim().toLowerCase(),
    emailVerified: user.email_verified,
    customerId: user.repairdesk_customer_id,
  };
}

/** The repair customer a user has proven to be (verified and linked), or null. */
export function linkedCustomerId(viewer: OrderViewer): number | null {
  return viewer.kind === 'user' && viewer.emailVerified && viewer.customerId !== null ? viewer.customerId : null;
}

/**
 * The one ownership rule (DESIGN §4) for orders: the user's linked customer id, or the user's
 * verified e-mail address, or an admin.
 */
export function ownsOrder(viewer: OrderViewer, order: Pick<OrderRow, 'customerId' | 'email'>): boolean {
  if (viewer.kind !== 'user') return false;
  if (viewer.role === 'admin') return true;
  if (!viewer.emailVerified) return false;
  const customerId = linkedCustomerId(viewer);
  return (customerId !== null && order.customerId === customerId) || order.email === viewer.email;
}

// ───────────────────────── context ─────────────────────────

export type OrderContext = {
  db: Db;
  publicUrl: string;
  orders: Config['orders'];
  backend: RepairBackend;
  catalogue: Catalogue;
  /** Kicked after a commit that queued mails (the outbox job would find them anyway, later). */
  mailer?: Pick<Mailer, 'kick'>;
  /** Called after the stock changed (catalogue and inventory caches). */
  onStockChange?: () => void;
  /**
   * The payment methods on offer, given the saved store profile (bank transfer needs its IBAN);
   * the online providers of the payments issue add theirs.
   */
  paymentMethods?: (profile: StoreProfile) => PaymentMethodAdapter[];
  /**
   * Reads the chosen relay point again from Colissimo (422 unknown, 503 unreachable); absent or
   * null when Colissimo is not configured: the relay method is then refused like an unknown one.
   */
  relayPoints?: { resolve: (choice: { id: string; postcode: string }) => Promise<RelayPointRecord> } | null;
};

const notFound = () => new AppError('ORDER_NOT_FOUND', 404, shopMessages.orderNotFound);

/** A line or a subtotal above this (100 000 €) is refused: no shop order is that large, and amounts are 32-bit integers. */
export const MAX_ORDER_AMOUNT_CENTS = 10_000_000;
/** RepairDesk: each distinct product costs requests to its API at order time. */
export const MAX_REPAIRDESK_LINES = 20;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Order mails one mailbox (see normaliseMailbox) may receive per day from orders that did not prove
 * it: a guest order, or an account's order to an address other than its verified one. The order is
 * taken all the same (its page and the answer show everything, bank details included); only the
 * mail is skipped, and an order never mailed gets no cancellation notice either. Orders placed by
 * the verified owner of the address, and payments received, are always mailed.
 */
export const UNPROVEN_ORDER_MAIL_LIMIT: RateLimitRule = { name: 'order-mail-unproven', limit: 3, windowMs: DAY_MS };

/** Whether the order's billing address is the signed-in buyer's own, proven (verified) one. */
function provesAddress(viewer: OrderViewer, email: string): boolean {
  return viewer.kind === 'user' && viewer.emailVerified && viewer.email.trim().toLowerCase() === email.trim().toLowerCase();
}

/** The order errors the checkout shows as they are (French). */
export const orderMessages = {
  unpaidOrdersLimit: (limit: number) =>
    `Vous avez déjà ${limit} commandes en attente. Réglez-les ou contactez la boutique avant d'en passer une nouvelle.`,
  totalChanged: (nowCents: number, shownCents: number) =>
    `Le total de votre commande a changé\u00a0: ${formatCents(nowCents)} au lieu de ${formatCents(shownCents)}. Vérifiez le récapitulatif avant de commander.`,
  loyaltyUnavailable:
    'Vos points fidélité ne sont plus disponibles (déjà utilisés par une autre commande). Vérifiez le récapitulatif avant de commander.',
  amountTooLarge: 'Montant de commande trop élevé\u00a0: contactez la boutique.',
  tooManyLines: (max: number) => `Une commande compte au plus ${max} articles différents`,
  metropolitanFranceOnly: 'Livraison possible en France métropolitaine uniquement',
} as const;

/** "49.90" → 4990. */
function decimalToCents(value: string): number {
  const [euros = '0', cents = '0'] = value.split('.');
  return Number(euros) * 100 + Number(cents);
}

// ───────────────────────── mails ─────────────────────────

export function mailDataOf(order: OrderRow, lines: OrderLineRow[]): OrderMailData {
  return {
    id: order.id,
    orderNumber: orderNumberOf(order),
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentMethodTitle: order.paymentMethodTitle,
    billing: addressOf(order.billing),
    shipping: addressOf(order.shipping),
    shippingMethodId: order.shippingMethodId,
    shippingMethodTitle: order.shippingMethodTitle,
    items: lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
    })),
    subtotalCents: order.subtotalCents,
    couponCode: order.couponCode,
    discountCents: order.discountCents,
    loyaltyCents: order.loyaltyCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    customerNote: order.customerNote,
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
    relayPoint: order.relayPoint ?? null,
  };
}

/** Queues the buyer's confirmation once per order (in the caller's transaction), with the saved store profile. */
async function queueConfirmation(tx: Executor, order: OrderRow, lines: OrderLineRow[], publicUrl: string, profile: StoreProfile, orderKey?: string): Promise<boolean> {
  if (!(await claimConfirmation(tx, order.id))) return false;
  await enqueueMail(tx, {
    kind: 'order_confirmation',
    // Only ever the order's own billing address, never one from a request body.
    to: order.email,
    dedupeKey: `order_confirmation:${order.id}`,
    ...orderConfirmationEmail(mailDataOf(order, lines), { publicUrl, orderKey, profile }),
  });
  return true;
}

/** "Nouvelle commande" to the shop's address as saved in the store profile. */
async function queueStaffNotification(tx: Executor, order: OrderRow, lines: OrderLineRow[], publicUrl: string, profile: StoreProfile): Promise<void> {
  await enqueueMail(tx, {
    kind: 'order_notification',
    to: profile.email,
    // « Répondre » in the shop's mail program answers the buyer.
    replyTo: order.email,
    dedupeKey: `order_notification:${order.id}`,
    ...orderStaffNotificationEmail(mailDataOf(order, lines), { publicUrl, backend: order.inventoryBackend, profile }),
  });
}

// ───────────────────────── creation ─────────────────────────

type PricedLine = { productId: number; name: string; sku: string; imageUrl: string; quantity: number; unitPriceCents: number; vatRate: VatRate };

/** The shipping address: the one given when it has a street, otherwise the billing address. */
function shippingAddressOf(input: OrderCreateInput): OrderAddress {
  const billing = input.billing;
  const given = input.shipping;
  const base = given && given.address_1 ? given : billing;
  return {
    first_name: given?.first_name || billing.first_name,
    last_name: given?.last_name || billing.last_name,
    company: base.company,
    address_1: base.address_1,
    address_2: base.address_2,
    city: base.city,
    postcode: base.postcode,
    country: base.country,
    email: billing.email,
    phone: billing.phone,
  };
}

/** Same product twice in the body: one line (the cap of 999 applies to the sum). */
function mergeLines(lines: OrderCreateInput['line_items']): Map<number, number> {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.product_id, (merged.get(line.product_id) ?? 0) + line.quantity);
  for (const quantity of merged.values()) {
    if (quantity > CART_UNKNOWN_STOCK_CAP) throw new AppError('QUANTITY_TOO_LARGE', 400, `Quantité maximale\u00a0: ${CART_UNKNOWN_STOCK_CAP}`);
  }
  return merged;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

async function catalogueProduct(catalogue: Catalogue, id: number): Promise<CatalogueProduct | null> {
  try {
    return await catalogue.get(id);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('CATALOGUE_UNAVAILABLE', 503, messages.http.unavailable, {}, error);
  }
}

/**
 * RepairDesk's record of a product now (a request or two per product and order): its quantity,
 * compared under the product's lock with our unsynced web sales read in the same lock, is exact
 * against concurrent web orders on every instance, whatever the age of a catalogue snapshot; its
 * price, type and category are the ones sold. Null when RepairDesk's search finds the item
 * neither by SKU nor by id.
 */
async function remoteRecord(backend: RepairBackend, product: CatalogueProduct): Promise<InventoryItemRecord | null> {
  for (const keyword of [product.sku.trim(), String(product.id)].filter(Boolean)) {
    const { items } = await backend.listInventory({ keyword, offset: 0, limit: 50 });
    const found = items.find((item) => item.id === product.id);
    if (found) return found;
  }
  return null;
}

const productNotFound = () => new AppError('PRODUCT_NOT_FOUND', 422, shopMessages.productNotFound);


/**
 * Creates an order (POST /api/shop/orders). Every amount is recomputed here from the database;
 * the order, its lines, its event, the stock reservation, the settlement of a pay-in-store order
 * and its mails are one transaction: either all of it exists or none of it.
 */
export async function createOrder(ctx: OrderContext, viewer: OrderViewer, input: OrderCreateInput, meta: { ip: string }): Promise<Order> {
  // lpc_relay (the Colissimo plugin's id) is read as colissimo_relais.
  // Staff's prices and thresholds (admin shipping methods); a disabled method is not sold. Without
  // Colissimo configured the relay method is not offered, and not sold.
  const method = await sellableShippingMethod(ctx.db, normaliseShippingMethodId(input.shipping_lines[0]?.method_id ?? ''), Boolean(ctx.relayPoints));
  if (!method) throw new AppError('UNKNOWN_SHIPPING', 422, shopMessages.unknownShipping);
  // Read once: the methods on offer, the mails and the bank details answered all use this one.
  const profile = await getStoreProfile(ctx.db);
  const adapter = (ctx.paymentMethods ?? ((saved) => offlinePaymentMethods(saved, ctx.publicUrl)))(profile).find((candidate) => candidate.id === input.payment_method);
  if (!adapter) throw new AppError('UNKNOWN_PAYMENT', 422, shopMessages.unknownPayment);
  if (adapter.shippingMethods && !adapter.shippingMethods.includes(method.id)) {
    throw new AppError('PAYMENT_SHIPPING_MISMATCH', 422, adapter.id === 'cod' ? shopMessages.codNeedsPickup : shopMessages.unknownShipping);
  }
  const billing: OrderAddress = { ...input.billing };
  const shipping = shippingAddressOf(input);
  if (method.needsAddress) {
    const missing = [
      shipping.address_1 ? null : checkoutFieldMessages.address1,
      shipping.city ? null : checkoutFieldMessages.city,
      shipping.postcode ? null : checkoutFieldMessages.postcode,
    ].filter((message): message is NonNullable<typeof message> => message !== null);
    if (missing.length > 0) throw new AppError('ADDRESS_REQUIRED', 400, missing.length === 1 ? (missing[0] ?? '') : shopMessages.invalidData(missing));
    // Delivery rates are metropolitan France's: not abroad, not the overseas departments (97…, 98…).
    if (shipping.country !== 'FR' || /^9[78]/.test(shipping.postcode.trim())) {
      throw new AppError('DELIVERY_COUNTRY', 422, orderMessages.metropolitanFranceOnly);
    }
  }
  // Relay delivery: the point is read again from Colissimo (network, so before the transaction);
  // the buyer's address stays the billing and contact address. Other methods ignore relay_point.
  let relayPoint: RelayPointRecord | null = null;
  if (method.needsRelay) {
    if (!input.relay_point) throw new AppError('RELAY_REQUIRED', 422, relayMessages.required);
    relayPoint = (await ctx.relayPoints?.resolve(input.relay_point)) ?? null;
    if (!relayPoint) throw new AppError('UNKNOWN_SHIPPING', 422, shopMessages.unknownShipping);
  }
  const merged = mergeLines(input.line_items);
  const ids = [...merged.keys()].sort((a, b) => a - b);

  const customerId = linkedCustomerId(viewer);
  if (input.use_loyalty && customerId === null) {
    throw new AppError(viewer.kind === 'anonymous' ? 'NOT_LOGGED_IN' : 'LOYALTY_NEEDS_ACCOUNT', viewer.kind === 'anonymous' ? 401 : 403, shopMessages.loyaltyNeedsAccount);
  }
  const backendKind: InventoryBackendKind = ctx.backend.kind;

  // RepairDesk: the products are read from the catalogue and RepairDesk's own record (network, so
  // outside the transaction), one after another: a product that cannot be sold stops the order
  // before any further request (RepairDesk's API quota is the shop's). Reservations made between
  // this read and our lock are subtracted below.
  const remote = new Map<number, { product: CatalogueProduct; record: InventoryItemRecord }>();
  let remoteLoyaltyCents = 0;
  if (backendKind === 'repairdesk') {
    if (ids.length > MAX_REPAIRDESK_LINES) throw new AppError('TOO_MANY_LINES', 400, orderMessages.tooManyLines(MAX_REPAIRDESK_LINES));
    const reservedBefore = await reservedWebQuantities(ctx.db, ids);
    for (const id of ids) {
      const product = await catalogueProduct(ctx.catalogue, id);
      if (!product) throw productNotFound();
      // Not found in RepairDesk: not sold (no fallback to the catalogue's snapshot).
      const record = await remoteRecord(ctx.backend, product);
      if (!record || !isSellable(record)) throw productNotFound();
      const available = Math.max(0, record.quantity - (reservedBefore.get(id) ?? 0));
      if ((merged.get(id) ?? 0) > available) throw new AppError('INSUFFICIENT_STOCK', 409, shopMessages.insufficientStock(record.name, available));
      remote.set(id, { product, record });
    }
    if (input.use_loyalty && customerId !== null) remoteLoyaltyCents = (await ctx.backend.getCustomer(customerId))?.loyaltyBalanceCents ?? 0;
  }
  const ipKey = clientAddressKey(meta.ip);
  const buyer: BuyerKey = { ipKey, userId: viewer.kind === 'user' ? viewer.userId : null };

  const orderKey = generateToken();
  const { order, lines } = await ctx.db.transaction(async (tx) => {
    // Stock hoarding: a buyer (client address, signed-in account) holds a few unpaid orders at
    // most. Not keyed on the billing e-mail: anyone can type someone else's.
    await lockBuyer(tx, buyer);
    if ((await countUnpaidOrders(tx, buyer)) >= ctx.orders.unpaidOrdersLimit) {
      throw new AppError('TOO_MANY_UNPAID_ORDERS', 429, orderMessages.unpaidOrdersLimit(ctx.orders.unpaidOrdersLimit));
    }
    const priced: PricedLine[] = [];
    if (backendKind === 'local') {
      const items = new Map((await lockInventoryItems(tx, ids)).map((item) => [item.id, item]));
      for (const id of ids) {
        const quantity = merged.get(id) ?? 0;
        const item = items.get(id);
        // The catalogue's own rule (spare-part keywords included): what the shop does not list, it does not sell.
        if (!item || item.hidden || !isSellable(item)) throw new AppError('PRODUCT_NOT_FOUND', 422, shopMessages.productNotFound);
        if (item.quantity < quantity) throw new AppError('INSUFFICIENT_STOCK', 409, shopMessages.insufficientStock(item.name, item.quantity));
        priced.push({ productId: id, name: item.name, sku: item.sku, imageUrl: item.images?.[0]?.src || item.imageUrl, quantity, unitPriceCents: item.priceCents, vatRate: item.vatRate });
      }
    } else {
      // Residual risk, documented: an in-store sale recorded in RepairDesk between its answer
      // above and this commit is not seen (a second or so); staff are told of every web sale.
      for (const id of ids) await lockProduct(tx, id);
      // Hidden by staff since the catalogue was read: read under the product's lock.
      const hidden = await hiddenProductIds(tx, ids);
      // The shop's own rate of each RepairDesk product (shop_products is ours whatever the backend).
      const ratesNow = await productVatRates(tx, ids);
      const reservedNow = await reservedWebQuantities(tx, ids);
      for (const id of ids) {
        const quantity = merged.get(id) ?? 0;
        const entry = remote.get(id);
        if (!entry || hidden.has(id)) throw productNotFound();
        const { product, record } = entry;
        const available = Math.max(0, record.quantity - (reservedNow.get(id) ?? 0));
        if (quantity > available) throw new AppError('INSUFFICIENT_STOCK', 409, shopMessages.insufficientStock(record.name, available));
        priced.push({ productId: id, name: record.name, sku: record.sku, imageUrl: product.imageUrl, quantity, unitPriceCents: record.priceCents, vatRate: ratesNow.get(id) ?? '20' });
      }
    }
    // Far beyond any shop order, and beyond what the 32-bit amount columns hold.
    for (const line of priced) {
      if (line.unitPriceCents * line.quantity > MAX_ORDER_AMOUNT_CENTS) throw new AppError('AMOUNT_TOO_LARGE', 422, orderMessages.amountTooLarge);
    }
    const subtotalCents = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    if (subtotalCents > MAX_ORDER_AMOUNT_CENTS) throw new AppError('AMOUNT_TOO_LARGE', 422, orderMessages.amountTooLarge);
    const itemCount = priced.reduce((sum, line) => sum + line.quantity, 0);

    // Lock order everywhere: inventory rows (or product locks), then the customer, then the coupon.
    let loyaltyAvailableCents = 0;
    if (input.use_loyalty && customerId !== null) {
      let balance: number;
      if (backendKind === 'local') balance = (await lockLocalLoyaltyBalance(tx, customerId)) ?? 0;
      else {
        await lockLoyalty(tx, customerId);
        balance = remoteLoyaltyCents;
      }
      loyaltyAvailableCents = Math.max(0, balance - (await reservedLoyaltyCents(tx, customerId, backendKind)));
      // The summary offered the points; another order took them meanwhile: say so, charge nothing.
      if (loyaltyAvailableCents === 0) throw new AppError('LOYALTY_UNAVAILABLE', 409, orderMessages.loyaltyUnavailable);
    }

    let coupon: CouponRow | null = null;
    let couponDiscountCents = 0;
    const code = input.coupon_lines[0]?.code.trim() ?? '';
    if (code) {
      // Locked, and checked against its paid uses plus the live orders not settled yet: two
      // orders cannot both take the last use of a limited code.
      coupon = await findCouponByCode(tx, code, { forUpdate: true });
      const rule = coupon ? await couponRuleCountingOrders(tx, coupon) : null;
      const evaluation = evaluateCoupon(rule, { subtotalCents, itemCount });
      if (!evaluation.valid) throw new AppError('COUPON_INVALID', 422, evaluation.error);
      couponDiscountCents = evaluation.discountCents;
    }

    const totals = computeTotals({ subtotalCents, couponDiscountCents, loyaltyBalanceCents: loyaltyAvailableCents, shippingMethod: method });
    // L221-14: the total charged is the total shown next to the order button.
    if (input.expected_total !== undefined && decimalToCents(input.expected_total) !== totals.totalCents) {
      throw new AppError('TOTAL_CHANGED', 409, orderMessages.totalChanged(totals.totalCents, decimalToCents(input.expected_total)));
    }
    // Nothing to pay (everything covered): no 0 € transfer or payment is asked for.
    const nothingToPay = totals.totalCents === 0 && adapter.initialStatus !== 'processing';
    const status = nothingToPay ? 'processing' : adapter.initialStatus;
    const now = new Date();
    const expiresAt =
      status === 'pending'
        ? new Date(now.getTime() + ctx.orders.pendingTimeoutMinutes * 60_000)
        : status === 'on-hold'
          ? addDays(now, ctx.orders.bankTransferHoldDays)
          : // Pay in store: reserved until collected (staff complete it), cancelled after that.
            adapter.id === 'cod'
            ? addDays(now, ctx.orders.pickupHoldDays)
            : null;

    const created = await insertOrder(tx, {
      orderKeyHash: hashToken(orderKey),
      status,
      paymentMethod: adapter.id,
      paymentMethodTitle: adapter.title,
      userId: viewer.kind === 'user' ? viewer.userId : null,
      customerId,
      email: billing.email,
      billing,
      shipping,
      shippingMethodId: method.id,
      shippingMethodTitle: method.title,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? '',
      subtotalCents: totals.subtotalCents,
      discountCents: totals.couponDiscountCents,
      loyaltyCents: totals.loyaltyDiscountCents,
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
      // The relay line of spec 2 §4 ("Point relais : …"), written from Colissimo's answer.
      customerNote: relayPoint
        ? withRelayNote(input.customer_note, relayNoteLine({ ...relayPoint, address_1: relayPoint.address1, address_2: relayPoint.address2 }))
        : input.customer_note,
      relayPoint,
      inventoryBackend: backendKind,
      expiresAt,
      paidAt: nothingToPay ? now : null,
      createdIp: meta.ip.slice(0, 64),
      createdIpKey: ipKey,
      createdAt: now,
      updatedAt: now,
    });
    await insertOrderLines(
      tx,
      priced.map((line) => ({
        orderId: created.id,
        productId: line.productId,
        name: line.name,
        sku: line.sku,
        imageUrl: line.imageUrl,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        totalCents: line.unitPriceCents * line.quantity,
        // A snapshot: a later change of the product's rate never rewrites this order or its invoice.
        vatRate: line.vatRate,
      })),
    );
    await insertOrderEvent(tx, {
      orderId: created.id,
      fromStatus: null,
      toStatus: status,
      note: `Commande créée sur le site (${adapter.title})${nothingToPay ? '\u00a0: rien à payer (total 0\u00a0€)' : ''}`,
    });
    if (backendKind === 'local') {
      for (const line of priced) {
        // The rows are locked, so this cannot fail; the guard keeps stock >= 0 whatever happens.
        if (!(await takeLocalStock(tx, line.productId, line.quantity))) {
          throw new AppError('INSUFFICIENT_STOCK', 409, shopMessages.insufficientStock(line.name, 0));
        }
      }
    }
    if (status === 'processing') await settleOrder(tx, created.id);
    // Nothing to pay: the order is paid now, and invoiced with it (issue 22 §1).
    if (nothingToPay) await issueOrderInvoice(tx, created.id);
    const savedLines = (await linesOf(tx, [created.id])).get(created.id) ?? [];
    // Offline methods are confirmed now; online ones when their payment succeeds (markOrderPaid).
    if (status !== 'pending') {
      if (provesAddress(viewer, billing.email) || (await withinRateLimit(tx, UNPROVEN_ORDER_MAIL_LIMIT, normaliseMailbox(billing.email)))) {
        await queueConfirmation(tx, created, savedLines, ctx.publicUrl, profile, orderKey);
      }
      await queueStaffNotification(tx, created, savedLines, ctx.publicUrl, profile);
    }
    return { order: created, lines: savedLines };
  });
  ctx.onStockChange?.();
  ctx.mailer?.kick();
  const fresh = (await findOrder(ctx.db, order.id)) ?? order;
  return toOrderView(fresh, lines, profile, orderKey);
}

// ───────────────────────── payment, settlement, cancellation ─────────────────────────

/**
 * Counts what a paid order consumes, once: the coupon's redemption and the loyalty debit (local
 * backend; with RepairDesk the debit is recorded here, subtracted from the balance shown, and
 * staff apply it in RepairDesk). Guarded by orders.settled_at in the same transaction.
 */
export async function settleOrder(tx: Executor, orderId: number): Promise<boolean> {
  if (!(await claimSettlement(tx, orderId))) return false;
  const order = await findOrder(tx, orderId);
  if (!order) return false;
  // Lock order everywhere: inventory rows, then the customer, then the coupon (no deadlock cycle).
  if (order.loyaltyCents > 0 && order.customerId !== null && order.inventoryBackend === 'local') {
    // What was really taken (the balance may hold less by now) is what a cancellation gives back.
    const debited = await debitLocalLoyalty(tx, order.customerId, order.loyaltyCents);
    await updateOrder(tx, order.id, { loyaltyDebitedCents: debited });
  }
  if (order.couponId !== null) await countCouponRedemption(tx, order.couponId, 1);
  return true;
}

export type MarkPaidOptions = {
  transactionId?: string | undefined;
  note: string;
  publicUrl: string;
  mailer?: Pick<Mailer, 'kick'> | undefined;
  /**
   * Called in the payment's own transaction, only when this call paid the order (not on a
   * replay): staff's audit record and the buyer's "payment received" mail land with it or not at all.
   */
  inTransaction?: ((tx: Tx, paid: OrderRow, lines: OrderLineRow[]) => Promise<void>) | undefined;
};

export type MarkPaidResult = { changed: boolean; status: OrderStatus | null };

/**
 * An unpaid order (pending or on-hold) is paid: processing, paid_at, settlement, event, the
 * confirmation mail if it was not sent yet and the staff notification. Idempotent: a second call
 * (webhook replay, double click) changes nothing. A cancelled order is not revived: the caller
 * gets its status (its stock may be gone; the payments issue refunds it).
 */
export async function markOrderPaid(db: Db, orderId: number, options: MarkPaidOptions): Promise<MarkPaidResult> {
  const result = await db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { forUpdate: true });
    if (!order) return { changed: false, status: null };
    if (order.status !== 'pending' && order.status !== 'on-hold') return { changed: false, status: order.status };
    const now = new Date();
    await updateOrder(tx, order.id, {
      status: 'processing',
      paidAt: now,
      expiresAt: null,
      ...(options.transactionId ? { transactionId: options.transactionId.slice(0, 200) } : {}),
    });
    await insertOrderEvent(tx, { orderId: order.id, fromStatus: order.status, toStatus: 'processing', note: options.note });
    await settleOrder(tx, order.id);
    // Paid: the invoice's number is taken now, in this transaction (issue 22 §1). Its counter is
    // locked last, as at creation (after the customer and the coupon): no deadlock cycle.
    await issueOrderInvoice(tx, order.id);
    const updated = (await findOrder(tx, order.id)) ?? order;
    const lines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
    const profile = await getStoreProfile(tx);
    await queueConfirmation(tx, updated, lines, options.publicUrl, profile);
    await queueStaffNotification(tx, updated, lines, options.publicUrl, profile);
    await options.inTransaction?.(tx, updated, lines);
    return { changed: true, status: 'processing' as const };
  });
  if (result.changed) options.mailer?.kick();
  return result;
}

export type CancelOptions = {
  publicUrl: string;
  /** Tell the buyer (an unpaid bank transfer, or a pay-in-store order not collected, expired). */
  notifyBuyer?: boolean;
  onStockChange?: (() => void) | undefined;
  mailer?: Pick<Mailer, 'kick'> | undefined;
};

export type CancelResult = { changed: boolean; stockReleased: boolean };

/** Cancels an order locked by the caller's transaction: stock released once, settlement undone. */
export async function cancelLockedOrder(tx: Tx, order: OrderRow, note: string, options: Pick<CancelOptions, 'publicUrl' | 'notifyBuyer'>): Promise<CancelResult> {
  if (CLOSED_STATUSES.includes(order.status) || order.status === 'completed') return { changed: false, stockReleased: false };
  await updateOrder(tx, order.id, { status: 'cancelled', expiresAt: null });
  await insertOrderEvent(tx, { orderId: order.id, fromStatus: order.status, toStatus: 'cancelled', note });
  const lines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
  let stockReleased = false;
  // Local stock goes back to the shelf; RepairDesk lines stop counting once released.
  if (await claimStockRelease(tx, order.id)) {
    stockReleased = true;
    if (order.inventoryBackend === 'local') {
      // In product id order, as creation locks them: no deadlock cycle.
      for (const line of [...lines].sort((a, b) => a.productId - b.productId)) await giveBackLocalStock(tx, line.productId, line.quantity);
    }
  }
  // A settled order that is cancelled gives back what it consumed (the local loyalty actually
  // debited, the coupon use).
  if (order.settledAt) {
    if (order.loyaltyDebitedCents > 0 && order.customerId !== null && order.inventoryBackend === 'local') {
      await creditLocalLoyalty(tx, order.customerId, order.loyaltyDebitedCents);
    }
    if (order.couponId !== null) await countCouponRedemption(tx, order.couponId, -1);
  }
  // A buyer never told of the order (its confirmation skipped by the cap on unproven addresses) is
  // not told of its end either.
  if (options.notifyBuyer && order.confirmationSentAt) {
    const notice = { publicUrl: options.publicUrl, profile: await getStoreProfile(tx) };
    await enqueueMail(tx, {
      kind: 'order_expired',
      to: order.email,
      dedupeKey: `order_expired:${order.id}`,
      ...(order.paymentMethod === 'cod'
        ? orderPickupExpiredEmail(mailDataOf(order, lines), notice)
        : orderExpiredEmail(mailDataOf(order, lines), notice)),
    });
  }
  return { changed: true, stockReleased };
}

/** Cancels an order (staff, the expiry job, a failed payment): stock released exactly once. */
export async function cancelOrder(db: Db, orderId: number, note: string, options: CancelOptions): Promise<CancelResult> {
  const result = await db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { forUpdate: true });
    if (!order) return { changed: false, stockReleased: false };
    return cancelLockedOrder(tx, order, note, options);
  });
  if (result.stockReleased) options.onStockChange?.();
  if (result.changed && options.notifyBuyer) options.mailer?.kick();
  return result;
}

// ───────────────────────── reading ─────────────────────────

// A hash no key can have: comparing against it takes the same time as a real comparison.
const NO_HASH = '0'.repeat(64);

/** Constant-time check of a presented order key against the stored hash. */
export function keyMatches(order: Pick<OrderRow, 'orderKeyHash'> | null, key: string | undefined): boolean {
  const presented = Buffer.from(hashToken(key ?? ''), 'hex');
  const stored = Buffer.from(order?.orderKeyHash ?? NO_HASH, 'hex');
  const same = stored.length === presented.length && timingSafeEqual(stored, presented);
  return order !== null && Boolean(key) && same;
}

/** One order for its owner, or for whoever holds its key; the same 404 otherwise. */
export async function getOrder(ctx: Pick<OrderContext, 'db'>, viewer: OrderViewer, id: number, key: string | undefined): Promise<Order> {
  const order = await findOrder(ctx.db, id);
  const allowed = keyMatches(order, key) || (order !== null && ownsOrder(viewer, order));
  if (!order || !allowed) throw notFound();
  const [lines, creditNotes] = await Promise.all([linesOf(ctx.db, [order.id]), creditNotesOf(ctx.db, [order.id])]);
  return toOrderView(order, lines.get(order.id) ?? [], await getStoreProfile(ctx.db), undefined, creditNotes.get(order.id) ?? []);
}

/**
 * One credit note of an order (issue 22 §1), for whoever may read the order (getOrder's guard: the
 * same 404 to anyone else); an unknown number, or a number of another order, is « Avoir introuvable ».
 */
export async function getOrderCreditNote(
  ctx: Pick<OrderContext, 'db'>,
  viewer: OrderViewer,
  id: number,
  key: string | undefined,
  number: string,
): Promise<{ order: Order & { invoice_number: string }; creditNote: OrderCreditNoteRow & { refundedBeforeCents: number } }> {
  const order = await getOrder(ctx, viewer, id, key);
  const creditNote = order.invoice_number ? await findOrderCreditNote(ctx.db, order.id, number) : null;
  if (!creditNote || !order.invoice_number) throw new AppError('CREDIT_NOTE_NOT_FOUND', 404, shopMessages.creditNoteNotFound);
  return { order: { ...order, invoice_number: order.invoice_number }, creditNote };
}

/**
 * The account's status filter sends the groups of spec 1 §4 (pending, processing, shipped,
 * delivered, cancelled, refunded); each stands for the shop statuses it shows. "shipped" has no
 * status of its own here (a shipped order stays processing until completed).
 */
const STATUS_GROUPS: Record<string, string[]> = {
  pending: ['pending', 'on-hold'],
  delivered: ['completed'],
  shipped: [],
  cancelled: ['cancelled', 'failed'],
};

/** The signed-in user's own orders, newest first. */
export async function listOrders(ctx: Pick<OrderContext, 'db'>, viewer: OrderViewer, query: OrderListQuery): Promise<{ data: Order[]; total: number }> {
  if (viewer.kind !== 'user') throw new AppError('NOT_LOGGED_IN', 401, messages.auth.notLoggedIn);
  const statuses = query.status
    ?.split(',')
    .map((status) => status.trim().toLowerCase())
    .filter((status) => status && status !== 'any')
    .flatMap((status) => STATUS_GROUPS[status] ?? [status]);
  // A filter that stands for no status (shipped) finds nothing, rather than everything.
  if (query.status && query.status.trim().toLowerCase() !== 'any' && statuses?.length === 0) return { data: [], total: 0 };
  const { rows, total } = await listOwnedOrders(ctx.db, {
    customerId: linkedCustomerId(viewer),
    email: viewer.emailVerified ? viewer.email : null,
    statuses,
    search: query.search,
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  const ids = rows.map((row) => row.id);
  const [lines, creditNotes] = await Promise.all([linesOf(ctx.db, ids), creditNotesOf(ctx.db, ids)]);
  const profile = await getStoreProfile(ctx.db);
  return { data: rows.map((row) => toOrderView(row, lines.get(row.id) ?? [], profile, undefined, creditNotes.get(row.id) ?? [])), total };
}

/** Loyalty usable now: the backend's balance minus what live orders already committed. */
export async function loyaltyOf(ctx: Pick<OrderContext, 'db' | 'backend'>, viewer: OrderViewer): Promise<{ balance: string; linked: boolean }> {
  if (viewer.kind !== 'user') throw new AppError('NOT_LOGGED_IN', 401, messages.auth.notLoggedIn);
  const customerId = linkedCustomerId(viewer);
  if (customerId === null) return { balance: centsToDecimal(0), linked: false };
  const customer = await ctx.backend.getCustomer(customerId);
  const reserved = await reservedLoyaltyCents(ctx.db, customerId, ctx.backend.kind);
  return { balance: centsToDecimal(Math.max(0, (customer?.loyaltyBalanceCents ?? 0) - reserved)), linked: true };
}

// ───────────────────────── the spec's compatibility calls ─────────────────────────

/** The order proven by its key, or the same 404 whether it exists or not. */
async function provenOrder(db: Db, id: number, key: string): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!keyMatches(order, key) || !order) throw notFound();
  return order;
}

/** POST /api/admin/capture-order: checks the proof and changes nothing. */
export async function captureOrder(ctx: Pick<OrderContext, 'db'>, id: number, key: string): Promise<void> {
  await provenOrder(ctx.db, id, key);
}

/**
 * POST /api/devis-notification/order-confirmation: at most once per order, the confirmation goes
 * to the order's own billing address (never an address of the body). A pending order is only
 * noted: its confirmation leaves when the payment succeeds.
 */
export async function requestConfirmation(ctx: Pick<OrderContext, 'db' | 'publicUrl' | 'mailer'>, id: number, key: string): Promise<void> {
  const proven = await provenOrder(ctx.db, id, key);
  const queued = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, proven.id, { forUpdate: true });
    if (!order || !(await claimConfirmationRequest(tx, order.id))) return false;
    if (order.confirmationSentAt || !['on-hold', 'processing', 'completed'].includes(order.status)) return false;
    // Only an order whose mail the cap skipped gets here: the order key proves the order, not the
    // address, so the same daily cap applies.
    if (!(await withinRateLimit(tx, UNPROVEN_ORDER_MAIL_LIMIT, normaliseMailbox(order.email)))) return false;
    const lines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
    return queueConfirmation(tx, order, lines, ctx.publicUrl, await getStoreProfile(tx), key);
  });
  if (queued) ctx.mailer?.kick();
}
