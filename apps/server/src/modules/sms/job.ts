import { smsSendableAt } from '@erepare/shared/sms';
import { sql } from 'drizzle-orm';
import { SmsSendError, type SmsProvider } from '../../adapters/sms/sms-provider.js';
import { rowsOf, type Db } from '../../db/client.js';
import { claimOwner, heldBy, keepClaims, leaseEnd, type Claim } from '../../jobs/claims.js';
import { timeJobRun, type OnJobRun } from '../../jobs/job-runs.js';

/**
 * Sends the SMS outbox, exactly as the mail job sends e-mails (modules/mail/job.ts, whose comment
 * explains the claims): due rows are claimed with an owner and a lease (jobs/claims.ts), kept by a
 * heartbeat while they are sent, confirmed right before the call to the provider, and their outcome
 * is written under the same claim. A failed send is tried again with back-off (30 s × 2^(n-1), at
 * most 1 h) until `maxAttempts`, then the row is `failed` (staff see it, with its error, in
 * Administration → E-mails → SMS, and may send it again).
 *
 * Quiet hours (21:00–08:00, Paris): a row is queued with `next_attempt_at` at the next 08:00
 * (outbox.ts), and a retry that would fall in the night waits until 08:00 too.
 */

export type SmsLogger = {
  warn: (context: object, message: string) => void;
  error: (context: object, message: string) => void;
};

export type SmsJobOptions = {
  /** Pause between two polls when there is nothing to do (default 5 s). */
  pollIntervalMs?: number;
  /** Rows claimed per poll (default 10); a full batch polls again at once. */
  batchSize?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  /** Attempts before an SMS is marked failed (default 10: about 3 h with the default back-off; a late SMS is worth less than a late e-mail). */
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  stopTimeoutMs?: number;
  /** The clock of the quiet hours (tests). */
  now?: () => Date;
  /** Called after every poll, whatever its outcome (tests wait for polls; the metrics count them). */
  onPoll?: OnJobRun;
  onHeartbeat?: () => void;
};

export type SmsJob = { kick: () => void; stop: () => Promise<void> };

const defaults = {
  pollIntervalMs: 5_000,
  batchSize: 10,
  leaseMs: 20_000,
  heartbeatMs: 5_000,
  maxAttempts: 10,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  stopTimeoutMs: 5_000,
} satisfies Required<Omit<SmsJobOptions, 'onPoll' | 'onHeartbeat' | 'now'>>;

export const SMS_MAX_ATTEMPTS = defaults.maxAttempts;

/** The pause after the n-th failed attempt (n ≥ 1). */
export function smsRetryDelayMs(attempts: number, baseMs = defaults.retryBaseMs, maxMs = defaults.retryMaxMs): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

type ClaimedRow = { id: number; kind: string; to_number: string; body: string; attempts: number };

async function failAbandoned(db: Db, maxAttempts: number): Promise<void> {
  await db.execute(sql`
    update sms_outbox
    set status = 'failed', locked_until = null, locked_by = null,
        last_error = coalesce(last_error || ' ; ', '') || 'envoi interrompu (instance arrêtée pendant l’envoi)'
    where status = 'sending' and locked_until < now() and attempts >= ${maxAttempts}
  `);
}

