// @ts-check
/**
 * One simulated visitor's HTTP client: every request carries the visitor's own address
 * (x-forwarded-for, read by the server with TRUST_PROXY=true), is timed, and its status is
 * recorded under a request kind. Answers outside what the kind allows are kept as anomalies.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';

const REQUEST_TIMEOUT_MS = 30_000;
const SAMPLES_PER_KEY = 5;

/**
 * Connections kept open between requests, as a browser keeps them (until the server closes an
 * idle one), rather than fetch's 4 s: a tracking page polling every 5 s reuses its connection.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** Closes the kept connections (end of the run). */
export function closeConnections() {
  agent.destroy();
}

/**
 * One HTTP/1.1 request over the shared keep-alive agent; the body is decompressed as a browser
 * does (the request asks for gzip and br like one).
 * @param {string} url
 * @param {{ method: string, headers: Record<string, string>, body?: string }} options
 * @returns {Promise<{ status: number, text: string }>}
 */
export function httpRequest(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { 'accept-encoding': 'gzip, br', ...headers }, agent }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(/** @type {Buffer} */ (chunk)));
      response.on('error', reject);
      response.on('end', () => {
        clearTimeout(timer);
        try {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const decoded = encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'br' ? zlib.brotliDecompressSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, text: decoded.toString('utf8') });
        } catch (error) {
          reject(/** @type {Error} */ (error));
        }
      });
    });
    const timer = setTimeout(() => {
      const error = new Error(`no answer after ${REQUEST_TIMEOUT_MS / 1000} s`);
      error.name = 'TimeoutError';
      request.destroy(error);
    }, REQUEST_TIMEOUT_MS);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (body !== undefined) request.end(body);
    else request.end();
  });
}

/**
 * @typedef {import('./stats.mjs').Recorder} Recorder
 * @typedef {{ kind: string, status: string, code: string, message: string, path: string }} Anomaly
 * @typedef {{ status: number, ok: boolean, body: Record<string, unknown>, ms: number }} Answer
 */

/** Unexpected answers (any 5xx, network error, or a status the request kind does not allow): counted, a few kept. */
export class Anomalies {
  /** @type {Map<string, number>} */
  counts = new Map();
  /** @type {Anomaly[]} */
  samples = [];

  /** @param {Anomaly} anomaly */
  add(anomaly) {
    const key = `${anomaly.kind} ${anomaly.status}${anomaly.code ? ` ${anomaly.code}` : ''}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (count <= SAMPLES_PER_KEY) this.samples.push(anomaly);
  }

  total() {
    let sum = 0;
    for (const count of this.counts.values()) sum += count;
    return sum;
  }
}

export class VisitorClient {
  #baseUrl;
  #ip;
  #recorder;
  #anomalies;

  /**
   * @param {{ baseUrl: string, ip: string, recorder: Recorder, anomalies: Anomalies }} options
   */
  constructor({ baseUrl, ip, recorder, anomalies }) {
    this.#baseUrl = baseUrl;
    this.#ip = ip;
    this.#recorder = recorder;
    this.#anomalies = anomalies;
  }

  get ip() {
    return this.#ip;
  }

  /**
   * @param {string} kind
   * @param {string} path
   * @param {{ method?: string, body?: unknown, allow: readonly number[], allowCodes?: Readonly<Record<number, readonly string[]>> }} options
   *   `allowCodes`: for a refusal status, the error codes it may carry (any other code is an anomaly)
   * @returns {Promise<Answer | null>} null on a network error or a timeout (recorded)
   */
  async request(kind, path, { method = 'GET', body, allow, allowCodes = {} }) {
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json', 'x-forwarded-for': this.#ip };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = this.#baseUrl;
    }
    const started = performance.now();
    let response;
    let text;
    try {
      response = await httpRequest(`${this.#baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      text = response.text;
    } catch (error) {
      const ms = performance.now() - started;
      const timeout = error instanceof Error && error.name === 'TimeoutError';
      const status = timeout ? 'timeout' : 'network';
      this.#recorder.record(kind, status, ms, started);
      this.#anomalies.add({ kind, status, code: '', message: error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error), path });
      return null;
    }
    const ms = performance.now() - started;
    this.#recorder.record(kind, String(response.status), ms, started);
    /** @type {Record<string, unknown>} */
    let parsed = {};
    try {
      const value = /** @type {unknown} */ (JSON.parse(text));
      if (value && typeof value === 'object') parsed = /** @type {Record<string, unknown>} */ (value);
    } catch {
      parsed = { unparsed: text.slice(0, 200) };
    }
    const code = typeof parsed.code === 'string' ? parsed.code : '';
    const codes = allowCodes[response.status];
    const ok = response.status >= 200 && response.status < 300;
    const allowed = allow.includes(response.status) && (codes === undefined || codes.includes(code));
    if (!allowed || response.status >= 500) {
      const message = typeof parsed.message === 'string' ? parsed.message : typeof parsed.unparsed === 'string' ? parsed.unparsed : '';
      this.#anomalies.add({ kind, status: String(response.status), code, message: message.slice(0, 300), path: path.replace(/key=[^&]+/, 'key=***') });
    }
    return { status: response.status, ok, body: parsed, ms };
  }
}
