import { and, asc, count, desc, eq, gte, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { isVatRate, type VatRate } from '@erepare/shared/invoice-vat';
import type { CouponRule } from '@erepare/shared/shop';
import { couponRuleOf, type CouponRow } from '../shop/coupons-repository.js';
import { categories, coupons, customers, inventoryItems, orderEvents, orderLines, orders, shopProducts } from '../../db/schema.js';

/** Reads and writes of orders; the rules live in service.ts. */

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderStatus = OrderRow['status'];
export type InventoryBackendKind = OrderRow['inventoryBackend'];

/** Statuses in which an order no longer holds anything (stock, loyalty) for its buyer. */
export const CLOSED_STATUSES: OrderStatus[] = ['cancelled', 'failed', 'refunded'];

/** Namespaces of the transaction-level advisory locks (pg_advisory_xact_lock(namespace, id)). */
const LOCK_PRODUCT = 52_001;
const LOCK_LOYALTY = 52_002;
const LOCK_BUYER_ACCOUNT = 52_003;
const LOCK_BUYER_IP = 52_004;

// ───────────────────────── local inventory ─────────────────────────

export type LockedItem = {
  id: number;
  name: string;
  sku: string;
  priceCents: number;
  quantity: number;
  itemType: 'device' | 'accessory' | 'part';
  /** Category name ('' when none): the catalogue's spare-part rules read it. */
  category: string;
  imageUrl: string;
  hidden: boolean;
  images: { src: string; alt: string }[] | null;
  /** The rate the product is sold at now (shop_products.vat_rate, 20 % without a row): copied onto the order line. */
  vatRate: VatRate;
};

/**
 * Locks the inventory rows of an order (in id order, so two orders never wait on each other in a
 * cycle) and reads what the order needs: the price and stock are the ones that will be charged and
 * reserved, whatever the catalogue's cache says.
 */
export async function lockInventoryItems(tx: Executor, ids: number[]): Promise<LockedItem[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      sku: inventoryItems.sku,
      priceCents: inventoryItems.priceCents,
      quantity: inventoryItems.quantity,
      itemType: inventoryItems.itemType,
      category: sql<string>`coalesce(${categories.name}, '')`,
      imageUrl: inventoryItems.imageUrl,
      hidden: sql<boolean>`coalesce(${shopProducts.hidden}, false)`,
      images: shopProducts.images,
      vatRate: sql<VatRate>`coalesce(${shopProducts.vatRate}, '20')`,
    })
    .from(inventoryItems)
    .leftJoin(shopProducts, eq(shopProducts.productId, inventoryItems.id))
    .leftJoin(categories, eq(categories.id, inventoryItems.categoryId))
    .where(inArray(inventoryItems.id, ids))
    .orderBy(asc(inventoryItems.id))
    .for('update', { of: inventoryItems });
}

