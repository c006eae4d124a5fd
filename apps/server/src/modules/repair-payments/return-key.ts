import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appMeta } from '../../db/schema.js';

/**
 * The secret a repair payment's return address carries (`cle=`): the return page reads the
 * payment's status, and captures a PayPal order, only with it — never with the provider's id
 * alone (a Stripe session id or a 17-character PayPal order id proves nothing).
 *
 * Only its SHA-256 is stored (`repair_payments.return_key_hash`). The key itself is 256 bits
 * derived (HMAC-SHA256) from a random secret of this installation and the attempt's idempotency
 * key: a create retried under the same idempotency key (a double click, a response lost on the
 * way) sends Stripe the very same parameters — Stripe refuses the same key with other ones — and a
 * PayPal order replayed by its PayPal-Request-Id carries the return address whose key we store.
 * Without the installation's secret, nobody can compute a key.
 */

/** app_meta key of the installation's secret (32 random bytes, base64url), made on first use. */
export const RETURN_KEY_SECRET = 'repair_payment_return_secret';

async function installationSecret(db: Executor): Promise<string> {
  const read = async () => {
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, RETURN_KEY_SECRET)).limit(1);
    const value = row?.value as { secret?: unknown } | undefined;
    return typeof value?.secret === 'string' && value.secret.length >= 43 ? value.secret : null;
  };
  const known = await read();
  if (known) return known;
  // Two instances making it at once: the first insert wins, both read the same.
  await db
    .insert(appMeta)
    .values({ key: RETURN_KEY_SECRET, value: { secret: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error('repair payment return secret missing after its creation');
  return made;
}

/** The key of the attempt created under `idempotencyKey` (43 base64url characters), and its stored hash. */
export async function returnKeyFor(db: Executor, idempotencyKey: string): Promise<{ key: string; hash: string }> {
  const key = createHmac('sha256', await installationSecret(db)).update(`repair-payment-return:${idempotencyKey}`).digest('base64url');
  return { key, hash: hashReturnKey(key) };
}

export function hashReturnKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Whether `key` is the one whose hash is stored, in constant time. A row without a hash (made
 * before keys existed) never matches, nor does an empty key.
 */
export function returnKeyMatches(storedHash: string, key: string): boolean {
  if (!storedHash || !key) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const given = Buffer.from(hashReturnKey(key), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
