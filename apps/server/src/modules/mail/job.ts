import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { claimOwner, heldBy, keepClaims, leaseEnd, type Claim } from '../../jobs/claims.js';
import { timeJobRun, type OnJobRun } from '../../jobs/job-runs.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { MailSendError, redact, type MailLogger, type MailTransport, type OutgoingMail } from './transport.js';

/**
 * Sends the outbox. Every few seconds (and at once on kick()) it claims the due rows, sends them
 * and records the outcome. Several instances may run it on one PostgreSQL (PGlite speaks the same
 * SQL); the claims are those of jobs/claims.ts, shared with the push sender:
 *
 * - A claim is one UPDATE … FOR UPDATE SKIP LOCKED, so two instances never claim a row at once.
 *   It sets `status = 'sending'`, `locked_by` (this job's owner id: host:pid:uuid, drawn at each
 *   start, so a restarted process is a new owner), a short lease `locked_until` (20 s), and adds
 *   one to `attempts`, the claim's token.
 * - While the job holds rows, a heartbeat (every 5 s) extends their leases: an SMTP send that
 *   takes longer than the lease keeps its row. A row whose lease has ended is due again for any
 *   instance, so the mails of a killed process leave within lease + one poll (≤ 25 s with the
 *   defaults), sent by another instance or by the restarted one; a heartbeat that finds a claim
 *   taken over logs a warning.
 * - Right before a mail is handed to SMTP its claim is confirmed and extended in one statement
 *   (`locked_by` and `attempts` still ours): a job whose claim was taken over does not send it.
 *   A failure is recorded under the same condition, so a stale owner never overwrites the new
 *   claim; `sent` is recorded whatever happened to the claim (the mail did go out), and the
 *   Message-ID is the same on every attempt.
 * - stop() gives back at once the rows claimed but not yet handed to SMTP (pending again, the
 *   attempt not counted), then waits briefly for the sends in progress.
 *
 * Still at-least-once, in two cases only: the process dies after the SMTP server accepted a mail
 * and before `sent` is written, or its heartbeat cannot reach the database for a whole lease (or
 * its event loop stalls that long) while it is sending. The row is then sent again, with the same
 * Message-ID, so receiving servers can fold the duplicate.
 */

export type MailJobOptions = {
  /** Pause between two polls when there is nothing to do (default 5 s). */
  pollIntervalMs?: number;
  /** Rows claimed per poll (default 10); a full batch polls again at once. */
  batchSize?: number;
  /**
   * How long a claim lasts without a heartbeat (default 20 s): after a crash, its mails wait this
   * long plus one poll before another instance (or the restarted one) sends them.
   */
  leaseMs?: number;
  /** How often the leases of the rows being sent are extended (default 5 s, below leaseMs). */
  heartbeatMs?: number;
  /** Attempts before a mail is marked failed (default 30: about 23 h with the default back-off). */
  maxAttempts?: number;
  /** Back-off after the n-th failed attempt: retryBaseMs × 2^(n-1), at most retryMaxMs (30 s … 1 h). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** stop() waits this long for the sends in progress (default 5 s). */
  stopTimeoutMs?: number;
  /** Called after every poll, whatever its outcome (tests wait for polls instead of sleeping; the metrics count them). */
  onPoll?: OnJobRun;
  /** Awaited after a poll claimed rows, before any is sent (tests hold a job between its claim and its sends). */
  onClaimed?: (outboxIds: readonly number[]) => Promise<void> | void;
  /** Called after every heartbeat (tests wait for one instead of sleeping). */
  onHeartbeat?: () => void;
};

export type MailJob = {
  /** Polls now (after an enqueue) instead of at the next interval. Still goes through the database. */
  kick: () => void;
  /**
   * Stops polling, gives back the claimed rows not yet handed to SMTP, and waits (bounded) for
   * the sends in progress. Does not close the transport.
   */
  stop: () => Promise<void>;
};

