import { normaliseTicketNumber, proxyDefaultStatuses, type StatusDefinition } from '@erepare/shared/tickets';
import type { PublicTicket, PublicTicketDetail, TicketListQuery } from '@erepare/shared/schemas/repair';
import { MAX_TICKET_PAGE_SIZE } from '@erepare/shared/schemas/repair';
import { LRUCache } from 'lru-cache';
import type { RepairBackend, TicketRecord } from '../../adapters/repair/types.js';
import { AppError } from '../../errors.js';

export const TICKET_NOT_FOUND = 'Ticket introuvable';

/**
 * The anonymised view of a ticket, for anyone (spec 3 §2-§3, DESIGN.md §4): devices, fault,
 * status and dates; the customer only as "Client #{id}". Never a name, e-mail, phone, address,
 * IMEI, serial or price.
 */
export function toPublicTicket(record: TicketRecord): PublicTicket {
  const devices = record.devices.map((device) => ({
    device_name: device.name,
    device_brand: device.brand,
    device_model: device.model,
    device_category: device.category,
    device_fault: device.fault,
    status: device.status,
  }));
  const first = devices[0];
  return {
    id: record.id,
    ticket_number: record.ticketNumber,
    status: record.status,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    customer_id: record.customerId,
    customer_name: `Client #${record.customerId}`,
    device_name: first?.device_name ?? '',
    device_brand: first?.device_brand ?? '',
    device_model: first?.device_model ?? '',
    device_category: first?.device_category ?? '',
    device_fault: first?.device_fault ?? record.description,
    devices,
  };
}

type PublicPage = { items: PublicTicket[]; total: number };

/**
 * The public list is the same for every visitor (anonymised), polled by every open dashboard:
 * each instance keeps answers for 15 s. A status change reaches the public list within 15 s (the
 * dashboard itself refreshes every 5 minutes); the lookup of one ticket is never cached.
 */
export const PUBLIC_LIST_TTL_MS = 15_000;

export function createPublicListCache(): LRUCache<string, PublicPage> {
  return new LRUCache<string, PublicPage>({ max: 500, ttl: PUBLIC_LIST_TTL_MS });
}

export async function listPublicTickets(
  backend: RepairBackend,
  query: TicketListQuery,
  cache?: LRUCache<string, PublicPage>,
): Promise<PublicPage> {
  // Page sizes are capped: a visitor cannot make the server build a list of thousands of tickets.
  const limit = Math.min(query.pagesize, MAX_TICKET_PAGE_SIZE);
  const page = Math.max(query.page, 1);
  const key = JSON.stringify([query.keyword ?? '', query.from_date ?? null, query.to_date ?? null, page, limit]);
  const cached = cache?.get(key);
  if (cached) return cached;
  const { items, total } = await backend.listTickets({
    keyword: query.keyword || undefined,
    from: query.from_date !== undefined ? new Date(query.from_date * 1000) : undefined,
    to: query.to_date !== undefined ? new Date(query.to_date * 1000) : undefined,
    offset: (page - 1) * limit,
    limit,
  });
  const result = { items: items.map(toPublicTicket), total };
  cache?.set(key, result);
  return result;
}

/** A ticket by id or number ("T-1234", "1234"), with its status history, public fields only. */
export async function getPublicTicket(backend: RepairBackend, idOrNumber: string): Promise<PublicTicketDetail> {
  const asNumber = /^T/i.test(idOrNumber) ? normaliseTicketNumber(idOrNumber) : null;
  let record: TicketRecord | null = null;
  if (asNumber) {
    record = await backend.getTicket({ ticketNumber: asNumber });
  } else {
    record = await backend.getTicket({ id: Number(idOrNumber) });
    // "6632" typed by a customer is a ticket number more often than an internal id.
    const typed = normaliseTicketNumber(idOrNumber);
    if (!record && typed) record = await backend.getTicket({ ticketNumber: typed });
  }
  if (!record) throw new AppError('TICKET_NOT_FOUND', 404, TICKET_NOT_FOUND);
  const history = await backend.ticketHistory(record.id);
  return {
    ...toPublicTicket(record),
    history: history.map((event) => ({
      from_status: event.fromStatus,
      to_status: event.toStatus,
      created_at: event.createdAt.toISOString(),
    })),
  };
}

/** The store's statuses, or the proxy's default list when it has none (spec 1 §4). */
export async function listStatuses(backend: RepairBackend): Promise<StatusDefinition[]> {
  const found = await backend.listStatuses();
  return found.length > 0 ? found : proxyDefaultStatuses.map((status) => ({ ...status }));
}
