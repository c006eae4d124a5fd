import type { Random } from './random.js';

/** The Luhn check digit of a string of digits (the IMEI's 15th digit). */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  // From the right, every second digit of the body (the first one next to the check digit) is doubled.
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of `digits` is the Luhn check digit of the others. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * A 15-digit IMEI with a valid check digit: an 8-digit type allocation code starting with 35
 * (the usual prefix of GSMA-issued codes), a 6-digit serial and the Luhn digit.
 */
export function imei(random: Random): string {
  const body = `35${random.digits(12)}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** The EAN-13 check digit of 12 digits (weights 1 and 3 from the left). */
export function ean13CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * An EAN-13 in the 200-299 prefix range, which GS1 reserves for in-store numbering, so it can
 * never be the code of a real product.
 */
export function storeEan13(random: Random): string {
  const body = `2${random.int(0, 9)}${random.digits(10)}`;
  return `${body}${ean13CheckDigit(body)}`;
}

const SERIAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** A serial number in the style of the brand (Apple's 10-12 characters, Nintendo's XAW…, etc.). */
export function serialNumber(random: Random, brand: string): string {
  switch (brand) {
    case 'Apple':
      return random.chars(random.pick([10, 12]), SERIAL_ALPHABET);
    case 'Nintendo':
      return `${random.pick(['XAW', 'XKW', 'XTW', 'XJW'])}${random.digits(11)}`;
    case 'Sony':
      return `${random.pick(['S01', 'E01', 'F01'])}-${random.digits(8)}${random.chars(4, '0123456789ABCDEF')}`;
    case 'Microsoft':
      return random.digits(12);
    case 'Samsung':
      return `R${random.digits(2)}${random.chars(8, SERIAL_ALPHABET)}`;
    case 'HP':
      return `5CD${random.digits(4)}${random.chars(3, SERIAL_ALPHABET)}`;
    case 'Lenovo':
      return `PF${random.chars(6, SERIAL_ALPHABET)}`;
    case 'Dell':
      return random.chars(7, SERIAL_ALPHABET);
    default:
      return `${random.chars(4, SERIAL_ALPHABET)}${random.digits(8)}`;
  }
}
