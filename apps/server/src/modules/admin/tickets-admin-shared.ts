import { adminRepairMessages } from '@erepare/shared/schemas/admin-repair';
import { AppError } from '../../errors.js';

/**
 * Helpers shared by the staff "repair" endpoints (tickets, statuses, customers, invoices).
 */

export type BackendKind = 'local' | 'repairdesk';

/**
 * Every write of the repair desk is local-only: with RepairDesk the data lives there (the site
 * only reads it), so a change made here would be lost or contradict RepairDesk.
 */
export function requireLocalBackend(kind: BackendKind, what: string): void {
  if (kind !== 'local') throw new AppError('REPAIR_READ_ONLY', 409, adminRepairMessages.readOnly(what));
}

/** `%`, `_` and `\` typed by staff are searched literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const parisParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function parisOffsetMs(utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of parisParts.formatToParts(new Date(utcMs))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - utcMs;
}

/** Midnight in Paris of a `YYYY-MM-DD` day, as a UTC instant. */
export function parisMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, date);
  const first = guess - parisOffsetMs(guess);
  // Around a DST change the offset at the result may differ from the guess's: correct once.
  return new Date(guess - parisOffsetMs(first));
}

/**
 * A date input of the API (`YYYY-MM-DD` = that day in Paris, or a full ISO date-time). With
 * `endOfDay`, a day means its end (exclusive bound: midnight of the next day).
 */
export function parseDateInput(value: string, endOfDay = false): Date {
  if (value.length === 10) {
    const start = parisMidnight(value);
    if (!endOfDay) return start;
    const next = new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)) + 1));
    return parisMidnight(next.toISOString().slice(0, 10));
  }
  return new Date(value);
}

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function fullName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/** "12,50 €" for messages. */
export function formatEuros(cents: number): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u202f|\u00a0/g, ' ');
}

/** Only the fields whose value changed, before and after (for the audit log). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    const next = after[key];
    if (next === undefined) continue;
    const previous = before[key];
    const same = previous instanceof Date || next instanceof Date
      ? (previous as Date | null)?.getTime?.() === (next as Date | null)?.getTime?.()
      : JSON.stringify(previous) === JSON.stringify(next);
    if (!same) {
      b[key] = previous;
      a[key] = next;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
