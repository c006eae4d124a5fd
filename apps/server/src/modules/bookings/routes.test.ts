import { and, eq, sql } from 'drizzle-orm';
import { bookingMessages, parisInstant } from '@erepare/shared/booking';
import type { BookingSlotsResponse, CreateBookingResponse, ManagedBookingResponse, SlotFullResponse } from '@erepare/shared/schemas/bookings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookingSlots, bookings, quoteRequests } from '../../db/schema.js';
import { adminTestBed, type AdminTestBed } from '../../test/admin.js';
import { issueCustomerLink } from '../links/customer-links.js';
import { linksIn, listOutbox } from '../mail/outbox.js';
import { bookingClock } from './service.js';

/**
 * The booking API through app.inject(), on PGlite and on PostgreSQL (same file, both projects).
 * The module's clock is fixed: Tuesday 1 December 2026, 9h00 in Paris (08:00 UTC).
 */
const NOW = new Date('2026-12-01T08:00:00Z');
const realClock = bookingClock.now;

let bed: AdminTestBed;
let counter = 0;
const nextIp = () => `10.7.${Math.floor((counter += 1) / 250)}.${(counter % 250) + 1}`;
const nextEmail = () => `rdv-${(counter += 1)}@exemple.fr`;

beforeAll(async () => {
  bed = await adminTestBed();
});

beforeEach(() => {
  bookingClock.now = () => NOW;
});

afterAll(async () => {
  bookingClock.now = realClock;
  await bed.t.close();
});

const db = () => bed.t.database.db;

function book(slotStart: Date, extra: Record<string, unknown> = {}, ip = nextIp()) {
  return bed.t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: ip,
    payload: { slotStart: slotStart.toISOString(), name: 'Zoé Martin', email: nextEmail(), phone: '06 12 34 56 78', smsConsent: false, note: 'iPhone 13, écran cassé', ...extra },
  });
}

