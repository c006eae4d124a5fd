import { describe, expect, it } from 'vitest';
import {
  inSmsQuietHours,
  isGsm7,
  isSmsSenderId,
  readyForPickupSms,
  smsOpeningHours,
  smsPlainText,
  smsSendableAt,
  smsSenderId,
  smsSize,
} from './sms.js';
import { defaultStoreProfile } from './store-profile.js';

describe('smsSize (GSM-7 / UCS-2 segments)', () => {
  it('counts 160 GSM-7 characters as one SMS and 161 as two parts of 153', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306))).toEqual({ encoding: 'gsm7', units: 306, segments: 2 });
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the extension characters (€, [, ]) twice', () => {
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize(`${'€'.repeat(80)}a`).segments).toBe(2);
  });

  it('keeps é, è, à, ù in GSM-7 but switches to UCS-2 for ê, ç, ’ and emoji (70, then 67 a part)', () => {
    expect(isGsm7('Réparé à Gujan, où ? è')).toBe(true);
    expect(isGsm7('prêt')).toBe(false);
    expect(isGsm7('reçu')).toBe(false);
    expect(isGsm7('l’appareil')).toBe(false);
    expect(smsSize('ê'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSize('ê'.repeat(71))).toEqual({ encoding: 'ucs2', units: 71, segments: 2 });
    expect(smsSize('ê'.repeat(135)).segments).toBe(3);
    expect(smsSize('📱').units).toBe(2);
  });

  it('answers zero segments for an empty text', () => {
    expect(smsSize('').segments).toBe(0);
  });
});

describe('smsPlainText', () => {
  it('replaces the French typography GSM-7 lacks', () => {
    expect(smsPlainText('E.repare\u00a0: l’appareil «\u00a0prêt\u00a0» – 9h30…')).toBe('E.repare : l\'appareil "prêt" - 9h30...');
    expect(isGsm7(smsPlainText('Votre rendez-vous\u202f: l’atelier vous attend\u00a0!'))).toBe(true);
  });
});

describe('smsSenderId', () => {
  it('keeps letters and digits, removes accents, cuts at 11 characters', () => {
    expect(smsSenderId('E.repare')).toBe('Erepare');
    expect(smsSenderId('Réparation Bassin d’Arcachon')).toBe('ReparationB');
    expect(smsSenderId('123 456')).toBeNull();
    expect(smsSenderId('…')).toBeNull();
  });

  it('accepts 3–11 alphanumeric characters with a letter, or a number', () => {
    expect(isSmsSenderId('Erepare')).toBe(true);
    expect(isSmsSenderId('ErepareGujan')).toBe(false);
    expect(isSmsSenderId('E.repare')).toBe(false);
    expect(isSmsSenderId('ab')).toBe(false);
    expect(isSmsSenderId('33612345678')).toBe(true);
  });
});

describe('quiet hours (21:00–08:00, Paris)', () => {
  it('lets a message leave at once during the day', () => {
    // 10:00 in Paris in winter (UTC+1).
    const at = new Date('2026-01-15T09:00:00Z');
    expect(inSmsQuietHours(at)).toBe(false);
    expect(smsSendableAt(at)).toEqual(at);
    // 20:59 in Paris in summer (UTC+2).
    const late = new Date('2026-07-15T18:59:00Z');
    expect(smsSendableAt(late)).toEqual(late);
  });

  it('holds a message queued at 21:00 or later until 08:00 the next day', () => {
    expect(smsSendableAt(new Date('2026-01-15T20:00:00Z'))).toEqual(new Date('2026-01-16T07:00:00Z'));
    expect(smsSendableAt(new Date('2026-07-15T22:30:00Z'))).toEqual(new Date('2026-07-16T06:00:00Z'));
    // 31 December, 23:30 in Paris: 08:00 on 1 January.
    expect(smsSendableAt(new Date('2026-12-31T22:30:00Z'))).toEqual(new Date('2027-01-01T07:00:00Z'));
  });

  it('holds a message queued after midnight until 08:00 the same day', () => {
    expect(smsSendableAt(new Date('2026-01-15T23:30:00Z'))).toEqual(new Date('2026-01-16T07:00:00Z'));
    expect(smsSendableAt(new Date('2026-07-16T05:59:00Z'))).toEqual(new Date('2026-07-16T06:00:00Z'));
    expect(inSmsQuietHours(new Date('2026-07-16T06:00:00Z'))).toBe(false);
  });

  it('follows the change of time (last Sunday of March, of October)', () => {
    // Night of 28–29 March 2026: 08:00 on the 29th is already summer time (UTC+2).
    expect(smsSendableAt(new Date('2026-03-28T21:00:00Z'))).toEqual(new Date('2026-03-29T06:00:00Z'));
    // Night of 24–25 October 2026: 08:00 on the 25th is winter time again (UTC+1).
    expect(smsSendableAt(new Date('2026-10-24T20:00:00Z'))).toEqual(new Date('2026-10-25T07:00:00Z'));
  });
});

describe('readyForPickupSms', () => {
  it('fits the default store in one GSM-7 SMS, with its hours', () => {
    const text = readyForPickupSms({ storeName: defaultStoreProfile.name, ticket: 'T-1234', openingHours: defaultStoreProfile.openingHours });
    expect(text).toBe('E.repare : votre appareil (T-1234) est disponible au retrait en boutique. Horaires : du mardi au samedi 9h30-13h30 et 14h30-18h00.');
    expect(smsSize(text)).toMatchObject({ encoding: 'gsm7', segments: 1 });
  });

  it('leaves the hours out when they would make it longer than one SMS', () => {
    const openingHours = [
      { days: 'Du mardi au vendredi', hours: '9h30 – 12h30 et 14h00 – 19h00' },
      { days: 'Le samedi', hours: '9h00 – 12h00 et 14h00 – 18h00' },
      { days: 'Dimanche et lundi', hours: 'Fermé' },
    ];
    expect(smsOpeningHours(openingHours)).toBe('du mardi au vendredi 9h30-12h30 et 14h00-19h00 ; le samedi 9h00-12h00 et 14h00-18h00');
    const text = readyForPickupSms({ storeName: 'E.repare', ticket: 'T-1234', openingHours });
    expect(text).toBe('E.repare : votre appareil (T-1234) est disponible au retrait en boutique.');
    expect(smsSize(text).segments).toBe(1);
  });
});
