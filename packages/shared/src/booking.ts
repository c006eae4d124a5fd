/**
 * Drop-off booking rules (issue 24 §3): the slots a customer may book, cut from the shop's weekly
 * opening periods in Paris local time, without closures, French public holidays, the past, the
 * minimum lead time and what lies beyond the horizon; and the cut-off after which a booking can
 * no longer be changed by its link. Pure (Intl only): the server and the web app use the same rules.
 */

/** One opening period of the week: weekday 1 = Monday … 7 = Sunday, Paris local times "HH:MM". */
export type WeeklyPeriod = { weekday: number; from: string; to: string };

export type BookingSettings = {
  /** Length of one slot (minutes). */
  slotMinutes: number;
  /** Customers per slot, unless a slot has its own. */
  capacity: number;
  /** A booking can be changed or cancelled by its link until this many hours before its start. */
  cutoffHours: number;
  /** How many days ahead one can book (today + horizonDays included). */
  horizonDays: number;
  weekly: WeeklyPeriod[];
};

/** The shop's hours (store profile): « Du mardi au samedi 9h30 – 13h30 et 14h30 – 18h00 », closed Sunday and Monday. */
export const defaultBookingSettings: BookingSettings = {
  slotMinutes: 30,
  capacity: 2,
  cutoffHours: 2,
  horizonDays: 30,
  weekly: [2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, from: '09:30', to: '13:30' },
    { weekday, from: '14:30', to: '18:00' },
  ]),
};

/** Nobody books a slot that starts in less than this (the shop must see the booking coming). */
export const BOOKING_MIN_LEAD_MINUTES = 60;

/** Days the calendar shows at once (a week on desktop). */
export const BOOKING_MAX_DAYS_PER_QUERY = 14;
/** The longest note a booking takes (characters). */
export const BOOKING_NOTE_MAX = 500;

export const BOOKING_TIME_ZONE = 'Europe/Paris';

export const weekdayNames = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;

export const bookingMessages = {
  slotFull: 'Ce créneau vient d’être complet.',
  slotUnavailable: 'Ce créneau n’est pas disponible. Choisissez-en un autre.',
  slotRequired: 'Veuillez choisir un créneau',
  linkInvalid: 'Ce lien de rendez-vous n’est pas valide. Vérifiez qu’il est complet ou contactez-nous.',
  linkExpired: 'Ce lien de rendez-vous a expiré\u00a0: le créneau est passé.',
  linkRevoked: 'Ce rendez-vous a été annulé\u00a0: ce lien n’est plus utilisable.',
  cutoffPassed: (hours: number) =>
    `Ce rendez-vous ne peut plus être modifié ni annulé en ligne moins de ${hours}\u00a0h avant son heure. Appelez-nous.`,
  alreadyCancelled: 'Ce rendez-vous est déjà annulé.',
  sameSlot: 'C’est déjà l’heure de votre rendez-vous.',
  rateLimited: 'Vous avez fait plusieurs réservations en peu de temps. Veuillez réessayer plus tard ou nous appeler.',
  manageLimited: 'Trop de tentatives en peu de temps. Réessayez dans quelques minutes ou appelez-nous.',
  emailLimited: 'Plusieurs rendez-vous ont déjà été pris avec cette adresse aujourd’hui. Appelez-nous pour en prendre un autre.',
  quoteUnknown: 'Référence de devis inconnue\u00a0: vérifiez-la ou laissez le champ vide.',
  estimateLinkInvalid: 'Le lien du devis n’est plus valide\u00a0: réservez sans lui ou contactez-nous.',
  booked: 'Votre rendez-vous est réservé.',
  rescheduled: 'Votre rendez-vous a été déplacé.',
  cancelled: 'Votre rendez-vous a été annulé.',
  notFound: 'Rendez-vous introuvable',
  /** A closure asked on a day with confirmed bookings, without saying they may be cancelled. */
  closureHasBookings: (count: number) =>
    count === 1
      ? 'Un rendez-vous est déjà pris ce jour-là. Confirmez la fermeture pour l’annuler\u00a0: le client sera prévenu.'
      : `${count} rendez-vous sont déjà pris ce jour-là. Confirmez la fermeture pour les annuler\u00a0: les clients seront prévenus.`,
  /** The closure was confirmed on a list that a booking taken since no longer matches: nothing saved. */
  closureHasNewBookings: (count: number) =>
    `Un rendez-vous a été pris entre-temps\u00a0: rien n’a été fermé. Vérifiez la liste (${count} rendez-vous) et confirmez à nouveau.`,
  closureSaved: 'Fermeture enregistrée\u00a0: plus aucun rendez-vous ce jour-là.',
  closureSavedWithCancellations: (count: number) =>
    count === 1
      ? 'Fermeture enregistrée\u00a0: 1 rendez-vous annulé, le client est prévenu.'
      : `Fermeture enregistrée\u00a0: ${count} rendez-vous annulés, les clients sont prévenus.`,
} as const;

