/**
 * Lenient readers for RepairDesk's values: numbers arrive as strings, amounts as "$1,208.87",
 * "12.50" or 12.5, booleans as 1/"1"/true, dates as Unix seconds (sometimes as strings or
 * milliseconds). Every reader accepts anything and falls back to an empty value: one odd field
 * must not make a whole list unreadable.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A trimmed string; numbers and booleans as text; anything else ''. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return '';
}

/** A name given as a string or as an object `{ name }` (category, manufacturer, status…). */
export function asName(value: unknown): string {
  if (isRecord(value)) return asText(value.name ?? value.title ?? value.value);
  return asText(value);
}

/**
 * An amount in currency units: 12.5, "12.50", "$1,208.87", "1 208,87 €", "-4.00". Null when
 * there is no number in it.
 */
export function parseAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let text = value.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(text)) return null;
  const negative = text.startsWith('-') || /^\s*\(.*\)\s*$/.test(value);
  text = text.replace(/-/g, '');
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // "1,208.87" (comma for thousands) or "1.208,87" (French style).
    text = lastComma > lastDot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (lastComma >= 0) {
    const commas = text.split(',').length - 1;
    const decimals = text.length - lastComma - 1;
    // "12,50" is a decimal comma; "1,208" and "1,208,870" are thousands.
    text = commas === 1 && decimals !== 3 ? text.replace(',', '.') : text.replace(/,/g, '');
  } else if (text.split('.').length > 2) {
    text = text.replace(/\./g, '');
  }
  const amount = Number(text);
  if (!Number.isFinite(amount)) return null;
  return negative ? -amount : amount;
}

/** Integer cents of an amount in currency units (0 when absent or unreadable). */
export function toCents(value: unknown): number {
  const amount = parseAmount(value);
  return amount === null ? 0 : amountToCents(amount);
}

/** Like toCents, but null when the amount is absent. */
export function toCentsOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const amount = parseAmount(value);
  return amount === null ? null : amountToCents(amount);
}

function amountToCents(amount: number): number {
  // 1.005 * 100 is 100.49999…: round the product to 12 significant digits first.
  return Math.round(Number((amount * 100).toPrecision(12))) || 0;
}

/** An integer (quantities, stock "12"): 0 when unreadable. */
export function asInt(value: unknown, fallback = 0): number {
  const amount = parseAmount(value);
  return amount === null ? fallback : Math.trunc(amount);
}

/** A positive integer id from 12 or "12"; null otherwise. */
export function asId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return null;
}

export function asBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on', 'oui'].includes(value.trim().toLowerCase());
  return false;
}

/**
 * A date from Unix seconds (number or numeric string), milliseconds (13 digits), or a date
 * string RepairDesk sometimes uses ("2024-03-12 10:15:00", taken as UTC). Null for 0, '' or junk.
 */
export function asDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))) {
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0) return null;
    const date = new Date(number < 1e12 ? Math.round(number * 1000) : Math.round(number));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim();
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
    const time = Date.parse(iso);
    return Number.isNaN(time) ? null : new Date(time);
  }
  return null;
}

/** Unix seconds of a date, for from_date / to_date. */
export function unixSeconds(date: Date, round: 'floor' | 'ceil' = 'floor'): number {
  return round === 'ceil' ? Math.ceil(date.getTime() / 1000) : Math.floor(date.getTime() / 1000);
}
