import { formatDate, formatDateTime, formatEuros } from '@erepare/shared/format';

/**
 * Text for jsPDF's standard Helvetica, which encodes WinAnsi (CP1252): é è à ç ê ô û « » € ’ …
 * render; the narrow no-break space that Intl.NumberFormat('fr-FR') puts between thousands
 * (U+202F) does not, so every no-break or thin space becomes a plain space, and anything else
 * outside WinAnsi (an emoji, a CJK character) a question mark rather than garbage.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function pdfText(value: string | number | null | undefined): string {
  const text = String(value ?? '')
    .normalize('NFC')
    .replace(/[\u00a0\u2007\u2009\u202f\u2002\u2003]/g, ' ')
    .replace(/[\u2010\u2011]/g, '-')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const encodable = code === 0x0a || code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
    out += encodable ? character : '?';
  }
  return out;
}

/** "1 234,50 €", fr-FR, with plain spaces (spec 1 §9: euros, French locale, 2 decimals). */
export function pdfEuros(euros: number): string {
  return pdfText(formatEuros(euros));
}

export function pdfDate(value: string | Date | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : pdfText(formatDate(value));
}

export function pdfDateTime(value: string | Date | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : pdfText(formatDateTime(value));
}

/** "2026-11-20", the shop's (Paris) calendar day, for file names. */
export function isoDay(value: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Paris' }).formatToParts(value);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A file name part: letters, digits, dot, hyphen and underscore only. */
export function fileNamePart(value: string): string {
  return value.trim().replace(/[^0-9A-Za-z._-]+/g, '-').replace(/^-+|-+$/g, '') || 'document';
}
