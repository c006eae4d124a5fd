import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { formatEstimateNumber, type EstimateStatus, type PricedEstimateLine } from '@erepare/shared/estimates';
import { rowsOf, type Executor, type Tx } from '../../db/client.js';
import { documentCounters, estimateLines, estimates, quoteRequests } from '../../db/schema.js';
import { parisYear } from '../../db/demo-data/calendar.js';

/** Reads and writes of estimates: rows in, rows out (the service maps them to what callers see). */

export type EstimateRow = typeof estimates.$inferSelect;
export type EstimateLineRow = typeof estimateLines.$inferSelect;
export type EstimateWithLines = EstimateRow & { lines: EstimateLineRow[]; quoteReference: string | null };

/**
 * `DV-{year}-{000001}` from the counter row `DV-{year}` locked FOR UPDATE in the estimate's own
 * transaction (the invoices' rule, invoices-admin-numbers.ts): concurrent creations wait for each
 * other, a failed transaction gives its number back, so the series has no gaps.
 */
export async function nextEstimateNumber(tx: Tx, now = new Date()): Promise<string> {
  const year = parisYear(now);
  const key = `DV-${year}`;
  const lock = () => tx.select({ value: documentCounters.value }).from(documentCounters).where(eq(documentCounters.key, key)).for('update');
  let [row] = await lock();
  if (!row) {
    const prefix = `${key}-`;
    const highest = rowsOf<{ highest: number | string | null }>(
      await tx.execute(
        sql`select coalesce(max(substring(estimate_number from ${prefix.length + 1}::int)::int), 0) as highest from estimates where estimate_number ~ ${`^${prefix}[0-9]+$`}`,
      ),
    )[0]?.highest;
    await tx.insert(documentCounters).values({ key, value: Number(highest ?? 0) }).onConflictDoNothing({ target: documentCounters.key });
    [row] = await lock();
  }
  const value = (row?.value ?? 0) + 1;
  await tx.update(documentCounters).set({ value }).where(eq(documentCounters.key, key));
  return formatEstimateNumber(year, value);
}

export async function insertEstimate(tx: Tx, values: typeof estimates.$inferInsert, lines: PricedEstimateLine[]): Promise<number> {
  const [row] = await tx.insert(estimates).values(values).returning({ id: estimates.id });
  if (!row) throw new Error('estimate insert returned nothing');
  await tx.insert(estimateLines).values(
    lines.map((line, position) => ({
      estimateId: row.id,
      position,
      kind: line.kind,
      label: line.label,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      vatRate: line.vatRate,
      taxCents: line.taxCents,
      totalCents: line.totalCents,
    })),
  );
  return row.id;
}

export async function selectEstimate(db: Executor, id: number): Promise<EstimateWithLines | null> {
  const [row] = await db
    .select({ estimate: estimates, quoteReference: quoteRequests.reference })
    .from(estimates)
    .leftJoin(quoteRequests, eq(quoteRequests.id, estimates.quoteRequestId))
    .where(eq(estimates.id, id))
    .limit(1);
  if (!row) return null;
  const lines = await db.select().from(estimateLines).where(eq(estimateLines.estimateId, id)).orderBy(asc(estimateLines.position), asc(estimateLines.id));
  return { ...row.estimate, lines, quoteReference: row.quoteReference };
}

export async function selectEstimatesWithLines(db: Executor, where: SQL): Promise<EstimateWithLines[]> {
  const rows = await db
    .select({ estimate: estimates, quoteReference: quoteRequests.reference })
    .from(estimates)
    .leftJoin(quoteRequests, eq(quoteRequests.id, estimates.quoteRequestId))
    .where(where)
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(100);
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(estimateLines)
    .where(inArray(estimateLines.estimateId, rows.map((row) => row.estimate.id)))
    .orderBy(asc(estimateLines.position), asc(estimateLines.id));
  return rows.map((row) => ({ ...row.estimate, quoteReference: row.quoteReference, lines: lines.filter((line) => line.estimateId === row.estimate.id) }));
}

export async function lockEstimate(tx: Tx, id: number): Promise<EstimateRow | null> {
  const [row] = await tx.select().from(estimates).where(eq(estimates.id, id)).for('update').limit(1);
  return row ?? null;
}

export type EstimateListFilter = { status?: EstimateStatus | undefined; quoteRequestId?: number | undefined; ticketNumber?: string | undefined; limit: number; offset: number };

