import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { paymentEvents, payments } from '../../db/schema.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentProvider = PaymentRow['provider'];

/** Records a payment attempt; an attempt already recorded under the same provider id is returned as is. */
export async function insertPayment(db: Executor, row: NewPayment): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const existing = await findPaymentByRef(db, row.provider, row.providerRef);
  if (!existing) throw new Error('payment vanished after a conflicting insert');
  return existing;
}

export async function findPaymentByRef(db: Executor, provider: PaymentProvider, providerRef: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

/** The latest attempt of an order with a provider and method (reused while it can still be paid). */
export async function latestPaymentOf(db: Executor, orderId: number, provider: PaymentProvider, method?: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider), method ? eq(payments.method, method) : undefined))
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

export async function paymentsOf(db: Executor, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

export async function updatePayment(
  db: Executor,
  id: number,
  changes: Partial<Pick<PaymentRow, 'status' | 'providerStatus' | 'captureRef' | 'lastError' | 'amountCents' | 'plan'>>,
): Promise<void> {
  await db.update(payments).set({ ...changes, updatedAt: sql`now()` }).where(eq(payments.id, id));
}

/**
 * Claims a webhook event for handling: true the first time (provider, event id) is seen, false
 * for a replay. Call it in the transaction that applies the event, so a failed handling can be
 * delivered again.
 */
export async function claimPaymentEvent(
  db: Executor,
  event: { provider: string; eventId: string; type: string; orderId: number | null; providerRef: string; outcome?: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({ ...event, outcome: event.outcome ?? '' })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

export async function setPaymentEventOutcome(db: Executor, provider: string, eventId: string, outcome: string): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ outcome: outcome.slice(0, 500) })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}
