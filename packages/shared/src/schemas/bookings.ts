import { BOOKING_MAX_DAYS_PER_QUERY, BOOKING_NOTE_MAX, bookingMessages, isIsoDay, isTimeOfDay, weeklyProblem } from '../booking.js';
import { z } from '../zod.js';
import { PHONE_PATTERN, contactEmailField, multiLineChars, singleLineChars, singleLineText } from './contact.js';

/**
 * Drop-off bookings (issue 24 §3): the public calendar (/api/bookings/slots), booking
 * (/api/bookings), the secret manage link (/api/bookings/manage…) and the staff API
 * (/api/admin/bookings…). Instants travel as ISO 8601 UTC strings, days as YYYY-MM-DD (Paris).
 */

export { BOOKING_NOTE_MAX } from '../booking.js';

/** Years a booking date may name (PostgreSQL has no year 0; nothing sensible lies outside). */
const inYears = (year: number) => year >= 2000 && year <= 2100;

const dayField = (label = 'Date') =>
  z
    .string({ error: `${label} invalide (AAAA-MM-JJ)` })
    .refine((value) => isIsoDay(value) && inYears(Number(value.slice(0, 4))), { error: `${label} invalide (AAAA-MM-JJ)` });

const instantField = z
  .string({ error: bookingMessages.slotRequired })
  .min(1, { error: bookingMessages.slotRequired })
  .max(40, { error: bookingMessages.slotUnavailable })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)) && inYears(new Date(value).getUTCFullYear()), {
    error: bookingMessages.slotUnavailable,
  });

/** A token as it arrives (the server checks its shape and what it opens). */
const tokenField = z.string({ error: bookingMessages.linkInvalid }).trim().min(1, { error: bookingMessages.linkInvalid }).max(200, { error: bookingMessages.linkInvalid });

// ─── Public calendar ────────────────────────────────────────────────────────────────────────────

export const bookingSlotsQuerySchema = z.object({
  from: dayField('Date de début').optional(),
  days: z.coerce
    .number({ error: `Nombre de jours invalide (1 à ${BOOKING_MAX_DAYS_PER_QUERY})` })
    .int({ error: `Nombre de jours invalide (1 à ${BOOKING_MAX_DAYS_PER_QUERY})` })
    .min(1, { error: `Nombre de jours invalide (1 à ${BOOKING_MAX_DAYS_PER_QUERY})` })
    .max(BOOKING_MAX_DAYS_PER_QUERY, { error: `Nombre de jours invalide (1 à ${BOOKING_MAX_DAYS_PER_QUERY})` })
    .optional(),
});

/** A slot as the public sees it: free or full, never how many places are left. */
export const publicSlotSchema = z.object({ start: z.string(), end: z.string(), available: z.boolean() });
export type PublicSlot = z.infer<typeof publicSlotSchema>;

export const publicDaySchema = z.object({
  day: z.string(),
  /** Why the day has no slot (« Fermé (Noël) »), or null. */
  closed: z.string().nullable(),
  slots: z.array(publicSlotSchema),
});
export type PublicDay = z.infer<typeof publicDaySchema>;

export const bookingSlotsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    /** The first and last day one may book (the calendar's bounds). */
    firstDay: z.string(),
    lastDay: z.string(),
    slotMinutes: z.number(),
    cutoffHours: z.number(),
    days: z.array(publicDaySchema),
  }),
});
export type BookingSlotsResponse = z.infer<typeof bookingSlotsResponseSchema>;

/** The few next free slots, offered when the chosen one just filled up. */
export const nextSlotsSchema = z.array(z.object({ start: z.string(), end: z.string() }));

// ─── Booking ────────────────────────────────────────────────────────────────────────────────────

const phoneField = z
  .string({ error: 'Veuillez indiquer un numéro de téléphone' })
  .trim()
  .min(1, { error: 'Veuillez indiquer un numéro de téléphone' })
  .max(20, { error: 'Numéro de téléphone invalide' })
  .refine((value) => PHONE_PATTERN.test(value), { error: 'Numéro de téléphone invalide' });

