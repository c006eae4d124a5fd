import { describe, expect, it } from 'vitest';
import {
  formatOpeningHours,
  formatRelayDistance,
  isRelayPostcode,
  isRelayShippingId,
  normaliseShippingMethodId,
  openingSlots,
  relayChoiceOf,
  relayMessages,
  relayNoteLine,
  relayPointChoiceSchema,
  relayTypeLabel,
  weeklyOpeningHours,
  withRelayNote,
  type RelayPoint,
} from './relay-points.js';

const point: RelayPoint = {
  identifiant: '004512',
  nom: 'BUREAU DE POSTE GUJAN MESTRAS',
  typeDePoint: 'BPR',
  distanceEnMetre: 420,
  adresse1: '41 COURS DE VERDUN',
  adresse2: '',
  codePostal: '33470',
  localite: 'GUJAN MESTRAS',
  horairesOuvertureLundi: '09:00-12:00 14:00-17:30',
  horairesOuvertureMardi: '09:00-12:00 14:00-17:30',
  horairesOuvertureMercredi: '09:00-12:00 00:00-00:00',
  horairesOuvertureJeudi: '09:00-12:00 14:00-17:30',
  horairesOuvertureVendredi: '09:00-12:00 14:00-17:30',
  horairesOuvertureSamedi: '09:00-12:00 00:00-00:00',
  horairesOuvertureDimanche: '00:00-00:00 00:00-00:00',
  accesPersonneMobiliteReduite: true,
};

describe('relay distance (spec 2 §9)', () => {
  it('is in metres below 1000 m, in km with one decimal from 1000 m', () => {
    expect(formatRelayDistance(0)).toBe('0 m');
    expect(formatRelayDistance(850)).toBe('850 m');
    expect(formatRelayDistance(999)).toBe('999 m');
    expect(formatRelayDistance(999.4)).toBe('999 m');
    expect(formatRelayDistance(999.6)).toBe('1,0 km');
    expect(formatRelayDistance(1000)).toBe('1,0 km');
    expect(formatRelayDistance(1234)).toBe('1,2 km');
    expect(formatRelayDistance(1250)).toBe('1,3 km');
    expect(formatRelayDistance(12_960)).toBe('13,0 km');
  });

  it('never shows a negative or a missing distance', () => {
    expect(formatRelayDistance(-5)).toBe('0 m');
    expect(formatRelayDistance(Number.NaN)).toBe('0 m');
  });
});

describe('relay type labels', () => {
  it('names the three Colissimo networks and a generic point otherwise', () => {
    expect(relayTypeLabel('BPR')).toBe('Bureau de poste');
    expect(relayTypeLabel('A2P')).toBe('Relais Pickup');
    expect(relayTypeLabel('CDI')).toBe('Centre de distribution');
    expect(relayTypeLabel('a2p')).toBe('Relais Pickup');
    expect(relayTypeLabel('CMT')).toBe('Point de retrait');
    expect(relayTypeLabel('')).toBe('Point de retrait');
  });
});

describe('opening hours', () => {
  it('reads two slots, skips closed ones and calls an all-closed day "Fermé"', () => {
    expect(openingSlots('09:00-12:00 14:00-18:00')).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '14:00', to: '18:00' },
    ]);
    expect(openingSlots('09:00-12:00 00:00-00:00')).toEqual([{ from: '09:00', to: '12:00' }]);
    expect(openingSlots('00:00-00:00 00:00-00:00')).toEqual([]);
    expect(openingSlots('')).toEqual([]);
    expect(formatOpeningHours('09:00-12:00 14:30-18:00')).toBe('9h00 – 12h00, 14h30 – 18h00');
    expect(formatOpeningHours('13:00-22:00 00:00-00:00')).toBe('13h00 – 22h00');
    expect(formatOpeningHours('00:00-00:00 00:00-00:00')).toBe('Fermé');
  });

  it('lists Monday to Sunday', () => {
    const week = weeklyOpeningHours(point);
    expect(week.map((day) => day.day)).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']);
    expect(week[2]).toEqual({ day: 'Mercredi', hours: '9h00 – 12h00' });
    expect(week[6]).toEqual({ day: 'Dimanche', hours: 'Fermé' });
  });
});

describe('search and shipping ids', () => {
  it('searches only for exactly 5 digits (spec 2 §5)', () => {
    expect(isRelayPostcode('33470')).toBe(true);
    expect(isRelayPostcode('3347')).toBe(false);
    expect(isRelayPostcode('334700')).toBe(false);
    expect(isRelayPostcode('33a70')).toBe(false);
    expect(isRelayPostcode(' 3347')).toBe(false);
    expect(isRelayPostcode('')).toBe(false);
    expect(isRelayPostcode(undefined)).toBe(false);
  });

  it('reads lpc_relay as colissimo_relais', () => {
    expect(isRelayShippingId('colissimo_relais')).toBe(true);
    expect(isRelayShippingId('lpc_relay')).toBe(true);
    expect(isRelayShippingId('colissimo_sign')).toBe(false);
    expect(isRelayShippingId(null)).toBe(false);
    expect(normaliseShippingMethodId('lpc_relay')).toBe('colissimo_relais');
    expect(normaliseShippingMethodId(' chronopost ')).toBe('chronopost');
  });

  it('validates the choice sent with the order', () => {
    expect(relayPointChoiceSchema.parse({ id: ' 004512 ', postcode: '33470' })).toEqual({ id: '004512', postcode: '33470' });
    expect(relayPointChoiceSchema.safeParse({ id: '../x', postcode: '33470' }).success).toBe(false);
    const badPostcode = relayPointChoiceSchema.safeParse({ id: '004512', postcode: '3347' });
    expect(badPostcode.success ? '' : badPostcode.error.issues[0]?.message).toBe(relayMessages.invalidPostcode);
    expect(relayChoiceOf(point, '33120')).toEqual({ id: '004512', postcode: '33120' });
  });
});

describe('the note of a relay order (spec 2 §4)', () => {
  const line = relayNoteLine({ id: '004512', name: 'BUREAU DE POSTE GUJAN MESTRAS', address_1: '41 COURS DE VERDUN', address_2: '', postcode: '33470', city: 'GUJAN MESTRAS' });

  it('reads "Point relais : NOM, ADRESSE, CP VILLE (id)"', () => {
    expect(line).toBe('Point relais : BUREAU DE POSTE GUJAN MESTRAS, 41 COURS DE VERDUN, 33470 GUJAN MESTRAS (004512)');
  });

  it('is appended once, replacing a relay line already there', () => {
    expect(withRelayNote('', line)).toBe(line);
    expect(withRelayNote('Sonnez fort', line)).toBe(`Sonnez fort\n${line}`);
    expect(withRelayNote(`Sonnez fort\nPoint relais : AUTRE (1)`, line)).toBe(`Sonnez fort\n${line}`);
    expect(withRelayNote(withRelayNote('Merci', line), line)).toBe(`Merci\n${line}`);
    expect(withRelayNote(`Merci\n${line}`, null)).toBe('Merci');
  });
});
