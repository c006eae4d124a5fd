/**
 * HTTP transport to RepairDesk (reference §1, spec 1 §8-§9): api_key as a query parameter,
 * client-side throttle, timeouts, retries, envelope parsing and the spec's French errors.
 *
 * The API key is only ever placed in the URL handed to fetch, and redirects are never followed
 * (a redirect would carry that URL, key included, to wherever it points): a 3xx answer is a
 * failure (REPAIR_UNAVAILABLE, not retried). Errors thrown from here carry fixed
 * French messages (never RepairDesk's body, an URL or a low-level error text), and log lines name
 * the path and the harmless query parameters only.
 */
import { deadline } from '../../../lib/deadline.js';
import { RepairBackendError } from '../types.js';
import { envelopeSchema, paginationSchema, type Pagination } from './records.js';
import type { Clock, Sleep, Throttle } from './throttle.js';
import { isRecord } from './values.js';

export const repairDeskMessages = {
  timeout: 'Requête interrompue par timeout - Veuillez réessayer',
  unavailable: 'Service temporairement indisponible',
  unavailableDevelopment: 'API non disponible en développement',
  rateLimited: 'Service temporairement indisponible',
  empty: 'Aucune donnée reçue malgré le succès HTTP',
  rejected: 'La requête a été refusée par le service de réparation',
  invalidAnswer: 'Service temporairement indisponible. Nos équipes travaillent sur le problème.',
  duplicateCustomer: 'Un client existe déjà avec cette adresse e-mail',
} as const;

type LogFn = (object: Record<string, unknown>, message: string) => void;
/** The subset of pino's logger the adapter uses (Fastify's `app.log` fits). */
export type RepairDeskLogger = { warn: LogFn; info: LogFn; debug: LogFn };

export type TransportSettings = {
  apiKey: string;
  baseUrl: string;
  production: boolean;
  log: RepairDeskLogger | undefined;
  throttle: Throttle;
  sleep: Sleep;
  now: Clock;
  serverErrorDelayMs: number;
  networkDelayMs: number;
  networkDelayMaxMs: number;
  rateLimitDelayMs: number;
  /** Longest Retry-After honoured; a longer one gives up at once. */
  maxRetryAfterMs: number;
  /** Longest wait for a throttle slot; null: the request's own timeout. */
  throttleMaxWaitMs: number | null;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT';
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  attempts: number;
  timeoutMs: number;
  /** HTTP 409 or in-body statusCode 409 means this (customer create/update). */
  conflictMessage?: string;
};

/** `none`: RepairDesk's "No Result Found" (statusCode 100) or a 404: no such record / empty list. */
export type Answer = { kind: 'data'; data: unknown } | { kind: 'none' };