/** The fields of the form (the web form validates them with this schema too). */
export const bookingFormSchema = z.object({
  name: singleLineText(100, 'Veuillez indiquer votre nom', 'Le nom ne doit pas dépasser 100 caractères'),
  email: contactEmailField,
  phone: phoneField,
  smsConsent: z.boolean({ error: 'Réponse invalide' }).default(false),
  note: multiLineChars().trim().max(BOOKING_NOTE_MAX, { error: `La note ne doit pas dépasser ${BOOKING_NOTE_MAX} caractères` }).default(''),
});
export type BookingFormValues = z.input<typeof bookingFormSchema>;

export const createBookingSchema = bookingFormSchema.extend({
  slotStart: instantField,
  /** The estimate's secret link, when booked from the estimate page. */
  estimateToken: tokenField.optional(),
  /** The quote request's reference (D-2026-000123), when booked from the quote's success screen. */
  quoteReference: singleLineChars().trim().max(30, { error: bookingMessages.quoteUnknown }).optional(),
  /** Left empty by people; a robot that fills every field gets the same answer and books nothing. */
  website: z.string().max(200).optional(),
});
export type CreateBookingRequest = z.input<typeof createBookingSchema>;

export const bookingSummarySchema = z.object({
  reference: z.string(),
  slotStart: z.string(),
  slotEnd: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  /** The calendar file (RFC 5545) for « Ajouter à mon agenda ». */
  ics: z.string(),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

export const createBookingResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: bookingSummarySchema });
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;

/**
 * The body of a 409: the slot filled up meanwhile (`nextSlots` offered), or another conflict (the
 * cut-off passed, already cancelled: the error envelope without `nextSlots`).
 */
export const slotFullResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  statusCode: z.literal(409),
  code: z.string().optional(),
  requestId: z.string().optional(),
  nextSlots: nextSlotsSchema.optional(),
});
export type SlotFullResponse = z.infer<typeof slotFullResponseSchema>;

// ─── The manage link ────────────────────────────────────────────────────────────────────────────

export const manageBookingQuerySchema = z.object({ token: tokenField });
export const rescheduleBookingSchema = z.object({ token: tokenField, slotStart: instantField });
export const cancelBookingSchema = z.object({ token: tokenField });

export const managedBookingSchema = bookingSummarySchema.extend({
  /** Whether the link may still move or cancel it (before the cut-off, still confirmed). */
  canChange: z.boolean(),
  changeDeadline: z.string(),
  cutoffHours: z.number(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

export const managedBookingResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: managedBookingSchema });
export type ManagedBookingResponse = z.infer<typeof managedBookingResponseSchema>;

// ─── The customer's account (the one ownership rule) ────────────────────────────────────────────

/** One of the signed-in customer's bookings (/api/account/bookings). */
export const accountBookingSchema = z.object({
  id: z.number(),
  reference: z.string(),
  slotStart: z.string(),
  slotEnd: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  cancelledBy: z.enum(['customer', 'staff']).nullable(),
  /** Confirmed and not yet started: listed first, soonest first; the others follow, most recent first. */
  upcoming: z.boolean(),
  /** Whether it may still be moved or cancelled online (confirmed, before the cut-off). */
  canChange: z.boolean(),
  changeDeadline: z.string(),
  cutoffHours: z.number(),
  /** What it is for: the estimate (DV-…) or the quote request (D-…) it was booked from. */
  estimateNumber: z.string().nullable(),
  quoteReference: z.string().nullable(),
});
export type AccountBooking = z.infer<typeof accountBookingSchema>;

export const accountBookingsResponseSchema = z.object({ success: z.literal(true), data: z.array(accountBookingSchema) });
export type AccountBookingsResponse = z.infer<typeof accountBookingsResponseSchema>;

export const accountBookingResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: accountBookingSchema });
export type AccountBookingResponse = z.infer<typeof accountBookingResponseSchema>;

