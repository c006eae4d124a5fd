import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { repairPaymentMethodLabel } from '@erepare/shared/repair-payments';
import type { RepairBackend } from '../adapters/repair/types.js';
import type { Db } from '../db/client.js';
import { estimates, repairPayments } from '../db/schema.js';
import { DEPOSIT_CHECK_MS, matchDueDeposits } from '../modules/repair-payments/deposits.js';
import { claimOwner, leaseEnd } from './claims.js';
import { timeJobRun, type OnJobRun } from './job-runs.js';

/**
 * Posts the repair payments taken online to RepairDesk (issue 24 §4), from the database: a payment
 * settled for a RepairDesk invoice is `post_status = 'pending'`; this job claims due rows (one
 * UPDATE … FOR UPDATE SKIP LOCKED with an owner and a lease, like the mail outbox, so several
 * instances never post one payment twice at once), posts each with one attempt, and records the
 * outcome on that claim only. A failure is tried again with back-off; after `maxAttempts` the row
 * is `failed` with RepairDesk's error, shown to staff on the invoice (the money is ours: staff
 * record it in RepairDesk by hand).
 *
 * Estimate deposits are posted the same way once matched to their ticket's RepairDesk invoice
 * (modules/repair-payments/deposits.ts): each run first looks for the invoices of up to `batch`
 * unmatched deposits (each at most every `depositCheckMs`), and posts them as « Acompte … » with
 * the estimate's number in the note.
 */

export const REPAIRDESK_POST_DEFAULTS = { maxAttempts: 8, firstDelayMs: 60_000, maxDelayMs: 6 * 3600_000, leaseMs: 60_000, batch: 20, depositCheckMs: DEPOSIT_CHECK_MS };

export type RepairDeskPostOptions = Partial<typeof REPAIRDESK_POST_DEFAULTS> & {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  owner?: string;
  /** The job's clock (tests); by default the database's, the one every instance compares with. */
  now?: () => Date;
};

export type RepairDeskPostResult = { posted: number; retried: number; failed: number };

/** Waiting time before attempt n + 1 (n ≥ 1): first delay doubled each time, capped. */
export function postBackoffMs(attempts: number, options: Pick<typeof REPAIRDESK_POST_DEFAULTS, 'firstDelayMs' | 'maxDelayMs'> = REPAIRDESK_POST_DEFAULTS): number {
  return Math.min(options.firstDelayMs * 2 ** Math.max(attempts - 1, 0), options.maxDelayMs);
}

export async function postRepairDeskPayments(db: Db, backend: RepairBackend, options: RepairDeskPostOptions): Promise<RepairDeskPostResult> {
  const settings = { ...REPAIRDESK_POST_DEFAULTS, ...options };
  const result: RepairDeskPostResult = { posted: 0, retried: 0, failed: 0 };
  const post = backend.addInvoicePayment;
  if (!post) return result;
  const owner = options.owner ?? claimOwner();
  const at = options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`;
  const nowMs = () => (options.now ? options.now().getTime() : Date.now());
  try {
    await matchDueDeposits(db, backend, { batch: settings.batch, checkEveryMs: settings.depositCheckMs, at, log: options.log });
  } catch (error) {
    // The postings below do not depend on it: they go on, the deposits are looked at next run.
    options.log.warn({ err: error }, 'matching estimate deposits to RepairDesk invoices failed; tried again next run');
  }
  const claimed = await db
    .update(repairPayments)
    .set({ postLockedBy: owner, postLockedUntil: leaseEnd(settings.leaseMs), postAttempts: sql`${repairPayments.postAttempts} + 1` })
    .where(
      sql`${repairPayments.id} in (
        select id from ${repairPayments}
        where ${repairPayments.postStatus} = 'pending' and ${repairPayments.invoiceId} is not null
          and (${repairPayments.postNextAt} is null or ${repairPayments.postNextAt} <= ${at})
          and (${repairPayments.postLockedUntil} is null or ${repairPayments.postLockedUntil} < now())
        order by ${repairPayments.postNextAt} nulls first, ${repairPayments.id}
        limit ${settings.batch}
        for update skip locked)`,
    )
    .returning();

  const depositEstimates = claimed.flatMap((row) => (row.purpose === 'deposit' && row.estimateId !== null ? [row.estimateId] : []));
  const estimateNumbers = new Map(
    depositEstimates.length === 0
      ? []
      : (await db.select({ id: estimates.id, number: estimates.estimateNumber }).from(estimates).where(inArray(estimates.id, depositEstimates))).map((estimate) => [estimate.id, estimate.number]),
  );

  for (const row of claimed) {
    const mine = and(eq(repairPayments.id, row.id), eq(repairPayments.postLockedBy, owner), eq(repairPayments.postAttempts, row.postAttempts));
    const provider = row.provider === 'paypal' ? 'PayPal' : 'Stripe';
    const deposit = row.purpose === 'deposit';
    try {
      await post({
        invoiceId: row.invoiceId ?? 0,
        amountCents: row.amountCents,
        // Like the local path (applyDepositsToNewInvoice): staff read « Acompte » in RepairDesk.
        method: deposit ? `Acompte ${repairPaymentMethodLabel(row.provider)}` : repairPaymentMethodLabel(row.provider),
        transactionId: row.captureRef || row.providerRef,
        notes: deposit
          ? `Acompte payé en ligne sur le devis ${estimateNumbers.get(row.estimateId ?? 0) ?? ''}, ${provider} (${row.providerRef})`
          : `Paiement en ligne ${provider} (${row.providerRef})`,
      });
      await db.update(repairPayments).set({ postStatus: 'posted', postedAt: new Date(), postError: '', postLockedBy: null, postLockedUntil: null, updatedAt: new Date() }).where(mine);
      result.posted += 1;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : 'erreur inconnue').slice(0, 500);
      const givingUp = row.postAttempts >= settings.maxAttempts;
      await db
        .update(repairPayments)
        .set({
          postStatus: givingUp ? 'failed' : 'pending',
          postError: reason,
          postNextAt: givingUp ? null : new Date(nowMs() + postBackoffMs(row.postAttempts, settings)),
          postLockedBy: null,
          postLockedUntil: null,
          updatedAt: new Date(),
        })
        .where(mine);
      if (givingUp) {
        result.failed += 1;
        options.log.error({ repairPaymentId: row.id, invoiceId: row.invoiceId, attempts: row.postAttempts }, 'RepairDesk refused an online payment too many times: given up, staff must record it by hand');
      } else {
        result.retried += 1;
        options.log.warn({ repairPaymentId: row.id, attempts: row.postAttempts, reason }, 'RepairDesk payment posting failed; tried again later');
      }
    }
  }
  if (result.posted > 0) backend.invalidate?.();
  return result;
}

/** Runs postRepairDeskPayments every `intervalMs` (30 s); started by server.ts with RepairDesk only. */
export function startRepairDeskPaymentsJob(db: Db, backend: RepairBackend, log: FastifyBaseLogger, options: { onRun?: OnJobRun } = {}, intervalMs = 30_000): () => void {
  let running = false;
  let stopped = false;
  const owner = claimOwner();
  const run = async () => {
    if (running || stopped) return;
    running = true;
    const finish = timeJobRun(options.onRun);
    let failed = false;
    try {
      const result = await postRepairDeskPayments(db, backend, { log, owner });
      if (result.posted > 0 || result.failed > 0) log.info(result, 'online repair payments posted to RepairDesk');
    } catch (error) {
      failed = true;
      log.warn({ err: error }, 'RepairDesk payment posting job failed; it will run again');
    } finally {
      running = false;
      finish(failed);
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
