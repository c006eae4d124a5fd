import { eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { documentCounters } from '../../db/schema.js';
import { parisYear } from '../../db/demo-data/calendar.js';

/**
 * Numbers of the documents staff create, taken from a counter row locked FOR UPDATE in the
 * document's own transaction: concurrent creations wait for each other, and a transaction that
 * fails gives its number back (its increment is rolled back), so the series has no gaps — which a
 * database sequence cannot promise. A counter starts, on first use, after the highest number of
 * the same series already stored (the seed's invoices, tickets created before this code).
 *
 * - invoices: `F-{year}-{00001}`, restarting every calendar year in Paris (the seed's format);
 * - credit notes: `AV-{year}-{00001}`, their own series (French law allows several continuous
 *   series; an avoir is then easy to tell from an invoice);
 * - tickets: `T-{n}` after the highest ticket number (gaps do not matter there, but the lock keeps
 *   two creations from taking the same number);
 * - web orders' invoices: `FB-{year}-{000001}`, their own series, taken in the transaction that
 *   marks the order paid (orders/order-invoice.ts);
 * - web orders' credit notes: `AB-{year}-{000001}`, one per refund of an invoiced order, taken in
 *   the refund's transaction (admin/orders-admin.ts). Apart from the repair credit notes (AV): each
 *   series stays continuous whichever side refunds more, and an avoir's series tells which invoice
 *   series it answers.
 */

export type DocumentKind = 'invoice' | 'credit_note' | 'ticket' | 'order_invoice' | 'order_credit_note';

const SERIES = {
  invoice: { prefix: 'F', table: sql`invoices`, column: sql`invoice_number`, digits: 5 },
  credit_note: { prefix: 'AV', table: sql`credit_notes`, column: sql`credit_note_number`, digits: 5 },
  order_invoice: { prefix: 'FB', table: sql`orders`, column: sql`invoice_number`, digits: 6 },
  order_credit_note: { prefix: 'AB', table: sql`order_refunds`, column: sql`credit_note_number`, digits: 6 },
} as const;

async function nextValue(tx: Tx, key: string, highestExisting: () => Promise<number>): Promise<number> {
  const lock = () => tx.select({ value: documentCounters.value }).from(documentCounters).where(eq(documentCounters.key, key)).for('update');
  let [row] = await lock();
  if (!row) {
    // A concurrent first use inserts the same key: ON CONFLICT waits for it, then does nothing.
    await tx.insert(documentCounters).values({ key, value: await highestExisting() }).onConflictDoNothing({ target: documentCounters.key });
    [row] = await lock();
  }
  const value = (row?.value ?? 0) + 1;
  await tx.update(documentCounters).set({ value }).where(eq(documentCounters.key, key));
  return value;
}

async function highest(tx: Tx, query: SQL): Promise<number> {
  return Number(rowsOf<{ highest: number | string | null }>(await tx.execute(query))[0]?.highest ?? 0);
}

export async function nextDocumentNumber(tx: Tx, kind: DocumentKind, now = new Date()): Promise<string> {
  if (kind === 'ticket') {
    const value = await nextValue(tx, 'ticket', () =>
      highest(tx, sql`select coalesce(max(substring(ticket_number from 3)::int), 1000) as highest from tickets where ticket_number ~ '^T-[0-9]{1,6}$'`),
    );
    return `T-${String(value).padStart(4, '0')}`;
  }
  const year = parisYear(now);
  const series = SERIES[kind];
  const prefix = `${series.prefix}-${year}-`;
  const pattern = `^${prefix}[0-9]+$`;
  const value = await nextValue(tx, prefix.slice(0, -1), () =>
    highest(tx, sql`select coalesce(max(substring(${series.column} from ${prefix.length + 1}::int)::int), 0) as highest from ${series.table} where ${series.column} ~ ${pattern}`),
  );
  return `${prefix}${String(value).padStart(series.digits, '0')}`;
}
