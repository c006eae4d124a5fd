// @ts-check
/** Latencies and statuses per request kind, and their summary (nearest-rank percentiles). */

/**
 * @typedef {{
 *   kind: string,
 *   requests: number,
 *   perSecond: number,
 *   latencyMs: { p50: number, p95: number, p99: number, max: number, mean: number },
 *   statuses: Record<string, number>,
 * }} KindSummary
 */

/**
 * Nearest-rank percentile of sorted values (NaN when empty).
 * @param {number[]} sorted ascending
 * @param {number} p 0-100
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]);
}

/** @param {number} value */
const round1 = (value) => Math.round(value * 10) / 10;

export class Recorder {
  /** @type {Map<string, { latencies: number[], statuses: Map<string, number> }>} */
  #kinds = new Map();
  /** Requests by the second they were sent in (from `origin`): latencies, to see a stall when it happened. */
  /** @type {Map<number, number[]>} */
  #timeline = new Map();
  origin = 0;

  /**
   * @param {string} kind e.g. 'catalogue.list'
   * @param {string} status the HTTP status, or 'network' / 'timeout'
   * @param {number} ms
   * @param {number} [sentAt] performance.now() when the request was sent
   */
  record(kind, status, ms, sentAt) {
    if (sentAt !== undefined) {
      const bucket = Math.max(0, Math.floor((sentAt - this.origin) / 5000));
      const latencies = this.#timeline.get(bucket) ?? [];
      latencies.push(ms);
      this.#timeline.set(bucket, latencies);
    }
    let entry = this.#kinds.get(kind);
    if (!entry) {
      entry = { latencies: [], statuses: new Map() };
      this.#kinds.set(kind, entry);
    }
    entry.latencies.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  }

  /**
   * Requests sent in each 5 s window of the run: count, p95 and max latency.
   * @returns {{ fromS: number, requests: number, p95Ms: number, maxMs: number }[]}
   */
  timeline() {
    return [...this.#timeline.entries()]
      .sort(([a], [b]) => a - b)
      .map(([bucket, latencies]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        return { fromS: bucket * 5, requests: sorted.length, p95Ms: round1(percentile(sorted, 95)), maxMs: round1(/** @type {number} */ (sorted[sorted.length - 1])) };
      });
  }

  /** @returns {number} */
  total() {
    let sum = 0;
    for (const entry of this.#kinds.values()) sum += entry.latencies.length;
    return sum;
  }

  /**
   * @param {number} seconds the measured window, for the rates
   * @returns {{ kinds: KindSummary[], all: KindSummary, statuses: Record<string, number> }}
   */
  summary(seconds) {
    /** @type {KindSummary[]} */
    const kinds = [];
    /** @type {number[]} */
    const everything = [];
    /** @type {Record<string, number>} */
    const statuses = {};
    /**
     * @param {string} kind
     * @param {number[]} latencies
     * @param {Record<string, number>} byStatus
     * @returns {KindSummary}
     */
    const summarise = (kind, latencies, byStatus) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      const sum = sorted.reduce((total, value) => total + value, 0);
      return {
        kind,
        requests: sorted.length,
        perSecond: round1(sorted.length / Math.max(seconds, 0.001)),
        latencyMs: {
          p50: round1(percentile(sorted, 50)),
          p95: round1(percentile(sorted, 95)),
          p99: round1(percentile(sorted, 99)),
          max: round1(sorted.length ? /** @type {number} */ (sorted[sorted.length - 1]) : Number.NaN),
          mean: round1(sorted.length ? sum / sorted.length : Number.NaN),
        },
        statuses: byStatus,
      };
    };
    for (const [kind, entry] of [...this.#kinds.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const byStatus = Object.fromEntries([...entry.statuses.entries()].sort(([a], [b]) => a.localeCompare(b)));
      for (const [status, count] of Object.entries(byStatus)) statuses[status] = (statuses[status] ?? 0) + count;
      for (const value of entry.latencies) everything.push(value);
      kinds.push(summarise(kind, entry.latencies, byStatus));
    }
    return { kinds, all: summarise('all', everything, statuses), statuses };
  }
}
