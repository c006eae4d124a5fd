import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { paymentEvents } from '../db/schema.js';
import { AppError } from '../errors.js';

/**
 * What the re-reading of PayPal captures left PENDING does the same way for the shop's orders
 * (jobs/paypal-pending.ts) and for repair payments (jobs/repair-paypal-pending.ts): the claim of
 * each payment across instances, the try/record loop, and the limits.
 */

export const MINUTE = 60_000;
/** A capture still pending after this long is no longer re-read (staff check it at PayPal). */
export const GIVE_UP_AFTER_DAYS = 30;
/** A payment re-read less than this long ago, by any instance, is skipped (by default). */
export const DEFAULT_RECHECK_AFTER_MS = 9 * MINUTE;
/** At most this many payments per run and kind (the oldest first), by default. */
export const DEFAULT_BATCH = 50;

export type PendingCheckLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Identifies one payment's check in `payment_events` ('paypal', eventId). */
export type PendingCheckEvent = { eventId: string; type: string; orderId: number | null; providerRef: string };

/**
 * Claims one payment for this run, without holding any lock: a `payment_events` row
 * ('paypal', eventId) whose created_at is the time of the last claim. The upsert takes it only
 * when that time is older than `recheckAfterMs`; two instances racing for the same payment are
 * serialised by PostgreSQL on the row, and the second finds it just claimed.
 */
export async function claimPendingCheck(db: Db, event: PendingCheckEvent, recheckAfterMs: number): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ provider: 'paypal', eventId: event.eventId, type: event.type, orderId: event.orderId, providerRef: event.providerRef, outcome: 'checking' })
    .onConflictDoUpdate({
      target: [paymentEvents.provider, paymentEvents.eventId],
      set: { createdAt: sql`now()`, outcome: 'checking' },
      setWhere: sql`${paymentEvents.createdAt} <= now() - (${recheckAfterMs} * interval '1 millisecond')`,
    })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export type PendingCheckOptions = {
  log: PendingCheckLog;
  recheckAfterMs?: number | undefined;
  /** Checked between payments: stops a run when the server closes. */
  stopped?: (() => boolean) | undefined;
};

/**
 * Checks each payment claimed for this run (`check` reads PayPal and applies what it says, and
 * returns the outcome noted on the claim). A check that throws is logged, noted as
 * `error: <reason>` and tried again at a later run. Returns how many were checked, the outcomes
 * counted, and the errors.
 */
export async function runPendingChecks<Row>(
  db: Db,
  rows: Row[],
  options: PendingCheckOptions,
  describe: (row: Row) => PendingCheckEvent & { logFields: Record<string, unknown> },
  check: (row: Row) => Promise<string>,
): Promise<{ checked: number; errors: number; outcomes: Map<string, number> }> {
  const result = { checked: 0, errors: 0, outcomes: new Map<string, number>() };
  for (const row of rows) {
    if (options.stopped?.()) break;
    const { logFields, ...event } = describe(row);
    if (!(await claimPendingCheck(db, event, options.recheckAfterMs ?? DEFAULT_RECHECK_AFTER_MS))) continue;
    result.checked += 1;
    let outcome: string;
    try {
      outcome = await check(row);
      result.outcomes.set(outcome, (result.outcomes.get(outcome) ?? 0) + 1);
    } catch (error) {
      result.errors += 1;
      const reason = error instanceof AppError ? error.code : error instanceof Error ? error.message : 'unknown';
      outcome = `error: ${reason}`;
      options.log.warn({ err: error, ...logFields }, 'PayPal pending capture: check failed; tried again next run');
    }
    await db
      .update(paymentEvents)
      .set({ outcome: outcome.slice(0, 500) })
      .where(and(eq(paymentEvents.provider, 'paypal'), eq(paymentEvents.eventId, event.eventId)));
  }
  return result;
}
