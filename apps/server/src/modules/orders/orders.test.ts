/**
 * The orders API on the local backend, through the real app: server-side amounts, stock reserved
 * in the order's transaction (never oversold), coupon and loyalty counted once, the one ownership
 * rule, the spec's compatibility calls, the mails in the outbox, and bad input.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import type { Order } from '@erepare/shared/schemas/shop';
import { coupons, customers, inventoryItems, orderEvents, orders, shopProducts } from '../../db/schema.js';
import { listOutbox } from '../mail/outbox.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { markOrderPaid } from './service.js';

let t: TestApp;
let ipCounter = 0;
let skuCounter = 0;

type OrderAnswer = { success: true; data: Order; message: string };
type ListAnswer = { success: true; data: Order[]; total: number; message: string };
type ErrorAnswer = { success: false; message: string; statusCode: number };

/** Each request from its own address, so the per-IP limit of order creation stays out of the way. */
function nextIp(): string {
  ipCounter += 1;
  return `10.42.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function insertItem(values: { name?: string; priceCents: number; quantity: number; itemType?: 'device' | 'accessory' | 'part' }): Promise<number> {
  skuCounter += 1;
  const [row] = await t.database.db
    .insert(inventoryItems)
    .values({
      name: values.name ?? `Article de test ${skuCounter}`,
      sku: `TEST-ORD-${skuCounter}`,
      itemType: values.itemType ?? 'accessory',
      priceCents: values.priceCents,
      quantity: values.quantity,
      imageUrl: '/images/test.webp',
    })
    .returning({ id: inventoryItems.id });
  if (!row) throw new Error('item not inserted');
  return row.id;
}

async function stockOf(id: number): Promise<number> {
  const [row] = await t.database.db.select({ quantity: inventoryItems.quantity }).from(inventoryItems).where(eq(inventoryItems.id, id));
  return row?.quantity ?? -1;
}

async function insertCoupon(values: Partial<typeof coupons.$inferInsert> & { code: string }): Promise<number> {
  const [row] = await t.database.db.insert(coupons).values({ amount: 500, ...values }).returning({ id: coupons.id });
  if (!row) throw new Error('coupon not inserted');
  return row.id;
}

async function usageOf(couponId: number): Promise<number> {
  const [row] = await t.database.db.select({ usage: coupons.usageCount }).from(coupons).where(eq(coupons.id, couponId));
  return row?.usage ?? -1;
}

async function insertCustomer(email: string, loyaltyBalanceCents: number): Promise<number> {
  const [row] = await t.database.db.insert(customers).values({ firstName: 'Camille', lastName: 'Test', email, loyaltyBalanceCents }).returning({ id: customers.id });
  if (!row) throw new Error('customer not inserted');
  return row.id;
}

async function balanceOf(customerId: number): Promise<number> {
  const [row] = await t.database.db.select({ balance: customers.loyaltyBalanceCents }).from(customers).where(eq(customers.id, customerId));
  return row?.balance ?? -1;
}

async function orderCount(): Promise<number> {
  return (await t.database.db.select({ id: orders.id }).from(orders)).length;
}

type Body = Record<string, unknown>;

let emailCounter = 0;

/** Each body with its own billing address, so the unpaid-orders limit per e-mail stays out of the way. */
function orderBody(lines: Array<{ product_id: number; quantity: number }>, overrides: Body = {}): Body {
  emailCounter += 1;
  return {
    payment_method: 'bacs',
    billing: {
      first_name: 'Camille',
      last_name: 'Durand',
      email: `camille.durand.${emailCounter}@exemple.fr`,
      phone: '06 12 34 56 78',
      address_1: '12 rue des Pins',
      city: 'Arcachon',
      postcode: '33120',
      country: 'FR',
    },
    line_items: lines,
    shipping_lines: [{ method_id: 'colissimo_no_sign' }],
    terms_accepted: true,
    ...overrides,
  };
}

async function post(body: Body, headers: Record<string, string> = {}, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/shop/orders', payload: body, headers, remoteAddress: ip });
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/shop/orders: a guest pays by bank transfer', () => {
  it('creates an on-hold order at the database price, reserves the stock, mails the buyer and the shop', async () => {
    const itemId = await insertItem({ name: 'Coque <b>renforcée</b>', priceCents: 1990, quantity: 4 });
    // Tampered amounts are not even part of the schema: the real price is charged.
    const response = await post(
      orderBody([{ product_id: itemId, quantity: 2, price: '0.01', total: '0.01' } as unknown as { product_id: number; quantity: number }], {
        total: '0.01',
        shipping_lines: [{ method_id: 'colissimo_no_sign', total: '0.00' }],
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<OrderAnswer>();
    const order = body.data;
    expect(body.message).toBe(`Commande #${order.id} créée avec succès !`);
    expect(order).toMatchObject({
      status: 'on-hold',
      status_label: 'En attente de virement',
      payment_method: 'bacs',
      payment_method_title: 'Virement bancaire',
      needs_payment: true,
      subtotal: '39.80',
      shipping_total: '6.90',
      total: '46.70',
      number: String(order.id),
    });
    expect(order.line_items).toEqual([expect.objectContaining({ product_id: itemId, quantity: 2, price: '19.90', total: '39.80' })]);
    expect(order.order_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order.bank_details).toEqual({
      account_holder: defaultStoreProfile.bank.accountHolder,
      bank_name: defaultStoreProfile.bank.bankName,
      iban: defaultStoreProfile.bank.iban,
      bic: defaultStoreProfile.bank.bic,
      reference: String(order.id),
    });
    const expires = new Date(order.expires_at ?? 0).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThan(7.1 * 86_400_000);
    expect(order.shipping.address_1).toBe('12 rue des Pins');
    expect(await stockOf(itemId)).toBe(2);

    // The key is stored hashed only.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.orderKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(order.order_key ?? '-');
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'on-hold' })]);

    const [confirmation, ...others] = await listOutbox(t.database.db, { kind: 'order_confirmation', to: order.billing.email });
    expect(others).toHaveLength(0);
    expect(confirmation?.subject).toBe(`Confirmation de votre commande n° ${order.id} – ${defaultStoreProfile.name}`);
    const text = confirmation?.text ?? '';
    for (const expected of [
      'traitée sous 24-48 h après réception du virement',
      defaultStoreProfile.bank.iban,
      defaultStoreProfile.bank.bic,
      `Référence\u00a0: ${order.id}`,
      'Coque <b>renforcée</b>',
      'Total TTC\u00a0: 46,70\u00a0€',
      'Livraison (Colissimo sans signature)\u00a0: 6,90\u00a0€',
      'sera annulée',
      '(7 jours)',
      `${t.config.publicUrl}/commande?order=${order.id}&key=${order.order_key}`,
      `${t.config.publicUrl}/cgv`,
      'DROIT DE RÉTRACTATION (14 JOURS)',
      'Vous disposez d’un délai de 14 jours pour vous rétracter',
      'au plus tard 14 jours à compter du jour où nous sommes informés',
      'FORMULAIRE TYPE DE RÉTRACTATION',
      'annexe à l’article R221-1 du Code de la consommation',
      'L221-28',
      'articles L217-3 et suivants du Code de la consommation',
      'articles 1641 et suivants du Code civil',
      'GARANTIE COMMERCIALE DE 12 MOIS',
    ]) {
      expect(text).toContain(expected);
    }
    // Values are escaped in the HTML.
    expect(confirmation?.html).toContain('Coque &lt;b&gt;renforcée&lt;/b&gt;');
    expect(confirmation?.html).not.toContain('<b>renforcée');

    const staff = await listOutbox(t.database.db, { kind: 'order_notification', to: defaultStoreProfile.email });
    const notice = staff.find((mail) => mail.subject === `Nouvelle commande #${order.id}`);
    // The shop's « Répondre » answers the buyer; the buyer's own confirmation is answered to the shop.
    expect(notice?.replyTo).toBe(confirmation?.toAddress);
    expect(confirmation?.replyTo).toBeNull();
    expect(notice?.text).toContain('Virement bancaire');
    expect(notice?.text).toContain('2 × 19,90\u00a0€');
    expect(notice?.text).not.toContain('RepairDesk');
  });

  it('uses the billing address for shipping when none is given, and free standard delivery above 50 €', async () => {
    const itemId = await insertItem({ priceCents: 2600, quantity: 2 });
    const response = await post(orderBody([{ product_id: itemId, quantity: 2 }]));
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderAnswer>().data;
    expect(order).toMatchObject({ subtotal: '52.00', shipping_total: '0.00', total: '52.00' });
    expect(order.shipping).toMatchObject({ first_name: 'Camille', address_1: '12 rue des Pins', city: 'Arcachon', postcode: '33120' });
  });
});

