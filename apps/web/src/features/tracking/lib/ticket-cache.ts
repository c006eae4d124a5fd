import { publicTicketSchema, type PublicTicket } from '@erepare/shared/schemas/repair';
import { z } from '@erepare/shared/zod';
import { readItem, writeItem } from '../../../lib/storage';

/** Spec 3 §3: the dashboard's tickets are kept in local storage, shown at once on the next visit. */
export const TICKET_CACHE_KEY = 'erepare_dashboard_tickets';
/** Older lists are not worth showing, even while the new one loads. */
export const TICKET_CACHE_MAX_AGE_MS = 24 * 60 * 60_000;

const cacheSchema = z.object({ savedAt: z.number().int().positive(), tickets: z.array(publicTicketSchema) });
export type TicketCache = z.infer<typeof cacheSchema>;

function parseCache(raw: string): TicketCache | null {
  try {
    const parsed = cacheSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The cached list, or null. A value that is not ours, corrupt or too old is removed. */
export function readTicketCache(now: number = Date.now()): TicketCache | null {
  const raw = readItem(TICKET_CACHE_KEY);
  if (raw === null) return null;
  const cache = parseCache(raw);
  if (!cache || cache.savedAt > now + 60_000 || now - cache.savedAt > TICKET_CACHE_MAX_AGE_MS) {
    writeItem(TICKET_CACHE_KEY, null);
    return null;
  }
  return cache;
}

export function writeTicketCache(tickets: PublicTicket[], now: number = Date.now()): void {
  writeItem(TICKET_CACHE_KEY, JSON.stringify({ savedAt: now, tickets } satisfies TicketCache));
}
