import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookingMessages, parisInstant } from '@erepare/shared/booking';
import type { BookingSlotsResponse, ClosureConflictResponse, ClosureCreatedResponse, CreateBookingResponse, ManagedBookingResponse } from '@erepare/shared/schemas/bookings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookingClosures, bookingSlots, bookings, mailOutbox, smsOutbox } from '../../db/schema.js';
import { adminTestBed, type AdminTestBed } from '../../test/admin.js';
import { linksIn, listOutbox } from '../mail/outbox.js';
import { bookingClock } from './service.js';

/**
 * A closure on a day that has bookings (issue 24 §3), through app.inject(), with SMS configured
 * (the provider unreachable: texts stay queued). Clock: Tuesday 1 December 2026, 9h00 in Paris.
 */
const NOW = new Date('2026-12-01T08:00:00Z');
const realClock = bookingClock.now;

let bed: AdminTestBed;
let counter = 0;
const nextIp = () => `10.9.${Math.floor((counter += 1) / 250)}.${(counter % 250) + 1}`;

beforeAll(async () => {
  bed = await adminTestBed({ SMS_PROVIDER: 'brevo', BREVO_API_KEY: 'xkeysib-test-0123456789abcdef', BREVO_BASE_URL: 'http://127.0.0.1:9' });
});

beforeEach(() => {
  bookingClock.now = () => NOW;
});

afterAll(async () => {
  bookingClock.now = realClock;
  await bed.t.close();
});

const db = () => bed.t.database.db;
const at = (day: string, time: string) => parisInstant(day, time);

type Booked = { reference: string; email: string; start: Date; token: string };

