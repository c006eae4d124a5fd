import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
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
