import { createECDH } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { notificationMessages } from '@erepare/shared/notifications';
import { pushSubscribeBodySchema } from '@erepare/shared/schemas/notifications';
import type { z } from '@erepare/shared/zod';
import type { Db } from '../../db/client.js';
import { isSendableEndpoint } from '../../jobs/push-sender.js';
import { pushSubscriptions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { savePreferences } from './service.js';

/** Browsers (devices) one user may have subscribed at once; the least recently refreshed go first. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

const invalid = () => new AppError('INVALID_SUBSCRIPTION', 400, notificationMessages.invalidSubscription);

/** A throwaway key pair, only to check that a browser's key is a point of the P-256 curve. */
const probe = createECDH('prime256v1');
probe.generateKeys();

/**
 * The subscription a browser sent, checked beyond its shape: the endpoint is one the sender may
 * call (https to a named public host; plain http to this machine only when the configuration
 * allows it: tests), without credentials; p256dh is an
 * uncompressed P-256 point (65 bytes), auth 16 bytes or more. Anything else: 400, nothing stored.
 */
export function parseSubscription(body: unknown, publicEndpointsOnly: boolean): PushSubscribeBody {
  const parsed = pushSubscribeBodySchema.safeParse(body);
  if (!parsed.success) throw invalid();
  const subscription = parsed.data;
  if (!isSendableEndpoint(subscription.endpoint, !publicEndpointsOnly)) throw invalid();
  const p256dh = Buffer.from(subscription.keys.p256dh, 'base64url');
  const auth = Buffer.from(subscription.keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04 || auth.length < 16) throw invalid();
  try {
    probe.computeSecret(p256dh);
  } catch {
    throw invalid();
  }
  return subscription;
}

const shortText = (value: string | undefined, max: number) => (value ?? '').replace(/\p{Cc}/gu, ' ').slice(0, max);

/**
 * Stores a signed-in user's subscription. The endpoint identifies the browser: the same browser
 * re-subscribing updates its row (new keys); a browser another account (or a visitor) had
 * subscribed is taken over as a new row, so nothing of the previous owner (pending pushes, followed
 * tickets) follows it. Keeps the user's 20 most recent browsers; saves the preferences sent along.
 */
export async function subscribe(
  db: Db,
  userId: number,
  subscription: PushSubscribeBody,
  device: { userAgent?: string | undefined; deviceType?: string | undefined },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const values = {
      userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: shortText(device.userAgent, 400),
      deviceType: shortText(device.deviceType, 20),
    };
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, subscription.endpoint), sql`${pushSubscriptions.userId} is distinct from ${userId}`));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent, updatedAt: new Date() },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    // Another account subscribed this very endpoint between our two statements: let the browser retry.
    if (!row) throw new AppError('SUBSCRIPTION_CONFLICT', 409, notificationMessages.subscriptionSaveError);
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(MAX_SUBSCRIPTIONS_PER_USER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
    if (subscription.preferences) await savePreferences(tx, userId, subscription.preferences);
    return row;
  });
}

/** Removes the caller's own subscription of this endpoint; anything else (unknown, another user's) changes nothing. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

/** tablet, mobile or desktop, guessed from the browser's user agent (spec 1 §3). */
export function deviceTypeOf(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').toLowerCase();
  if (/ipad|tablet|playbook|silk|(android(?!.*mobile))/.test(agent)) return 'tablet';
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile/.test(agent)) return 'mobile';
  return 'desktop';
}