async function book(day: string, time: string, { name = 'Zoé Martin', smsConsent = false } = {}): Promise<Booked> {
  counter += 1;
  const email = `fermeture-${counter}@exemple.fr`;
  const start = at(day, time);
  const response = await bed.t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: nextIp(),
    payload: { slotStart: start.toISOString(), name, email, phone: '06 12 34 56 78', smsConsent, note: '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const mail = (await listOutbox(db(), { to: email, kind: 'booking_confirmed' })).at(-1);
  const link = linksIn(mail?.text ?? '').find((url) => url.includes('/rendez-vous/gerer')) ?? 'http://x';
  return { reference: response.json<CreateBookingResponse>().data.reference, email, start, token: new URL(link).searchParams.get('token') ?? '' };
}

const close = (day: string, extra: Record<string, unknown> = {}) => bed.call('POST', '/api/admin/bookings/closures', { day, reason: 'Inventaire', ...extra });

/** What a closure may change, to compare before and after a refusal. */
async function state(day: string, references: string[]) {
  const [closures, rows, counters, mails, texts, audits] = await Promise.all([
    db().select().from(bookingClosures).where(eq(bookingClosures.day, day)),
    db().select({ reference: bookings.reference, status: bookings.status, cancelledBy: bookings.cancelledBy }).from(bookings).where(inArray(bookings.reference, references)),
    db().select({ slotStart: bookingSlots.slotStart, booked: bookingSlots.booked }).from(bookingSlots).where(sql`${bookingSlots.slotStart} >= ${at(day, '00:00').toISOString()}::timestamptz and ${bookingSlots.slotStart} < ${at(day, '23:59').toISOString()}::timestamptz`),
    db().select({ count: sql<number>`count(*)::int` }).from(mailOutbox),
    db().select({ count: sql<number>`count(*)::int` }).from(smsOutbox),
    db().select({ count: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  const sort = <T extends { reference?: string; slotStart?: Date }>(list: T[]) => [...list].sort((a, b) => String(a.reference ?? a.slotStart?.toISOString()).localeCompare(String(b.reference ?? b.slotStart?.toISOString())));
  return { closures, rows: sort(rows), counters: sort(counters), mails: mails[0]?.count, texts: texts[0]?.count, audits: audits[0]?.count };
}

describe('POST /api/admin/bookings/closures on a day with bookings', () => {
  it('answers 409 with the French message and the upcoming confirmed bookings (reference, time, name), and changes nothing', async () => {
    const day = '2026-12-16';
    const early = await book(day, '10:00', { name: 'Zoé Martin' });
    const late = await book(day, '14:30', { name: 'Léo Dupont' });
    const gone = await book(day, '11:00', { name: 'Déjà Annulé' });
    expect((await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/cancel', remoteAddress: nextIp(), payload: { token: gone.token } })).statusCode).toBe(200);
    const other = await book('2026-12-17', '10:00');
    const before = await state(day, [early.reference, late.reference, gone.reference, other.reference]);

    const response = await close(day);
    expect(response.statusCode).toBe(409);
    const body = response.json<ClosureConflictResponse>();
    expect(body).toMatchObject({ success: false, statusCode: 409, code: 'CLOSURE_HAS_BOOKINGS', message: bookingMessages.closureHasBookings(2) });
    expect(body.message).toBe('2 rendez-vous sont déjà pris ce jour-là. Confirmez la fermeture pour les annuler\u00a0: les clients seront prévenus.');
    expect(body.bookings).toEqual([
      { reference: early.reference, slotStart: at(day, '10:00').toISOString(), name: 'Zoé Martin' },
      { reference: late.reference, slotStart: at(day, '14:30').toISOString(), name: 'Léo Dupont' },
    ]);
    // `cancelBookings: false` says the same.
    expect((await close(day, { cancelBookings: false })).statusCode).toBe(409);
    expect(await state(day, [early.reference, late.reference, gone.reference, other.reference])).toEqual(before);
    const calendar = (await bed.t.app.inject({ method: 'GET', url: `/api/bookings/slots?from=${day}&days=1` })).json<BookingSlotsResponse>().data.days[0];
    expect(calendar?.closed).toBeNull();
  });

  it('with cancelBookings: closes the day, cancels its bookings (by staff, places freed), mails and texts each customer, audits', async () => {
    const day = '2026-12-18';
    const texted = await book(day, '10:00', { name: 'Zoé Martin', smsConsent: true });
    const mailed = await book(day, '10:00', { name: 'Léo Dupont' });
    const other = await book('2026-12-19', '10:00');

    const response = await close(day, { cancelBookings: true });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ClosureCreatedResponse>();
    expect(body.message).toBe('Fermeture enregistrée\u00a0: 2 rendez-vous annulés, les clients sont prévenus.');
    expect(body.data.cancelled.map((booking) => booking.reference).sort()).toEqual([texted.reference, mailed.reference].sort());

    const rows = await db().select().from(bookings).where(inArray(bookings.reference, [texted.reference, mailed.reference, other.reference]));
    expect(Object.fromEntries(rows.map((row) => [row.reference, [row.status, row.cancelledBy]]))).toEqual({
      [texted.reference]: ['cancelled', 'staff'],
      [mailed.reference]: ['cancelled', 'staff'],
      [other.reference]: ['confirmed', null],
    });
    const [counter] = await db().select().from(bookingSlots).where(eq(bookingSlots.slotStart, at(day, '10:00')));
    expect(counter?.booked).toBe(0);

    for (const booked of [texted, mailed]) {
      const [mail] = await listOutbox(db(), { to: booked.email, kind: 'booking_cancelled' });
      expect(mail?.subject).toBe(`Fermeture exceptionnelle\u00a0: votre rendez-vous ${booked.reference} est annulé – E.repare`);
      expect(mail?.text).toContain('sera exceptionnellement fermé le vendredi 18 décembre 2026 (Inventaire)');
      expect(mail?.text).toContain('vendredi 18 décembre 2026 à 10h00');
      expect(mail?.text).toContain('Toutes nos excuses');
      expect(linksIn(mail?.text ?? '').map((link) => new URL(link).pathname)).toContain('/rendez-vous');
      expect(mail?.html).toContain('Prendre un nouveau rendez-vous');
      expect(Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? '', 'base64').toString('utf8')).toContain('METHOD:CANCEL');
      // The manage link now shows the booking cancelled.
      const view = await bed.t.app.inject({ method: 'GET', url: `/api/bookings/manage?token=${booked.token}`, remoteAddress: nextIp() });
      expect(view.json<ManagedBookingResponse>().data).toMatchObject({ status: 'cancelled', canChange: false });
    }
    const shop = (await listOutbox(db(), { kind: 'booking_shop' })).filter((mail) => mail.subject.includes(texted.reference) || mail.subject.includes(mailed.reference));
    expect(shop.map((mail) => mail.subject).filter((subject) => subject.includes('annulé (par l’atelier)'))).toHaveLength(2);

    // The SMS only to the customer who agreed.
    const sms = await db().select().from(smsOutbox).where(eq(smsOutbox.kind, 'booking_cancelled'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain(`fermeture exceptionnelle le vendredi 18 décembre, votre rendez-vous ${texted.reference}`);
    expect(sms[0]?.body).toContain('/rendez-vous');

    const calendar = (await bed.t.app.inject({ method: 'GET', url: `/api/bookings/slots?from=${day}&days=1` })).json<BookingSlotsResponse>().data.days[0];
    expect(calendar).toMatchObject({ closed: 'Fermé (Inventaire)', slots: [] });
    const audits = await db().select().from(auditLog).where(inArray(auditLog.action, ['booking.closure.add', 'booking.cancel']));
    expect(audits.filter((row) => row.action === 'booking.cancel' && [texted, mailed].some((booked) => JSON.stringify(row.after).includes(booked.reference)))).toHaveLength(2);
    expect(audits.find((row) => row.action === 'booking.closure.add' && JSON.stringify(row.after).includes(day))?.after).toMatchObject({ day, reason: 'Inventaire' });

    // Closing it again: already closed.
    const again = await close(day, { cancelBookings: true });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('Ce jour est déjà fermé.');
  });

  it('a day without bookings closes at once; a closure with no reason says so in the mail without brackets', async () => {
    const empty = await close('2026-12-22');
    expect(empty.statusCode).toBe(200);
    expect(empty.json<ClosureCreatedResponse>()).toMatchObject({ message: bookingMessages.closureSaved, data: { cancelled: [] } });

    const booked = await book('2026-12-23', '15:00');
    const response = await bed.call('POST', '/api/admin/bookings/closures', { day: '2026-12-23', cancelBookings: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<ClosureCreatedResponse>().message).toBe('Fermeture enregistrée\u00a0: 1 rendez-vous annulé, le client est prévenu.');
    const [mail] = await listOutbox(db(), { to: booked.email, kind: 'booking_cancelled' });
    expect(mail?.text).toContain('sera exceptionnellement fermé le mercredi 23 décembre 2026. Nous avons donc dû annuler');
  });

  it('leaves the bookings of today that have already started as they are', async () => {
    const day = '2026-12-01';
    const started = await book(day, '10:00');
    const coming = await book(day, '15:00');
    bookingClock.now = () => at(day, '11:00');
    const refused = await close(day);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ClosureConflictResponse>().bookings.map((booking) => booking.reference)).toEqual([coming.reference]);
    expect((await close(day, { cancelBookings: true })).statusCode).toBe(200);
    const rows = await db().select({ reference: bookings.reference, status: bookings.status }).from(bookings).where(inArray(bookings.reference, [started.reference, coming.reference]));
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.status]))).toEqual({ [started.reference]: 'confirmed', [coming.reference]: 'cancelled' });
    expect(await listOutbox(db(), { to: started.email, kind: 'booking_cancelled' })).toHaveLength(0);
  });

  it('is one transaction: a failure while telling the second customer leaves no closure, no cancellation, no mail, no SMS', async () => {
    const day = '2026-12-24';
    const first = await book(day, '10:00', { smsConsent: true });
    const second = await book(day, '10:30', { smsConsent: true });
    const before = await state(day, [first.reference, second.reference]);
    // A real failure in the middle: the database refuses the second customer's mail.
    await db().execute(
      sql.raw(`create function refuse_test_mail() returns trigger language plpgsql as $$
        begin
          if new.to_address = '${second.email}' then raise exception 'boîte refusée (test)'; end if;
          return new;
        end $$`),
    );
    await db().execute(sql.raw('create trigger refuse_test_mail before insert on mail_outbox for each row execute function refuse_test_mail()'));
    try {
      const response = await close(day, { cancelBookings: true });
      expect(response.statusCode).toBe(500);
      expect(response.json<{ message: string }>().message).not.toContain('boîte refusée');
    } finally {
      await db().execute(sql.raw('drop trigger refuse_test_mail on mail_outbox'));
      await db().execute(sql.raw('drop function refuse_test_mail()'));
    }
    expect(await state(day, [first.reference, second.reference])).toEqual(before);
    expect(await listOutbox(db(), { to: first.email, kind: 'booking_cancelled' })).toHaveLength(0);
    // Once the mailbox accepts again, the same request does it all.
    expect((await close(day, { cancelBookings: true })).statusCode).toBe(200);
    const rows = await db().select().from(bookings).where(and(inArray(bookings.reference, [first.reference, second.reference]), eq(bookings.status, 'cancelled')));
    expect(rows).toHaveLength(2);
  });

  it('confirmed on the list staff saw: a booking taken since sends the list back (409, nothing saved); confirmed again, it closes', async () => {
    const day = '2026-12-10';
    const seen = await book(day, '10:00', { name: 'Zoé Martin' });
    const first = await close(day);
    expect(first.json<ClosureConflictResponse>().bookings.map((booking) => booking.reference)).toEqual([seen.reference]);
    // While staff read the dialog, a customer books the same day.
    const late = await book(day, '15:00', { name: 'Inès Petit' });
    const before = await state(day, [seen.reference, late.reference]);

    const refused = await close(day, { cancelBookings: true, expectedBookings: [seen.reference] });
    expect(refused.statusCode).toBe(409);
    const body = refused.json<ClosureConflictResponse>();
    expect(body).toMatchObject({ code: 'CLOSURE_HAS_BOOKINGS', message: bookingMessages.closureHasNewBookings(2) });
    expect(body.message).toBe('Un rendez-vous a été pris entre-temps\u00a0: rien n’a été fermé. Vérifiez la liste (2 rendez-vous) et confirmez à nouveau.');
    expect(body.bookings.map((booking) => booking.reference)).toEqual([seen.reference, late.reference]);
    expect(await state(day, [seen.reference, late.reference])).toEqual(before);

    // A listed booking cancelled meanwhile by its customer does not stop the closure.
    expect((await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/cancel', remoteAddress: nextIp(), payload: { token: seen.token } })).statusCode).toBe(200);
    const closed = await close(day, { cancelBookings: true, expectedBookings: [seen.reference, late.reference] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<ClosureCreatedResponse>().data.cancelled.map((booking) => booking.reference)).toEqual([late.reference]);
    const rows = await db().select({ reference: bookings.reference, cancelledBy: bookings.cancelledBy }).from(bookings).where(inArray(bookings.reference, [seen.reference, late.reference]));
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.cancelledBy]))).toEqual({ [seen.reference]: 'customer', [late.reference]: 'staff' });
  });

  it('refuses bad input with a French 400', async () => {
    for (const payload of [{ day: '2026-12-30', cancelBookings: 'oui' }, { day: '2026-12-30', cancelBookings: 1 }, { day: '2026-02-30' }, { day: '2026-12-30', cancelBookings: true, expectedBookings: 'RDV-1' }, { day: '2026-12-30', cancelBookings: true, expectedBookings: [42] }]) {
      const response = await bed.call('POST', '/api/admin/bookings/closures', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/invalide/);
    }
    expect((await db().select().from(bookingClosures).where(eq(bookingClosures.day, '2026-12-30')))).toHaveLength(0);
  });
});

describe('a closure racing bookings of its day', () => {
  it('no booking stays confirmed on the closed day: each one is either refused or cancelled and told', async () => {
    const day = '2026-12-26';
    const attempts = Array.from({ length: 12 }, (_, index) => ({ email: `course-${index}@exemple.fr`, start: at(day, ['10:00', '10:30', '11:00', '11:30', '15:00', '15:30'][index % 6] ?? '10:00') }));
    const [closure, ...answers] = await Promise.all([
      close(day, { cancelBookings: true }),
      ...attempts.map((attempt) =>
        bed.t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          remoteAddress: nextIp(),
          payload: { slotStart: attempt.start.toISOString(), name: 'Course', email: attempt.email, phone: '06 12 34 56 78', smsConsent: false, note: '' },
        }),
      ),
    ]);
    expect(closure?.statusCode, closure?.body).toBe(200);
    for (const answer of answers) expect([200, 400]).toContain(answer.statusCode);
    const rows = await db().select().from(bookings).where(inArray(bookings.email, attempts.map((attempt) => attempt.email)));
    expect(rows.filter((row) => row.status === 'confirmed')).toEqual([]);
    expect(rows).toHaveLength(answers.filter((answer) => answer.statusCode === 200).length);
    const cancelled = closure?.json<ClosureCreatedResponse>().data.cancelled.map((booking) => booking.reference).sort();
    expect(cancelled).toEqual(rows.map((row) => row.reference).sort());
    for (const row of rows) expect(await listOutbox(db(), { to: row.email, kind: 'booking_cancelled' })).toHaveLength(1);
    const counters = await db().select().from(bookingSlots).where(inArray(bookingSlots.slotStart, attempts.map((attempt) => attempt.start)));
    expect(counters.every((counter) => counter.booked === 0)).toBe(true);
  });
});

describe('a closed day takes no booking', () => {
  it('refuses to book or to move a booking into it (400, French)', async () => {
    const booked = await book('2026-12-29', '10:00');
    expect((await close('2026-12-30')).statusCode).toBe(200);
    const response = await bed.t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: nextIp(),
      payload: { slotStart: at('2026-12-30', '10:00').toISOString(), name: 'Zoé', email: 'ferme@exemple.fr', phone: '06 12 34 56 78', smsConsent: false, note: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(bookingMessages.slotUnavailable);
    const move = await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/reschedule', remoteAddress: nextIp(), payload: { token: booked.token, slotStart: at('2026-12-30', '10:30').toISOString() } });
    expect(move.statusCode).toBe(400);
    expect(move.json<{ message: string }>().message).toBe(bookingMessages.slotUnavailable);
  });
});