export async function selectEstimateList(db: Executor, filter: EstimateListFilter) {
  const conditions = [
    filter.status ? eq(estimates.status, filter.status) : undefined,
    filter.quoteRequestId !== undefined ? eq(estimates.quoteRequestId, filter.quoteRequestId) : undefined,
    filter.ticketNumber !== undefined ? eq(estimates.ticketNumber, filter.ticketNumber) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(estimates).where(where).orderBy(desc(estimates.createdAt), desc(estimates.id)).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(estimates).where(where),
  ]);
  return { rows, total: Number(totals[0]?.value ?? 0) };
}

/**
 * Records the customer's decision only while the estimate is still awaiting one: one conditional
 * UPDATE, so of two simultaneous clicks exactly one changes the row; the other gets nothing back.
 */
export async function recordDecision(
  tx: Tx,
  id: number,
  decision: { status: 'accepted' | 'declined'; reason: string; ip: string; now: Date; lastValidDay: string },
): Promise<EstimateRow | null> {
  const [row] = await tx
    .update(estimates)
    .set({ status: decision.status, declineReason: decision.reason, decidedAt: decision.now, decidedIp: decision.ip, updatedAt: decision.now })
    .where(and(eq(estimates.id, id), eq(estimates.status, 'sent'), sql`${estimates.validUntil} >= ${decision.lastValidDay}::date`))
    .returning();
  return row ?? null;
}

export async function selectQuoteRequestForEstimate(db: Executor, id: number) {
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1);
  return row ?? null;
}

/** How far back staff are shown customers' decisions on the overview (« Devis à traiter »). */
export const DECISIONS_TO_HANDLE_DAYS = 14;

/** The statuses an acceptance itself moves a ticket to (service.ts: the shop's « Devis accepté », else « In Progress »). */
export const ACCEPTED_STATUS_NAMES = ['Devis accepté', 'Quote approved', 'Estimate approved'] as const;

export type DecisionToHandleRow = {
  id: number;
  estimateNumber: string;
  status: 'accepted' | 'declined';
  customerName: string;
  ticketNumber: string | null;
  toPayCents: number;
  decidedAt: Date;
};

/**
 * The customers' decisions staff still have to act on, newest first: acceptances of the last
 * DECISIONS_TO_HANDLE_DAYS days whose ticket has not moved on since (no status change after the
 * decision other than the one the acceptance made; an estimate without a local ticket waits for
 * the device), and declines of the same days (the device is to be given back). `limit` rows and
 * the counts of each.
 */
export async function selectDecisionsToHandle(db: Executor, limit: number): Promise<{ rows: DecisionToHandleRow[]; accepted: number; declined: number }> {
  const names = sql.join(
    ACCEPTED_STATUS_NAMES.map((name) => sql`${name.toLowerCase()}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; estimate_number: string; status: 'accepted' | 'declined'; customer_name: string; ticket_number: string | null; to_pay_cents: number; decided_at: Date | string; total: number; accepted: number; declined: number }>(
    await db.execute(sql`
      with accepted_status as (
        select coalesce((select name from statuses where lower(name) in (${names}) order by sort_order, id limit 1), 'In Progress') as name
      ),
      pending as (
        select e.id, e.estimate_number, e.status, e.customer_name, e.ticket_number, (e.total_cents - e.bonus_cents) as to_pay_cents, e.decided_at
        from estimates e
        where e.decided_at >= now() - make_interval(days => ${DECISIONS_TO_HANDLE_DAYS})
          and (
            e.status = 'declined'
            or (e.status = 'accepted' and not exists (
              select 1 from ticket_events ev join tickets t on t.id = ev.ticket_id, accepted_status a
              where t.ticket_number = e.ticket_number and ev.created_at >= e.decided_at and ev.to_status <> a.name
            ))
          )
      )
      select p.*,
        (select count(*) from pending where status = 'accepted')::int as accepted,
        (select count(*) from pending where status = 'declined')::int as declined
      from pending p
      order by p.decided_at desc, p.id desc
      limit ${limit}`),
  );
  const first = rows[0];
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      estimateNumber: row.estimate_number,
      status: row.status,
      customerName: row.customer_name,
      ticketNumber: row.ticket_number,
      toPayCents: Number(row.to_pay_cents),
      decidedAt: row.decided_at instanceof Date ? row.decided_at : new Date(row.decided_at),
    })),
    accepted: Number(first?.accepted ?? 0),
    declined: Number(first?.declined ?? 0),
  };
}
