/**
 * The shop's opening hours as a timeline, so that demo tickets are dropped off and change
 * status while the shop is open (spec 3 §1: Tuesday to Saturday 9h30-13h30 and 14h30-18h00,
 * Paris time), never at night or on a Monday.
 */

const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

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

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function parisWall(ms: number): Wall {
  const parts: Record<string, number> = {};
  for (const part of parisParts.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The UTC instant of a Paris wall-clock time (opening hours are never in a DST gap). */
function parisToUtc(year: number, month: number, day: number, hour: number, minute: number): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const wall = parisWall(guess);
  const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - guess;
  return guess - offset;
}

/** The calendar year of an instant in Paris (invoice numbers restart every year). */
export function parisYear(date: Date): number {
  return parisWall(date.getTime()).year;
}

const OPENING_SLOTS: readonly (readonly [number, number, number, number])[] = [
  [9, 30, 13, 30],
  [14, 30, 18, 0],
];

/** Tuesday (2) to Saturday (6). */
function isOpenDay(weekday: number): boolean {
  return weekday >= 2 && weekday <= 6;
}

/**
 * Opening time between two instants, and the mapping from "opening milliseconds since `from`"
 * back to wall-clock instants.
 */
export class OpeningTimeline {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Opening milliseconds before each interval. */
  private readonly before: number[] = [];
  readonly total: number;

  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    const first = parisWall(from);
    let total = 0;
    for (let offset = 0; ; offset += 1) {
      const calendar = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
      const year = calendar.getUTCFullYear();
      const month = calendar.getUTCMonth() + 1;
      const day = calendar.getUTCDate();
      if (parisToUtc(year, month, day, 0, 0) > to) break;
      if (!isOpenDay(calendar.getUTCDay())) continue;
      for (const [h1, m1, h2, m2] of OPENING_SLOTS) {
        const start = Math.max(from, parisToUtc(year, month, day, h1, m1));
        const end = Math.min(to, parisToUtc(year, month, day, h2, m2));
        if (end <= start) continue;
        this.starts.push(start);
        this.ends.push(end);
        this.before.push(total);
        total += end - start;
      }
    }
    this.total = total;
  }

  /** The wall-clock instant `opening` milliseconds of opening time after `from` (clamped to the timeline). */
  at(opening: number): number {
    if (this.starts.length === 0) return this.from;
    const target = Math.min(Math.max(opening, 0), this.total);
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.before[mid] ?? 0) <= target) low = mid;
      else high = mid - 1;
    }
    const start = this.starts[low] ?? this.from;
    const end = this.ends[low] ?? this.from;
    return Math.min(end, start + target - (this.before[low] ?? 0));
  }
}
