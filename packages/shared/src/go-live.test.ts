import { describe, expect, it } from 'vitest';
import { bankTransferOffered, exampleFields, isLocalPublicUrl, isSettingUp, isValidBic, isValidIban, isValidSiret, profileProblems } from './go-live.js';
import { defaultStoreProfile } from './store-profile.js';
import { realProfile } from './testing/real-store-profile.js';

describe('identifiers', () => {
  it('checks the SIRET key (Luhn), La Poste’s exception, and refuses the example zeros', () => {
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('35600000049837')).toBe(true); // La Poste: digits add up to a multiple of 5
    expect(isValidSiret('000 000 000 00000')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
  });

  it('checks the IBAN modulo 97 and the BIC shape', () => {
    expect(isValidIban('FR14 2004 1010 0505 0001 3M02 606')).toBe(true);
    expect(isValidIban('FR15 2004 1010 0505 0001 3M02 606')).toBe(false);
    expect(isValidBic('PSSTFRPPXXX')).toBe(true);
    expect(isValidBic('psstfrpp')).toBe(true);
    expect(isValidBic('PSST FR')).toBe(false);
    expect(isValidBic('1234FRPPXXX')).toBe(false);
  });

  it('tells this machine from a real address', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:4173', 'http://[::1]:3000', 'http://shop.localhost', 'http://boutique.test', 'https://atelier.example']) {
      expect(isLocalPublicUrl(url)).toBe(true);
    }
    for (const url of ['https://www.erepare.fr', 'http://192.168.1.20:3000', 'https://localhost.fr', 'https://example.fr', 'https://test.erepare.fr']) expect(isLocalPublicUrl(url)).toBe(false);
  });
});

describe('the profile before opening', () => {
  it('lists every example value of the shipped profile, in the form’s order', () => {
    const problems = profileProblems(defaultStoreProfile);
    expect(problems.map((problem) => problem.field)).toEqual([
      'legalName',
      'address',
      'phone',
      'email',
      'whatsapp',
      'social',
      'siret',
      'company.legalForm',
      'company.shareCapital',
      'company.rcsCity',
      'company.vatNumber',
      'company.publicationDirector',
      'host',
      'mediator',
      'bank',
    ]);
    expect(problems.every((problem) => problem.kind === 'example')).toBe(true);
    expect(problems[0]?.message).toBe('Raison sociale\u00a0: valeur d’exemple à remplacer.');
  });

  it('finds nothing left in a real profile; wrong keys are named as such', () => {
    expect(profileProblems(realProfile())).toEqual([]);
    const wrong = { ...realProfile(), siret: '73282932000075', bank: { ...realProfile().bank, bic: 'PSST' } };
    expect(profileProblems(wrong).map((problem) => [problem.field, problem.kind])).toEqual([
      ['siret', 'invalid'],
      ['bank', 'invalid'],
    ]);
    expect(profileProblems({ ...realProfile(), phone: { display: '05 56', e164: '+3355' } })[0]?.message).toBe('Téléphone\u00a0: Le numéro international doit s’écrire +33 suivi de 9 chiffres.');
  });

  it('checks the shop’s own VAT number: its key, its SIREN against the SIRET, and its presence under the normal regime', () => {
    const withVat = (vatNumber: string, vatRegime: 'standard' | 'franchise' = 'standard') => ({ ...realProfile(), vatRegime, company: { ...realProfile().company, vatNumber } });
    const problem = (vatNumber: string, vatRegime?: 'standard' | 'franchise') => profileProblems(withVat(vatNumber, vatRegime)).find((found) => found.field === 'company.vatNumber');
    expect(problem('FR44 732 829 320')).toBeUndefined();
    expect(problem('FR40 732829320')).toMatchObject({ kind: 'invalid', message: 'Numéro de TVA intracommunautaire\u00a0: La clé ne correspond pas au SIREN qu’il contient.' });
    // A valid number of another company (SIREN 443 061 841): not the shop's.
    expect(problem('FR64443061841')).toMatchObject({ kind: 'invalid', message: 'Numéro de TVA intracommunautaire\u00a0: Il ne correspond pas au SIREN du SIRET (ses 9 derniers chiffres sont le SIREN).' });
    expect(problem('')).toMatchObject({ kind: 'invalid', message: 'Numéro de TVA intracommunautaire\u00a0: à indiquer, car il figure sur chaque facture (régime de TVA normal).' });
    // Under the franchise, the invoice says « TVA non applicable »: no number needed.
    expect(problem('', 'franchise')).toBeUndefined();
    expect(isSettingUp(withVat('FR40 732829320'), 'https://www.erepare.fr')).toBe(true);
  });

  it('sees the example IBAN even though it passes modulo 97', () => {
    expect(isValidIban(defaultStoreProfile.bank.iban)).toBe(true);
    const zeroAccount = { ...realProfile(), bank: { ...realProfile().bank, iban: 'FR76 0000 0000 0000 0000 0000 000' } };
    expect(exampleFields(zeroAccount)).toEqual(new Set(['bank']));
  });

  it('a shop without bank transfer or social profiles is not held back by them', () => {
    const profile = { ...realProfile(), bank: { accountHolder: '', bankName: '', iban: '', bic: '' }, social: { facebook: '', instagram: '', tiktok: '' }, whatsapp: { display: '', number: '' } };
    expect(profileProblems(profile)).toEqual([]);
  });
});

describe('what a real site does with example values', () => {
  it('is being set up while any value is an example, on a real address only', () => {
    expect(isSettingUp(defaultStoreProfile, 'https://www.erepare.fr')).toBe(true);
    expect(isSettingUp(defaultStoreProfile, 'http://localhost:3000')).toBe(false);
    expect(isSettingUp(realProfile(), 'https://www.erepare.fr')).toBe(false);
  });

  it('offers bank transfer only with real bank details, except on this machine', () => {
    expect(bankTransferOffered(defaultStoreProfile, 'https://www.erepare.fr')).toBe(false);
    expect(bankTransferOffered(defaultStoreProfile, 'http://localhost:3000')).toBe(true);
    expect(bankTransferOffered(realProfile(), 'https://www.erepare.fr')).toBe(true);
    const noHolder = { ...realProfile(), bank: { ...realProfile().bank, accountHolder: ' ' } };
    expect(bankTransferOffered(noHolder, 'https://www.erepare.fr')).toBe(false);
    const noIban = { ...realProfile(), bank: { ...realProfile().bank, iban: '' } };
    expect(bankTransferOffered(noIban, 'http://localhost:3000')).toBe(false);
  });
});
