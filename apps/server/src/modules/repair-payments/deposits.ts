/**
 * Estimate deposits paid online and RepairDesk's invoices (issue 24 §4).
 *
 * A deposit is paid on the estimate, before any invoice exists. With our tables it is written on
 * the ticket's invoice when that invoice is issued (applyDepositsToNewInvoice). RepairDesk tells us
 * nothing when its invoice appears, so a deposit is *matched* to it here, then posted to RepairDesk
 * by the posting job like an invoice payment:
 *
 * - the target is the newest non-refunded RepairDesk invoice of the estimate's ticket
 *   (`estimates.ticket_id`) belonging to the deposit's customer (the deposit's, else the
 *   estimate's): never another customer's invoice;
 * - matching is one conditional update (`invoice_id is null`, `post_status = 'none'`): two
 *   instances, or a page read and the job, never match one deposit twice;
 * - it happens when an invoice of the ticket is read (payment page, account, admin, « prête à
 *   récupérer »), so what the invoice asks counts the deposit at once, and in the posting job for
 *   the deposits nobody read an invoice for: at most `batch` per run, each checked at most every
 *   15 minutes. An unmatched deposit (`post_status = 'none'`) uses `post_next_at` as the time of
 *   its next check: it has no posting to schedule yet, and no column of its own is needed;
 * - an invoice that already asks less than the deposit (staff counted it in RepairDesk by hand)
 *   is not posted to: the deposit is matched as `failed`, with a French error staff see with the
 *   failed postings (admin invoice view, « Paiements en ligne »), and reconcile by hand;
 * - an estimate without a ticket, a deposit without a customer, a customer RepairDesk does not
 *   know, a ticket whose invoices are all refunded: the deposit stays unmatched and is looked at
 *   again 15 minutes later, without an error nor a retry storm.
 */
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatCents } from '@erepare/shared/format';
import { invoiceAmountDueCents, invoiceStatusOf } from '@erepare/shared/invoice-amounts';
import { RepairBackendError, type InvoiceRecord, type RepairBackend } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import { estimates, repairPayments } from '../../db/schema.js';
import { unpostedCentsByInvoice, unpostedCentsOf } from './repository.js';

export type DepositLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export type DepositContext = { db: Db; backend: RepairBackend; log?: DepositLog | undefined };

/** How often the posting job looks again for the invoice of a deposit it could not match. */
export const DEPOSIT_CHECK_MS = 15 * 60_000;

/** The customers' invoices a matcher lists at most (newest first): a ticket's invoices are recent. */
const INVOICES_LISTED = 100;

type UnmatchedDeposit = { id: number; amountCents: number; customerId: number; ticketId: number; estimateNumber: string };

/** Succeeded deposits not matched yet, of a known ticket and customer. */
function unmatchedWhere(): SQL | undefined {
  return and(
    eq(repairPayments.purpose, 'deposit'),
    eq(repairPayments.status, 'succeeded'),
    isNull(repairPayments.invoiceId),
    eq(repairPayments.postStatus, 'none'),
    isNotNull(estimates.ticketId),
    sql`coalesce(${repairPayments.customerId}, ${estimates.customerId}) is not null`,
  );
}

async function unmatchedDeposits(db: Db, where: SQL | undefined): Promise<UnmatchedDeposit[]> {
  const rows = await db
    .select({
      id: repairPayments.id,
      amountCents: repairPayments.amountCents,
      customerId: sql<number>`coalesce(${repairPayments.customerId}, ${estimates.customerId})`,
      ticketId: estimates.ticketId,
      estimateNumber: estimates.estimateNumber,
    })
    .from(repairPayments)
    .innerJoin(estimates, eq(estimates.id, repairPayments.estimateId))
    .where(and(unmatchedWhere(), where))
    .orderBy(repairPayments.id);
  return rows.map((row) => ({ ...row, customerId: Number(row.customerId), ticketId: Number(row.ticketId) }));
}

/** The newest invoice of the ticket that is not refunded, among these. */
function newestOfTicket(invoices: readonly InvoiceRecord[], ticketId: number, customerId: number): InvoiceRecord | null {
  const mine = invoices.filter((invoice) => invoice.ticketId === ticketId && invoice.customerId === customerId && invoice.status !== 'Refunded');
  mine.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  return mine[0] ?? null;
}

