/**
 * Issue 24 §3: a drop-off booking in the customer's account (« Mes rendez-vous ») follows the one
 * ownership rule (DESIGN §4): it is a user's when its customer is the user's linked repair
 * customer, or its address is the user's *verified* address. So:
 * - of two verified accounts, one never sees, cancels or moves the other's booking; its attempts
 *   get the same French 404 as a booking that does not exist (no oracle), and nothing changes;
 * - an unverified account typed with the booking's address owns nothing (empty list, 404s);
 * - the list answer carries no one else's data and is never cached.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages, parisInstant } from '@erepare/shared/booking';
import { bookingSlots, bookings, mailOutbox } from '../../apps/server/src/db/schema.js';
import { bookingClock } from '../../apps/server/src/modules/bookings/service.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

const NOW = new Date('2026-12-01T08:00:00Z');
const realClock = bookingClock.now;

let t: TestApp;
type Account = { id: number; headers: { authorization: string } };
let alice: Account;
let bruno: Account;

beforeAll(async () => {
  t = await createTestApp();
  bookingClock.now = () => NOW;
  alice = await signedInUser(t.app, t.database.db, { email: 'alice.rdv@exemple.fr' });
  bruno = await signedInUser(t.app, t.database.db, { email: 'bruno.rdv@exemple.fr' });
});

afterAll(async () => {
  bookingClock.now = realClock;
  await t.close();
});

async function bookAs(email: string, name: string, time: string): Promise<{ id: number; reference: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: nextAddress(),
    payload: { slotStart: parisInstant('2026-12-03', time).toISOString(), name, email, phone: '06 11 22 33 44', smsConsent: false, note: 'Code de déverrouillage 1234' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const reference = response.json<{ data: { reference: string } }>().data.reference;
  const [row] = await t.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference));
  return { id: row?.id ?? 0, reference };
}

/** Cancel, then move: each as its own request. */
async function attempts(headers: { authorization: string } | undefined, id: number): Promise<LightMyRequestResponse[]> {
  const common = () => ({ remoteAddress: nextAddress(), ...(headers ? { headers } : {}) });
  const cancel = await t.app.inject({ method: 'POST', url: `/api/account/bookings/${id}/cancel`, ...common() });
  const move = await t.app.inject({ method: 'POST', url: `/api/account/bookings/${id}/reschedule`, payload: { slotStart: parisInstant('2026-12-04', '10:00').toISOString() }, ...common() });
  return [cancel, move];
}

/** The booking, its slot's counter and the mails: what a refused attempt must leave as it was. */
async function stateOf(id: number) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  const counters = await t.database.db.select().from(bookingSlots);
  const mails = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
  return { row, counters, mails: mails.length };
}

const withoutRequestId = (body: string) => ({ ...(JSON.parse(body) as Record<string, unknown>), requestId: undefined });

describe('bookings in the account', () => {
  it('one verified account cannot see, cancel or move the other’s booking: the same 404 as none, nothing changes', async () => {
    const alices = await bookAs('alice.rdv@exemple.fr', 'Alice Secrète', '10:00');
    const brunos = await bookAs('bruno.rdv@exemple.fr', 'Bruno Discret', '10:30');

    const aliceList = await t.app.inject({ method: 'GET', url: '/api/account/bookings', headers: alice.headers });
    expect(aliceList.statusCode).toBe(200);
    expect(aliceList.headers['cache-control']).toMatch(/no-store/);
    expect(aliceList.json<{ data: Array<{ reference: string }> }>().data.map((booking) => booking.reference)).toEqual([alices.reference]);
    for (const word of [brunos.reference, 'Bruno', 'bruno.rdv', '06 11 22 33 44', 'Code de déverrouillage']) expect(aliceList.body).not.toContain(word);

    const before = await stateOf(brunos.id);
    const theirs = await attempts(alice.headers, brunos.id);
    const none = await attempts(alice.headers, 987_654);
    for (const [index, response] of theirs.entries()) {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(bookingMessages.notFound);
      expect(frenchMessageProblem(response)).toBeNull();
      expect(withoutRequestId(response.body)).toEqual(withoutRequestId(none[index]?.body ?? '{}'));
    }
    expect(await stateOf(brunos.id)).toEqual(before);

    // Bruno still has his, and can cancel it himself.
    const [cancelled] = await attempts(bruno.headers, brunos.id);
    expect(cancelled?.statusCode).toBe(200);
  });

  it('an unverified account with the booking’s address owns nothing', async () => {
    const target = await bookAs('cible.rdv@exemple.fr', 'Cible Réelle', '11:00');
    const squatter = await signedInUser(t.app, t.database.db, { email: 'cible.rdv@exemple.fr', verified: false });
    const list = await t.app.inject({ method: 'GET', url: '/api/account/bookings', headers: squatter.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
    const before = await stateOf(target.id);
    for (const response of await attempts(squatter.headers, target.id)) {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(bookingMessages.notFound);
    }
    expect(await stateOf(target.id)).toEqual(before);
  });

  it('a visitor gets a French 401 and changes nothing', async () => {
    const target = await bookAs('visiteur.rdv@exemple.fr', 'Cible Visiteur', '11:30');
    const before = await stateOf(target.id);
    const list = await t.app.inject({ method: 'GET', url: '/api/account/bookings' });
    expect(list.statusCode).toBe(401);
    expect(frenchMessageProblem(list)).toBeNull();
    for (const response of await attempts(undefined, target.id)) {
      expect(response.statusCode).toBe(401);
      expect(frenchMessageProblem(response)).toBeNull();
    }
    expect(await stateOf(target.id)).toEqual(before);
  });
});