/** The manage token mailed with the last customer mail to `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  const mails = (await listOutbox(db(), { to: email })).filter((mail) => mail.kind.startsWith('booking_'));
  const link = linksIn(mails.at(-1)?.text ?? '').find((url) => url.includes('/rendez-vous/gerer'));
  if (!link) throw new Error(`no manage link mailed to ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
}

const at = (day: string, time: string) => parisInstant(day, time);

describe('GET /api/bookings/slots', () => {
  it('lists a week of slots in Paris time, free or full, closed days with their reason, nothing too soon', async () => {
    const response = await bed.t.app.inject({ method: 'GET', url: '/api/bookings/slots?days=7' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    const { data } = response.json<BookingSlotsResponse>();
    expect(data.from).toBe('2026-12-01');
    expect(data.lastDay).toBe('2026-12-31');
    expect(data.days.map((day) => day.day)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07']);
    // Today from 10h00 (one hour ahead): 10h00 … 13h00 and 14h30 … 17h30.
    expect(data.days[0]?.slots[0]?.start).toBe(at('2026-12-01', '10:00').toISOString());
    expect(data.days[0]?.slots).toHaveLength(14);
    expect(data.days[5]?.closed).toBe('Fermé');
    expect(data.days[5]?.slots).toEqual([]);
    // Nothing but free or full: no count of places.
    expect(Object.keys(data.days[1]?.slots[0] ?? {}).sort()).toEqual(['available', 'end', 'start']);
  });

  it('refuses bad input with a French 400', async () => {
    for (const query of ['from=2026-02-30', 'days=0', 'days=15', 'days=abc', 'from=demain', 'from=0000-01-01']) {
      const response = await bed.t.app.inject({ method: 'GET', url: `/api/bookings/slots?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toMatch(/invalide/);
    }
  });
});

describe('POST /api/bookings', () => {
  it('books a slot: reference, calendar file, mails to the customer (with .ics and manage link) and to the shop', async () => {
    const email = nextEmail();
    const start = at('2026-12-02', '10:30');
    const response = await book(start, { email });
    expect(response.statusCode).toBe(200);
    const body = response.json<CreateBookingResponse>();
    expect(body.message).toBe('Votre rendez-vous est réservé.');
    expect(body.data.reference).toMatch(/^RDV-2026-\d{6}$/);
    expect(body.data.slotStart).toBe(start.toISOString());
    expect(body.data.ics).toContain('DTSTART:20261202T093000Z\r\n');
    expect(body.data).not.toHaveProperty('token');

    const [mail] = await listOutbox(db(), { to: email, kind: 'booking_confirmed' });
    expect(mail?.subject).toBe(`Votre rendez-vous de dépôt ${body.data.reference} – E.repare`);
    expect(mail?.text).toContain('mercredi 2 décembre 2026 à 10h30');
    expect(mail?.text).not.toContain('Zoé');
    const ics = Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? '', 'base64').toString('utf8');
    expect(mail?.attachments?.[0]).toMatchObject({ filename: `rendez-vous-${body.data.reference}.ics`, contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toContain(`UID:${body.data.reference}@`);
    expect(await tokenMailedTo(email)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const shop = (await listOutbox(db(), { kind: 'booking_shop' })).find((row) => row.subject.includes(body.data.reference));
    expect(shop?.replyTo).toBe(email);
    expect(shop?.text).toContain('iPhone 13, écran cassé');
    expect(shop?.text).toContain('06 12 34 56 78');

    const slots = await db().select().from(bookingSlots).where(eq(bookingSlots.slotStart, start));
    expect(slots[0]?.booked).toBe(1);
  });

  it('answers a full slot with 409, the French message and the next free slots', async () => {
    const start = at('2026-12-03', '10:00');
    expect((await book(start)).statusCode).toBe(200);
    expect((await book(start)).statusCode).toBe(200);
    const response = await book(start);
    expect(response.statusCode).toBe(409);
    const body = response.json<SlotFullResponse>();
    expect(body.message).toBe('Ce créneau vient d’être complet.');
    expect((body.nextSlots ?? []).map((slot) => slot.start)).toEqual([at('2026-12-03', '10:30'), at('2026-12-03', '11:00'), at('2026-12-03', '11:30')].map((date) => date.toISOString()));
    const free = await bed.t.app.inject({ method: 'GET', url: '/api/bookings/slots?from=2026-12-03&days=1' });
    expect(free.json<BookingSlotsResponse>().data.days[0]?.slots.find((slot) => slot.start === start.toISOString())?.available).toBe(false);
  });

  it('refuses slots off the grid, too soon, past, on closed days or beyond the horizon (400, French)', async () => {
    const refused = [at('2026-12-02', '10:40'), at('2026-12-01', '09:30'), at('2026-12-01', '08:30'), at('2026-12-07', '10:00'), at('2026-12-25', '10:00'), at('2027-01-05', '10:00'), at('2026-12-02', '13:30')];
    for (const start of refused) {
      const response = await book(start);
      expect(response.statusCode, start.toISOString()).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(bookingMessages.slotUnavailable);
    }
  });

  it('refuses a blocked slot with 409 and offers others', async () => {
    const start = at('2026-12-04', '15:00');
    await db().insert(bookingSlots).values({ slotStart: start, blockedReason: 'Formation' });
    const response = await book(start);
    expect(response.statusCode).toBe(409);
    expect(response.json<SlotFullResponse>().nextSlots?.[0]?.start).toBe(at('2026-12-04', '15:30').toISOString());
  });

  it('refuses bad input with French messages', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: '' }, /nom/],
      [{ email: 'pas-une-adresse' }, /adresse e-mail|e-mail/i],
      [{ phone: 'abc' }, /Numéro de téléphone invalide/],
      [{ note: 'x'.repeat(501) }, /500 caractères/],
      [{ slotStart: 'demain' }, /créneau/],
      [{ slotStart: '0000-01-04T09:00:00Z' }, /créneau/],
      [{ name: 'Zoé\r\nBcc: x@y.z' }, /ligne|caractère/i],
    ];
    for (const [extra, message] of cases) {
      const response = await book(at('2026-12-02', '11:00'), extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('links the quote request only when it was made with the same address', async () => {
    const email = nextEmail();
    const [quote] = await db()
      .insert(quoteRequests)
      .values({ reference: 'D-2026-009001', category: 'telephone', brand: 'Apple', model: 'iPhone 12', fault: 'ecran', faultLabel: 'Écran', name: 'Zoé', email, phone: '0612345678', dropOffDate: '2026-12-02', dropOffSlot: 'matin', consentAt: NOW })
      .returning();
    const linked = await book(at('2026-12-02', '11:30'), { email, quoteReference: 'D-2026-009001' });
    const other = await book(at('2026-12-02', '11:30'), { quoteReference: 'D-2026-009001' });
    expect(linked.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    const rows = await db().select().from(bookings).where(eq(bookings.slotStart, at('2026-12-02', '11:30')));
    expect(rows.map((row) => row.quoteRequestId).sort()).toEqual([quote?.id, null].sort());
  });

  it('links an estimate by its link, and refuses a link of another purpose', async () => {
    const { token } = await issueCustomerLink(db(), 'booking', 999_999, new Date('2027-01-01T00:00:00Z'));
    const response = await book(at('2026-12-02', '12:00'), { estimateToken: token });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(bookingMessages.estimateLinkInvalid);
  });

  it('limits bookings per client (429, French)', async () => {
    const ip = '10.8.0.1';
    for (let index = 0; index < 5; index += 1) expect((await book(at('2026-12-09', '10:00'), {}, ip)).statusCode).not.toBe(429);
    const response = await book(at('2026-12-09', '10:30'), {}, ip);
    expect(response.statusCode).toBe(429);
    expect(response.json<{ message: string }>().message).toBe(bookingMessages.rateLimited);
  });
});

describe('50 simultaneous bookings of a slot of capacity 3', () => {
  it('exactly 3 succeed; the 47 others get 409 with the French message and the next free slots', async () => {
    const start = at('2026-12-10', '10:00');
    await db().insert(bookingSlots).values({ slotStart: start, capacityOverride: 3 });
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => book(start, { email: `foule-${index}@exemple.fr` }, `10.50.0.${index + 1}`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      const body = response.json<SlotFullResponse>();
      expect(body.message).toBe('Ce créneau vient d’être complet.');
      expect(body.nextSlots?.[0]?.start).toBe(at('2026-12-10', '10:30').toISOString());
    }
    const [counter] = await db().select().from(bookingSlots).where(eq(bookingSlots.slotStart, start));
    expect(counter?.booked).toBe(3);
    const confirmed = await db().select().from(bookings).where(and(eq(bookings.slotStart, start), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(3);
  });
});

describe('the manage link', () => {
  async function booked(start: Date) {
    const email = nextEmail();
    const response = await book(start, { email });
    expect(response.statusCode).toBe(200);
    return { email, token: await tokenMailedTo(email), reference: response.json<CreateBookingResponse>().data.reference };
  }

  it('shows the booking, moves it (old place given back, new one taken, new .ics with a higher SEQUENCE), then cancels it', async () => {
    const from = at('2026-12-11', '10:00');
    const to = at('2026-12-11', '14:30');
    const { email, token, reference } = await booked(from);

    const view = await bed.t.app.inject({ method: 'GET', url: `/api/bookings/manage?token=${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('private, no-store');
    expect(view.json<ManagedBookingResponse>().data).toMatchObject({ reference, status: 'confirmed', canChange: true, cutoffHours: 2, slotStart: from.toISOString() });

    const moved = await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/reschedule', payload: { token, slotStart: to.toISOString() } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<ManagedBookingResponse>().message).toBe('Votre rendez-vous a été déplacé.');
    expect(moved.json<ManagedBookingResponse>().data.slotStart).toBe(to.toISOString());
    const counters = await db().select().from(bookingSlots).where(sql`${bookingSlots.slotStart} in (${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`);
    expect(Object.fromEntries(counters.map((row) => [row.slotStart.toISOString(), row.booked]))).toEqual({ [from.toISOString()]: 0, [to.toISOString()]: 1 });
    const [changed] = await listOutbox(db(), { to: email, kind: 'booking_changed' });
    const ics = Buffer.from(changed?.attachments?.[0]?.contentBase64 ?? '', 'base64').toString('utf8');
    expect(ics).toContain('DTSTART:20261211T133000Z');
    expect(Number(/SEQUENCE:(\d+)/.exec(ics)?.[1])).toBeGreaterThan(0);
    // The first link still works (it follows the booking), and so does the new one.
    const fresh = await tokenMailedTo(email);
    expect(fresh).not.toBe(token);

    const cancelled = await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/cancel', payload: { token: fresh } });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<ManagedBookingResponse>().data.status).toBe('cancelled');
    const [counter] = await db().select().from(bookingSlots).where(eq(bookingSlots.slotStart, to));
    expect(counter?.booked).toBe(0);
    const [cancelMail] = await listOutbox(db(), { to: email, kind: 'booking_cancelled' });
    expect(Buffer.from(cancelMail?.attachments?.[0]?.contentBase64 ?? '', 'base64').toString('utf8')).toContain('METHOD:CANCEL');
    // A second visit shows the outcome; a second cancel says it is done.
    const again = await bed.t.app.inject({ method: 'GET', url: `/api/bookings/manage?token=${token}` });
    expect(again.json<ManagedBookingResponse>().data).toMatchObject({ status: 'cancelled', canChange: false });
    const twice = await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/cancel', payload: { token } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(bookingMessages.alreadyCancelled);
  });

  it('refuses to move into a full slot (409 with next slots) and keeps the booking where it was', async () => {
    const full = at('2026-12-12', '10:00');
    await booked(full);
    await booked(full);
    const { token } = await booked(at('2026-12-12', '11:00'));
    const response = await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/reschedule', payload: { token, slotStart: full.toISOString() } });
    expect(response.statusCode).toBe(409);
    expect(response.json<SlotFullResponse>().nextSlots?.length).toBeGreaterThan(0);
    const view = await bed.t.app.inject({ method: 'GET', url: `/api/bookings/manage?token=${token}` });
    expect(view.json<ManagedBookingResponse>().data.slotStart).toBe(at('2026-12-12', '11:00').toISOString());
  });

  it('stops changes at the cut-off (2 h before), with the rule in French', async () => {
    const start = at('2026-12-02', '14:30');
    const { token } = await booked(start);
    bookingClock.now = () => new Date(start.getTime() - 2 * 60 * 60_000);
    const view = await bed.t.app.inject({ method: 'GET', url: `/api/bookings/manage?token=${token}` });
    expect(view.json<ManagedBookingResponse>().data.canChange).toBe(false);
    const cancel = await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/cancel', payload: { token } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json<{ message: string }>().message).toBe(bookingMessages.cutoffPassed(2));
    const move = await bed.t.app.inject({ method: 'POST', url: '/api/bookings/manage/reschedule', payload: { token, slotStart: at('2026-12-03', '15:00').toISOString() } });
    expect(move.statusCode).toBe(409);
    expect(move.json<{ message: string }>().message).toBe(bookingMessages.cutoffPassed(2));
    // Once the slot has started, the link has expired.
    bookingClock.now = () => new Date(start.getTime() + 1000);
    const expired = await bed.t.app.inject({ method: 'GET', url: `/api/bookings/manage?token=${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json<{ message: string }>().message).toBe(bookingMessages.linkExpired);
  });

  it('opens nothing with an unknown token or a link of another purpose (404, same answer)', async () => {
    const { token: estimateToken } = await issueCustomerLink(db(), 'estimate', 1, new Date('2027-01-01T00:00:00Z'));
    for (const token of ['x'.repeat(43), estimateToken, 'court']) {
      const response = await bed.t.app.inject({ method: 'GET', url: `/api/bookings/manage?token=${token}` });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(bookingMessages.linkInvalid);
    }
    const missing = await bed.t.app.inject({ method: 'GET', url: '/api/bookings/manage' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('/api/admin/bookings', () => {
  it('is for staff only: 401 without a session, 403 for a customer', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/bookings', undefined],
      ['GET', '/api/admin/bookings/settings', undefined],
      ['PUT', '/api/admin/bookings/slots', { slotStart: at('2026-12-02', '10:00').toISOString(), blockedReason: 'x' }],
      ['POST', '/api/admin/bookings/1/cancel', undefined],
      ['POST', '/api/admin/bookings/closures', { day: '2026-12-15', reason: 'x' }],
    ] as const) {
      expect((await bed.call(method, url, payload, 'none')).statusCode, url).toBe(401);
      expect((await bed.call(method, url, payload, 'customer')).statusCode, url).toBe(403);
    }
  });

  it('lists the day with its slots and bookings, cancels one (customer told, audited)', async () => {
    const email = nextEmail();
    const start = at('2026-12-15', '10:00');
    const created = (await book(start, { email })).json<CreateBookingResponse>();
    for (const query of ['from=0000-01-01', 'from=2026-13-01', 'days=15']) {
      const bad = await bed.call('GET', `/api/admin/bookings?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/invalide/);
    }
    const list = await bed.call('GET', '/api/admin/bookings?from=2026-12-15&days=1');
    expect(list.statusCode).toBe(200);
    const { data } = list.json<{ data: { days: Array<{ slots: Array<{ start: string; booked: number; capacity: number; bookings: Array<{ id: number; reference: string; phone: string; note: string }> }> }> } }>();
    const slot = data.days[0]?.slots.find((candidate) => candidate.start === start.toISOString());
    expect(slot).toMatchObject({ booked: 1, capacity: 2 });
    expect(slot?.bookings[0]).toMatchObject({ reference: created.data.reference, phone: '06 12 34 56 78', note: 'iPhone 13, écran cassé' });

    const id = slot?.bookings[0]?.id ?? 0;
    const cancel = await bed.call('POST', `/api/admin/bookings/${id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect((await listOutbox(db(), { to: email, kind: 'booking_cancelled' }))[0]?.text).toContain('Nous avons dû annuler');
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'booking.cancel'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect((await bed.call('POST', `/api/admin/bookings/${id}/cancel`)).statusCode).toBe(409);
    expect((await bed.call('POST', '/api/admin/bookings/999999/cancel')).statusCode).toBe(404);
  });

  it('blocks and unblocks a slot, sets its capacity; the public calendar follows', async () => {
    const start = at('2026-12-16', '11:00');
    const isFree = async () =>
      (await bed.t.app.inject({ method: 'GET', url: '/api/bookings/slots?from=2026-12-16&days=1' })).json<BookingSlotsResponse>().data.days[0]?.slots.find((slot) => slot.start === start.toISOString())?.available;
    expect((await bed.call('PUT', '/api/admin/bookings/slots', { slotStart: start.toISOString(), blockedReason: 'Livraison' })).statusCode).toBe(200);
    expect(await isFree()).toBe(false);
    expect((await bed.call('PUT', '/api/admin/bookings/slots', { slotStart: start.toISOString(), blockedReason: null })).statusCode).toBe(200);
    expect(await isFree()).toBe(true);
    expect((await bed.call('PUT', '/api/admin/bookings/slots', { slotStart: start.toISOString(), capacityOverride: 0 })).statusCode).toBe(200);
    expect(await isFree()).toBe(false);
    const off = await bed.call('PUT', '/api/admin/bookings/slots', { slotStart: at('2026-12-16', '13:30').toISOString(), blockedReason: 'x' });
    expect(off.statusCode).toBe(400);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'booking.slot'));
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('saves settings (validated, French), and closures with holidays listed', async () => {
    const settings = await bed.call('GET', '/api/admin/bookings/settings');
    expect(settings.json<{ data: { saved: boolean; settings: { capacity: number } } }>().data).toMatchObject({ saved: false, settings: { capacity: 2 } });
    const bad = await bed.call('PUT', '/api/admin/bookings/settings', { slotMinutes: 5, capacity: 2, cutoffHours: 2, horizonDays: 30, weekly: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/Durée d’un créneau/);
    const overlap = await bed.call('PUT', '/api/admin/bookings/settings', { slotMinutes: 30, capacity: 2, cutoffHours: 2, horizonDays: 30, weekly: [{ weekday: 2, from: '09:00', to: '12:00' }, { weekday: 2, from: '11:00', to: '13:00' }] });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<{ message: string }>().message).toMatch(/chevauchent/);

    const closure = await bed.call('POST', '/api/admin/bookings/closures', { day: '2026-12-17', reason: 'Inventaire' });
    expect(closure.statusCode).toBe(200);
    expect((await bed.call('POST', '/api/admin/bookings/closures', { day: '2026-12-17', reason: 'Inventaire' })).statusCode).toBe(409);
    const listed = await bed.call('GET', '/api/admin/bookings/closures?year=2026');
    const closures = listed.json<{ data: { closures: Array<{ id: number; day: string }>; holidays: Array<{ day: string }> } }>().data;
    expect(closures.closures.map((row) => row.day)).toContain('2026-12-17');
    expect(closures.holidays.map((row) => row.day)).toContain('2026-12-25');
    const day = (await bed.t.app.inject({ method: 'GET', url: '/api/bookings/slots?from=2026-12-17&days=1' })).json<BookingSlotsResponse>().data.days[0];
    expect(day).toMatchObject({ closed: 'Fermé (Inventaire)', slots: [] });
    const id = closures.closures.find((row) => row.day === '2026-12-17')?.id;
    expect((await bed.call('DELETE', `/api/admin/bookings/closures/${id}`)).statusCode).toBe(200);

    // Capacity 1 from now on.
    const saved = await bed.call('PUT', '/api/admin/bookings/settings', { slotMinutes: 30, capacity: 1, cutoffHours: 2, horizonDays: 30, weekly: [{ weekday: 2, from: '09:30', to: '12:00' }, { weekday: 3, from: '09:30', to: '12:00' }, { weekday: 4, from: '09:30', to: '12:00' }, { weekday: 5, from: '09:30', to: '12:00' }, { weekday: 6, from: '09:30', to: '12:00' }] });
    expect(saved.statusCode).toBe(200);
    const start = at('2026-12-18', '09:30');
    expect((await book(start)).statusCode).toBe(200);
    expect((await book(start)).statusCode).toBe(409);
    await db().execute(sql`delete from booking_settings`);
  });
});
