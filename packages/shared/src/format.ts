/**
 * A formatter made on first use: making one (ICU data, the Paris time zone) costs a few
 * milliseconds each, and every page of the app imports this module (a phone's first load would
 * pay for all five before anything is shown).
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const euroFormatter = onFirstUse(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }));
const dateFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    }),
);
const dateTimeFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Paris',
    }),
);
const longDateFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    }),
);

/** Money is stored in integer cents; this is the only way it is shown ("1 234,50 €"). */
export function formatCents(cents: number): string {
  return euroFormatter().format(Math.round(cents) / 100);
}

const amountFormatter = onFirstUse(() => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** "1 234,50": an amount without its currency sign, grouped like {@link formatCents}; for text, never an input's value. */
export function formatAmount(cents: number): string {
  // `|| 0`: a rounded -0.4 is -0, which Intl writes « -0,00 ».
  return amountFormatter().format((Math.round(cents) || 0) / 100);
}

const wholeEuroFormatter = onFirstUse(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }));

/** "50 €" for whole euros, "49,90 €" otherwise: amounts in running text. */
export function formatCentsShort(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0 ? wholeEuroFormatter().format(rounded / 100) : formatCents(rounded);
}

/** For amounts that the spec expresses in euros (prices of marketing pages, for example). */
export function formatEuros(euros: number): string {
  return euroFormatter().format(euros);
}

/** Parses "12,50", "12.5", "12,50 €" into cents; null when it is not an amount. */
export function parseEurosToCents(input: string): number | null {
  const cleaned = input.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "20/11/2026" in Paris time; an empty string for an invalid date. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormatter().format(date) : '';
}

/** "20/11/2026 14:05" in Paris time. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateTimeFormatter().format(date).replace(',', '') : '';
}

/** A date written out in French: the first of the month is « 1er » (« mardi 1er décembre »). */
export function formatWrittenDate(formatter: Intl.DateTimeFormat, date: Date): string {
  return formatter
    .formatToParts(date)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}

/** "vendredi 20 novembre 2026", "mardi 1er décembre 2026". */
export function formatLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? formatWrittenDate(longDateFormatter(), date) : '';
}

/**
 * A town after « à » or « de », as French writes it: « au Teich », « du Teich », « aux Sables »,
 * « d’Arcachon », « d’Andernos-les-Bains », « à La Teste-de-Buch », « de Gujan-Mestras ».
 */
export function withTown(preposition: 'à' | 'de', town: string): string {
  const name = town.trim();
  const article = /^(Le|Les) (.+)$/.exec(name);
  if (article) {
    const [, word, rest] = article;
    if (preposition === 'à') return `${word === 'Le' ? 'au' : 'aux'} ${rest}`;
    return `${word === 'Le' ? 'du' : 'des'} ${rest}`;
  }
  if (preposition === 'de' && /^[aeiouyhâàéèêëîïôöûüœ]/i.test(name)) return `d’${name}`;
  return `${preposition} ${name}`;
}
