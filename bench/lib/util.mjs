// @ts-check
/** Small helpers shared by the bench phases. */

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rejects when `promise` has not settled after `ms`, so a stuck phase (browser, server) can never
 * hang the bench. The caller's finally-block does the actual clean-up.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} label what was being waited for, used in the error message
 * @returns {Promise<T>}
 */
export function withTimeout(promise, ms, label) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no result after ${Math.round(ms / 1000)} s`)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout])).finally(() => clearTimeout(timer));
}

/** @param {unknown} error */
export function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads a positive number from the environment, or the default when unset.
 * @param {string} name
 * @param {number} fallback
 */
export function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  }
  return value;
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? /** @type {number} */ (sorted[middle])
    : (/** @type {number} */ (sorted[middle - 1]) + /** @type {number} */ (sorted[middle])) / 2;
}

/**
 * Clean-up actions registered while the bench runs (server processes, browsers, temp dirs). They
 * run in reverse order from the main finally-block, and from the signal handler on Ctrl-C, because
 * chrome-launcher starts Chromium in its own process group, which a terminal's SIGINT misses.
 */
export class Cleanup {
  /** @type {Array<{ label: string, run: () => Promise<void> | void }>} */
  #actions = [];

  /**
   * @param {string} label
   * @param {() => Promise<void> | void} run
   * @returns {() => void} removes the action (call once the resource is released normally)
   */
  add(label, run) {
    const action = { label, run };
    this.#actions.push(action);
    return () => {
      this.#actions = this.#actions.filter((other) => other !== action);
    };
  }

  async runAll() {
    const actions = this.#actions.reverse();
    this.#actions = [];
    for (const action of actions) {
      try {
        await action.run();
      } catch (error) {
        console.error(`clean-up "${action.label}" failed: ${errorMessage(error)}`);
      }
    }
  }
}
