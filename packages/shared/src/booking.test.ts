import { describe, expect, it } from 'vitest';
import {
  BOOKING_MIN_LEAD_MINUTES,
  addDays,
  bookableSlots,
  bookingReference,
  calendarDays,
  canChangeBooking,
  changeDeadline,
  dayClosure,
  defaultBookingSettings,
  easterSunday,
  findBookableSlot,
  formatBookingDay,
  formatBookingSlot,
  formatBookingTime,
  frenchHolidays,
  holidayOn,
  isIsoDay,
  isoWeekday,
  openingSlots,
  parisDay,
  parisInstant,
  parisTime,
  weekStart,
  weeklyProblem,
  type CalendarContext,
} from './booking.js';
import { bookingIcs, escapeIcsText, foldIcsLine } from './booking-ics.js';

const context = (now: string, closures: Record<string, string> = {}): CalendarContext => ({
  settings: defaultBookingSettings,
  closures,
  now: new Date(now),
});

describe('default booking settings', () => {
  it('follow the shop’s hours: Tuesday to Saturday 9h30–13h30 and 14h30–18h00, 30-minute slots of 2, cut-off 2 h, 30 days ahead', () => {
    expect(defaultBookingSettings).toMatchObject({ slotMinutes: 30, capacity: 2, cutoffHours: 2, horizonDays: 30 });
    expect(new Set(defaultBookingSettings.weekly.map((period) => period.weekday))).toEqual(new Set([2, 3, 4, 5, 6]));
    expect(defaultBookingSettings.weekly.filter((period) => period.weekday === 2)).toEqual([
      { weekday: 2, from: '09:30', to: '13:30' },
      { weekday: 2, from: '14:30', to: '18:00' },
    ]);
    expect(weeklyProblem(defaultBookingSettings.weekly)).toBeNull();
  });

  it('cut a Tuesday into 8 morning and 7 afternoon slots, from 9h30 to 17h30', () => {
    const slots = openingSlots('2026-12-01', defaultBookingSettings);
    expect(slots).toHaveLength(15);
    expect(formatBookingTime(slots[0]!.start)).toBe('9h30');
    expect(formatBookingTime(slots[7]!.start)).toBe('13h00');
    expect(formatBookingTime(slots[7]!.end)).toBe('13h30');
    expect(formatBookingTime(slots[8]!.start)).toBe('14h30');
    expect(formatBookingTime(slots[14]!.start)).toBe('17h30');
    expect(formatBookingTime(slots[14]!.end)).toBe('18h00');
    expect(openingSlots('2026-11-30', defaultBookingSettings)).toEqual([]); // Monday
    expect(openingSlots('2026-11-29', defaultBookingSettings)).toEqual([]); // Sunday
  });
});

describe('French public holidays', () => {
  it('computes Easter Sunday for known years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists the eleven holidays of 2026 with Easter Monday, Ascension and Whit Monday', () => {
    expect(frenchHolidays(2026)).toEqual([
      { day: '2026-01-01', name: 'Jour de l’An' },
      { day: '2026-04-06', name: 'Lundi de Pâques' },
      { day: '2026-05-01', name: 'Fête du Travail' },
      { day: '2026-05-08', name: 'Victoire 1945' },
      { day: '2026-05-14', name: 'Ascension' },
      { day: '2026-05-25', name: 'Lundi de Pentecôte' },
      { day: '2026-07-14', name: 'Fête nationale' },
      { day: '2026-08-15', name: 'Assomption' },
      { day: '2026-11-01', name: 'Toussaint' },
      { day: '2026-11-11', name: 'Armistice 1918' },
      { day: '2026-12-25', name: 'Noël' },
    ]);
    expect(holidayOn('2027-05-06')).toBe('Ascension');
    expect(holidayOn('2027-05-17')).toBe('Lundi de Pentecôte');
    expect(holidayOn('2027-05-18')).toBeNull();
  });

  it('closes a holiday that falls on an opening day (Ascension is a Thursday)', () => {
    const now = '2027-05-01T08:00:00Z';
    expect(isoWeekday('2027-05-06')).toBe(4);
    expect(dayClosure('2027-05-06', context(now))).toEqual({ kind: 'holiday', label: 'Fermé (Ascension)' });
    expect(bookableSlots('2027-05-06', context(now))).toEqual([]);
    expect(bookableSlots('2027-05-07', context(now))).toHaveLength(15);
  });
});

