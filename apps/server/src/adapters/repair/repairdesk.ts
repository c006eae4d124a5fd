/**
 * The RepairDesk backend (issue 3; reference/external-apis.md §1; spec 1 §7-§9): the same
 * `RepairBackend` as our tables, read from RepairDesk's public API.
 *
 * Decisions worth knowing:
 * - Pages: RepairDesk's docs say page "defaults to 0", every public client counts from 1 and gets
 *   the first page. We send 1 for the first page (`firstPage` option to switch to 0). An
 *   offset/limit window becomes `pagesize = limit` and the one or two pages covering it.
 * - Without dates RepairDesk lists only today's tickets (and the last days' invoices): lists
 *   without a date range send `filter=0` (all).
 * - Filters RepairDesk does not have are applied here, over a capped scan of the list
 *   (`scanPageSize` × `scanMaxPages`, 200 × 10 by default, newest first, 2 attempts per page):
 *   tickets and invoices of one customer (`customerId`), customers by `referredBy`. A ticket
 *   keyword is sent to RepairDesk to narrow the list, then matched again here on public fields
 *   only (number, device name, brand, model, fault): RepairDesk's own search also matches names
 *   and phone numbers, which anonymous visitors must not be able to search on. These scans cost
 *   up to `scanMaxPages` requests; hitting the cap is logged.
 * - One customer's tickets or invoices: the customer is read first (memoised) and its e-mail
 *   address is sent as RepairDesk's keyword, which narrows the list to that customer's records
 *   (RepairDesk's search matches the customer's e-mail) however old they are; the customer id is
 *   still checked here, it is the real ownership test, and a caller's own keyword is then
 *   matched here. Customers without an e-mail address fall back to the capped scan.
 * - Throttle: at most 50 requests per rolling minute per backend instance (see throttle.ts).
 *   Requests over the limit wait, at most their own timeout and at most 100 of them; beyond,
 *   REPAIR_RATE_LIMITED (503). Retries and scans go through it too.
 * - Memo (per instance, in memory; `invalidate()` forgets all of it):
 *   · the history of a ticket read by id, 30 s (200 tickets): the lookup reads the ticket, then
 *     its history, from one `GET /tickets/{id}`; "no such ticket" by id or number, 30 s; the id
 *     of a ticket number, 30 s;
 *   · customers, 60 s for getCustomer (pages of tickets and invoices ask for each of their
 *     customers), 5 minutes for the e-mail of the customer-scoped lists; forgotten when the
 *     customer is created or updated through this backend. An update always reads the customer
 *     afresh (RepairDesk's PUT replaces the whole record);
 *   · the store's statuses, 5 minutes, for filtering the history (the public listStatuses always
 *     asks RepairDesk);
 *   · categories and brands derived from the inventory (below), 5 minutes.
 *   Inventory lists are not cached here: the server's inventory cache does (and is invalidated
 *   by the writers); concurrent identical requests share one call.
 * - Categories and brands come from `/inventory/categories` and `/inventory/brands` (paths not
 *   confirmed publicly); when RepairDesk answers 404 or "No Result Found", both are the distinct
 *   names of the inventory's items, with ids numbered in alphabetical order, computed from one
 *   scan of the inventory shared by both lists and by concurrent callers.
 * - The history shown to visitors is free text turned into status changes (history.ts); only
 *   changes between known statuses are kept: the store's, the ticket's devices', the shared
 *   defaults and the statuses of the shared English→French table.
 * - A customer update reads the customer and sends the full record (RepairDesk's PUT replaces).
 */
import { LRUCache } from 'lru-cache';
import { normaliseTicketNumber, type StatusDefinition } from '@erepare/shared/tickets';
import {
  RepairBackendError,
  type BackendPing,
  type CustomerInput,
  type CustomerRecord,
  type InventoryItemRecord,
  type InvoiceRecord,
  type NamedRecord,
  type RepairBackend,
  type TicketEventRecord,
  type TicketRecord,
} from './types.js';
import {
  customerInputOf,
  hasCustomerFields,
  sharedStatusNames,
  toCustomerRecord,
  toCustomerBody,
  toInventoryRecord,
  toInvoiceRecord,
  toNamedRecords,
  toStatusDefinitions,
  toTicket,
  type ParsedTicket,
} from './repairdesk/records.js';
import { toStatusEvents, type RawHistoryEntry } from './repairdesk/history.js';
import { createThrottle, type Clock, type Sleep } from './repairdesk/throttle.js';
import {
  createTransport,
  emptyPage,
  readPage,
  repairDeskMessages,
  type Answer,
  type Page,
  type RepairDeskLogger,
  type RequestOptions,
} from './repairdesk/transport.js';
import { asId, isRecord, unixSeconds } from './repairdesk/values.js';

