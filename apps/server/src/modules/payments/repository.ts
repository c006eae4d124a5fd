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
 * Records a webhook event once its handling succeeded (the outcome says what was done): true when
 * this call recorded it, false when it was already recorded. A row left without an outcome (a
 * claim from before the handling, whose process stopped before it finished) is not a record: it is
 * completed by the next successful handling. Record only after the handling, never before: a
 * delivery that fails, or whose process stops, must leave nothing that makes Stripe's next delivery
 * look like a replay.
 */
export async function claimPaymentEvent(
  db: Executor,
  event: { provider: string; eventId: string; type: string; orderId: number | null; providerRef: string; outcome?: string },
): Promise<boolean> {
  const outcome = (event.outcome ?? '').slice(0, 500);
  const inserted = await db
    .insert(paymentEvents)
    .values({ ...event, outcome })
    .onConflictDoUpdate({
      target: [paymentEvents.provider, paymentEvents.eventId],
      set: { type: event.type, orderId: event.orderId, providerRef: event.providerRef, outcome },
      setWhere: sql`${paymentEvents.outcome} = ''`,
    })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Whether an event was handled already (recorded with its outcome): a replay to acknowledge only. */
export async function paymentEventHandled(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId), sql`${paymentEvents.outcome} <> ''`))
    .limit(1);
  return row !== undefined;
}
