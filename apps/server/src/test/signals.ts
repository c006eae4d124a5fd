/**
 * Awaited signals instead of sleeps: a test waits for the event it needs (a poll finished, a
 * request reached a fake), never for a length of time.
 */
export type Signal = {
  /** Marks one occurrence; wakes whoever waits for the next one. */
  fire: () => void;
  /** Occurrences so far. */
  readonly count: number;
  /** Resolves at the next occurrence (after the call). */
  next: () => Promise<void>;
};

export function signal(): Signal {
  let count = 0;
  const waiters: (() => void)[] = [];
  return {
    fire: () => {
      count += 1;
      for (const wake of waiters.splice(0)) wake();
    },
    get count() {
      return count;
    },
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
  };
}

/**
 * Runs `step` (which starts some work: a kick, a request) and waits for `done` to fire, again and
 * again, until `check` returns a value; at most `maxSteps` times (then fails, naming `what`).
 */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  { step, done, maxSteps = 50 }: { step: () => void; done: Signal; maxSteps?: number },
): Promise<T> {
  for (let steps = 0; ; steps += 1) {
    const value = await check();
    if (value) return value;
    if (steps >= maxSteps) throw new Error(`no ${what} after ${maxSteps} steps`);
    const next = done.next();
    step();
    await next;
  }
}
