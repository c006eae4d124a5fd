import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { rowsOf, type Db, type Executor } from '../db/client.js';
import { AppError } from '../errors.js';
import { messages } from '@erepare/shared/messages';

export type RateLimitRule = { name: string; limit: number; windowMs: number };

/**
 * Counts one hit for `key` under `rule` in a fixed window kept in the database (so the limit holds
 * across instances) and throws a 429 with Retry-After once the limit is exceeded.
 */
export async function hitRateLimit(db: Executor, rule: RateLimitRule, key: string, message: string = messages.http.tooManyRequests): Promise<void> {
  const fullKey = `${rule.name}:${key}`;
  const windowSeconds = rule.windowMs / 1000;
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${fullKey}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as reset_in
  `);
  const row = rowsOf<{ count: number; reset_in: number }>(result)[0];
  if (row && Number(row.count) > rule.limit) {
    throw new AppError('RATE_LIMITED', 429, message, { 'retry-after': String(Math.max(1, Number(row.reset_in))) });
  }
}

/**
 * Counts one hit like hitRateLimit but answers instead of throwing: true while `key` is within the
 * limit. For valves that change what is done (hold a message, skip a mail) rather than refuse.
 */
export async function withinRateLimit(db: Executor, rule: RateLimitRule, key: string): Promise<boolean> {
  try {
    await hitRateLimit(db, rule, key);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.httpStatus === 429) return false;
    throw error;
  }
}

/** Throws the 429 if `key` is already over the limit, without counting a hit (for failure-only limits). */
export async function assertUnderRateLimit(db: Db, rule: RateLimitRule, key: string, message: string = messages.http.tooManyRequests): Promise<void> {
  const windowSeconds = rule.windowMs / 1000;
  const result = await db.execute(sql`
    select count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as reset_in
    from rate_limits
    where key = ${`${rule.name}:${key}`} and window_start > now() - make_interval(secs => ${windowSeconds})
  `);
  const row = rowsOf<{ count: number; reset_in: number }>(result)[0];
  if (row && Number(row.count) >= rule.limit) {
    throw new AppError('RATE_LIMITED', 429, message, { 'retry-after': String(Math.max(1, Number(row.reset_in))) });
  }
}

/** Removes finished windows (called from the clean-up job). */
export async function purgeRateLimits(db: Db, olderThanMs: number): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanMs / 1000})`);
}

/**
 * A fixed-window limiter kept in this process's memory (no database write per request), for limits
 * that protect this instance's own resources, such as its share of RepairDesk's quota. Limits that
 * must hold across instances (logins, mails) use the database ones above.
 */
export function createMemoryRateLimiter(rule: RateLimitRule, message: string = messages.http.tooManyRequests, maxKeys = 50_000) {
  const windows = new LRUCache<string, { start: number; count: number }>({ max: maxKeys });
  return (key: string, now = Date.now()): void => {
    let window = windows.get(key);
    if (!window || now - window.start >= rule.windowMs) {
      window = { start: now, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > rule.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + rule.windowMs - now) / 1000));
      throw new AppError('RATE_LIMITED', 429, message, { 'retry-after': String(retryAfter) });
    }
  };
}

/**
 * The key an address is limited under: IPv4 as is; IPv6 by its /64 network, since one customer
 * line holds a whole /64 and would otherwise get a fresh allowance per address.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = (address.split('%')[0] ?? '').split('::');
  const start = head ? head.split(':') : [];
  const end = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...start, ...Array<string>(Math.max(0, 8 - start.length - end.length)).fill('0'), ...end] : start;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().padStart(4, '0'))
    .join(':')}::/64`;
}