export const accountBookingParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Identifiant de rendez-vous invalide' })
    .int({ error: 'Identifiant de rendez-vous invalide' })
    .min(1, { error: 'Identifiant de rendez-vous invalide' })
    .max(2_147_483_647, { error: 'Identifiant de rendez-vous invalide' }),
});

export const accountRescheduleSchema = z.object({ slotStart: instantField });
export type AccountRescheduleRequest = z.input<typeof accountRescheduleSchema>;

// ─── Staff ──────────────────────────────────────────────────────────────────────────────────────

export const adminBookingsQuerySchema = z.object({
  from: dayField('Date de début').optional(),
  days: z.coerce
    .number({ error: 'Nombre de jours invalide (1 à 14)' })
    .int({ error: 'Nombre de jours invalide (1 à 14)' })
    .min(1, { error: 'Nombre de jours invalide (1 à 14)' })
    .max(14, { error: 'Nombre de jours invalide (1 à 14)' })
    .optional(),
});

export const adminBookingSchema = z.object({
  id: z.number(),
  reference: z.string(),
  slotStart: z.string(),
  slotEnd: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  smsConsent: z.boolean(),
  note: z.string(),
  estimateNumber: z.string().nullable(),
  quoteReference: z.string().nullable(),
  cancelledBy: z.enum(['customer', 'staff']).nullable(),
  createdAt: z.string(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminSlotSchema = z.object({
  start: z.string(),
  end: z.string(),
  booked: z.number(),
  capacity: z.number(),
  /** Staff's own capacity for this slot, or null (the settings' one). */
  capacityOverride: z.number().nullable(),
  blockedReason: z.string().nullable(),
  bookings: z.array(adminBookingSchema),
});
export type AdminSlot = z.infer<typeof adminSlotSchema>;

export const adminBookingDaySchema = z.object({ day: z.string(), closed: z.string().nullable(), slots: z.array(adminSlotSchema) });
export type AdminBookingDay = z.infer<typeof adminBookingDaySchema>;

export const adminBookingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    days: z.array(adminBookingDaySchema),
    /** Bookings whose time is not a slot of today's schedule (hours changed since): still shown. */
    others: z.array(adminBookingSchema),
    /** Cancelled bookings of the range (kept for the record). */
    cancelled: z.array(adminBookingSchema),
  }),
});
export type AdminBookingsResponse = z.infer<typeof adminBookingsResponseSchema>;

export const adminSlotUpdateSchema = z.object({
  slotStart: instantField,
  /** A reason blocks the slot; null unblocks it. */
  blockedReason: singleLineChars().trim().min(1, { error: 'Indiquez pourquoi le créneau est bloqué' }).max(200, { error: 'Motif trop long (200 caractères au plus)' }).nullable().optional(),
  /** A capacity of its own (0 to 50), or null for the settings' one. */
  capacityOverride: z
    .number({ error: 'Capacité invalide (0 à 50)' })
    .int({ error: 'Capacité invalide (0 à 50)' })
    .min(0, { error: 'Capacité invalide (0 à 50)' })
    .max(50, { error: 'Capacité invalide (0 à 50)' })
    .nullable()
    .optional(),
});
export type AdminSlotUpdate = z.input<typeof adminSlotUpdateSchema>;

