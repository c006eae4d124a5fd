/**
 * Client-side throttle for RepairDesk (50 requests per minute per API key, reference §1.1).
 *
 * A rolling window of `limit` slots. A request takes a slot before it starts and gives it back
 * when its answer is complete; the slot stays taken for `windowMs` after that. So a request only
 * starts when fewer than `limit` requests are in flight or ended during the last `windowMs`, and
 * two requests using the same slot reach RepairDesk at least `windowMs` apart whatever the
 * network's delays: RepairDesk never sees more than `limit` requests in any window.
 *
 * Requests over the limit wait in a queue, served in arrival order, but neither forever nor in
 * unlimited numbers (a burst of anonymous lookups must not stall every RepairDesk call):
 * - each waiter has a deadline (`maxWaitMs` of acquire, the request's own timeout); past it, it
 *   fails with REPAIR_RATE_LIMITED (503). A waiter that cannot get a slot before its deadline
 *   (the slot it would get frees later than that) fails at once rather than at the deadline;
 * - at most `maxQueue` waiters; one more fails at once with the same error.
 * The window is per backend instance (one per process); several server instances sharing one key
 * each keep their own count, and the adapter still backs off on a 429 should their sum go over.
 */
import { RepairBackendError } from '../types.js';

export type Clock = () => number;
/**
 * Waits `ms` (on the same time scale as the Clock). When `signal` aborts, the wait may end early
 * (the throttle aborts its own waits when something changes); test sleeps may ignore it.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type Throttle = {
  /**
   * Resolves when a request may start, with the function to call once it has ended. Rejects with
   * REPAIR_RATE_LIMITED (503) when no slot can be had within `maxWaitMs` (the throttle's default
   * when omitted) or when the queue is full.
   */
  acquire: (maxWaitMs?: number) => Promise<() => void>;
};

export type ThrottleOptions = {
  limit: number;
  windowMs: number;
  now: Clock;
  sleep: Sleep;
  /** Longest wait for a slot when acquire() is given none (10 s). */
  maxWaitMs?: number;
  /** Most requests waiting at once (100). */
  maxQueue?: number;
};

export const throttleRejection = (): RepairBackendError =>
  new RepairBackendError('REPAIR_RATE_LIMITED', 'Service temporairement indisponible', 503);

type Waiter = { deadline: number; grant: (release: () => void) => void; fail: (error: Error) => void };

export function createThrottle(options: ThrottleOptions): Throttle {
  const { windowMs, now, sleep } = options;
  const limit = Math.max(1, options.limit);
  const defaultMaxWaitMs = options.maxWaitMs ?? 10_000;
  const maxQueue = Math.max(0, options.maxQueue ?? 100);
  /** End times of the requests of the current window, oldest first. */
  const ended: number[] = [];
  let inFlight = 0;
  const queue: Waiter[] = [];
  let pumping = false;
  /** Aborts the pump's current wait: a slot was given back or a waiter arrived. */
  let wakePump: AbortController | null = null;

  const wake = () => wakePump?.abort();

  const prune = (at: number) => {
    while (ended.length > 0 && (ended[0] as number) <= at - windowMs) ended.shift();
  };

  const take = (): (() => void) => {
    inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      ended.push(now());
      wake();
    };
  };

  const hasFreeSlot = () => inFlight + ended.length < limit;

  /**
   * Grants what can be granted, fails the waiters that cannot make their deadline, and returns
   * when the queue should be looked at again (Infinity: only when something changes).
   */
  const settle = (at: number): number => {
    prune(at);
    while (queue.length > 0 && hasFreeSlot()) (queue.shift() as Waiter).grant(take());
    if (queue.length === 0) return Number.POSITIVE_INFINITY;
    // Slots free up in this order: the ended requests' (each windowMs after its end), then the
    // in-flight ones' (windowMs after they end, so not before at + windowMs). Waiter n (in queue
    // order, counting only the ones kept) gets the n-th.
    let wakeAt = ended.length > 0 ? (ended[0] as number) + windowMs : Number.POSITIVE_INFINITY;
    let position = 0;
    for (const waiter of [...queue]) {
      const known = position < ended.length;
      const earliest = known ? (ended[position] as number) + windowMs : at + windowMs;
      if (waiter.deadline <= at || earliest > waiter.deadline) {
        queue.splice(queue.indexOf(waiter), 1);
        waiter.fail(throttleRejection());
        continue;
      }
      // Waiting for an in-flight request to end has no known end: the deadline is the bound.
      if (!known) wakeAt = Math.min(wakeAt, waiter.deadline);
      position += 1;
    }
    return queue.length === 0 ? Number.POSITIVE_INFINITY : wakeAt;
  };

  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      for (;;) {
        const at = now();
        const wakeAt = settle(at);
        if (queue.length === 0) return;
        const controller = new AbortController();
        wakePump = controller;
        if (Number.isFinite(wakeAt)) {
          // A failing sleep must not leave the queue without its pump.
          await sleep(Math.max(1, wakeAt - at), controller.signal).catch(() => undefined);
        } else {
          await new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve(), { once: true }));
        }
        wakePump = null;
      }
    } finally {
      pumping = false;
      wakePump = null;
    }
  };

  return {
    acquire(maxWaitMs = defaultMaxWaitMs) {
      const at = now();
      prune(at);
      if (queue.length === 0 && hasFreeSlot()) return Promise.resolve(take());
      if (queue.length >= maxQueue) return Promise.reject(throttleRejection());
      return new Promise<() => void>((grant, fail) => {
        queue.push({ deadline: at + Math.max(0, maxWaitMs), grant, fail });
        if (pumping) wake();
        else void pump();
      });
    },
  };
}
