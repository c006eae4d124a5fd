import { describe, expect, it } from 'vitest';
import { OpeningTimeline } from './calendar.js';
import { ean13CheckDigit, imei, luhnCheckDigit, passesLuhn, serialNumber, storeEan13 } from './codes.js';
import { Random } from './random.js';

describe('Luhn check digit', () => {
  it('matches published IMEIs and card numbers', () => {
    // The IMEI of the GSMA's own example, and the classic Luhn test number.
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(passesLuhn('490154203237518')).toBe(true);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('490154203237517')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('35ab')).toBe(false);
  });

  it('gives generated IMEIs 15 digits and a valid check digit', () => {
    const random = new Random(42);
    for (let i = 0; i < 500; i += 1) {
      const value = imei(random);
      expect(value).toMatch(/^35\d{13}$/);
      expect(passesLuhn(value)).toBe(true);
    }
  });
});

describe('store EAN-13', () => {
  it('uses the in-store prefix range and a valid check digit', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1); // 4006381333931, a textbook EAN-13
    const random = new Random(7);
    for (let i = 0; i < 200; i += 1) {
      const code = storeEan13(random);
      expect(code).toMatch(/^2\d{12}$/);
      expect(ean13CheckDigit(code.slice(0, 12))).toBe(Number(code[12]));
    }
  });
});

describe('Random', () => {
  it('repeats itself for the same seed and differs for another', () => {
    const draw = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: 20 }, () => random.int(0, 1_000_000));
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('stays within bounds and honours weights', () => {
    const random = new Random(3);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 2000; i += 1) {
      const value = random.int(-2, 2);
      expect(value).toBeGreaterThanOrEqual(-2);
      expect(value).toBeLessThanOrEqual(2);
      counts[random.weighted([['a', 3], ['b', 1], ['never', 0]] as const)] += 1;
    }
    expect(counts.never).toBe(0);
    expect(counts.a).toBeGreaterThan(counts.b * 2);
    expect(random.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes serial numbers in the style of the brand', () => {
    const random = new Random(5);
    expect(serialNumber(random, 'Nintendo')).toMatch(/^X[AKTJ]W\d{11}$/);
    expect(serialNumber(random, 'Apple')).toMatch(/^[A-Z0-9]{10,12}$/);
    expect(serialNumber(random, 'Inconnue')).toMatch(/^[A-Z0-9]{4}\d{8}$/);
  });
});

describe('OpeningTimeline', () => {
  const paris = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', hour: '2-digit', minute: '2-digit' });

  it('counts Tuesday to Saturday, 9h30-13h30 and 14h30-18h00 Paris time, across a DST change', () => {
    // From Monday 23 March to Monday 6 April 2026: summer time starts on Sunday 29 March.
    const from = Date.parse('2026-03-23T00:00:00+01:00');
    const to = Date.parse('2026-04-06T00:00:00+02:00');
    const timeline = new OpeningTimeline(from, to);
    expect(timeline.total).toBe(10 * 7.5 * 3_600_000);
    expect(paris.format(timeline.at(0))).toBe('mardi 09:30');
    expect(paris.format(timeline.at(4 * 3_600_000 - 60_000))).toBe('mardi 13:29');
    expect(paris.format(timeline.at(4 * 3_600_000))).toBe('mardi 14:30');
    expect(paris.format(timeline.at(4 * 3_600_000 + 1))).toBe('mardi 14:30');
    // The first opening hour after the change is 9h30 summer time.
    expect(paris.format(timeline.at(5 * 7.5 * 3_600_000 + 1))).toBe('mardi 09:30');
    expect(paris.format(timeline.at(timeline.total))).toBe('samedi 18:00');
  });

  it('ends at `to`, even in the middle of the day', () => {
    const to = Date.parse('2026-04-08T10:00:00+02:00'); // a Wednesday
    const timeline = new OpeningTimeline(to - 86_400_000, to);
    expect(timeline.total).toBe((3.5 + 3.5 + 0.5) * 3_600_000);
    expect(timeline.at(timeline.total)).toBe(to);
  });
});
