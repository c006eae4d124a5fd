import { formatDate, formatDateTime, formatEuros } from '@erepare/shared/format';

/**
 * Text for the PDF's embedded DejaVu Sans (Latin, Greek, Cyrillic, punctuation, €, « », œ, the
 * narrow no-break space of fr-FR amounts). Control characters go; an emoji or a script the font
 * does not draw (CJK…) becomes a question mark rather than an empty box.
 */
const OUTSIDE_FONT = /\p{Extended_Pictographic}|[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\p{Script=Greek}\p{Script=Cyrillic}]/gu;

export function docText(value: string | number | null | undefined): string {
  return (
    String(value ?? '')
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      // Zero-width characters and emoji variation selectors: nothing to draw.
      .replace(/\u200b|\u200c|\u200d|\ufe0f/g, '')
      .replace(OUTSIDE_FONT, '?')
  );
}

/** "1 234,50 €" (fr-FR: narrow no-break space between thousands, no-break space before €). */
export function docEuros(euros: number): string {
  return formatEuros(euros);
}

export function docCents(cents: number): string {
  return formatEuros(cents / 100);
}

export function docDate(value: string | Date | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : formatDate(value);
}

export function docDateTime(value: string | Date | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : formatDateTime(value);
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
