import { defaultStoreProfile, type StoreProfile } from '../store-profile.js';

/** Tests: a profile an owner could open with (every example value replaced by a real-looking one, valid SIRET, IBAN and BIC). */
export function realProfile(): StoreProfile {
  return {
    ...defaultStoreProfile,
    legalName: 'E.repare SARL',
    address: { street: '12 cours de la République', postalCode: '33470', city: 'Gujan-Mestras', country: 'France' },
    phone: { display: '05 56 66 12 34', e164: '+33556661234' },
    email: 'contact@erepare.fr',
    whatsapp: { display: '06 12 34 56 78', number: '33612345678' },
    social: { facebook: 'https://www.facebook.com/erepare33', instagram: '', tiktok: '' },
    siret: '732 829 320 00074',
    company: { legalForm: 'SARL', shareCapital: '5 000 €', rcsCity: 'Bordeaux', vatNumber: 'FR44 732829320', publicationDirector: 'Jeanne Martin' },
    host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix', phone: '1007' },
    mediator: { name: 'CM2C', website: 'https://www.cm2c.net', address: '14 rue Saint-Jean, 75017 Paris' },
    bank: { accountHolder: 'E.repare SARL', bankName: 'Crédit Agricole', iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'PSSTFRPPXXX' },
  };
}