describe('POST /api/shop/orders: pay in store with in-store pickup', () => {
  it('is processing at once, counts the coupon once and debits the loyalty of a signed-in linked customer once', async () => {
    const itemId = await insertItem({ priceCents: 3000, quantity: 3 });
    const couponId = await insertCoupon({ code: 'TEST-RETRAIT5', amount: 500, discountType: 'fixed_cart' });
    const customerId = await insertCustomer('fidele@exemple.fr', 1200);
    const user = await signedInUser(t.app, t.database.db, { email: 'fidele@exemple.fr', repairCustomerId: customerId });

    const before = await t.app.inject({ method: 'GET', url: '/api/shop/loyalty', headers: user.headers });
    expect(before.json<{ data: { balance: string; linked: boolean } }>().data).toEqual({ balance: '12.00', linked: true });

    const response = await post(
      orderBody([{ product_id: itemId, quantity: 1 }], {
        payment_method: 'cod',
        shipping_lines: [{ method_id: 'local_pickup' }],
        billing: { first_name: 'Fidèle', last_name: 'Client', email: 'fidele@exemple.fr', phone: '0600000000' },
        coupon_lines: [{ code: 'test-retrait5' }],
        use_loyalty: true,
      }),
      user.headers,
    );
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderAnswer>().data;
    expect(order).toMatchObject({
      status: 'processing',
      payment_method_title: 'Paiement en boutique au retrait',
      subtotal: '30.00',
      discount_total: '5.00',
      loyalty_discount: '12.00',
      shipping_total: '0.00',
      total: '13.00',
      bank_details: null,
      coupon_lines: [{ code: 'TEST-RETRAIT5', discount: '5.00' }],
    });
    // Reserved until collected: PICKUP_HOLD_DAYS (7) after the order.
    const pickupBy = new Date(order.expires_at ?? 0).getTime() - Date.now();
    expect(pickupBy).toBeGreaterThan(6.9 * 86_400_000);
    expect(pickupBy).toBeLessThan(7.1 * 86_400_000);
    expect(await usageOf(couponId)).toBe(1);
    expect(await balanceOf(customerId)).toBe(0);
    expect(await stockOf(itemId)).toBe(2);

    // Paying it again changes nothing: the coupon and the loyalty count once.
    const again = await markOrderPaid(t.database.db, order.id, { note: 'Payé en boutique', publicUrl: t.config.publicUrl });
    expect(again).toEqual({ changed: false, status: 'processing' });
    expect(await usageOf(couponId)).toBe(1);
    expect(await balanceOf(customerId)).toBe(0);

    const confirmation = (await listOutbox(t.database.db, { kind: 'order_confirmation', to: 'fidele@exemple.fr' }))[0];
    expect(confirmation?.text).toContain('à régler en boutique au retrait');
    expect(confirmation?.text).toContain(defaultStoreProfile.address.street);
    expect(confirmation?.text).toContain(defaultStoreProfile.openingHours[0]?.hours ?? '-');
    expect(confirmation?.text).toContain('Code promo TEST-RETRAIT5\u00a0: −5,00\u00a0€');
    expect(confirmation?.text).toContain('Points fidélité\u00a0: −12,00\u00a0€');

    const after = await t.app.inject({ method: 'GET', url: '/api/shop/loyalty', headers: user.headers });
    expect(after.json<{ data: { balance: string } }>().data.balance).toBe('0.00');
  });

  it('refuses pay in store with a delivery, the relay method (not yet offered) and an unknown payment method', async () => {
    const itemId = await insertItem({ priceCents: 1000, quantity: 5 });
    const cod = await post(orderBody([{ product_id: itemId, quantity: 1 }], { payment_method: 'cod' }));
    expect(cod.statusCode).toBe(422);
    expect(cod.json<ErrorAnswer>().message).toBe('Le paiement en boutique est réservé au retrait en boutique');
    const relay = await post(orderBody([{ product_id: itemId, quantity: 1 }], { shipping_lines: [{ method_id: 'colissimo_relais' }] }));
    expect(relay.statusCode).toBe(422);
    expect(relay.json<ErrorAnswer>().message).toBe('Mode de livraison indisponible');
    const unknownShipping = await post(orderBody([{ product_id: itemId, quantity: 1 }], { shipping_lines: [{ method_id: 'teleportation' }] }));
    expect(unknownShipping.json<ErrorAnswer>().message).toBe('Mode de livraison indisponible');
    const stripe = await post(orderBody([{ product_id: itemId, quantity: 1 }], { payment_method: 'stripe' }));
    expect(stripe.statusCode).toBe(422);
    expect(stripe.json<ErrorAnswer>().message).toBe('Mode de paiement indisponible');
    expect(await stockOf(itemId)).toBe(5);
  });
});