/** What the invoice still asks in RepairDesk, the online payments it has not seen yet counted as paid. */
async function dueOf(db: Db, invoice: InvoiceRecord): Promise<number> {
  if (invoice.status === 'Paid') return 0;
  const unposted = await unpostedCentsOf(db, invoice.id);
  return invoiceAmountDueCents({
    totalCents: invoice.totalCents,
    creditedCents: invoice.creditedCents ?? 0,
    amountPaidCents: invoice.amountPaidCents + unposted,
    bonusCents: invoice.bonusCents ?? 0,
    ...(invoice.status === 'Refunded' ? { status: 'Refunded' as const } : {}),
  });
}

export type MatchOutcome = 'matched' | 'flagged' | 'taken';

/**
 * Matches one deposit to its invoice, once: `matched` (to be posted now), `flagged` (the invoice
 * asks less than the deposit: not posted, staff told), or `taken` (matched meanwhile by someone else).
 */
async function matchDeposit(ctx: DepositContext, deposit: UnmatchedDeposit, invoice: InvoiceRecord, at: SQL): Promise<MatchOutcome> {
  const due = await dueOf(ctx.db, invoice);
  const covered = due >= deposit.amountCents;
  const postError = covered
    ? ''
    : due === 0
      ? `Facture déjà réglée dans RepairDesk\u00a0: acompte de ${formatCents(deposit.amountCents)} à rapprocher à la main.`
      : `La facture ne demande plus que ${formatCents(due)} dans RepairDesk\u00a0: acompte de ${formatCents(deposit.amountCents)} à rapprocher à la main.`;
  const rows = await ctx.db
    .update(repairPayments)
    .set({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      postStatus: covered ? 'pending' : 'failed',
      postNextAt: covered ? at : null,
      postAttempts: 0,
      postError,
      updatedAt: new Date(),
    })
    .where(and(eq(repairPayments.id, deposit.id), isNull(repairPayments.invoiceId), eq(repairPayments.postStatus, 'none'), eq(repairPayments.status, 'succeeded')))
    .returning({ id: repairPayments.id });
  if (rows.length === 0) return 'taken';
  const context = { repairPaymentId: deposit.id, invoiceId: invoice.id, estimateNumber: deposit.estimateNumber, amountCents: deposit.amountCents };
  if (covered) ctx.log?.info(context, 'estimate deposit matched to its RepairDesk invoice: to be posted');
  else ctx.log?.warn({ ...context, dueCents: due }, 'estimate deposit matched to a RepairDesk invoice that no longer asks for it: not posted, staff must reconcile it');
  return covered ? 'matched' : 'flagged';
}

/** The customer's invoices in RepairDesk, newest first (none when RepairDesk does not know the customer). */
async function invoicesOfCustomer(backend: RepairBackend, customerId: number): Promise<InvoiceRecord[] | null> {
  // Asked first: the list of an unknown customer would fall back to scanning every invoice.
  if (!(await backend.getCustomer(customerId))) return null;
  return (await backend.listInvoices({ customerId, offset: 0, limit: INVOICES_LISTED })).items;
}

/**
 * Before RepairDesk invoices are shown or paid: the unmatched deposits of their tickets are matched
 * to the newest invoice of each ticket (RepairDesk only; one query and nothing asked of RepairDesk
 * when there are none, the usual case). When RepairDesk cannot list the customer's invoices, the
 * invoice read stands for the newest: it is one of the ticket's, and the customer must not be
 * asked the deposit again.
 */
export async function matchDepositsOf(ctx: DepositContext, records: readonly InvoiceRecord[]): Promise<number> {
  if (ctx.backend.kind === 'local') return 0;
  const readable = records.filter((record) => record.ticketId !== null && record.status !== 'Refunded');
  const ticketIds = [...new Set(readable.map((record) => record.ticketId as number))];
  if (ticketIds.length === 0) return 0;
  const deposits = await unmatchedDeposits(ctx.db, inArray(estimates.ticketId, ticketIds));
  let matched = 0;
  for (const deposit of deposits) {
    const read = readable.filter((record) => record.ticketId === deposit.ticketId && record.customerId === deposit.customerId);
    if (read.length === 0) continue;
    let listed: InvoiceRecord[] = [];
    try {
      listed = (await invoicesOfCustomer(ctx.backend, deposit.customerId)) ?? [];
    } catch (error) {
      if (!(error instanceof RepairBackendError)) throw error;
      ctx.log?.warn({ repairPaymentId: deposit.id, code: error.code }, 'RepairDesk invoices unreadable: deposit matched to the invoice read');
    }
    const target = newestOfTicket([...listed, ...read], deposit.ticketId, deposit.customerId);
    if (target && (await matchDeposit(ctx, deposit, target, sql`now()`)) !== 'taken') matched += 1;
  }
  return matched;
}

