/**
 * Issue 24 §3: the drop-off booking's secret manage link proves only its purpose and its booking,
 * until the slot starts or the booking is cancelled; anonymous callers never learn anything of
 * other customers' bookings (calendar, booking answer, 409, manage answer).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages, parisInstant } from '@erepare/shared/booking';
import { issueCustomerLink } from '../../apps/server/src/modules/links/customer-links.js';
import { linksIn, listOutbox } from '../../apps/server/src/modules/mail/outbox.js';
import { BOOKING_MANAGE_LIMIT, bookingClock } from '../../apps/server/src/modules/bookings/service.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let t: TestApp;
const NOW = new Date('2026-12-01T08:00:00Z');
const realClock = bookingClock.now;

beforeAll(async () => {
  t = await createTestApp();
  bookingClock.now = () => NOW;
});

afterAll(async () => {
  bookingClock.now = realClock;
  await t.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: unknown, remoteAddress = nextAddress()): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), remoteAddress });
}

let n = 0;
async function bookAs(email: string, day = '2026-12-02', time = '10:00') {
  n += 1;
  const response = await call('POST', '/api/bookings', {
    slotStart: parisInstant(day, time).toISOString(),
    name: `Victime ${n}`,
    email,
    phone: '06 11 22 33 44',
    smsConsent: true,
    note: 'Code de déverrouillage 1234',
  });
  expect(response.statusCode, response.body).toBe(200);
  const mail = (await listOutbox(t.database.db, { to: email, kind: 'booking_confirmed' })).at(-1);
  const link = linksIn(mail?.text ?? '').find((url) => url.includes('/rendez-vous/gerer'));
  return { token: new URL(link ?? 'http://x').searchParams.get('token') ?? '', body: response.body };
}

describe('the booking manage link', () => {
  it('cannot be guessed: random and malformed tokens get one French 404, and a client is cut off after the limit', async () => {
    const client = '10.201.0.1';
    for (let index = 0; index < BOOKING_MANAGE_LIMIT.limit; index += 1) {
      const token = Buffer.from(`guess-${index}`.padEnd(32, '.')).toString('base64url').slice(0, 43);
      const response = await call('GET', `/api/bookings/manage?token=${token}`, undefined, client);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(bookingMessages.linkInvalid);
    }
    const blocked = await call('GET', `/api/bookings/manage?token=${'a'.repeat(43)}`, undefined, client);
    expect(blocked.statusCode).toBe(429);
    expect(frenchMessageProblem(blocked)).toBeNull();
    // Another client is not held back by it.
    expect((await call('GET', `/api/bookings/manage?token=${'a'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('opens nothing with a link of another purpose for the same subject id', async () => {
    const { token } = await bookAs('cible-1@exemple.fr');
    const view = await call('GET', `/api/bookings/manage?token=${token}`);
    expect(view.statusCode).toBe(200);
    const id = (await t.database.db.query.bookings.findFirst({ where: (row, { eq }) => eq(row.email, 'cible-1@exemple.fr') }))?.id ?? 0;
    for (const purpose of ['estimate', 'invoice-payment'] as const) {
      const other = await issueCustomerLink(t.database.db, purpose, id, new Date('2027-01-01T00:00:00Z'));
      for (const [method, url, payload] of [
        ['GET', `/api/bookings/manage?token=${other.token}`, undefined],
        ['POST', '/api/bookings/manage/cancel', { token: other.token }],
        ['POST', '/api/bookings/manage/reschedule', { token: other.token, slotStart: parisInstant('2026-12-03', '10:00').toISOString() }],
      ] as const) {
        const response = await call(method, url, payload);
        expect(response.statusCode, `${purpose} ${url}`).toBe(404);
        expect(response.json<{ message: string }>().message).toBe(bookingMessages.linkInvalid);
      }
    }
    expect((await call('GET', `/api/bookings/manage?token=${token}`)).json<{ data: { status: string } }>().data.status).toBe('confirmed');
  });

  it('expires when the slot starts, and a cancelled booking’s link changes nothing more', async () => {
    const { token } = await bookAs('cible-2@exemple.fr', '2026-12-02', '11:00');
    expect((await call('POST', '/api/bookings/manage/cancel', { token })).statusCode).toBe(200);
    const moved = await call('POST', '/api/bookings/manage/reschedule', { token, slotStart: parisInstant('2026-12-03', '11:00').toISOString() });
    expect(moved.statusCode).toBe(409);
    expect(moved.json<{ message: string }>().message).toBe(bookingMessages.alreadyCancelled);

    const { token: later } = await bookAs('cible-3@exemple.fr', '2026-12-02', '11:30');
    bookingClock.now = () => parisInstant('2026-12-02', '11:30');
    try {
      for (const [method, url, payload] of [
        ['GET', `/api/bookings/manage?token=${later}`, undefined],
        ['POST', '/api/bookings/manage/cancel', { token: later }],
      ] as const) {
        const response = await call(method, url, payload);
        expect(response.statusCode).toBe(410);
        expect(response.json<{ message: string }>().message).toBe(bookingMessages.linkExpired);
      }
    } finally {
      bookingClock.now = () => NOW;
    }
  });

  it('tells an anonymous caller nothing of other customers’ bookings', async () => {
    await bookAs('secret-client@exemple.fr', '2026-12-04', '10:00');
    const personal = ['secret-client', 'Victime', '06 11 22 33 44', 'Code de déverrouillage'];
    const answers = [
      await call('GET', '/api/bookings/slots?from=2026-12-04&days=1'),
      // The same slot booked by someone else, then filled: neither answer names the others.
      await call('POST', '/api/bookings', { slotStart: parisInstant('2026-12-04', '10:00').toISOString(), name: 'Curieux', email: 'curieux@exemple.fr', phone: '0600000000', smsConsent: false, note: '' }),
      await call('POST', '/api/bookings', { slotStart: parisInstant('2026-12-04', '10:00').toISOString(), name: 'Curieux', email: 'curieux2@exemple.fr', phone: '0600000000', smsConsent: false, note: '' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 409]);
    for (const response of answers) for (const word of personal) expect(response.body).not.toContain(word);
    // The calendar says free or full, never how many are booked.
    expect(answers[0]?.body).not.toMatch(/booked|capacity|remaining/);
    // The manage answer carries the booking's time and reference, not the name, e-mail, phone or note.
    const { token } = await bookAs('mine@exemple.fr', '2026-12-05', '10:00');
    const mine = await call('GET', `/api/bookings/manage?token=${token}`);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    for (const word of ['mine@exemple.fr', 'Victime', '06 11 22 33 44', 'Code de déverrouillage']) expect(mine.json<{ data: Record<string, unknown> }>().data.reference).not.toContain(word);
    expect(Object.keys(mine.json<{ data: Record<string, unknown> }>().data).sort()).toEqual(['canChange', 'changeDeadline', 'cutoffHours', 'ics', 'reference', 'slotEnd', 'slotStart', 'status']);
  });
});
