import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Claims of outbox rows with an owner and a heartbeat, shared by the mail and push senders.
 *
 * A sender claims due rows in one UPDATE … FOR UPDATE SKIP LOCKED that writes its owner id in
 * `locked_by`, bumps `attempts` (the claim's token) and starts a short lease (20 s by default).
 * While the sender holds rows, a heartbeat extends their leases (every 5 s by default), so a slow
 * send keeps its rows however long it takes. Once a lease has ended, the row is due again for
 * any instance: the rows of a killed process are taken over within lease + one poll, by another
 * instance or by the restarted one (a new owner: the id is drawn at each start).
 *
 * The owner id alone is not the token: a sender could lose a row (lease ended while its heartbeat
 * could not reach the database) and claim it again itself. A claim is `(locked_by, id, attempts)`;
 * every write of a sender about a row it claimed matches all three, so a late write about an old
 * claim never touches the new one.
 *
 * The heartbeat extends only the rows this process still works on (the ids it holds in memory),
 * not every row with its owner id: a row whose outcome could not be recorded (database error)
 * must see its lease end and be taken again, not be kept forever by a live process.
 */

/** One claim of an outbox row: the row and the attempt number the claim gave it. */
export type Claim = { id: number; attempts: number };

/** The SQL of one outbox table: extend or give back claims that `owner` still holds. */
export type ClaimStore = {
  /** Extends the leases of these claims where still held; answers the claims still held. */
  extend: (claims: readonly Claim[]) => Promise<Claim[]>;
  /** Gives these claims back (due again, the attempt not counted) where still held. */
  release: (claims: readonly Claim[]) => Promise<void>;
};

export type ClaimLogger = { warn: (context: object, message: string) => void };

export type ClaimKeeperOptions = {
  leaseMs: number;
  /** Below leaseMs: a lease must be extended before it ends. */
  heartbeatMs: number;
  /** What a row is, in log lines (« e-mail », « notification push »). */
  label: string;
  log: ClaimLogger;
  /** Called after every heartbeat (tests wait for one instead of sleeping). */
  onHeartbeat?: () => void;
};

export type ClaimKeeper = {
  /**
   * Takes the claims a poll has just made and keeps their leases until done(). Answers false
   * when the sender is stopping (releaseUnstarted() was called): they are then given back at once.
   */
  hold: (claims: readonly Claim[]) => Promise<boolean>;
  /**
   * Right before a row is handed to the outside world: confirms and extends its claim in one
   * statement. False when it is no longer ours (given back by stop, or taken over after its lease
   * ended): the row must not be sent by this sender.
   */
  begin: (claim: Claim) => Promise<boolean>;
  /** The send is over (whatever its outcome): no more heartbeat for this claim. Idempotent. */
  done: (claim: Claim) => void;
  /** Gives back the claims held but not begun, and every claim held from now on. */
  releaseUnstarted: () => Promise<void>;
  /** Stops the heartbeat (after the bounded wait for the sends in progress). */
  stop: () => void;
};

/** A claimant's id: host and pid for people reading the table, a UUID so that no two job starts share it. */
export function claimOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID()}`;
}

/** `now()` + the lease, in the database's clock (the one every instance compares with). */
export function leaseEnd(leaseMs: number): SQL {
  return sql`now() + make_interval(secs => ${leaseMs / 1000})`;
}

/** The rows of these claims that `owner` still holds (columns `locked_by`, `id`, `attempts`). */
export function heldBy(owner: string, claims: readonly Claim[]): SQL {
  if (claims.length === 0) return sql`false`;
  const pairs = sql.join(
    claims.map((claim) => sql`(${claim.id}::int, ${claim.attempts}::int)`),
    sql`, `,
  );
  return sql`(locked_by = ${owner} and (id, attempts) in (${pairs}))`;
}

/** held: claimed, not begun; confirming: begin() is checking it; sending: handed to the send. */
type Entry = { claim: Claim; state: 'held' | 'confirming' | 'sending' };

export function keepClaims(store: ClaimStore, options: ClaimKeeperOptions): ClaimKeeper {
  const { heartbeatMs, leaseMs, label, log } = options;
  if (!(heartbeatMs > 0 && heartbeatMs < leaseMs)) throw new Error(`${label}: heartbeatMs (${heartbeatMs}) must be above 0 and below leaseMs (${leaseMs})`);
  const entries = new Map<number, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let beating = false;
  let closing = false;
  let stopped = false;

  /** The entry of this very claim (not of a later claim of the same row). */
  const current = (claim: Claim): Entry | undefined => {
    const entry = entries.get(claim.id);
    return entry && entry.claim.attempts === claim.attempts ? entry : undefined;
  };
  const context = (claim: Claim) => ({ outboxId: claim.id, attempts: claim.attempts });

  const lost = (claim: Claim, state: 'held' | 'sending') => {
    if (state === 'sending') {
      log.warn(context(claim), `${label} : réclamation reprise par une autre instance pendant l’envoi (bail expiré) ; il peut partir deux fois`);
    } else {
      log.warn(context(claim), `${label} : réclamation reprise par une autre instance avant l’envoi ; il n’est pas envoyé ici`);
    }
  };

  const beat = async () => {
    const claims = [...entries.values()].map((entry) => entry.claim);
    if (claims.length === 0) return;
    try {
      const kept = new Set((await store.extend(claims)).map((claim) => `${claim.id}:${claim.attempts}`));
      for (const claim of claims) {
        const entry = current(claim);
        // Over meanwhile (done() before the outcome is written), or still ours.
        if (!entry || kept.has(`${claim.id}:${claim.attempts}`)) continue;
        entries.delete(claim.id);
        // A claim being confirmed: begin() sees it gone and says so.
        if (entry.state !== 'confirming') lost(claim, entry.state);
      }
    } catch (error) {
      // The leases run on: the next beat (well before they end) tries again.
      log.warn({ err: error }, `${label} : prolongation des réclamations en échec ; nouvel essai au prochain battement`);
    }
  };

  const schedule = () => {
    if (stopped || timer || beating || entries.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      beating = true;
      void beat().finally(() => {
        beating = false;
        options.onHeartbeat?.();
        schedule();
      });
    }, heartbeatMs);
    timer.unref();
  };

  const releaseUnstarted = async () => {
    closing = true;
    const unstarted = [...entries.values()].filter((entry) => entry.state === 'held').map((entry) => entry.claim);
    for (const claim of unstarted) entries.delete(claim.id);
    if (unstarted.length === 0) return;
    try {
      await store.release(unstarted);
    } catch (error) {
      log.warn({ err: error, outboxIds: unstarted.map((claim) => claim.id) }, `${label} : réclamations non rendues à l’arrêt ; reprises à la fin de leur bail`);
    }
  };

  return {
    hold: async (claims) => {
      for (const claim of claims) entries.set(claim.id, { claim, state: 'held' });
      if (!closing) {
        schedule();
        return true;
      }
      await releaseUnstarted();
      return false;
    },
    begin: async (claim) => {
      const entry = current(claim);
      if (!entry || entry.state !== 'held') return false;
      // From here on, stop() leaves it to its send.
      entry.state = 'confirming';
      let confirmed: boolean;
      try {
        confirmed = (await store.extend([claim])).length === 1;
      } catch (error) {
        // Not sent: the lease ends and the row is due again (for this sender too).
        if (current(claim) === entry) entries.delete(claim.id);
        log.warn({ ...context(claim), err: error }, `${label} : réclamation non confirmée avant l’envoi ; nouvel essai à la fin du bail`);
        return false;
      }
      // Gone from `entries` meanwhile: a heartbeat found it taken over just after our confirmation.
      if (confirmed && current(claim) === entry) {
        entry.state = 'sending';
        return true;
      }
      if (current(claim) === entry) entries.delete(claim.id);
      lost(claim, 'held');
      return false;
    },
    done: (claim) => {
      if (current(claim)) entries.delete(claim.id);
      if (entries.size === 0 && timer) {
        clearTimeout(timer);
        timer = undefined;
      }
    },
    releaseUnstarted,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
