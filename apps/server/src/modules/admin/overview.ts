import { sql } from 'drizzle-orm';
import type { AdminOverview } from '@erepare/shared/schemas/admin-core';
import { ordersToHandleStatuses } from '@erepare/shared/schemas/admin-shop';
import { staffStatusKey, staffStatusLabel } from '@erepare/shared/ticket-status';
import { rowsOf, type Db } from '../../db/client.js';
import { selectDecisionsToHandle } from '../estimates/repository.js';

/**
 * The dashboard's overview (issue 9): a handful of aggregate queries, run together. Tickets and
 * invoices come from the local tables; with RepairDesk they live there, and the overview says so
 * instead of showing the (empty) local counts.
 */

export const SALES_DAYS = 30;
/** The customers' decisions listed on the overview (the counts cover them all). */
export const DECISIONS_LISTED = 5;
export const SHOP_TIME_ZONE = 'Europe/Paris';

export const overviewTexts = {
  repairDesk: 'Les tickets et les factures sont gérés dans RepairDesk\u00a0: consultez-les dans RepairDesk.',
} as const;

type StatusCount = { status: string; color: string; type: 'Open' | 'Closed'; count: number };

/**
 * The chart's bars: one per state as staff name it (issue 22 §3.1), so "In Progress" and a shop's
 * own "En cours" make one bar « En cours de réparation »; the first status (workflow order) gives
 * the colour and the type.
 */
export function byStaffStatus(rows: readonly StatusCount[]): StatusCount[] {
  const merged = new Map<string, StatusCount>();
  for (const row of rows) {
    const key = staffStatusKey(row.status);
    const found = merged.get(key);
    if (found) found.count += row.count;
    else merged.set(key, { ...row, status: staffStatusLabel(row.status) });
  }
  return [...merged.values()];
}

type StatusRow = { status: string; color: string | null; type: 'Open' | 'Closed' | null; count: number };
type CountsRow = {
  processing: number;
  on_hold: number;
  to_handle: number;
  messages_new: number;
  messages_in_progress: number;
  quotes_new: number;
  quotes_in_progress: number;
  mail_failed: number;
};
type InvoiceRow = { unpaid: number; unpaid_cents: number };
type SalesRow = { day: string; total_cents: number; orders: number };

/** Sales counted: orders paid (paid_at set) and not since cancelled, failed or refunded. */
const SOLD = sql`o.paid_at is not null and o.status not in ('cancelled', 'failed', 'refunded')`;

export async function adminOverview(db: Db, repairBackend: string): Promise<AdminOverview> {
  const local = repairBackend !== 'repairdesk';
  const [statusResult, countsResult, invoicesResult, salesResult, decisions] = await Promise.all([
    local
      ? db.execute(sql`
          select t.status as status, s.color as color, s.type as type, count(*)::int as count
          from tickets t left join statuses s on s.name = t.status
          group by t.status, s.color, s.type, s.sort_order
          order by coalesce(s.sort_order, 2147483647), t.status`)
      : Promise.resolve(null),
    db.execute(sql`
      select
        (select count(*)::int from orders where status = 'processing') as processing,
        (select count(*)::int from orders where status = 'on-hold') as on_hold,
        (select count(*)::int from orders where status in (${sql.join(ordersToHandleStatuses.map((status) => sql`${status}`), sql`, `)})) as to_handle,
        (select count(*)::int from contact_messages where status = 'new') as messages_new,
        (select count(*)::int from contact_messages where status = 'in_progress') as messages_in_progress,
        (select count(*)::int from quote_requests where status = 'new') as quotes_new,
        (select count(*)::int from quote_requests where status = 'in_progress') as quotes_in_progress,
        (select count(*)::int from mail_outbox where status = 'failed') as mail_failed`),
    local
      ? db.execute(sql`
          select count(*)::int as unpaid, coalesce(sum(greatest(total_cents - credited_cents - bonus_cents - amount_paid_cents, 0)), 0)::bigint as unpaid_cents
          from invoices where status in ('Unpaid', 'Partial')`)
      : Promise.resolve(null),
    // 30 Paris days ending today; each order counted on the Paris day it was paid.
    db.execute(sql`
      with days as (
        select ((now() at time zone ${SHOP_TIME_ZONE})::date - n) as day
        from generate_series(0, ${SALES_DAYS - 1}) as n
      ),
      sold as (
        select (o.paid_at at time zone ${SHOP_TIME_ZONE})::date as day, sum(o.total_cents)::bigint as total_cents, count(*)::int as orders
        from orders o
        where ${SOLD} and o.paid_at >= now() - make_interval(days => ${SALES_DAYS + 1})
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sold.total_cents, 0)::bigint as total_cents, coalesce(sold.orders, 0)::int as orders
      from days left join sold on sold.day = days.day
      order by days.day`),
    selectDecisionsToHandle(db, DECISIONS_LISTED),
  ]);

  const statuses = statusResult ? rowsOf<StatusRow>(statusResult) : null;
  const counts = rowsOf<CountsRow>(countsResult)[0];
  const invoices = invoicesResult ? rowsOf<InvoiceRow>(invoicesResult)[0] : null;
  const n = (value: unknown) => Number(value ?? 0);

  return {
    tickets: statuses
      ? {
          // A ticket whose status is not (or no longer) in the statuses table counts as open: staff should see it.
          open: statuses.filter((row) => row.type !== 'Closed').reduce((sum, row) => sum + n(row.count), 0),
          byStatus: byStaffStatus(statuses.map((row) => ({ status: row.status, color: row.color ?? '#6b7280', type: row.type ?? 'Open', count: n(row.count) }))),
        }
      : null,
    invoices: local ? { unpaid: n(invoices?.unpaid), unpaidCents: n(invoices?.unpaid_cents) } : null,
    repairNote: local ? null : overviewTexts.repairDesk,
    // The same statuses as the list the card links to (`status=a-traiter`).
    orders: { processing: n(counts?.processing), onHold: n(counts?.on_hold), toHandle: n(counts?.to_handle) },
    inbox: {
      messagesNew: n(counts?.messages_new),
      messagesInProgress: n(counts?.messages_in_progress),
      quotesNew: n(counts?.quotes_new),
      quotesInProgress: n(counts?.quotes_in_progress),
    },
    mail: { failed: n(counts?.mail_failed) },
    estimates: {
      accepted: decisions.accepted,
      declined: decisions.declined,
      recent: decisions.rows.map((row) => ({ ...row, decidedAt: row.decidedAt.toISOString() })),
    },
    sales: rowsOf<SalesRow>(salesResult).map((row) => ({ day: String(row.day), totalCents: n(row.total_cents), orders: n(row.orders) })),
  };
}
