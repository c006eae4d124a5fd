/**
 * The numbers that identify a business (issue 22 §1): SIRET and SIREN (INSEE), and the
 * intra-Community VAT number a business customer's invoice carries (art. 242 nonies A, annexe II
 * du CGI). One rule for the admin's form, the server that stores them and the store profile's
 * checklist. Spaces (and the dots some people type) are ignored; values are kept compact: SIREN
 * as 9 digits, VAT numbers upper-cased without spaces.
 */

/** La Poste's SIREN: its establishments' SIRET do not follow the Luhn key (their digits add up to a multiple of 5). */
export const LA_POSTE_SIREN = '356000000';

/** The member states' prefixes of VAT numbers (Greece writes EL; XI is Northern Ireland, under the EU's VAT rules for goods). */
export const EU_VAT_PREFIXES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
] as const;

export const businessIdMessages = {
  sirenShape: 'Numéro SIREN invalide\u00a0: 9 chiffres attendus (par exemple 732\u202f829\u202f320).',
  sirenKey: 'Numéro SIREN invalide\u00a0: la clé de contrôle ne correspond pas, vérifiez les 9 chiffres.',
  vatCountry: 'Numéro de TVA intracommunautaire invalide\u00a0: il commence par le code d’un pays de l’Union européenne (FR, DE, BE…).',
  vatShape: 'Numéro de TVA intracommunautaire invalide\u00a0: le code du pays puis 2 à 13 lettres ou chiffres.',
  vatFrenchShape: 'Numéro de TVA intracommunautaire invalide\u00a0: FR, une clé de 2 chiffres puis les 9 chiffres du SIREN (par exemple FR44 732\u202f829\u202f320).',
  vatFrenchSiren: 'Numéro de TVA intracommunautaire invalide\u00a0: le SIREN qu’il contient n’est pas valide.',
  vatFrenchKey: 'Numéro de TVA intracommunautaire invalide\u00a0: la clé ne correspond pas au SIREN qu’il contient.',
  mismatch: 'Le numéro de TVA intracommunautaire ne correspond pas au SIREN indiqué.',
} as const;

/** Whitespace of any kind (no-break spaces included) and dots: how people group these digits. */
const SEPARATORS = /[\s.\u00a0\u202f]+/g;

/** "732 829 320" → "732829320". */
export function normaliseSiren(value: string): string {
  return value.replace(SEPARATORS, '');
}

/** "fr 40 732 829 320" → "FR40732829320". */
export function normaliseVatNumber(value: string): string {
  return value.replace(SEPARATORS, '').toUpperCase();
}

/** Luhn sum (mod 10) of a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * SIRET (14 digits): the Luhn key of INSEE, except La Poste's establishments (SIREN 356 000 000),
 * whose digits add up to a multiple of 5. All zeros is the example value, never a real one.
 */
export function isValidSiret(value: string): boolean {
  const digits = value.replace(/[\s.]+/g, '');
  if (!/^\d{14}$/.test(digits) || /^0+$/.test(digits)) return false;
  if (digits.startsWith(LA_POSTE_SIREN)) return [...digits].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  return luhnValid(digits);
}

/** SIREN (9 digits, spaces ignored): the Luhn key, La Poste's own number, never all zeros. */
export function isValidSiren(value: string): boolean {
  const digits = normaliseSiren(value);
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  return digits === LA_POSTE_SIREN || luhnValid(digits);
}

/** The key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  const digits = normaliseSiren(siren);
  return String((12 + 3 * (Number(digits) % 97)) % 97).padStart(2, '0');
}

/** The French VAT number of a SIREN: "FR" + key + SIREN. */
export function frenchVatNumber(siren: string): string {
  const digits = normaliseSiren(siren);
  return `FR${frenchVatKey(digits)}${digits}`;
}

/** The SIREN a French VAT number holds (its last 9 digits); null for another country's. */
export function sirenOfVatNumber(vatNumber: string): string | null {
  const value = normaliseVatNumber(vatNumber);
  return /^FR[0-9A-Z]{2}\d{9}$/.test(value) ? value.slice(4) : null;
}

export type IdCheck = { ok: true; value: string } | { ok: false; message: string };

/** A SIREN as typed: '' (unknown) or 9 valid digits, returned compact. */
export function checkSiren(value: string): IdCheck {
  const digits = normaliseSiren(value);
  if (digits === '') return { ok: true, value: '' };
  if (!/^\d{9}$/.test(digits)) return { ok: false, message: businessIdMessages.sirenShape };
  if (!isValidSiren(digits)) return { ok: false, message: businessIdMessages.sirenKey };
  return { ok: true, value: digits };
}

/**
 * A VAT number as typed: '' (unknown), a French one whose key matches its SIREN, or another
 * member state's on its shape only (prefix + 2 to 13 letters or digits: each country has its own
 * rule, checked by VIES, which the shop does not call).
 */
export function checkVatNumber(value: string): IdCheck {
  const vat = normaliseVatNumber(value);
  if (vat === '') return { ok: true, value: '' };
  const prefix = vat.slice(0, 2);
  if (!(EU_VAT_PREFIXES as readonly string[]).includes(prefix)) return { ok: false, message: businessIdMessages.vatCountry };
  if (prefix === 'FR') {
    const match = /^FR(\d{2})(\d{9})$/.exec(vat);
    if (!match) return { ok: false, message: businessIdMessages.vatFrenchShape };
    const [, key = '', siren = ''] = match;
    if (!isValidSiren(siren)) return { ok: false, message: businessIdMessages.vatFrenchSiren };
    if (frenchVatKey(siren) !== key) return { ok: false, message: businessIdMessages.vatFrenchKey };
    return { ok: true, value: vat };
  }
  if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vat)) return { ok: false, message: businessIdMessages.vatShape };
  return { ok: true, value: vat };
}

export type BusinessIds = { siren: string; vatNumber: string };

export type BusinessIdsCheck = ({ ok: true } & BusinessIds) | { ok: false; field: keyof BusinessIds; message: string };

/**
 * Both numbers of a customer, each checked, then together: a French VAT number names a SIREN,
 * which must be the one given (when one is given).
 */
export function checkBusinessIds(input: BusinessIds): BusinessIdsCheck {
  const siren = checkSiren(input.siren);
  if (!siren.ok) return { ok: false, field: 'siren', message: siren.message };
  const vat = checkVatNumber(input.vatNumber);
  if (!vat.ok) return { ok: false, field: 'vatNumber', message: vat.message };
  if (businessIdsDisagree(siren.value, vat.value)) return { ok: false, field: 'vatNumber', message: businessIdMessages.mismatch };
  return { ok: true, siren: siren.value, vatNumber: vat.value };
}

/** A French VAT number whose SIREN is not the SIREN given (either unknown: no disagreement). */
export function businessIdsDisagree(siren: string, vatNumber: string): boolean {
  const inVat = sirenOfVatNumber(vatNumber);
  const given = normaliseSiren(siren);
  return inVat !== null && given !== '' && inVat !== given;
}