describe('Paris local time', () => {
  it('is UTC+1 in winter and UTC+2 in summer', () => {
    expect(parisInstant('2026-12-01', '09:30').toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(parisInstant('2026-07-01', '09:30').toISOString()).toBe('2026-07-01T07:30:00.000Z');
  });

  it('changes on the last Sunday of March: 02:00 → 03:00, a missing time moves forward', () => {
    expect(parisInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(parisInstant('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(parisInstant('2026-03-29', '09:30').toISOString()).toBe('2026-03-29T07:30:00.000Z');
    expect(parisInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parisTime(parisInstant('2026-03-29', '02:30'))).toBe('03:30');
    expect(parisInstant('2026-03-28', '09:30').toISOString()).toBe('2026-03-28T08:30:00.000Z');
  });

  it('changes on the last Sunday of October: 03:00 → 02:00, an ambiguous time is its first occurrence', () => {
    expect(parisInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(parisInstant('2026-10-25', '03:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(parisInstant('2026-10-25', '09:30').toISOString()).toBe('2026-10-25T08:30:00.000Z');
    expect(parisInstant('2026-10-24', '09:30').toISOString()).toBe('2026-10-24T07:30:00.000Z');
  });

  it('cuts slots of the right UTC instants on the Saturdays and the Sunday around each change', () => {
    const sundaySettings = { ...defaultBookingSettings, weekly: [{ weekday: 7, from: '01:00', to: '04:00' }] };
    // March: 01:00, 01:30, [02:00, 02:30 do not exist → 03:00, 03:30], 03:00, 03:30 — one hour shorter.
    const march = openingSlots('2026-03-29', { ...sundaySettings, slotMinutes: 60 });
    expect(march.map((slot) => slot.start.toISOString())).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T01:00:00.000Z']);
    const october = openingSlots('2026-10-25', { ...sundaySettings, slotMinutes: 60 });
    expect(october.map((slot) => slot.start.toISOString())).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T02:00:00.000Z']);
    const saturdayBefore = openingSlots('2026-10-24', defaultBookingSettings);
    const saturdayAfter = openingSlots('2026-10-31', defaultBookingSettings);
    expect(saturdayBefore[0]!.start.toISOString()).toBe('2026-10-24T07:30:00.000Z');
    expect(saturdayAfter[0]!.start.toISOString()).toBe('2026-10-31T08:30:00.000Z');
  });

  it('reads the Paris day of an instant across midnight', () => {
    expect(parisDay(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-02');
    expect(parisDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(parisDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});

describe('the slots one may book', () => {
  it('leave out past slots and those starting within the minimum lead', () => {
    expect(BOOKING_MIN_LEAD_MINUTES).toBe(60);
    // Tuesday 1 December 2026, 10:05 in Paris: 9h30, 10h00 are past, 10h30 and 11h00 within an hour.
    const slots = bookableSlots('2026-12-01', context('2026-12-01T09:05:00Z'));
    expect(formatBookingTime(slots[0]!.start)).toBe('11h30');
    expect(slots).toHaveLength(11);
    // Exactly one hour ahead is allowed.
    expect(formatBookingTime(bookableSlots('2026-12-01', context('2026-12-01T09:30:00Z'))[0]!.start)).toBe('11h30');
  });

  it('leave out past days, days beyond the horizon, closures with their reason, and weekly closed days', () => {
    const now = '2026-12-01T09:00:00Z';
    expect(dayClosure('2026-11-28', context(now))).toEqual({ kind: 'past', label: 'Jour passé' });
    expect(dayClosure('2026-12-31', context(now))).toBeNull(); // today + 30
    expect(dayClosure('2027-01-01', context(now))?.kind).toBe('horizon');
    expect(dayClosure('2026-12-05', context(now, { '2026-12-05': 'inventaire' }))).toEqual({ kind: 'closure', label: 'Fermé (inventaire)' });
    expect(dayClosure('2026-12-05', context(now, { '2026-12-05': '' }))).toEqual({ kind: 'closure', label: 'Fermé' });
    expect(dayClosure('2026-12-07', context(now))).toEqual({ kind: 'weekly', label: 'Fermé' });
    expect(dayClosure('2026-12-25', context(now))).toEqual({ kind: 'holiday', label: 'Fermé (Noël)' });
    const closures = new Map([['2026-12-05', 'inventaire']]);
    expect(bookableSlots('2026-12-05', { ...context(now), closures })).toEqual([]);
  });

  it('find a posted slot only when it is one of the offered starts', () => {
    const ctx = context('2026-12-01T09:00:00Z');
    expect(findBookableSlot(new Date('2026-12-02T08:30:00Z'), ctx)?.end.toISOString()).toBe('2026-12-02T09:00:00.000Z');
    expect(findBookableSlot(new Date('2026-12-02T08:40:00Z'), ctx)).toBeNull(); // not on the grid
    expect(findBookableSlot(new Date('2026-12-02T12:30:00Z'), ctx)).toBeNull(); // lunch break (13h30)
    expect(findBookableSlot(new Date('2026-12-07T08:30:00Z'), ctx)).toBeNull(); // Monday
    expect(findBookableSlot(new Date('2026-12-01T08:30:00Z'), ctx)).toBeNull(); // past
    expect(findBookableSlot(new Date('invalid'), ctx)).toBeNull();
  });

  it('list a range of days with what is closed', () => {
    const days = calendarDays('2026-11-30', 7, context('2026-11-29T09:00:00Z'));
    expect(days.map((entry) => entry.day)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(days.map((entry) => entry.slots.length)).toEqual([0, 15, 15, 15, 15, 15, 0]);
    expect(days[0]!.closed?.kind).toBe('weekly');
  });
});

describe('changing a booking', () => {
  it('is allowed until the cut-off before the slot, not after', () => {
    const start = new Date('2026-12-02T13:00:00Z');
    expect(changeDeadline(start, 2).toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(canChangeBooking(start, new Date('2026-12-02T10:59:59Z'), 2)).toBe(true);
    expect(canChangeBooking(start, new Date('2026-12-02T11:00:00Z'), 2)).toBe(false);
    expect(canChangeBooking(start, new Date('2026-12-02T12:59:00Z'), 0)).toBe(true);
    expect(canChangeBooking(start, new Date('2026-12-02T13:00:00Z'), 0)).toBe(false);
  });
});

describe('words and small helpers', () => {
  it('write days, times and references the shop’s way', () => {
    expect(formatBookingDay('2026-12-01')).toBe('mardi 1er décembre');
    expect(formatBookingDay('2026-12-02', true)).toBe('mercredi 2 décembre 2026');
    expect(formatBookingSlot(new Date('2026-12-02T13:00:00Z'))).toBe('mercredi 2 décembre 2026 à 14h00');
    expect(bookingReference(2026, 42)).toBe('RDV-2026-000042');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('2026-02-28')).toBe(true);
  });

  it('refuse weekly periods that are malformed, reversed or overlapping', () => {
    expect(weeklyProblem([{ weekday: 8, from: '09:00', to: '10:00' }])).toBe('Jour de la semaine invalide');
    expect(weeklyProblem([{ weekday: 2, from: '9:00', to: '10:00' }])).toBe('Heure invalide (format HH:MM)');
    expect(weeklyProblem([{ weekday: 2, from: '10:00', to: '10:00' }])).toBe('Le mardi, la fin d’une plage doit suivre son début');
    expect(
      weeklyProblem([
        { weekday: 3, from: '14:00', to: '18:00' },
        { weekday: 3, from: '09:00', to: '14:30' },
      ]),
    ).toBe('Le mercredi, deux plages se chevauchent');
  });
});

describe('the booking’s calendar file', () => {
  const base = {
    uid: 'RDV-2026-000042@erepare.fr',
    sequence: 0,
    start: new Date('2026-12-02T13:00:00Z'),
    end: new Date('2026-12-02T13:30:00Z'),
    stamp: new Date('2026-11-29T10:00:00.123Z'),
    summary: 'Dépôt chez E.repare',
    description: 'Référence RDV-2026-000042; apportez votre appareil, son chargeur',
    location: '12 rue de la Gare, 33470 Gujan-Mestras',
    organizerEmail: 'contact@erepare.fr',
    organizerName: 'E.repare',
    attendeeEmail: 'zoe@exemple.fr',
  };

  it('is one VEVENT in UTC with CRLF lines, escaped text and METHOD:REQUEST', () => {
    const ics = bookingIcs({ ...base, method: 'REQUEST' });
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('UID:RDV-2026-000042@erepare.fr');
    expect(lines).toContain('DTSTART:20261202T130000Z');
    expect(lines).toContain('DTEND:20261202T133000Z');
    expect(lines).toContain('DTSTAMP:20261129T100000Z');
    expect(lines).toContain('LOCATION:12 rue de la Gare\\, 33470 Gujan-Mestras');
    expect(lines).toContain('DESCRIPTION:Référence RDV-2026-000042\\; apportez votre appareil\\, son chargeur');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('cancels with METHOD:CANCEL, STATUS:CANCELLED and a higher SEQUENCE', () => {
    const ics = bookingIcs({ ...base, method: 'CANCEL', sequence: 3 });
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('SEQUENCE:3\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
  });

  it('folds long lines at 75 octets without cutting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldIcsLine(line);
    for (const piece of folded.split('\r\n')) expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(escapeIcsText('a\\b\nc')).toBe('a\\\\b\\nc');
  });
});
