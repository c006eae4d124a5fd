/**
 * The day a parcel leaves the shop (spec 2 §1): orders placed before 14h on a shipping day ship
 * that day; the shop ships on its opening days, Tuesday to Saturday; otherwise the parcel leaves
 * on the next shipping day. Read in the shop's time (Europe/Paris), whatever the server's zone.
 * Colissimo's relay search takes this date (a point closed on holiday that day is left out).
 */

export const SHIPPING_CUTOFF_HOUR = 14;
/** 0 = Sunday … 6 = Saturday: Tuesday to Saturday. */
export const SHIPPING_WEEKDAYS: readonly number[] = [2, 3, 4, 5, 6];

export type CalendarDate = { year: number; month: number; day: number };

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The calendar date and hour in Paris at `instant`. */
export function parisClock(instant: Date): CalendarDate & { hour: number; minute: number } {
  const parts = Object.fromEntries(parisParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** The shipping day of an order placed at `now`. */
export function shippingDateFor(now: Date): CalendarDate {
  const clock = parisClock(now);
  // Calendar arithmetic on a UTC midnight: no daylight-saving surprise when adding days.
  const cursor = new Date(Date.UTC(clock.year, clock.month - 1, clock.day));
  const shipsToday = SHIPPING_WEEKDAYS.includes(cursor.getUTCDay()) && clock.hour < SHIPPING_CUTOFF_HOUR;
  if (!shipsToday) {
    do cursor.setUTCDate(cursor.getUTCDate() + 1);
    while (!SHIPPING_WEEKDAYS.includes(cursor.getUTCDay()));
  }
  return { year: cursor.getUTCFullYear(), month: cursor.getUTCMonth() + 1, day: cursor.getUTCDate() };
}

/** DD/MM/YYYY, the format Colissimo requires ("Format strict JJ/MM/AAAA"). */
export function colissimoDate(date: CalendarDate): string {
  return `${String(date.day).padStart(2, '0')}/${String(date.month).padStart(2, '0')}/${String(date.year).padStart(4, '0')}`;
}
