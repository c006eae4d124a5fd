/**
 * An order's life after creation: payment (markOrderPaid, for the payments and admin issues),
 * cancellation (cancelOrder) and the expiry job, with stock, coupon and loyalty counted exactly
 * once. Online payment methods do not exist yet: a pending-status adapter stands in for them,
 * passed the way the payments issue will register its providers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCreateRequestSchema } from '@erepare/shared/schemas/shop';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { coupons, customers, inventoryItems, orderEvents, orders, payments } from '../../db/schema.js';
import { expireOrders } from '../../jobs/order-expiry.js';
import { listOutbox } from '../mail/outbox.js';
import { offlinePaymentMethods, type PaymentMethodAdapter } from '../shop/payment-methods.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { cancelOrder, createOrder, markOrderPaid, requestConfirmation, type OrderContext, type OrderViewer } from './service.js';

let t: TestApp;
let counter = 0;

const card: PaymentMethodAdapter = {
  id: 'stripe',
  kind: 'online',
  title: 'Carte bancaire',
  description: 'Paiement par carte',
  order: 1,
  shippingMethods: null,
  initialStatus: 'pending',
};

function context(extra: Partial<OrderContext> = {}): OrderContext {
  return {
    db: t.database.db,
    publicUrl: t.config.publicUrl,
    orders: t.config.orders,
    backend: t.app.repair.backend,
    catalogue: t.app.shop.catalogue,
    paymentMethods: (profile) => [...offlinePaymentMethods(profile, 'http://localhost:3000'), card],
    ...extra,
  };
}

const anonymous: OrderViewer = { kind: 'anonymous' };

let ipCounter = 0;
/** Each order from its own address: the unpaid-orders limit per address stays out of the way. */
function nextIp(): string {
  ipCounter += 1;
  return `10.61.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function insertItem(quantity: number, priceCents = 2500): Promise<number> {
  counter += 1;
  const [row] = await t.database.db
    .insert(inventoryItems)
    .values({ name: `Article cycle ${counter}`, sku: `TEST-CYCLE-${counter}`, itemType: 'accessory', priceCents, quantity })
    .returning({ id: inventoryItems.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

async function stockOf(id: number): Promise<number> {
  const [row] = await t.database.db.select({ quantity: inventoryItems.quantity }).from(inventoryItems).where(eq(inventoryItems.id, id));
  return row?.quantity ?? -1;
}

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
}

function input(productId: number, overrides: Record<string, unknown> = {}) {
  counter += 1;
  return orderCreateRequestSchema.parse({
    payment_method: 'stripe',
    billing: {
      first_name: 'Noé',
      last_name: 'Bernard',
      email: `cycle${counter}@exemple.fr`,
      phone: '0611223344',
      address_1: '3 allée des Dunes',
      city: 'La Teste-de-Buch',
      postcode: '33260',
    },
    line_items: [{ product_id: productId, quantity: 2 }],
    shipping_lines: [{ method_id: 'colissimo_sign' }],
    terms_accepted: true,
    ...overrides,
  });
}

async function expire(id: number): Promise<void> {
  await t.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, id));
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('an online payment', () => {
  it('is pending for ORDER_PENDING_TIMEOUT_MINUTES with its stock reserved and no mail; paid, it is confirmed once', async () => {
    const itemId = await insertItem(5);
    const [coupon] = await t.database.db.insert(coupons).values({ code: 'TEST-CARTE10', discountType: 'percent', amount: 1000 }).returning();
    const order = await createOrder(context(), anonymous, input(itemId, { coupon_lines: [{ code: 'TEST-CARTE10' }] }), { ip: nextIp() });
    expect(order).toMatchObject({ status: 'pending', needs_payment: true, subtotal: '50.00', discount_total: '5.00', shipping_total: '9.90', total: '54.90', bank_details: null });
    const expires = new Date(order.expires_at ?? 0).getTime() - Date.now();
    expect(expires).toBeGreaterThan(59 * 60_000);
    expect(expires).toBeLessThan(61 * 60_000);
    expect(await stockOf(itemId)).toBe(3);
    const email = order.billing.email;
    expect(await listOutbox(t.database.db, { to: email })).toHaveLength(0);

    // The browser's confirmation call before the payment is confirmed: noted, nothing sent.
    await requestConfirmation(context(), order.id, order.order_key ?? '');
    expect(await listOutbox(t.database.db, { to: email })).toHaveLength(0);

    const kicks: number[] = [];
    const paid = await markOrderPaid(t.database.db, order.id, {
      note: 'Paiement carte confirmé',
      transactionId: 'pi_123',
      publicUrl: t.config.publicUrl,
      mailer: { kick: () => kicks.push(1) },
    });
    expect(paid).toEqual({ changed: true, status: 'processing' });
    expect(kicks).toHaveLength(1);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'processing', transactionId: 'pi_123', expiresAt: null });
    expect(row.settledAt).toBeInstanceOf(Date);
    const [usage] = await t.database.db.select({ count: coupons.usageCount }).from(coupons).where(eq(coupons.id, coupon?.id ?? 0));
    expect(usage?.count).toBe(1);
    const confirmation = await listOutbox(t.database.db, { kind: 'order_confirmation', to: email });
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]?.text).toContain('Votre paiement a bien été reçu');
    // The key is not kept: a mail written later links to the account's orders.
    expect(confirmation[0]?.text).toContain(`${t.config.publicUrl}/compte?tab=orders`);
    const staff = (await listOutbox(t.database.db, { kind: 'order_notification', to: defaultStoreProfile.email })).filter((mail) => mail.subject === `Nouvelle commande #${order.id}`);
    expect(staff).toHaveLength(1);

    // Replays change nothing.
    expect(await markOrderPaid(t.database.db, order.id, { note: 'rejeu', publicUrl: t.config.publicUrl })).toEqual({ changed: false, status: 'processing' });
    await requestConfirmation(context(), order.id, order.order_key ?? '');
    expect(await listOutbox(t.database.db, { kind: 'order_confirmation', to: email })).toHaveLength(1);
    const [again] = await t.database.db.select({ count: coupons.usageCount }).from(coupons).where(eq(coupons.id, coupon?.id ?? 0));
    expect(again?.count).toBe(1);
    expect(await stockOf(itemId)).toBe(3);
  });

  it('is not revived by a payment arriving after its cancellation', async () => {
    const itemId = await insertItem(2);
    const order = await createOrder(context(), anonymous, input(itemId), { ip: nextIp() });
    await cancelOrder(t.database.db, order.id, 'Paiement échoué', { publicUrl: t.config.publicUrl });
    expect(await markOrderPaid(t.database.db, order.id, { note: 'tardif', publicUrl: t.config.publicUrl })).toEqual({ changed: false, status: 'cancelled' });
    expect(await markOrderPaid(t.database.db, 987_654, { note: 'inconnue', publicUrl: t.config.publicUrl })).toEqual({ changed: false, status: null });
    expect(await stockOf(itemId)).toBe(2);
  });
});

