import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { paymentEvents, payments } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Mailer } from '../modules/mail/mailer.js';
import { findOrder } from '../modules/orders/repository.js';
import { createPaypalClient, type PaypalClient } from '../modules/payments/paypal-client.js';
import { settlePaypalOrder, type PaypalContext } from '../modules/payments/paypal-service.js';
import type { PaymentRow } from '../modules/payments/repository.js';
import { timeJobRun, type OnJobRun } from './job-runs.js';

const MINUTE = 60_000;
/** A capture still pending after this long is no longer re-read (staff check it at PayPal). */
const GIVE_UP_AFTER_DAYS = 30;

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
 * Claims one payment for this run, without holding any lock: a `payment_events` row
 * ('paypal', 'pending-check:<payment id>') whose created_at is the time of the last claim. The
 * upsert takes it only when that time is older than `recheckAfterMs`; two instances racing for
 * the same payment are serialised by PostgreSQL on the row, and the second finds it just claimed.
 */
async function claimCheck(db: Db, payment: PaymentRow, recheckAfterMs: number): Promise<string | null> {
  const eventId = `pending-check:${payment.id}`;
  const rows = await db
    .insert(paymentEvents)
    .values({ provider: 'paypal', eventId, type: 'paypal.capture.pending-check', orderId: payment.orderId, providerRef: payment.providerRef, outcome: 'checking' })
    .onConflictDoUpdate({
      target: [paymentEvents.provider, paymentEvents.eventId],
      set: { createdAt: sql`now()`, outcome: 'checking' },
      setWhere: sql`${paymentEvents.createdAt} <= now() - (${recheckAfterMs} * interval '1 millisecond')`,
    })
    .returning({ id: paymentEvents.id });
  return rows.length > 0 ? eventId : null;
}

/**
 * Re-reads at PayPal the captures left PENDING (PayPal has no webhook here, and the buyer may
 * never come back): COMPLETED goes the capture's own way (settlePaypalOrder: the order is paid,
 * or the money is given back when the order was closed meanwhile or paid by another payment);
 * DECLINED/FAILED fails the payment row; still PENDING is left as is (the row is not touched, so
 * the expiry hold of lockExpiredOrders still counts from when the capture became pending).
 * Several instances may run it at once: each payment is claimed first (claimCheck), and no lock
 * is held while PayPal is called. A payment whose check fails is logged and tried next run.
 */
export async function settlePendingPaypalPayments(db: Db, options: PaypalPendingOptions): Promise<PaypalPendingResult> {
  const result: PaypalPendingResult = { checked: 0, paid: 0, refunded: 0, failed: 0, pending: 0, errors: 0 };
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
    .limit(options.batch ?? 50);

  for (const payment of candidates) {
    if (options.stopped?.()) break;
    const eventId = await claimCheck(db, payment, options.recheckAfterMs ?? 9 * MINUTE);
    if (!eventId) continue;
    result.checked += 1;
    let outcome: string;
    try {
      const order = await findOrder(db, payment.orderId);
      if (!order) throw new Error(`order ${payment.orderId} not found`);
      const paypalOrder = await options.client.getOrder(payment.providerRef);
      const settlement = await settlePaypalOrder(ctx, order, payment, paypalOrder);
      outcome = settlement.kind;
      if (settlement.kind === 'paid') result.paid += 1;
      else if (settlement.kind === 'refunded') result.refunded += 1;
      else if (settlement.kind === 'declined') result.failed += 1;
      else if (settlement.kind === 'pending') result.pending += 1;
    } catch (error) {
      result.errors += 1;
      const reason = error instanceof AppError ? error.code : error instanceof Error ? error.message : 'unknown';
      outcome = `error: ${reason}`;
      options.log.warn({ err: error, paymentId: payment.id, orderId: payment.orderId, paypalOrderId: payment.providerRef }, 'PayPal pending capture: check failed; tried again next run');
    }
    await db
      .update(paymentEvents)
      .set({ outcome: outcome.slice(0, 500) })
      .where(and(eq(paymentEvents.provider, 'paypal'), eq(paymentEvents.eventId, eventId)));
  }
  return result;
}

export type PaypalPendingJobOptions = {
  paypal: { clientId: string; clientSecret: string; apiUrl: string };
  publicUrl: string;
  mailer?: Pick<Mailer, 'kick'> | undefined;
  /** Called after every run, whatever its outcome (tests wait for runs instead of sleeping; the metrics count them). */
  onRun?: OnJobRun;
};

/**
 * Runs settlePendingPaypalPayments every 10 minutes (first run a minute after start), with its
 * own PayPal client (its own token). Started only when PayPal is configured. Returns the stop
 * function (a run under way stops before its next payment).
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
      const result = await settlePendingPaypalPayments(db, {
        client,
        publicUrl: options.publicUrl,
        mailer: options.mailer,
        log,
        recheckAfterMs: Math.max(0, intervalMs - MINUTE),
        stopped: () => stopped,
      });
      if (result.paid > 0 || result.refunded > 0 || result.failed > 0) log.info(result, 'PayPal pending captures settled');
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
