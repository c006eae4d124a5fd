/**
 * Is the shop ready to open? (issue 23 §1 and §2). The store profile starts with example values
 * (`defaultStoreProfile`): a demo on localhost shows them as they are, but a site that runs for
 * real (PUBLIC_URL not on this machine) must never hand them to a customer or a search engine.
 * These rules are shared by the server (robots.txt, payment methods, the go-live checklist), the
 * pages (noindex, the « site en cours de mise en place » banner, structured data) and the admin's
 * profile form (fields marked « Exemple »).
 */
import { businessIdsDisagree, checkVatNumber, isValidSiret } from './business-ids.js';
import { defaultStoreProfile, type StoreProfile } from './store-profile.js';

// The SIRET's rule lives with the other business numbers (SIREN, VAT number); the checklist's callers import it from here.
export { isValidSiret };

/** A field of the store profile the checklist and the admin form talk about. */
export type ProfileFieldKey =
  | 'legalName'
  | 'address'
  | 'phone'
  | 'email'
  | 'whatsapp'
  | 'social'
  | 'siret'
  | 'company.legalForm'
  | 'company.shareCapital'
  | 'company.rcsCity'
  | 'company.vatNumber'
  | 'company.publicationDirector'
  | 'host'
  | 'mediator'
  | 'bank'
  | 'openingHours';

export type ProfileProblem = {
  field: ProfileFieldKey;
  /** French label of the field, as the admin form names it. */
  label: string;
  /** `example`: still the example value shipped with the site; `invalid`: a value that cannot be right. */
  kind: 'example' | 'invalid';
  /** French sentence for the owner. */
  message: string;
};

/** Words that only example values carry (« à compléter », « exemple », `.example` addresses, `XXXX`). */
const PLACEHOLDER = /à compléter|a completer|exemple|\.example\b|XXXX/i;

const digitsOf = (value: string) => value.replace(/\D+/g, '');
const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** BIC (ISO 9362): 4 letters (bank), 2 letters (country), 2 letters or digits (place), optionally 3 more (branch). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(value));
}

