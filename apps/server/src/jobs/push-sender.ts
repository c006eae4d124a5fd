import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { rowsOf, type Db } from '../db/client.js';
import { RefusedAddressError } from '../lib/public-address.js';
import type { VapidKeys } from '../modules/notifications/vapid.js';
import { claimOwner, heldBy, keepClaims, leaseEnd, type Claim, type ClaimKeeper } from './claims.js';
import { timeJobRun, type OnJobRun } from './job-runs.js';
import { postToPushService, type PushAnswer } from './push-request.js';

/**
 * Sends the push outbox (Web Push, RFC 8030/8291/8292). Every 30 s (and at once on kick()) it
 * claims the due rows in a short statement (UPDATE … FOR UPDATE SKIP LOCKED: `locked_by` = this
 * sender, attempts + 1 and next_attempt_at pushed past a 20 s lease), then sends outside any lock
 * and records the outcome. The claims are those of jobs/claims.ts, as for the mails: a heartbeat
 * extends the leases of the rows being sent, each claim is confirmed right before its request, a
 * failure is recorded only under the sender's own claim, and stop() gives back the rows not yet
 * sent. Several instances never hold the same row; the rows of a killed process are due again
 * once their lease ends (20 s), sent at the next poll of any instance (at-least-once if it died
 * after the push service accepted one; the payload's tag lets the browser fold a duplicate).
 *
 * Outcomes: 2xx sent; 404/410 the subscription is gone (deleted, its outbox rows go with it);
 * 429, 5xx, network errors and time-outs retried with back-off (30 s doubling to 1 h), given up
 * (failed) after 24 h, the push's own TTL; any other answer failed at once.
 */

export type PushLogger = {
  warn: (context: object, message: string) => void;
  error: (context: object, message: string) => void;
};

export type PushJobOptions = {
  /** Pause between two polls when there is nothing to do (default 30 s). */
  pollIntervalMs?: number;
  /** Rows claimed per poll (default 20); a full batch polls again at once. */
  batchSize?: number;
  /** How long a claim lasts without a heartbeat (default 20 s, above the 10 s send time-out). */
  leaseMs?: number;
  /** How often the leases of the rows being sent are extended (default 5 s, below leaseMs). */
  heartbeatMs?: number;
  /** Time-out of one push request (default 10 s). */
  timeoutMs?: number;
  /** Back-off after the n-th failed attempt: retryBaseMs × 2^(n-1), at most retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A push still undelivered this long after it was queued is given up (default 24 h). */
  giveUpAfterMs?: number;
  /** Whether http:// endpoints on 127.0.0.1 / localhost are accepted (tests; never in production). */
  allowLocalEndpoints?: boolean;
  /** stop() waits this long for the sends in progress (default 5 s). */
  stopTimeoutMs?: number;
  /** Called after every poll of the started job, whatever its outcome (the metrics count them). */
  onRun?: OnJobRun;
};

export type PushJob = {
  /** Polls now instead of at the next interval. */
  kick: () => void;
  /** One poll, awaited (tests, and the job itself). Returns how many rows were claimed. */
  runOnce: () => Promise<number>;
  /** Stops polling, gives back the claimed rows not yet sent and waits (bounded) for the sends in progress. */
  stop: () => Promise<void>;
};

export const PUSH_TTL_SECONDS = 86_400;

const defaults = {
  pollIntervalMs: 30_000,
  batchSize: 20,
  leaseMs: 20_000,
  heartbeatMs: 5_000,
  timeoutMs: 10_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  allowLocalEndpoints: false,
  stopTimeoutMs: 5_000,
} satisfies Required<Omit<PushJobOptions, 'onRun'>>;

/** The pause after the n-th failed attempt (n ≥ 1): 30 s, 1 min, 2 min… at most 1 h. */
export function pushRetryDelayMs(attempts: number, baseMs = defaults.retryBaseMs, maxMs = defaults.retryMaxMs): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

type ClaimedPush = {
  id: number;
  subscription_id: number;
  payload: Record<string, unknown> | string;
  attempts: number;
  created_at: Date | string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

type Outcome =
  /** The claim was no longer ours (given back by stop, or taken over): nothing sent, nothing to record. */
  | { kind: 'lost' }
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string };

const seconds = (ms: number) => ms / 1000;

/** Push services guarantee 4096-byte messages: the plaintext stays below 3 KB (the body is shortened). */
const MAX_PLAINTEXT_BYTES = 3000;

