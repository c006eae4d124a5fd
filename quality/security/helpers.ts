import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../apps/server/src/db/client.js';

/** Tables whose content must not move when a request is refused (rate-limit counters, sessions and audit rows excluded). */
export const KEY_TABLES = [
  'users',
  'customers',
  'tickets',
  'ticket_devices',
  'invoices',
  'invoice_lines',
  'orders',
  'order_lines',
  'payments',
  'inventory_items',
  'coupons',
  'notifications',
  'tracked_tickets',
  'push_subscriptions',
  'statuses',
  'shipping_methods',
  'site_settings',
  'contact_messages',
  'quote_requests',
] as const;

/** Row count and a hash of every row, per key table. */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of KEY_TABLES) {
    try {
      const result = await db.execute(sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${table}" t`));
      const row = (result as { rows: { n: string; h: string }[] }).rows[0];
      out[table] = `${row?.n ?? '?'}:${row?.h ?? ''}`;
    } catch {
      out[table] = 'absent';
    }
  }
  return out;
}

export function diffSnapshots(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}

const ENGLISH = /\b(the|must|should|is required|invalid input|expected|unsupported|not found|bad request|unauthorized|forbidden|too many requests|body\/|querystring\/|params\/)\b/i;

/** A 4xx answer's body carries a non-empty French `message` (no framework English). */
export function frenchMessageProblem(response: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `not JSON: ${response.body.slice(0, 80)}`;
  }
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof message !== 'string' || message.trim() === '') return `no message: ${response.body.slice(0, 120)}`;
  if (ENGLISH.test(message)) return `English message: ${message.slice(0, 120)}`;
  return null;
}

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let ip = 0;
/** A different client address per call, so per-IP rate limits do not mask the answers under test. */
export function nextAddress(): string {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${(ip & 255) || 1}`;
}
