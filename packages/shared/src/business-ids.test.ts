import { describe, expect, it } from 'vitest';
import {
  businessIdMessages,
  checkBusinessIds,
  checkSiren,
  checkVatNumber,
  frenchVatKey,
  frenchVatNumber,
  isValidSiren,
  isValidSiret,
  normaliseSiren,
  normaliseVatNumber,
  sirenOfVatNumber,
} from './business-ids.js';

describe('SIREN', () => {
  it('is 9 digits with a valid Luhn key; spaces and dots are ignored', () => {
    expect(isValidSiren('732 829 320')).toBe(true);
    expect(isValidSiren('443.061.841')).toBe(true);
    expect(isValidSiren('443\u00a0061\u202f841')).toBe(true);
    expect(isValidSiren('732829321')).toBe(false); // key broken
    expect(isValidSiren('73282932')).toBe(false); // 8 digits
    expect(isValidSiren('7328293200')).toBe(false); // 10 digits
    expect(isValidSiren('73282932A')).toBe(false);
    expect(isValidSiren('000000000')).toBe(false); // passes Luhn, never real
    expect(isValidSiren('')).toBe(false);
  });

  it('accepts La Poste’s SIREN, the exception the SIRET rule knows', () => {
    expect(isValidSiren('356 000 000')).toBe(true);
    expect(isValidSiret('35600000049837')).toBe(true);
  });

  it('is normalised to 9 digits, and an empty value means unknown', () => {
    expect(normaliseSiren(' 732 829 320 ')).toBe('732829320');
    expect(checkSiren(' 732 829 320 ')).toEqual({ ok: true, value: '732829320' });
    expect(checkSiren('  ')).toEqual({ ok: true, value: '' });
  });

  it('says what is wrong in French', () => {
    expect(checkSiren('12345')).toEqual({ ok: false, message: businessIdMessages.sirenShape });
    expect(checkSiren('732 829 321')).toEqual({ ok: false, message: businessIdMessages.sirenKey });
    expect(businessIdMessages.sirenShape.startsWith('Numéro SIREN invalide')).toBe(true);
    expect(businessIdMessages.sirenKey.startsWith('Numéro SIREN invalide')).toBe(true);
  });
});

describe('VAT number', () => {
  it('computes the French key: (12 + 3 × (SIREN mod 97)) mod 97, on two digits', () => {
    expect(frenchVatKey('443061841')).toBe('64'); // Google France: FR64 443 061 841
    expect(frenchVatKey('356000000')).toBe('39'); // La Poste: FR39 356 000 000
    expect(frenchVatKey('732829320')).toBe('44');
    // A key below 10 keeps its leading zero: 12 + 3 × r ≡ 5 (mod 97) for r = 30.
    const siren = (97 * 1_000_000 + 30).toString().padStart(9, '0');
    expect(frenchVatKey(siren)).toBe('05');
    expect(frenchVatNumber('443 061 841')).toBe('FR64443061841');
  });

  it('accepts a French number whose key matches its SIREN, normalised (spaces, case)', () => {
    expect(checkVatNumber('fr 64 443 061 841')).toEqual({ ok: true, value: 'FR64443061841' });
    expect(checkVatNumber('FR39356000000')).toEqual({ ok: true, value: 'FR39356000000' });
    expect(normaliseVatNumber(' fr64 443.061.841 ')).toBe('FR64443061841');
    expect(sirenOfVatNumber('FR 64 443 061 841')).toBe('443061841');
    expect(sirenOfVatNumber('DE123456789')).toBeNull();
  });

  it('refuses a French number with a wrong key, a wrong SIREN or a wrong shape', () => {
    expect(checkVatNumber('FR65443061841')).toEqual({ ok: false, message: businessIdMessages.vatFrenchKey });
    expect(checkVatNumber('FR32123456789')).toEqual({ ok: false, message: businessIdMessages.vatFrenchSiren });
    expect(checkVatNumber('FR6444306184')).toEqual({ ok: false, message: businessIdMessages.vatFrenchShape });
    expect(checkVatNumber('FRAB443061841')).toEqual({ ok: false, message: businessIdMessages.vatFrenchShape });
  });

  it('accepts other member states’ numbers on their shape only: prefix, then 2 to 13 letters or digits', () => {
    expect(checkVatNumber('de 123 456 789')).toEqual({ ok: true, value: 'DE123456789' });
    expect(checkVatNumber('ESX1234567X')).toEqual({ ok: true, value: 'ESX1234567X' });
    expect(checkVatNumber('EL12')).toEqual({ ok: true, value: 'EL12' });
    expect(checkVatNumber('NL1234567890123')).toEqual({ ok: true, value: 'NL1234567890123' });
    expect(checkVatNumber('NL12345678901234')).toEqual({ ok: false, message: businessIdMessages.vatShape });
    expect(checkVatNumber('BE1')).toEqual({ ok: false, message: businessIdMessages.vatShape });
    expect(checkVatNumber('BE12-34')).toEqual({ ok: false, message: businessIdMessages.vatShape });
  });

  it('refuses a prefix that is not a member state’s', () => {
    for (const value of ['GB123456789', 'US12345678', '123456789', 'CH123456789']) {
      expect(checkVatNumber(value), value).toEqual({ ok: false, message: businessIdMessages.vatCountry });
    }
  });

  it('an empty value means unknown', () => {
    expect(checkVatNumber('')).toEqual({ ok: true, value: '' });
  });
});

describe('SIREN and VAT number together', () => {
  it('a French VAT number must hold the SIREN given', () => {
    expect(checkBusinessIds({ siren: '443 061 841', vatNumber: 'FR64 443061841' })).toEqual({ ok: true, siren: '443061841', vatNumber: 'FR64443061841' });
    expect(checkBusinessIds({ siren: '732829320', vatNumber: 'FR64443061841' })).toEqual({ ok: false, field: 'vatNumber', message: businessIdMessages.mismatch });
  });

  it('either may be unknown; a foreign number is not compared with a SIREN', () => {
    expect(checkBusinessIds({ siren: '', vatNumber: 'FR64443061841' })).toEqual({ ok: true, siren: '', vatNumber: 'FR64443061841' });
    expect(checkBusinessIds({ siren: '732829320', vatNumber: '' })).toEqual({ ok: true, siren: '732829320', vatNumber: '' });
    expect(checkBusinessIds({ siren: '732829320', vatNumber: 'BE0123456789' })).toEqual({ ok: true, siren: '732829320', vatNumber: 'BE0123456789' });
    expect(checkBusinessIds({ siren: '', vatNumber: '' })).toEqual({ ok: true, siren: '', vatNumber: '' });
  });

  it('names the field that is wrong', () => {
    expect(checkBusinessIds({ siren: '1', vatNumber: 'FR64443061841' })).toEqual({ ok: false, field: 'siren', message: businessIdMessages.sirenShape });
    expect(checkBusinessIds({ siren: '443061841', vatNumber: 'XX1' })).toEqual({ ok: false, field: 'vatNumber', message: businessIdMessages.vatCountry });
  });
});