/** Takes `quantity` from the stock if there is that much; false when there is not (nothing changed). */
export async function takeLocalStock(tx: Executor, itemId: number, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(inventoryItems)
    .set({ quantity: sql`${inventoryItems.quantity} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(inventoryItems.id, itemId), gte(inventoryItems.quantity, quantity)))
    .returning({ id: inventoryItems.id });
  return rows.length === 1;
}

export async function giveBackLocalStock(tx: Executor, itemId: number, quantity: number): Promise<void> {
  await tx
    .update(inventoryItems)
    .set({ quantity: sql`${inventoryItems.quantity} + ${quantity}`, updatedAt: new Date() })
    .where(eq(inventoryItems.id, itemId));
}

// ───────────────────────── RepairDesk reservations ─────────────────────────

/**
 * Serialises the web sales of one RepairDesk product until the transaction ends: RepairDesk has no
 * row we could lock, so every order reserving this product takes the same advisory lock.
 */
export async function lockProduct(tx: Executor, productId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PRODUCT}::int, ${productId}::int)`);
}

/** Serialises the loyalty spending of one repair customer until the transaction ends. */
export async function lockLoyalty(tx: Executor, customerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_LOYALTY}::int, ${customerId}::int)`);
}

/**
 * Quantities of RepairDesk products sold on the site and not yet applied to RepairDesk's stock by
 * staff (nor released by a cancellation): what must still be subtracted from RepairDesk's figures.
 */
export async function reservedWebQuantities(db: Executor, productIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select({ productId: orderLines.productId, reserved: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.inventoryBackend, 'repairdesk'),
        isNull(orders.stockReleasedAt),
        isNull(orders.stockSyncedAt),
        inArray(orderLines.productId, productIds),
      ),
    )
    .groupBy(orderLines.productId);
  for (const row of rows) result.set(row.productId, Number(row.reserved));
  return result;
}

/** Products staff hid from the shop (shop_products.hidden), read under the caller's product locks. */
export async function hiddenProductIds(tx: Executor, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await tx
    .select({ productId: shopProducts.productId })
    .from(shopProducts)
    .where(and(inArray(shopProducts.productId, productIds), eq(shopProducts.hidden, true)));
  return new Set(rows.map((row) => row.productId));
}

/**
 * The VAT rate each product is sold at now (shop_products.vat_rate; 20 % for a product without a
 * row), read under the caller's product locks: what the order lines copy.
 */
export async function productVatRates(tx: Executor, productIds: number[]): Promise<Map<number, VatRate>> {
  const rates = new Map<number, VatRate>(productIds.map((id) => [id, '20']));
  if (productIds.length === 0) return rates;
  const rows = await tx.select({ productId: shopProducts.productId, vatRate: shopProducts.vatRate }).from(shopProducts).where(inArray(shopProducts.productId, productIds));
  for (const row of rows) if (isVatRate(row.vatRate)) rates.set(row.productId, row.vatRate);
  return rates;
}

// ───────────────────────── unpaid orders of a visitor ─────────────────────────

/**
 * Who the unpaid-orders limit counts: the client (its address key, IPv6 by /64) and the signed-in
 * account when there is one. Never the e-mail typed in the form: orders placed by a stranger with
 * someone's address must not block that person's own checkout.
 */
export type BuyerKey = { ipKey: string; userId: number | null };

/**
 * Serialises the order creations of one buyer (account, then address key) until the transaction
 * ends, so parallel requests cannot each see room under the unpaid-orders limit. Taken first in the
 * order's transaction, always account then address: no deadlock cycle.
 */
export async function lockBuyer(tx: Executor, buyer: BuyerKey): Promise<void> {
  if (buyer.userId !== null) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BUYER_ACCOUNT}::int, ${buyer.userId}::int)`);
  if (buyer.ipKey) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BUYER_IP}::int, hashtext(${buyer.ipKey}))`);
}

/**
 * Unpaid orders holding stock for a buyer (same account or same address key): awaiting an online
 * payment or a transfer, or to be paid in store and not yet collected (completed).
 */
export async function countUnpaidOrders(tx: Executor, buyer: BuyerKey): Promise<number> {
  const keys = [
    ...(buyer.ipKey ? [eq(orders.createdIpKey, buyer.ipKey)] : []),
    ...(buyer.userId !== null ? [eq(orders.userId, buyer.userId)] : []),
  ];
  if (keys.length === 0) return 0;
  const rows = await tx
    .select({ total: count() })
    .from(orders)
    .where(
      and(
        or(...keys),
        or(inArray(orders.status, ['pending', 'on-hold']), and(eq(orders.status, 'processing'), eq(orders.paymentMethod, 'cod'), isNull(orders.paidAt))),
      ),
    );
  return Number(rows[0]?.total ?? 0);
}

// ───────────────────────── loyalty ─────────────────────────

/**
 * Loyalty a customer has committed on orders and that the backend's balance does not show yet:
 * local backend: orders not yet paid (the balance is debited at payment); RepairDesk: every live
 * order whose debit staff have not applied in RepairDesk. Subtracted from the balance shown and
 * usable, so the same points cannot be spent twice.
 */
export async function reservedLoyaltyCents(db: Executor, customerId: number, backend: InventoryBackendKind): Promise<number> {
  const pending = backend === 'local' ? isNull(orders.settledAt) : isNull(orders.loyaltySyncedAt);
  const rows = await db
    .select({ total: sql<number>`coalesce(sum(${orders.loyaltyCents}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.inventoryBackend, backend),
        sql`${orders.loyaltyCents} > 0`,
        notInArray(orders.status, CLOSED_STATUSES),
        pending,
      ),
    );
  return Number(rows[0]?.total ?? 0);
}

/** Local backend: the customer's balance, row locked until the transaction ends; null if unknown. */
export async function lockLocalLoyaltyBalance(tx: Executor, customerId: number): Promise<number | null> {
  const rows = await tx
    .select({ balance: customers.loyaltyBalanceCents })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return rows[0]?.balance ?? null;
}

/** Takes up to `cents` from the balance (never below 0); returns what was actually taken. */
export async function debitLocalLoyalty(tx: Executor, customerId: number, cents: number): Promise<number> {
  const balance = await lockLocalLoyaltyBalance(tx, customerId);
  if (balance === null) return 0;
  const debited = Math.max(0, Math.min(balance, cents));
  if (debited > 0) {
    await tx
      .update(customers)
      .set({ loyaltyBalanceCents: sql`${customers.loyaltyBalanceCents} - ${debited}`, updatedAt: new Date() })
      .where(eq(customers.id, customerId));
  }
  return debited;
}

export async function creditLocalLoyalty(tx: Executor, customerId: number, cents: number): Promise<void> {
  await tx
    .update(customers)
    .set({ loyaltyBalanceCents: sql`${customers.loyaltyBalanceCents} + ${cents}`, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}

// ───────────────────────── coupons ─────────────────────────

/**
 * Uses of a coupon not yet in its usage_count: live orders (not cancelled, failed or refunded)
 * not settled yet. usage_count + this is what the usage limit is checked against.
 */
export async function unsettledCouponUses(tx: Executor, couponId: number): Promise<number> {
  const rows = await tx
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.couponId, couponId), notInArray(orders.status, CLOSED_STATUSES), isNull(orders.settledAt)));
  return Number(rows[0]?.total ?? 0);
}

