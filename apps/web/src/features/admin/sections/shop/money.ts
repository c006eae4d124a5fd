/**
 * Money and dates for the staff sections: amounts are typed in euros the French way ("12,50",
 * "1 234,5", "12.50" accepted too) and sent in integer cents; they are shown with
 * Intl.NumberFormat('fr-FR', EUR). Dates are shown in Paris time.
 */

const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

export function formatEuros(cents: number): string {
  return euro.format(cents / 100);
}

/** "12,50" → 1250; "" → null; anything that is not an amount with at most 2 decimals → NaN. */
export function parseEuros(input: string): number | null {
  const compact = input.replace(/[\s\u00a0\u202f€]/g, '');
  if (compact === '') return null;
  const match = /^(-?)(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return Number.NaN;
  const [, sign = '', whole = '0', decimals = ''] = match;
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** 1250 → "12,50" (for an input's default value); null → "". */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export const AMOUNT_FORMAT_MESSAGE = 'Montant invalide\u00a0: saisissez des euros, par exemple 12,50';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const dateOnly = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A `YYYY-MM-DD` day or an ISO date-time, shown as a French date. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
}

/** The hundredths of a percent of a coupon (1050) as typed ("10,5"). */
export function hundredthsToInput(value: number): string {
  return centsToInput(value).replace(/,00$/, '').replace(/(,\d)0$/, '$1');
}
