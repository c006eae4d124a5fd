import { eq, inArray } from 'drizzle-orm';
import { bookingMessages, parisInstant } from '@erepare/shared/booking';
import { messages } from '@erepare/shared/messages';
import type { AccountBookingResponse, AccountBookingsResponse, CreateBookingResponse, SlotFullResponse } from '@erepare/shared/schemas/bookings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingSlots, bookings, customers, quoteRequests } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { linksIn, listOutbox } from '../mail/outbox.js';
import { bookingClock } from './service.js';

/**
 * « Mes rendez-vous » (issue 24 §3) through app.inject(): the one ownership rule (linked customer
 * or verified address), the link page's rules and cut-off from the account, 404 for the others'.
 * Clock: Tuesday 1 December 2026, 9h00 in Paris.
 */
const NOW = new Date('2026-12-01T08:00:00Z');
const realClock = bookingClock.now;

let t: TestApp;
let counter = 0;
const nextIp = () => `10.11.${Math.floor((counter += 1) / 250)}.${(counter % 250) + 1}`;
const at = (day: string, time: string) => parisInstant(day, time);
const db = () => t.database.db;

type Headers = { authorization: string };
let owner: { id: number; headers: Headers };
let customerId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const [customer] = await db().insert(customers).values({ firstName: 'Hélène', lastName: 'Lacoste', email: 'helene.fiche@exemple.fr' }).returning();
  customerId = customer?.id ?? 0;
  owner = await signedInUser(t.app, db(), { email: 'helene.rdv@exemple.fr', repairCustomerId: customerId });
});

beforeEach(() => {
  bookingClock.now = () => NOW;
});

afterAll(async () => {
  bookingClock.now = realClock;
  await t.close();
});

async function book(email: string, day: string, time: string, extra: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: nextIp(),
    payload: { slotStart: at(day, time).toISOString(), name: 'Hélène Lacoste', email, phone: '06 12 34 56 78', smsConsent: false, note: '', ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreateBookingResponse>().data.reference;
}

const list = async (headers?: Headers) => t.app.inject({ method: 'GET', url: '/api/account/bookings', ...(headers ? { headers } : {}) });
const idOf = async (reference: string) => (await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference)))[0]?.id ?? 0;
const post = (headers: Headers | undefined, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, remoteAddress: nextIp(), ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

describe('GET /api/account/bookings', () => {
  it('asks to sign in (401, French)', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe(messages.auth.notLoggedIn);
  });

  it('lists the bookings of the verified address (any case) and of the linked customer: upcoming soonest first, then past and cancelled, latest first', async () => {
    const [quote] = await db()
      .insert(quoteRequests)
      .values({ reference: 'D-2026-007001', category: 'telephone', brand: 'Apple', model: 'iPhone 12', fault: 'ecran', faultLabel: 'Écran', name: 'Hélène', email: 'helene.rdv@exemple.fr', phone: '0612345678', dropOffDate: '2026-12-02', dropOffSlot: 'matin', consentAt: NOW })
      .returning();
    expect(quote).toBeDefined();
    const later = await book('helene.rdv@exemple.fr', '2026-12-10', '10:00', { quoteReference: 'D-2026-007001' });
    const soon = await book('Helene.RDV@Exemple.fr', '2026-12-03', '10:00');
    const past = await book('helene.rdv@exemple.fr', '2026-12-01', '10:00');
    const cancelled = await book('helene.rdv@exemple.fr', '2026-12-04', '10:00');
    // Booked from an estimate of the linked customer, with another address.
    const linked = await book('autre.adresse@exemple.fr', '2026-12-05', '10:00');
    await db().update(bookings).set({ customerId }).where(eq(bookings.reference, linked));
    const someoneElse = await book('quelquun@exemple.fr', '2026-12-03', '10:30');
    await db().update(bookings).set({ status: 'cancelled', cancelledBy: 'staff', cancelledAt: NOW }).where(eq(bookings.reference, cancelled));

    bookingClock.now = () => at('2026-12-01', '12:00');
    const response = await list(owner.headers);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<AccountBookingsResponse>();
    expect(data.map((booking) => booking.reference)).toEqual([soon, linked, later, cancelled, past]);
    expect(data.map((booking) => booking.reference)).not.toContain(someoneElse);
    expect(data[0]).toMatchObject({ status: 'confirmed', upcoming: true, canChange: true, cutoffHours: 2, slotStart: at('2026-12-03', '10:00').toISOString(), estimateNumber: null, quoteReference: null });
    expect(data[2]).toMatchObject({ reference: later, quoteReference: 'D-2026-007001' });
    expect(data[3]).toMatchObject({ status: 'cancelled', cancelledBy: 'staff', upcoming: false, canChange: false });
    expect(data[4]).toMatchObject({ status: 'confirmed', upcoming: false, canChange: false });
    // Nothing but the customer's own booking facts: no name, phone, note or token.
    expect(Object.keys(data[0] ?? {}).sort()).toEqual(['cancelledBy', 'canChange', 'changeDeadline', 'cutoffHours', 'estimateNumber', 'id', 'quoteReference', 'reference', 'slotEnd', 'slotStart', 'status', 'upcoming'].sort());
  });

  it('an unverified account owns none, even with the same address', async () => {
    const squatter = await signedInUser(t.app, db(), { email: 'non.verifie@exemple.fr', verified: false });
    await book('non.verifie@exemple.fr', '2026-12-11', '10:00');
    const response = await list(squatter.headers);
    expect(response.json<AccountBookingsResponse>().data).toEqual([]);
  });
});