// ─── Calendar days (YYYY-MM-DD, Paris) ──────────────────────────────────────────────────────────

const DAY_MS = 24 * 60 * 60_000;

const parisParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BOOKING_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The Paris wall clock at an instant, from formatToParts (never from a locale's whole format). */
function parisWallClock(instant: Date): WallClock {
  const parts = parisParts.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? '0');
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isoDay(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The Paris calendar day of an instant. */
export function parisDay(instant: Date): string {
  const clock = parisWallClock(instant);
  return isoDay(clock.year, clock.month, clock.day);
}

/** "HH:MM" in Paris at an instant. */
export function parisTime(instant: Date): string {
  const clock = parisWallClock(instant);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The Monday of the week of `day`. */
export function weekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/**
 * The instant of a Paris wall-clock time. The two offsets in force around it (+1 h or +2 h) are
 * read with Intl a day before and a day after, and the candidate whose Paris clock reads the asked
 * time is kept, so the days DST changes are right; a time that does not exist (02:30 on the last
 * Sunday of March) moves forward by the gap, an ambiguous one (02:30 on the last Sunday of
 * October) is its first occurrence.
 */
export function parisInstant(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const minutes = minutesOf(time);
  const wall = Date.UTC(year, month - 1, date, Math.floor(minutes / 60), minutes % 60);
  const offsetAt = (instant: number) => {
    const clock = parisWallClock(new Date(instant));
    return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - instant;
  };
  const before = wall - offsetAt(wall - DAY_MS);
  const after = wall - offsetAt(wall + DAY_MS);
  const matching = [before, after].filter((instant) => instant + offsetAt(instant) === wall).sort((a, b) => a - b);
  return new Date(matching[0] ?? before);
}

// ─── French public holidays ─────────────────────────────────────────────────────────────────────

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

export type Holiday = { day: string; name: string };

/** The eleven public holidays of metropolitan France (without Alsace-Moselle's two), in date order. */
export function frenchHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const holidays: Holiday[] = [
    { day: isoDay(year, 1, 1), name: 'Jour de l’An' },
    { day: addDays(easter, 1), name: 'Lundi de Pâques' },
    { day: isoDay(year, 5, 1), name: 'Fête du Travail' },
    { day: isoDay(year, 5, 8), name: 'Victoire 1945' },
    { day: addDays(easter, 39), name: 'Ascension' },
    { day: addDays(easter, 50), name: 'Lundi de Pentecôte' },
    { day: isoDay(year, 7, 14), name: 'Fête nationale' },
    { day: isoDay(year, 8, 15), name: 'Assomption' },
    { day: isoDay(year, 11, 1), name: 'Toussaint' },
    { day: isoDay(year, 11, 11), name: 'Armistice 1918' },
    { day: isoDay(year, 12, 25), name: 'Noël' },
  ];
  return holidays.sort((a, b) => a.day.localeCompare(b.day));
}

/** The holiday's name, or null on an ordinary day. */
export function holidayOn(day: string): string | null {
  return frenchHolidays(Number(day.slice(0, 4))).find((holiday) => holiday.day === day)?.name ?? null;
}

// ─── Slots ──────────────────────────────────────────────────────────────────────────────────────

export type SlotTimes = { start: Date; end: Date };

/** The slots the weekly periods cut on a day, whatever else (closures, the clock). */
export function openingSlots(day: string, settings: Pick<BookingSettings, 'slotMinutes' | 'weekly'>): SlotTimes[] {
  const weekday = isoWeekday(day);
  const slots: SlotTimes[] = [];
  const periods = settings.weekly.filter((period) => period.weekday === weekday).sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
  for (const period of periods) {
    const end = minutesOf(period.to);
    for (let minute = minutesOf(period.from); minute + settings.slotMinutes <= end; minute += settings.slotMinutes) {
      const time = `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
      const endTime = `${pad(Math.floor((minute + settings.slotMinutes) / 60))}:${pad((minute + settings.slotMinutes) % 60)}`;
      slots.push({ start: parisInstant(day, time), end: parisInstant(day, endTime) });
    }
  }
  return slots;
}

export type CalendarContext = {
  settings: BookingSettings;
  /** Days the shop closed (staff), with their reason. */
  closures: ReadonlyMap<string, string> | Record<string, string>;
  now: Date;
};

function closureReason(closures: CalendarContext['closures'], day: string): string | undefined {
  if (closures instanceof Map) return (closures as ReadonlyMap<string, string>).get(day);
  return Object.hasOwn(closures, day) ? (closures as Record<string, string>)[day] : undefined;
}

/** Why nobody can book on a day, or null when its slots are offered (some may still be past or full). */
export type DayClosure = { kind: 'closure' | 'holiday' | 'weekly' | 'past' | 'horizon'; label: string };

export function dayClosure(day: string, context: CalendarContext): DayClosure | null {
  const today = parisDay(context.now);
  if (day < today) return { kind: 'past', label: 'Jour passé' };
  if (daysBetween(today, day) > context.settings.horizonDays) return { kind: 'horizon', label: 'Pas encore ouvert à la réservation' };
  const closure = closureReason(context.closures, day);
  if (closure !== undefined) return { kind: 'closure', label: closure ? `Fermé (${closure})` : 'Fermé' };
  const holiday = holidayOn(day);
  if (holiday) return { kind: 'holiday', label: `Fermé (${holiday})` };
  if (!context.settings.weekly.some((period) => period.weekday === isoWeekday(day))) return { kind: 'weekly', label: 'Fermé' };
  return null;
}

/** The earliest start one may book now. */
export function earliestBookableStart(now: Date): Date {
  return new Date(now.getTime() + BOOKING_MIN_LEAD_MINUTES * 60_000);
}

/** The slots offered on a day (before counting bookings): none on a closed day, none too soon. */
export function bookableSlots(day: string, context: CalendarContext): SlotTimes[] {
  if (dayClosure(day, context)) return [];
  const earliest = earliestBookableStart(context.now).getTime();
  return openingSlots(day, context.settings).filter((slot) => slot.start.getTime() >= earliest);
}

/** The slot starting at this instant if one may book it now (the server's check of a posted slot). */
export function findBookableSlot(start: Date, context: CalendarContext): SlotTimes | null {
  if (Number.isNaN(start.getTime())) return null;
  return bookableSlots(parisDay(start), context).find((slot) => slot.start.getTime() === start.getTime()) ?? null;
}

/** The days from `from` on, each with its offered slots or why it is closed. */
export function calendarDays(from: string, days: number, context: CalendarContext): { day: string; closed: DayClosure | null; slots: SlotTimes[] }[] {
  return Array.from({ length: days }, (_, index) => {
    const day = addDays(from, index);
    return { day, closed: dayClosure(day, context), slots: bookableSlots(day, context) };
  });
}

// ─── Changing a booking ─────────────────────────────────────────────────────────────────────────

/** The last instant a booking can be moved or cancelled by its link. */
export function changeDeadline(slotStart: Date, cutoffHours: number): Date {
  return new Date(slotStart.getTime() - cutoffHours * 60 * 60_000);
}

/** Whether the customer may still move or cancel by the link (staff may always cancel). */
export function canChangeBooking(slotStart: Date, now: Date, cutoffHours: number): boolean {
  return now.getTime() < changeDeadline(slotStart, cutoffHours).getTime();
}

/** RDV-2026-000123 */
export function bookingReference(year: number, id: number): string {
  return `RDV-${year}-${String(id).padStart(6, '0')}`;
}

// ─── Words ──────────────────────────────────────────────────────────────────────────────────────

const longDay = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const longDayYear = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "mardi 1er décembre" (with the year when asked). */
export function formatBookingDay(day: string, withYear = false): string {
  const text = (withYear ? longDayYear : longDay).format(new Date(`${day}T00:00:00Z`));
  return text.replace(/^(\S+) 1 /, '$1 1er ');
}

/** "9h30", "14h00" (the shop's own way of writing hours). */
export function formatBookingTime(instant: Date): string {
  const [hours, minutes] = parisTime(instant).split(':');
  return `${Number(hours)}h${minutes}`;
}

/** "mardi 1er décembre 2026 à 9h30". */
export function formatBookingSlot(start: Date, withYear = true): string {
  return `${formatBookingDay(parisDay(start), withYear)} à ${formatBookingTime(start)}`;
}

/** Checks a weekly schedule: known weekdays, times, and no overlap within a day. French message or null. */
export function weeklyProblem(weekly: readonly WeeklyPeriod[]): string | null {
  for (const period of weekly) {
    if (!Number.isInteger(period.weekday) || period.weekday < 1 || period.weekday > 7) return 'Jour de la semaine invalide';
    if (!isTimeOfDay(period.from) || !isTimeOfDay(period.to)) return 'Heure invalide (format HH:MM)';
    if (minutesOf(period.to) <= minutesOf(period.from)) return `Le ${weekdayNames[period.weekday - 1]}, la fin d’une plage doit suivre son début`;
  }
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const periods = weekly.filter((period) => period.weekday === weekday).sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    for (let index = 1; index < periods.length; index += 1) {
      if (minutesOf(periods[index]?.from ?? '') < minutesOf(periods[index - 1]?.to ?? '')) return `Le ${weekdayNames[weekday - 1]}, deux plages se chevauchent`;
    }
  }
  return null;
}
