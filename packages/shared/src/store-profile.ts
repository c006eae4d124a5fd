/**
 * The shop's public identity, shown in the footer, the contact and legal pages, the maintenance
 * page, the mails, the invoices and the structured data. Staff edit it in the dashboard
 * (Paramètres → Profil de la boutique); it is stored in the database (`store_profile`) and the
 * server renders every page with it (the root loader). `defaultStoreProfile` holds placeholder
 * values, used until the owner saves the real ones.
 * Nothing else in the code base may hard-code an address, a phone number or an e-mail of the shop.
 */
export type OpeningSlot = { days: string; hours: string };

export type StoreProfile = {
  name: string;
  legalName: string;
  address: { street: string; postalCode: string; city: string; country: string };
  geo: { latitude: number; longitude: number };
  phone: { display: string; e164: string };
  email: string;
  whatsapp: { display: string; number: string };
  social: { facebook: string; instagram: string; tiktok: string };
  siret: string;
  /**
   * Company details of the legal notice (LCEN art. 6 III) and the CGV: legal form, share capital,
   * the RCS (or RNE/RM) registration city, the intra-community VAT number and the publication
   * director. Placeholders until the owner fills them in.
   */
  company: {
    legalForm: string;
    shareCapital: string;
    rcsCity: string;
    vatNumber: string;
    publicationDirector: string;
  };
  /** The website host (hébergeur), which the legal notice must name (LCEN art. 6 III). */
  host: { name: string; address: string; phone: string };
  /**
   * The consumer mediator the shop has joined (articles L612-1 and R616-1 du Code de la
   * consommation): named in the CGV and the legal notice.
   */
  mediator: { name: string; website: string; address: string };
  /**
   * VAT regime of the shop: 'standard' (20 %, HT = TTC / 1.2 on invoices and PDFs) or 'franchise'
   * (franchise en base: no VAT, "TVA non applicable, art. 293 B du CGI"). Resolves the spec's two
   * readings: the shop says which one is true.
   */
  vatRegime: 'standard' | 'franchise';
  /** The repair system's customer portal (links open in a new tab); empty: no link shown. */
  customerPortalUrl: string;
  /**
   * Account for bank-transfer orders (shown at checkout and e-mailed). Bank transfer is offered
   * only when the IBAN is filled in.
   */
  bank: { accountHolder: string; bankName: string; iban: string; bic: string };
  /**
   * What every invoice states about payment (issue 22 §1): the terms (when payment is due, no
   * discount for early payment) and, for business customers, the late-payment penalty rate
   * (art. L441-10 du Code de commerce; the 40 € recovery indemnity is fixed by law).
   */
  invoicing: { paymentTerms: string; latePenaltyRate: string };
  /** Opening hours of the shop: every page that states hours (footer, contact, maintenance page, e-mails) shows these. */
  openingHours: OpeningSlot[];
};

export const defaultStoreProfile: StoreProfile = {
  name: 'E.repare',
  legalName: 'E.repare (nom commercial à compléter)',
  address: {
    street: '1 avenue de l’Exemple',
    postalCode: '33470',
    city: 'Gujan-Mestras',
    country: 'France',
  },
  geo: { latitude: 44.63648, longitude: -1.06731 },
  phone: { display: '05 56 00 00 00', e164: '+33556000000' },
  email: 'contact@erepare.example',
  whatsapp: { display: '06 00 00 00 00', number: '33600000000' },
  social: {
    facebook: 'https://www.facebook.com/erepare.exemple',
    instagram: 'https://www.instagram.com/erepare.exemple',
    tiktok: 'https://www.tiktok.com/@erepare.exemple',
  },
  siret: '000 000 000 00000',
  company: {
    legalForm: 'Forme juridique à compléter (entreprise individuelle, EURL, SARL, SAS…)',
    shareCapital: 'Capital social à compléter',
    rcsCity: 'Bordeaux (ville du greffe à compléter)',
    vatNumber: 'FR00 000000000 (numéro de TVA intracommunautaire à compléter)',
    publicationDirector: 'Nom du directeur de la publication à compléter',
  },
  host: {
    name: 'Hébergeur à compléter',
    address: 'Adresse de l’hébergeur à compléter',
    phone: 'Téléphone de l’hébergeur à compléter',
  },
  mediator: {
    name: 'Médiateur de la consommation à compléter',
    website: 'https://www.economie.gouv.fr/mediation-conso',
    address: 'Adresse postale du médiateur à compléter',
  },
  vatRegime: 'standard',
  customerPortalUrl: '',
  bank: {
    accountHolder: 'E.repare',
    bankName: 'Banque à compléter',
    iban: 'FR76 0000 0000 0000 0000 0000 000',
    bic: 'XXXXFRPPXXX',
  },
  invoicing: {
    paymentTerms: 'Paiement comptant à réception de la facture. Pas d’escompte pour paiement anticipé.',
    latePenaltyRate: 'trois fois le taux d’intérêt légal',
  },
  openingHours: [
    { days: 'Du mardi au samedi', hours: '9h30 – 13h30 et 14h30 – 18h00' },
    { days: 'Dimanche et lundi', hours: 'Fermé' },
  ],
};

export function formatAddress(profile: StoreProfile): string {
  const { street, postalCode, city } = profile.address;
  return `${street}, ${postalCode} ${city}`;
}

export function whatsappUrl(profile: StoreProfile, text?: string): string {
  const base = `https://wa.me/${profile.whatsapp.number}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

export function mapsUrl(profile: StoreProfile): string {
  const { latitude, longitude } = profile.geo;
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/**
 * Whether `value` has the shape of `model`: every key of the model, with a value of the same kind
 * (arrays: every item shaped like the model's first). Used without zod where a profile arrives
 * from outside the code (the page's embedded copy): zod must not weigh on the first page load.
 */
function sameShape(value: unknown, model: unknown): boolean {
  if (Array.isArray(model)) {
    const [item] = model as unknown[];
    return Array.isArray(value) && value.every((entry) => sameShape(entry, item));
  }
  if (model && typeof model === 'object') {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
    return Object.entries(model).every(([key, child]) => sameShape((value as Record<string, unknown>)[key], child));
  }
  return typeof value === typeof model;
}

/** Parts added to the profile after profiles were first saved: a saved profile without them takes the default. */
const PARTS_ADDED_LATER = new Set<string>(['invoicing']);

/**
 * `value` as a store profile when it has a profile's shape (the server's copy); null otherwise.
 * Keys a profile no longer has (a profile saved by an older version: `maintenanceHours`) are left
 * out; a whole part it does not have yet (saved before `invoicing` existed) takes the default.
 */
export function asStoreProfile(value: unknown): StoreProfile | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const stored = value as Record<string, unknown>;
  const profile = Object.fromEntries(
    Object.entries(defaultStoreProfile).map(([key, fallback]) => [key, !(key in stored) && PARTS_ADDED_LATER.has(key) ? fallback : stored[key]]),
  ) as StoreProfile;
  if (!sameShape(profile, defaultStoreProfile)) return null;
  return profile.vatRegime === 'standard' || profile.vatRegime === 'franchise' ? profile : null;
}
