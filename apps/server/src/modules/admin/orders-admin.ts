import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { formatCents } from '@erepare/shared/format';
import { ORDER_STATUS_LABELS } from '@erepare/shared/shop';
import {
  ORDER_STATUS_TRANSITIONS,
  ORDERS_TO_HANDLE,
  ordersToHandleStatuses,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderStatus,
  type AdminOrderSummary,
  type AdminRefundBody,
} from '@erepare/shared/schemas/admin-shop';
import type { Db, Executor, Tx } from '../../db/client.js';
import { orderEvents, orderRefunds, orders, payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { enqueueMail } from '../mail/outbox.js';
import type { Mailer } from '../mail/mailer.js';
import { orderCancelledByShopEmail, orderPaymentReceivedEmail } from '../orders/mails.js';
import {
  claimStockRelease,
  countCouponRedemption,
  creditLocalLoyalty,
  findOrder,
  giveBackLocalStock,
  insertOrderEvent,
  linesOf,
  updateOrder,
  type OrderRow,
} from '../orders/repository.js';
import { issueOrderInvoice, takeOrderCreditNoteNumber } from '../orders/order-invoice.js';
import { cancelLockedOrder, mailDataOf, markOrderPaid } from '../orders/service.js';
import { lineVatRate, orderNumberOf } from '../orders/views.js';
import { recordAudit, type AuditActor } from './audit.js';
import { getStoreProfile } from '../settings/store-profile.js';

/**
 * Staff work on shop orders (issue 9): list and detail, the status changes that make sense, the
 * bank transfer received, refunds. Every change and its audit record share one transaction.
 */

export const ordersAdminMessages = {
  notFound: 'Commande introuvable',
  sameStatus: (label: string) => `La commande est déjà «\u00a0${label}\u00a0».`,
  transitionRefused: (from: string, to: string) => `Une commande «\u00a0${from}\u00a0» ne peut pas passer «\u00a0${to}\u00a0».`,
  useTransferReceived: 'Pour une commande en attente de virement, utilisez «\u00a0Virement reçu\u00a0»\u00a0: le client est prévenu par e-mail.',
  useRefund: 'Pour rembourser une commande, enregistrez le remboursement\u00a0: elle passe «\u00a0Remboursée\u00a0» quand tout est remboursé.',
  paidNeedsRefund: 'Cette commande est payée\u00a0: enregistrez d’abord son remboursement (elle passera «\u00a0Remboursée\u00a0»), ou terminez-la.',
  notBankTransfer: 'Cette commande n’est pas payée par virement.',
  notAwaitingTransfer: (label: string) => `Cette commande n’attend plus de virement (statut\u00a0: ${label})\u00a0: rien n’a été changé.`,
  transferReceived: (number: string) => `Virement reçu\u00a0: la commande n° ${number} est en préparation et le client a été prévenu par e-mail.`,
  statusChanged: (number: string, label: string) => `Commande n° ${number} : ${label}.`,
  cancelled: (number: string, released: boolean) =>
    `Commande n° ${number} annulée${released ? '\u00a0: le stock réservé est remis en vente.' : '.'}`,
  notPaid: 'Cette commande n’a pas été payée\u00a0: il n’y a rien à rembourser.',
  tooMuch: (max: number) => (max > 0 ? `Le remboursement dépasse ce qui reste remboursable (${formatCents(max)}).` : 'Cette commande est déjà entièrement remboursée.'),
  restockOnlyFull: 'La remise en stock n’est possible qu’avec un remboursement complet.',
  refunded: (amount: number, full: boolean, creditNote = '') =>
    `Remboursement de ${formatCents(amount)} enregistré${creditNote ? `, avoir ${creditNote} émis` : ''}${full ? '\u00a0: la commande est entièrement remboursée.' : '.'}`,
  manualProvider: (title: string) =>
    ` Le paiement a été fait par ${title}\u00a0: le site n’a pas remboursé le prestataire, faites-le depuis son tableau de bord.`,
  manualOffline: ' Faites le remboursement vous-même (virement ou espèces)\u00a0: le site l’a seulement enregistré.',
} as const;

const label = (status: string) => ORDER_STATUS_LABELS[status as AdminOrderStatus] ?? status;
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const notFound = () => new AppError('ORDER_NOT_FOUND', 404, ordersAdminMessages.notFound);

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

// ───────────────────────── reading ─────────────────────────

/** Money paid for an order: its total once paid (online, transfer received, collected in store). */
function paidCentsOf(order: OrderRow): number {
  return order.paidAt ? order.totalCents : 0;
}

async function refundedCents(db: Executor, orderIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({ orderId: orderRefunds.orderId, total: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int` })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, orderIds))
    .groupBy(orderRefunds.orderId);
  for (const row of rows) result.set(row.orderId, Number(row.total));
  return result;
}

function customerNameOf(order: OrderRow): string {
  return `${order.billing.first_name ?? ''} ${order.billing.last_name ?? ''}`.replace(/\s+/g, ' ').trim();
}

function summaryOf(order: OrderRow, itemCount: number, refunded: number): AdminOrderSummary {
  return {
    id: order.id,
    number: orderNumberOf(order),
    status: order.status,
    statusLabel: label(order.status),
    paymentMethod: order.paymentMethod,
    paymentMethodTitle: order.paymentMethodTitle,
    email: order.email,
    customerName: customerNameOf(order),
    shippingMethodTitle: order.shippingMethodTitle,
    totalCents: order.totalCents,
    refundedCents: refunded,
    itemCount,
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    invoiceNumber: order.invoiceNumber || null,
    invoicedAt: iso(order.invoicedAt),
    expiresAt: iso(order.expiresAt),
  };
}

/** Paged on the server: filters by status and payment method, search by number, e-mail or name, sort by date or total. */
export async function listAdminOrders(db: Db, query: AdminOrderListQuery): Promise<{ rows: AdminOrderSummary[]; total: number; page: number; pageSize: number }> {
  const { limit, offset, page, pageSize } = paging(query);
  const filters: SQL[] = [];
  if (query.status === ORDERS_TO_HANDLE) filters.push(inArray(orders.status, [...ordersToHandleStatuses]));
  else if (query.status) filters.push(eq(orders.status, query.status));
  if (query.paymentMethod) filters.push(eq(orders.paymentMethod, query.paymentMethod));
  const search = query.search?.trim().replace(/^#/, '').trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const matches: SQL[] = [
      ilike(orders.email, pattern),
      sql`(coalesce(${orders.billing}->>'first_name', '') || ' ' || coalesce(${orders.billing}->>'last_name', '')) ilike ${pattern}`,
      sql`(coalesce(${orders.billing}->>'last_name', '') || ' ' || coalesce(${orders.billing}->>'first_name', '')) ilike ${pattern}`,
    ];
    if (/^\d{1,9}$/.test(search)) matches.push(eq(orders.id, Number(search)));
    filters.push(or(...matches) as SQL);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const direction = query.order === 'asc' ? asc : desc;
  const orderBy = query.sort === 'total' ? [direction(orders.totalCents), direction(orders.id)] : [direction(orders.createdAt), direction(orders.id)];
  const [rows, totals] = await Promise.all([
    db.select().from(orders).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [lines, refunds] = await Promise.all([linesOf(db, ids), refundedCents(db, ids)]);
  return {
    rows: rows.map((row) => summaryOf(row, (lines.get(row.id) ?? []).reduce((sum, line) => sum + line.quantity, 0), refunds.get(row.id) ?? 0)),
    total: Number(totals[0]?.total ?? 0),
    page,
    pageSize,
  };
}

/** What staff may do by hand from this status (PATCH …/status); a paid order is refunded rather than cancelled. */
export function allowedTransitions(order: Pick<OrderRow, 'status' | 'paidAt'>): AdminOrderStatus[] {
  return ORDER_STATUS_TRANSITIONS[order.status].filter((to) => !(to === 'cancelled' && order.paidAt !== null));
}

export async function getAdminOrder(db: Executor, id: number): Promise<AdminOrderDetail> {
  const order = await findOrder(db, id);
  if (!order) throw notFound();
  const [lines, events, paymentRows, refundRows] = await Promise.all([
    linesOf(db, [order.id]),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(asc(orderRefunds.id)),
  ]);
  const orderLinesRows = lines.get(order.id) ?? [];
  const refunded = refundRows.reduce((sum, row) => sum + row.amountCents, 0);
  const paid = paidCentsOf(order);
  return {
    ...summaryOf(order, orderLinesRows.reduce((sum, line) => sum + line.quantity, 0), refunded),
    billing: order.billing,
    shipping: order.shipping,
    shippingMethodId: order.shippingMethodId,
    relayPoint: order.relayPoint ?? null,
    customerNote: order.customerNote,
    couponCode: order.couponCode,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    loyaltyCents: order.loyaltyCents,
    shippingCents: order.shippingCents,
    transactionId: order.transactionId,
    inventoryBackend: order.inventoryBackend,
    lines: orderLinesRows.map((line) => ({
      productId: line.productId,
      name: line.name,
      sku: line.sku,
      imageUrl: line.imageUrl,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
      vatRate: lineVatRate(line),
    })),
    events: events.map((event) => ({ fromStatus: event.fromStatus, toStatus: event.toStatus, note: event.note, createdAt: event.createdAt.toISOString() })),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      method: payment.method,
      providerRef: payment.providerRef,
      amountCents: payment.amountCents,
      currency: payment.currency,
      status: payment.status,
      providerStatus: payment.providerStatus,
      createdAt: payment.createdAt.toISOString(),
    })),
    refunds: refundRows.map((row) => ({
      id: row.id,
      amountCents: row.amountCents,
      creditNoteNumber: row.creditNoteNumber || null,
      reason: row.reason,
      method: row.method,
      actorEmail: row.actorEmail,
      createdAt: row.createdAt.toISOString(),
    })),
    reservation: { expiresAt: iso(order.expiresAt), stockReleasedAt: iso(order.stockReleasedAt) },
    settledAt: iso(order.settledAt),
    paidCents: paid,
    refundableCents: Math.max(0, paid - refunded),
    allowedTransitions: allowedTransitions(order),
    canMarkTransferReceived: order.paymentMethod === 'bacs' && order.status === 'on-hold',
  };
}

// ───────────────────────── changes ─────────────────────────

export type AdminOrderContext = {
  db: Db;
  publicUrl: string;
  mailer?: Pick<Mailer, 'kick'> | undefined;
  /** Stock went back on the shelf: the catalogue and inventory caches are dropped. */
  onStockChange?: (() => void) | undefined;
};

export type StatusChangeResult = { message: string; stockReleased: boolean };

/**
 * PATCH /api/admin/orders/:id/status. Only the transitions of ORDER_STATUS_TRANSITIONS:
 * pending / on-hold → cancelled (stock released once, coupon and loyalty given back, through the
 * shop's own cancellation), processing → completed (a pay-in-store order is paid at collection),
 * processing → cancelled while unpaid. Anything else: 409 with the reason.
 */
export async function changeOrderStatus(ctx: AdminOrderContext, actor: AuditActor, id: number, to: AdminOrderStatus, note: string | undefined): Promise<StatusChangeResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, { forUpdate: true });
    if (!order) throw notFound();
    const from = order.status;
    const number = orderNumberOf(order);
    if (from === to) throw new AppError('ORDER_STATUS_UNCHANGED', 409, ordersAdminMessages.sameStatus(label(to)));
    if (to === 'processing' && from === 'on-hold' && order.paymentMethod === 'bacs') throw new AppError('ORDER_TRANSITION', 409, ordersAdminMessages.useTransferReceived);
    if (to === 'refunded') throw new AppError('ORDER_TRANSITION', 409, ordersAdminMessages.useRefund);
    if (!ORDER_STATUS_TRANSITIONS[from].includes(to)) throw new AppError('ORDER_TRANSITION', 409, ordersAdminMessages.transitionRefused(label(from), label(to)));
    if (to === 'cancelled' && order.paidAt !== null) throw new AppError('ORDER_TRANSITION', 409, ordersAdminMessages.paidNeedsRefund);
    const staffNote = note?.trim() ? ` : ${note.trim()}` : '';

    if (to === 'cancelled') {
      const cancelled = await cancelLockedOrder(tx, order, `Annulée par l’équipe (${actor.user.email})${staffNote}`, { publicUrl: ctx.publicUrl });
      // The buyer is told, in the same transaction (the outbox sends it once, after the commit).
      await enqueueMail(tx, {
        kind: 'order_cancelled',
        to: order.email,
        dedupeKey: `order_cancelled:${order.id}`,
        ...orderCancelledByShopEmail(mailDataOf(order, (await linesOf(tx, [order.id])).get(order.id) ?? []), { publicUrl: ctx.publicUrl, profile: await getStoreProfile(tx) }),
      });
      await recordAudit(tx, actor, {
        action: 'order.status',
        entity: 'order',
        entityId: order.id,
        before: { status: from },
        after: { status: 'cancelled', stockReleased: cancelled.stockReleased, ...(note?.trim() ? { note: note.trim() } : {}) },
      });
      return { message: ordersAdminMessages.cancelled(number, cancelled.stockReleased), stockReleased: cancelled.stockReleased };
    }

    // processing → completed. A pay-in-store order is paid when collected: it stops expiring.
    const now = new Date();
    const paidNow = order.paidAt === null;
    await updateOrder(tx, order.id, { status: 'completed', expiresAt: null, ...(paidNow ? { paidAt: now } : {}) });
    // Paid at collection: invoiced now, in this transaction (issue 22 §1).
    if (paidNow) await issueOrderInvoice(tx, order.id);
    await insertOrderEvent(tx, {
      orderId: order.id,
      fromStatus: from,
      toStatus: 'completed',
      note: `${paidNow ? 'Retirée et réglée en boutique' : 'Terminée'} (${actor.user.email})${staffNote}`,
    });
    await recordAudit(tx, actor, {
      action: 'order.status',
      entity: 'order',
      entityId: order.id,
      before: { status: from, ...(paidNow ? { paidAt: null } : {}) },
      after: { status: 'completed', ...(paidNow ? { paidAt: now.toISOString() } : {}), ...(note?.trim() ? { note: note.trim() } : {}) },
    });
    return { message: ordersAdminMessages.statusChanged(number, label('completed')), stockReleased: false };
  });
  if (result.stockReleased) ctx.onStockChange?.();
  if (to === 'cancelled') ctx.mailer?.kick();
  return result;
}

/**
 * POST /api/admin/orders/:id/bank-transfer-received: an on-hold bank-transfer order is paid
 * (markOrderPaid: processing, settlement, event) and, in the same transaction, the audit record
 * and the buyer's "payment received" mail. Its confirmation mail left at creation, so this one is
 * what tells the buyer. A second call finds the order no longer on hold: 409, nothing changed.
 */
export async function markTransferReceived(ctx: AdminOrderContext, actor: AuditActor, id: number, note: string | undefined): Promise<string> {
  const order = await findOrder(ctx.db, id);
  if (!order) throw notFound();
  if (order.paymentMethod !== 'bacs') throw new AppError('NOT_BANK_TRANSFER', 409, ordersAdminMessages.notBankTransfer);
  if (order.status !== 'on-hold') throw new AppError('NOT_AWAITING_TRANSFER', 409, ordersAdminMessages.notAwaitingTransfer(label(order.status)));
  const staffNote = note?.trim() ? ` : ${note.trim()}` : '';
  const result = await markOrderPaid(ctx.db, order.id, {
    note: `Virement reçu, enregistré par l’équipe (${actor.user.email})${staffNote}`,
    publicUrl: ctx.publicUrl,
    mailer: ctx.mailer,
    inTransaction: async (tx: Tx, paid, lines) => {
      await enqueueMail(tx, {
        kind: 'order_payment_received',
        to: paid.email,
        dedupeKey: `order_payment_received:${paid.id}`,
        ...orderPaymentReceivedEmail(mailDataOf(paid, lines), { publicUrl: ctx.publicUrl, profile: await getStoreProfile(tx), hasAccount: paid.userId !== null }),
      });
      await recordAudit(tx, actor, {
        action: 'order.mark_paid',
        entity: 'order',
        entityId: paid.id,
        before: { status: 'on-hold', paidAt: null },
        after: { status: 'processing', paidAt: paid.paidAt?.toISOString() ?? null, ...(note?.trim() ? { note: note.trim() } : {}) },
      });
    },
  });
  // Paid or cancelled by someone else between the read and the lock.
  if (!result.changed) throw new AppError('NOT_AWAITING_TRANSFER', 409, ordersAdminMessages.notAwaitingTransfer(label(result.status ?? order.status)));
  return ordersAdminMessages.transferReceived(orderNumberOf(order));
}

const PROVIDER_TITLES: Record<string, string> = { stripe: 'Stripe', klarna: 'Klarna (Stripe)', revolut_pay: 'Revolut Pay (Stripe)', paypal: 'PayPal' };

/**
 * POST /api/admin/orders/:id/refund: records a refund (full or partial), never more than paid
 * minus already refunded (checked under the order's lock). The money itself is sent back by staff
 * (bank transfer, cash, or the provider's dashboard for Stripe and PayPal: the server has no
 * general refund call yet, the message says so). An invoiced order's refund issues a credit note
 * (its AB- number on the refund's row, named in the message). Fully refunded: status "refunded", the coupon use
 * and the loyalty actually debited are given back, and with `restock` the lines go back in stock
 * (once).
 */
export async function refundOrder(ctx: AdminOrderContext, actor: AuditActor, id: number, body: AdminRefundBody): Promise<{ message: string; full: boolean }> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, { forUpdate: true });
    if (!order) throw notFound();
    const paid = paidCentsOf(order);
    if (paid === 0) throw new AppError('ORDER_NOT_PAID', 409, ordersAdminMessages.notPaid);
    const already = (await refundedCents(tx, [order.id])).get(order.id) ?? 0;
    const remaining = Math.max(0, paid - already);
    if (body.amountCents > remaining) throw new AppError('REFUND_TOO_LARGE', 409, ordersAdminMessages.tooMuch(remaining));
    const full = body.amountCents === remaining;
    if (body.restock && !full) throw new AppError('RESTOCK_NEEDS_FULL_REFUND', 400, ordersAdminMessages.restockOnlyFull);
    const reason = body.reason.trim();
    let stockReleased = false;
    if (full && order.status !== 'refunded') {
      await updateOrder(tx, order.id, { status: 'refunded', expiresAt: null });
      await insertOrderEvent(tx, { orderId: order.id, fromStatus: order.status, toStatus: 'refunded', note: `Remboursée (${formatCents(body.amountCents)})\u00a0: ${reason}` });
      // What the order consumed goes back, as for a cancellation (the order no longer counts).
      if (order.settledAt) {
        if (order.loyaltyDebitedCents > 0 && order.customerId !== null && order.inventoryBackend === 'local') {
          await creditLocalLoyalty(tx, order.customerId, order.loyaltyDebitedCents);
        }
        if (order.couponId !== null) await countCouponRedemption(tx, order.couponId, -1);
      }
      if (body.restock && (await claimStockRelease(tx, order.id))) {
        stockReleased = true;
        if (order.inventoryBackend === 'local') {
          const lines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
          for (const line of [...lines].sort((a, b) => a.productId - b.productId)) await giveBackLocalStock(tx, line.productId, line.quantity);
        }
      }
    } else {
      await insertOrderEvent(tx, { orderId: order.id, fromStatus: order.status, toStatus: order.status, note: `Remboursement partiel (${formatCents(body.amountCents)})\u00a0: ${reason}` });
    }
    // An invoiced order's refund is a credit note (issue 22 §1): its number is taken here, after
    // every other lock (stock, customer, coupon), the series' counter last.
    const creditNoteNumber = await takeOrderCreditNoteNumber(tx, order);
    await tx.insert(orderRefunds).values({
      orderId: order.id,
      amountCents: body.amountCents,
      reason,
      method: 'manual',
      creditNoteNumber,
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      // Dated once the counter is ours (not at the transaction's start, which is now()): a credit
      // note numbered after another is never dated before it.
      createdAt: new Date(),
    });
    await recordAudit(tx, actor, {
      action: 'order.refund',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status, refundedCents: already },
      after: {
        status: full ? 'refunded' : order.status,
        refundedCents: already + body.amountCents,
        amountCents: body.amountCents,
        reason,
        ...(creditNoteNumber ? { creditNoteNumber } : {}),
        ...(stockReleased ? { restocked: true } : {}),
      },
    });
    const provider = PROVIDER_TITLES[order.paymentMethod];
    const how = provider ? ordersAdminMessages.manualProvider(provider) : ordersAdminMessages.manualOffline;
    return { message: `${ordersAdminMessages.refunded(body.amountCents, full, creditNoteNumber)}${how}`, full, stockReleased };
  });
  if (result.stockReleased) ctx.onStockChange?.();
  return { message: result.message, full: result.full };
}
