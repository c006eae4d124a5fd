import { messages } from '@erepare/shared/messages';
import { fallbackBrands, MAX_TICKET_PAGE_SIZE, PUBLIC_TICKET_WINDOW_DAYS } from '@erepare/shared/schemas/repair';
import type {
  CustomerCreateBody,
  CustomerListQuery,
  CustomerUpdateBody,
  FullTicket,
  FullTicketDetail,
  InventoryListQuery,
  InvoiceListQuery,
  PublicTicket,
  PublicTicketDetail,
  TicketListQuery,
} from '@erepare/shared/schemas/repair';
import { normaliseTicketNumber, proxyDefaultStatuses, type StatusDefinition } from '@erepare/shared/tickets';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { CustomerInput, CustomerRecord, RepairBackend, TicketRecord } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { withOnlinePayments } from '../repair-payments/deposits.js';
import { linkVerifiedUser } from './linking.js';
import { customerNotFound, invoiceNotFound, owns, requireSignedIn, type Viewer } from './access.js';
import { toCustomer, toFullTicket, toHistory, toInventoryItem, toInvoice, toPublicTicket } from './views.js';

export { toPublicTicket } from './views.js';

export const TICKET_NOT_FOUND = messages.repair.ticketNotFound;

/** Page numbers: the dashboard and RepairDesk count from 0, the account from 1; both 0 and 1 are the first page. */
function offsetOf(page: number, limit: number): number {
  return (Math.max(page, 1) - 1) * limit;
}

type PublicPage = { items: PublicTicket[]; total: number };

/**
 * The public list is the same for every visitor (anonymised), polled by every open dashboard:
 * each instance keeps answers for 15 s. A status change reaches the public list within 15 s (the
 * dashboard itself refreshes every 5 minutes); the lookup of one ticket is never cached.
 */
export const PUBLIC_LIST_TTL_MS = 15_000;

export function createPublicListCache(): LRUCache<string, PublicPage> {
  // Bounded by tickets held, not by entries: visitors choose the keys (dates, keywords).
  return new LRUCache<string, PublicPage>({ maxSize: 20_000, sizeCalculation: (page) => page.items.length + 1, ttl: PUBLIC_LIST_TTL_MS });
}

/**
 * The public window (spec 3 §9, issue 20 item 14): tickets created in the last 14 days, whatever
 * dates the visitor asks for. Its start is rounded up to the minute (never more than 14 days) so
 * the dashboards opened in one minute ask the cache the same question; an end in the current
 * minute or later is no end.
 */
export function publicWindow(query: Pick<TicketListQuery, 'from_date' | 'to_date'>, now: number): { from: number; to: number | undefined } {
  const minute = Math.ceil(now / 60_000) * 60;
  const start = minute - PUBLIC_TICKET_WINDOW_DAYS * 86_400;
  const from = Math.max(query.from_date ?? start, start);
  const to = query.to_date === undefined || query.to_date >= minute - 60 ? undefined : query.to_date;
  return { from, to };
}

export async function listPublicTickets(
  backend: RepairBackend,
  query: TicketListQuery,
  cache?: LRUCache<string, PublicPage>,
  /** Called before the backend is asked (a cache miss): the route counts it against the visitor's rate limit. */
  onMiss?: () => Promise<void>,
  now: number = Date.now(),
): Promise<PublicPage> {
  // Page sizes are capped: a visitor cannot make the server build a list of thousands of tickets.
  // The offset follows the size asked for, so pages never overlap.
  const limit = Math.min(query.pagesize, MAX_TICKET_PAGE_SIZE);
  const page = Math.max(query.page, 1);
  const { from, to } = publicWindow(query, now);
  if (to !== undefined && to < from) return { items: [], total: 0 };
  const key = JSON.stringify([query.keyword ?? '', from, to ?? null, page, query.pagesize]);
  const cached = cache?.get(key);
  if (cached) return cached;
  await onMiss?.();
  const { items, total } = await backend.listTickets({
    keyword: query.keyword || undefined,
    from: new Date(from * 1000),
    to: to !== undefined ? new Date(to * 1000) : undefined,
    offset: offsetOf(page, query.pagesize),
    limit,
  });
  const result = { items: items.map(toPublicTicket), total };
  cache?.set(key, result);
  return result;
}

