/**
 * "il y a 5 min", "il y a 2 h", "hier", "il y a 3 jours" (Intl.RelativeTimeFormat, French). Under
 * a minute: "à l’instant"; a date in the future (a clock ahead) reads as now too.
 */
const units: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400 },
  { unit: 'week', seconds: 7 * 86_400 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

let short: Intl.RelativeTimeFormat | undefined;
let long: Intl.RelativeTimeFormat | undefined;

export function relativeTimeFr(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const elapsed = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (!Number.isFinite(elapsed) || elapsed < 60) return 'à l’instant';
  // "il y a 5 min" and "il y a 2 h" are clear; "il y a 3 j" is not: days and longer are spelled out.
  short ??= new Intl.RelativeTimeFormat('fr', { numeric: 'auto', style: 'short' });
  long ??= new Intl.RelativeTimeFormat('fr', { numeric: 'auto', style: 'long' });
  for (const { unit, seconds } of units) {
    if (elapsed < seconds) continue;
    const format = unit === 'minute' || unit === 'hour' ? short : long;
    return format.format(-Math.floor(elapsed / seconds), unit);
  }
  return 'à l’instant';
}

/** "21 nov. 2026 à 09:30", for a title attribute and for screen readers. */
export function absoluteTimeFr(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
