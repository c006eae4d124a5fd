import { and, asc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { repairPayments } from '../db/schema.js';
import { applyRepairPaypalOrder, type RepairPaymentsContext } from '../modules/repair-payments/service.js';
import { DEFAULT_BATCH, GIVE_UP_AFTER_DAYS, runPendingChecks, type PendingCheckOptions } from './paypal-pending-checks.js';

/**
 * Repair payments (issue 24 §4) whose PayPal capture was left PENDING, re-read on the shop's
 * schedule and with its code (paypal-pending-checks.ts; run by the same job, jobs/paypal-pending.ts):
 * COMPLETED for our amount settles the payment (settleRepairPayment: the invoice, the receipt, the
 * RepairDesk posting — once, whoever reads it first); DECLINED/FAILED fails it (the invoice stays
 * payable); still PENDING leaves the row untouched. After GIVE_UP_AFTER_DAYS without an answer it
 * is no longer read, and the payment carries a note for staff (the invoice's « Paiements en ligne »).
 */

export type RepairPaypalPendingResult = { checked: number; paid: number; failed: number; pending: number; mismatched: number; errors: number; givenUp: number };

/** What staff read on the payment once the job stops asking PayPal. */
export const REPAIR_PAYPAL_GIVEN_UP = `Capture PayPal toujours en attente après ${GIVE_UP_AFTER_DAYS} jours\u00a0: vérifiez-la dans PayPal, puis enregistrez le paiement à la main s’il a abouti.`;

const pendingCapture = and(
  eq(repairPayments.provider, 'paypal'),
  eq(repairPayments.status, 'created'),
  eq(repairPayments.providerStatus, 'PENDING'),
  ne(repairPayments.captureRef, ''),
);
const giveUpBefore = sql`now() - (${GIVE_UP_AFTER_DAYS} * interval '1 day')`;

export async function settlePendingRepairPaypalPayments(ctx: RepairPaymentsContext, options: PendingCheckOptions & { batch?: number }): Promise<RepairPaypalPendingResult> {
  const result: RepairPaypalPendingResult = { checked: 0, paid: 0, failed: 0, pending: 0, mismatched: 0, errors: 0, givenUp: 0 };
  const paypal = ctx.paypal;
  if (!paypal) return result;
  const { db } = ctx;

  // Pending for too long: noted once for staff (updated_at kept: the row stays out of the window).
  const givenUp = await db
    .update(repairPayments)
    .set({ lastError: REPAIR_PAYPAL_GIVEN_UP })
    .where(and(pendingCapture, eq(repairPayments.lastError, ''), lte(repairPayments.updatedAt, giveUpBefore)))
    .returning({ id: repairPayments.id, invoiceId: repairPayments.invoiceId, providerRef: repairPayments.providerRef });
  for (const row of givenUp) {
    options.log.error({ repairPaymentId: row.id, invoiceId: row.invoiceId, paypalOrderId: row.providerRef }, 'PayPal capture of a repair payment still pending: no longer re-read, staff must check it at PayPal');
  }
  result.givenUp = givenUp.length;

  const candidates = await db
    .select()
    .from(repairPayments)
    .where(and(pendingCapture, gt(repairPayments.updatedAt, giveUpBefore)))
    .orderBy(asc(repairPayments.updatedAt), asc(repairPayments.id))
    .limit(options.batch ?? DEFAULT_BATCH);

  const run = await runPendingChecks(
    db,
    candidates,
    options,
    (payment) => ({
      eventId: `repair-pending-check:${payment.id}`,
      type: 'paypal.repair-capture.pending-check',
      orderId: null,
      providerRef: payment.providerRef,
      logFields: { repairPaymentId: payment.id, invoiceId: payment.invoiceId, paypalOrderId: payment.providerRef },
    }),
    async (payment) => {
      const reading = await applyRepairPaypalOrder(ctx, payment, await paypal.getOrder(payment.providerRef));
      if (reading === 'not-ours' || reading === 'no-capture' || reading === 'amount-mismatch') {
        ctx.log.warn({ repairPaymentId: payment.id, paypalOrderId: payment.providerRef, reading }, 'PayPal pending capture of a repair payment does not match it: left for staff');
      }
      return reading;
    },
  );
  const count = (...kinds: string[]) => kinds.reduce((sum, kind) => sum + (run.outcomes.get(kind) ?? 0), 0);
  result.checked = run.checked;
  result.errors = run.errors;
  result.paid = count('paid');
  result.failed = count('declined');
  result.pending = count('pending');
  result.mismatched = count('not-ours', 'no-capture', 'amount-mismatch');
  return result;
}
