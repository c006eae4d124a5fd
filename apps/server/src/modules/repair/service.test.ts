import { describe, expect, it } from 'vitest';
import type { RepairBackend, TicketListFilter, TicketRecord } from '../../adapters/repair/types.js';
import { createInventoryCache, createPublicListCache, listPublicTickets, toPublicTicket } from './service.js';

const record: TicketRecord = {
  id: 7,
  ticketNumber: 'T-1234',
  status: 'In Progress',
  customerId: 42,
  description: 'Écran',
  totalCents: 8900,
  createdAt: new Date('2026-11-02T10:00:00Z'),
  updatedAt: new Date('2026-11-03T10:00:00Z'),
  devices: [
    { category: 'Téléphone', brand: 'Apple', name: 'iPhone 12', model: 'A2403', fault: 'Écran cassé', status: 'In Progress', imei: '356938035643809', serial: 'X', priceCents: 8900, repairItems: ['Écran'] },
  ],
};

/** A backend that records the filters it is asked for (a unit test of the service's own rules). */
function countingBackend(): RepairBackend & { calls: TicketListFilter[] } {
  const calls: TicketListFilter[] = [];
  const unused = () => Promise.reject(new Error('not used by these tests'));
  return {
    kind: 'local',
    listCustomers: unused,
    getCustomer: unused,
    findCustomersByEmail: unused,
    createCustomer: unused,
    updateCustomer: unused,
    listInvoices: unused,
    getInvoice: unused,
    listInventory: unused,
    listInventoryCategories: unused,
    listInventoryBrands: unused,
    ping: unused,
    calls,
    listTickets: (filter) => {
      calls.push(filter);
      return Promise.resolve({ items: [record], total: 1 });
    },
    getTicket: () => Promise.resolve(null),
    ticketHistory: () => Promise.resolve([]),
    listStatuses: () => Promise.resolve([]),
  };
}

describe('public ticket list', () => {
  it('keeps only public fields', () => {
    const ticket = toPublicTicket(record);
    expect(ticket.customer_name).toBe('Client #42');
    expect(JSON.stringify(ticket)).not.toMatch(/356938035643809|8900|"X"/);
  });

  it('caps the page size, counts pages from 1 (page 0 is the first page) and converts Unix dates', async () => {
    const backend = countingBackend();
    await listPublicTickets(backend, { page: 0, pagesize: 5000, from_date: 1_700_000_000, to_date: 1_700_086_400 });
    expect(backend.calls[0]).toEqual({
      keyword: undefined,
      from: new Date(1_700_000_000_000),
      to: new Date(1_700_086_400_000),
      offset: 0,
      limit: 500,
    });
    await listPublicTickets(backend, { page: 3, pagesize: 20, keyword: '' });
    expect(backend.calls[1]).toMatchObject({ offset: 40, limit: 20, keyword: undefined });
  });

  it('answers the same query from the cache, a different one from the backend', async () => {
    const backend = countingBackend();
    const cache = createPublicListCache();
    const query = { page: 0, pagesize: 100, from_date: 1_700_000_000, to_date: 1_700_086_400 };
    const first = await listPublicTickets(backend, query, cache);
    const second = await listPublicTickets(backend, { ...query, page: 1 }, cache);
    expect(second).toBe(first);
    expect(backend.calls).toHaveLength(1);
    await listPublicTickets(backend, { ...query, keyword: 'iphone' }, cache);
    expect(backend.calls).toHaveLength(2);
  });
});

describe('inventory cache', () => {
  it('an invalidation during a load keeps the stale answer out of the cache', async () => {
    let stock = 5;
    let release: () => void = () => undefined;
    let calls = 0;
    const backend = countingBackend();
    backend.listInventory = async () => {
      calls += 1;
      const seen = stock;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return { items: [{ id: 1, name: 'Coque', sku: 'C1', upcCode: '', description: '', category: 'Accessoires', brand: 'Apple', itemType: 'accessory', condition: '', priceCents: 1500, originalPriceCents: null, quantity: seen, warranty: '', supplier: '', deviceNames: '', imageUrl: '', createdAt: new Date(0) }], total: 1 };
    };
    const cache = createInventoryCache(backend);
    const query = { page: 1, pagesize: 500 };
    const first = cache.get(query);
    await Promise.resolve();
    stock = 0;
    cache.invalidate();
    release();
    expect(JSON.parse(await first)).toMatchObject({ data: [{ quantity: 5 }] });
    expect(JSON.parse(await cache.get(query))).toMatchObject({ data: [{ quantity: 0 }] });
    expect(calls).toBe(2);
  });
});
