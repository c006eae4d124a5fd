/**
 * A visitor follows one ticket from the public tracking page (issue 7, beyond the spec): the
 * second factor (the last 4 digits of a phone on file; the postal code proves nothing), nothing
 * personal in the answers or the pushes, one ticket per browser, a signed-in account's browser
 * left alone, removal with the secret only, 5 tries a day per ticket then locked, with the answer
 * of a wrong proof.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { visitorFollowMessages } from '@erepare/shared/notifications';
import { customers, pushOutbox, pushSubscriptions, rateLimits, ticketDevices, tickets, trackedTickets } from '../../db/schema.js';
import { browserSubscription } from '../../test/fakes/push-service-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { onTicketStatusChanged } from './service.js';
import { FOLLOW_TICKET_DAILY_LIMIT, proofMatches } from './visitor.js';

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
  it('is the last 4 digits of a phone of 8 digits or more; the postal code proves nothing', () => {
    const customer = { postcode: '33470', phone: '05 56 00 12 34', mobile: '06 12 34 56 78' };
    expect(proofMatches(customer, '1234')).toBe(true);
    expect(proofMatches(customer, '5678')).toBe(true);
    expect(proofMatches(customer, '33470')).toBe(false);
    expect(proofMatches(customer, '4321')).toBe(false);
    // Nothing on file proves nothing.
    expect(proofMatches({ phone: '', mobile: '' }, '0000')).toBe(false);
    expect(proofMatches({ phone: '1234', mobile: '' }, '1234')).toBe(false);
  });
});

describe('POST /api/tracking/follow', () => {
  it('follows the ticket after the proof, answers nothing personal and stores the first status only', async () => {
    const browser = browserSubscription('https://push.exemple.fr/visiteur-1');
    const response = await follow({ ticket: '770001', proof: '56 78', subscription: browser.json });
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
    const wrong = await follow({ ticket: TICKET, proof: '1111', subscription: browser.json });
    const unknown = await follow({ ticket: 'T-779999', proof: '5678', subscription: browser.json });
    const postcode = await follow({ ticket: TICKET, proof: '33470', subscription: browser.json });
    expect(wrong.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(wrong.json<Body>().message).toBe(visitorFollowMessages.proofMismatch(TICKET));
    expect(unknown.json<Body>().message).toBe(visitorFollowMessages.proofMismatch('T-779999'));
    expect(postcode.statusCode).toBe(400);
    expect(postcode.json<Body>().message).toBe(visitorFollowMessages.proofFormat);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint))).toHaveLength(0);
  });

  it('refuses bad input with a French message: number, proof, subscription', async () => {
    const browser = browserSubscription('https://push.exemple.fr/visiteur-mauvais');
    const cases: [unknown, number, string][] = [
      [{ ticket: '', proof: '5678', subscription: browser.json }, 400, 'Veuillez entrer un numéro de ticket'],
      [{ ticket: 'abc', proof: '5678', subscription: browser.json }, 400, 'Format de ticket invalide. Utilisez T-6632 ou 6632'],
      [{ ticket: TICKET, proof: '123', subscription: browser.json }, 400, visitorFollowMessages.proofFormat],
      [{ ticket: TICKET, proof: '33470', subscription: browser.json }, 400, visitorFollowMessages.proofFormat],
      [{ ticket: TICKET, proof: { $ne: 1 }, subscription: browser.json }, 400, visitorFollowMessages.proofFormat],
      [{ ticket: TICKET, proof: '5678', subscription: { endpoint: 'http://10.0.0.1/push', keys: {} } }, 400, 'Abonnement push invalide'],
      [{ ticket: TICKET, proof: '5678' }, 400, 'Abonnement push invalide'],
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
    const response = await follow({ ticket: TICKET, proof: '5678', subscription: browser.json });
    expect(response.statusCode).toBe(409);
    expect(response.json<Body>().message).toBe(visitorFollowMessages.ownedByAccount);
    const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint));
    expect(row).toMatchObject({ userId: user.id, removalTokenHash: null });
  });

  it('takes 5 tries a day on one ticket, whatever the address; then locked, with the answer of a wrong proof', async () => {
    const browser = browserSubscription('https://push.exemple.fr/devineur');
    const answer = (response: { statusCode: number; json: <T>() => T }) => {
      const { requestId: _requestId, ...rest } = response.json<Record<string, unknown>>();
      return { status: response.statusCode, ...rest };
    };
    const wrongAnswers = [];
    for (let attempt = 0; attempt < FOLLOW_TICKET_DAILY_LIMIT.limit; attempt += 1) {
      wrongAnswers.push(answer(await follow({ ticket: TICKET, proof: String(1000 + attempt), subscription: browser.json }, `198.51.100.${attempt}`)));
    }
    expect(wrongAnswers[0]).toMatchObject({ status: 403, message: visitorFollowMessages.proofMismatch(TICKET) });
    // Even the right digits, from yet another address: the same answer as a wrong proof.
    const locked = await follow({ ticket: TICKET, proof: '5678', subscription: browser.json }, '198.51.100.200');
    expect(answer(locked)).toEqual(wrongAnswers[0]);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint))).toHaveLength(0);
    // Another ticket keeps its own allowance.
    expect((await follow({ ticket: OTHER_TICKET, proof: '5678', subscription: browser.json }, '198.51.100.201')).statusCode).toBe(201);
  });
});

describe('POST /api/tracking/unfollow', () => {
  it('needs the secret; with it, the subscription and its followed ticket are gone', async () => {
    const browser = browserSubscription('https://push.exemple.fr/visiteur-2');
    const started = (await follow({ ticket: TICKET, proof: '5678', subscription: browser.json })).json<Body>();
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