const defaults = {
  pollIntervalMs: 5_000,
  batchSize: 10,
  leaseMs: 20_000,
  heartbeatMs: 5_000,
  maxAttempts: 30,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  stopTimeoutMs: 5_000,
} satisfies Required<Omit<MailJobOptions, 'onPoll' | 'onClaimed' | 'onHeartbeat'>>;

/** The pause after the n-th failed attempt (n ≥ 1). */
export function retryDelayMs(attempts: number, baseMs = defaults.retryBaseMs, maxMs = defaults.retryMaxMs): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

type ClaimedRow = {
  id: number;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  created_at: Date | string;
  attachments: { filename: string; contentType: string; contentBase64: string }[] | string | null;
};

/** The row's attachments (jsonb: PGlite and node-postgres both parse it; a string is parsed here to be safe). */
function attachmentsOf(row: ClaimedRow): NonNullable<OutgoingMail['attachments']> {
  const value = typeof row.attachments === 'string' ? (JSON.parse(row.attachments) as unknown) : row.attachments;
  return Array.isArray(value) ? (value as NonNullable<OutgoingMail['attachments']>) : [];
}

const seconds = (ms: number) => ms / 1000;

/** Rows whose attempts are spent and whose last claim expired (the sender died): failed. */
async function failAbandoned(db: Db, maxAttempts: number): Promise<void> {
  await db.execute(sql`
    update mail_outbox
    set status = 'failed', locked_until = null, locked_by = null,
        last_error = coalesce(last_error || ' ; ', '') || 'envoi interrompu (instance arrêtée pendant l’envoi)'
    where status = 'sending' and locked_until < now() and attempts >= ${maxAttempts}
  `);
}

