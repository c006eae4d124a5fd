import type { OpeningSlot } from './store-profile.js';

/**
 * Service SMS (issue 24 §5): the rules that decide what a text costs and when it may leave.
 * Pure, used by the server (SMS outbox, job) and by the tests.
 *
 * - Encoding and segments (3GPP TS 23.038): a text made only of the GSM 03.38 alphabet is sent in
 *   GSM-7, 160 characters in one SMS, 153 per part when longer (the characters of the extension
 *   table, such as € or [, count twice). Any other character (ê, ç, ’, an emoji) switches the
 *   whole text to UCS-2: 70 UTF-16 units in one SMS, 67 per part.
 * - Quiet hours: service messages are not urgent; one queued between 21:00 and 08:00 (Paris)
 *   waits until 08:00.
 */

/** GSM 03.38 basic character set (the escape and the form feed excluded). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** GSM 03.38 extension table: two septets each. */
const GSM7_EXTENSION = new Set('^{}\\[~]|€');

export type SmsEncoding = 'gsm7' | 'ucs2';
export type SmsSize = { encoding: SmsEncoding; /** septets (GSM-7) or UTF-16 units (UCS-2) */ units: number; segments: number };

export const SMS_SINGLE_GSM7 = 160;
export const SMS_PART_GSM7 = 153;
export const SMS_SINGLE_UCS2 = 70;
export const SMS_PART_UCS2 = 67;

export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7_BASIC.has(char) && !GSM7_EXTENSION.has(char)) return false;
  return true;
}

/** How the text travels and how many SMS it costs. */
export function smsSize(text: string): SmsSize {
  if (isGsm7(text)) {
    let units = 0;
    for (const char of text) units += GSM7_EXTENSION.has(char) ? 2 : 1;
    return { encoding: 'gsm7', units, segments: units === 0 ? 0 : units <= SMS_SINGLE_GSM7 ? 1 : Math.ceil(units / SMS_PART_GSM7) };
  }
  const units = text.length;
  return { encoding: 'ucs2', units, segments: units <= SMS_SINGLE_UCS2 ? 1 : Math.ceil(units / SMS_PART_UCS2) };
}

/**
 * Typography of our French texts that GSM-7 lacks, replaced by its plain equivalent so that a
 * message written like the site's strings (’, non-breaking spaces, « », –, …) stays in GSM-7.
 * Letters are kept as they are (an ê still makes the text UCS-2: better than a misspelling).
 */
export function smsPlainText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/«\s*/g, '"')
    .replace(/\s*»/g, '"')
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * An alphanumeric sender id from a name (the store's): letters and digits only, accents removed,
 * at most 11 characters, at least one letter (operators refuse all-digit names that are not a
 * phone number). Null when nothing usable remains.
 */
export function smsSenderId(name: string): string | null {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 11);
  return /[A-Za-z]/.test(plain) ? plain : null;
}

/** A valid sender id as Brevo takes it: 3 to 11 letters or digits with one letter, or a number of up to 15 digits. */
export function isSmsSenderId(value: string): boolean {
  return /^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/.test(value) || /^\+?\d{3,15}$/.test(value);
}

export const SMS_QUIET_FROM_HOUR = 21;
export const SMS_QUIET_UNTIL_HOUR = 8;

const parisParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

function paris(date: Date): { year: number; month: number; day: number; hour: number } {
  const parts = Object.fromEntries(parisParts.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) };
}

/** The instant of hh:00 in Paris on that calendar day (summer or winter time). */
function parisInstant(year: number, month: number, day: number, hour: number): Date {
  // Paris is UTC+1 or UTC+2: try both, keep the one that reads back as the wanted hour.
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.UTC(year, month - 1, day, hour - offset));
    const back = paris(candidate);
    if (back.hour === hour && back.day === day) return candidate;
  }
  return new Date(Date.UTC(year, month - 1, day, hour - 1));
}

/** Whether `now` falls in the quiet hours (21:00 to 08:00, Paris). */
export function inSmsQuietHours(now: Date): boolean {
  const { hour } = paris(now);
  return hour >= SMS_QUIET_FROM_HOUR || hour < SMS_QUIET_UNTIL_HOUR;
}

/** When a non-urgent SMS due at `at` may leave: `at` itself, or 08:00 (Paris) after it during quiet hours. */
export function smsSendableAt(at: Date): Date {
  if (!inSmsQuietHours(at)) return at;
  const { year, month, day, hour } = paris(at);
  if (hour < SMS_QUIET_UNTIL_HOUR) return parisInstant(year, month, day, SMS_QUIET_UNTIL_HOUR);
  // After 21:00: 08:00 the next calendar day (noon UTC of today + 1 day is safely tomorrow in Paris).
  const tomorrow = paris(new Date(Date.UTC(year, month - 1, day, 12) + 24 * 3_600_000));
  return parisInstant(tomorrow.year, tomorrow.month, tomorrow.day, SMS_QUIET_UNTIL_HOUR);
}

/** The opening hours in one short line: « du mardi au samedi 9h30-13h30 et 14h30-18h00 » (closed days left out). */
export function smsOpeningHours(slots: readonly OpeningSlot[]): string {
  return slots
    .filter((slot) => !/^ferm/i.test(slot.hours.trim()))
    .map((slot) => `${slot.days.charAt(0).toLowerCase()}${slot.days.slice(1)} ${slot.hours.replace(/\s*[\u2013\u2014-]\s*/g, '-')}`)
    .join(' ; ');
}

/**
 * « E.repare : votre appareil (T-1234) est disponible au retrait en boutique. Retrait du mardi
 * au samedi… » in one GSM-7 SMS when it can: the wording avoids letters outside GSM-7 (« prêt »
 * would make the whole text UCS-2, 70 characters an SMS), and the hours are left out when the
 * whole would not fit in 160 characters.
 */
export function readyForPickupSms(input: { storeName: string; ticket: string; openingHours: readonly OpeningSlot[] }): string {
  const head = smsPlainText(`${input.storeName}\u00a0: votre appareil (${input.ticket}) est disponible au retrait en boutique.`);
  const hours = smsOpeningHours(input.openingHours);
  const full = hours ? smsPlainText(`${head} Horaires : ${hours}.`) : head;
  const fits = (text: string) => smsSize(text).encoding === 'gsm7' && smsSize(text).segments === 1;
  if (fits(full)) return full;
  return fits(head) || !hours ? head : full;
}