describe('cancelOrder', () => {
  it('gives the stock back exactly once and undoes the settlement of a pay-in-store order', async () => {
    const itemId = await insertItem(4, 3000);
    const [customer] = await t.database.db.insert(customers).values({ email: 'annulation@exemple.fr', loyaltyBalanceCents: 800 }).returning();
    const customerId = customer?.id ?? 0;
    const [coupon] = await t.database.db.insert(coupons).values({ code: 'TEST-ANNUL', amount: 300 }).returning();
    const user = await signedInUser(t.app, t.database.db, { email: 'annulation@exemple.fr', repairCustomerId: customerId });
    const viewer: OrderViewer = { kind: 'user', userId: user.id, role: 'customer', email: 'annulation@exemple.fr', emailVerified: true, customerId };
    const order = await createOrder(
      context(),
      viewer,
      input(itemId, { payment_method: 'cod', shipping_lines: [{ method_id: 'local_pickup' }], coupon_lines: [{ code: 'TEST-ANNUL' }], use_loyalty: true }),
      { ip: nextIp() },
    );
    expect(order).toMatchObject({ status: 'processing', loyalty_discount: '8.00', discount_total: '3.00', total: '49.00' });
    expect(await stockOf(itemId)).toBe(2);
    const couponUsage = async () => (await t.database.db.select({ count: coupons.usageCount }).from(coupons).where(eq(coupons.id, coupon?.id ?? 0)))[0]?.count;
    const balance = async () => (await t.database.db.select({ balance: customers.loyaltyBalanceCents }).from(customers).where(eq(customers.id, customerId)))[0]?.balance;
    expect(await couponUsage()).toBe(1);
    expect(await balance()).toBe(0);

    let invalidations = 0;
    const options = { publicUrl: t.config.publicUrl, onStockChange: () => (invalidations += 1) };
    const results = await Promise.all([
      cancelOrder(t.database.db, order.id, 'Annulée par la boutique', options),
      cancelOrder(t.database.db, order.id, 'Annulée par la boutique', options),
    ]);
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(invalidations).toBe(1);
    expect(await stockOf(itemId)).toBe(4);
    expect(await couponUsage()).toBe(0);
    expect(await balance()).toBe(800);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.toStatus)).toEqual(['processing', 'cancelled']);
  });
});

