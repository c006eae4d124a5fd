/**
 * The catalogue's snapshot on its own: progressive paging of the backend, the 5-minute cache,
 * shared rebuilds, invalidation, failures, and the search speed on 5,000 items.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListQuerySchema } from '@erepare/shared/schemas/shop';
import { RepairBackendError, type InventoryItemRecord, type RepairBackend } from '../../adapters/repair/types.js';
import { planRepairDesk } from '../../db/demo-data/repair-desk.js';
import { AppError } from '../../errors.js';
import { signal } from '../../test/signals.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CATALOGUE_TTL_MS, createCatalogue } from './catalogue.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

let large: InventoryItemRecord[] | undefined;

/** The large demo inventory (5,000 items) as backend records, ids above the test database's. */
function largeInventory(): InventoryItemRecord[] {
  large ??= planInventoryRecords();
  return large;
}

function planInventoryRecords(): InventoryItemRecord[] {
  return planRepairDesk({ size: 'large', now: new Date('2026-01-15T10:00:00Z') }).inventory.map((row, index) => ({
    id: 100_000 + index,
    name: row.name,
    sku: row.sku,
    upcCode: row.upcCode ?? '',
    description: row.description ?? '',
    category: row.category,
    brand: row.brand ?? '',
    itemType: row.itemType,
    condition: row.condition ?? '',
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents ?? null,
    quantity: row.quantity ?? 0,
    warranty: row.warranty ?? '',
    supplier: row.supplier ?? '',
    deviceNames: row.deviceNames ?? '',
    imageUrl: row.imageUrl ?? '',
    createdAt: row.createdAt ?? new Date(0),
  }));
}

type Stub = {
  backend: RepairBackend;
  calls: { offset: number; limit: number }[];
  items: InventoryItemRecord[];
  fail: (on: boolean) => void;
  /** Holds every backend answer until release() is called; resolves when a call is held. */
  hold: () => Promise<void>;
  release: () => void;
};

/** A repair backend that serves `items` (only what the catalogue uses). */
function stubBackend(items: InventoryItemRecord[]): Stub {
  const calls: { offset: number; limit: number }[] = [];
  let failing = false;
  let gate: { promise: Promise<void>; open: () => void; reached: () => void } | null = null;
  const partial: Partial<RepairBackend> = {
    kind: 'local',
    listInventory: async (filter) => {
      calls.push({ offset: filter.offset, limit: filter.limit });
      if (gate) {
        gate.reached();
        await gate.promise;
      }
      if (failing) throw new RepairBackendError('REPAIR_UNAVAILABLE', 'Service temporairement indisponible', 503);
      return { items: stub.items.slice(filter.offset, filter.offset + filter.limit), total: stub.items.length };
    },
    listInventoryCategories: async () => [],
  };
  const stub: Stub = {
    backend: partial as RepairBackend,
    calls,
    items,
    fail: (on) => {
      failing = on;
    },
    hold: () => {
      let open = () => undefined as void;
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      let reached = () => undefined as void;
      const held = new Promise<void>((resolve) => {
        reached = resolve;
      });
      gate = { promise, open, reached };
      return held;
    },
    release: () => {
      gate?.open();
      gate = null;
    },
  };
  return stub;
}

const query = (input: Record<string, string> = {}) => productListQuerySchema.parse(input);