/** The customers of a page of tickets or invoices, fetched once each. */
async function customersById(backend: RepairBackend, ids: number[]): Promise<Map<number, CustomerRecord | null>> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => backend.getCustomer(id)));
  return new Map(unique.map((id, index) => [id, found[index] ?? null]));
}

/** A customer's own tickets with every field: the owner or an admin; others get a 404 that reveals nothing. */
export async function listCustomerTickets(
  backend: RepairBackend,
  viewer: Viewer,
  customerId: number,
  query: TicketListQuery,
): Promise<{ items: FullTicket[]; total: number }> {
  requireSignedIn(viewer);
  if (!owns(viewer, customerId)) throw customerNotFound();
  const limit = Math.min(query.pagesize, MAX_TICKET_PAGE_SIZE);
  const { items, total } = await backend.listTickets({
    keyword: query.keyword || undefined,
    from: query.from_date !== undefined ? new Date(query.from_date * 1000) : undefined,
    to: query.to_date !== undefined ? new Date(query.to_date * 1000) : undefined,
    customerId,
    offset: offsetOf(query.page, query.pagesize),
    limit,
  });
  const customers = await customersById(backend, items.map((item) => item.customerId));
  return { items: items.map((item) => toFullTicket(item, customers.get(item.customerId) ?? null)), total };
}

async function findTicket(backend: RepairBackend, idOrNumber: string): Promise<TicketRecord | null> {
  const asNumber = normaliseTicketNumber(idOrNumber);
  // "T-6632", and "6632" typed by a customer (spec 1 §5: 4 to 6 digits are a ticket number) are
  // ticket numbers first; other digits are internal ids.
  if (/^T/i.test(idOrNumber)) return asNumber ? backend.getTicket({ ticketNumber: asNumber }) : null;
  if (asNumber) {
    const byNumber = await backend.getTicket({ ticketNumber: asNumber });
    if (byNumber) return byNumber;
  }
  return backend.getTicket({ id: Number(idOrNumber) });
}

/**
 * A ticket by id or number ("T-1234", "1234") with its status history: every field for its owner
 * or an admin, public fields for anyone else.
 */
export async function getTicketFor(
  backend: RepairBackend,
  viewer: Viewer,
  idOrNumber: string,
): Promise<PublicTicketDetail | FullTicketDetail> {
  const record = await findTicket(backend, idOrNumber);
  if (!record) throw new AppError('TICKET_NOT_FOUND', 404, TICKET_NOT_FOUND);
  const history = await backend.ticketHistory(record.id);
  if (owns(viewer, record.customerId)) {
    const customer = await backend.getCustomer(record.customerId);
    return { ...toFullTicket(record, customer, history), history: toHistory(history) };
  }
  return { ...toPublicTicket(record), history: toHistory(history) };
}

/** Kept for the public lookup's callers: the anonymous view. */
export async function getPublicTicket(backend: RepairBackend, idOrNumber: string): Promise<PublicTicketDetail> {
  return getTicketFor(backend, { kind: 'anonymous' }, idOrNumber);
}

/** The store's statuses, or the proxy's default list when it has none (spec 1 §4). */
export async function listStatuses(backend: RepairBackend): Promise<StatusDefinition[]> {
  const found = await backend.listStatuses();
  return found.length > 0 ? found : proxyDefaultStatuses.map((status) => ({ ...status }));
}

// ───────────────── Customers ─────────────────

/**
 * GET /customers: admins search every customer; a signed-in customer sees at most their own record
 * (the spec's account calls keep working, nobody else's data comes back); visitors get a 401.
 */
export async function listCustomersFor(backend: RepairBackend, viewer: Viewer, query: CustomerListQuery) {
  requireSignedIn(viewer);
  const limit = query.pageSize;
  if (viewer.kind === 'admin') {
    const { items, total } = await backend.listCustomers({
      keyword: query.keyword || undefined,
      referredBy: query.referedBy || undefined,
      offset: offsetOf(query.page, limit),
      limit,
    });
    return { items: items.map(toCustomer), total };
  }
  if (viewer.customerId === null || offsetOf(query.page, limit) > 0) return { items: [], total: viewer.customerId === null ? 0 : 1 };
  const own = await backend.getCustomer(viewer.customerId);
  return own ? { items: [toCustomer(own)], total: 1 } : { items: [], total: 0 };
}

