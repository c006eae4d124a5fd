/**
 * A visitor follows one ticket from the public tracking page (issue 7, beyond the spec): the
 * second factor (postal code or last 4 phone digits), nothing personal in the answers or the
 * pushes, one ticket per browser, a signed-in account's browser left alone, removal with the
 * secret only, attempts limited per address and per ticket.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { visitorFollowMessages } from '@erepare/shared/notifications';
import { customers, pushOutbox, pushSubscriptions, rateLimits, ticketDevices, tickets, trackedTickets } from '../../db/schema.js';
import { browserSubscription } from '../../test/fakes/push-service-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { onTicketStatusChanged } from './service.js';
import { proofMatches } from './visitor.js';

let t: TestApp;
const TICKET = 'T-770001';
const OTHER_TICKET = 'T-770002';
const db = () => t.database.db;

type Body = { success: boolean; message?: string; data?: { ticketNumber: string; status: string; removalToken: string } };

const follow = (payload: unknown, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/tracking/follow', payload: payload as object, remoteAddress: ip });
const unfollow = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/tracking/unfollow', payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  const [customer] = await db()
    .insert(customers)
    .values({ firstName: 'Camille', lastName: 'Secrète', email: 'camille@exemple.fr', mobile: '06 12 34 56 78', phone: '', postcode: '33470' })
    .returning();
  const rows = await db()
    .insert(tickets)
    .values([
      { ticketNumber: TICKET, customerId: customer?.id ?? 0, status: 'En cours de diagnostic' },
      { ticketNumber: OTHER_TICKET, customerId: customer?.id ?? 0, status: 'En attente de pièces' },
    ])
    .returning();
  await db()
    .insert(ticketDevices)
    .values(rows.map((row) => ({ ticketId: row.id, category: 'Téléphone', brand: 'Apple', name: 'iPhone 13', status: row.status, imei: '356938035643809' })));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await db().delete(rateLimits);
});

describe('the second factor', () => {
  it('is the 5-digit postal code or the last 4 digits of a phone of 8 digits or more', () => {
    const customer = { postcode: '33470', phone: '05 56 00 12 34', mobile: '' };
    expect(proofMatches(customer, '33470')).toBe(true);
    expect(proofMatches(customer, '1234')).toBe(true);
    expect(proofMatches(customer, '33471')).toBe(false);
    expect(proofMatches(customer, '4321')).toBe(false);
    // Nothing on file proves nothing.
    expect(proofMatches({ postcode: '', phone: '', mobile: '' }, '0000')).toBe(false);
    expect(proofMatches({ postcode: '', phone: '1234', mobile: '' }, '1234')).toBe(false);
  });
});

describe('POST /api/tracking/follow', () => {
  it('follows the ticket after the proof, answers nothing personal and stores the first status only', async () => {
    const browser = browserSubscription('https://push.exemple.fr/visiteur-1');
    const response = await follow({ ticket: '770001', proof: '33 470', subscription: browser.json });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Body>();
    expect(body.message).toBe(visitorFollowMessages.following(TICKET));
    expect(body.data).toMatchObject({ ticketNumber: TICKET, status: 'En cours de diagnostic' });
    expect(body.data?.removalToken).toMatch(/^[\w-]{43}$/);
    expect(response.body).not.toMatch(/Camille|Secrète|33470|5678|camille@/);
    const [subscription] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint));
    expect(subscription).toMatchObject({ userId: null, deviceType: 'visitor' });
    expect(subscription?.removalTokenHash).not.toBe(body.data?.removalToken);
    const followed = await db().select().from(trackedTickets).where(eq(trackedTickets.subscriptionId, subscription?.id ?? 0));
    expect(followed).toMatchObject([{ ticketNumber: TICKET, lastStatus: 'En cours de diagnostic', userId: null }]);
    expect(await db().select().from(pushOutbox)).toHaveLength(0);
  });

  it('pushes the next status change with a "Ne plus suivre" action, and nothing personal', async () => {
    await db().update(tickets).set({ status: 'Prêt à récupérer', updatedAt: new Date() }).where(eq(tickets.ticketNumber, TICKET));
    const result = await onTicketStatusChanged(db(), TICKET);
    expect(result.pushes).toBe(1);
    const [push] = await db().select().from(pushOutbox);
    expect(push?.payload).toMatchObject({
      title: `Ticket ${TICKET} mis à jour`,
      url: `/suivi?ticket=${TICKET}`,
      visitorFollow: true,
      actions: [{ action: 'unfollow', title: 'Ne plus suivre' }],
    });
    expect(JSON.stringify(push?.payload)).not.toMatch(/Camille|Secrète|33470|356938035643809/);
    await db().delete(pushOutbox);
  });

  it('accepts the last 4 phone digits; following another ticket from the same browser replaces the first', async () => {
    const browser = browserSubscription('https://push.exemple.fr/visiteur-1');
    const response = await follow({ ticket: OTHER_TICKET, proof: '5678', subscription: browser.json });
    expect(response.statusCode, response.body).toBe(201);
    const [subscription] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint));
    const followed = await db().select().from(trackedTickets).where(eq(trackedTickets.subscriptionId, subscription?.id ?? 0));
    expect(followed.map((row) => row.ticketNumber)).toEqual([OTHER_TICKET]);
  });

  it('gives an unknown ticket and a wrong proof the same answer, and stores nothing', async () => {
    const browser = browserSubscription('https://push.exemple.fr/visiteur-refuse');
    const wrong = await follow({ ticket: TICKET, proof: '33000', subscription: browser.json });
    const unknown = await follow({ ticket: 'T-779999', proof: '33470', subscription: browser.json });
    expect(wrong.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(wrong.json<Body>().message).toBe(visitorFollowMessages.proofMismatch(TICKET));
    expect(unknown.json<Body>().message).toBe(visitorFollowMessages.proofMismatch('T-779999'));
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint))).toHaveLength(0);
  });

  it('refuses bad input with a French message: number, proof, subscription', async () => {
    const browser = browserSubscription('https://push.exemple.fr/visiteur-mauvais');
    const cases: [unknown, number, string][] = [
      [{ ticket: '', proof: '33470', subscription: browser.json }, 400, 'Veuillez entrer un numéro de ticket'],
      [{ ticket: 'abc', proof: '33470', subscription: browser.json }, 400, 'Format de ticket invalide. Utilisez T-6632 ou 6632'],
      [{ ticket: TICKET, proof: '123', subscription: browser.json }, 400, visitorFollowMessages.proofFormat],
      [{ ticket: TICKET, proof: { $ne: 1 }, subscription: browser.json }, 400, visitorFollowMessages.proofFormat],
      [{ ticket: TICKET, proof: '33470', subscription: { endpoint: 'http://10.0.0.1/push', keys: {} } }, 400, 'Abonnement push invalide'],
      [{ ticket: TICKET, proof: '33470' }, 400, 'Abonnement push invalide'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await follow(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json<Body>().message).toContain(message.slice(0, 20));
    }
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint))).toHaveLength(0);
  });

  it('leaves a browser subscribed by a signed-in account to that account', async () => {
    const user = await signedInUser(t.app, db(), { email: 'compte.suivi@exemple.fr' });
    const browser = browserSubscription('https://push.exemple.fr/compte-1');
    await db().insert(pushSubscriptions).values({ userId: user.id, endpoint: browser.json.endpoint, p256dh: browser.json.keys.p256dh, auth: browser.json.keys.auth });
    const response = await follow({ ticket: TICKET, proof: '33470', subscription: browser.json });
    expect(response.statusCode).toBe(409);
    expect(response.json<Body>().message).toBe(visitorFollowMessages.ownedByAccount);
    const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint));
    expect(row).toMatchObject({ userId: user.id, removalTokenHash: null });
  });

  it('limits attempts on one ticket, whatever the address (guessing 4 digits is hopeless)', async () => {
    const browser = browserSubscription('https://push.exemple.fr/devineur');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await follow({ ticket: TICKET, proof: String(1000 + attempt), subscription: browser.json }, `198.51.100.${attempt}`)).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/tracking/unfollow', () => {
  it('needs the secret; with it, the subscription and its followed ticket are gone', async () => {
    const browser = browserSubscription('https://push.exemple.fr/visiteur-2');
    const started = (await follow({ ticket: TICKET, proof: '33470', subscription: browser.json })).json<Body>();
    const token = started.data?.removalToken ?? '';
    for (const payload of [{ endpoint: browser.json.endpoint, token: 'x'.repeat(43) }, { endpoint: browser.json.endpoint }, { endpoint: 'https://push.exemple.fr/autre', token }, {}]) {
      const refused = await unfollow(payload);
      expect(refused.statusCode).toBe(404);
      expect(refused.json<Body>().message).toBe(visitorFollowMessages.nothingToStop);
    }
    const done = await unfollow({ endpoint: browser.json.endpoint, token });
    expect(done.statusCode).toBe(200);
    expect(done.json<Body>().message).toBe(visitorFollowMessages.stopped(TICKET));
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint))).toHaveLength(0);
    // Used once.
    expect((await unfollow({ endpoint: browser.json.endpoint, token })).statusCode).toBe(404);
  });
});
