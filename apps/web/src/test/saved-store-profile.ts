import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';

/**
 * A store profile as staff would save it: every value the pages print differs from the
 * placeholders of `defaultStoreProfile`, so a test can tell which profile a page was rendered with.
 */
export const savedStoreProfile: StoreProfile = {
  ...defaultStoreProfile,
  name: 'Atelier Test',
  legalName: 'Atelier Test SARL',
  address: { street: '12 rue des Essais', postalCode: '33120', city: 'Arcachon', country: 'France' },
  phone: { display: '05 00 11 22 33', e164: '+33500112233' },
  email: 'bonjour@atelier-test.example',
  whatsapp: { display: '06 11 22 33 44', number: '33611223344' },
  siret: '123 456 789 00012',
  mediator: {
    name: 'Médiateur Test de la consommation',
    website: 'https://www.mediateur-test.example',
    address: '3 place du Médiateur, 75001 Paris',
  },
  openingHours: [{ days: 'Du lundi au vendredi', hours: '8h00 – 12h00' }],
};

/** Placeholder values of the default profile that must not show once a profile is saved. */
export const defaultPlaceholders = [
  defaultStoreProfile.phone.display,
  defaultStoreProfile.email,
  defaultStoreProfile.siret,
  defaultStoreProfile.address.street,
  defaultStoreProfile.legalName,
  defaultStoreProfile.mediator.name,
  defaultStoreProfile.whatsapp.display,
];