/** Query parameters that may appear in logs: never api_key, never a keyword (names, e-mails…). */
const LOGGABLE_PARAMS = new Set(['page', 'pagesize', 'from_date', 'to_date', 'filter', 'status']);

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function createTransport(settings: TransportSettings) {
  const { apiKey, log } = settings;
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');

  /** Belt and braces: whatever ends up in a log line, the key does not. */
  const redact = (text: string) => (apiKey ? text.split(apiKey).join('[clé masquée]') : text);

  const describe = (method: string, path: string, query: RequestOptions['query']) => {
    const safe = Object.entries(query ?? {})
      .filter(([key, value]) => LOGGABLE_PARAMS.has(key) && value !== undefined)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join('&');
    return redact(`${method} /${path}${safe ? `?${safe}` : ''}`);
  };

  const warn = (fields: Record<string, unknown>, message: string) => log?.warn(fields, redact(message));

  const unavailable = () =>
    new RepairBackendError(
      'REPAIR_UNAVAILABLE',
      settings.production ? repairDeskMessages.unavailable : repairDeskMessages.unavailableDevelopment,
      503,
    );

  function buildUrl(path: string, query: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') params.set(key, String(value));
    }
    params.set('api_key', apiKey);
    return `${baseUrl}/${path.replace(/^\/+/, '')}?${params.toString()}`;
  }

  async function request(path: string, options: RequestOptions): Promise<Answer> {
    const method = options.method ?? 'GET';
    const what = describe(method, path, options.query);
    const url = buildUrl(path, options.query);
    const attempts = Math.max(1, options.attempts);

    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= attempts;
      let release: () => void;
      try {
        release = await settings.throttle.acquire(settings.throttleMaxWaitMs ?? options.timeoutMs);
      } catch (error) {
        warn({ request: what, attempt }, 'RepairDesk\u00a0: trop de requêtes en attente, abandon');
        throw error;
      }
      const started = settings.now();
      let status: number;
      let bodyText: string;
      let retryAfter: string | null;
      const limit = deadline(options.timeoutMs);
      try {
        const response = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            ...(options.body ? { 'content-type': 'application/json' } : {}),
          },
          body: options.body ? JSON.stringify(options.body) : undefined,
          signal: limit.signal,
          redirect: 'manual',
        });
        status = response.status;
        if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
          release();
          await response.body?.cancel().catch(() => undefined);
          // Not followed, not retried; the Location is not logged (it may repeat the query).
          warn({ request: what, attempt, status }, 'RepairDesk\u00a0: redirection refusée');
          throw unavailable();
        }
        retryAfter = response.headers.get('retry-after');
        bodyText = await response.text();
        release();
      } catch (error) {
        release();
        if (error instanceof RepairBackendError) throw error;
        if (isTimeout(error)) {
          // Not retried: the caller already waited the whole timeout; the message asks to try again.
          warn({ request: what, attempt, timeoutMs: options.timeoutMs }, 'RepairDesk\u00a0: délai dépassé');
          throw new RepairBackendError('REPAIR_TIMEOUT', repairDeskMessages.timeout, 504);
        }
        const code = isRecord(error) && isRecord(error.cause) && typeof error.cause.code === 'string' ? error.cause.code : 'NETWORK';
        if (last) {
          warn({ request: what, attempt, code }, 'RepairDesk injoignable, abandon');
          throw unavailable();
        }
        const delay = Math.min(settings.networkDelayMs * 2 ** (attempt - 1), settings.networkDelayMaxMs);
        warn({ request: what, attempt, code, delayMs: delay }, 'RepairDesk injoignable, nouvel essai');
        await settings.sleep(delay);
        continue;
      } finally {
        limit.done();
      }
      log?.debug({ request: what, attempt, status, ms: Math.round(settings.now() - started) }, 'RepairDesk');

      const parsed = parseBody(bodyText);
      const envelope = parsed === undefined ? null : envelopeSchema.safeParse(parsed);
      const inBody = envelope?.success ? envelope.data : null;
      const effective = status >= 200 && status < 300 && inBody && !inBody.success && inBody.statusCode >= 400 ? inBody.statusCode : status;

      if (effective === 429) {
        const wait = retryAfterMs(retryAfter, Date.now()) ?? settings.rateLimitDelayMs;
        if (last || wait > settings.maxRetryAfterMs) {
          warn({ request: what, attempt, status: 429 }, 'RepairDesk\u00a0: limite de requêtes atteinte, abandon');
          throw new RepairBackendError('REPAIR_RATE_LIMITED', repairDeskMessages.rateLimited, 503);
        }
        warn({ request: what, attempt, status: 429, delayMs: wait }, 'RepairDesk\u00a0: limite de requêtes atteinte, attente');
        await settings.sleep(wait);
        continue;
      }

      if (effective >= 500 || (status >= 200 && status < 300 && !inBody)) {
        // A 5xx, or a 2xx that is not RepairDesk's JSON (an HTML error page from a proxy): retried.
        if (last) {
          warn({ request: what, attempt, status }, 'RepairDesk en erreur, abandon');
          throw effective >= 500
            ? new RepairBackendError('REPAIR_UNAVAILABLE', repairDeskMessages.unavailable, 503)
            : new RepairBackendError('REPAIR_UNAVAILABLE', repairDeskMessages.invalidAnswer, 502);
        }
        const delay = settings.serverErrorDelayMs * attempt;
        warn({ request: what, attempt, status, delayMs: delay }, 'RepairDesk en erreur, nouvel essai');
        await settings.sleep(delay);
        continue;
      }

      if (inBody && !inBody.success && (inBody.statusCode === 100 || /no result found/i.test(inBody.message))) {
        return { kind: 'none' };
      }
      if (effective === 404) return { kind: 'none' };
      if (effective === 409 && options.conflictMessage) {
        throw new RepairBackendError('REPAIR_REJECTED', options.conflictMessage, 409);
      }
      if (effective >= 400 || (inBody && !inBody.success)) {
        // RepairDesk's own message is not repeated: it may quote the request, key included.
        warn({ request: what, attempt, status, statusCode: inBody?.statusCode }, 'RepairDesk a refusé la requête');
        throw new RepairBackendError('REPAIR_REJECTED', repairDeskMessages.rejected, 502);
      }
      if (!inBody) {
        warn({ request: what, attempt, status }, 'RepairDesk\u00a0: réponse illisible');
        throw new RepairBackendError('REPAIR_UNAVAILABLE', repairDeskMessages.invalidAnswer, 502);
      }
      const data = inBody.data;
      if (data === undefined || data === null || data === '' || data === false) {
        warn({ request: what, attempt, status }, 'RepairDesk\u00a0: succès sans données');
        throw new RepairBackendError('REPAIR_EMPTY_RESPONSE', repairDeskMessages.empty, 502);
      }
      return { kind: 'data', data };
    }
  }

  return { request, describe };
}

export type Transport = ReturnType<typeof createTransport>;

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// ───────────────────────────── Pages ─────────────────────────────

export type Page = { items: unknown[]; total: number; hasNext: boolean; pagination: Pagination | null };

/**
 * The items of a list answer: `data.<key>` (ticketData, customerData…) with `data.pagination`;
 * also a bare array, or the first array under `data` (some endpoints name it differently).
 * Null when `data` holds no list at all.
 */
export function readPage(data: unknown, key: string, pageSize: number): Page | null {
  let items: unknown[] | null = null;
  let pagination: Pagination | null = null;
  if (Array.isArray(data)) {
    items = data;
  } else if (isRecord(data)) {
    const named = data[key];
    items = Array.isArray(named) ? named : (Object.values(data).find(Array.isArray) ?? null);
    if (isRecord(data.pagination)) pagination = paginationSchema.parse(data.pagination);
    if (items === null && pagination) items = [];
  }
  if (items === null) return null;
  const total = pagination && pagination.total_records >= 0 ? pagination.total_records : items.length;
  const hasNext = pagination ? pagination.next_page_exist : items.length >= pageSize;
  return { items, total, hasNext, pagination };
}

export const emptyPage: Page = { items: [], total: 0, hasNext: false, pagination: null };
