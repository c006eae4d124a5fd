import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Mailer } from '../modules/mail/mailer.js';
import { lockExpiredOrders } from '../modules/orders/repository.js';
import { cancelLockedOrder } from '../modules/orders/service.js';

const MINUTE = 60_000;

export type OrderExpiryOptions = {
  publicUrl: string;
  /** Called once after a run that gave stock back (catalogue and inventory caches). */
  onStockChange?: () => void;
  mailer?: Pick<Mailer, 'kick'>;
};

/**
 * Cancels unpaid orders past their deadline — online payments still pending, bank transfers
 * still on hold (the buyer is told by e-mail) — and gives their stock back exactly once. Each
 * order is taken with FOR UPDATE SKIP LOCKED in its own short transaction: several instances
 * running the job at once never cancel the same order twice, a payment being recorded meanwhile
 * (which locks the order) is never overtaken, and the stock rows are locked in the same order as
 * order creation locks them (one order at a time), so the job never deadlocks with a checkout.
 */
export async function expireOrders(db: Db, options: OrderExpiryOptions): Promise<{ cancelled: number; mailed: number }> {
  let cancelled = 0;
  let mailed = 0;
  let released = false;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [order] = await lockExpiredOrders(tx, 1);
      if (!order) return null;
      const bankTransfer = order.status === 'on-hold';
      const result = await cancelLockedOrder(
        tx,
        order,
        bankTransfer ? 'Virement non reçu dans le délai : commande annulée automatiquement' : 'Paiement non reçu dans le délai : commande annulée automatiquement',
        { publicUrl: options.publicUrl, notifyBuyer: bankTransfer },
      );
      return { ...result, mailed: result.changed && bankTransfer };
    });
    if (!step) break;
    if (step.changed) cancelled += 1;
    if (step.mailed) mailed += 1;
    released ||= step.stockReleased;
  }
  if (released) options.onStockChange?.();
  if (mailed > 0) options.mailer?.kick();
  return { cancelled, mailed };
}

/** Runs expireOrders every minute (first run a few seconds after start). Returns the stop function. */
export function startOrderExpiryJob(db: Db, log: FastifyBaseLogger, options: OrderExpiryOptions, intervalMs = MINUTE): () => void {
  let running = false;
  const run = async () => {
    // One run at a time in this process; other instances are kept apart by SKIP LOCKED.
    if (running) return;
    running = true;
    try {
      const { cancelled } = await expireOrders(db, options);
      if (cancelled > 0) log.info({ cancelled }, 'unpaid orders cancelled, stock released');
    } catch (error) {
      log.warn({ err: error }, 'order expiry job failed; it will run again');
    } finally {
      running = false;
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