export async function getCustomerFor(backend: RepairBackend, viewer: Viewer, id: number) {
  requireSignedIn(viewer);
  if (!owns(viewer, id)) throw customerNotFound();
  const record = await backend.getCustomer(id);
  if (!record) throw customerNotFound();
  return toCustomer(record);
}

function toCustomerInput(body: CustomerUpdateBody | CustomerCreateBody): CustomerInput {
  const input: CustomerInput = {};
  const set = <K extends keyof CustomerInput>(key: K, value: CustomerInput[K]) => {
    if (value !== undefined) input[key] = value;
  };
  set('firstName', body.first_name);
  set('lastName', body.last_name);
  set('email', body.email);
  set('phone', body.phone);
  set('mobile', body.mobile);
  set('address1', body.address1);
  set('city', body.city);
  set('postcode', body.postcode);
  set('country', body.country);
  set('emailOptIn', body.email_opt_in);
  set('smsOptIn', body.sms_opt_in);
  if ('address2' in body) {
    set('address2', body.address2);
    set('state', body.state);
    set('organization', body.orgonization);
    set('referredBy', body.refered_by);
    set('contactPerson', body.contact_person);
  }
  return input;
}

export async function updateCustomerFor(backend: RepairBackend, viewer: Viewer, id: number, body: CustomerUpdateBody) {
  requireSignedIn(viewer);
  if (!owns(viewer, id)) throw customerNotFound();
  const current = await backend.getCustomer(id);
  if (!current) throw customerNotFound();
  // The address is the proof of ownership of every linked account: a customer changes it from the
  // account (with a new verification), not here, or another person's address could be attached.
  if (viewer.kind !== 'admin' && body.email !== undefined && body.email !== current.email) {
    throw new AppError('EMAIL_CHANGE_NOT_ALLOWED', 403, messages.repair.emailChangeNotAllowed);
  }
  const updated = await backend.updateCustomer(id, toCustomerInput(body));
  if (!updated) throw customerNotFound();
  return toCustomer(updated);
}

/**
 * POST /customer. An admin creates any customer. A signed-in customer whose address is verified and
 * who is not linked yet gets linked: to the existing record with the same address (main or other
 * addresses, case-insensitive), else to a new record created with their verified address — never
 * the address of the body. Anyone else: 401 / 403 / 409.
 */
export async function createCustomerFor(
  db: Db,
  backend: RepairBackend,
  viewer: Viewer,
  body: CustomerCreateBody,
): Promise<{ customer: ReturnType<typeof toCustomer>; linked: boolean; created: boolean }> {
  requireSignedIn(viewer);
  if (viewer.kind === 'admin') {
    const created = await backend.createCustomer({ country: 'France', ...toCustomerInput(body) });
    return { customer: toCustomer(created), linked: false, created: true };
  }
  if (viewer.customerId !== null) throw new AppError('ALREADY_LINKED', 409, messages.repair.alreadyLinked);
  if (!viewer.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 403, messages.repair.emailNotVerified);
  const [user] = await db.select().from(users).where(eq(users.id, viewer.userId));
  if (!user) throw new AppError('NOT_LOGGED_IN', 401, messages.auth.notLoggedIn);
  const { email: _ignored, ...fields } = toCustomerInput(body);
  const { customer, created } = await linkVerifiedUser(db, backend, user, fields);
  return { customer: toCustomer(customer), linked: true, created };
}

// ───────────────── Invoices ─────────────────

/**
 * GET /invoices: admins see every invoice (optionally one customer's); a customer only their own,
 * whatever the query says; visitors get a 401. The account sends its e-mail or customer id as the
 * keyword (spec 1 §7): for a customer that keyword is the ownership filter itself, not a search.
 */
export async function listInvoicesFor(backend: RepairBackend, viewer: Viewer, query: InvoiceListQuery, db?: Db) {
  requireSignedIn(viewer);
  let customerId = query.customer_id;
  let keyword = query.keyword || undefined;
  if (viewer.kind === 'customer') {
    if (viewer.customerId === null) return { items: [], total: 0 };
    if (customerId !== undefined && customerId !== viewer.customerId) return { items: [], total: 0 };
    customerId = viewer.customerId;
    if (keyword && (keyword.toLowerCase() === viewer.email || keyword === String(viewer.customerId))) keyword = undefined;
  }
  const limit = query.pagesize;
  const { items, total } = await backend.listInvoices({
    keyword,
    status: query.status,
    customerId,
    offset: offsetOf(query.page, limit),
    limit,
  });
  const customers = await customersById(backend, items.map((item) => item.customerId));
  const counted = db ? await withOnlinePayments({ db, backend }, items) : items;
  return { items: counted.map((item) => toInvoice(item, customers.get(item.customerId) ?? null)), total };
}

