import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { MailSendError, redact, type MailLogger, type MailTransport, type OutgoingMail } from './transport.js';

/**
 * Sends the outbox. Every few seconds (and at once on kick()) it claims the due rows, sends them
 * and records the outcome. Several instances may run it on one PostgreSQL: a row is claimed by
 * one UPDATE … FOR UPDATE SKIP LOCKED, so two instances never hold the same row (PGlite speaks
 * the same SQL). A claim is a lease (`locked_until`): the rows of an instance that died while
 * sending become due again once it expires, which makes delivery at-least-once in that one case;
 * the Message-ID stays the same across attempts, so receiving servers can fold a duplicate.
 */

export type MailJobOptions = {
  /** Pause between two polls when there is nothing to do (default 5 s). */
  pollIntervalMs?: number;
  /** Rows claimed per poll (default 10); a full batch polls again at once. */
  batchSize?: number;
  /** How long a claim lasts (default 5 min, far above the SMTP timeouts). */
  lockMs?: number;
  /** Attempts before a mail is marked failed (default 30: about 23 h with the default back-off). */
  maxAttempts?: number;
  /** Back-off after the n-th failed attempt: retryBaseMs × 2^(n-1), at most retryMaxMs (30 s … 1 h). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** stop() waits this long for the sends in progress (default 5 s). */
  stopTimeoutMs?: number;
  /** Called after every poll, whatever its outcome (tests wait for polls instead of sleeping). */
  onPoll?: () => void;
};

export type MailJob = {
  /** Polls now (after an enqueue) instead of at the next interval. Still goes through the database. */
  kick: () => void;
  /** Stops polling and waits (bounded) for the sends in progress. Does not close the transport. */
  stop: () => Promise<void>;
};

const defaults = {
  pollIntervalMs: 5_000,
  batchSize: 10,
  lockMs: 5 * 60_000,
  maxAttempts: 30,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  stopTimeoutMs: 5_000,
} satisfies Required<Omit<MailJobOptions, 'onPoll'>>;

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
};

const seconds = (ms: number) => ms / 1000;

/** Rows whose attempts are spent and whose last claim expired (the sender died): failed. */
async function failAbandoned(db: Db, maxAttempts: number): Promise<void> {
  await db.execute(sql`
    update mail_outbox
    set status = 'failed', locked_until = null,
        last_error = coalesce(last_error || ' ; ', '') || 'envoi interrompu (instance arrêtée pendant l’envoi)'
    where status = 'sending' and locked_until < now() and attempts >= ${maxAttempts}
  `);
}

/** Claims up to `limit` due rows for this instance; each claim counts as an attempt. */
async function claim(db: Db, limit: number, lockMs: number, maxAttempts: number): Promise<ClaimedRow[]> {
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
    set status = 'sending', locked_until = now() + make_interval(secs => ${seconds(lockMs)}), attempts = m.attempts + 1
    from due
    where m.id = due.id
      and ((m.status = 'pending' and m.next_attempt_at <= now()) or (m.status = 'sending' and m.locked_until < now()))
    returning m.id, m.kind, m.to_address, m.reply_to, m.subject, m.html, m.text, m.attempts, m.created_at
  `);
  return rowsOf<ClaimedRow>(result);
}

async function markSent(db: Db, id: number, messageId: string): Promise<void> {
  // Whatever happened to the claim meanwhile, the mail did go out: record it.
  await db.execute(sql`
    update mail_outbox
    set status = 'sent', sent_at = now(), message_id = ${messageId}, locked_until = null, last_error = null
    where id = ${id} and status <> 'sent'
  `);
}

async function markFailed(
  db: Db,
  row: ClaimedRow,
  error: string,
  final: boolean,
  delayMs: number,
): Promise<void> {
  // `attempts` is the claim's token: a claim that expired and was taken over is not ours to update.
  await db.execute(sql`
    update mail_outbox
    set status = ${final ? 'failed' : 'pending'}, last_error = ${error}, locked_until = null,
        next_attempt_at = now() + make_interval(secs => ${seconds(delayMs)})
    where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}
  `);
}

export function startMailJob(db: Db, transport: MailTransport, log: MailLogger, options: MailJobOptions = {}): MailJob {
  const settings = { ...defaults, ...options };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const deliver = async (row: ClaimedRow, replyTo: string | undefined): Promise<void> => {
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
    let messageId: string;
    try {
      ({ messageId } = await transport.send(mail));
    } catch (error) {
      const sendError =
        error instanceof MailSendError ? error : new MailSendError(redact(error instanceof Error ? error.message : String(error)), false);
      const final = sendError.permanent || row.attempts >= settings.maxAttempts;
      const delayMs = retryDelayMs(row.attempts, settings.retryBaseMs, settings.retryMaxMs);
      await markFailed(db, row, sendError.message.slice(0, 1000), final, delayMs);
      const context = { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: sendError.message };
      if (final) log.error(context, 'e-mail abandonné après échec de l’envoi');
      else log.warn({ ...context, retryInMs: delayMs }, 'envoi d’e-mail échoué, nouvel essai plus tard');
      return;
    }
    await markSent(db, row.id, messageId);
  };

  /** One poll; true when the batch was full (more may be due). */
  const runOnce = async (): Promise<boolean> => {
    await failAbandoned(db, settings.maxAttempts);
    const rows = await claim(db, settings.batchSize, settings.lockMs, settings.maxAttempts);
    if (rows.length === 0) return false;
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
      let more = false;
      try {
        more = await runOnce();
      } catch (error) {
        log.warn({ err: error }, 'tâche d’envoi des e-mails en échec ; nouvel essai au prochain passage');
      }
      running = undefined;
      options.onPoll?.();
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
    },
  };
}
