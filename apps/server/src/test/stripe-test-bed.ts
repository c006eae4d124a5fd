/**
 * Shared set-up of the Stripe and Klarna tests: the real app (listening, so the fake can deliver
 * webhooks over HTTP) pointed at the local fake Stripe, and orders created through the shop API.
 */
import { asc, eq } from 'drizzle-orm';
import type { Order } from '@erepare/shared/schemas/shop';
import { coupons, inventoryItems, orderEvents, orders, paymentEvents } from '../db/schema.js';
import { listOutbox } from '../modules/mail/outbox.js';
import { createTestApp, type TestApp } from './test-app.js';
import { FAKE_STRIPE_PUBLISHABLE_KEY, startStripeFake, type StripeFake } from './fakes/stripe-fake.js';
import { paymentsOf } from '../modules/payments/repository.js';
import { stripeClientTuning } from '../modules/payments/stripe-client.js';
import { STRIPE_WEBHOOK_PATH } from '../modules/payments/stripe-routes.js';

export type StripeTestBed = { t: TestApp; fake: StripeFake; webhookUrl: string; close: () => Promise<void> };

/** Short enough for a timeout test to take a few seconds; far above the fake's few milliseconds. */
export const TEST_CLIENT_TIMEOUT_MS = 800;

export async function startStripeTestBed(env: Record<string, string> = {}): Promise<StripeTestBed> {
  stripeClientTuning.timeoutMs = TEST_CLIENT_TIMEOUT_MS;
  const fake = await startStripeFake();
  const t = await createTestApp({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
    STRIPE_METHODS: 'card,klarna,revolut_pay',
    PUBLIC_URL: 'http://boutique.test',
    ...env,
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const webhookUrl = `${address}${STRIPE_WEBHOOK_PATH}`;
  fake.setWebhookUrl(webhookUrl);
  return {
    t,
    fake,
    webhookUrl,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

let ipCounter = 0;
/** Each buyer from its own address: the per-IP limits of order and intent creation stay out of the way. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let counter = 0;

export type TestOrder = { id: number; key: string; totalCents: number; email: string; itemId: number; ip: string; order: Order };

export async function insertItem(t: TestApp, priceCents: number, quantity: number): Promise<number> {
  counter += 1;
  const [row] = await t.database.db
    .insert(inventoryItems)
    .values({ name: `Article paiement ${counter}`, sku: `TEST-PAY-${counter}-${Date.now()}`, itemType: 'accessory', priceCents, quantity, imageUrl: '/images/test.webp' })
    .returning({ id: inventoryItems.id });
  if (!row) throw new Error('item not inserted');
  return row.id;
}

export async function insertCoupon(t: TestApp, code: string, percent: number): Promise<number> {
  const [row] = await t.database.db.insert(coupons).values({ code, discountType: 'percent', amount: percent * 100 }).returning({ id: coupons.id });
  if (!row) throw new Error('coupon not inserted');
  return row.id;
}

/**
 * POST /api/shop/orders as the checkout sends it (guest buyer, Colissimo, terms accepted), from an
 * address of its own: the raw answer, for tests of what an order is refused or takes.
 */
export function postShopOrder(
  t: TestApp,
  options: {
    lines: { product_id: number; quantity: number }[];
    paymentMethod?: 'stripe' | 'revolut_pay' | 'klarna' | 'bacs';
    coupon?: string | undefined;
    email?: string;
    ip?: string;
  },
) {
  counter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/shop/orders',
    remoteAddress: options.ip ?? nextIp(),
    payload: {
      payment_method: options.paymentMethod ?? 'bacs',
      billing: {
        first_name: 'Léa',
        last_name: 'Martin',
        email: options.email ?? `commande.${counter}.${Date.now()}@exemple.fr`,
        phone: '06 11 22 33 44',
        address_1: '5 rue des Mouettes',
        city: 'Gujan-Mestras',
        postcode: '33470',
        country: 'FR',
      },
      line_items: options.lines,
      shipping_lines: [{ method_id: 'colissimo_no_sign' }],
      coupon_lines: options.coupon ? [{ code: options.coupon }] : [],
      terms_accepted: true,
    },
  });
}

/** An order placed through POST /api/shop/orders (the way the checkout places it). */
export async function placeOrder(
  t: TestApp,
  options: { paymentMethod: 'stripe' | 'revolut_pay' | 'klarna' | 'bacs'; priceCents?: number; quantity?: number; stock?: number; coupon?: string },
): Promise<TestOrder> {
  counter += 1;
  const itemId = await insertItem(t, options.priceCents ?? 4500, options.stock ?? 10);
  const email = `paiement.${counter}.${Date.now()}@exemple.fr`;
  const ip = nextIp();
  const response = await postShopOrder(t, { lines: [{ product_id: itemId, quantity: options.quantity ?? 1 }], paymentMethod: options.paymentMethod, coupon: options.coupon, email, ip });
  if (response.statusCode !== 201) throw new Error(`order not created: ${response.statusCode} ${response.body}`);
  const order = response.json<{ data: Order }>().data;
  const totalCents = Math.round(Number(order.total) * 100);
  return { id: order.id, key: order.order_key ?? '', totalCents, email, itemId, ip, order };
}

export async function post(t: TestApp, url: string, payload: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

export async function orderRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`order ${id} not found`);
  return row;
}

export async function eventsOf(t: TestApp, orderId: number) {
  return t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

export async function confirmationMails(t: TestApp, email: string) {
  return listOutbox(t.database.db, { to: email, kind: 'order_confirmation' });
}

export async function paymentRows(t: TestApp, orderId: number) {
  return paymentsOf(t.database.db, orderId);
}

export async function stripeEventRows(t: TestApp) {
  return t.database.db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'stripe')).orderBy(asc(paymentEvents.id));
}

export async function stockOf(t: TestApp, itemId: number): Promise<number> {
  const [row] = await t.database.db.select({ quantity: inventoryItems.quantity }).from(inventoryItems).where(eq(inventoryItems.id, itemId));
  return row?.quantity ?? -1;
}

export async function couponUsage(t: TestApp, couponId: number): Promise<number> {
  const [row] = await t.database.db.select({ usage: coupons.usageCount }).from(coupons).where(eq(coupons.id, couponId));
  return row?.usage ?? -1;
}

export type ErrorAnswer = { success: false; message: string; statusCode: number; code?: string };
export type IntentAnswer = { success: true; client_secret: string; payment_intent_id: string; publishable_key: string };
export type ConfirmAnswer = { success: true; status: string; data?: Order } | { success: false; pending: true; message: string };
