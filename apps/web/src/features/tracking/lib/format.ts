import { formatDate } from '@erepare/shared/format';

const timeFormatter = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/Paris',
});

/** "21/11/2026 à 14:05:09", the shop's time (fr-FR, Paris). */
export function formatUpdateTime(value: number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} à ${timeFormatter.format(date)}`;
}