const intBetween = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label}\u00a0: nombre entre ${min} et ${max} attendu` })
    .int({ error: `${label}\u00a0: nombre entier attendu` })
    .min(min, { error: `${label}\u00a0: nombre entre ${min} et ${max} attendu` })
    .max(max, { error: `${label}\u00a0: nombre entre ${min} et ${max} attendu` });

export const weeklyPeriodSchema = z.object({
  weekday: intBetween(1, 7, 'Jour'),
  from: z.string().refine(isTimeOfDay, { error: 'Heure invalide (format HH:MM)' }),
  to: z.string().refine(isTimeOfDay, { error: 'Heure invalide (format HH:MM)' }),
});

export const bookingSettingsSchema = z
  .object({
    slotMinutes: intBetween(10, 240, 'Durée d’un créneau'),
    capacity: intBetween(1, 50, 'Capacité'),
    cutoffHours: intBetween(0, 168, 'Délai de modification'),
    horizonDays: intBetween(1, 365, 'Horizon'),
    weekly: z.array(weeklyPeriodSchema).max(28, { error: 'Trop de plages horaires' }),
  })
  .superRefine((value, context) => {
    const problem = weeklyProblem(value.weekly);
    if (problem) context.addIssue({ code: 'custom', path: ['weekly'], message: problem });
  });
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;

export const bookingSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({
    settings: z.object({
      slotMinutes: z.number(),
      capacity: z.number(),
      cutoffHours: z.number(),
      horizonDays: z.number(),
      weekly: z.array(z.object({ weekday: z.number(), from: z.string(), to: z.string() })),
    }),
    /** Whether staff saved their own (false: the defaults). */
    saved: z.boolean(),
  }),
});
export type BookingSettingsResponse = z.infer<typeof bookingSettingsResponseSchema>;

export const closuresQuerySchema = z.object({
  year: z.coerce.number({ error: 'Année invalide' }).int({ error: 'Année invalide' }).min(2000, { error: 'Année invalide' }).max(2100, { error: 'Année invalide' }).optional(),
});

export const closureCreateSchema = z.object({
  day: dayField('Jour'),
  reason: singleLineChars().trim().max(200, { error: 'Motif trop long (200 caractères au plus)' }).default(''),
  /**
   * The day's upcoming confirmed bookings are cancelled with the closure (their customers told).
   * Without it, a day that has some is refused (409 with their list) and nothing changes.
   */
  cancelBookings: z.boolean({ error: 'Réponse invalide (cancelBookings\u00a0: vrai ou faux)' }).default(false),
  /**
   * With `cancelBookings`: the references staff saw in the 409's list and agreed to cancel. A booking
   * taken since (not in the list) makes the closure answer 409 again with the new list, nothing
   * saved: staff never cancel a booking they were not shown. Without it, every booking of the day.
   */
  expectedBookings: z
    .array(z.string({ error: 'Référence de rendez-vous invalide' }).max(40, { error: 'Référence de rendez-vous invalide' }), { error: 'Liste de rendez-vous invalide' })
    .max(500, { error: 'Liste de rendez-vous trop longue' })
    .optional(),
});
export type ClosureCreateRequest = z.input<typeof closureCreateSchema>;

/** A booking a closure hits: what staff need to recognise it. */
export const closureBookingSchema = z.object({ reference: z.string(), slotStart: z.string(), name: z.string() });
export type ClosureBooking = z.infer<typeof closureBookingSchema>;

/** The 409 of a closure on a day with confirmed bookings: nothing was saved; the bookings it would cancel. */
export const closureConflictResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  statusCode: z.literal(409),
  code: z.literal('CLOSURE_HAS_BOOKINGS'),
  requestId: z.string().optional(),
  bookings: z.array(closureBookingSchema),
});
export type ClosureConflictResponse = z.infer<typeof closureConflictResponseSchema>;

export const closureCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The bookings the closure cancelled (empty when the day had none). */
  data: z.object({ cancelled: z.array(closureBookingSchema) }),
});
export type ClosureCreatedResponse = z.infer<typeof closureCreatedResponseSchema>;

export const closuresResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({
    year: z.number(),
    closures: z.array(z.object({ id: z.number(), day: z.string(), reason: z.string() })),
    holidays: z.array(z.object({ day: z.string(), name: z.string() })),
  }),
});
export type ClosuresResponse = z.infer<typeof closuresResponseSchema>;

export const adminActionResponseSchema = z.object({ success: z.literal(true), message: z.string() });
