import { eq } from 'drizzle-orm';
import { parisInstant } from '@erepare/shared/booking';
import type { CreateBookingResponse } from '@erepare/shared/schemas/bookings';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { smsOutbox } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { linksIn, listOutbox } from '../mail/outbox.js';
import { bookingClock } from './service.js';

/** With SMS configured, a booking texts only the customers who ticked the box (confirmation, move, cancel). */

let t: TestApp;
const realClock = bookingClock.now;

beforeAll(async () => {
  t = await createTestApp({ SMS_PROVIDER: 'brevo', BREVO_API_KEY: 'xkeysib-test-0123456789abcdef', BREVO_BASE_URL: 'http://127.0.0.1:9' });
  bookingClock.now = () => new Date('2026-12-01T08:00:00Z');
});

afterAll(async () => {
  bookingClock.now = realClock;
  await t.close();
});

function book(email: string, smsConsent: boolean, time: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: ip,
    payload: { slotStart: parisInstant('2026-12-02', time).toISOString(), name: 'Zoé', email, phone: '06 12 34 56 78', smsConsent, note: '' },
  });
}

it('queues the booking SMS with consent only, and the change and cancellation SMS after it', async () => {
  const without = await book('sans-sms@exemple.fr', false, '10:00', '10.70.0.1');
  expect(without.statusCode).toBe(200);
  const withConsent = await book('avec-sms@exemple.fr', true, '10:30', '10.70.0.2');
  expect(withConsent.statusCode).toBe(200);
  const { reference } = withConsent.json<CreateBookingResponse>().data;

  const rows = await t.database.db.select().from(smsOutbox);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: 'booking_confirmed', toNumber: '+33612345678', status: 'pending' });
  expect(rows[0]?.body).toContain(reference);
  expect(rows[0]?.body).toContain('mercredi 2 décembre 2026 à 10h30');

  const mail = (await listOutbox(t.database.db, { to: 'avec-sms@exemple.fr', kind: 'booking_confirmed' }))[0];
  const token = new URL(linksIn(mail?.text ?? '').find((link) => link.includes('/rendez-vous/gerer')) ?? 'http://x').searchParams.get('token') ?? '';
  const moved = await t.app.inject({ method: 'POST', url: '/api/bookings/manage/reschedule', remoteAddress: '10.70.0.2', payload: { token, slotStart: parisInstant('2026-12-02', '11:00').toISOString() } });
  expect(moved.statusCode).toBe(200);
  const cancelled = await t.app.inject({ method: 'POST', url: '/api/bookings/manage/cancel', remoteAddress: '10.70.0.2', payload: { token } });
  expect(cancelled.statusCode).toBe(200);
  const kinds = (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, '+33612345678'))).map((row) => row.kind);
  expect(kinds).toEqual(['booking_confirmed', 'booking_changed', 'booking_cancelled']);
});