export { repairDeskMessages, type RepairDeskLogger } from './repairdesk/transport.js';

export type RepairDeskTimeouts = {
  /** Every call but the inventory's (spec 1 §9: 10 s). */
  defaultMs: number;
  /** Inventory, categories, brands (20 s). */
  inventoryMs: number;
  /** Inventory pages of `inventoryLargePageSize` items or more (30 s). */
  inventoryLargeMs: number;
  inventoryLargePageSize: number;
};

export type RepairDeskLimits = {
  /** Client-side throttle: requests per rolling window (RepairDesk allows 50 per minute). */
  requestsPerWindow: number;
  windowMs: number;
  /** Most requests waiting for a throttle slot; one more fails at once (REPAIR_RATE_LIMITED). */
  throttleQueueMax: number;
  /** Longest wait for a throttle slot; null (default): the request's own timeout. */
  throttleMaxWaitMs: number | null;
  /** Attempts per request (spec 1 §9): 3, customer creation 1, pages of a multi-page load 2. */
  attempts: number;
  createAttempts: number;
  progressiveAttempts: number;
  /** Wait before retrying a 5xx: this × the attempt number. */
  serverErrorDelayMs: number;
  /** Wait before retrying a network error: this × 2^(attempt − 1), at most networkDelayMaxMs. */
  networkDelayMs: number;
  networkDelayMaxMs: number;
  /** Wait after a 429 without Retry-After. */
  rateLimitDelayMs: number;
  /** A Retry-After longer than this gives up at once (REPAIR_RATE_LIMITED). */
  maxRetryAfterMs: number;
  /** Ticket memo: histories of tickets read by id, "not found" answers, ids of ticket numbers. */
  ticketMemoTtlMs: number;
  ticketMemoMax: number;
  /** Customers read by id: reused this long by getCustomer… */
  customerMemoTtlMs: number;
  /** …and this long for the e-mail address of the customer-scoped lists. */
  customerScopeTtlMs: number;
  customerMemoMax: number;
  /** The store's statuses, for filtering ticket histories. */
  statusesTtlMs: number;
  /** Categories and brands derived from the inventory (when RepairDesk has no list of them). */
  derivedListsTtlMs: number;
  /** Filters applied on our side scan at most scanMaxPages pages of scanPageSize records. */
  scanPageSize: number;
  scanMaxPages: number;
  /** Page size when reading the whole inventory (categories and brands derived from the items). */
  inventoryScanPageSize: number;
  /** Page size of the searches by ticket number and by e-mail. */
  lookupPageSize: number;
};

export const repairDeskDefaults: { timeouts: Readonly<RepairDeskTimeouts>; limits: Readonly<RepairDeskLimits> } = {
  timeouts: { defaultMs: 10_000, inventoryMs: 20_000, inventoryLargeMs: 30_000, inventoryLargePageSize: 5000 },
  limits: {
    requestsPerWindow: 50,
    windowMs: 60_000,
    throttleQueueMax: 100,
    throttleMaxWaitMs: null,
    attempts: 3,
    createAttempts: 1,
    progressiveAttempts: 2,
    serverErrorDelayMs: 1000,
    networkDelayMs: 1000,
    networkDelayMaxMs: 5000,
    rateLimitDelayMs: 5000,
    maxRetryAfterMs: 60_000,
    ticketMemoTtlMs: 30_000,
    ticketMemoMax: 200,
    customerMemoTtlMs: 60_000,
    customerScopeTtlMs: 5 * 60_000,
    customerMemoMax: 1000,
    statusesTtlMs: 5 * 60_000,
    derivedListsTtlMs: 5 * 60_000,
    scanPageSize: 200,
    scanMaxPages: 10,
    inventoryScanPageSize: 1000,
    lookupPageSize: 50,
  },
};

