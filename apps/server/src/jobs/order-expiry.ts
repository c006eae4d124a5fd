import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import type { Mailer } from '../modules/mail/mailer.js';
import { lockExpiredOrders, type OrderRow } from '../modules/orders/repository.js';
import { cancelLockedOrder, type CancelResult } from '../modules/orders/service.js';
import { timeJobRun, type OnJobRun } from './job-runs.js';

const MINUTE = 60_000;

export type OrderExpiryOptions = {
  publicUrl: string;
  /** Called once after a run that gave stock back (catalogue and inventory caches). */
  onStockChange?: () => void;
  mailer?: Pick<Mailer, 'kick'>;
  /** Where an order that could not be cancelled is reported (it is skipped for this run). */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** The cancellation (tests inject a failing one). */
  cancel?: (tx: Tx, order: OrderRow, note: string, options: { publicUrl: string; notifyBuyer: boolean }) => Promise<CancelResult>;
};

export type OrderExpiryResult = { cancelled: number; mailed: number; failed: number };

function expiryNote(order: OrderRow): string {
  if (order.status === 'on-hold') return 'Virement non reçu dans le délai\u00a0: commande annulée automatiquement';
  if (order.paymentMethod === 'cod') return 'Commande non retirée dans le délai\u00a0: commande annulée automatiquement';
  return 'Paiement non reçu dans le délai\u00a0: commande annulée automatiquement';
}

/**
 * Cancels orders past their deadline — online payments still pending, bank transfers still on
 * hold, pay-in-store orders not collected (the buyer of these two is told by e-mail) — and gives
 * their stock back exactly once. Each order is taken with FOR UPDATE SKIP LOCKED in its own short
 * transaction: several instances running the job at once never cancel the same order twice, a
 * payment being recorded meanwhile (which locks the order) is never overtaken, and the stock rows
 * are locked in the same order as order creation locks them (one order at a time), so the job
 * never deadlocks with a checkout. An order whose cancellation fails is logged and skipped for
 * this run; the others are still cancelled.
 */
export async function expireOrders(db: Db, options: OrderExpiryOptions): Promise<OrderExpiryResult> {
  const cancel = options.cancel ?? cancelLockedOrder;
  let cancelled = 0;
  let mailed = 0;
  let released = false;
  const failed: number[] = [];
  for (;;) {
    let current: number | null = null;
    let step: (CancelResult & { mailed: boolean }) | null;
    try {
      step = await db.transaction(async (tx) => {
        const [order] = await lockExpiredOrders(tx, 1, failed);
        if (!order) return null;
        current = order.id;
        const notifyBuyer = order.status === 'on-hold' || order.paymentMethod === 'cod';
        const result = await cancel(tx, order, expiryNote(order), { publicUrl: options.publicUrl, notifyBuyer });
        return { ...result, mailed: result.changed && notifyBuyer };
      });
    } catch (error) {
      // Nothing locked yet: the database itself failed; the next run tries again.
      if (current === null) throw error;
      failed.push(current);
      options.log?.error({ err: error, orderId: current }, 'order expiry: cancellation failed; order skipped for this run');
      continue;
    }
    if (!step) break;
    if (step.changed) cancelled += 1;
    if (step.mailed) mailed += 1;
    released ||= step.stockReleased;
  }
  if (released) options.onStockChange?.();
  if (mailed > 0) options.mailer?.kick();
  return { cancelled, mailed, failed: failed.length };
}

/** Runs expireOrders every minute (first run a few seconds after start). Returns the stop function. */
export function startOrderExpiryJob(db: Db, log: FastifyBaseLogger, { onRun, ...options }: OrderExpiryOptions & { onRun?: OnJobRun }, intervalMs = MINUTE): () => void {
  let running = false;
  const run = async () => {
    // One run at a time in this process; other instances are kept apart by SKIP LOCKED.
    if (running) return;
    running = true;
    const finish = timeJobRun(onRun);
    let crashed = false;
    try {
      const { cancelled, failed } = await expireOrders(db, { log, ...options });
      if (cancelled > 0) log.info({ cancelled }, 'expired orders cancelled, stock released');
      if (failed > 0) log.warn({ failed }, 'some expired orders could not be cancelled; they are tried again next run');
    } catch (error) {
      crashed = true;
      log.warn({ err: error }, 'order expiry job failed; it will run again');
    } finally {
      running = false;
      finish(crashed);
    }
  };
  const first = setTimeout(() => void run(), Math.min(5_000, intervalMs));
  const timer = setInterval(() => void run(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