/** Claims up to `limit` due rows for `owner`; each claim counts as an attempt. */
async function claim(db: Db, owner: string, limit: number, leaseMs: number, maxAttempts: number): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    with due as (
      select id from mail_outbox
      where ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now()))
        and attempts < ${maxAttempts}
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update mail_outbox as m
    set status = 'sending', locked_by = ${owner}, locked_until = ${leaseEnd(leaseMs)}, attempts = m.attempts + 1
    from due
    where m.id = due.id
      and ((m.status = 'pending' and m.next_attempt_at <= now()) or (m.status = 'sending' and m.locked_until < now()))
    returning m.id, m.kind, m.to_address, m.reply_to, m.subject, m.html, m.text, m.attempts, m.created_at, m.attachments
  `);
  return rowsOf<ClaimedRow>(result);
}

/** Extends the leases of the claims `owner` still holds; answers those. */
async function extendClaims(db: Db, owner: string, claims: readonly Claim[], leaseMs: number): Promise<Claim[]> {
  const result = await db.execute(sql`
    update mail_outbox set locked_until = ${leaseEnd(leaseMs)}
    where status = 'sending' and ${heldBy(owner, claims)}
    returning id, attempts
  `);
  return rowsOf<Claim>(result);
}

/**
 * Gives back claims never handed to SMTP: pending and due as before, the attempt not counted.
 * Only a stopping job gives claims back, so it never claims the same (id, attempts) again.
 */
async function releaseClaims(db: Db, owner: string, claims: readonly Claim[]): Promise<void> {
  await db.execute(sql`
    update mail_outbox set status = 'pending', locked_by = null, locked_until = null, attempts = attempts - 1
    where status = 'sending' and ${heldBy(owner, claims)}
  `);
}

async function markSent(db: Db, id: number, messageId: string): Promise<void> {
  // Whatever happened to the claim meanwhile, the mail did go out: record it.
  await db.execute(sql`
    update mail_outbox
    set status = 'sent', sent_at = now(), message_id = ${messageId}, locked_until = null, locked_by = null, last_error = null
    where id = ${id} and status <> 'sent'
  `);
}

async function markFailed(
  db: Db,
  owner: string,
  row: ClaimedRow,
  error: string,
  final: boolean,
  delayMs: number,
): Promise<void> {
  // Only under our claim: a claim that expired and was taken over is not ours to update.
  await db.execute(sql`
    update mail_outbox
    set status = ${final ? 'failed' : 'pending'}, last_error = ${error}, locked_until = null, locked_by = null,
        next_attempt_at = now() + make_interval(secs => ${seconds(delayMs)})
    where id = ${row.id} and status = 'sending' and ${heldBy(owner, [row])}
  `);
}

export function startMailJob(db: Db, transport: MailTransport, log: MailLogger, options: MailJobOptions = {}): MailJob {
  const settings = { ...defaults, ...options };
  const owner = claimOwner();
  const claims = keepClaims(
    {
      extend: (held) => extendClaims(db, owner, held, settings.leaseMs),
      release: (held) => releaseClaims(db, owner, held),
    },
    { leaseMs: settings.leaseMs, heartbeatMs: settings.heartbeatMs, label: 'e-mail', log, onHeartbeat: options.onHeartbeat },
  );
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const deliver = async (row: ClaimedRow, replyTo: string | undefined): Promise<void> => {
    const claim: Claim = { id: row.id, attempts: row.attempts };
    // Still ours, just before SMTP: a row given back by stop() or taken over meanwhile is not sent here.
    if (!(await claims.begin(claim))) return;
    const mail: OutgoingMail = {
      outboxId: row.id,
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      createdAt: new Date(row.created_at),
      ...(replyTo ? { replyTo } : {}),
      ...(row.reply_to ? { replyToSender: row.reply_to } : {}),
    };
    const attachments = attachmentsOf(row);
    if (attachments.length) mail.attachments = attachments;
    let messageId: string;
    try {
      ({ messageId } = await transport.send(mail));
    } catch (error) {
      claims.done(claim);
      const sendError =
        error instanceof MailSendError ? error : new MailSendError(redact(error instanceof Error ? error.message : String(error)), false);
      const final = sendError.permanent || row.attempts >= settings.maxAttempts;
      const delayMs = retryDelayMs(row.attempts, settings.retryBaseMs, settings.retryMaxMs);
      await markFailed(db, owner, row, sendError.message.slice(0, 1000), final, delayMs);
      const context = { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: sendError.message };
      if (final) log.error(context, 'e-mail abandonné après échec de l’envoi');
      else log.warn({ ...context, retryInMs: delayMs }, 'envoi d’e-mail échoué, nouvel essai plus tard');
      return;
    }
    // The heartbeat stops before the outcome is written: a `sent` row is not a lost claim.
    claims.done(claim);
    await markSent(db, row.id, messageId);
  };

  /** One poll; true when the batch was full (more may be due). */
  const runOnce = async (): Promise<boolean> => {
    await failAbandoned(db, settings.maxAttempts);
    const rows = await claim(db, owner, settings.batchSize, settings.leaseMs, settings.maxAttempts);
    if (rows.length === 0) return false;
    // stop() came while this poll was claiming: the rows go back at once.
    if (!(await claims.hold(rows))) return false;
    try {
      await options.onClaimed?.(rows.map((row) => row.id));
      // Replies go to the shop's address as saved now (read once per batch). The claimed rows are
      // sent even if that read fails (the transport then falls back to the default profile's).
      const replyTo = await getStoreProfile(db).then(
        (profile) => profile.email,
        (error: unknown) => {
          log.warn({ err: error }, 'profil de la boutique illisible : adresse de réponse par défaut');
          return undefined;
        },
      );
      const results = await Promise.allSettled(rows.map((row) => deliver(row, replyTo)));
      for (const result of results) {
        if (result.status === 'rejected') log.error({ err: result.reason as unknown }, 'e-mail : état de l’envoi non enregistré');
      }
    } finally {
      // Whatever went wrong, no heartbeat keeps a row this poll no longer works on: its lease ends.
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
        log.warn({ err: error }, 'tâche d’envoi des e-mails en échec ; nouvel essai au prochain passage');
      }
      running = undefined;
      finish(failed);
      const now = again || more;
      again = false;
      schedule(now ? 0 : settings.pollIntervalMs);
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
      // Rows claimed but not yet handed to SMTP leave now rather than when their lease ends.
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
      // The sends still running after the wait keep their leases no longer: the process is going.
      claims.stop();
    },
  };
}