/**
 * RepairDesk invoices as customers and staff must read them: deposits matched first, then the
 * payments taken online that RepairDesk has not recorded yet counted as paid (amount paid, status),
 * so that the amount due never asks them twice. Records of the local backend come back as they are.
 */
export async function withOnlinePayments(ctx: DepositContext, records: InvoiceRecord[]): Promise<InvoiceRecord[]> {
  if (ctx.backend.kind === 'local' || records.length === 0) return records;
  await matchDepositsOf(ctx, records);
  const unposted = await unpostedCentsByInvoice(ctx.db, records.map((record) => record.id));
  return records.map((record) => {
    const cents = unposted.get(record.id) ?? 0;
    if (cents === 0) return record;
    const amountPaidCents = record.amountPaidCents + cents;
    // RepairDesk's own « Paid » and « Refunded » stand; otherwise the amounts say.
    const status =
      record.status === 'Refunded' || record.status === 'Paid'
        ? record.status
        : invoiceStatusOf({ totalCents: record.totalCents, creditedCents: record.creditedCents ?? 0, amountPaidCents, bonusCents: record.bonusCents ?? 0 });
    return { ...record, amountPaidCents, status };
  });
}

export type DepositCheckOptions = {
  batch: number;
  /** Time between two checks of one deposit (DEPOSIT_CHECK_MS). */
  checkEveryMs: number;
  /** The job's clock, as SQL (the database's `now()` unless a test gives one). */
  at: SQL;
  log: DepositLog;
};

export type DepositCheckResult = { checked: number; matched: number; flagged: number };

/**
 * The posting job's part: claims up to `batch` unmatched deposits due for a check (moving their
 * next check `checkEveryMs` on first, FOR UPDATE SKIP LOCKED: two instances never check one
 * deposit at once), and looks for each one's invoice in RepairDesk. A failure of RepairDesk ends
 * the round (the others are due again at their next check, nothing is retried sooner).
 */
export async function matchDueDeposits(db: Db, backend: RepairBackend, options: DepositCheckOptions): Promise<DepositCheckResult> {
  const result: DepositCheckResult = { checked: 0, matched: 0, flagged: 0 };
  if (backend.kind === 'local') return result;
  const claimed = await db
    .update(repairPayments)
    .set({ postNextAt: sql`${options.at} + make_interval(secs => ${options.checkEveryMs / 1000})` })
    .where(
      sql`${repairPayments.id} in (
        select rp.id from repair_payments rp join estimates e on e.id = rp.estimate_id
        where rp.purpose = 'deposit' and rp.status = 'succeeded' and rp.invoice_id is null and rp.post_status = 'none'
          and e.ticket_id is not null and coalesce(rp.customer_id, e.customer_id) is not null
          and (rp.post_next_at is null or rp.post_next_at <= ${options.at})
        order by rp.post_next_at nulls first, rp.id
        limit ${options.batch}
        for update of rp skip locked)`,
    )
    .returning({ id: repairPayments.id });
  if (claimed.length === 0) return result;
  const deposits = await unmatchedDeposits(db, inArray(repairPayments.id, claimed.map((row) => row.id)));
  const ctx: DepositContext = { db, backend, log: options.log };
  for (const deposit of deposits) {
    result.checked += 1;
    let invoices: InvoiceRecord[] | null;
    try {
      invoices = await invoicesOfCustomer(backend, deposit.customerId);
    } catch (error) {
      options.log.warn({ repairPaymentId: deposit.id, code: error instanceof RepairBackendError ? error.code : 'UNKNOWN' }, 'RepairDesk unreadable while looking for the invoice of a deposit: checked again later');
      break;
    }
    const target = invoices ? newestOfTicket(invoices, deposit.ticketId, deposit.customerId) : null;
    if (!target) continue;
    const outcome = await matchDeposit(ctx, deposit, target, options.at);
    if (outcome === 'matched') result.matched += 1;
    if (outcome === 'flagged') result.flagged += 1;
  }
  return result;
}
