// @ts-check
/**
 * Server time: requests sent one after another (no queueing in front of the server), each answer's
 * `Server-Timing: app;dur=…` header read, percentiles reported. This is what the issues' "p95
 * server time" budgets mean; load under 50 connections is measured separately (load.mjs).
 */

/**
 * @typedef {{
 *   name: string,
 *   path: (index: number, base?: string) => string,   // index-dependent paths defeat the caches when wanted
 *   prepare?: (baseUrl: string) => Promise<string>,   // finds `base` on the running server (e.g. a product's address)
 *   requests?: number,
 *   budgetP95Ms: number,
 *   method?: 'GET' | 'POST',
 *   body?: unknown,                     // sent as JSON
 *   measure?: 'server' | 'round-trip',  // Server-Timing (default) or the client's whole round trip
 * }} ServerTimeProbe
 *
 * @typedef {{ p50: number, p95: number, max: number, requests: number }} ServerTimeResult
 */

/**
 * @param {number[]} values sorted ascending
 * @param {number} q 0-1
 */
function quantile(values, q) {
  if (values.length === 0) return NaN;
  const index = Math.min(values.length - 1, Math.ceil(q * values.length) - 1);
  return values[Math.max(index, 0)] ?? NaN;
}

/**
 * @param {string} baseUrl
 * @param {ServerTimeProbe} probe
 * @returns {Promise<ServerTimeResult>}
 */
export async function measureServerTime(baseUrl, probe) {
  const { performance } = await import('node:perf_hooks');
  const requests = probe.requests ?? 200;
  const base = probe.prepare ? await probe.prepare(baseUrl) : undefined;
  // Warm-up (first query plans, JIT), not counted.
  /** @param {number} index */
  const send = (index) =>
    fetch(new URL(probe.path(index, base), baseUrl), {
      method: probe.method ?? 'GET',
      ...(probe.body === undefined ? {} : { body: JSON.stringify(probe.body), headers: { 'content-type': 'application/json' } }),
    });
  for (let index = 0; index < 5; index += 1) await (await send(-1 - index)).arrayBuffer();
  /** @type {number[]} */
  const durations = [];
  for (let index = 0; index < requests; index += 1) {
    const started = performance.now();
    const response = await send(index);
    await response.arrayBuffer();
    const roundTrip = performance.now() - started;
    if (!response.ok) throw new Error(`${probe.name}: HTTP ${response.status} for ${probe.path(index, base)}`);
    if (probe.measure === 'round-trip') {
      durations.push(roundTrip);
      continue;
    }
    const header = response.headers.get('server-timing') ?? '';
    const match = /app;dur=([\d.]+)/.exec(header);
    if (!match?.[1]) throw new Error(`${probe.name}: no Server-Timing header in the answer`);
    durations.push(Number(match[1]));
  }
  durations.sort((a, b) => a - b);
  return {
    p50: Math.round(quantile(durations, 0.5) * 10) / 10,
    p95: Math.round(quantile(durations, 0.95) * 10) / 10,
    max: Math.round((durations.at(-1) ?? NaN) * 10) / 10,
    requests,
  };
}
