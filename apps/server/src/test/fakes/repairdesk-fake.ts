/**
 * A local RepairDesk (reference/external-apis.md §1 and §7): a real HTTP server on 127.0.0.1
 * speaking RepairDesk's wire format, for the adapter's tests (DESIGN.md §1: nothing is mocked
 * inside the code under test).
 *
 * - Base path /api/web/v1; `api_key` query parameter (a Bearer header is accepted too); a wrong
 *   or missing key gets HTTP 401 JSON.
 * - Envelope `{ success, statusCode, message, data }`; lists under `data.<x>Data` with
 *   `data.pagination`; an empty result or an unknown id is HTTP 200 `{ success: false,
 *   statusCode: 100, message: "No Result Found" }`.
 * - Pages: 0 and 1 both mean the first page (RepairDesk's "default 0"; clients send 1).
 * - Tickets without from_date/to_date and without `filter` are today's only; invoices without
 *   dates nor `filter` are the last 7 days' (RepairDesk's defaults); `filter=0` means all.
 * - HTTP 429 past `rateLimit.limit` accepted requests in a rolling `rateLimit.windowMs`.
 * - Fault controls: next N answers 5xx / 429 / empty success / HTML / a redirect, answers delayed,
 *   connection reset, endpoints missing (404).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHolds, type Hold } from './hold.js';
import { emptyStore, unix, type FakeRepairDeskStore, type RdCustomer, type RdInvoice, type RdTicket } from './repairdesk-store.js';

export { fromRecords, emptyStore, type FakeRepairDeskStore, type RecordsForFake } from './repairdesk-store.js';

export const FAKE_REPAIRDESK_KEY = 'rd-fake-key-3f9c2a7e51b8';
export const FAKE_REPAIRDESK_BASE_PATH = '/api/web/v1';

export type FakeRepairDeskOptions = {
  apiKey?: string;
  store?: Partial<FakeRepairDeskStore>;
  /** Accepted requests per rolling window before HTTP 429 (default 50 per 60 s); false: no limit. */
  rateLimit?: { limit: number; windowMs: number } | false;
  /** Clock of the rate limit and of the request log (Date.now by default). */
  now?: () => number;
  /** How an unknown id is answered: RepairDesk's statusCode 100 (default) or HTTP 404. */
  notFound?: 'statusCode100' | 'http404';
};

export type FakeRequest = {
  method: string;
  /** Path under the base path, e.g. "tickets/12". */
  path: string;
  /** Query parameters, api_key removed. */
  query: Record<string, string>;
  /** Whether the request carried the right key. */
  authorised: boolean;
  body: unknown;
  at: number;
  /** HTTP status answered (0 when the connection was reset). */
  status: number;
  /** Answered with the throttle's 429 or a fault, rather than the endpoint. */
  fault: string | null;
};

export type FakeRepairDeskControls = {
  /** The next `count` requests answer `status` (500 by default) with a JSON error body. */
  failNext: (count: number, status?: number) => void;
  /** The next `count` requests answer 429, with Retry-After when given (seconds). */
  rateLimitNext: (count: number, retryAfterSeconds?: number) => void;
  /** The next `count` requests answer HTTP 200 `{ success: true }` with no data. */
  emptySuccessNext: (count: number) => void;
  /** The next `count` requests answer HTTP 200 with an HTML page. */
  htmlNext: (count: number) => void;
  /** The next `count` requests answer `status` (302 by default) with `Location: location`. */
  redirectNext: (count: number, location: string, status?: number) => void;
  /** The next `count` requests are answered after `ms` (all of them with count = Infinity). */
  delayNext: (count: number, ms: number) => void;
  /** The next `count` requests are answered when the test releases them (a timeout for any client). */
  holdNext: (count?: number) => Hold;
  /** Every request gets its connection reset (the server is "down") until up(). */
  down: () => void;
  up: () => void;
  /** The endpoint (e.g. "inventory/categories") answers 404 as if it did not exist. */
  removeEndpoint: (path: string) => void;
  /** Back to normal: no fault pending. */
  reset: () => void;
};

export type FakeRepairDesk = {
  /** Base URL to give the adapter, e.g. http://127.0.0.1:41234/api/web/v1 */
  url: string;
  apiKey: string;
  store: FakeRepairDeskStore;
  requests: FakeRequest[];
  controls: FakeRepairDeskControls;
  /** Requests that reached an endpoint or a fault, without the ones refused for the key. */
  count: (filter?: { method?: string; path?: string | RegExp }) => number;
  close: () => Promise<void>;
};

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown; headers?: Record<string, string>; html?: boolean };

