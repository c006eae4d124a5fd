import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { payments } from '../db/schema.js';
import type { Mailer } from '../modules/mail/mailer.js';
import { findOrder } from '../modules/orders/repository.js';
import { createPaypalClient, type PaypalClient } from '../modules/payments/paypal-client.js';
import { settlePaypalOrder, type PaypalContext } from '../modules/payments/paypal-service.js';
import type { RepairPaymentsContext } from '../modules/repair-payments/service.js';
import { timeJobRun, type OnJobRun } from './job-runs.js';
import { DEFAULT_BATCH, GIVE_UP_AFTER_DAYS, MINUTE, runPendingChecks } from './paypal-pending-checks.js';
import { settlePendingRepairPaypalPayments, type RepairPaypalPendingResult } from './repair-paypal-pending.js';

export type PaypalPendingOptions = {
  client: PaypalClient;
  publicUrl: string;
  mailer?: Pick<Mailer, 'kick'> | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** A payment re-read less than this long ago, by any instance, is skipped (9 minutes by default). */
  recheckAfterMs?: number;
  /** At most this many payments per run (the oldest first). */
  batch?: number;
  /** Checked between payments: stops a run when the server closes. */
  stopped?: () => boolean;
};

export type PaypalPendingResult = { checked: number; paid: number; refunded: number; failed: number; pending: number; errors: number };

/**
 * Re-reads at PayPal the captures left PENDING (PayPal has no webhook here, and the buyer may
 * never come back): COMPLETED goes the capture's own way (settlePaypalOrder: the order is paid,
 * or the money is given back when the order was closed meanwhile or paid by another payment);
 * DECLINED/FAILED fails the payment row; still PENDING is left as is (the row is not touched, so
 * the expiry hold of lockExpiredOrders still counts from when the capture became pending).
 * Several instances may run it at once: each payment is claimed first (claimPendingCheck, a
 * `payment_events` row 'pending-check:<payment id>'), and no lock is held while PayPal is called.
 * A payment whose check fails is logged and tried next run.
 */
export async function settlePendingPaypalPayments(db: Db, options: PaypalPendingOptions): Promise<PaypalPendingResult> {
  const ctx: PaypalContext = { db, client: options.client, publicUrl: options.publicUrl, mailer: options.mailer, log: options.log };
  const candidates = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'paypal'),
        eq(payments.status, 'created'),
        eq(payments.providerStatus, 'PENDING'),
        ne(payments.captureRef, ''),
        gt(payments.updatedAt, sql`now() - (${GIVE_UP_AFTER_DAYS} * interval '1 day')`),
      ),
    )
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(options.batch ?? DEFAULT_BATCH);

  const run = await runPendingChecks(
    db,
    candidates,
    options,
    (payment) => ({
      eventId: `pending-check:${payment.id}`,
      type: 'paypal.capture.pending-check',
      orderId: payment.orderId,
      providerRef: payment.providerRef,
      logFields: { paymentId: payment.id, orderId: payment.orderId, paypalOrderId: payment.providerRef },
    }),
    async (payment) => {
      const order = await findOrder(db, payment.orderId);
      if (!order) throw new Error(`order ${payment.orderId} not found`);
      const paypalOrder = await options.client.getOrder(payment.providerRef);
      return (await settlePaypalOrder(ctx, order, payment, paypalOrder)).kind;
    },
  );
  const count = (kind: string) => run.outcomes.get(kind) ?? 0;
  return { checked: run.checked, paid: count('paid'), refunded: count('refunded'), failed: count('declined'), pending: count('pending'), errors: run.errors };
}

export type PaypalPendingJobOptions = {
  paypal: { clientId: string; clientSecret: string; apiUrl: string };
  publicUrl: string;
  mailer?: Pick<Mailer, 'kick'> | undefined;
  /** Repair payments (issue 24 §4): their captures left PENDING are re-read in the same runs. */
  repairPayments?: RepairPaymentsContext | undefined;
  /** Called after every run, whatever its outcome (tests wait for runs instead of sleeping; the metrics count them). */
  onRun?: OnJobRun;
};

/**
 * Runs settlePendingPaypalPayments, then settlePendingRepairPaypalPayments, every 10 minutes
 * (first run a minute after start), with its own PayPal client (its own token). Started only when
 * PayPal is configured. Returns the stop function (a run under way stops before its next payment).
 */
export function startPaypalPendingJob(db: Db, log: FastifyBaseLogger, options: PaypalPendingJobOptions, intervalMs = 10 * MINUTE): () => void {
  const client = createPaypalClient(options.paypal);
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    const finish = timeJobRun(options.onRun);
    let failed = false;
    try {
      const recheckAfterMs = Math.max(0, intervalMs - MINUTE);
      const result = await settlePendingPaypalPayments(db, {
        client,
        publicUrl: options.publicUrl,
        mailer: options.mailer,
        log,
        recheckAfterMs,
        stopped: () => stopped,
      });
      if (result.paid > 0 || result.refunded > 0 || result.failed > 0) log.info(result, 'PayPal pending captures settled');
      if (options.repairPayments && !stopped) {
        const repair: RepairPaypalPendingResult = await settlePendingRepairPaypalPayments({ ...options.repairPayments, paypal: client }, { log, recheckAfterMs, stopped: () => stopped });
        if (repair.paid > 0 || repair.failed > 0 || repair.givenUp > 0) log.info(repair, 'PayPal pending captures of repair payments settled');
      }
    } catch (error) {
      failed = true;
      log.warn({ err: error }, 'PayPal pending-capture job failed; it will run again');
    } finally {
      running = false;
      finish(failed);
    }
  };
  const first = setTimeout(() => void run(), Math.min(MINUTE, intervalMs));
  const timer = setInterval(() => void run(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