/**
 * With `db`, a RepairDesk invoice counts the payments taken online that RepairDesk has not recorded
 * yet (its estimate's deposit included: repair-payments/deposits.ts), as the payment page does.
 */
export async function getInvoiceFor(backend: RepairBackend, viewer: Viewer, id: number, db?: Db) {
  requireSignedIn(viewer);
  if (viewer.kind === 'customer' && (viewer.customerId === null || !viewer.emailVerified)) throw invoiceNotFound();
  // A customer's query carries their id: another customer's invoice is not even loaded, so it
  // answers as fast as a missing one.
  const record = await backend.getInvoice(id, viewer.kind === 'customer' ? { customerId: viewer.customerId ?? undefined } : {});
  if (!record || !owns(viewer, record.customerId)) throw invoiceNotFound();
  const [counted = record] = db ? await withOnlinePayments({ db, backend }, [record]) : [record];
  return toInvoice(counted, await backend.getCustomer(record.customerId));
}

// ───────────────── Inventory ─────────────────

/**
 * The inventory is read by every shop page; each instance keeps the serialised answer of a query
 * for 5 minutes (spec 1 §9). Writers of stock and items (orders, the admin) call `invalidate`.
 */
export const INVENTORY_TTL_MS = 5 * 60_000;

export type InventoryCache = {
  /** `onMiss` runs before the backend is asked (the route counts it against the visitor's rate limit). */
  get: (query: InventoryListQuery, onMiss?: () => Promise<void>) => Promise<string>;
  categories: () => Promise<string>;
  brands: () => Promise<string>;
  invalidate: () => void;
};

export function createInventoryCache(backend: RepairBackend, ttlMs = INVENTORY_TTL_MS): InventoryCache {
  const cache = new LRUCache<string, string>({ max: 200, maxSize: 64 * 1024 * 1024, sizeCalculation: (value) => value.length || 1, ttl: ttlMs });
  const pending = new Map<string, Promise<string>>();
  // Bumped by invalidate(): a load that started before an invalidation is not stored.
  let generation = 0;
  const cached = async (key: string, load: () => Promise<unknown>, onMiss?: () => Promise<void>): Promise<string> => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    if (!pending.has(key)) await onMiss?.();
    // Concurrent misses for one key share one load.
    let loading = pending.get(key);
    if (!loading) {
      const startedIn = generation;
      const current: Promise<string> = load()
        .then((body) => {
          const text = JSON.stringify(body);
          if (startedIn === generation) cache.set(key, text);
          return text;
        })
        .finally(() => {
          if (pending.get(key) === current) pending.delete(key);
        });
      loading = current;
      pending.set(key, loading);
    }
    return loading;
  };
  return {
    get: (query, onMiss) =>
      cached(JSON.stringify(['items', query.keyword ?? '', Math.max(query.page, 1), query.pagesize]), async () => {
        const { items, total } = await backend.listInventory({
          keyword: query.keyword || undefined,
          offset: offsetOf(query.page, query.pagesize),
          limit: query.pagesize,
        });
        return {
          success: true,
          data: items.map(toInventoryItem),
          message: items.length ? messages.repair.inventoryFound : messages.repair.noInventory,
          statusCode: 200,
          total,
        };
      }, onMiss),
    categories: () =>
      cached('categories', async () => {
        const data = await backend.listInventoryCategories();
        return { success: true, data, message: 'Catégories récupérées', statusCode: 200, total: data.length };
      }),
    brands: () =>
      cached('brands', async () => {
        const found = await backend.listInventoryBrands();
        // Spec 2 §7: a built-in list when the repair system has none.
        const data = found.length ? found : fallbackBrands.map((name, index) => ({ id: index + 1, name }));
        return { success: true, data, message: 'Marques récupérées', statusCode: 200, total: data.length };
      }),
    invalidate: () => {
      generation += 1;
      pending.clear();
      cache.clear();
      backend.invalidate?.();
    },
  };
}
