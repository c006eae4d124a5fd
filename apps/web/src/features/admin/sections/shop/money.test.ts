import { describe, expect, it } from 'vitest';
import { centsToInput, formatEuros, hundredthsToInput, parseEuros } from './money';

describe('amounts typed in euros', () => {
  it('reads French and dotted amounts as cents', () => {
    expect(parseEuros('12,50')).toBe(1250);
    expect(parseEuros('12,5')).toBe(1250);
    expect(parseEuros('12.05')).toBe(1205);
    expect(parseEuros('12')).toBe(1200);
    expect(parseEuros(' 1 234,56 € ')).toBe(123456);
    expect(parseEuros('1\u202f234,56')).toBe(123456);
    expect(parseEuros('-5,00')).toBe(-500);
    expect(parseEuros('0,01')).toBe(1);
  });

  it('gives null for nothing and NaN for what is not an amount', () => {
    expect(parseEuros('')).toBeNull();
    expect(parseEuros('   ')).toBeNull();
    expect(parseEuros('12,345')).toBeNaN();
    expect(parseEuros('douze')).toBeNaN();
    expect(parseEuros('1,2,3')).toBeNaN();
    expect(parseEuros('12e3')).toBeNaN();
  });

  it('writes cents back as the form shows them', () => {
    expect(centsToInput(1250)).toBe('12,50');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(-500)).toBe('-5,00');
    expect(centsToInput(null)).toBe('');
    expect(hundredthsToInput(1000)).toBe('10');
    expect(hundredthsToInput(1250)).toBe('12,5');
    expect(hundredthsToInput(1205)).toBe('12,05');
    for (const cents of [0, 1, 99, 100, 4990, 123456]) expect(parseEuros(centsToInput(cents))).toBe(cents);
  });

  it('shows amounts the French way', () => {
    expect(formatEuros(123456).replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatEuros(990).replace(/\s/g, ' ')).toBe('9,90 €');
  });
});
