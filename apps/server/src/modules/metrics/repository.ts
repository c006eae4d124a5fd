import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';

/**
 * The counts the metrics read from the database at scrape time. Each query is a grouped count
 * over an index or a small table: cheap enough for a scrape every few seconds.
 */

export type OutboxQueue = 'mail' | 'push';

/** Per queue: rows not sent yet (and not given up), the age of the oldest of them, rows given up. */
export type OutboxState = { queue: OutboxQueue; backlog: number; oldestAgeSeconds: number; failed: number };

export type StatusCount = { group: string; status: string; count: number };

type OutboxRow = { queue: OutboxQueue; status: string; n: number | string; oldest: number | string | null };

export async function readOutboxes(db: Db): Promise<OutboxState[]> {
  // The status filters use the (status, next_attempt_at) index of each outbox; sent rows, the
  // bulk of the tables, are never read.
  const rows = rowsOf<OutboxRow>(
    await db.execute(sql`
      select 'mail' as queue, status, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest
      from mail_outbox where status in ('pending', 'sending', 'failed') group by status
      union all
      select 'push' as queue, status, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest
      from push_outbox where status in ('pending', 'failed') group by status
    `),
  );
  return (['mail', 'push'] as const).map((queue) => {
    const state: OutboxState = { queue, backlog: 0, oldestAgeSeconds: 0, failed: 0 };
    for (const row of rows) {
      if (row.queue !== queue) continue;
      const n = Number(row.n);
      if (row.status === 'failed') {
        state.failed += n;
      } else {
        state.backlog += n;
        state.oldestAgeSeconds = Math.max(state.oldestAgeSeconds, Math.max(0, Number(row.oldest ?? 0)));
      }
    }
    return state;
  });
}

/** Online payments (Stripe, PayPal) by provider and status. */
export async function readPaymentCounts(db: Db): Promise<StatusCount[]> {
  const rows = rowsOf<{ grp: string; status: string; n: number | string }>(
    await db.execute(sql`select provider as grp, status, count(*)::int as n from payments group by provider, status`),
  );
  return rows.map((row) => ({ group: row.grp, status: row.status, count: Number(row.n) }));
}

/** Orders by payment method and status (bank transfers and pay-in-store have no payment row). */
export async function readOrderCounts(db: Db): Promise<StatusCount[]> {
  const rows = rowsOf<{ grp: string; status: string; n: number | string }>(
    await db.execute(sql`select payment_method as grp, status, count(*)::int as n from orders group by payment_method, status`),
  );
  return rows.map((row) => ({ group: row.grp, status: row.status, count: Number(row.n) }));
}
