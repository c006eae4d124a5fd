/**
 * Orders when RepairDesk holds the stock and the loyalty balances (REPAIRDESK_API_KEY, the local
 * fake RepairDesk): web sales are recorded here and subtracted from RepairDesk's figures until
 * staff apply them; loyalty spent on the site is subtracted from the balance shown. The catalogue
 * stands in for the shop's (being written alongside): RepairDesk's quantity minus our unsynced
 * web sales, read when asked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCreateRequestSchema, type Product } from '@erepare/shared/schemas/shop';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import type { CustomerRecord } from '../../adapters/repair/types.js';
import { orderLines, orders, shopProducts } from '../../db/schema.js';
import { listOutbox } from '../mail/outbox.js';
import type { Catalogue, CatalogueProduct } from '../shop/catalogue-types.js';
import { customerToRd, emptyStore, type RdInventoryItem } from '../../test/fakes/repairdesk-store.js';
import { startFakeRepairDesk, type FakeRepairDesk } from '../../test/fakes/repairdesk-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { reservedWebQuantities } from './repository.js';
import { cancelOrder, createOrder, type OrderContext, type OrderViewer } from './service.js';

const KEY = 'rd-orders-secret-key-51c2';
const CUSTOMER_ID = 501;
let fake: FakeRepairDesk;
let t: TestApp;
let invalidations = 0;
let counter = 0;

/** RepairDesk's own stock of a few items. */
const rdStock = new Map<number, { name: string; priceCents: number; quantity: number }>([
  [9001, { name: 'iPhone 12 reconditionné', priceCents: 32_900, quantity: 3 }],
  [9002, { name: 'Coque silicone', priceCents: 1500, quantity: 3 }],
  [9003, { name: 'Batterie externe', priceCents: 2500, quantity: 10 }],
  [9004, { name: 'Samsung Galaxy S21 reconditionné', priceCents: 24_900, quantity: 5 }],
]);

const catalogue: Catalogue = {
  list: () => Promise.reject(new Error('not used')),
  listed: () => Promise.reject(new Error('not used')),
  categories: () => Promise.reject(new Error('not used')),
  inventory: () => Promise.reject(new Error('not used')),
  invalidate: () => {
    invalidations += 1;
  },
  get: async (id) => {
    const item = rdStock.get(id);
    if (!item) return null;
    const reserved = (await reservedWebQuantities(t.database.db, [id])).get(id) ?? 0;
    const product: CatalogueProduct = {
      id,
      name: item.name,
      sku: `RD-${id}`,
      priceCents: item.priceCents,
      regularPriceCents: item.priceCents,
      available: Math.max(0, item.quantity - reserved),
      imageUrl: '',
      lastModified: new Date(0),
      view: {} as Product,
    };
    return product;
  },
};

function context(): OrderContext {
  return {
    db: t.database.db,
    publicUrl: t.config.publicUrl,
    orders: t.config.orders,
    backend: t.app.repair.backend,
    catalogue,
    onStockChange: () => catalogue.invalidate(),
  };
}

function input(productId: number, quantity: number, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return orderCreateRequestSchema.parse({
    payment_method: 'bacs',
    billing: {
      first_name: 'Inès',
      last_name: 'Roux',
      email: `rd${counter}@exemple.fr`,
      phone: '0699887766',
      address_1: '8 avenue de la Plage',
      city: 'Biscarrosse',
      postcode: '40600',
    },
    line_items: [{ product_id: productId, quantity }],
    shipping_lines: [{ method_id: 'colissimo_no_sign' }],
    terms_accepted: true,
    ...overrides,
  });
}

const anonymous: OrderViewer = { kind: 'anonymous' };

