import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { repairPayments } from '../../db/schema.js';

export type RepairPaymentRow = typeof repairPayments.$inferSelect;
export type NewRepairPayment = typeof repairPayments.$inferInsert;

/** Records an attempt; one already recorded under the same provider reference is returned as is. */
export async function insertRepairPayment(db: Executor, row: NewRepairPayment): Promise<RepairPaymentRow> {
  const [inserted] = await db.insert(repairPayments).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const existing = await findRepairPaymentByRef(db, row.provider, row.providerRef);
  if (!existing) throw new Error('repair payment vanished after a conflicting insert');
  return existing;
}

export async function findRepairPaymentByRef(db: Executor, provider: RepairPaymentRow['provider'], providerRef: string): Promise<RepairPaymentRow | null> {
  const [row] = await db
    .select()
    .from(repairPayments)
    .where(and(eq(repairPayments.provider, provider), eq(repairPayments.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

/**
 * The payment a return address names: its provider id and the hash of its key together (a Stripe
 * session id and a PayPal order id never look alike, so any provider unless one is given). A row
 * made before keys existed has an empty hash: never found this way.
 */
export async function findRepairPaymentForReturn(db: Executor, providerRef: string, keyHash: string, provider?: RepairPaymentRow['provider']): Promise<RepairPaymentRow | null> {
  const [row] = await db
    .select()
    .from(repairPayments)
    .where(
      and(
        eq(repairPayments.providerRef, providerRef),
        eq(repairPayments.returnKeyHash, keyHash),
        ne(repairPayments.returnKeyHash, ''),
        provider ? eq(repairPayments.provider, provider) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The attempts of an invoice (purpose invoice) or of an estimate's deposit, newest first. */
export async function attemptsOf(db: Executor, subject: { invoiceId: number } | { estimateId: number }): Promise<RepairPaymentRow[]> {
  const where =
    'invoiceId' in subject
      ? and(eq(repairPayments.purpose, 'invoice'), eq(repairPayments.invoiceId, subject.invoiceId))
      : and(eq(repairPayments.purpose, 'deposit'), eq(repairPayments.estimateId, subject.estimateId));
  return db.select().from(repairPayments).where(where).orderBy(desc(repairPayments.id));
}

/**
 * Payments of RepairDesk invoices taken online and not yet seen in RepairDesk's amount paid
 * (posting pending or given up): the invoice's own, and the estimate deposits matched to it
 * (deposits.ts). Rows of the local backend are never pending: their invoice already counts them.
 */
function unpostedWhere(invoiceIds: number[]) {
  return and(
    inArray(repairPayments.purpose, ['invoice', 'deposit']),
    inArray(repairPayments.invoiceId, invoiceIds),
    eq(repairPayments.status, 'succeeded'),
    inArray(repairPayments.postStatus, ['pending', 'failed']),
  );
}

export async function unpostedCentsOf(db: Executor, invoiceId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${repairPayments.amountCents}), 0)::int` })
    .from(repairPayments)
    .where(unpostedWhere([invoiceId]));
  return Number(row?.total ?? 0);
}

/** unpostedCentsOf for several invoices in one query (lists); invoices without any are absent. */
export async function unpostedCentsByInvoice(db: Executor, invoiceIds: number[]): Promise<Map<number, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ invoiceId: repairPayments.invoiceId, total: sql<number>`sum(${repairPayments.amountCents})::int` })
    .from(repairPayments)
    .where(unpostedWhere([...new Set(invoiceIds)]))
    .groupBy(repairPayments.invoiceId);
  return new Map(rows.filter((row) => row.invoiceId !== null).map((row) => [row.invoiceId as number, Number(row.total)]));
}

export async function updateRepairPayment(
  db: Executor,
  id: number,
  changes: Partial<Pick<RepairPaymentRow, 'status' | 'providerStatus' | 'captureRef' | 'lastError'>>,
  onlyWhileOpen = true,
): Promise<boolean> {
  const rows = await db
    .update(repairPayments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(repairPayments.id, id), onlyWhileOpen ? inArray(repairPayments.status, ['created', 'failed', 'canceled']) : undefined))
    .returning({ id: repairPayments.id });
  return rows.length > 0;
}
