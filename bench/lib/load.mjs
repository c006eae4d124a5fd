// @ts-check
/** Load phase: autocannon against the ceiling endpoint, then every endpoint of the list. */
import autocannon from 'autocannon';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.mjs';

/**
 * @typedef {import('../endpoints.mjs').Endpoint} Endpoint
 * @typedef {{
 *   name: string,
 *   method: string,
 *   path: string,
 *   connections: number,
 *   durationS: number,
 *   requestsPerSecond: number,
 *   ratioToCeiling: number | null,
 *   latencyMs: { average: number, p50: number, p97_5: number, p99: number, max: number },
 *   requests: number,
 *   non2xx: number,
 *   errors: number,
 *   timeouts: number,
 *   statusCodes: Record<string, number>,
 * }} EndpointResult
 */

/**
 * @param {string} baseUrl
 * @returns {Promise<string>}
 */
async function adminToken(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, rememberMe: false }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = /** @type {{ token?: string, message?: string }} */ (await response.json().catch(() => ({})));
  if (!response.ok || typeof body.token !== 'string') {
    throw new Error(`admin login for the bench failed: ${response.status} ${body.message ?? ''}`.trim());
  }
  return body.token;
}

/**
 * The request autocannon will repeat, with auth resolved.
 * @param {Endpoint} endpoint
 * @param {() => Promise<string>} token
 */
async function requestOf(endpoint, token) {
  /** @type {Record<string, string>} */
  const headers = { ...endpoint.headers };
  if (endpoint.auth === 'admin') headers.authorization = `Bearer ${await token()}`;
  /** @type {string | undefined} */
  let body;
  if (endpoint.body !== undefined) {
    body = JSON.stringify(endpoint.body);
    headers['content-type'] ??= 'application/json';
  }
  return { method: endpoint.method ?? 'GET', headers, body };
}

/**
 * @param {{
 *   baseUrl: string,
 *   ceiling: Endpoint,
 *   endpoints: Endpoint[],
 *   durationS: number,
 *   connections: number,
 *   log: (line: string) => void,
 * }} options
 * @returns {Promise<Array<{ endpoint: Endpoint, result: EndpointResult | null, error: string | null }>>}
 */
export async function runLoad({ baseUrl, ceiling, endpoints, durationS, connections, log }) {
  /** @type {Promise<string> | undefined} */
  let tokenPromise;
  const token = () => (tokenPromise ??= adminToken(baseUrl));
  const warmupS = Math.min(2, durationS);

  /** @type {Array<{ endpoint: Endpoint, result: EndpointResult | null, error: string | null }>} */
  const outcomes = [];
  /** @type {number | null} */
  let ceilingRps = null;
  for (const [index, endpoint] of [ceiling, ...endpoints].entries()) {
    try {
      const request = await requestOf(endpoint, token);
      const url = `${baseUrl}${endpoint.path}`;
      // One plain request first: a wrong path or a missing login fails here with its status,
      // instead of producing a meaningless "fast" run of 404s.
      const probe = await fetch(url, { ...request, signal: AbortSignal.timeout(10_000) });
      const probeText = await probe.text();
      if (probe.status < 200 || probe.status > 299) {
        throw new Error(`${request.method} ${endpoint.path} answered ${probe.status}: ${probeText.slice(0, 200)}`);
      }
      log(`  ${endpoint.name}: warm-up ${warmupS} s, then ${durationS} s with ${connections} connections…`);
      const options = { url, connections, ...request };
      await autocannon({ ...options, duration: warmupS });
      const raw = await autocannon({ ...options, duration: durationS });
      /** @type {Record<string, number>} */
      const statusCodes = {};
      for (const [code, stats] of Object.entries(raw.statusCodeStats ?? {})) statusCodes[code] = Number(stats.count);
      const requestsPerSecond = Math.round(raw.requests.average * 10) / 10;
      if (index === 0) ceilingRps = requestsPerSecond;
      outcomes.push({
        endpoint,
        error: null,
        result: {
          name: endpoint.name,
          method: request.method,
          path: endpoint.path,
          connections,
          durationS,
          requestsPerSecond,
          ratioToCeiling: ceilingRps ? requestsPerSecond / ceilingRps : null,
          latencyMs: {
            average: raw.latency.average,
            p50: raw.latency.p50,
            p97_5: raw.latency.p97_5,
            p99: raw.latency.p99,
            max: raw.latency.max,
          },
          requests: raw.requests.total,
          non2xx: raw.non2xx,
          errors: raw.errors,
          timeouts: raw.timeouts,
          statusCodes,
        },
      });
    } catch (error) {
      outcomes.push({ endpoint, result: null, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}
