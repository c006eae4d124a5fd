/**
 * Colissimo relay delivery through the real app and a local Colissimo (test/fakes): the search
 * route (wire format, validation, cache, errors, rate limit), the shipping method list, and
 * orders delivered to a relay point (the point read again from Colissimo, stored, in the note
 * and the mails; refused when missing or unknown).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { relayMessages, type RelayPoint } from '@erepare/shared/relay-points';
import type { Order, ShippingMethod } from '@erepare/shared/schemas/shop';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { inventoryItems, orders } from '../../db/schema.js';
import { listOutbox } from '../mail/outbox.js';
import { startColissimoFake, type FakeColissimo } from '../../test/fakes/colissimo-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { colissimoDate, shippingDateFor } from './shipping-date.js';

let t: TestApp;
let fake: FakeColissimo;
let ipCounter = 0;
let emailCounter = 0;

type SearchAnswer = { success: boolean; message: string; data: RelayPoint[] };
type OrderAnswer = { success: true; data: Order };
type ErrorAnswer = { success: false; message: string; code?: string };

function nextIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function searchRelays(query: string, ip = nextIp()) {
  return t.app.inject({ method: 'GET', url: `/api/colissimo/relay-points${query}`, remoteAddress: ip });
}

async function insertItem(priceCents: number, quantity: number): Promise<number> {
  const [row] = await t.database.db
    .insert(inventoryItems)
    .values({ name: `Câble relais ${priceCents}-${quantity}-${Math.random()}`, sku: `TEST-RELAY-${Math.random()}`, itemType: 'accessory', priceCents, quantity, imageUrl: '/images/test.webp' })
    .returning({ id: inventoryItems.id });
  if (!row) throw new Error('item not inserted');
  return row.id;
}

function orderBody(productId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  emailCounter += 1;
  return {
    payment_method: 'bacs',
    billing: {
      first_name: 'Léa',
      last_name: 'Martin',
      email: `lea.martin.${emailCounter}@exemple.fr`,
      phone: '06 11 22 33 44',
      address_1: '5 allée des Mimosas',
      city: 'Gujan-Mestras',
      postcode: '33470',
      country: 'FR',
    },
    line_items: [{ product_id: productId, quantity: 1 }],
    shipping_lines: [{ method_id: 'colissimo_relais' }],
    customer_note: 'Merci !',
    terms_accepted: true,
    ...overrides,
  };
}

async function postOrder(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/shop/orders', payload: body, remoteAddress: nextIp() });
}

async function orderCount(): Promise<number> {
  return (await t.database.db.select({ id: orders.id }).from(orders)).length;
}

beforeAll(async () => {
  fake = await startColissimoFake();
  t = await createTestApp({ COLISSIMO_ACCOUNT_NUMBER: fake.accountNumber, COLISSIMO_PASSWORD: fake.password, COLISSIMO_API_URL: fake.apiUrl });
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(() => {
  fake.reset();
});

describe('GET /api/colissimo/relay-points (spec 2 §7)', () => {
  it('asks Colissimo in its wire format and answers the spec’s fields, nearest first, 10 by default', async () => {
    const response = await searchRelays('?postalCode=33470&maxResults=10');
    expect(response.statusCode).toBe(200);
    const body = response.json<SearchAnswer>();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(10);
    expect(body.message).toBe('10 points relais trouvés');
    const distances = body.data.map((point) => point.distanceEnMetre);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.some((distance) => distance < 1000)).toBe(true);
    expect(distances.some((distance) => distance >= 1000)).toBe(true);
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
      [
        'identifiant',
        'nom',
        'typeDePoint',
        'distanceEnMetre',
        'adresse1',
        'adresse2',
        'codePostal',
        'localite',
        'horairesOuvertureLundi',
        'horairesOuvertureMardi',
        'horairesOuvertureMercredi',
        'horairesOuvertureJeudi',
        'horairesOuvertureVendredi',
        'horairesOuvertureSamedi',
        'horairesOuvertureDimanche',
        'accesPersonneMobiliteReduite',
      ].sort(),
    );
    expect(body.data[0]).toMatchObject({ identifiant: '331990', typeDePoint: 'BPR', nom: 'BUREAU DE POSTE GUJAN MESTRAS' });
    expect(body.data.find((point) => point.identifiant === '006391')?.horairesOuvertureLundi).toBe('00:00-00:00 00:00-00:00');
    expect(JSON.stringify(body)).not.toContain(fake.password);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toMatchObject({
      accountNumber: fake.accountNumber,
      password: fake.password,
      zipCode: '33470',
      countryCode: 'FR',
      weight: '1000',
      shippingDate: colissimoDate(shippingDateFor(new Date())),
      filterRelay: '1',
      optionInter: '0',
      lang: 'FR',
    });
    expect(fake.requests[0]?.body.shippingDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('keeps an answer 15 minutes: the same search again does not call Colissimo', async () => {
    const first = await searchRelays('?postalCode=33120');
    expect(first.statusCode).toBe(200);
    const second = await searchRelays('?postalCode=33120&maxResults=3');
    expect(second.statusCode).toBe(200);
    expect(second.json<SearchAnswer>().data).toEqual(first.json<SearchAnswer>().data.slice(0, 3));
    expect(fake.searches('33120')).toHaveLength(1);
  });

  it('clamps maxResults to 1–20 (10 when not a number)', async () => {
    expect((await searchRelays('?postalCode=33260&maxResults=0')).json<SearchAnswer>().data).toHaveLength(1);
    expect((await searchRelays('?postalCode=33260&maxResults=-4')).json<SearchAnswer>().data).toHaveLength(1);
    expect((await searchRelays('?postalCode=33260&maxResults=500')).json<SearchAnswer>().data).toHaveLength(11);
    expect((await searchRelays('?postalCode=33260&maxResults=abc')).json<SearchAnswer>().data).toHaveLength(10);
    expect((await searchRelays('?postalCode=33260')).json<SearchAnswer>().data).toHaveLength(10);
  });

  it('refuses a postal code that is not 5 digits (400), without asking Colissimo', async () => {
    for (const query of ['?postalCode=3347', '?postalCode=334700', '?postalCode=33a70', '?postalCode=', '', `?postalCode=${'3'.repeat(5000)}`, '?postalCode=33470&postalCode=33120', '?postalCode=%2033%2070']) {
      const response = await searchRelays(query);
      expect(response.statusCode, query.slice(0, 40)).toBe(400);
      expect(response.json<ErrorAnswer>()).toMatchObject({ success: false, message: 'Veuillez saisir un code postal valide (5 chiffres)' });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('answers an empty list with the spec’s message when Colissimo has no point (301)', async () => {
    const response = await searchRelays('?postalCode=75001');
    expect(response.statusCode).toBe(200);
    expect(response.json<SearchAnswer>()).toEqual({ success: true, data: [], message: 'Aucun point relais trouvé pour ce code postal' });
    expect(fake.requests[0]?.errorCode).toBe(301);
  });

  it('answers 503 "Impossible de charger…" when Colissimo fails, and does not keep the failure', async () => {
    for (const arrange of [() => fake.failNext(500), () => fake.failNext(502), () => fake.nextErrorCode(201), () => fake.nextErrorCode(1000)]) {
      arrange();
      const response = await searchRelays('?postalCode=33380');
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorAnswer>().message).toBe('Impossible de charger les points relais Colissimo');
    }
    const failing = await searchRelays('?postalCode=99999');
    expect(failing.statusCode).toBe(503);
    expect(JSON.stringify(failing.json())).not.toContain('Service Unavailable');
    // Nothing was cached: the next search asks again (and 33380 has no point in the fake).
    const after = await searchRelays('?postalCode=33380');
    expect(after.statusCode).toBe(200);
    expect(fake.searches('33380')).toHaveLength(5);
  });

  it('answers 503 when Colissimo takes longer than 8 s', async () => {
    // The client's clock is a fake one; Colissimo holds its answers until the test lets them go.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const late = fake.holdNext(1);
      const slow = searchRelays('?postalCode=33000');
      await late.arrived;
      vi.advanceTimersByTime(8_000);
      const answer = await slow;
      expect(answer.statusCode).toBe(503);
      expect(answer.json<ErrorAnswer>().message).toBe(relayMessages.loadFailed);
      late.release();

      // An answer a moment before the 8 s is taken (and the failure above was not cached).
      const inTime = fake.holdNext(1);
      const search = searchRelays('?postalCode=33000');
      await inTime.arrived;
      vi.advanceTimersByTime(7_999);
      inTime.release();
      expect((await search).statusCode).toBe(200);
      expect(fake.searches('33000')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits searches per IP address (429, French message)', async () => {
    const ip = '10.99.0.1';
    for (let index = 0; index < 30; index += 1) expect((await searchRelays('?postalCode=33470', ip)).statusCode).toBe(200);
    const limited = await searchRelays('?postalCode=33470', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorAnswer>().message).toBe(relayMessages.rateLimited);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('shipping methods', () => {
  it('offer the relay point (5,90 €) when Colissimo is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shop/shipping-methods' });
    const relay = response.json<{ data: ShippingMethod[] }>().data.find((method) => method.id === 'colissimo_relais');
    expect(relay).toMatchObject({ cost: '5.90', needs_relay: true, needs_address: true, enabled: true });
  });

  it('hide it, refuse it at order time and answer 404 to searches when Colissimo is not configured', async () => {
    const bare = await createTestApp();
    try {
      const methods = (await bare.app.inject({ method: 'GET', url: '/api/shop/shipping-methods' })).json<{ data: ShippingMethod[] }>().data;
      expect(methods.map((method) => method.id)).not.toContain('colissimo_relais');
      const search = await bare.app.inject({ method: 'GET', url: '/api/colissimo/relay-points?postalCode=33470' });
      expect(search.statusCode).toBe(404);
      expect(search.json<ErrorAnswer>().message).toBe(relayMessages.notConfigured);
      const order = await bare.app.inject({
        method: 'POST',
        url: '/api/shop/orders',
        payload: { ...orderBody(1), relay_point: { id: '331990', postcode: '33470' } },
      });
      expect(order.statusCode).toBe(422);
      expect(order.json<ErrorAnswer>().message).toBe('Mode de livraison indisponible');
    } finally {
      await bare.close();
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('orders delivered to a relay point', () => {
  it('stores the point read from Colissimo, appends it to the note, shows it in the order and both mails', async () => {
    const itemId = await insertItem(2490, 3);
    const response = await postOrder(
      orderBody(itemId, {
        // What the browser sends: its own relay line, replaced by the server's.
        customer_note: 'Merci !\nPoint relais : FAUX NOM (008253)',
        relay_point: { id: '008253', postcode: '33470' },
      }),
    );
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderAnswer>().data;
    expect(order.shipping_lines[0]).toMatchObject({ method_id: 'colissimo_relais', method_title: 'Colissimo en point relais', total: '5.90' });
    expect(order.relay_point).toEqual({
      id: '008253',
      name: 'CARREFOUR CITY GUJAN CENTRE',
      type: 'A2P',
      address_1: '120 COURS DE VERDUN',
      address_2: '',
      postcode: '33470',
      city: 'GUJAN MESTRAS',
      country: 'FR',
    });
    expect(order.customer_note).toBe('Merci !\nPoint relais : CARREFOUR CITY GUJAN CENTRE, 120 COURS DE VERDUN, 33470 GUJAN MESTRAS (008253)');
    // The buyer's address stays the billing and contact address.
    expect(order.billing.address_1).toBe('5 allée des Mimosas');

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.relayPoint).toMatchObject({ id: '008253', name: 'CARREFOUR CITY GUJAN CENTRE', address1: '120 COURS DE VERDUN', city: 'GUJAN MESTRAS' });

    const fetched = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${order.id}?key=${order.order_key ?? ''}` });
    expect(fetched.json<OrderAnswer>().data.relay_point?.id).toBe('008253');

    const [confirmation] = await listOutbox(t.database.db, { kind: 'order_confirmation', to: order.billing.email });
    expect(confirmation?.text).toContain('LIVRAISON EN POINT RELAIS');
    expect(confirmation?.text).toContain('Point relais\u00a0: CARREFOUR CITY GUJAN CENTRE, 120 COURS DE VERDUN, 33470 GUJAN MESTRAS (Relais Pickup, n° 008253)');
    expect(confirmation?.text).toContain('livré dans ce point relais, et non à votre adresse');
    expect(confirmation?.html).toContain('CARREFOUR CITY GUJAN CENTRE');
    const staff = (await listOutbox(t.database.db, { kind: 'order_notification', to: defaultStoreProfile.email })).find((mail) => mail.subject === `Nouvelle commande #${order.id}`);
    expect(staff?.text).toContain('Point relais (colis à y livrer)\u00a0: CARREFOUR CITY GUJAN CENTRE');
    expect(staff?.text).toContain('Adresse de facturation\u00a0: Léa Martin, 5 allée des Mimosas, 33470 Gujan-Mestras');
    expect(staff?.text).toContain('Note du client');
  });

  it('reads lpc_relay as colissimo_relais, and finds the point from the cache when it can', async () => {
    const itemId = await insertItem(1500, 2);
    await searchRelays('?postalCode=33120');
    const before = fake.requests.length;
    const response = await postOrder(orderBody(itemId, { shipping_lines: [{ method_id: 'lpc_relay' }], relay_point: { id: '001246', postcode: '33120' } }));
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderAnswer>().data;
    expect(order.shipping_lines[0]?.method_id).toBe('colissimo_relais');
    expect(order.relay_point?.name).toBe('CONSIGNE PICKUP GARE D ARCACHON');
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a relay order without a point, or with a point Colissimo does not know (422, nothing created)', async () => {
    const itemId = await insertItem(1500, 2);
    const count = await orderCount();
    const missing = await postOrder(orderBody(itemId));
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ErrorAnswer>().message).toBe('Veuillez choisir un point relais');
    const unknown = await postOrder(orderBody(itemId, { relay_point: { id: '999999', postcode: '33470' } }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ErrorAnswer>().message).toBe('Point relais introuvable\u00a0: choisissez-en un autre');
    // A point of another postal code's search is looked for in the search of the code sent.
    const elsewhere = await postOrder(orderBody(itemId, { relay_point: { id: '331990', postcode: '75001' } }));
    expect(elsewhere.statusCode).toBe(422);
    const malformed = await postOrder(orderBody(itemId, { relay_point: { id: '../../x', postcode: '33470' } }));
    expect(malformed.statusCode).toBe(400);
    expect(await orderCount()).toBe(count);
    expect(await t.database.db.select({ quantity: inventoryItems.quantity }).from(inventoryItems).where(eq(inventoryItems.id, itemId))).toEqual([{ quantity: 2 }]);
  });

  it('answers 503 when Colissimo cannot confirm the point at order time (nothing created)', async () => {
    const itemId = await insertItem(1500, 2);
    const count = await orderCount();
    // 33980 (Audenge) is searched by no other test: nothing cached, Colissimo is asked.
    fake.failNext(500);
    const response = await postOrder(orderBody(itemId, { relay_point: { id: '332800', postcode: '33980' } }));
    expect(response.statusCode).toBe(503);
    expect(response.json<ErrorAnswer>().message).toBe(relayMessages.unavailableAtOrder);
    expect(fake.searches('33980')).toHaveLength(1);
    expect(await orderCount()).toBe(count);
    // Colissimo back: the same order goes through (the failure was not kept).
    const again = await postOrder(orderBody(itemId, { relay_point: { id: '332800', postcode: '33980' } }));
    expect(again.statusCode).toBe(201);
    expect(again.json<OrderAnswer>().data.relay_point?.name).toBe('BUREAU DE POSTE LE TEICH');
  });

  it('ignores relay_point for the other methods', async () => {
    const itemId = await insertItem(1500, 2);
    const response = await postOrder(orderBody(itemId, { shipping_lines: [{ method_id: 'colissimo_no_sign' }], relay_point: { id: '331990', postcode: '33470' } }));
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderAnswer>().data;
    expect(order.relay_point).toBeNull();
    expect(order.customer_note).toBe('Merci !');
    expect(fake.requests).toHaveLength(0);
  });
});
