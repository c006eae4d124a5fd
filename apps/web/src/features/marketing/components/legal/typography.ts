/**
 * French typography for the long texts of the landing and legal pages, so the content modules can
 * be written with ordinary spaces: typographic apostrophes, and a non-breaking space before « : ;
 * ! ? », inside « », between a number and its unit (€, %, km, min, h, mois…) and between groups of
 * digits (« 300 000 », a SIRET « 732 829 320 00074 » the owner typed with spaces).
 */
export function frenchTypography(text: string): string {
  return text
    .replace(/'/g, '’')
    .replace(/ ([:;!?»])/g, '\u00a0$1')
    .replace(/« /g, '«\u00a0')
    .replace(/(\d) (?=\d)/g, '$1\u00a0')
    .replace(/(\d) (€|%|km|min|h\b|mois|jours|ans|heures|minutes|Go|To|m\b)/g, '$1\u00a0$2');
}

/** Applies {@link frenchTypography} to every string of a content tree (objects and arrays). */
export function typeset<T>(value: T): T {
  if (typeof value === 'string') return frenchTypography(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => typeset(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeset(item)])) as T;
  }
  return value;
}
