import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { trustedDevices } from '../../db/schema.js';
import { generateToken, hashToken } from '../../lib/tokens.js';

/**
 * Device cookies (OWASP, "slow down online guessing attacks with device cookies"): a browser that
 * has shown it knows an account's password gets a random token in an httpOnly cookie. Failed logins
 * from strangers count against the account only for browsers without it, so a flood of wrong
 * passwords from anywhere never keeps the owner out of their usual browser; a trusted browser has
 * its own small failure allowance instead.
 */
export const DEVICE_COOKIE = 'erepare_device';
/** A browser unused for this long must prove the password again (and a stale row is purged). */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** Is this browser's device token trusted for this account (and still fresh)? */
export async function isTrustedDevice(db: Executor, token: string | undefined, userId: number): Promise<boolean> {
  if (!token || token.length < 20 || token.length > 200) return false;
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, hashToken(token)),
        eq(trustedDevices.userId, userId),
        sql`${trustedDevices.lastUsedAt} > now() - make_interval(secs => ${DEVICE_TTL_MS / 1000})`,
      ),
    );
  return row !== undefined;
}

/**
 * Records that this browser proved the account's password: keeps its token when it has a sane one
 * (one browser, several accounts), else makes one. Returns the token the cookie must carry.
 */
export async function trustDevice(db: Executor, token: string | undefined, userId: number): Promise<string> {
  const value = token && token.length >= 20 && token.length <= 200 ? token : generateToken();
  await db
    .insert(trustedDevices)
    .values({ userId, tokenHash: hashToken(value) })
    .onConflictDoUpdate({ target: [trustedDevices.tokenHash, trustedDevices.userId], set: { lastUsedAt: sql`now()` } });
  return value;
}

/** Clean-up job: browsers not seen for DEVICE_TTL_MS. */
export async function purgeTrustedDevices(db: Executor): Promise<void> {
  await db.execute(sql`delete from trusted_devices where last_used_at < now() - make_interval(secs => ${DEVICE_TTL_MS / 1000})`);
}
