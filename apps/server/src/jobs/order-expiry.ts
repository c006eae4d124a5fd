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
  /** Orders cancelled per transaction. */
  batchSize?: number;
};

/**
 * Cancels unpaid orders past their deadline — online payments still pending, bank transfers
 * still on hold (the buyer is told by e-mail) — and gives their stock back exactly once. Orders
 * are taken with FOR UPDATE SKIP LOCKED, in small transactions: several instances running the job
 * at once never cancel the same order twice, and a payment being recorded meanwhile (which locks
 * the order) is never overtaken.
 */
export async function expireOrders(db: Db, options: OrderExpiryOptions): Promise<{ cancelled: number; mailed: number }> {
  const batchSize = options.batchSize ?? 20;
  let cancelled = 0;
  let mailed = 0;
  let released = false;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await lockExpiredOrders(tx, batchSize);
      let count = 0;
      let notices = 0;
      let stock = false;
      for (const order of rows) {
        const bankTransfer = order.status === 'on-hold';
        const result = await cancelLockedOrder(
          tx,
          order,
          bankTransfer ? 'Virement non reçu dans le délai : commande annulée automatiquement' : 'Paiement non reçu dans le délai : commande annulée automatiquement',
          { publicUrl: options.publicUrl, notifyBuyer: bankTransfer },
        );
        if (result.changed) count += 1;
        if (result.changed && bankTransfer) notices += 1;
        if (result.stockReleased) stock = true;
      }
      return { taken: rows.length, count, notices, stock };
    });
    cancelled += batch.count;
    mailed += batch.notices;
    released ||= batch.stock;
    if (batch.taken < batchSize) break;
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