async function claim(db: Db, owner: string, limit: number, leaseMs: number, maxAttempts: number): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    with due as (
      select id from sms_outbox
      where ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now()))
        and attempts < ${maxAttempts}
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update sms_outbox as s
    set status = 'sending', locked_by = ${owner}, locked_until = ${leaseEnd(leaseMs)}, attempts = s.attempts + 1
    from due
    where s.id = due.id
      and ((s.status = 'pending' and s.next_attempt_at <= now()) or (s.status = 'sending' and s.locked_until < now()))
    returning s.id, s.kind, s.to_number, s.body, s.attempts
  `);
  return rowsOf<ClaimedRow>(result);
}

async function extendClaims(db: Db, owner: string, claims: readonly Claim[], leaseMs: number): Promise<Claim[]> {
  const result = await db.execute(sql`
    update sms_outbox set locked_until = ${leaseEnd(leaseMs)}
    where status = 'sending' and ${heldBy(owner, claims)}
    returning id, attempts
  `);
  return rowsOf<Claim>(result);
}

async function releaseClaims(db: Db, owner: string, claims: readonly Claim[]): Promise<void> {
  await db.execute(sql`
    update sms_outbox set status = 'pending', locked_by = null, locked_until = null, attempts = attempts - 1
    where status = 'sending' and ${heldBy(owner, claims)}
  `);
}

async function markSent(db: Db, id: number, reference: string): Promise<void> {
  // Whatever happened to the claim meanwhile, the SMS did go out: record it.
  await db.execute(sql`
    update sms_outbox
    set status = 'sent', sent_at = now(), provider_ref = ${reference}, locked_until = null, locked_by = null, last_error = null
    where id = ${id} and status <> 'sent'
  `);
}

async function markFailed(db: Db, owner: string, row: ClaimedRow, error: string, final: boolean, nextAt: Date): Promise<void> {
  await db.execute(sql`
    update sms_outbox
    set status = ${final ? 'failed' : 'pending'}, last_error = ${error}, locked_until = null, locked_by = null,
        next_attempt_at = ${nextAt.toISOString()}::timestamptz
    where id = ${row.id} and status = 'sending' and ${heldBy(owner, [row])}
  `);
}

/** A number in logs: its last 4 digits only. */
export function maskedNumber(number: string): string {
  return number.length > 4 ? `${'•'.repeat(Math.min(6, number.length - 4))}${number.slice(-4)}` : number;
}

export function startSmsJob(db: Db, provider: SmsProvider, log: SmsLogger, options: SmsJobOptions = {}): SmsJob {
  const settings = { ...defaults, ...options };
  const now = options.now ?? (() => new Date());
  const owner = claimOwner();
  const claims = keepClaims(
    {
      extend: (held) => extendClaims(db, owner, held, settings.leaseMs),
      release: (held) => releaseClaims(db, owner, held),
    },
    { leaseMs: settings.leaseMs, heartbeatMs: settings.heartbeatMs, label: 'SMS', log, onHeartbeat: options.onHeartbeat },
  );
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const deliver = async (row: ClaimedRow): Promise<void> => {
    const claim: Claim = { id: row.id, attempts: row.attempts };
    if (!(await claims.begin(claim))) return;
    let reference: string;
    try {
      ({ reference } = await provider.send({ outboxId: row.id, kind: row.kind, to: row.to_number, body: row.body }));
    } catch (error) {
      claims.done(claim);
      const sendError = error instanceof SmsSendError ? error : new SmsSendError(error instanceof Error ? error.message : String(error), true);
      const final = !sendError.retry || row.attempts >= settings.maxAttempts;
      const delayMs = smsRetryDelayMs(row.attempts, settings.retryBaseMs, settings.retryMaxMs);
      const nextAt = smsSendableAt(new Date(now().getTime() + delayMs));
      await markFailed(db, owner, row, sendError.message.slice(0, 1000), final, nextAt);
      const context = { smsOutboxId: row.id, kind: row.kind, to: maskedNumber(row.to_number), attempts: row.attempts, status: sendError.status, error: sendError.message };
      // A refused key or spent credits need a person: said loudly on every attempt.
      const needsStaff = sendError.status === 401 || sendError.status === 403 || sendError.status === 402;
      if (final) log.error(context, `SMS abandonné après échec de l’envoi (${provider.name})`);
      else if (needsStaff) log.error({ ...context, retryAt: nextAt.toISOString() }, `SMS non envoyé : ${sendError.message} ; nouvel essai plus tard`);
      else log.warn({ ...context, retryAt: nextAt.toISOString() }, 'envoi de SMS échoué, nouvel essai plus tard');
      return;
    }
    claims.done(claim);
    await markSent(db, row.id, reference);
  };

  const runOnce = async (): Promise<boolean> => {
    await failAbandoned(db, settings.maxAttempts);
    const rows = await claim(db, owner, settings.batchSize, settings.leaseMs, settings.maxAttempts);
    if (rows.length === 0) return false;
    if (!(await claims.hold(rows))) return false;
    try {
      const results = await Promise.allSettled(rows.map((row) => deliver(row)));
      for (const result of results) {
        if (result.status === 'rejected') log.error({ err: result.reason as unknown }, 'SMS : état de l’envoi non enregistré');
      }
    } finally {
      for (const row of rows) claims.done(row);
    }
    return rows.length === settings.batchSize;
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      const finish = timeJobRun(options.onPoll);
      let more = false;
      let failed = false;
      try {
        more = await runOnce();
      } catch (error) {
        failed = true;
        log.warn({ err: error }, 'tâche d’envoi des SMS en échec ; nouvel essai au prochain passage');
      }
      running = undefined;
      finish(failed);
      const soon = again || more;
      again = false;
      schedule(soon ? 0 : settings.pollIntervalMs);
    })();
  }

  schedule(0);

  return {
    kick: () => {
      if (!stopped) schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await claims.releaseUnstarted();
      if (running) {
        let waiting: NodeJS.Timeout | undefined;
        await Promise.race([
          running,
          new Promise<void>((resolve) => {
            waiting = setTimeout(resolve, settings.stopTimeoutMs);
          }),
        ]);
        clearTimeout(waiting);
      }
      claims.stop();
    },
  };
}