describe('changing a booking from the account', () => {
  it('cancels one: place freed, customer and shop mailed, no token needed; a second time says it is done', async () => {
    const reference = await book('helene.rdv@exemple.fr', '2026-12-12', '11:00');
    const id = await idOf(reference);
    const response = await post(owner.headers, `/api/account/bookings/${id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AccountBookingResponse>();
    expect(body.message).toBe(bookingMessages.cancelled);
    expect(body.data).toMatchObject({ reference, status: 'cancelled', cancelledBy: 'customer', upcoming: false, canChange: false });
    const [counter] = await db().select().from(bookingSlots).where(eq(bookingSlots.slotStart, at('2026-12-12', '11:00')));
    expect(counter?.booked).toBe(0);
    const mails = await listOutbox(db(), { to: 'helene.rdv@exemple.fr', kind: 'booking_cancelled' });
    expect(mails.some((mail) => mail.subject.includes(reference))).toBe(true);
    const again = await post(owner.headers, `/api/account/bookings/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(bookingMessages.alreadyCancelled);
  });

  it('moves one: old place given back, new one taken, a new manage link mailed; a full slot answers 409 with the next free ones', async () => {
    const reference = await book('helene.rdv@exemple.fr', '2026-12-15', '10:00');
    const id = await idOf(reference);
    const to = at('2026-12-15', '14:30');
    const moved = await post(owner.headers, `/api/account/bookings/${id}/reschedule`, { slotStart: to.toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AccountBookingResponse>()).toMatchObject({ message: bookingMessages.rescheduled, data: { reference, slotStart: to.toISOString(), status: 'confirmed', canChange: true } });
    const counters = await db().select().from(bookingSlots).where(inArray(bookingSlots.slotStart, [at('2026-12-15', '10:00'), to]));
    expect(Object.fromEntries(counters.map((row) => [row.slotStart.toISOString(), row.booked]))).toEqual({ [at('2026-12-15', '10:00').toISOString()]: 0, [to.toISOString()]: 1 });
    const [changed] = (await listOutbox(db(), { to: 'helene.rdv@exemple.fr', kind: 'booking_changed' })).filter((mail) => mail.subject.includes(reference));
    expect(linksIn(changed?.text ?? '').some((link) => link.includes('/rendez-vous/gerer?token='))).toBe(true);

    const full = at('2026-12-15', '11:00');
    await book('plein-1@exemple.fr', '2026-12-15', '11:00');
    await book('plein-2@exemple.fr', '2026-12-15', '11:00');
    const refused = await post(owner.headers, `/api/account/bookings/${id}/reschedule`, { slotStart: full.toISOString() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<SlotFullResponse>()).toMatchObject({ message: bookingMessages.slotFull, code: 'SLOT_FULL' });
    expect(refused.json<SlotFullResponse>().nextSlots?.[0]?.start).toBe(at('2026-12-15', '11:30').toISOString());
    const same = await post(owner.headers, `/api/account/bookings/${id}/reschedule`, { slotStart: to.toISOString() });
    expect(same.statusCode).toBe(409);
    expect(same.json<{ message: string }>().message).toBe(bookingMessages.sameSlot);
  });

  it('keeps the link page’s cut-off (2 h before)', async () => {
    const reference = await book('helene.rdv@exemple.fr', '2026-12-02', '15:00');
    const id = await idOf(reference);
    bookingClock.now = () => at('2026-12-02', '13:30');
    const { data } = (await list(owner.headers)).json<AccountBookingsResponse>();
    expect(data.find((booking) => booking.reference === reference)).toMatchObject({ upcoming: true, canChange: false });
    for (const [url, payload] of [
      [`/api/account/bookings/${id}/cancel`, undefined],
      [`/api/account/bookings/${id}/reschedule`, { slotStart: at('2026-12-03', '15:00').toISOString() }],
    ] as const) {
      const response = await post(owner.headers, url, payload);
      expect(response.statusCode, url).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(bookingMessages.cutoffPassed(2));
    }
  });

  it('someone else’s booking and no booking answer the same 404, and nothing changes', async () => {
    const stranger = await signedInUser(t.app, db(), { email: 'curieux.rdv@exemple.fr' });
    const reference = await book('helene.rdv@exemple.fr', '2026-12-16', '10:00');
    const id = await idOf(reference);
    const strip = (body: string) => ({ ...(JSON.parse(body) as Record<string, unknown>), requestId: undefined });
    for (const action of ['cancel', 'reschedule'] as const) {
      const payload = action === 'reschedule' ? { slotStart: at('2026-12-16', '11:00').toISOString() } : undefined;
      const theirs = await post(stranger.headers, `/api/account/bookings/${id}/${action}`, payload);
      const none = await post(stranger.headers, `/api/account/bookings/99999/${action}`, payload);
      expect(theirs.statusCode, action).toBe(404);
      expect(theirs.json<{ message: string }>().message).toBe(bookingMessages.notFound);
      expect(strip(theirs.body)).toEqual(strip(none.body));
    }
    expect((await list(stranger.headers)).json<AccountBookingsResponse>().data).toEqual([]);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'confirmed', slotStart: at('2026-12-16', '10:00') });
    expect((await post(undefined, `/api/account/bookings/${id}/cancel`)).statusCode).toBe(401);
  });

  it('refuses bad input with a French 400', async () => {
    for (const [url, payload] of [
      ['/api/account/bookings/abc/cancel', undefined],
      ['/api/account/bookings/0/cancel', undefined],
      ['/api/account/bookings/1/reschedule', { slotStart: 'demain' }],
      ['/api/account/bookings/1/reschedule', {}],
    ] as const) {
      const response = await post(owner.headers, url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/invalide|créneau/);
    }
  });
});