describe('the expiry job', () => {
  it('cancels unpaid orders past their deadline, releases their stock once and tells bank-transfer buyers', async () => {
    const itemId = await insertItem(10);
    const pending = await createOrder(context(), anonymous, input(itemId), { ip: nextIp() });
    const transfer = await createOrder(context(), anonymous, input(itemId, { payment_method: 'bacs' }), { ip: nextIp() });
    const fresh = await createOrder(context(), anonymous, input(itemId, { payment_method: 'bacs' }), { ip: nextIp() });
    const paid = await createOrder(context(), anonymous, input(itemId), { ip: nextIp() });
    await markOrderPaid(t.database.db, paid.id, { note: 'payé', publicUrl: t.config.publicUrl });
    expect(await stockOf(itemId)).toBe(2);
    await expire(pending.id);
    await expire(transfer.id);

    let invalidations = 0;
    const options = { publicUrl: t.config.publicUrl, onStockChange: () => (invalidations += 1) };
    // Two runs at once (two instances): each order is cancelled once.
    const runs = await Promise.all([expireOrders(t.database.db, options), expireOrders(t.database.db, options)]);
    expect(runs.reduce((sum, run) => sum + run.cancelled, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.mailed, 0)).toBe(1);
    expect(invalidations).toBeGreaterThanOrEqual(1);
    expect(await stockOf(itemId)).toBe(6);
    expect((await orderRow(pending.id)).status).toBe('cancelled');
    expect((await orderRow(transfer.id)).status).toBe('cancelled');
    expect((await orderRow(transfer.id)).stockReleasedAt).toBeInstanceOf(Date);
    expect((await orderRow(fresh.id)).status).toBe('on-hold');
    expect((await orderRow(paid.id)).status).toBe('processing');

    const notices = await listOutbox(t.database.db, { kind: 'order_expired' });
    expect(notices.map((mail) => mail.toAddress)).toEqual([transfer.billing.email]);
    expect(notices[0]?.subject).toBe(`Commande n° ${transfer.id} annulée – ${defaultStoreProfile.name}`);
    expect(notices[0]?.text).toContain('Nous n’avons pas reçu le virement');
    expect(await listOutbox(t.database.db, { kind: 'order_expired', to: pending.billing.email })).toHaveLength(0);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, transfer.id));
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, 'on-hold'],
      ['on-hold', 'cancelled'],
    ]);

    // Nothing left to do; the bank details are no longer offered for the cancelled order.
    expect(await expireOrders(t.database.db, options)).toEqual({ cancelled: 0, mailed: 0, failed: 0 });
    expect(await stockOf(itemId)).toBe(6);
    const view = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${transfer.id}?key=${transfer.order_key ?? ''}` });
    expect(view.json<{ data: { status: string; bank_details: unknown; expires_at: unknown } }>().data).toMatchObject({ status: 'cancelled', bank_details: null, expires_at: null });
  });

  it('keeps a pending order whose payment the provider is still confirming (three days at most)', async () => {
    const itemId = await insertItem(5, 1000);
    const confirming = await createOrder(context(), anonymous, input(itemId, { line_items: [{ product_id: itemId, quantity: 1 }] }), { ip: nextIp() });
    const declined = await createOrder(context(), anonymous, input(itemId, { line_items: [{ product_id: itemId, quantity: 1 }] }), { ip: nextIp() });
    const stale = await createOrder(context(), anonymous, input(itemId, { line_items: [{ product_id: itemId, quantity: 1 }] }), { ip: nextIp() });
    const attempt = (orderId: number, providerRef: string, status: string, providerStatus: string, updatedAt = new Date()) => ({
      orderId,
      provider: 'stripe' as const,
      method: 'stripe',
      providerRef,
      amountCents: 1000,
      status,
      providerStatus,
      updatedAt,
    });
    await t.database.db.insert(payments).values([
      attempt(confirming.id, `pi_confirming_${confirming.id}`, 'created', 'processing'),
      attempt(declined.id, `pi_declined_${declined.id}`, 'failed', 'requires_payment_method'),
      attempt(stale.id, `pi_stale_${stale.id}`, 'created', 'processing', new Date(Date.now() - 4 * 86_400_000)),
    ]);
    for (const order of [confirming, declined, stale]) await expire(order.id);
    expect((await expireOrders(t.database.db, { publicUrl: t.config.publicUrl })).cancelled).toBe(2);
    expect((await orderRow(confirming.id)).status).toBe('pending');
    expect((await orderRow(declined.id)).status).toBe('cancelled');
    expect((await orderRow(stale.id)).status).toBe('cancelled');
    expect(await stockOf(itemId)).toBe(4);
  });

  it('works through many expired orders in one run', async () => {
    const itemId = await insertItem(30, 1000);
    const created = [];
    for (let index = 0; index < 7; index += 1) created.push(await createOrder(context(), anonymous, input(itemId, { line_items: [{ product_id: itemId, quantity: 1 }] }), { ip: nextIp() }));
    for (const order of created) await expire(order.id);
    expect(await stockOf(itemId)).toBe(23);
    expect((await expireOrders(t.database.db, { publicUrl: t.config.publicUrl })).cancelled).toBe(7);
    expect(await stockOf(itemId)).toBe(30);
  });
});