/** IBAN check digits (ISO 13616: the rearranged number modulo 97 is 1). */
export function isValidIban(value: string): boolean {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** An IBAN whose account part is all zeros passes mod-97 (FR76 0000 …): it is the example, never a real account. */
const isZeroAccount = (iban: string) => /^[A-Z]{2}\d{2}0+$/.test(compact(iban));

/** A French phone number in E.164 (+33 then 9 digits, not starting with 0). */
const isFrenchE164 = (value: string) => /^\+33[1-9]\d{8}$/.test(value.trim());

/**
 * Whether the site's public address is not a real site: this machine (a demo), or a name under
 * a top-level domain reserved for tests and documentation (RFC 2606 and 6761: .test, .example,
 * .invalid, .localhost), which no visitor can reach. Example values are fine there.
 */
export function isLocalPublicUrl(publicUrl: string): boolean {
  let host: string;
  try {
    host = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return true;
  }
  host = host.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || host === '0.0.0.0' || /^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  return /\.(test|example|invalid|localhost)$/.test(host);
}

type Check = { field: ProfileFieldKey; label: string; example: (profile: StoreProfile) => boolean; invalid?: (profile: StoreProfile) => string | null };

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const placeholder = (...values: string[]) => values.some((value) => PLACEHOLDER.test(value));

const CHECKS: Check[] = [
  { field: 'legalName', label: 'Raison sociale', example: (p) => placeholder(p.legalName) },
  {
    field: 'address',
    label: 'Adresse de la boutique',
    example: (p) => placeholder(p.address.street, p.address.city) || p.address.street === defaultStoreProfile.address.street,
  },
  {
    field: 'phone',
    label: 'Téléphone',
    example: (p) => p.phone.e164 === defaultStoreProfile.phone.e164 || digitsOf(p.phone.display) === digitsOf(defaultStoreProfile.phone.display),
    invalid: (p) => (isFrenchE164(p.phone.e164) ? null : 'Le numéro international doit s’écrire +33 suivi de 9 chiffres.'),
  },
  { field: 'email', label: 'E-mail de contact', example: (p) => placeholder(p.email) },
  {
    field: 'whatsapp',
    label: 'WhatsApp',
    example: (p) => p.whatsapp.number !== '' && p.whatsapp.number === defaultStoreProfile.whatsapp.number,
  },
  { field: 'social', label: 'Réseaux sociaux', example: (p) => placeholder(...Object.values(p.social)) },
  {
    field: 'siret',
    label: 'SIRET',
    example: (p) => /^0+$/.test(p.siret.replace(/\s+/g, '')),
    invalid: (p) => (isValidSiret(p.siret) ? null : 'Le SIRET ne correspond pas à sa clé de contrôle\u00a0: vérifiez les 14 chiffres.'),
  },
  { field: 'company.legalForm', label: 'Forme juridique', example: (p) => placeholder(p.company.legalForm) },
  { field: 'company.shareCapital', label: 'Capital social', example: (p) => placeholder(p.company.shareCapital) },
  { field: 'company.rcsCity', label: 'Immatriculation (RCS ou RM)', example: (p) => placeholder(p.company.rcsCity) },
  {
    field: 'company.vatNumber',
    label: 'Numéro de TVA intracommunautaire',
    // A shop under the VAT franchise may have none; an example value is never right.
    example: (p) => placeholder(p.company.vatNumber) || /^FR0+\s*0+$/.test(p.company.vatNumber.replace(/\s+/g, '')),
    // Printed on every invoice under the normal regime (art. 242 nonies A, annexe II du CGI): its key and its SIREN are checked.
    invalid: (p) => {
      if (!p.company.vatNumber.trim()) return p.vatRegime === 'franchise' ? null : 'à indiquer, car il figure sur chaque facture (régime de TVA normal).';
      const vat = checkVatNumber(p.company.vatNumber);
      // « Numéro de TVA intracommunautaire invalide : la clé … » → « La clé … » (the checklist names the field).
      if (!vat.ok) return upperFirst(vat.message.replace(/^[^:]*:\s*/, ''));
      return businessIdsDisagree(p.siret.replace(/\s+/g, '').slice(0, 9), vat.value) ? 'Il ne correspond pas au SIREN du SIRET (ses 9 derniers chiffres sont le SIREN).' : null;
    },
  },
  { field: 'company.publicationDirector', label: 'Directeur de la publication', example: (p) => placeholder(p.company.publicationDirector) },
  { field: 'host', label: 'Hébergeur du site', example: (p) => placeholder(p.host.name, p.host.address, p.host.phone) },
  { field: 'mediator', label: 'Médiateur de la consommation', example: (p) => placeholder(p.mediator.name, p.mediator.address) },
  {
    field: 'bank',
    label: 'Coordonnées bancaires',
    example: (p) =>
      p.bank.iban.trim() !== '' && (placeholder(p.bank.bankName, p.bank.bic) || isZeroAccount(p.bank.iban) || compact(p.bank.iban) === compact(defaultStoreProfile.bank.iban)),
    invalid: (p) => {
      if (!p.bank.iban.trim()) return null;
      if (!isValidIban(p.bank.iban)) return 'L’IBAN ne correspond pas à sa clé de contrôle.';
      if (!isValidBic(p.bank.bic)) return 'Le BIC doit compter 8 ou 11 caractères (par exemple BNPAFRPPXXX).';
      return null;
    },
  },
  {
    field: 'openingHours',
    label: 'Horaires d’ouverture',
    example: (p) => p.openingHours.some((slot) => placeholder(slot.days, slot.hours)),
    invalid: (p) => (p.openingHours.length > 0 ? null : 'Indiquez au moins un créneau d’ouverture.'),
  },
];

/**
 * What is still wrong with the profile before opening: each field holding an example value, or a
 * value that cannot be right (SIRET key, VAT number's key and SIREN, IBAN key, BIC shape, phone), in the admin form's order.
 */
export function profileProblems(profile: StoreProfile): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  for (const check of CHECKS) {
    if (check.example(profile)) {
      problems.push({ field: check.field, label: check.label, kind: 'example', message: `${check.label}\u00a0: valeur d’exemple à remplacer.` });
      continue;
    }
    const invalid = check.invalid?.(profile);
    if (invalid) problems.push({ field: check.field, label: check.label, kind: 'invalid', message: `${check.label}\u00a0: ${invalid}` });
  }
  return problems;
}

/** The fields of the profile that still hold an example value. */
export function exampleFields(profile: StoreProfile): Set<ProfileFieldKey> {
  return new Set(CHECKS.filter((check) => check.example(profile)).map((check) => check.field));
}

/**
 * The site runs for real (not on this machine) while the profile still holds example or wrong
 * values: pages are noindex, robots.txt closes the site, a banner says it is being set up, and
 * structured data leaves out what is not real.
 */
export function isSettingUp(profile: StoreProfile, publicUrl: string): boolean {
  return !isLocalPublicUrl(publicUrl) && profileProblems(profile).length > 0;
}

/**
 * Bank transfer is offered only with bank details a customer can really pay to: a valid IBAN and
 * BIC that are not the example ones. On this machine (the demo, the tests), any IBAN will do.
 */
export function bankTransferOffered(profile: StoreProfile, publicUrl: string): boolean {
  if (!profile.bank.iban.trim()) return false;
  if (isLocalPublicUrl(publicUrl)) return true;
  const bank = CHECKS.find((check) => check.field === 'bank')!;
  return !bank.example(profile) && !bank.invalid?.(profile) && profile.bank.accountHolder.trim() !== '';
}
