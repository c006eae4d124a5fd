import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RepairBackend, TicketRecord } from '../adapters/repair/types.js';
import { rowsOf, type Db } from '../db/client.js';
import { hitRateLimit, type RateLimitRule } from '../lib/rate-limit.js';
import { applySnapshot, snapshotOf } from '../modules/tracking/service.js';
import { timeJobRun, type OnJobRun } from './job-runs.js';
import { READY_SWEEP_INTERVAL_MS, readySweepDue, sendReadyNotices, type ReadyNoticeOptions } from './ready-for-pickup-notices.js';

/**
 * Server-side tracking of tickets kept in RepairDesk (spec 1 §4 "Tracking"; DESIGN.md §5). With
 * the local backend a staff status change notifies at once (onTicketStatusChanged); this job is
 * then only a slow safety sweep.
 *
 * Every 30 s it claims the tracked tickets checked longest ago (one statement: SELECT … FOR UPDATE
 * SKIP LOCKED, last_checked_at = now(), so several instances never take the same row, and a
 * claimed row is not due again for 25 s), reads their statuses with as few RepairDesk calls as it
 * can — the newest 100 tickets in one request, then the others one by one — and applies changes
 * through the one change logic (applySnapshot: rows locked again, compared, notified once).
 *
 * RepairDesk allows 50 requests a minute for the whole site. The job spends at most 10 requests a
 * round and at most 20 a minute across every instance together (a counter in the database), so
 * the site always keeps most of the quota. Tickets it could not read (budget spent, RepairDesk
 * down) get their previous last_checked_at back: they are first in line at the next round.
 *
 * With `readyNotices` (RepairDesk), the tickets a round read — the tracked ones, and every few
 * minutes the newest page of tickets, tracked or not — go to the « prêt à récupérer » step, which
 * tells the customer of each ticket that became ready (e-mail with « Payer en ligne », SMS), once
 * per ticket: ready-for-pickup-notices.ts.
 */

export type TicketTrackingLogger = Pick<FastifyBaseLogger, 'warn' | 'info'>;

export type TicketTrackingOptions = {
  backend: RepairBackend;
  log?: TicketTrackingLogger;
  /** Kicks the push sender after a round that queued pushes. */
  kick?: () => void;
  /** Tracked rows claimed per round (default 50). */
  batchSize?: number;
  /** RepairDesk requests one round may spend (default 10). */
  requestBudget?: number;
  /** RepairDesk requests all instances' rounds may spend together (default 20 a minute); null: no shared limit. */
  sharedBudget?: RateLimitRule | null;
  /** A row checked less than this long ago is not claimed (default 25 s). */
  dueAfterMs?: number;
  /** RepairDesk only: the « prêt à récupérer » e-mail and SMS for tickets that became ready. */
  readyNotices?: ReadyNoticeOptions | undefined;
};

export type TicketTrackingResult = { claimed: number; read: number; released: number; changes: number; pushes: number; failed: boolean; notices: number };

export const TICKET_TRACKING_INTERVAL_MS = 30_000;
/** With the local backend changes notify at once; the sweep only catches what a hook missed. */
export const LOCAL_SWEEP_INTERVAL_MS = 5 * 60_000;
const NEWEST_PAGE_SIZE = 100;
const DEFAULT_BATCH_SIZE = 50;
/** What one lookup by number may cost: the search for its id, then the ticket itself. */
const LOOKUP_COST = 2;

export const defaultSharedBudget: RateLimitRule = { name: 'ticket-tracking-repairdesk', limit: 20, windowMs: 60_000 };

type Claimed = { id: number; ticketNumber: string; previous: Date | null };

/** Claims due rows: a short statement, SKIP LOCKED, so instances never share a row. */
async function claim(db: Db, batchSize: number, dueAfterMs: number): Promise<Claimed[]> {
  const result = await db.execute(sql`
    with due as (
      select id, last_checked_at as previous
      from tracked_tickets
      where last_checked_at is null or last_checked_at < now() - make_interval(secs => ${dueAfterMs / 1000})
      order by last_checked_at asc nulls first, id
      limit ${batchSize}
      for update skip locked
    )
    update tracked_tickets t set last_checked_at = now()
    from due
    where t.id = due.id
    returning t.id, t.ticket_number, due.previous
  `);
  return rowsOf<{ id: number; ticket_number: string; previous: Date | string | null }>(result).map((row) => ({
    id: Number(row.id),
    ticketNumber: row.ticket_number,
    previous: row.previous === null ? null : new Date(row.previous),
  }));
}

/** Gives unread rows their previous last_checked_at back (first in line next round). */
async function release(db: Db, rows: Claimed[]): Promise<void> {
  for (const row of rows) {
    await db.execute(sql`update tracked_tickets set last_checked_at = ${row.previous ? row.previous.toISOString() : null}::timestamptz where id = ${row.id}`);
  }
}

type Spend = (cost: number) => Promise<boolean>;

/** What a round may spend of RepairDesk's quota: its own budget and the one all instances share (our tables: free). */
function budgetOf(db: Db, options: TicketTrackingOptions): Spend {
  const remote = options.backend.kind === 'repairdesk';
  let budget = remote ? (options.requestBudget ?? 10) : Number.POSITIVE_INFINITY;
  const shared = options.sharedBudget === undefined ? defaultSharedBudget : options.sharedBudget;
  return async (cost) => {
    if (!remote) return true;
    if (budget < cost) return false;
    if (shared) {
      try {
        for (let spent = 0; spent < cost; spent += 1) await hitRateLimit(db, shared, 'all');
      } catch {
        budget = 0;
        return false;
      }
    }
    budget -= cost;
    return true;
  };
}