const noResult: Answer = { status: 200, body: { success: false, statusCode: 100, message: 'No Result Found' } };

function ok(data: unknown, message = 'Success'): Answer {
  return { status: 200, body: { success: true, statusCode: 200, message, data } };
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function includes(haystack: unknown, needle: string): boolean {
  return text(haystack).toLowerCase().includes(needle);
}

function numberOf(value: unknown): number {
  return Number(text(value)) || 0;
}

/** `{ data: { <key>: [...], pagination } }`, or "No Result Found" when the page is empty. */
function paginate(items: readonly unknown[], query: Record<string, string>, key: string): Answer {
  const size = Math.min(Math.max(Math.trunc(Number(query.pagesize ?? 25)) || 25, 1), 10_000);
  const index = Math.max(Math.trunc(Number(query.page ?? 0)) || 0, 1) - 1;
  const slice = items.slice(index * size, index * size + size);
  if (slice.length === 0) return noResult;
  const totalPages = Math.ceil(items.length / size);
  const next = index + 1 < totalPages;
  return ok({
    [key]: slice,
    pagination: {
      page: index + 1,
      per_page: size,
      total_records: items.length,
      total_pages: totalPages,
      next_page_exist: next ? 1 : 0,
      next_page: next ? index + 2 : 0,
    },
  });
}

/** RepairDesk's date filters: from_date/to_date (Unix s), else `filter` (0 all, N last N days), else the default. */
function inPeriod(created: number, query: Record<string, string>, defaultDays: number | 'today'): boolean {
  if (query.from_date !== undefined || query.to_date !== undefined) {
    const from = query.from_date !== undefined ? Number(query.from_date) : 0;
    const to = query.to_date !== undefined ? Number(query.to_date) : Number.MAX_SAFE_INTEGER;
    return created >= from && created <= to;
  }
  const nowSeconds = unix(new Date());
  const days = query.filter !== undefined ? Number(query.filter) : defaultDays;
  if (days === 0) return true;
  if (days === 'today') {
    const start = new Date();
    start.setUTCHours(0, 0, 0, 0);
    return created >= unix(start);
  }
  return created >= nowSeconds - (Number.isFinite(days) ? days : 0) * 86_400;
}

function byNewest(a: { id: unknown; created: unknown }, b: { id: unknown; created: unknown }): number {
  return numberOf(b.created) - numberOf(a.created) || numberOf(b.id) - numberOf(a.id);
}

/** A list item of /tickets: notes and history are empty in lists (reference §1.4). */
function ticketListItem(ticket: RdTicket): RdTicket {
  return { ...ticket, notes: [], hostory: [] };
}

function customerMatches(customer: RdCustomer, keyword: string): boolean {
  return [customer.first_name, customer.last_name, customer.fullName, customer.email, customer.phone, customer.mobile, ...customer.emails.map((entry) => entry.value)].some(
    (value) => includes(value, keyword),
  );
}

function ticketMatches(ticket: RdTicket, keyword: string): boolean {
  const { summary } = ticket;
  // Like RepairDesk, the search also looks at the customer (the adapter must filter that out for visitors).
  return [
    summary.order_id,
    summary.id,
    summary.customer.first_name,
    summary.customer.last_name,
    summary.customer.email,
    summary.customer.mobile,
    ...ticket.devices.flatMap((device) => [device.device.name, device.device.manufacturer, device.model, device.problem, device.imei, device.serial]),
  ].some((value) => includes(value, keyword));
}

function invoiceMatches(invoice: RdInvoice, keyword: string): boolean {
  const lines = invoice.items ?? invoice.line_items ?? [];
  return [
    invoice.summary.order_id,
    invoice.summary.customer.first_name,
    invoice.summary.customer.last_name,
    invoice.summary.customer.email,
    ...lines.map((line) => line.name),
  ].some((value) => includes(value, keyword));
}

const customerFields = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'country',
  'orgonization',
  'refered_by',
  'contact_person',
  'email_opt_in',
  'sms_opt_in',
] as const;

