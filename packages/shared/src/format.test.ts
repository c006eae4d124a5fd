import { describe, expect, it } from 'vitest';
import { formatCents, formatCentsShort, formatDate, formatDateTime, formatEuros, formatLongDate, parseEurosToCents, withTown } from './format.js';
import { formatDropOffDate } from './quote-catalogue.js';

// Intl uses narrow no-break spaces in fr-FR; normalise them to compare with readable strings.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('fr-FR formatting', () => {
  it('formats cents as euros with a decimal comma and the euro sign after the amount', () => {
    expect(plain(formatCents(123450))).toBe('1 234,50 €');
    expect(plain(formatCents(599))).toBe('5,99 €');
    expect(plain(formatCents(0))).toBe('0,00 €');
    expect(plain(formatEuros(19.9))).toBe('19,90 €');
    expect(plain(formatCentsShort(5000))).toBe('50 €');
    expect(plain(formatCentsShort(7990))).toBe('79,90 €');
  });

  it('parses French amounts into cents', () => {
    expect(parseEurosToCents('12,50')).toBe(1250);
    expect(parseEurosToCents('12.5 €')).toBe(1250);
    expect(parseEurosToCents('1 234,56')).toBe(123456);
    expect(parseEurosToCents('abc')).toBeNull();
    expect(parseEurosToCents('1,234')).toBeNull();
  });

  it('formats dates in Paris time', () => {
    // 23:30 UTC on 20 November is already 21 November in Paris (UTC+1).
    expect(formatDate('2026-11-20T23:30:00Z')).toBe('21/11/2026');
    expect(formatDateTime('2026-06-01T08:05:00Z')).toBe('01/06/2026 10:05');
    expect(formatLongDate('2026-11-20T12:00:00Z')).toBe('vendredi 20 novembre 2026');
    expect(formatDate('pas une date')).toBe('');
  });
});

describe('withTown', () => {
  it('contracts « à le », « de le », « de » before a vowel, and leaves the rest', () => {
    expect(withTown('à', 'Le Teich')).toBe('au Teich');
    expect(withTown('de', 'Le Teich')).toBe('du Teich');
    expect(withTown('à', 'Les Sables-d’Olonne')).toBe('aux Sables-d’Olonne');
    expect(withTown('de', 'Les Sables-d’Olonne')).toBe('des Sables-d’Olonne');
    expect(withTown('de', 'Arcachon')).toBe('d’Arcachon');
    expect(withTown('de', 'Arès')).toBe('d’Arès');
    expect(withTown('de', 'Andernos-les-Bains')).toBe('d’Andernos-les-Bains');
    expect(withTown('à', 'Arcachon')).toBe('à Arcachon');
    expect(withTown('à', 'La Teste-de-Buch')).toBe('à La Teste-de-Buch');
    expect(withTown('de', 'La Hume')).toBe('de La Hume');
    expect(withTown('de', 'Gujan-Mestras')).toBe('de Gujan-Mestras');
  });
});

describe('dates written out', () => {
  it('write the first of the month « 1er »', () => {
    expect(formatLongDate('2026-12-01T12:00:00Z')).toBe('mardi 1er décembre 2026');
    expect(formatLongDate('2026-12-11T12:00:00Z')).toBe('vendredi 11 décembre 2026');
    expect(formatDropOffDate('2026-12-01')).toBe('mardi 1er décembre');
    expect(formatDropOffDate('2026-11-24')).toBe('mardi 24 novembre');
  });
});