/**
 * A coupon's rule with every use counted: its paid uses plus the live orders not settled yet. The
 * cart's « Appliquer » and the order check the same limit (issue 22 §3.3): a code used up by
 * orders in progress is refused in the cart, not at « Commander ».
 */
export async function couponRuleCountingOrders(tx: Executor, row: CouponRow): Promise<CouponRule> {
  return { ...couponRuleOf(row), usageCount: row.usageCount + (await unsettledCouponUses(tx, row.id)) };
}

export async function countCouponRedemption(tx: Executor, couponId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(coupons)
    .set({ usageCount: sql`greatest(0, ${coupons.usageCount} + ${delta})`, updatedAt: new Date() })
    .where(eq(coupons.id, couponId));
}

// ───────────────────────── orders ─────────────────────────

export async function insertOrder(tx: Executor, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insertOrder: nothing returned');
  return row;
}

export async function insertOrderLines(tx: Executor, lines: (typeof orderLines.$inferInsert)[]): Promise<void> {
  if (lines.length > 0) await tx.insert(orderLines).values(lines);
}

export async function insertOrderEvent(
  tx: Executor,
  event: { orderId: number; fromStatus: OrderStatus | null; toStatus: OrderStatus; note: string },
): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

export async function findOrder(db: Executor, id: number, options: { forUpdate?: boolean } = {}): Promise<OrderRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function updateOrder(tx: Executor, id: number, patch: Partial<NewOrderRow>): Promise<void> {
  await tx
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/** Marks the order settled if it was not; true only for the call that did it (coupon and loyalty count once). */
export async function claimSettlement(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ settledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), isNull(orders.settledAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Marks the reserved stock released if it was not; true only for the call that did it. */
export async function claimStockRelease(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ stockReleasedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Marks the confirmation mail as sent if it was not; true only for the call that did it. */
export async function claimConfirmation(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ confirmationSentAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), isNull(orders.confirmationSentAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Records the browser's request for the confirmation mail; true only the first time. */
export async function claimConfirmationRequest(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ confirmationRequestedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), isNull(orders.confirmationRequestedAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export async function linesOf(db: Executor, orderIds: number[]): Promise<Map<number, OrderLineRow[]>> {
  const result = new Map<number, OrderLineRow[]>();
  if (orderIds.length === 0) return result;
  const rows = await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id));
  for (const row of rows) {
    const list = result.get(row.orderId);
    if (list) list.push(row);
    else result.set(row.orderId, [row]);
  }
  return result;
}

export type OwnerFilter = { customerId: number | null; email: string | null };

export type OrderListFilter = OwnerFilter & { statuses?: string[] | undefined; search?: string | undefined; offset: number; limit: number };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The orders of one owner (linked customer id or verified e-mail), newest first. */
export async function listOwnedOrders(db: Executor, filter: OrderListFilter): Promise<{ rows: OrderRow[]; total: number }> {
  const owner = [
    filter.customerId !== null ? eq(orders.customerId, filter.customerId) : undefined,
    filter.email !== null ? eq(orders.email, filter.email) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  if (owner.length === 0) return { rows: [], total: 0 };
  const conditions: SQL[] = [or(...owner) as SQL];
  if (filter.statuses && filter.statuses.length > 0) conditions.push(inArray(orders.status, filter.statuses as OrderStatus[]));
  const search = filter.search?.trim().replace(/^#/, '');
  if (search) {
    const byName = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.name} ilike ${`%${escapeLike(search)}%`})`;
    conditions.push(/^\d{1,9}$/.test(search) ? (or(eq(orders.id, Number(search)), byName) as SQL) : byName);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/**
 * Orders past their deadline (online payments still pending; bank transfers still on hold;
 * pay-in-store orders not collected), locked with SKIP LOCKED: several instances running the job
 * never take the same order. `skip`: orders whose cancellation failed in this run.
 */
export async function lockExpiredOrders(tx: Executor, limit: number, skip: readonly number[] = []): Promise<OrderRow[]> {
  const skipped = skip.length > 0 ? sql`and id not in (${sql.join(skip.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const result = await tx.execute(sql`
    select id from orders
    where expires_at is not null and expires_at < now()
      and (status = 'pending' or (status = 'on-hold' and payment_method = 'bacs') or (status = 'processing' and payment_method = 'cod' and paid_at is null))
      -- A payment the provider is still confirming (a Stripe intent "processing", a PayPal capture
      -- "PENDING") holds the order: its outcome arrives by webhook or by the buyer's return, and
      -- cancelling now would sell the stock twice. Three days at most, then the usual expiry (a
      -- Stripe payment arriving later is refunded).
      and not (status = 'pending' and exists (
        select 1 from payments
        where payments.order_id = orders.id and payments.status = 'created'
          and payments.provider_status in ('processing', 'PENDING')
          and payments.updated_at > now() - interval '3 days'
      ))
      ${skipped}
    order by expires_at
    limit ${limit}
    for update skip locked
  `);
  const ids = rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.expiresAt));
}
