import { useQuery } from '@tanstack/react-query';
import type { AccountBooking, BookingSummary, CreateBookingRequest, ManagedBooking } from '@erepare/shared/schemas/bookings';
import { ApiError, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE, apiRequest, loadForRequest } from '../../../lib/api-client';

/** The public booking API (issue 24 §3): calendar, booking, the manage link. */

/**
 * The answers' schemas (zod, ~30 kB gzip with what they import) come with the first request, after
 * the page has painted and hydrated: they are not among the files the page needs to show itself.
 */
const schemas = () => loadForRequest(() => import('@erepare/shared/schemas/bookings'));

export const bookingKeys = {
  slots: (from: string, days: number) => ['bookings', 'slots', from, days] as const,
  managed: (token: string) => ['bookings', 'managed', token] as const,
};

export function useBookingSlots(from: string, days: number) {
  return useQuery({
    queryKey: bookingKeys.slots(from, days),
    queryFn: async ({ signal }) =>
      apiRequest(`/api/bookings/slots?${new URLSearchParams({ from, days: String(days) }).toString()}`, { schema: (await schemas()).bookingSlotsResponseSchema, signal }).then((response) => response.data),
    staleTime: 5_000,
  });
}

export type NextSlot = { start: string; end: string };

/** A booking or a move: done, or the slot filled up meanwhile (with the next free ones). */
export type SlotOutcome<T> = { ok: true; data: T; message: string } | { ok: false; message: string; nextSlots: NextSlot[] };

/** POSTs and reads a 409 « complet » with its next slots (apiRequest keeps only the message). */
async function postForSlot<T>(path: string, body: unknown, parse: (payload: unknown) => Promise<{ data: T; message?: string | undefined } | null>): Promise<SlotOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(response.status, UNAVAILABLE_MESSAGE);
  }
  if (response.status === 409) {
    const full = (await schemas()).slotFullResponseSchema.safeParse(payload);
    if (full.success && full.data.nextSlots) return { ok: false, message: full.data.message, nextSlots: full.data.nextSlots };
  }
  if (!response.ok) {
    const message = payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string' ? payload.message : UNAVAILABLE_MESSAGE;
    throw new ApiError(response.status, message);
  }
  const parsed = await parse(payload);
  if (!parsed) throw new ApiError(response.status, UNAVAILABLE_MESSAGE);
  return { ok: true, data: parsed.data, message: parsed.message ?? '' };
}

export function createBooking(body: CreateBookingRequest): Promise<SlotOutcome<BookingSummary>> {
  return postForSlot('/api/bookings', body, async (payload) => {
    const parsed = (await schemas()).createBookingResponseSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  });
}

export function rescheduleBooking(token: string, slotStart: string): Promise<SlotOutcome<ManagedBooking>> {
  return postForSlot('/api/bookings/manage/reschedule', { token, slotStart }, async (payload) => {
    const parsed = (await schemas()).managedBookingResponseSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  });
}

export async function fetchManagedBooking(token: string, signal?: AbortSignal): Promise<ManagedBooking> {
  const { managedBookingResponseSchema } = await schemas();
  return apiRequest(`/api/bookings/manage?${new URLSearchParams({ token }).toString()}`, { schema: managedBookingResponseSchema, ...(signal ? { signal } : {}) }).then((response) => response.data);
}

export async function cancelBooking(token: string) {
  return apiRequest('/api/bookings/manage/cancel', { method: 'POST', body: { token }, schema: (await schemas()).managedBookingResponseSchema });
}

// ─── The customer's account ─────────────────────────────────────────────────────────────────────

/** Under the account's key: signing out or linking (which drop ['account']) drop these too. */
export const accountBookingsKey = ['account', 'bookings'] as const;

/** The signed-in customer's bookings (the server applies the one ownership rule). */
export function useAccountBookings(enabled: boolean) {
  return useQuery({
    queryKey: accountBookingsKey,
    queryFn: async ({ signal }) => apiRequest('/api/account/bookings', { schema: (await schemas()).accountBookingsResponseSchema, signal }).then((response) => response.data),
    enabled,
    staleTime: 30_000,
    // The retry button is the customer's.
    retry: false,
  });
}

export function rescheduleAccountBooking(id: number, slotStart: string): Promise<SlotOutcome<AccountBooking>> {
  return postForSlot(`/api/account/bookings/${id}/reschedule`, { slotStart }, async (payload) => {
    const parsed = (await schemas()).accountBookingResponseSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  });
}

export async function cancelAccountBooking(id: number) {
  return apiRequest(`/api/account/bookings/${id}/cancel`, { method: 'POST', schema: (await schemas()).accountBookingResponseSchema });
}

/** « Ajouter à mon agenda »: the .ics as a data: URL (works without a round trip, in every browser). */
export function icsHref(ics: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}