/**
 * The tickets of `numbers` (null: no such ticket), within the request budgets; unread numbers are
 * absent. `newest`: the newest page of tickets is read too (and returned), whatever the numbers.
 */
async function readTickets(
  options: TicketTrackingOptions,
  numbers: string[],
  spend: Spend,
  wantNewest: boolean,
): Promise<{ found: Map<string, TicketRecord | null>; newest: TicketRecord[]; failed: boolean }> {
  const { backend } = options;
  const found = new Map<string, TicketRecord | null>();
  const newest: TicketRecord[] = [];
  const remote = backend.kind === 'repairdesk';
  try {
    const wanted = new Set(numbers);
    // Tickets being repaired are the recent ones: one page of the newest answers for most of them.
    if (remote && (wantNewest || numbers.length >= 3) && (await spend(1))) {
      const { items } = await backend.listTickets({ offset: 0, limit: NEWEST_PAGE_SIZE });
      newest.push(...items);
      for (const record of items) if (wanted.has(record.ticketNumber)) found.set(record.ticketNumber, record);
    }
    for (const number of numbers) {
      if (found.has(number)) continue;
      if (!(await spend(LOOKUP_COST))) break;
      found.set(number, await backend.getTicket({ ticketNumber: number }));
    }
    return { found, newest, failed: false };
  } catch (error) {
    options.log?.warn({ err: error }, 'ticket tracking: the repair backend could not be read; unread tickets are retried next round');
    return { found, newest, failed: true };
  }
}

/** One round: claim, read, apply, release what was not read; then, with RepairDesk, the « prêt à récupérer » notices. */
export async function runTicketTracking(db: Db, options: TicketTrackingOptions): Promise<TicketTrackingResult> {
  const claimed = await claim(db, options.batchSize ?? DEFAULT_BATCH_SIZE, options.dueAfterMs ?? 25_000);
  const result: TicketTrackingResult = { claimed: claimed.length, read: 0, released: 0, changes: 0, pushes: 0, failed: false, notices: 0 };
  const notices = options.readyNotices && options.backend.kind === 'repairdesk' ? options.readyNotices : null;
  const sweep = notices !== null && (await readySweepDue(db, notices));
  if (claimed.length === 0 && !sweep) return result;
  const numbers = [...new Set(claimed.map((row) => row.ticketNumber))];
  const spend = budgetOf(db, options);
  const { found, newest, failed } = await readTickets(options, numbers, spend, sweep);
  result.failed = failed;
  const unread: Claimed[] = [];
  for (const number of numbers) {
    const rows = claimed.filter((row) => row.ticketNumber === number);
    if (!found.has(number)) {
      unread.push(...rows);
      continue;
    }
    result.read += 1;
    const record = found.get(number);
    // A ticket that no longer exists: checked, nothing to compare.
    if (!record) continue;
    const applied = await applySnapshot(db, snapshotOf(record), { rowIds: rows.map((row) => row.id), skipLocked: true });
    result.changes += applied.changes;
    result.pushes += applied.pushes;
  }
  await release(db, unread);
  result.released = unread.length;
  if (result.pushes > 0) options.kick?.();
  if (notices && !failed) {
    const seen = new Map<number, TicketRecord>();
    for (const record of [...newest, ...found.values()]) if (record) seen.set(record.id, record);
    try {
      result.notices = (await sendReadyNotices(db, options.backend, [...seen.values()], { ...notices, spend, log: options.log })).sent;
    } catch (error) {
      result.failed = true;
      options.log?.warn({ err: error }, 'ticket tracking: « prêt à récupérer » notices failed; tried again next round');
    }
  }
  return result;
}

/**
 * Runs the tracking every 30 s with RepairDesk, every 5 minutes (a safety sweep) with the local
 * backend. A failing round is logged and the next one runs as usual. Returns the stop function.
 */
export function startTicketTrackingJob(
  db: Db,
  log: FastifyBaseLogger,
  /** `onRun`: called after every run, whatever its outcome (tests wait for runs instead of sleeping; the metrics count them). */
  { onRun, ...options }: Omit<TicketTrackingOptions, 'log'> & { onRun?: OnJobRun },
  intervalMs?: number,
): () => void {
  const every = intervalMs ?? (options.backend.kind === 'repairdesk' ? TICKET_TRACKING_INTERVAL_MS : LOCAL_SWEEP_INTERVAL_MS);
  // This instance's memory of ready tickets nobody can be told of (no address, no SMS consent); the
  // newest tickets read for the notices every few minutes (all instances together), not at start.
  if (options.readyNotices) {
    options.readyNotices = { unreachable: new Map(), sweepEveryMs: READY_SWEEP_INTERVAL_MS, firstSweepAt: Date.now() + READY_SWEEP_INTERVAL_MS, ...options.readyNotices };
  }
  let running = false;
  const run = async () => {
    // One round at a time in this process; other instances are kept apart by SKIP LOCKED.
    if (running) return;
    running = true;
    const finish = timeJobRun(onRun);
    let failed = false;
    try {
      // Our own tables cost nothing to read: the sweep goes on while batches come back full.
      const rounds = options.backend.kind === 'repairdesk' ? 1 : 20;
      let changes = 0;
      for (let round = 0; round < rounds; round += 1) {
        const result = await runTicketTracking(db, { ...options, log });
        changes += result.changes;
        if (result.claimed < (options.batchSize ?? DEFAULT_BATCH_SIZE)) break;
      }
      if (changes > 0) log.info({ changes }, 'ticket tracking: status changes notified');
    } catch (error) {
      failed = true;
      log.warn({ err: error }, 'ticket tracking job failed; it will run again');
    } finally {
      running = false;
      finish(failed);
    }
  };
  const first = setTimeout(() => void run(), Math.min(10_000, every));
  const timer = setInterval(() => void run(), every);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
