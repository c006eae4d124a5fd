import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Executor } from '../../db/client.js';
import { appMeta } from '../../db/schema.js';
import { getStoreProfile } from '../settings/store-profile.js';

/** The application server's VAPID identity (RFC 8292): one key pair per installation. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const VAPID_META_KEY = 'vapid';

const KEY = /^[A-Za-z0-9_-]+$/;

function storedKeys(value: unknown): { publicKey: string; privateKey: string } | null {
  if (!value || typeof value !== 'object') return null;
  const { publicKey, privateKey } = value as Record<string, unknown>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string' || !KEY.test(publicKey) || !KEY.test(privateKey)) return null;
  return { publicKey, privateKey };
}

/**
 * The VAPID keys of this installation: generated on the first call and stored in app_meta, the
 * same ever after (browsers' subscriptions are bound to the public key: a new pair would silently
 * break every subscription). Several instances starting at once: each proposes a pair with
 * insert … on conflict do nothing, then all read the one that won.
 */
export async function ensureVapidKeys(db: Executor): Promise<VapidKeys> {
  // The push services' contact (never shown to users): the saved profile's address when the keys
  // are first needed; the push sender keeps it for the life of the process.
  const subject = `mailto:${(await getStoreProfile(db)).email}`;
  const read = async () => {
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, VAPID_META_KEY)).limit(1);
    return row ? storedKeys(row.value) : null;
  };
  const existing = await read();
  if (existing) return { ...existing, subject };
  const proposed = webpush.generateVAPIDKeys();
  await db
    .insert(appMeta)
    .values({ key: VAPID_META_KEY, value: { publicKey: proposed.publicKey, privateKey: proposed.privateKey, createdAt: new Date().toISOString() } })
    .onConflictDoNothing();
  const winner = await read();
  if (!winner) throw new Error('app_meta.vapid is unreadable: remove the row to generate new VAPID keys (existing push subscriptions will stop working)');
  return { ...winner, subject };
}