export function encodePayload(payload: Record<string, unknown>): string {
  const fits = (json: string) => Buffer.byteLength(json) <= MAX_PLAINTEXT_BYTES;
  let json = JSON.stringify(payload);
  if (fits(json)) return json;
  // What goes first: the ticket's details, then the end of the body, then the end of the title.
  const lean: Record<string, unknown> = { ...payload, ticketData: undefined };
  json = JSON.stringify(lean);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  for (const field of ['body', 'title'] as const) {
    const full = text(lean[field]);
    let keep = full.length;
    while (!fits(json) && keep > 0) {
      keep = Math.floor(keep * 0.8);
      lean[field] = `${full.slice(0, keep)}…`;
      json = JSON.stringify(lean);
    }
  }
  return json;
}

/**
 * An endpoint the sender may call, as far as its text tells: https to a named host (push services
 * never use IP addresses, and a subscription must not turn the server into a client of the local
 * network), or plain http to this machine when allowed (tests only). The subscription's quick
 * refusal; the real guard is at connect time (push-request.ts: the name's addresses are checked
 * as they are connected to).
 */
export function isSendableEndpoint(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // "localhost." is localhost: a name is judged without its trailing dots.
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(host);
  if (url.protocol === 'http:') return allowLocal && local;
  if (url.protocol !== 'https:') return false;
  if (allowLocal) return true;
  const ipLiteral = host.startsWith('[') || /^[\d.]+$/.test(host);
  const internalName = !host.includes('.') || /(^|\.)(localhost|local|internal|lan|home|intranet)$/.test(host);
  return !ipLiteral && !internalName;
}