let ipCounter = 0;
/** Each order from its own address: the unpaid-orders limit per address stays out of the way. */
function nextIp(): string {
  ipCounter += 1;
  return `10.62.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

beforeAll(async () => {
  const customer: CustomerRecord = {
    id: CUSTOMER_ID,
    firstName: 'Inès',
    lastName: 'Roux',
    email: 'ines.roux@exemple.fr',
    emails: [],
    phone: '',
    mobile: '0699887766',
    address1: '',
    address2: '',
    city: '',
    state: '',
    postcode: '',
    country: 'France',
    organization: '',
    referredBy: '',
    contactPerson: '',
    emailOptIn: false,
    smsOptIn: false,
    loyaltyBalanceCents: 2000,
    createdAt: new Date('2024-01-01T10:00:00Z'),
  };
  const inventory: RdInventoryItem[] = [...rdStock].map(([id, item]) => ({
    id,
    name: item.name,
    sku: `RD-${id}`,
    upc_code: '',
    description: '',
    item_type: 'Product',
    category: 'Accessoires',
    manufacturer: 'Apple',
    condition: '',
    cost_price: '0.00',
    price: (item.priceCents / 100).toFixed(2),
    in_stock: String(item.quantity),
    warranty: '',
    supplier: '',
    device_names: '',
    image: '',
    created_on: 1_700_000_000,
  }));
  fake = await startFakeRepairDesk({ apiKey: KEY, rateLimit: false, store: { ...emptyStore(), customers: [customerToRd(customer)], inventory } });
  t = await createTestApp({ REPAIRDESK_API_KEY: KEY, REPAIRDESK_BASE_URL: fake.url });
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('orders on RepairDesk stock', () => {
  it('records the web sale, subtracts it from what may still be sold, and tells staff to apply it in RepairDesk', async () => {
    expect(t.app.repair.backend.kind).toBe('repairdesk');
    const first = await createOrder(context(), anonymous, input(9001, 2), { ip: nextIp() });
    expect(first).toMatchObject({ status: 'on-hold', subtotal: '658.00', shipping_total: '0.00', total: '658.00' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, first.id));
    expect(row?.inventoryBackend).toBe('repairdesk');
    expect(invalidations).toBeGreaterThan(0);
    expect((await catalogue.get(9001))?.available).toBe(1);

    await expect(createOrder(context(), anonymous, input(9001, 2), { ip: nextIp() })).rejects.toMatchObject({
      httpStatus: 409,
      message: 'Stock insuffisant pour iPhone 12 reconditionné\u00a0: 1 disponible',
    });
    await expect(createOrder(context(), anonymous, input(9999, 1), { ip: nextIp() })).rejects.toMatchObject({ httpStatus: 422, message: 'Produit introuvable' });

    const staff = (await listOutbox(t.database.db, { kind: 'order_notification', to: defaultStoreProfile.email })).find((mail) => mail.subject === `Nouvelle commande #${first.id}`);
    expect(staff?.text).toContain('À reporter dans RepairDesk\u00a0: stock\u00a0: retirer 2 × iPhone 12 reconditionné (RD-9001)');

    // Cancelled, its lines stop counting.
    await cancelOrder(t.database.db, first.id, 'Annulée', { publicUrl: t.config.publicUrl });
    expect((await catalogue.get(9001))?.available).toBe(3);
    const again = await createOrder(context(), anonymous, input(9001, 3), { ip: nextIp() });
    expect(again.status).toBe('on-hold');
    expect((await catalogue.get(9001))?.available).toBe(0);
  });

  it('never sells more than RepairDesk holds, even with orders in parallel', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => createOrder(context(), anonymous, input(9002, 1), { ip: nextIp() })));
    const sold = results.filter((result) => result.status === 'fulfilled').length;
    // RepairDesk's quantity is read at order time and our sales re-summed under the lock: exact.
    expect(sold).toBe(3);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ httpStatus: 409 });
    }
    expect((await reservedWebQuantities(t.database.db, [9002])).get(9002)).toBe(3);
    await expect(createOrder(context(), anonymous, input(9002, 1), { ip: nextIp() })).rejects.toMatchObject({ httpStatus: 409 });
  });

  it('checks RepairDesk’s own quantity at order time: a stale catalogue (another instance’s snapshot) does not oversell', async () => {
    // RepairDesk sold one in store since the catalogue's snapshot: it holds 1, the snapshot says 10.
    const rdItem = fake.store.inventory.find((item) => item.id === 9003);
    if (rdItem) rdItem.in_stock = '1';
    const stale: Catalogue = {
      ...catalogue,
      get: async (id) => {
        const product = await catalogue.get(id);
        return product ? { ...product, available: 10 } : null;
      },
    };
    await expect(createOrder({ ...context(), catalogue: stale }, anonymous, input(9003, 2), { ip: nextIp() })).rejects.toMatchObject({
      httpStatus: 409,
      message: 'Stock insuffisant pour Batterie externe\u00a0: 1 disponible',
    });
    if (rdItem) rdItem.in_stock = '10';
  });

  it('records loyalty spent on the site, subtracts it from the balance shown until staff apply it in RepairDesk', async () => {
    const user = await signedInUser(t.app, t.database.db, { email: 'ines.roux@exemple.fr', repairCustomerId: CUSTOMER_ID });
    const shown = async () => (await t.app.inject({ method: 'GET', url: '/api/shop/loyalty', headers: user.headers })).json<{ data: { balance: string; linked: boolean } }>().data;
    expect(await shown()).toEqual({ balance: '20.00', linked: true });

    const viewer: OrderViewer = { kind: 'user', userId: user.id, role: 'customer', email: 'ines.roux@exemple.fr', emailVerified: true, customerId: CUSTOMER_ID };
    const order = await createOrder(
      context(),
      viewer,
      input(9003, 1, { payment_method: 'cod', shipping_lines: [{ method_id: 'local_pickup' }], use_loyalty: true }),
      { ip: nextIp() },
    );
    expect(order).toMatchObject({ status: 'processing', loyalty_discount: '20.00', total: '5.00' });
    expect(await shown()).toEqual({ balance: '0.00', linked: true });
    const staff = (await listOutbox(t.database.db, { kind: 'order_notification', to: defaultStoreProfile.email })).find((mail) => mail.subject === `Nouvelle commande #${order.id}`);
    expect(staff?.text).toContain('points fidélité\u00a0: débiter 20,00\u00a0€ sur la fiche du client');

    // A second order finds no points left: refused, rather than charged more than the summary said.
    await expect(
      createOrder(context(), viewer, input(9003, 1, { payment_method: 'cod', shipping_lines: [{ method_id: 'local_pickup' }], use_loyalty: true }), { ip: nextIp() }),
    ).rejects.toMatchObject({ httpStatus: 409, code: 'LOYALTY_UNAVAILABLE' });

    // Staff applied the debit in RepairDesk: the order no longer counts, RepairDesk's balance does.
    const rdCustomer = fake.store.customers[0];
    if (rdCustomer) rdCustomer.loyalty_balance = '0.00';
    t.app.repair.backend.invalidate?.();
    await t.database.db.update(orders).set({ loyaltySyncedAt: new Date() }).where(eq(orders.id, order.id));
    expect(await shown()).toEqual({ balance: '0.00', linked: true });
  });
});