describe('the catalogue snapshot', () => {
  it('reads the inventory 1,000 items at a time, at most 10 pages', async () => {
    const items = largeInventory();
    const stub = stubBackend(items.slice(0, 2500));
    const catalogue = createCatalogue(t.database.db, stub.backend);
    const { total } = await catalogue.list(query());
    expect(stub.calls).toEqual([
      { offset: 0, limit: 1000 },
      { offset: 1000, limit: 1000 },
      { offset: 2000, limit: 1000 },
    ]);
    expect(total).toBeGreaterThan(0);

    const huge = stubBackend(Array.from({ length: 12 }, () => items.slice(0, 1000)).flat().map((item, index) => ({ ...item, id: index + 1 })));
    await createCatalogue(t.database.db, huge.backend).list(query());
    expect(huge.calls).toHaveLength(10);
  });

  it('keeps its snapshot 5 minutes, then serves it once more while the next one loads', async () => {
    let now = 1_000_000;
    const items = largeInventory().slice(0, 300);
    const stub = stubBackend(items);
    const rebuilt = signal();
    const catalogue = createCatalogue(t.database.db, stub.backend, { now: () => now, onRebuilt: () => rebuilt.fire() });
    const first = await catalogue.list(query());
    now += CATALOGUE_TTL_MS - 1;
    await catalogue.list(query());
    expect(stub.calls).toHaveLength(1);

    // An item sold out in the backend: the expired snapshot answers, the rebuild runs behind it.
    stub.items = items.map((item) => ({ ...item, quantity: 0 }));
    now += 1;
    const next = rebuilt.next();
    expect((await catalogue.list(query())).total).toBe(first.total);
    expect(stub.calls).toHaveLength(2);
    await next;
    expect((await catalogue.list(query())).total).toBe(0);
    expect(stub.calls).toHaveLength(2);
  });

  it('shares one load between concurrent requests, and forgets it on invalidate()', async () => {
    const stub = stubBackend(largeInventory().slice(0, 300));
    const catalogue = createCatalogue(t.database.db, stub.backend);
    const held = stub.hold();
    const pending = Promise.all([catalogue.list(query()), catalogue.get(100_001), catalogue.categories(), catalogue.list(query({ search: 'iphone' }))]);
    await held;
    stub.release();
    await pending;
    expect(stub.calls).toHaveLength(1);

    catalogue.invalidate();
    await catalogue.list(query());
    expect(stub.calls).toHaveLength(2);
    // The repair module's inventory cache calls the backend's invalidate(): the catalogue follows.
    stub.backend.invalidate?.();
    await catalogue.list(query());
    expect(stub.calls).toHaveLength(3);
  });

  it('does not keep a snapshot that started loading before an invalidation', async () => {
    const items = largeInventory().slice(0, 300);
    const stub = stubBackend(items);
    const catalogue = createCatalogue(t.database.db, stub.backend);
    const held = stub.hold();
    const old = catalogue.list(query());
    await held;
    stub.items = [];
    catalogue.invalidate();
    stub.release();
    await old;
    expect((await catalogue.list(query())).total).toBe(0);
  });

  it('answers a French 503 when the backend fails with nothing to fall back on, and the fallback categories', async () => {
    const stub = stubBackend(largeInventory().slice(0, 300));
    stub.fail(true);
    const catalogue = createCatalogue(t.database.db, stub.backend);
    const error = await catalogue.list(query()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ httpStatus: 503, message: 'Service temporairement indisponible' });
    const categories = await catalogue.categories();
    expect(categories.fallback).toBe(true);
    expect(categories.items.map((category) => category.name)).toEqual(['Smartphones', 'Ordinateurs', 'Tablettes', 'Accessoires']);
  });

  it('keeps serving its last snapshot when the backend fails after an invalidation', async () => {
    let now = 5_000_000;
    const stub = stubBackend(largeInventory().slice(0, 300));
    const rebuilt = signal();
    const catalogue = createCatalogue(t.database.db, stub.backend, { now: () => now, onRebuilt: () => rebuilt.fire() });
    const before = await catalogue.list(query());
    stub.fail(true);
    catalogue.invalidate();
    expect((await catalogue.list(query())).total).toBe(before.total);
    const calls = stub.calls.length;
    // Not asked again on every request: 30 s later.
    await catalogue.list(query());
    expect(stub.calls).toHaveLength(calls);
    stub.fail(false);
    now += 31_000;
    const next = rebuilt.next();
    await catalogue.list(query());
    await next;
    expect(stub.calls.length).toBeGreaterThan(calls);
  });
});

describe('search speed', () => {
  it('searches 5,000 items well under 25 ms (p95 over 200 searches)', async () => {
    const stub = stubBackend(largeInventory());
    const catalogue = createCatalogue(t.database.db, stub.backend);
    expect((await catalogue.list(query())).total).toBeGreaterThan(3000);
    const searches = ['samsung', 'iphone 13', 'coque', 'chargeur usb-c', 'galaxy', 'écran', 'ACC-00012', 'apple watch', 'zzz', 'reco'];
    // A machine shared with other jobs can stall any round: up to three rounds, each on a fresh
    // snapshot (nothing cached from the round before), and the best one is held to the budget.
    let p95 = Infinity;
    for (let round = 0; round < 3 && p95 >= 25; round += 1) {
      catalogue.invalidate();
      await catalogue.list(query());
      const timings: number[] = [];
      for (let index = 0; index < 200; index += 1) {
        const input: Record<string, string> = { search: searches[index % searches.length] ?? '' };
        if (index % 3 === 0) input.orderby = 'price';
        if (index % 4 === 0) input.category = 'smartphones';
        if (index % 5 === 0) input.page = '2';
        const started = performance.now();
        await catalogue.list(query(input));
        timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      const roundP95 = timings[Math.floor(timings.length * 0.95)] ?? Infinity;
      p95 = Math.min(p95, roundP95);
      console.info(`catalogue search on 5,000 items, round ${round + 1}: p50 ${timings[100]?.toFixed(2)} ms, p95 ${roundP95.toFixed(2)} ms`);
    }
    expect(p95).toBeLessThan(25);
  });
});