/** Topic (coalescing key, ≤ 32 URL-safe characters): a newer status of a ticket replaces an undelivered older one. */
function topicOf(payload: Record<string, unknown>): string | undefined {
  if (payload.type !== 'ticket' || typeof payload.ticketId !== 'string' || !payload.ticketId) return undefined;
  const topic = `ticket-${payload.ticketId}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  return topic || undefined;
}

/** Removes pushes sent or given up more than 7 days ago (called from the clean-up job). */
export async function purgePushOutbox(db: Db): Promise<void> {
  await db.execute(sql`delete from push_outbox where status <> 'pending' and created_at < now() - interval '7 days'`);
}

/**
 * One poll of the outbox (claim, send, record), without any timer: the job's step, and the tests'.
 * `claims` keeps the leases of the rows it is sending (its heartbeat runs only meanwhile).
 */
export function pushSender(
  db: Db,
  vapid: () => Promise<VapidKeys>,
  log: PushLogger,
  options: PushJobOptions = {},
): { runOnce: () => Promise<number>; claims: ClaimKeeper } {
  const settings = { ...defaults, ...options };
  const owner = claimOwner();
  const claims = keepClaims(
    {
      extend: async (held) => {
        const result = await db.execute(sql`
          update push_outbox set next_attempt_at = ${leaseEnd(settings.leaseMs)}
          where status = 'pending' and ${heldBy(owner, held)}
          returning id, attempts
        `);
        return rowsOf<Claim>(result);
      },
      // Only a stopping sender gives claims back, so it never claims the same (id, attempts) again.
      release: async (held) => {
        await db.execute(sql`
          update push_outbox set next_attempt_at = now(), locked_by = null, attempts = attempts - 1
          where status = 'pending' and ${heldBy(owner, held)}
        `);
      },
    },
    { leaseMs: settings.leaseMs, heartbeatMs: settings.heartbeatMs, label: 'notification push', log },
  );

  const claim = async (): Promise<ClaimedPush[]> => {
    const result = await db.execute(sql`
      with due as (
        select id from push_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${settings.batchSize}
        for update skip locked
      )
      update push_outbox as o
      set attempts = o.attempts + 1, locked_by = ${owner}, next_attempt_at = ${leaseEnd(settings.leaseMs)}
      from due, push_subscriptions as s
      where o.id = due.id and s.id = o.subscription_id and o.status = 'pending' and o.next_attempt_at <= now()
      returning o.id, o.subscription_id, o.payload, o.attempts, o.created_at, s.endpoint, s.p256dh, s.auth
    `);
    return rowsOf<ClaimedPush>(result);
  };

  const send = async (row: ClaimedPush): Promise<Outcome> => {
    if (!isSendableEndpoint(row.endpoint, settings.allowLocalEndpoints)) return { kind: 'failed', error: 'adresse du service push refusée' };
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    const keys = await vapid();
    const topic = topicOf(payload);
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, encodePayload(payload), {
        TTL: PUSH_TTL_SECONDS,
        urgency: payload.requireInteraction === true ? 'high' : 'normal',
        ...(topic ? { topic } : {}),
        vapidDetails: keys,
      });
    } catch (error) {
      // Keys the library refuses (checked at subscription, so only an old or altered row).
      return { kind: 'failed', error: `abonnement inutilisable : ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) };
    }
    const headers = Object.fromEntries(
      Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]),
    );
    // Still ours, just before the request: a row given back by stop() or taken over meanwhile is not sent here.
    if (!(await claims.begin(row))) return { kind: 'lost' };
    let response: PushAnswer;
    try {
      response = await postToPushService(details.endpoint, {
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        timeoutMs: settings.timeoutMs,
        allowLoopback: settings.allowLocalEndpoints,
      });
    } catch (error) {
      // Where the endpoint's name leads (checked when connecting) is not a public address: never retried.
      if (error instanceof RefusedAddressError) return { kind: 'failed', error: 'adresse du service push refusée' };
      const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'délai dépassé' : 'service push injoignable';
      return { kind: 'retry', error: reason };
    }
    const text = response.text.slice(0, 300);
    const status = response.status;
    if (status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    if (status === 429 || status >= 500) return { kind: 'retry', error: `HTTP ${status} ${text}`.trim() };
    return { kind: 'failed', error: `HTTP ${status} ${text}`.trim() };
  };

  const record = async (row: ClaimedPush, outcome: Outcome): Promise<void> => {
    if (outcome.kind === 'lost') return;
    if (outcome.kind === 'sent') {
      // Whatever happened to the claim meanwhile, the push did go out: record it.
      await db.execute(sql`update push_outbox set status = 'sent', sent_at = now(), last_error = '', locked_by = null where id = ${row.id} and status = 'pending'`);
      await db.execute(sql`update push_subscriptions set last_success_at = now() where id = ${row.subscription_id}`);
      return;
    }
    if (outcome.kind === 'gone') {
      // The browser unsubscribed or the subscription expired (RFC 8030 §7.3): its pending pushes go with it.
      await db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}`);
      return;
    }
    const age = Date.now() - new Date(row.created_at).getTime();
    const delayMs = pushRetryDelayMs(row.attempts, settings.retryBaseMs, settings.retryMaxMs);
    const final = outcome.kind === 'failed' || age + delayMs >= settings.giveUpAfterMs;
    // Only under our claim: a claim that expired and was taken over is not ours to update.
    await db.execute(sql`
      update push_outbox
      set status = ${final ? 'failed' : 'pending'}, last_error = ${outcome.error.slice(0, 1000)}, locked_by = null,
          next_attempt_at = now() + make_interval(secs => ${seconds(delayMs)})
      where id = ${row.id} and status = 'pending' and ${heldBy(owner, [row])}
    `);
    const context = { outboxId: row.id, subscriptionId: row.subscription_id, attempts: row.attempts, error: outcome.error };
    if (final) log.warn(context, 'notification push abandonnée');
    else log.warn({ ...context, retryInMs: delayMs }, 'envoi push échoué, nouvel essai plus tard');
  };

  const deliver = async (row: ClaimedPush): Promise<void> => {
    let outcome: Outcome;
    try {
      outcome = await send(row);
    } finally {
      // The heartbeat stops before the outcome is written: a `sent` row is not a lost claim.
      claims.done(row);
    }
    await record(row, outcome);
  };

  const runOnce = async (): Promise<number> => {
    const rows = await claim();
    if (rows.length === 0) return 0;
    // The sender is stopping: the rows it has just claimed go back at once.
    if (!(await claims.hold(rows))) return 0;
    try {
      const results = await Promise.allSettled(rows.map(deliver));
      for (const result of results) {
        if (result.status === 'rejected') log.error({ err: result.reason as unknown }, 'push : état de l’envoi non enregistré');
      }
    } finally {
      for (const row of rows) claims.done(row);
    }
    return rows.length;
  };

  return { runOnce, claims };
}

export function startPushJob(db: Db, vapid: () => Promise<VapidKeys>, log: PushLogger, options: PushJobOptions = {}): PushJob {
  const settings = { ...defaults, ...options };
  const { runOnce, claims } = pushSender(db, vapid, log, options);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

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
      const finish = timeJobRun(options.onRun);
      let claimed = 0;
      let failed = false;
      try {
        claimed = await runOnce();
      } catch (error) {
        failed = true;
        log.warn({ err: error }, 'tâche d’envoi des notifications push en échec ; nouvel essai au prochain passage');
      }
      running = undefined;
      finish(failed);
      const now = again || claimed === settings.batchSize;
      again = false;
      schedule(now ? 0 : settings.pollIntervalMs);
      return claimed;
    })();
  }

  schedule(0);

  return {
    kick: () => {
      if (!stopped) schedule(0);
    },
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      // Rows claimed but not yet sent leave now rather than when their lease ends.
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