describe('loyalty', () => {
  it('keeps points committed by an unpaid order out of the balance until it is paid, then debits them once', async () => {
    const itemId = await insertItem({ priceCents: 4000, quantity: 2 });
    const customerId = await insertCustomer('virement.fidele@exemple.fr', 1500);
    const user = await signedInUser(t.app, t.database.db, { email: 'virement.fidele@exemple.fr', repairCustomerId: customerId });
    const billing = { ...(orderBody([]).billing as Body), email: 'virement.fidele@exemple.fr' };
    const response = await post(orderBody([{ product_id: itemId, quantity: 1 }], { use_loyalty: true, billing }), user.headers);
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderAnswer>().data;
    expect(order).toMatchObject({ status: 'on-hold', loyalty_discount: '15.00', shipping_total: '6.90', total: '31.90' });
    expect(await balanceOf(customerId)).toBe(1500);
    const shown = await t.app.inject({ method: 'GET', url: '/api/shop/loyalty', headers: user.headers });
    expect(shown.json<{ data: { balance: string } }>().data.balance).toBe('0.00');

    // A second order cannot spend the same points: refused (409), not charged more than shown.
    const second = await post(orderBody([{ product_id: itemId, quantity: 1 }], { use_loyalty: true, billing }), user.headers);
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorAnswer & { code?: string }>().message).toBe(
      'Vos points fidélité ne sont plus disponibles (déjà utilisés par une autre commande). Vérifiez le récapitulatif avant de commander.',
    );

    const paid = await markOrderPaid(t.database.db, order.id, { note: 'Virement reçu', transactionId: 'VIR-2024-001', publicUrl: t.config.publicUrl });
    expect(paid).toEqual({ changed: true, status: 'processing' });
    expect(await markOrderPaid(t.database.db, order.id, { note: 'Virement reçu', publicUrl: t.config.publicUrl })).toEqual({ changed: false, status: 'processing' });
    expect(await balanceOf(customerId)).toBe(0);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'processing', transactionId: 'VIR-2024-001', expiresAt: null });
    expect(row?.paidAt).toBeInstanceOf(Date);
    const events = await t.database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'processing')));
    expect(events).toHaveLength(1);
    // The confirmation was sent at creation; paying does not send it again.
    expect(await listOutbox(t.database.db, { kind: 'order_confirmation', to: 'virement.fidele@exemple.fr' })).toHaveLength(1);
  });

  it('needs a verified account linked to a repair customer', async () => {
    const itemId = await insertItem({ priceCents: 1000, quantity: 5 });
    const visitor = await post(orderBody([{ product_id: itemId, quantity: 1 }], { use_loyalty: true }));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json<ErrorAnswer>().message).toBe('Connectez-vous avec un compte vérifié pour utiliser vos points fidélité');
    const customerId = await insertCustomer('non.verifie@exemple.fr', 900);
    const unverified = await signedInUser(t.app, t.database.db, { email: 'non.verifie@exemple.fr', repairCustomerId: customerId, verified: false });
    const refused = await post(orderBody([{ product_id: itemId, quantity: 1 }], { use_loyalty: true }), unverified.headers);
    expect(refused.statusCode).toBe(403);
    expect(await stockOf(itemId)).toBe(5);

    expect((await t.app.inject({ method: 'GET', url: '/api/shop/loyalty' })).statusCode).toBe(401);
    const unlinked = await signedInUser(t.app, t.database.db, { email: 'sans.fiche@exemple.fr' });
    const balance = await t.app.inject({ method: 'GET', url: '/api/shop/loyalty', headers: unlinked.headers });
    expect(balance.json<{ data: unknown }>().data).toEqual({ balance: '0.00', linked: false });
  });
});