describe('RepairDesk requests at order time', () => {
  /** The app's RepairDesk backend, counting inventory requests and how many run at once. */
  function counting() {
    const backend = t.app.repair.backend;
    const stats = { calls: 0, running: 0, maxRunning: 0, keywords: [] as string[] };
    const wrapped: typeof backend = {
      ...backend,
      listInventory: async (filter) => {
        stats.calls += 1;
        stats.keywords.push(filter.keyword ?? '');
        stats.running += 1;
        stats.maxRunning = Math.max(stats.maxRunning, stats.running);
        try {
          return await backend.listInventory(filter);
        } finally {
          stats.running -= 1;
        }
      },
    };
    return { stats, ctx: { ...context(), backend: wrapped } };
  }

  it('caps distinct lines at 20, reads products one after another and stops at the first that cannot be sold', async () => {
    const { stats, ctx } = counting();
    const many = Array.from({ length: 21 }, (_, index) => ({ product_id: 9100 + index, quantity: 1 }));
    await expect(createOrder(ctx, anonymous, input(9001, 1, { line_items: many }), { ip: nextIp() })).rejects.toMatchObject({
      httpStatus: 400,
      message: 'Une commande compte au plus 20 articles différents',
    });
    expect(stats.calls).toBe(0);

    // 9002 is sold out by now (the parallel test took its 3): the order stops there, 9003 is never asked for.
    const lines = [{ product_id: 9001, quantity: 1 }, { product_id: 9002, quantity: 1 }, { product_id: 9003, quantity: 1 }];
    await expect(createOrder(ctx, anonymous, input(9001, 1, { line_items: lines }), { ip: nextIp() })).rejects.toMatchObject({ httpStatus: 409 });
    expect(stats.maxRunning).toBe(1);
    expect(stats.keywords).not.toContain('RD-9003');
    expect(stats.keywords).not.toContain('9003');
  });

  it('sells from RepairDesk’s fresh record: not found there, a spare part there, or hidden meanwhile is "Produit introuvable"', async () => {
    // Not found in RepairDesk any more (the catalogue's snapshot still has it): no fallback.
    const gone = fake.store.inventory.find((item) => item.id === 9003);
    if (!gone) throw new Error('no item');
    fake.store.inventory = fake.store.inventory.filter((item) => item.id !== 9003);
    t.app.repair.backend.invalidate?.();
    await expect(createOrder(context(), anonymous, input(9003, 1), { ip: nextIp() })).rejects.toMatchObject({ httpStatus: 422, message: 'Produit introuvable' });
    // Turned into a spare part in RepairDesk since the snapshot.
    fake.store.inventory.push({ ...gone, item_type: 'Part' });
    t.app.repair.backend.invalidate?.();
    await expect(createOrder(context(), anonymous, input(9003, 1), { ip: nextIp() })).rejects.toMatchObject({ httpStatus: 422, message: 'Produit introuvable' });
    fake.store.inventory = fake.store.inventory.filter((item) => item.id !== 9003);
    fake.store.inventory.push({ ...gone, price: '30.00' });
    t.app.repair.backend.invalidate?.();
    // Priced as RepairDesk prices it now.
    const order = await createOrder(context(), anonymous, input(9003, 1), { ip: nextIp() });
    expect(order.subtotal).toBe('30.00');
    // Hidden by staff: read under the product's lock.
    await t.database.db.insert(shopProducts).values({ productId: 9003, hidden: true });
    await expect(createOrder(context(), anonymous, input(9003, 1), { ip: nextIp() })).rejects.toMatchObject({ httpStatus: 422, message: 'Produit introuvable' });
  });
});

describe('the VAT rate of a RepairDesk product (issue 22 §1)', () => {
  it('is the shop’s own (shop_products), copied onto the order line when the order is placed; 20 % without a row', async () => {
    const rateOf = async (orderId: number) => (await t.database.db.select({ vatRate: orderLines.vatRate }).from(orderLines).where(eq(orderLines.orderId, orderId)))[0]?.vatRate;
    const plain = await createOrder(context(), anonymous, input(9004, 1), { ip: nextIp() });
    expect(plain.line_items[0]?.vat_rate).toBe('20');
    expect(await rateOf(plain.id)).toBe('20');
    await t.database.db.insert(shopProducts).values({ productId: 9004, vatRate: 'margin' });
    const margin = await createOrder(context(), anonymous, input(9004, 1), { ip: nextIp() });
    expect(margin.line_items[0]?.vat_rate).toBe('margin');
    // Changed afterwards: the order placed keeps the rate it was sold at.
    await t.database.db.update(shopProducts).set({ vatRate: '20' }).where(eq(shopProducts.productId, 9004));
    expect(await rateOf(margin.id)).toBe('margin');
  });
});
