/**
 * Holding a fake's answers: instead of answering "after N ms" (and a test sleeping to be sure the
 * moment has come), a held request waits until the test opens the gate, and the test waits until
 * the request has arrived. Nothing depends on how fast the machine is.
 */
export type Hold = {
  /** Resolves when every held request has arrived at the fake. */
  arrived: Promise<void>;
  /** Arrived so far. */
  readonly count: number;
  /** Lets the held requests (arrived or still to come) be answered. */
  release: () => void;
};

export type Holds = {
  /** The next `times` requests wait for `release()` before they are handled. */
  holdNext: (times?: number) => Hold;
  /** Called by the fake for each request, in arrival order: the wait of a held one, if any. */
  take: () => Promise<void> | undefined;
  /** Forgets the holds not reached yet and releases those reached. */
  clear: () => void;
};

export function createHolds(): Holds {
  const waiting: { arrive: () => void; released: Promise<void>; release: () => void }[] = [];
  const taken: (() => void)[] = [];
  return {
    holdNext: (times = 1) => {
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let count = 0;
      const arrivals = Array.from(
        { length: times },
        () =>
          new Promise<void>((resolve) => {
            waiting.push({
              arrive: () => {
                count += 1;
                resolve();
              },
              released,
              release,
            });
          }),
      );
      return {
        arrived: Promise.all(arrivals).then(() => undefined),
        get count() {
          return count;
        },
        release,
      };
    },
    take: () => {
      const next = waiting.shift();
      if (!next) return undefined;
      taken.push(next.release);
      next.arrive();
      return next.released;
    },
    clear: () => {
      waiting.length = 0;
      for (const release of taken.splice(0)) release();
    },
  };
}

/** Counts the requests being handled; `settled()` resolves once none is (at once if none is). */
export function createInFlight(): { track: <T>(work: Promise<T>) => Promise<T>; settled: () => Promise<void> } {
  let count = 0;
  const waiters: (() => void)[] = [];
  return {
    track: async (work) => {
      count += 1;
      try {
        return await work;
      } finally {
        count -= 1;
        if (count === 0) for (const wake of waiters.splice(0)) wake();
      }
    },
    settled: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}
