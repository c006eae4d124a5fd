import { describe, expect, it } from 'vitest';
import {
  QUOTE_MIN_PRICE_EUROS,
  dropOffDates,
  faultPriceLabel,
  findQuoteCategory,
  formatDropOffDate,
  isValidDropOffDate,
  publicHolidays,
  quoteCategories,
  shopToday,
} from './quote-catalogue.js';

describe('quote catalogue', () => {
  it('has the six categories of the wizard', () => {
    expect(quoteCategories.map((category) => category.label)).toEqual(['Téléphone', 'Tablette', 'Ordinateur', 'Console', 'Montre', 'Autre']);
  });

  it('never quotes below the site’s 29 € and matches the services carousel’s starting prices', () => {
    const prices = quoteCategories.flatMap((category) => category.faults.map((fault) => fault.fromEuros)).filter((price) => price !== null);
    expect(Math.min(...prices)).toBe(QUOTE_MIN_PRICE_EUROS);
    const lowest = (id: string, exclude: string[] = []) =>
      Math.min(...(findQuoteCategory(id)?.faults ?? []).filter((fault) => !exclude.includes(fault.id)).map((fault) => fault.fromEuros ?? Infinity));
    // Screen repair of a smartphone 49 €, of a tablet 79 €; consoles from 39 €, computers from 59 €; micro-soldering 89 €.
    expect(findQuoteCategory('telephone')?.faults.find((fault) => fault.id === 'ecran')?.fromEuros).toBe(49);
    expect(findQuoteCategory('tablette')?.faults.find((fault) => fault.id === 'ecran')?.fromEuros).toBe(79);
    expect(lowest('console')).toBe(39);
    expect(lowest('ordinateur')).toBe(59);
    for (const category of quoteCategories) {
      const soldering = category.faults.find((fault) => fault.id === 'micro-soudure');
      if (soldering) expect(soldering.fromEuros).toBe(89);
    }
  });

  it('labels prices in French typography', () => {
    expect(faultPriceLabel({ id: 'x', label: 'x', fromEuros: 49 })).toBe('à partir de 49\u00a0€');
    expect(faultPriceLabel({ id: 'x', label: 'x', fromEuros: null })).toBe('sur diagnostic');
  });
});

describe('preferred drop-off', () => {
  // Saturday 21 November 2026, 23:30 in Paris (22:30 UTC).
  const now = new Date('2026-11-21T22:30:00Z');

  it('tells the shop’s date in Paris around midnight, winter and summer time', () => {
    expect(shopToday(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
    expect(shopToday(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
    expect(shopToday(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(shopToday(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    expect(shopToday(new Date('2027-01-01T00:30:00+01:00'))).toBe('2027-01-01');
  });

  it('offers opening days (Tuesday to Saturday) from tomorrow on', () => {
    expect(shopToday(now)).toBe('2026-11-21');
    const dates = dropOffDates(now);
    expect(dates.slice(0, 6)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-12-01']);
    expect(formatDropOffDate('2026-11-24')).toBe('mardi 24 novembre');
  });

  it('refuses today, closed days, far dates and impossible dates', () => {
    expect(isValidDropOffDate('2026-11-24', now)).toBe(true);
    expect(isValidDropOffDate('2026-11-21', now)).toBe(false);
    expect(isValidDropOffDate('2026-11-22', now)).toBe(false);
    expect(isValidDropOffDate('2026-11-23', now)).toBe(false);
    expect(isValidDropOffDate('2027-03-02', now)).toBe(false);
    expect(isValidDropOffDate('2026-11-31', now)).toBe(false);
    expect(isValidDropOffDate('24/11/2026', now)).toBe(false);
  });

  it('never offers a public holiday (25 December, Easter Monday…)', () => {
    const december = new Date('2026-12-20T10:00:00Z');
    const dates = dropOffDates(december);
    expect(dates).not.toContain('2026-12-25');
    expect(dates).toContain('2026-12-24');
    expect(dates).toContain('2026-12-26');
    expect(isValidDropOffDate('2026-12-25', december)).toBe(false);
    expect(isValidDropOffDate('2027-01-01', december)).toBe(false);
    // Easter 2027 is on 28 March: Easter Monday 29 March (a Monday anyway), Ascension Thursday 6 May, Whit Monday 17 May.
    expect([...publicHolidays(2027)].sort()).toEqual(['2027-01-01', '2027-03-29', '2027-05-01', '2027-05-06', '2027-05-08', '2027-05-17', '2027-07-14', '2027-08-15', '2027-11-01', '2027-11-11', '2027-12-25']);
    expect(publicHolidays(2026).has('2026-05-14')).toBe(true);
  });

  it('uses the shop’s date, not UTC’s, around midnight', () => {
    // 23:30 UTC on Monday 23 is already Tuesday 24 in Paris: Tuesday is no longer "from tomorrow".
    expect(isValidDropOffDate('2026-11-24', new Date('2026-11-23T23:30:00Z'))).toBe(false);
    expect(isValidDropOffDate('2026-11-25', new Date('2026-11-23T23:30:00Z'))).toBe(true);
  });
});
