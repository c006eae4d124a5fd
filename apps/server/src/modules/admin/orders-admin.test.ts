/**
 * Staff orders (issue 9): list with paging, filters, search and sort; detail; the status changes
 * that make sense (others 409); bank transfer received (processing, the buyer's mail, audit,
 * second call 409); refunds (partial, full, never more than paid, restock). Admins only: 401
 * without a session, 403 to a customer, before the body is read; bad input changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCreateRequestSchema } from '@erepare/shared/schemas/shop';
import type { AdminOrderDetail, AdminOrderSummary } from '@erepare/shared/schemas/admin-shop';
import { auditLog, coupons, inventoryItems, orderRefunds, orders } from '../../db/schema.js';
import { listOutbox } from '../mail/outbox.js';
import { createOrder, type OrderContext } from '../orders/service.js';
import { offlinePaymentMethods, type PaymentMethodAdapter } from '../shop/payment-methods.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { ordersAdminMessages } from './orders-admin.js';

let t: TestApp;
let admin: { id: number; headers: { authorization: string } };
let customer: { id: number; headers: { authorization: string } };
let counter = 0;
const db = () => t.database.db;

const card: PaymentMethodAdapter = { id: 'stripe', kind: 'online', title: 'Carte bancaire', description: 'Carte', order: 1, shippingMethods: null, initialStatus: 'pending' };

function context(): OrderContext {
  return {
    db: db(),
    publicUrl: t.config.publicUrl,
    orders: t.config.orders,
    backend: t.app.repair.backend,
    catalogue: t.app.shop.catalogue,
    paymentMethods: (profile) => [...offlinePaymentMethods(profile, 'http://localhost:3000'), card],
  };
}

async function insertItem(quantity: number, priceCents = 2500): Promise<number> {
  counter += 1;
  const [row] = await db()
    .insert(inventoryItems)
    .values({ name: `Article admin ${counter}`, sku: `TEST-ADM-ORD-${counter}`, itemType: 'accessory', priceCents, quantity })
    .returning({ id: inventoryItems.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

async function stockOf(id: number): Promise<number> {
  const [row] = await db().select({ quantity: inventoryItems.quantity }).from(inventoryItems).where(eq(inventoryItems.id, id));
  return row?.quantity ?? -1;
}

async function placeOrder(productId: number, payment: 'bacs' | 'cod' | 'stripe', who: { first: string; last: string; email: string }, quantity = 2, extra: Record<string, unknown> = {}) {
  counter += 1;
  const body = orderCreateRequestSchema.parse({
    payment_method: payment,
    billing: { first_name: who.first, last_name: who.last, email: who.email, phone: '0611223344', address_1: '3 allée des Dunes', city: 'La Teste-de-Buch', postcode: '33260' },
    line_items: [{ product_id: productId, quantity }],
    shipping_lines: [{ method_id: payment === 'cod' ? 'local_pickup' : 'colissimo_sign' }],
    terms_accepted: true,
    ...extra,
  });
  return createOrder(context(), { kind: 'anonymous' }, body, { ip: `10.62.${Math.floor(counter / 250)}.${(counter % 250) + 1}` });
}

async function orderRow(id: number) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
}

const auditOf = (orderId: number, action: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)));

type ListBody = { success: boolean; data: AdminOrderSummary[]; pagination: { page: number; pageSize: number; total: number } };
type DetailBody = { success: boolean; message?: string; data: AdminOrderDetail };
type ErrorBody = { success: false; message: string };

const get = (url: string, headers?: { authorization: string }) => t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, headers?: { authorization: string }) =>
  t.app.inject({ method, url, payload: payload as object, ...(headers ? { headers } : {}) });

let bacsOrder: number;
let codOrder: number;
let cardOrder: number;
let bacsItem: number;
let codItem: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'boutique.staff@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'client.curieux@exemple.fr' });
  bacsItem = await insertItem(10, 2500);
  codItem = await insertItem(10, 1200);
  bacsOrder = (await placeOrder(bacsItem, 'bacs', { first: 'Léa', last: 'Virement', email: 'lea.virement@exemple.fr' })).id;
  codOrder = (await placeOrder(codItem, 'cod', { first: 'Marc', last: 'Boutique', email: 'marc.boutique@exemple.fr' }, 1)).id;
  cardOrder = (await placeOrder(bacsItem, 'stripe', { first: 'Zoé', last: 'Carte', email: 'zoe.carte@exemple.fr' }, 4)).id;
});
afterAll(async () => {
  await t?.close();
});

describe('staff only', () => {
  it('every order endpoint answers 401 without a session and 403 to a customer, before reading the body, changing nothing', async () => {
    const calls: Array<[method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown]> = [
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${bacsOrder}`],
      ['PATCH', `/api/admin/orders/${bacsOrder}/status`, { status: 'cancelled' }],
      ['PATCH', `/api/admin/orders/${bacsOrder}/status`, { nonsense: true }],
      ['POST', `/api/admin/orders/${bacsOrder}/bank-transfer-received`, {}],
      ['POST', `/api/admin/orders/${bacsOrder}/refund`, { amountCents: 100, reason: 'x' }],
    ];
    for (const [method, url, payload] of calls) {
      const options = { method, url, ...(payload === undefined ? {} : { payload: payload as object }) };
      expect((await t.app.inject(options)).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ ...options, headers: customer.headers })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await orderRow(bacsOrder)).status).toBe('on-hold');
  });
});

describe('GET /api/admin/orders', () => {
  it('pages on the server, filters by status and payment method, searches by number, e-mail or name, sorts by date or total', async () => {
    const all = await get('/api/admin/orders?pageSize=2', admin.headers);
    expect(all.statusCode, all.body).toBe(200);
    const page1 = all.json<ListBody>();
    expect(page1.pagination).toEqual({ page: 1, pageSize: 2, total: 3 });
    expect(page1.data.map((order) => order.id)).toEqual([cardOrder, codOrder]);
    const page2 = (await get('/api/admin/orders?pageSize=2&page=2', admin.headers)).json<ListBody>();
    expect(page2.data.map((order) => order.id)).toEqual([bacsOrder]);
    expect(page2.data[0]).toMatchObject({ status: 'on-hold', statusLabel: 'En attente de virement', paymentMethod: 'bacs', email: 'lea.virement@exemple.fr', customerName: 'Léa Virement', itemCount: 2, refundedCents: 0 });
    expect(page2.data[0]?.expiresAt).not.toBeNull();

    const onHold = (await get('/api/admin/orders?status=on-hold', admin.headers)).json<ListBody>();
    expect(onHold.data.map((order) => order.id)).toEqual([bacsOrder]);
    // « Commandes à traiter » (the overview's card): being prepared or waiting for a transfer, as it counts them.
    const toHandle = (await get('/api/admin/orders?status=a-traiter&pageSize=50', admin.headers)).json<ListBody>();
    expect(toHandle.data.map((order) => order.id)).toContain(bacsOrder);
    expect(toHandle.data.every((order) => order.status === 'processing' || order.status === 'on-hold')).toBe(true);
    const overview = (await get('/api/admin/overview', admin.headers)).json<{ data: { orders: { toHandle: number } } }>();
    expect(toHandle.pagination.total).toBe(overview.data.orders.toHandle);
    const cod = (await get('/api/admin/orders?paymentMethod=cod', admin.headers)).json<ListBody>();
    expect(cod.data.map((order) => order.id)).toEqual([codOrder]);
    expect((await get(`/api/admin/orders?search=%23${cardOrder}`, admin.headers)).json<ListBody>().data.map((order) => order.id)).toEqual([cardOrder]);
    expect((await get('/api/admin/orders?search=MARC.BOUTIQUE', admin.headers)).json<ListBody>().data.map((order) => order.id)).toEqual([codOrder]);
    expect((await get('/api/admin/orders?search=virement%20l%C3%A9a', admin.headers)).json<ListBody>().data.map((order) => order.id)).toEqual([bacsOrder]);
    expect((await get('/api/admin/orders?search=100%25', admin.headers)).json<ListBody>().data).toEqual([]);
    const byTotal = (await get('/api/admin/orders?sort=total&order=asc', admin.headers)).json<ListBody>();
    const totals = byTotal.data.map((order) => order.totalCents);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect((await get('/api/admin/orders?sort=date&order=asc', admin.headers)).json<ListBody>().data[0]?.id).toBe(bacsOrder);
  });

  it('refuses bad query parameters with a French 400', async () => {
    for (const query of ['status=shipped', 'pageSize=500', 'page=0', 'sort=name', 'order=up']) {
      const response = await get(`/api/admin/orders?${query}`, admin.headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(/^Données invalides/);
    }
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('gives lines, history, payments, refunds, reservation and what may be done', async () => {
    const response = await get(`/api/admin/orders/${bacsOrder}`, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<DetailBody>();
    expect(data).toMatchObject({
      id: bacsOrder,
      status: 'on-hold',
      lines: [{ productId: bacsItem, quantity: 2, unitPriceCents: 2500, totalCents: 5000 }],
      payments: [],
      refunds: [],
      paidCents: 0,
      refundableCents: 0,
      allowedTransitions: ['cancelled'],
      canMarkTransferReceived: true,
      relayPoint: null,
      billing: { first_name: 'Léa', email: 'lea.virement@exemple.fr' },
    });
    expect(data.events.map((event) => event.toStatus)).toEqual(['on-hold']);
    expect(data.reservation.expiresAt).not.toBeNull();
    expect(data.reservation.stockReleasedAt).toBeNull();
    expect((await get('/api/admin/orders/999999', admin.headers)).statusCode).toBe(404);
    expect((await get('/api/admin/orders/abc', admin.headers)).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/orders/:id/status', () => {
  it('refuses what makes no sense with a French 409 and bad input with a 400, changing nothing', async () => {
    const cases: Array<[number, unknown, number, string | RegExp]> = [
      [bacsOrder, { status: 'processing' }, 409, ordersAdminMessages.useTransferReceived],
      [bacsOrder, { status: 'refunded' }, 409, ordersAdminMessages.useRefund],
      [bacsOrder, { status: 'completed' }, 409, ordersAdminMessages.transitionRefused('En attente de virement', 'Terminée')],
      [bacsOrder, { status: 'on-hold' }, 409, ordersAdminMessages.sameStatus('En attente de virement')],
      [bacsOrder, { status: 'expédiée' }, 400, /Statut de commande inconnu/],
      [bacsOrder, { status: 'cancelled', extra: 1 }, 400, /Données invalides/],
      [bacsOrder, { status: 'cancelled', note: 'x'.repeat(501) }, 400, /500 caractères/],
      [bacsOrder, {}, 400, /Données invalides/],
      [999999, { status: 'cancelled' }, 404, ordersAdminMessages.notFound],
    ];
    for (const [id, body, status, message] of cases) {
      const response = await send('PATCH', `/api/admin/orders/${id}/status`, body, admin.headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json<ErrorBody>().message).toMatch(message);
    }
    expect((await orderRow(bacsOrder)).status).toBe('on-hold');
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'order'))).toHaveLength(0);
  });

  it('completes a pay-in-store order at collection: paid then, no longer expiring, audited', async () => {
    const response = await send('PATCH', `/api/admin/orders/${codOrder}/status`, { status: 'completed', note: 'Retiré par le client' }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DetailBody>();
    expect(body.message).toBe(ordersAdminMessages.statusChanged(String(codOrder), 'Terminée'));
    expect(body.data).toMatchObject({ status: 'completed', expiresAt: null, allowedTransitions: [] });
    const row = await orderRow(codOrder);
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(await stockOf(codItem)).toBe(9);
    const audit = await auditOf(codOrder, 'order.status');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actorEmail: 'boutique.staff@exemple.fr', before: { status: 'processing', paidAt: null }, after: { status: 'completed', note: 'Retiré par le client' } });
    // Terminal: nothing more by hand.
    const again = await send('PATCH', `/api/admin/orders/${codOrder}/status`, { status: 'cancelled' }, admin.headers);
    expect(again.statusCode).toBe(409);
  });

  it('cancels an unpaid online order: stock released once, the shop sees it at once, audited', async () => {
    const before = await stockOf(bacsItem);
    const shopBefore = await t.app.inject({ method: 'GET', url: `/api/shop/products/${bacsItem}` });
    expect(shopBefore.json<{ data: { stock_quantity: number } }>().data.stock_quantity).toBe(before);
    const response = await send('PATCH', `/api/admin/orders/${cardOrder}/status`, { status: 'cancelled', note: 'Note interne : rupture chez le fournisseur' }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    // The buyer is told, once, without staff's internal note.
    const mails = await listOutbox(db(), { kind: 'order_cancelled', to: 'zoe.carte@exemple.fr' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Commande n° ${cardOrder} annulée – E.repare`);
    expect(mails[0]?.text).toContain('a été annulée par notre équipe');
    expect(mails[0]?.text).toContain('vous n’avez rien à régler');
    expect(mails[0]?.text).not.toContain('Note interne');
    expect(response.json<DetailBody>().message).toBe(ordersAdminMessages.cancelled(String(cardOrder), true));
    expect(await stockOf(bacsItem)).toBe(before + 4);
    const shopAfter = await t.app.inject({ method: 'GET', url: `/api/shop/products/${bacsItem}` });
    expect(shopAfter.json<{ data: { stock_quantity: number } }>().data.stock_quantity).toBe(before + 4);
    const row = await orderRow(cardOrder);
    expect(row.status).toBe('cancelled');
    expect(row.stockReleasedAt).toBeInstanceOf(Date);
    expect(await auditOf(cardOrder, 'order.status')).toHaveLength(1);
  });
});

describe('POST /api/admin/orders/:id/bank-transfer-received', () => {
  it('refuses an order not paid by transfer', async () => {
    const response = await send('POST', `/api/admin/orders/${codOrder}/bank-transfer-received`, {}, admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(ordersAdminMessages.notBankTransfer);
  });

  it('pays an on-hold transfer: processing, the buyer is mailed "paiement reçu", audited; a second call changes nothing (409)', async () => {
    const bad = await send('POST', `/api/admin/orders/${bacsOrder}/bank-transfer-received`, { note: 42 }, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect((await orderRow(bacsOrder)).status).toBe('on-hold');

    const response = await send('POST', `/api/admin/orders/${bacsOrder}/bank-transfer-received`, { note: 'Relevé du 21/11' }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DetailBody>();
    expect(body.message).toBe(ordersAdminMessages.transferReceived(String(bacsOrder)));
    expect(body.data).toMatchObject({ status: 'processing', paidCents: body.data.totalCents, refundableCents: body.data.totalCents, canMarkTransferReceived: false, expiresAt: null });
    const row = await orderRow(bacsOrder);
    expect(row.settledAt).toBeInstanceOf(Date);
    const mails = await listOutbox(db(), { kind: 'order_payment_received', to: 'lea.virement@exemple.fr' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Paiement reçu pour votre commande n° ${bacsOrder} – E.repare`);
    expect(mails[0]?.text).toContain('Nous avons bien reçu votre virement de 59,90\u00a0€');
    const audit = await auditOf(bacsOrder, 'order.mark_paid');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, before: { status: 'on-hold', paidAt: null }, after: { status: 'processing', note: 'Relevé du 21/11' } });

    const again = await send('POST', `/api/admin/orders/${bacsOrder}/bank-transfer-received`, {}, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe(ordersAdminMessages.notAwaitingTransfer('En préparation'));
    expect(await listOutbox(db(), { kind: 'order_payment_received' })).toHaveLength(1);
    expect(await auditOf(bacsOrder, 'order.mark_paid')).toHaveLength(1);
    // A paid order is refunded, not cancelled.
    const cancel = await send('PATCH', `/api/admin/orders/${bacsOrder}/status`, { status: 'cancelled' }, admin.headers);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json<ErrorBody>().message).toBe(ordersAdminMessages.paidNeedsRefund);
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  it('refuses bad input, an unpaid order and more than what is left, changing nothing', async () => {
    const unpaid = (await placeOrder(bacsItem, 'bacs', { first: 'Paul', last: 'Attente', email: 'paul.attente@exemple.fr' }, 1)).id;
    const cases: Array<[number, unknown, number, string | RegExp]> = [
      [bacsOrder, { amountCents: 0, reason: 'Geste' }, 400, /doit être positif/],
      [bacsOrder, { amountCents: 12.5, reason: 'Geste' }, 400, /nombre entier/],
      [bacsOrder, { amountCents: '100', reason: 'Geste' }, 400, /Données invalides/],
      [bacsOrder, { amountCents: 100, reason: '  ' }, 400, /Motif du remboursement requis/],
      [bacsOrder, { amountCents: 100 }, 400, /Données invalides/],
      [bacsOrder, { amountCents: 100, reason: 'Geste', restock: true }, 400, ordersAdminMessages.restockOnlyFull],
      [bacsOrder, { amountCents: 5991, reason: 'Trop' }, 409, ordersAdminMessages.tooMuch(5990)],
      [unpaid, { amountCents: 100, reason: 'Geste' }, 409, ordersAdminMessages.notPaid],
    ];
    for (const [id, body, status, message] of cases) {
      const response = await send('POST', `/api/admin/orders/${id}/refund`, body, admin.headers);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json<ErrorBody>().message).toMatch(message);
    }
    expect(await db().select().from(orderRefunds)).toHaveLength(0);
    expect(await auditOf(bacsOrder, 'order.refund')).toHaveLength(0);
  });

  it('records a partial refund, then the rest: refunded, stock back on request, coupon use given back, audited each time', async () => {
    const [coupon] = await db().insert(coupons).values({ code: 'TEST-ADMREMB', discountType: 'fixed_cart', amount: 500 }).returning();
    const itemId = await insertItem(5, 3000);
    const orderId = (await placeOrder(itemId, 'bacs', { first: 'Ana', last: 'Rembourse', email: 'ana.rembourse@exemple.fr' }, 2, { coupon_lines: [{ code: 'TEST-ADMREMB' }] })).id;
    expect((await send('POST', `/api/admin/orders/${orderId}/bank-transfer-received`, {}, admin.headers)).statusCode).toBe(200);
    const [used] = await db().select().from(coupons).where(eq(coupons.id, coupon?.id ?? 0));
    expect(used?.usageCount).toBe(1);
    const total = (await orderRow(orderId)).totalCents;
    expect(await stockOf(itemId)).toBe(3);

    const partial = await send('POST', `/api/admin/orders/${orderId}/refund`, { amountCents: 1000, reason: 'Rayure sur la coque' }, admin.headers);
    expect(partial.statusCode, partial.body).toBe(200);
    const partialBody = partial.json<DetailBody>();
    // Invoiced when the transfer was received: the refund issues a credit note (issue 22 §1).
    const firstNote = partialBody.data.refunds[0]?.creditNoteNumber ?? '';
    expect(firstNote).toMatch(/^AB-\d{4}-\d{6}$/);
    expect(partialBody.message).toBe(`${ordersAdminMessages.refunded(1000, false, firstNote)}${ordersAdminMessages.manualOffline}`);
    expect(partialBody.data).toMatchObject({
      status: 'processing',
      refundedCents: 1000,
      refundableCents: total - 1000,
      refunds: [{ amountCents: 1000, reason: 'Rayure sur la coque', method: 'manual', actorEmail: 'boutique.staff@exemple.fr', creditNoteNumber: firstNote }],
    });

    const rest = await send('POST', `/api/admin/orders/${orderId}/refund`, { amountCents: total - 1000, reason: 'Rétractation', restock: true }, admin.headers);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<DetailBody>().data).toMatchObject({ status: 'refunded', refundedCents: total, refundableCents: 0 });
    const secondNote = rest.json<DetailBody>().data.refunds[1]?.creditNoteNumber ?? '';
    expect(Number(secondNote.slice(-6))).toBe(Number(firstNote.slice(-6)) + 1);
    expect(await stockOf(itemId)).toBe(5);
    const [after] = await db().select().from(coupons).where(eq(coupons.id, coupon?.id ?? 0));
    expect(after?.usageCount).toBe(0);
    const audit = await auditOf(orderId, 'order.refund');
    expect(audit.map((row) => row.after)).toEqual([
      { status: 'processing', refundedCents: 1000, amountCents: 1000, reason: 'Rayure sur la coque', creditNoteNumber: firstNote },
      { status: 'refunded', refundedCents: total, amountCents: total - 1000, reason: 'Rétractation', creditNoteNumber: secondNote, restocked: true },
    ]);
    const more = await send('POST', `/api/admin/orders/${orderId}/refund`, { amountCents: 1, reason: 'Encore' }, admin.headers);
    expect(more.statusCode).toBe(409);
    expect(more.json<ErrorBody>().message).toBe(ordersAdminMessages.tooMuch(0));
  });
});
