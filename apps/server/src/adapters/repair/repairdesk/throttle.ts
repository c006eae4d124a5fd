/**
 * Client-side throttle for RepairDesk (50 requests per minute per API key, reference §1.1).
 *
 * A rolling window of `limit` slots. A request takes a slot before it starts and gives it back
 * when its answer is complete; the slot stays taken for `windowMs` after that. So a request only
 * starts when fewer than `limit` requests are in flight or ended during the last `windowMs`, and
 * two requests using the same slot reach RepairDesk at least `windowMs` apart whatever the
 * network's delays: RepairDesk never sees more than `limit` requests in any window.
 *
 * Requests over the limit wait (never fail), served in arrival order, one at a time: a burst of
 * calls is spread over the following minutes instead of earning HTTP 429s. The window is per
 * backend instance (one per process); several server instances sharing one key each keep their
 * own count, and the adapter still backs off on a 429 should their sum go over.
 */

export type Clock = () => number;
export type Sleep = (ms: number) => Promise<void>;

export type Throttle = {
  /** Resolves when a request may start, with the function to call once it has ended. */
  acquire: () => Promise<() => void>;
};

export function createThrottle(options: { limit: number; windowMs: number; now: Clock; sleep: Sleep }): Throttle {
  const { windowMs, now, sleep } = options;
  const limit = Math.max(1, options.limit);
  /** End times of the requests of the current window, oldest first. */
  const ended: number[] = [];
  let inFlight = 0;
  let waitingForEnd: (() => void)[] = [];
  /** The tail of the queue: each acquire waits for the previous one to have been granted. */
  let tail: Promise<unknown> = Promise.resolve();

  const release = () => {
    inFlight -= 1;
    ended.push(now());
    const waiting = waitingForEnd;
    waitingForEnd = [];
    for (const wake of waiting) wake();
  };

  const grant = async (): Promise<() => void> => {
    for (;;) {
      const at = now();
      while (ended.length > 0 && (ended[0] as number) <= at - windowMs) ended.shift();
      if (inFlight + ended.length < limit) {
        inFlight += 1;
        let released = false;
        return () => {
          if (released) return;
          released = true;
          release();
        };
      }
      if (ended.length > 0) {
        // The oldest ended request leaves the window: its slot is free then.
        await sleep(Math.max(1, (ended[0] as number) + windowMs - at));
      } else {
        // Every slot is in flight: one has to end first.
        await new Promise<void>((resolve) => waitingForEnd.push(resolve));
      }
    }
  };

  return {
    acquire() {
      const granted = tail.then(grant);
      // The next waiter only needs this one to be settled; a rejected sleep must not block the queue.
      tail = granted.catch(() => undefined);
      return granted;
    },
  };
}
