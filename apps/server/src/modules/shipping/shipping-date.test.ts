import { describe, expect, it } from 'vitest';
import { colissimoDate, parisClock, shippingDateFor } from './shipping-date.js';

/** The Colissimo date of an order placed at this instant. */
const shipsOn = (iso: string) => colissimoDate(shippingDateFor(new Date(iso)));

// June 2025: Monday 2 … Sunday 8 (Paris is UTC+2 in summer, UTC+1 in winter).
describe('shipping date (spec 2 §1: before 14h the same day, Tuesday to Saturday)', () => {
  it('a Monday order leaves on Tuesday', () => {
    expect(shipsOn('2025-06-02T08:00:00+02:00')).toBe('03/06/2025');
    expect(shipsOn('2025-06-02T18:00:00+02:00')).toBe('03/06/2025');
  });

  it('a Tuesday order before 14h leaves that day, from 14h the next day', () => {
    expect(shipsOn('2025-06-03T09:30:00+02:00')).toBe('03/06/2025');
    expect(shipsOn('2025-06-03T13:59:59+02:00')).toBe('03/06/2025');
    expect(shipsOn('2025-06-03T14:00:00+02:00')).toBe('04/06/2025');
  });

  it('Saturday 13:59 leaves that day; Saturday 14:00 waits for Tuesday', () => {
    expect(shipsOn('2025-06-07T13:59:00+02:00')).toBe('07/06/2025');
    expect(shipsOn('2025-06-07T14:00:00+02:00')).toBe('10/06/2025');
  });

  it('a Sunday order leaves on Tuesday', () => {
    expect(shipsOn('2025-06-08T00:30:00+02:00')).toBe('10/06/2025');
    expect(shipsOn('2025-06-08T23:59:00+02:00')).toBe('10/06/2025');
  });

  it('reads the hour in Paris, whatever the instant is written in', () => {
    // Friday 23:30 UTC is already Saturday 01:30 in Paris: shipped on Saturday.
    expect(shipsOn('2025-06-06T23:30:00Z')).toBe('07/06/2025');
    // Tuesday 12:30 UTC is 14:30 in Paris (summer): Wednesday; in winter 13:30: the same day.
    expect(shipsOn('2025-06-03T12:30:00Z')).toBe('04/06/2025');
    expect(shipsOn('2025-01-07T12:30:00Z')).toBe('07/01/2025');
    expect(parisClock(new Date('2025-01-07T12:30:00Z'))).toEqual({ year: 2025, month: 1, day: 7, hour: 13, minute: 30 });
  });

  it('crosses a daylight-saving change, a month and a year', () => {
    expect(shipsOn('2025-03-29T15:00:00+01:00')).toBe('01/04/2025');
    expect(shipsOn('2025-10-25T16:00:00+02:00')).toBe('28/10/2025');
    expect(shipsOn('2025-12-27T15:00:00+01:00')).toBe('30/12/2025');
    expect(shipsOn('2025-12-31T15:00:00+01:00')).toBe('01/01/2026');
  });

  it('writes DD/MM/YYYY', () => {
    expect(colissimoDate({ year: 2026, month: 2, day: 3 })).toBe('03/02/2026');
  });
});