function applyCustomerBody(customer: RdCustomer, body: Json): void {
  for (const field of customerFields) {
    const value = body[field];
    if (value === undefined) continue;
    if (field === 'email_opt_in' || field === 'sms_opt_in') customer[field] = text(value) === '1' || value === true ? 1 : 0;
    else customer[field] = text(value);
  }
  if (Array.isArray(body.emails)) {
    customer.emails = body.emails
      .map((entry: unknown) => (typeof entry === 'object' && entry !== null ? text((entry as Json).value) : text(entry)))
      .filter((value: string) => value !== '')
      .map((value: string) => ({ value }));
  }
  customer.fullName = `${customer.first_name} ${customer.last_name}`.trim();
}

function emailTaken(store: FakeRepairDeskStore, email: string, except: number | null): boolean {
  const wanted = email.trim().toLowerCase();
  if (!wanted) return false;
  return store.customers.some(
    (customer) =>
      numberOf(customer.cid) !== except &&
      (customer.email.toLowerCase() === wanted || customer.emails.some((entry) => entry.value.toLowerCase() === wanted)),
  );
}

function route(store: FakeRepairDeskStore, method: string, path: string, query: Record<string, string>, body: unknown, notFound: Answer): Answer | null {
  const keyword = (query.keyword ?? '').trim().toLowerCase();
  const segments = path.split('/').filter(Boolean);
  const [resource, id] = segments;
  const single = <T>(items: readonly T[], idOf: (item: T) => unknown): Answer => {
    const found = items.find((item) => numberOf(idOf(item)) === Number(id));
    return found ? ok(found) : notFound;
  };

  if (method === 'GET' && path === 'statuses') return store.statuses.length ? ok(store.statuses) : noResult;
  if (method === 'GET' && path === 'inventory/categories') {
    if (!store.categories) return null;
    return store.categories.length ? ok({ categoryData: store.categories }) : noResult;
  }
  if (method === 'GET' && path === 'inventory/brands') {
    if (!store.brands) return null;
    return store.brands.length ? ok({ brandData: store.brands }) : noResult;
  }
  if (method === 'GET' && path === 'inventory') {
    const items = store.inventory
      .filter((item) => !keyword || text(item.id) === keyword || includes(item.name, keyword) || includes(item.sku, keyword))
      .sort((a, b) => numberOf(a.id) - numberOf(b.id));
    return paginate(items, query, 'inventoryListData');
  }

  if (resource === 'customers' && segments.length <= 2) {
    if (method === 'GET' && id === undefined) {
      const items = store.customers.filter((customer) => !keyword || customerMatches(customer, keyword)).sort((a, b) => numberOf(a.cid) - numberOf(b.cid));
      return paginate(items, query, 'customerData');
    }
    if (method === 'GET') return single(store.customers, (customer) => customer.cid);
    const fields = typeof body === 'object' && body !== null ? (body as Json) : {};
    if (method === 'POST' && id === undefined) {
      if (emailTaken(store, text(fields.email), null)) {
        return { status: 200, body: { success: false, statusCode: 409, message: 'Customer already exists with this email' } };
      }
      const cid = store.customers.reduce((max, customer) => Math.max(max, numberOf(customer.cid)), 0) + 1;
      const customer: RdCustomer = {
        cid,
        first_name: '',
        last_name: '',
        fullName: '',
        email: '',
        emails: [],
        phone: '',
        mobile: '',
        address1: '',
        address2: '',
        city: '',
        state: '',
        postcode: '',
        country: '',
        orgonization: '',
        refered_by: '',
        contact_person: '',
        email_opt_in: 0,
        sms_opt_in: 0,
        created_on: unix(new Date()),
        customer_group: { id: '1', name: 'Individual' },
        loyalty_balance: '0.00',
      };
      applyCustomerBody(customer, fields);
      store.customers.push(customer);
      return ok(customer, 'Customer created successfully');
    }
    if (method === 'PUT' && id !== undefined) {
      const customer = store.customers.find((entry) => numberOf(entry.cid) === Number(id));
      if (!customer) return notFound;
      if (fields.email !== undefined && emailTaken(store, text(fields.email), Number(id))) {
        return { status: 200, body: { success: false, statusCode: 409, message: 'Customer already exists with this email' } };
      }
      applyCustomerBody(customer, fields);
      return ok(customer, 'Customer updated successfully');
    }
    return null;
  }

  if (resource === 'tickets' && method === 'GET' && segments.length <= 2) {
    if (id !== undefined) return single(store.tickets, (ticket) => ticket.summary.id);
    const status = (query.status ?? '').toLowerCase();
    const items = store.tickets
      .filter((ticket) => inPeriod(numberOf(ticket.summary.created_date), query, 'today'))
      .filter((ticket) => !keyword || ticketMatches(ticket, keyword))
      .filter((ticket) => !status || (ticket.devices[0]?.status.name ?? '').toLowerCase() === status)
      .sort((a, b) => byNewest({ id: a.summary.id, created: a.summary.created_date }, { id: b.summary.id, created: b.summary.created_date }))
      .map(ticketListItem);
    return paginate(items, query, 'ticketData');
  }

  // Issue 24 §4: a payment taken online, posted by the site. Not in the reference (inferred from
  // POST /ticket/addnote): JSON { invoice_id, amount, payment_method, transaction_id, notes }.
  if (method === 'POST' && path === 'invoice/addpayment') {
    const fields = typeof body === 'object' && body !== null ? (body as Json) : {};
    const invoice = store.invoices.find((entry) => numberOf(entry.summary.id) === numberOf(fields.invoice_id));
    const amount = typeof fields.amount === 'number' ? fields.amount : Number.NaN;
    if (!invoice) return notFound;
    if (!(amount > 0)) return { status: 200, body: { success: false, statusCode: 400, message: 'Invalid amount' } };
    const cents = (value: unknown) => Math.round(Number(text(value).replace(/\s/g, '').replace(',', '.')) * 100) || 0;
    const paid = cents(invoice.summary.amount_paid) + Math.round(amount * 100);
    const total = cents(invoice.summary.total);
    invoice.payments.push({ amount: amount.toFixed(2), method: text(fields.payment_method), type: 'payment', transaction_id: text(fields.transaction_id), payment_date: unix(new Date()) });
    invoice.summary.amount_paid = (paid / 100).toFixed(2);
    invoice.summary.amount_due = (Math.max(total - paid, 0) / 100).toFixed(2);
    invoice.summary.status = paid >= total ? 'Paid' : 'Partial';
    return ok({ invoice_id: invoice.summary.id, amount_paid: invoice.summary.amount_paid }, 'Payment added successfully');
  }

  if (resource === 'invoices' && method === 'GET' && segments.length <= 2) {
    if (id !== undefined) return single(store.invoices, (invoice) => invoice.summary.id);
    const status = (query.status ?? '').toLowerCase();
    const items = store.invoices
      .filter((invoice) => inPeriod(numberOf(invoice.summary.created_date), query, 7))
      .filter((invoice) => !keyword || invoiceMatches(invoice, keyword))
      .filter((invoice) => !status || invoice.summary.status.toLowerCase() === status)
      .sort((a, b) => byNewest({ id: a.summary.id, created: a.summary.created_date }, { id: b.summary.id, created: b.summary.created_date }));
    return paginate(items, query, 'invoiceData');
  }

  return null;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return undefined;
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export async function startFakeRepairDesk(options: FakeRepairDeskOptions = {}): Promise<FakeRepairDesk> {
  const apiKey = options.apiKey ?? FAKE_REPAIRDESK_KEY;
  const now = options.now ?? (() => Date.now());
  const rateLimit = options.rateLimit === undefined ? { limit: 50, windowMs: 60_000 } : options.rateLimit;
  const notFound: Answer = options.notFound === 'http404' ? { status: 404, body: { success: false, statusCode: 404, message: 'Not Found' } } : noResult;
  const store: FakeRepairDeskStore = { ...emptyStore(), ...options.store };
  const requests: FakeRequest[] = [];
  const accepted: number[] = [];
  const removed = new Set<string>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const holds = createHolds();

  const faults = {
    fail: 0,
    failStatus: 500,
    rateLimited: 0,
    retryAfter: undefined as number | undefined,
    empty: 0,
    html: 0,
    redirect: 0,
    redirectTo: '',
    redirectStatus: 302,
    delay: 0,
    delayMs: 0,
    down: false,
  };

  const pickFault = (): { name: string; answer: Answer } | null => {
    if (faults.rateLimited > 0) {
      faults.rateLimited -= 1;
      const headers: Record<string, string> = faults.retryAfter !== undefined ? { 'retry-after': String(faults.retryAfter) } : {};
      return { name: '429', answer: { status: 429, headers, body: { success: false, statusCode: 429, message: 'Too Many Requests' } } };
    }
    if (faults.fail > 0) {
      faults.fail -= 1;
      return { name: String(faults.failStatus), answer: { status: faults.failStatus, body: { success: false, statusCode: faults.failStatus, message: 'Internal Server Error' } } };
    }
    if (faults.empty > 0) {
      faults.empty -= 1;
      return { name: 'empty', answer: { status: 200, body: { success: true, statusCode: 200, message: 'Success' } } };
    }
    if (faults.html > 0) {
      faults.html -= 1;
      return { name: 'html', answer: { status: 200, html: true, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' } };
    }
    if (faults.redirect > 0) {
      faults.redirect -= 1;
      return {
        name: 'redirect',
        answer: { status: faults.redirectStatus, headers: { location: faults.redirectTo }, body: { success: false, statusCode: faults.redirectStatus, message: 'Moved' } },
      };
    }
    return null;
  };

  const send = (response: ServerResponse, answer: Answer) => {
    if (response.destroyed || response.writableEnded) return;
    const payload = answer.html ? String(answer.body) : JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      'content-type': answer.html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      ...answer.headers,
    });
    response.end(payload);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const authorised = query.api_key === apiKey || bearer === apiKey;
    delete query.api_key;
    const path = url.pathname.startsWith(`${FAKE_REPAIRDESK_BASE_PATH}/`) ? url.pathname.slice(FAKE_REPAIRDESK_BASE_PATH.length + 1).replace(/\/+$/, '') : '';
    const body = request.method === 'POST' || request.method === 'PUT' ? await readBody(request) : undefined;
    const entry: FakeRequest = { method: request.method ?? 'GET', path, query, authorised, body, at: now(), status: 0, fault: null };
    requests.push(entry);

    if (faults.down) {
      entry.fault = 'reset';
      request.socket.destroy();
      return;
    }

    let answer: Answer;
    if (!authorised) {
      answer = { status: 401, body: { success: false, statusCode: 401, message: 'Invalid API key' } };
    } else {
      const at = now();
      if (rateLimit) while (accepted.length > 0 && (accepted[0] as number) <= at - rateLimit.windowMs) accepted.shift();
      const fault = pickFault();
      if (fault) {
        entry.fault = fault.name;
        answer = fault.answer;
      } else if (rateLimit && accepted.length >= rateLimit.limit) {
        entry.fault = 'throttled';
        answer = { status: 429, body: { success: false, statusCode: 429, message: 'Too Many Requests' } };
      } else {
        accepted.push(at);
        const routed = removed.has(path) ? null : route(store, entry.method, path, query, body, notFound);
        answer = routed ?? { status: 404, body: { success: false, statusCode: 404, message: 'Not Found' } };
      }
    }
    entry.status = answer.status;

    const held = holds.take();
    if (held) {
      await held;
      send(response, answer);
      return;
    }
    if (faults.delay > 0) {
      faults.delay -= 1;
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(response, answer);
      }, faults.delayMs);
      timers.add(timer);
      return;
    }
    send(response, answer);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, { status: 500, body: { success: false, statusCode: 500, message: 'Fake error' } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const controls: FakeRepairDeskControls = {
    failNext(count, status = 500) {
      faults.fail = count;
      faults.failStatus = status;
    },
    rateLimitNext(count, retryAfterSeconds) {
      faults.rateLimited = count;
      faults.retryAfter = retryAfterSeconds;
    },
    emptySuccessNext(count) {
      faults.empty = count;
    },
    htmlNext(count) {
      faults.html = count;
    },
    redirectNext(count, location, status = 302) {
      faults.redirect = count;
      faults.redirectTo = location;
      faults.redirectStatus = status;
    },
    delayNext(count, ms) {
      faults.delay = count;
      faults.delayMs = ms;
    },
    holdNext(count = 1) {
      return holds.holdNext(count);
    },
    down() {
      faults.down = true;
    },
    up() {
      faults.down = false;
    },
    removeEndpoint(path) {
      removed.add(path.replace(/^\/+|\/+$/g, ''));
    },
    reset() {
      Object.assign(faults, {
        fail: 0,
        failStatus: 500,
        rateLimited: 0,
        retryAfter: undefined,
        empty: 0,
        html: 0,
        redirect: 0,
        redirectTo: '',
        redirectStatus: 302,
        delay: 0,
        delayMs: 0,
        down: false,
      });
      holds.clear();
      removed.clear();
    },
  };

  return {
    url: `http://127.0.0.1:${port}${FAKE_REPAIRDESK_BASE_PATH}`,
    apiKey,
    store,
    requests,
    controls,
    count(filter = {}) {
      return requests.filter(
        (request) =>
          request.authorised &&
          (filter.method === undefined || request.method === filter.method) &&
          (filter.path === undefined || (typeof filter.path === 'string' ? request.path === filter.path : filter.path.test(request.path))),
      ).length;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      holds.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
