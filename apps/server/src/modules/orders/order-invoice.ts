import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { orderRefunds, orders } from '../../db/schema.js';
import { nextDocumentNumber } from '../admin/invoices-admin-numbers.js';

/**
 * A web order's invoice (issue 22 §1): the next number of the series `FB-{year}-{000001}` from
 * document_counters (the locked counter of staff invoices: no gap, concurrency-safe), taken in the
 * transaction that marks the order paid, by every path that does (online payment confirmed,
 * transfer received, paid at collection, nothing to pay). Once only: an order that has a number
 * keeps it, so a replayed webhook or a double click never takes a second one. The caller holds the
 * order's row (locked FOR UPDATE, or inserted by its own transaction) and calls this after its
 * other locks (stock, customer, coupon): the series' counter is always locked last, so two
 * payments never wait on each other in a cycle.
 *
 * Orders paid before this code have no number and get none later: numbering them when first asked
 * for would put old sales after newer ones in the series (the law wants it chronological); their
 * PDF stays the summary, and staff issue their invoice by hand if a customer asks.
 */
export async function issueOrderInvoice(tx: Tx, orderId: number): Promise<string | null> {
  const [row] = await tx.select({ invoiceNumber: orders.invoiceNumber }).from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  if (!row) return null;
  if (row.invoiceNumber) return row.invoiceNumber;
  const invoiceNumber = await nextDocumentNumber(tx, 'order_invoice');
  // Dated once the counter is ours: a number taken after another is never dated before it.
  const invoicedAt = new Date();
  await tx
    .update(orders)
    .set({ invoiceNumber, invoicedAt, updatedAt: invoicedAt })
    .where(and(eq(orders.id, orderId), eq(orders.invoiceNumber, '')));
  return invoiceNumber;
}

/**
 * The credit note (avoir) of a refund of an invoiced web order (issue 22 §1): French law never
 * lets an issued invoice change, so each refund recorded against one gets the next number of its own
 * series `AB-{year}-{000001}` (same counter rule as the invoices: no gap, concurrency-safe, given
 * back if the refund's transaction fails), stored on the refund's row. An order never invoiced (paid
 * before numbering) gets none: ''. The caller holds the order's lock and calls this after its other
 * locks (stock, customer, coupon), as issueOrderInvoice explains: the counter is locked last.
 */
export async function takeOrderCreditNoteNumber(tx: Tx, order: { invoiceNumber: string }): Promise<string> {
  return order.invoiceNumber ? nextDocumentNumber(tx, 'order_credit_note') : '';
}

export type OrderCreditNoteRow = { orderId: number; number: string; amountCents: number; reason: string; createdAt: Date };

const creditNoteColumns = {
  orderId: orderRefunds.orderId,
  number: orderRefunds.creditNoteNumber,
  amountCents: orderRefunds.amountCents,
  reason: orderRefunds.reason,
  createdAt: orderRefunds.createdAt,
};

/** The credit notes of these orders (refunds that issued one), oldest first, by order. */
export async function creditNotesOf(db: Executor, orderIds: number[]): Promise<Map<number, OrderCreditNoteRow[]>> {
  const result = new Map<number, OrderCreditNoteRow[]>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select(creditNoteColumns)
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, orderIds), ne(orderRefunds.creditNoteNumber, '')))
    .orderBy(asc(orderRefunds.id));
  for (const row of rows) result.set(row.orderId, [...(result.get(row.orderId) ?? []), row]);
  return result;
}

/**
 * One credit note of an order, with what the order's earlier credit notes credited before it
 * (creditNoteFigures' `refundedBeforeCents`: each credit note is the difference of cumulative
 * figures, so those of an order refunded in full add up to its invoice per rate). Earlier is a
 * lower row id: an order's refunds are recorded one at a time under its lock, each taking its number
 * and date there, so the ids of its credit notes follow their numbers and dates. Refunds without a
 * number (an order never invoiced) count for nothing. Only earlier ones count: the PDF drawn after
 * later refunds says what it said when issued. Null for an unknown number, or a number of another
 * order.
 */
export async function findOrderCreditNote(db: Executor, orderId: number, number: string): Promise<(OrderCreditNoteRow & { refundedBeforeCents: number }) | null> {
  if (!number) return null;
  const [row] = await db
    .select({ id: orderRefunds.id, ...creditNoteColumns })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.creditNoteNumber, number)))
    .limit(1);
  if (!row) return null;
  const [before] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.creditNoteNumber, ''), lt(orderRefunds.id, row.id)));
  return { ...row, refundedBeforeCents: Number(before?.cents ?? 0) };
}
