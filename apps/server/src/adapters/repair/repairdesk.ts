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
 * - Throttle: at most 50 requests per rolling minute per backend instance (see throttle.ts);
 *   requests over the limit wait. Retries and scans go through it too.
 * - Inventory lists, categories and brands are cached 5 minutes per query in memory.
 * - Categories and brands come from `/inventory/categories` and `/inventory/brands` (paths not
 *   confirmed publicly); when RepairDesk answers 404 or "No Result Found", they are the distinct
 *   names of the inventory's items, with ids numbered in alphabetical order.
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
  type TicketRecord,
} from './types.js';
import {
  customerInputOf,
  hasCustomerFields,
  toCustomerBody,
  toCustomerRecord,
  toInventoryRecord,
  toInvoiceRecord,
  toNamedRecords,
  toStatusDefinitions,
  toTicket,
} from './repairdesk/records.js';
import { createThrottle, type Clock, type Sleep } from './repairdesk/throttle.js';
import {
  createTransport,
  emptyPage,
  readPage,
  repairDeskMessages,
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
  inventoryCacheTtlMs: number;
  inventoryCacheMax: number;
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
    attempts: 3,
    createAttempts: 1,
    progressiveAttempts: 2,
    serverErrorDelayMs: 1000,
    networkDelayMs: 1000,
    networkDelayMaxMs: 5000,
    rateLimitDelayMs: 5000,
    maxRetryAfterMs: 60_000,
    inventoryCacheTtlMs: 5 * 60_000,
    inventoryCacheMax: 500,
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
  /** Monotonic milliseconds for the throttle, the cache and latencies (performance.now by default). */
  now?: Clock;
  /** Number of RepairDesk's first page: 1 (default) or 0. */
  firstPage?: 0 | 1;
  /** Value of one loyalty point in cents, when RepairDesk gives `loyalty_points` rather than `loyalty_balance` (1 by default). */
  loyaltyPointCents?: number;
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

const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function createRepairDeskBackend(options: RepairDeskBackendOptions): RepairBackend {
  const timeouts: RepairDeskTimeouts = { ...repairDeskDefaults.timeouts, ...options.timeouts };
  const limits: RepairDeskLimits = { ...repairDeskDefaults.limits, ...options.limits };
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? (() => performance.now());
  const firstPage = options.firstPage ?? 1;
  const log = options.log;
  const mapping = { loyaltyPointCents: options.loyaltyPointCents ?? 1 };

  const throttle = createThrottle({ limit: limits.requestsPerWindow, windowMs: limits.windowMs, now, sleep });
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
  });

  const cache = new LRUCache<string, { value: unknown }>({
    max: limits.inventoryCacheMax,
    ttl: limits.inventoryCacheTtlMs,
    ttlResolution: 0,
    perf: { now },
  });

  /** A cached answer (inventory): errors are not cached. */
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit.value as T;
    const value = await load();
    cache.set(key, { value });
    return value;
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

  async function ticketById(id: number) {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const data = await single(`tickets/${id}`);
    return data ? toTicket(withId(data, id)) : null;
  }

  async function ticketByNumber(ticketNumber: string): Promise<TicketRecord | null> {
    const wanted = normaliseTicketNumber(ticketNumber) ?? ticketNumber.trim().toUpperCase();
    if (wanted === '') return null;
    const page = await fetchPage(
      { path: 'tickets', key: 'ticketData', query: { keyword: wanted, filter: 0 }, timeoutMs: timeouts.defaultMs },
      0,
      limits.lookupPageSize,
      limits.attempts,
    );
    const match = page.items.map(mapTicket).find((record) => record !== null && record.ticketNumber === wanted);
    if (!match) return null;
    // The list item lacks the detail (history, notes): the ticket itself is read by id.
    return (await ticketById(match.id))?.record ?? match;
  }

  // ───────────────────────── Customers ─────────────────────────

  const mapCustomer = (raw: unknown) => toCustomerRecord(raw, mapping);

  async function customerById(id: number): Promise<CustomerRecord | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const data = await single(`customers/${id}`);
    return data ? mapCustomer({ cid: id, ...data }) : null;
  }

  // ───────────────────────── Inventory ─────────────────────────

  const inventorySpec = (keyword: string | undefined, pageSize: number): ListSpec => ({
    path: 'inventory',
    key: 'inventoryListData',
    query: keyword ? { keyword } : {},
    timeoutMs: inventoryTimeout(pageSize),
  });

  /** The whole inventory (capped scan), for categories and brands when RepairDesk has no list of them. */
  function allInventory(): Promise<InventoryItemRecord[]> {
    return cached('inventory:all', () =>
      scan(inventorySpec(undefined, limits.inventoryScanPageSize), limits.inventoryScanPageSize, toInventoryRecord, () => true),
    );
  }

  async function namedList(path: string, key: string, field: 'category' | 'brand'): Promise<NamedRecord[]> {
    return cached(`inventory:${field}`, async () => {
      const answer = await transport.request(path, { attempts: limits.attempts, timeoutMs: timeouts.inventoryMs });
      let entries: { id: number | null; name: string }[] = [];
      if (answer.kind === 'data') {
        const page = readPage(answer.data, key, Number.POSITIVE_INFINITY);
        if (!page) throw empty();
        entries = toNamedRecords(page.items);
      }
      if (answer.kind === 'none') {
        const names = new Set((await allInventory()).map((item) => item[field]).filter((name) => name !== ''));
        entries = [...names].sort((a, b) => a.localeCompare(b, 'fr')).map((name) => ({ id: null, name }));
      }
      const withIds = entries.every((entry) => entry.id !== null);
      return entries.map((entry, index) => ({ id: withIds ? (entry.id as number) : index + 1, name: entry.name }));
    });
  }

  return {
    kind: 'repairdesk',

    async listTickets(filter) {
      const spec: ListSpec = {
        path: 'tickets',
        key: 'ticketData',
        query: { ...(filter.keyword ? { keyword: filter.keyword } : {}), ...dateQuery(filter.from, filter.to) },
        timeoutMs: timeouts.defaultMs,
      };
      const { keyword, customerId } = filter;
      if (!keyword && customerId === undefined) return windowOf(spec, filter.offset, filter.limit, mapTicket);
      return scanWindow(spec, filter.offset, filter.limit, mapTicket, (record) => {
        if (customerId !== undefined && record.customerId !== customerId) return false;
        return !keyword || publicMatch(record, keyword);
      });
    },

    async getTicket(key) {
      if ('id' in key) return (await ticketById(key.id))?.record ?? null;
      return ticketByNumber(key.ticketNumber);
    },

    async ticketHistory(ticketId) {
      return (await ticketById(ticketId))?.history ?? [];
    },

    async listStatuses(): Promise<StatusDefinition[]> {
      const answer = await transport.request('statuses', { attempts: limits.attempts, timeoutMs: timeouts.defaultMs });
      if (answer.kind === 'none') return [];
      const page = readPage(answer.data, 'statusData', Number.POSITIVE_INFINITY);
      if (!page) throw empty();
      return toStatusDefinitions(page.items);
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

    getCustomer: customerById,

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
      if (record) return record;
      // Some answers carry the new id only: the customer is read back.
      const id = isRecord(data) ? (mapCustomer(data)?.id ?? null) : asId(data);
      const created = id !== null ? await customerById(id) : null;
      if (!created) throw empty();
      return created;
    },

    async updateCustomer(id, patch) {
      const current = await customerById(id);
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
      return customerById(id);
    },

    async listInvoices(filter) {
      const spec: ListSpec = {
        path: 'invoices',
        key: 'invoiceData',
        query: { ...(filter.keyword ? { keyword: filter.keyword } : {}), ...(filter.status ? { status: filter.status } : {}), filter: 0 },
        timeoutMs: timeouts.defaultMs,
      };
      const { customerId, status } = filter;
      const map = (raw: unknown): InvoiceRecord | null => toInvoiceRecord(raw);
      if (customerId === undefined) return windowOf(spec, filter.offset, filter.limit, map);
      return scanWindow(spec, filter.offset, filter.limit, map, (record) => record.customerId === customerId && (!status || record.status === status));
    },

    async getInvoice(id) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const data = await single(`invoices/${id}`);
      return data ? toInvoiceRecord(withId(data, id)) : null;
    },

    async listInventory(filter) {
      const keyword = filter.keyword?.trim() || undefined;
      return cached(`inventory:list:${JSON.stringify([keyword ?? '', filter.offset, filter.limit])}`, () =>
        windowOf(inventorySpec(keyword, filter.limit), filter.offset, filter.limit, toInventoryRecord),
      );
    },

    async listInventoryCategories() {
      return namedList('inventory/categories', 'categoryData', 'category');
    },

    async listInventoryBrands() {
      return namedList('inventory/brands', 'brandData', 'brand');
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
  };
}