describe('stock under concurrency', () => {
  it('20 parallel orders for an item with stock 5: exactly 5 succeed, 15 get 409, stock 0', async () => {
    const itemId = await insertItem({ name: 'Chargeur rapide', priceCents: 1500, quantity: 5 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(orderBody([{ product_id: itemId, quantity: 1 }]))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const refusal = responses.find((response) => response.statusCode === 409);
    expect(refusal?.json<ErrorAnswer>().message).toBe('Chargeur rapide est en rupture de stock');
    expect(await stockOf(itemId)).toBe(0);
  });

  it('says how many are left when there are not enough', async () => {
    const itemId = await insertItem({ name: 'Câble USB-C', priceCents: 900, quantity: 2 });
    const response = await post(orderBody([{ product_id: itemId, quantity: 3 }]));
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>().message).toBe('Stock insuffisant pour Câble USB-C\u00a0: 2 disponibles');
  });
});

describe('bad input changes nothing', () => {
  it('answers negative, fractional, huge quantities and an empty cart with a 400 in French', async () => {
    const itemId = await insertItem({ priceCents: 1000, quantity: 5 });
    const ordersBefore = await orderCount();
    for (const [quantity, message] of [
      [-1, 'La quantité doit être au moins 1'],
      [0, 'La quantité doit être au moins 1'],
      [1.5, 'La quantité doit être un nombre entier'],
      [1000, 'Quantité maximale\u00a0: 999'],
      ['2', 'Quantité invalide'],
    ] as const) {
      const response = await post(orderBody([{ product_id: itemId, quantity: quantity as number }]));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>().message).toContain(message);
    }
    const split = await post(orderBody([{ product_id: itemId, quantity: 600 }, { product_id: itemId, quantity: 600 }]));
    expect(split.statusCode).toBe(400);
    expect(split.json<ErrorAnswer>().message).toBe('Quantité maximale\u00a0: 999');
    const empty = await post(orderBody([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorAnswer>().message).toContain('Aucun article dans la commande');
    const noTerms = await post(orderBody([{ product_id: itemId, quantity: 1 }], { terms_accepted: false }));
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json<ErrorAnswer>().message).toContain('Veuillez accepter les conditions générales de vente');
    expect(await orderCount()).toBe(ordersBefore);
    expect(await stockOf(itemId)).toBe(5);
  });

  it('requires the address for a delivery, not for a pickup', async () => {
    const itemId = await insertItem({ priceCents: 1000, quantity: 5 });
    const billing = { first_name: 'Léa', last_name: 'Martin', email: 'lea@exemple.fr', phone: '0601020304' };
    const missingAll = await post(orderBody([{ product_id: itemId, quantity: 1 }], { billing }));
    expect(missingAll.statusCode).toBe(400);
    expect(missingAll.json<ErrorAnswer>().message).toBe('Données invalides: Adresse requise, Ville requise, Code postal requis');
    const missingCity = await post(orderBody([{ product_id: itemId, quantity: 1 }], { billing: { ...billing, address_1: '1 rue A', postcode: '33000' } }));
    expect(missingCity.json<ErrorAnswer>().message).toBe('Ville requise');
    const pickup = await post(orderBody([{ product_id: itemId, quantity: 1 }], { billing, shipping_lines: [{ method_id: 'local_pickup' }] }));
    expect(pickup.statusCode).toBe(201);
  });

  it('refuses unknown products, spare parts, hidden and unpriced items with "Produit introuvable"', async () => {
    const part = await insertItem({ priceCents: 2000, quantity: 5, itemType: 'part' });
    const free = await insertItem({ priceCents: 0, quantity: 5 });
    const hidden = await insertItem({ priceCents: 1000, quantity: 5 });
    // Typed as an accessory, but the catalogue's spare-part keywords exclude it: not sold either.
    const keywordPart = await insertItem({ name: 'Nappe connecteur de charge iPhone 12', priceCents: 1500, quantity: 5 });
    await t.database.db.insert(shopProducts).values({ productId: hidden, hidden: true });
    for (const productId of [2_000_000_000, part, free, hidden, keywordPart]) {
      const response = await post(orderBody([{ product_id: productId, quantity: 1 }]));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorAnswer>().message).toBe('Produit introuvable');
    }
    expect(await stockOf(part)).toBe(5);
  });

  it('refuses expired, exhausted and unknown coupons with the spec message: no order, stock unchanged', async () => {
    const itemId = await insertItem({ priceCents: 1000, quantity: 5 });
    await insertCoupon({ code: 'TEST-PERIME', expiresAt: new Date(Date.now() - 86_400_000) });
    await insertCoupon({ code: 'TEST-EPUISE', usageLimit: 1, usageCount: 1 });
    await insertCoupon({ code: 'TEST-BROUILLON', status: 'draft' });
    await insertCoupon({ code: 'TEST-MINI', minimumCents: 5000 });
    const ordersBefore = await orderCount();
    for (const [code, message] of [
      ['test-perime', 'Ce code promo a expiré'],
      ['TEST-EPUISE', 'Ce code promo a atteint sa limite d\'utilisation'],
      ['TEST-BROUILLON', 'Ce code promo n\'est plus actif'],
      ['TEST-MINI', 'Montant minimum requis\u00a0: 50,00\u00a0€'],
      ['TEST-INCONNU', 'Code promo invalide ou inexistant'],
    ] as const) {
      const response = await post(orderBody([{ product_id: itemId, quantity: 1 }], { coupon_lines: [{ code }] }));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorAnswer>().message).toBe(message);
    }
    expect(await orderCount()).toBe(ordersBefore);
    expect(await stockOf(itemId)).toBe(5);
  });

  it('limits order creation per IP address (429)', async () => {
    const ip = '10.77.0.1';
    for (let index = 0; index < 20; index += 1) {
      const response = await post(orderBody([{ product_id: 2_000_000_001, quantity: 1 }]), {}, ip);
      expect(response.statusCode).toBe(422);
    }
    const limited = await post(orderBody([{ product_id: 2_000_000_001, quantity: 1 }]), {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('ownership', () => {
  it('shows an order to whoever holds its key or owns it, and the same 404 to everyone else', async () => {
    const itemId = await insertItem({ priceCents: 1000, quantity: 10 });
    const email = 'proprietaire.commande@exemple.fr';
    const created = (await post(orderBody([{ product_id: itemId, quantity: 1 }], { billing: { ...(orderBody([]).billing as Body), email } }))).json<OrderAnswer>().data;
    const key = created.order_key ?? '';

    const withKey = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${created.id}?key=${encodeURIComponent(key)}` });
    expect(withKey.statusCode).toBe(200);
    const shown = withKey.json<OrderAnswer>().data;
    expect(shown.id).toBe(created.id);
    expect(shown.order_key).toBeUndefined();
    expect(shown.bank_details?.reference).toBe(String(created.id));

    const missing = await t.app.inject({ method: 'GET', url: `/api/shop/orders/999999?key=${encodeURIComponent(key)}` });
    const noKey = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${created.id}` });
    const wrongKey = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${created.id}?key=${'A'.repeat(43)}` });
    const other = await signedInUser(t.app, t.database.db, { email: 'curieux@exemple.fr', repairCustomerId: 1 });
    const foreign = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${created.id}`, headers: other.headers });
    const junk = await t.app.inject({ method: 'GET', url: '/api/shop/orders/abc' });
    for (const response of [missing, noKey, wrongKey, foreign, junk]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorAnswer>().message).toBe('Commande introuvable');
    }

    // The verified owner of the billing address sees it without the key.
    const owner = await signedInUser(t.app, t.database.db, { email });
    const own = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${created.id}`, headers: owner.headers });
    expect(own.statusCode).toBe(200);
    // Not before the address is proven.
    const unverified = await signedInUser(t.app, t.database.db, { email: 'pas.encore@exemple.fr', verified: false });
    const theirs = (await post(orderBody([{ product_id: itemId, quantity: 1 }], { billing: { ...(orderBody([]).billing as Body), email: 'pas.encore@exemple.fr' } }))).json<OrderAnswer>().data;
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/orders/${theirs.id}`, headers: unverified.headers })).statusCode).toBe(404);
    // An admin sees every order.
    const admin = await signedInUser(t.app, t.database.db, { email: 'admin.commandes@exemple.fr', role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/orders/${created.id}`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('lists only the owner’s orders (linked customer id or verified e-mail), newest first, in the shape the account reads', async () => {
    const itemId = await insertItem({ name: 'Écran de protection', priceCents: 1290, quantity: 20 });
    const customerId = await insertCustomer('liste@exemple.fr', 0);
    const user = await signedInUser(t.app, t.database.db, { email: 'liste@exemple.fr', repairCustomerId: customerId });
    const billing = orderBody([]).billing as Body;
    // One placed while signed in with another billing address, one as a guest with the verified address.
    const signedIn = (await post(orderBody([{ product_id: itemId, quantity: 1 }], { billing: { ...billing, email: 'autre.adresse@exemple.fr' } }), user.headers)).json<OrderAnswer>().data;
    const guest = (await post(orderBody([{ product_id: itemId, quantity: 2 }], { billing: { ...billing, email: 'Liste@Exemple.fr' } }))).json<OrderAnswer>().data;
    await post(orderBody([{ product_id: itemId, quantity: 1 }], { billing: { ...billing, email: 'quelqu.un@exemple.fr' } }));

    const list = await t.app.inject({ method: 'GET', url: '/api/shop/orders', headers: user.headers });
    expect(list.statusCode).toBe(200);
    const body = list.json<ListAnswer>();
    expect(body.total).toBe(2);
    expect(body.data.map((order) => order.id)).toEqual([guest.id, signedIn.id]);
    // The fields the account's orders tab reads (apps/web/src/features/account/api/order-schema.ts).
    for (const order of body.data) {
      expect(typeof order.id).toBe('number');
      expect(typeof order.order_number).toBe('string');
      expect(typeof order.status).toBe('string');
      expect(Number.isNaN(Date.parse(order.date_created))).toBe(false);
      expect(order.total).toMatch(/^\d+\.\d{2}$/);
      for (const field of ['payment_method_title', 'transaction_id', 'customer_note'] as const) expect(typeof order[field]).toBe('string');
      for (const address of [order.billing, order.shipping]) {
        for (const field of ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'postcode', 'city', 'country', 'email', 'phone'] as const) {
          expect(typeof address[field]).toBe('string');
        }
      }
      for (const line of order.line_items) {
        expect(line).toEqual(expect.objectContaining({ name: 'Écran de protection', sku: expect.any(String) as string, image_url: expect.any(String) as string }));
        expect(Number.isInteger(line.quantity)).toBe(true);
        expect(line.price).toMatch(/^\d+\.\d{2}$/);
        expect(line.total).toMatch(/^\d+\.\d{2}$/);
      }
    }

    const searched = await t.app.inject({ method: 'GET', url: `/api/shop/orders?search=${guest.id}`, headers: user.headers });
    expect(searched.json<ListAnswer>().data.map((order) => order.id)).toEqual([guest.id]);
    const byName = await t.app.inject({ method: 'GET', url: `/api/shop/orders?search=${encodeURIComponent('écran')}&per_page=1`, headers: user.headers });
    expect(byName.json<ListAnswer>()).toMatchObject({ total: 2, data: [{ id: guest.id }] });
    const byStatus = await t.app.inject({ method: 'GET', url: '/api/shop/orders?status=processing', headers: user.headers });
    expect(byStatus.json<ListAnswer>().total).toBe(0);
    // The account filters by the groups of spec 1 §4: "pending" includes transfers on hold; "shipped" stands for no status.
    const pending = await t.app.inject({ method: 'GET', url: '/api/shop/orders?status=pending', headers: user.headers });
    expect(pending.json<ListAnswer>().total).toBe(2);
    const shipped = await t.app.inject({ method: 'GET', url: '/api/shop/orders?status=shipped', headers: user.headers });
    expect(shipped.json<ListAnswer>()).toMatchObject({ total: 0, data: [] });

    const visitor = await t.app.inject({ method: 'GET', url: '/api/shop/orders' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json<ErrorAnswer>().message).toBe('Utilisateur non connecté');
  });
});

describe('compatibility calls of the spec', () => {
  it('capture-order checks the key and changes nothing; no admin needed', async () => {
    const itemId = await insertItem({ priceCents: 1000, quantity: 3 });
    const created = (await post(orderBody([{ product_id: itemId, quantity: 1 }]))).json<OrderAnswer>().data;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/capture-order',
      payload: { ...created, status: 'completed', total: '0.01', set_paid: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ success: boolean }>()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row).toMatchObject({ status: 'on-hold', totalCents: 1690, paidAt: null });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admin/capture-order', payload: { id: created.id, order_key: 'faux' } });
    expect(wrong.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/capture-order', payload: { id: created.id } });
    expect(none.statusCode).toBe(404);
  });

  it('order-confirmation mails only the order’s own address, once, proven by the key', async () => {
    const itemId = await insertItem({ priceCents: 1000, quantity: 3 });
    const created = (
      await post(orderBody([{ product_id: itemId, quantity: 1 }], { billing: { ...(orderBody([]).billing as Body), email: 'confirmation@exemple.fr' } }))
    ).json<OrderAnswer>().data;
    const before = await listOutbox(t.database.db);
    const payload = {
      orderNumber: String(created.id),
      order_key: created.order_key,
      customerEmail: 'pirate@exemple.fr',
      customerName: 'Pirate',
      total: '0.01',
    };
    for (let index = 0; index < 3; index += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/devis-notification/order-confirmation', payload });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ success: boolean }>().success).toBe(true);
    }
    const after = await listOutbox(t.database.db);
    // The confirmation left at creation already: nothing more, and never to the body's address.
    expect(after).toHaveLength(before.length);
    expect(after.some((mail) => mail.toAddress === 'pirate@exemple.fr')).toBe(false);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row?.confirmationRequestedAt).toBeInstanceOf(Date);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/devis-notification/order-confirmation', payload: { ...payload, order_key: 'x'.repeat(43) } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json<ErrorAnswer>().message).toBe('Commande introuvable');
  });
});