export type RepairDeskBackendOptions = {
  apiKey: string;
  /** e.g. https://api.repairdesk.co/api/web/v1 (config.repair.baseUrl). */
  baseUrl: string;
  /** Chooses the network-failure message (spec 1 §8). */
  production: boolean;
  log?: RepairDeskLogger;
  timeouts?: Partial<RepairDeskTimeouts>;
  limits?: Partial<RepairDeskLimits>;
  /** Waits between attempts and in the throttle (tests pass a recording, instant one). */
  sleep?: Sleep;
  /** Monotonic milliseconds for the throttle, the memo and latencies (performance.now by default). */
  now?: Clock;
  /** Number of RepairDesk's first page: 1 (default) or 0. */
  firstPage?: 0 | 1;
  /** Value of one loyalty point in cents, when RepairDesk gives `loyalty_points` rather than `loyalty_balance` (1 by default). */
  loyaltyPointCents?: number;
  /** Where online payments are posted (issue 24 §4; inferred, see docs/decisions.md): invoice/addpayment by default. */
  paymentPath?: string;
};

type ListResult<T> = { items: T[]; total: number };

/** Dates before RepairDesk existed: the lower bound of a range given only an end. */
const EARLIEST_UNIX = 946_684_800;

function notNull<T>(value: T | null): value is T {
  return value !== null;
}

/** A single-object answer read by id: the id is the one asked for when the object omits it. */
function withId(data: Record<string, unknown>, id: number): Record<string, unknown> {
  return isRecord(data.summary) ? { ...data, summary: { id, ...data.summary } } : { id, ...data };
}

/** setTimeout, ended early (resolved) when the signal aborts. */
const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** What the ticket memo knows of a ticket id or number. */
type TicketMemo =
  | { kind: 'found'; historyEntries: RawHistoryEntry[]; deviceStatuses: string[] }
  | { kind: 'number'; id: number }
  | { kind: 'missing' };

type DerivedLists = { categories: NamedRecord[]; brands: NamedRecord[] };

