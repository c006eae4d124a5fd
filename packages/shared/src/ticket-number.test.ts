import { describe, expect, it } from 'vitest';
import {
  normaliseTicketNumber,
  ticketInputMessages,
  ticketNumberPattern,
  validateTicketInput,
} from './ticket-number.js';

describe('ticketNumberPattern', () => {
  it('is the final pattern of spec 1 §5: T, optional hyphen, 4 to 6 digits', () => {
    for (const valid of ['T-6632', 'T6632', 'T-1234', 'T-123456', 'T123456']) {
      expect(ticketNumberPattern.test(valid), valid).toBe(true);
    }
    for (const invalid of ['6632', 't-6632', 'T-123', 'T-1234567', 'T--6632', 'T-66a2', ' T-6632', 'T-6632 ', 'X-6632']) {
      expect(ticketNumberPattern.test(invalid), invalid).toBe(false);
    }
  });

  it('has no global flag, so repeated tests give the same answer', () => {
    expect(ticketNumberPattern.global).toBe(false);
    expect(ticketNumberPattern.test('T-6632')).toBe(true);
    expect(ticketNumberPattern.test('T-6632')).toBe(true);
  });
});

describe('normaliseTicketNumber', () => {
  it('turns 4 to 6 digits into T- and the digits', () => {
    expect(normaliseTicketNumber('6632')).toBe('T-6632');
    expect(normaliseTicketNumber('1234')).toBe('T-1234');
    expect(normaliseTicketNumber('12345')).toBe('T-12345');
    expect(normaliseTicketNumber('123456')).toBe('T-123456');
  });

  it('accepts a leading T with or without hyphen, in either case', () => {
    expect(normaliseTicketNumber('T6632')).toBe('T-6632');
    expect(normaliseTicketNumber('T-6632')).toBe('T-6632');
    expect(normaliseTicketNumber('t6632')).toBe('T-6632');
    expect(normaliseTicketNumber('t-6632')).toBe('T-6632');
  });

  it('trims surrounding whitespace', () => {
    expect(normaliseTicketNumber('  6632  ')).toBe('T-6632');
    expect(normaliseTicketNumber('\tT-6632\n')).toBe('T-6632');
  });

  it('keeps leading zeros (they are part of the number)', () => {
    expect(normaliseTicketNumber('0042')).toBe('T-0042');
  });

  it('accepts a number', () => {
    expect(normaliseTicketNumber(6632)).toBe('T-6632');
    expect(normaliseTicketNumber(123)).toBeNull();
  });

  it('returns null for too few or too many digits', () => {
    expect(normaliseTicketNumber('123')).toBeNull();
    expect(normaliseTicketNumber('T-123')).toBeNull();
    expect(normaliseTicketNumber('1234567')).toBeNull();
    expect(normaliseTicketNumber('T1234567')).toBeNull();
  });

  it('returns null for anything that is not a ticket number', () => {
    for (const input of ['', '   ', 'T', 'T-', 'abcd', 'T-66a2', 'T--6632', '-6632', 'TT6632', 'X-6632', 'T 6632', '66 32', '6632T', '6632.0']) {
      expect(normaliseTicketNumber(input), JSON.stringify(input)).toBeNull();
    }
  });

  it('returns null for null and undefined', () => {
    expect(normaliseTicketNumber(null)).toBeNull();
    expect(normaliseTicketNumber(undefined)).toBeNull();
  });

  it('always returns a value that matches the final pattern', () => {
    for (const input of ['6632', 't6632', 'T-123456', ' 0001 ']) {
      expect(normaliseTicketNumber(input)).toMatch(ticketNumberPattern);
    }
  });

  it('is idempotent', () => {
    const once = normaliseTicketNumber('t6632');
    expect(normaliseTicketNumber(once)).toBe(once);
  });
});

describe('validateTicketInput', () => {
  it('uses the exact messages of spec 1 §5', () => {
    expect(ticketInputMessages).toEqual({
      empty: 'Veuillez entrer un numéro de ticket',
      format: 'Format de ticket invalide. Utilisez T-6632 ou 6632',
      duplicate: 'Ce ticket est déjà suivi',
    });
  });

  it('accepts a valid number and returns it normalised', () => {
    expect(validateTicketInput('6632', [])).toEqual({ ok: true, number: 'T-6632' });
    expect(validateTicketInput(' t-6632 ', [])).toEqual({ ok: true, number: 'T-6632' });
    expect(validateTicketInput('T123456', ['T-6632'])).toEqual({ ok: true, number: 'T-123456' });
  });

  it('rejects an empty input', () => {
    const expected = { ok: false, reason: 'empty', message: 'Veuillez entrer un numéro de ticket' };
    expect(validateTicketInput('', [])).toEqual(expected);
    expect(validateTicketInput('   ', [])).toEqual(expected);
    expect(validateTicketInput(null, [])).toEqual(expected);
    expect(validateTicketInput(undefined, [])).toEqual(expected);
  });

  it('rejects a malformed input', () => {
    const expected = { ok: false, reason: 'format', message: 'Format de ticket invalide. Utilisez T-6632 ou 6632' };
    for (const input of ['123', '1234567', 'abc', 'T-12', 'T-1234567', 'T-abcd', '66-32', 'ticket 6632']) {
      expect(validateTicketInput(input, []), input).toEqual(expected);
    }
  });

  it('rejects a ticket already tracked, compared after normalisation', () => {
    const expected = { ok: false, reason: 'duplicate', message: 'Ce ticket est déjà suivi' };
    expect(validateTicketInput('T-6632', ['T-6632'])).toEqual(expected);
    expect(validateTicketInput('6632', ['T-6632'])).toEqual(expected);
    expect(validateTicketInput('t6632', ['T-6632'])).toEqual(expected);
    expect(validateTicketInput('T-6632', ['6632'])).toEqual(expected);
    expect(validateTicketInput('T-6632', [' t6632 '])).toEqual(expected);
    expect(validateTicketInput('6632', ['T-1111', 'T6632', 'T-2222'])).toEqual(expected);
  });

  it('does not confuse numbers that only share digits', () => {
    expect(validateTicketInput('6632', ['T-66321', 'T-0663', '66320'])).toEqual({ ok: true, number: 'T-6632' });
  });

  it('ignores tracked entries that are not ticket numbers', () => {
    expect(validateTicketInput('6632', ['', 'abc', '42'])).toEqual({ ok: true, number: 'T-6632' });
  });

  it('reports emptiness before format, and format before duplicates', () => {
    expect(validateTicketInput(' ', [''])).toMatchObject({ reason: 'empty' });
    expect(validateTicketInput('12', ['12'])).toMatchObject({ reason: 'format' });
  });
});
