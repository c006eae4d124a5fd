import { describe, expect, it } from 'vitest';
import type { RepairBackend, TicketListFilter, TicketRecord } from '../../adapters/repair/types.js';
import { createInventoryCache, createPublicListCache, listPublicTickets, toPublicTicket } from './service.js';

/** A fixed clock for the public window: 2023-11-15T22:13:20Z. */
const NOW = 1_700_086_400_000;
const WINDOW_START = 1_700_086_440 - 14 * 86_400;

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
    // Anonymised per ticket: no customer id that would link one person's repairs.
    expect(ticket.customer_name).toBe('Client #7');
    expect(ticket).not.toHaveProperty('customer_id');
    expect(JSON.stringify(ticket)).not.toContain('42');
    expect(JSON.stringify(ticket)).not.toMatch(/356938035643809|8900|"X"/);
  });

  it('caps the page size, counts pages from 1 (page 0 is the first page) and converts Unix dates', async () => {
    const backend = countingBackend();
    await listPublicTickets(backend, { page: 0, pagesize: 5000, from_date: 1_700_000_000, to_date: 1_700_080_000 }, undefined, undefined, NOW);
    expect(backend.calls[0]).toEqual({
      keyword: undefined,
      from: new Date(1_700_000_000_000),
      to: new Date(1_700_080_000_000),
      offset: 0,
      limit: 500,
    });
    await listPublicTickets(backend, { page: 3, pagesize: 20, keyword: '' }, undefined, undefined, NOW);
    expect(backend.calls[1]).toMatchObject({ offset: 40, limit: 20, keyword: undefined });
  });

  it('answers the same query from the cache, a different one from the backend', async () => {
    const backend = countingBackend();
    const cache = createPublicListCache();
    const query = { page: 0, pagesize: 100, from_date: 1_700_000_000, to_date: 1_700_086_400 };
    const first = await listPublicTickets(backend, query, cache, undefined, NOW);
    const second = await listPublicTickets(backend, { ...query, page: 1 }, cache, undefined, NOW);
    expect(second).toBe(first);
    expect(backend.calls).toHaveLength(1);
    await listPublicTickets(backend, { ...query, keyword: 'iphone' }, cache, undefined, NOW);
    expect(backend.calls).toHaveLength(2);
  });

  it('never serves more than the last 14 days, whatever dates are asked (issue 20 item 14)', async () => {
    const backend = countingBackend();
    await listPublicTickets(backend, { page: 1, pagesize: 100 }, undefined, undefined, NOW);
    await listPublicTickets(backend, { page: 1, pagesize: 100, from_date: 0, to_date: 4_000_000_000 }, undefined, undefined, NOW);
    await listPublicTickets(backend, { page: 1, pagesize: 100, from_date: WINDOW_START + 60 }, undefined, undefined, NOW);
    expect(backend.calls.map((call) => [call.from?.getTime(), call.to?.getTime()])).toEqual([
      [WINDOW_START * 1000, undefined],
      [WINDOW_START * 1000, undefined],
      [(WINDOW_START + 60) * 1000, undefined],
    ]);
    // A period wholly before the window: nothing, without asking the backend.
    expect(await listPublicTickets(backend, { page: 1, pagesize: 100, from_date: 0, to_date: WINDOW_START - 1 }, undefined, undefined, NOW)).toEqual({ items: [], total: 0 });
    expect(backend.calls).toHaveLength(3);
  });

  it('dashboards opened in the same minute share one cached answer', async () => {
    const backend = countingBackend();
    const cache = createPublicListCache();
    const asked = (now: number) => ({ page: 0, pagesize: 100, from_date: Math.floor(now / 1000) - 14 * 86_400, to_date: Math.floor(now / 1000) });
    await listPublicTickets(backend, asked(NOW), cache, undefined, NOW);
    await listPublicTickets(backend, asked(NOW + 20_000), cache, undefined, NOW + 20_000);
    expect(backend.calls).toHaveLength(1);
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