export function createRepairDeskBackend(options: RepairDeskBackendOptions): RepairBackend {
  const timeouts: RepairDeskTimeouts = { ...repairDeskDefaults.timeouts, ...options.timeouts };
  const limits: RepairDeskLimits = { ...repairDeskDefaults.limits, ...options.limits };
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? (() => performance.now());
  const firstPage = options.firstPage ?? 1;
  const log = options.log;
  const mapping = { loyaltyPointCents: options.loyaltyPointCents ?? 1 };

  const throttle = createThrottle({
    limit: limits.requestsPerWindow,
    windowMs: limits.windowMs,
    now,
    sleep,
    maxWaitMs: limits.throttleMaxWaitMs ?? timeouts.defaultMs,
    maxQueue: limits.throttleQueueMax,
  });
  const transport = createTransport({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    production: options.production,
    log,
    throttle,
    sleep,
    now,
    serverErrorDelayMs: limits.serverErrorDelayMs,
    networkDelayMs: limits.networkDelayMs,
    networkDelayMaxMs: limits.networkDelayMaxMs,
    rateLimitDelayMs: limits.rateLimitDelayMs,
    maxRetryAfterMs: limits.maxRetryAfterMs,
    throttleMaxWaitMs: limits.throttleMaxWaitMs,
  });

  // ───────────────────────── Memo ─────────────────────────

  const clock = { ttlResolution: 0, perf: { now } };
  const ticketMemo = new LRUCache<string, TicketMemo>({ max: limits.ticketMemoMax, ttl: limits.ticketMemoTtlMs, ...clock });
  const customerMemo = new LRUCache<number, { record: CustomerRecord; at: number }>({
    max: limits.customerMemoMax,
    ttl: Math.max(limits.customerMemoTtlMs, limits.customerScopeTtlMs),
    ...clock,
  });
  let statusesMemo: { names: string[]; at: number } | null = null;
  let derivedMemo: { lists: DerivedLists; at: number } | null = null;
  /** Category/brand endpoints that answered 404 or "No Result Found" (forgotten with the derived lists). */
  const missingEndpoints = new Set<string>();
  /**
   * Bumped by every invalidation: a read that started before it does not store its (possibly
   * stale) answer. Customers have their own, bumped by customer writes too.
   */
  let generation = 0;
  let customerGeneration = 0;
  /**
   * Concurrent identical reads share one call. Keys carry the generation: a read started before
   * an invalidation is not handed to a caller that comes after it.
   */
  const inFlight = new Map<string, Promise<unknown>>();

  function shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const loading = load().finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
    return loading;
  }

  function forgetCustomer(id: number): void {
    customerGeneration += 1;
    customerMemo.delete(id);
  }

  const empty = () => new RepairBackendError('REPAIR_EMPTY_RESPONSE', repairDeskMessages.empty, 502);
  const inventoryTimeout = (pageSize: number) =>
    pageSize >= timeouts.inventoryLargePageSize ? timeouts.inventoryLargeMs : timeouts.inventoryMs;

  type ListSpec = { path: string; key: string; query: RequestOptions['query']; timeoutMs: number };

  async function fetchPage(spec: ListSpec, index: number, size: number, attempts: number): Promise<Page> {
    const answer = await transport.request(spec.path, {
      query: { ...spec.query, page: index + firstPage, pagesize: size },
      attempts,
      timeoutMs: spec.timeoutMs,
    });
    if (answer.kind === 'none') return emptyPage;
    const page = readPage(answer.data, spec.key, size);
    if (!page) throw empty();
    return page;
  }

  /** Records offset..offset+limit of RepairDesk's order: the one or two pages of size `limit` covering them. */
  async function windowOf<T>(spec: ListSpec, offset: number, limit: number, map: (raw: unknown) => T | null): Promise<ListResult<T>> {
    if (limit <= 0) {
      const page = await fetchPage(spec, 0, 1, limits.attempts);
      return { items: [], total: page.total };
    }
    const first = Math.floor(offset / limit);
    const last = Math.floor((offset + limit - 1) / limit);
    const raws: unknown[] = [];
    let counted: number | null = null;
    for (let index = first; index <= last; index += 1) {
      const page = await fetchPage(spec, index, limit, index === first ? limits.attempts : limits.progressiveAttempts);
      if (index === first && page.pagination) counted = page.total;
      raws.push(...page.items);
      if (!page.hasNext) break;
    }
    const skip = offset - first * limit;
    if (counted === null && first > 0 && raws.length === 0) {
      // Past the end RepairDesk says "No Result Found", without a count: the first page has it.
      const head = await fetchPage(spec, 0, 1, limits.attempts);
      counted = head.pagination ? head.total : head.items.length;
    }
    // Without pagination (older answers), what was seen is all that is known.
    const total = counted ?? first * limit + raws.length;
    return { items: raws.slice(skip, skip + limit).map(map).filter(notNull), total };
  }

  /** Every record of a list that `keep` accepts, over at most scanMaxPages pages. */
  async function scan<T>(spec: ListSpec, pageSize: number, map: (raw: unknown) => T | null, keep: (record: T) => boolean): Promise<T[]> {
    const found: T[] = [];
    for (let index = 0; index < limits.scanMaxPages; index += 1) {
      const page = await fetchPage(spec, index, pageSize, limits.progressiveAttempts);
      for (const raw of page.items) {
        const record = map(raw);
        if (record !== null && keep(record)) found.push(record);
      }
      if (!page.hasNext || page.items.length === 0) return found;
    }
    log?.warn(
      { request: transport.describe('GET', spec.path, spec.query), pages: limits.scanMaxPages, pageSize },
      'RepairDesk : filtre appliqué aux premières pages seulement',
    );
    return found;
  }

  async function scanWindow<T>(spec: ListSpec, offset: number, limit: number, map: (raw: unknown) => T | null, keep: (record: T) => boolean): Promise<ListResult<T>> {
    const found = await scan(spec, limits.scanPageSize, map, keep);
    return { items: found.slice(offset, offset + Math.max(0, limit)), total: found.length };
  }

  /** A single-object endpoint: the object, or null for "No Result Found" / 404. */
  async function single(path: string, attempts = limits.attempts): Promise<Record<string, unknown> | null> {
    const answer = await transport.request(path, { attempts, timeoutMs: timeouts.defaultMs });
    if (answer.kind === 'none') return null;
    const data = Array.isArray(answer.data) && answer.data.length === 1 ? (answer.data[0] as unknown) : answer.data;
    if (!isRecord(data) || Object.keys(data).length === 0) throw empty();
    return data;
  }

  // ───────────────────────── Statuses ─────────────────────────

  async function fetchStatuses(): Promise<StatusDefinition[]> {
    const started = generation;
    const answer = await transport.request('statuses', { attempts: limits.attempts, timeoutMs: timeouts.defaultMs });
    let statuses: StatusDefinition[] = [];
    if (answer.kind === 'data') {
      const page = readPage(answer.data, 'statusData', Number.POSITIVE_INFINITY);
      if (!page) throw empty();
      statuses = toStatusDefinitions(page.items);
    }
    if (started === generation) statusesMemo = { names: statuses.map((status) => status.name), at: now() };
    return statuses;
  }

  /**
   * Names of the store's statuses (memoised), for filtering histories. When RepairDesk cannot be
   * asked, none: the history then keeps the changes between the other known statuses only.
   */
  async function storeStatusNames(): Promise<string[]> {
    if (statusesMemo && now() - statusesMemo.at < limits.statusesTtlMs) return statusesMemo.names;
    try {
      return (await shared(`statuses:${generation}`, fetchStatuses)).map((status) => status.name);
    } catch (error) {
      log?.warn({ code: error instanceof RepairBackendError ? error.code : 'UNKNOWN' }, 'RepairDesk : statuts illisibles, historique filtré sans eux');
      return [];
    }
  }

  // ───────────────────────── Tickets ─────────────────────────

  function dateQuery(from: Date | undefined, to: Date | undefined): Record<string, number> {
    if (!from && !to) return { filter: 0 };
    return {
      from_date: from ? unixSeconds(from, 'ceil') : EARLIEST_UNIX,
      to_date: to ? unixSeconds(to, 'floor') : unixSeconds(new Date(Date.now() + 86_400_000)),
    };
  }

  const mapTicket = (raw: unknown): TicketRecord | null => toTicket(raw)?.record ?? null;

  function publicMatch(record: TicketRecord, keyword: string): boolean {
    const wanted = keyword.toLowerCase();
    return [record.ticketNumber, ...record.devices.flatMap((device) => [device.name, device.brand, device.model, device.fault])].some(
      (value) => value.toLowerCase().includes(wanted),
    );
  }

  /** The ticket with its raw history; the history (or the absence of the ticket) is memoised. */
  async function ticketById(id: number): Promise<ParsedTicket | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const key = `id:${id}`;
    if (ticketMemo.get(key)?.kind === 'missing') return null;
    const started = generation;
    const data = await single(`tickets/${id}`);
    const parsed = data ? toTicket(withId(data, id)) : null;
    if (started === generation) {
      ticketMemo.set(
        key,
        parsed
          ? { kind: 'found', historyEntries: parsed.historyEntries, deviceStatuses: parsed.record.devices.map((device) => device.status) }
          : { kind: 'missing' },
      );
    }
    return parsed;
  }

  async function ticketByNumber(ticketNumber: string): Promise<TicketRecord | null> {
    const wanted = normaliseTicketNumber(ticketNumber) ?? ticketNumber.trim().toUpperCase();
    if (wanted === '') return null;
    const key = `number:${wanted}`;
    const known = ticketMemo.get(key);
    if (known?.kind === 'missing') return null;
    if (known?.kind === 'number') {
      const ticket = await ticketById(known.id);
      if (ticket) return ticket.record;
      // Gone since: searched again below.
      ticketMemo.delete(key);
    }
    const started = generation;
    const page = await fetchPage(
      { path: 'tickets', key: 'ticketData', query: { keyword: wanted, filter: 0 }, timeoutMs: timeouts.defaultMs },
      0,
      limits.lookupPageSize,
      limits.attempts,
    );
    const match = page.items.map(mapTicket).find((record) => record !== null && record.ticketNumber === wanted);
    if (started === generation) ticketMemo.set(key, match ? { kind: 'number', id: match.id } : { kind: 'missing' });
    if (!match) return null;
    // The list item lacks the detail (history, notes): the ticket itself is read by id.
    return (await ticketById(match.id))?.record ?? match;
  }

  /** Status changes between known statuses only (history.ts): the history is shown to visitors. */
  async function ticketHistory(ticketId: number): Promise<TicketEventRecord[]> {
    const memo = ticketMemo.get(`id:${ticketId}`);
    let source: { historyEntries: RawHistoryEntry[]; deviceStatuses: string[] } | null = null;
    if (memo?.kind === 'found') {
      source = memo;
    } else {
      const parsed = await ticketById(ticketId);
      if (parsed) source = { historyEntries: parsed.historyEntries, deviceStatuses: parsed.record.devices.map((device) => device.status) };
    }
    if (!source || source.historyEntries.length === 0) return [];
    const known = [...(await storeStatusNames()), ...source.deviceStatuses, ...sharedStatusNames];
    return toStatusEvents(source.historyEntries, known, { onlyKnown: true });
  }

  // ───────────────────────── Customers ─────────────────────────

  const mapCustomer = (raw: unknown) => toCustomerRecord(raw, mapping);

  /** Always asks RepairDesk. */
  async function fetchCustomer(id: number): Promise<CustomerRecord | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const data = await single(`customers/${id}`);
    return data ? mapCustomer({ cid: id, ...data }) : null;
  }

  /** A customer read at most `maxAgeMs` ago, or read now (and memoised). */
  async function customerById(id: number, maxAgeMs: number): Promise<CustomerRecord | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const hit = customerMemo.get(id);
    if (hit && now() - hit.at < maxAgeMs) return hit.record;
    return shared(`customer:${id}:${customerGeneration}`, async () => {
      const started = customerGeneration;
      const record = await fetchCustomer(id);
      if (record && started === customerGeneration) customerMemo.set(id, { record, at: now() });
      return record;
    });
  }

  /**
   * The RepairDesk keyword that narrows a list to one customer's records: their e-mail address.
   * Null when the customer has none (or cannot be found): the list is then scanned.
   */
  async function customerKeyword(customerId: number): Promise<string | null> {
    const customer = await customerById(customerId, limits.customerScopeTtlMs);
    return customer?.email ?? null;
  }

  // ───────────────────────── Invoices ─────────────────────────

  function invoiceMatch(record: InvoiceRecord, keyword: string): boolean {
    const wanted = keyword.toLowerCase();
    return [record.invoiceNumber, ...record.lines.map((line) => line.name)].some((value) => value.toLowerCase().includes(wanted));
  }

  // ───────────────────────── Inventory ─────────────────────────

  const inventorySpec = (keyword: string | undefined, pageSize: number): ListSpec => ({
    path: 'inventory',
    key: 'inventoryListData',
    query: keyword ? { keyword } : {},
    timeoutMs: inventoryTimeout(pageSize),
  });

  /** Distinct names, alphabetical, numbered from 1. */
  function numbered(names: Iterable<string>): NamedRecord[] {
    return [...new Set(names)]
      .filter((name) => name !== '')
      .sort((a, b) => a.localeCompare(b, 'fr'))
      .map((name, index) => ({ id: index + 1, name }));
  }

  /** Categories and brands of the inventory's items: one scan for both, shared and memoised. */
  async function derivedLists(): Promise<DerivedLists> {
    if (derivedMemo && now() - derivedMemo.at < limits.derivedListsTtlMs) return derivedMemo.lists;
    return shared(`inventory:derived:${generation}`, async () => {
      const started = generation;
      const items: InventoryItemRecord[] = await scan(
        inventorySpec(undefined, limits.inventoryScanPageSize),
        limits.inventoryScanPageSize,
        toInventoryRecord,
        () => true,
      );
      const lists = { categories: numbered(items.map((item) => item.category)), brands: numbered(items.map((item) => item.brand)) };
      if (started === generation) derivedMemo = { lists, at: now() };
      return lists;
    });
  }

  async function namedList(path: string, key: string, list: keyof DerivedLists): Promise<NamedRecord[]> {
    const derivedFresh = derivedMemo !== null && now() - derivedMemo.at < limits.derivedListsTtlMs;
    if (missingEndpoints.has(path) && derivedFresh) return (await derivedLists())[list];
    const started = generation;
    const answer: Answer = await shared(`named:${path}:${generation}`, () =>
      transport.request(path, { attempts: limits.attempts, timeoutMs: timeouts.inventoryMs }),
    );
    if (answer.kind === 'none') {
      if (started === generation) missingEndpoints.add(path);
      return (await derivedLists())[list];
    }
    missingEndpoints.delete(path);
    const page = readPage(answer.data, key, Number.POSITIVE_INFINITY);
    if (!page) throw empty();
    const entries = toNamedRecords(page.items);
    const withIds = entries.every((entry) => entry.id !== null);
    return entries.map((entry, index) => ({ id: withIds ? (entry.id as number) : index + 1, name: entry.name }));
  }

  return {
    kind: 'repairdesk',

    async listTickets(filter) {
      const { keyword, customerId } = filter;
      const specFor = (remoteKeyword: string | undefined): ListSpec => ({
        path: 'tickets',
        key: 'ticketData',
        query: { ...(remoteKeyword ? { keyword: remoteKeyword } : {}), ...dateQuery(filter.from, filter.to) },
        timeoutMs: timeouts.defaultMs,
      });
      if (!keyword && customerId === undefined) return windowOf(specFor(undefined), filter.offset, filter.limit, mapTicket);
      // One customer's tickets: narrowed by their e-mail; the caller's keyword is then matched here.
      const email = customerId !== undefined ? await customerKeyword(customerId) : null;
      return scanWindow(specFor(email ?? keyword), filter.offset, filter.limit, mapTicket, (record) => {
        if (customerId !== undefined && record.customerId !== customerId) return false;
        return !keyword || publicMatch(record, keyword);
      });
    },

    async getTicket(key) {
      if ('id' in key) return (await ticketById(key.id))?.record ?? null;
      return ticketByNumber(key.ticketNumber);
    },

    ticketHistory,

    async listStatuses(): Promise<StatusDefinition[]> {
      return fetchStatuses();
    },

    async listCustomers(filter) {
      const spec: ListSpec = {
        path: 'customers',
        key: 'customerData',
        query: filter.keyword ? { keyword: filter.keyword } : {},
        timeoutMs: timeouts.defaultMs,
      };
      const referredBy = filter.referredBy?.trim();
      if (!referredBy) return windowOf(spec, filter.offset, filter.limit, mapCustomer);
      return scanWindow(spec, filter.offset, filter.limit, mapCustomer, (record) => record.referredBy === referredBy);
    },

    getCustomer: (id) => customerById(id, limits.customerMemoTtlMs),

    async findCustomersByEmail(email) {
      const wanted = email.trim().toLowerCase();
      if (!wanted) return [];
      const page = await fetchPage(
        { path: 'customers', key: 'customerData', query: { keyword: wanted }, timeoutMs: timeouts.defaultMs },
        0,
        limits.lookupPageSize,
        limits.attempts,
      );
      return page.items
        .map(mapCustomer)
        .filter(notNull)
        .filter((record) => record.email === wanted || record.emails.includes(wanted))
        .sort((a, b) => a.id - b.id);
    },

    async createCustomer(input: CustomerInput) {
      const answer = await transport.request('customers', {
        method: 'POST',
        body: toCustomerBody(input),
        attempts: limits.createAttempts,
        timeoutMs: timeouts.defaultMs,
        conflictMessage: repairDeskMessages.duplicateCustomer,
      });
      if (answer.kind === 'none') throw empty();
      const data = answer.data;
      const record = hasCustomerFields(data) ? mapCustomer(data) : null;
      if (record) {
        forgetCustomer(record.id);
        return record;
      }
      // Some answers carry the new id only: the customer is read back.
      const id = isRecord(data) ? (mapCustomer(data)?.id ?? null) : asId(data);
      if (id !== null) forgetCustomer(id);
      const created = id !== null ? await fetchCustomer(id) : null;
      if (!created) throw empty();
      return created;
    },

    async updateCustomer(id, patch) {
      forgetCustomer(id);
      try {
        // Read afresh, never from the memo: the PUT sends back the whole record.
        const current = await fetchCustomer(id);
        if (!current) return null;
        const answer = await transport.request(`customers/${id}`, {
          method: 'PUT',
          body: toCustomerBody({ ...customerInputOf(current), ...patch }),
          attempts: limits.attempts,
          timeoutMs: timeouts.defaultMs,
          conflictMessage: repairDeskMessages.duplicateCustomer,
        });
        if (answer.kind === 'none') return null;
        if (hasCustomerFields(answer.data)) {
          const record = mapCustomer({ cid: id, ...(answer.data as Record<string, unknown>) });
          if (record) return record;
        }
        return await fetchCustomer(id);
      } finally {
        forgetCustomer(id);
      }
    },

    async addInvoicePayment(payment) {
      // One attempt: the posting job retries from the database with its own back-off.
      const answer = await transport.request(options.paymentPath ?? 'invoice/addpayment', {
        method: 'POST',
        body: {
          invoice_id: payment.invoiceId,
          amount: Number((payment.amountCents / 100).toFixed(2)),
          payment_method: payment.method,
          transaction_id: payment.transactionId,
          notes: payment.notes,
        },
        attempts: 1,
        timeoutMs: timeouts.defaultMs,
      });
      generation += 1;
      if (answer.kind === 'none') throw new RepairBackendError('REPAIR_REJECTED', repairDeskMessages.empty, 502);
    },

    async listInvoices(filter) {
      const { keyword, customerId, status } = filter;
      const specFor = (remoteKeyword: string | undefined): ListSpec => ({
        path: 'invoices',
        key: 'invoiceData',
        query: { ...(remoteKeyword ? { keyword: remoteKeyword } : {}), ...(status ? { status } : {}), filter: 0 },
        timeoutMs: timeouts.defaultMs,
      });
      const map = (raw: unknown): InvoiceRecord | null => toInvoiceRecord(raw);
      if (customerId === undefined) return windowOf(specFor(keyword), filter.offset, filter.limit, map);
      // Narrowed by the customer's e-mail when they have one; the caller's keyword is then matched here.
      const email = await customerKeyword(customerId);
      return scanWindow(specFor(email ?? keyword), filter.offset, filter.limit, map, (record) => {
        if (record.customerId !== customerId || (status && record.status !== status)) return false;
        return !email || !keyword || invoiceMatch(record, keyword);
      });
    },

    async getInvoice(id, options = {}) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const data = await single(`invoices/${id}`);
      const record = data ? toInvoiceRecord(withId(data, id)) : null;
      return record && (options.customerId === undefined || record.customerId === options.customerId) ? record : null;
    },

    async listInventory(filter) {
      const keyword = filter.keyword?.trim() || undefined;
      return shared(`inventory:list:${generation}:${JSON.stringify([keyword ?? '', filter.offset, filter.limit])}`, () =>
        windowOf(inventorySpec(keyword, filter.limit), filter.offset, filter.limit, toInventoryRecord),
      );
    },

    async listInventoryCategories() {
      return namedList('inventory/categories', 'categoryData', 'categories');
    },

    async listInventoryBrands() {
      return namedList('inventory/brands', 'brandData', 'brands');
    },

    async ping(): Promise<BackendPing> {
      const started = now();
      const latency = () => Math.max(0, Math.round(now() - started));
      try {
        await transport.request('customers', { query: { page: firstPage, pagesize: 1 }, attempts: 1, timeoutMs: timeouts.defaultMs });
        return { ok: true, latencyMs: latency() };
      } catch (error) {
        const message = error instanceof RepairBackendError ? error.message : repairDeskMessages.unavailable;
        return { ok: false, latencyMs: latency(), message };
      }
    },

    invalidate() {
      generation += 1;
      customerGeneration += 1;
      ticketMemo.clear();
      customerMemo.clear();
      statusesMemo = null;
      derivedMemo = null;
      missingEndpoints.clear();
    },
  };
}
