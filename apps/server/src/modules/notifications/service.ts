import { and, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_HISTORY_LIMIT,
  NOTIFICATION_PURGE_DAYS,
  PUSH_DEFAULTS,
  preferenceFor,
  type NotificationPreferences,
  type NotificationType,
} from '@erepare/shared/notifications';
import { storeProfile } from '@erepare/shared/store-profile';
import type { Executor } from '../../db/client.js';
import { notificationPreferences, notifications, pushOutbox, pushSubscriptions } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

export type NotifyInput = {
  type: NotificationType;
  title: string;
  body: string;
  /** Ticket number (T-1234) of a ticket notification. */
  ticketId?: string;
  /** url, promoCode, actionRequired, source… (spec 1 §3 `data`). */
  data?: Record<string, unknown>;
  ticketData?: Record<string, unknown>;
  requireInteraction?: boolean;
  icon?: string;
  /** The same change never notifies twice: a second call with this key does nothing. */
  dedupeKey?: string;
};

export type NotifyResult = { notification: NotificationRow | null; created: boolean; pushesQueued: number; skipped?: 'preference' };

export async function preferencesOf(db: Executor, userId: number): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return {
    promosCodes: row.promosCodes,
    ticketUpdates: row.ticketUpdates,
    storeNews: row.storeNews,
    flashSales: row.flashSales,
    realTimeTracking: row.realTimeTracking,
  };
}

/** The JSON a service worker receives for a notification (spec 1 §9 defaults filled in). */
export function pushPayloadOf(notification: NotificationRow): Record<string, unknown> {
  const data = notification.data;
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : PUSH_DEFAULTS.url;
  return {
    title: notification.title || storeProfile.name,
    body: notification.body || PUSH_DEFAULTS.body,
    type: notification.type,
    url,
    tag: `notification-${notification.id}`,
    notificationId: notification.id,
    ticketId: notification.ticketId || undefined,
    requireInteraction: notification.requireInteraction,
    vibrate: PUSH_DEFAULTS.vibrate,
    icon: notification.icon || '/icons/icon-192.png',
  };
}

/**
 * Gives a user a notification: stored (every device sees it), pushed to each of their browsers
 * through the push outbox (sent by the push job, retried), within their preferences. Call it in
 * the transaction of the change that causes it: either both exist or neither. Keeps the 50 newest.
 */
export async function notifyUser(db: Executor, userId: number, input: NotifyInput): Promise<NotifyResult> {
  const preferences = await preferencesOf(db, userId);
  if (!preferences[preferenceFor(input.type)]) return { notification: null, created: false, pushesQueued: 0, skipped: 'preference' };
  const [created] = await db
    .insert(notifications)
    .values({
      userId,
      type: input.type,
      title: input.title.slice(0, 200),
      body: input.body.slice(0, 1000),
      ticketId: input.ticketId ?? '',
      data: input.data ?? {},
      ticketData: input.ticketData ?? null,
      icon: input.icon ?? '',
      requireInteraction: input.requireInteraction ?? false,
      dedupeKey: input.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return { notification: null, created: false, pushesQueued: 0 };
  await trimHistory(db, userId);
  const subscriptions = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (subscriptions.length > 0) {
    const payload = pushPayloadOf(created);
    await db.insert(pushOutbox).values(subscriptions.map((subscription) => ({ subscriptionId: subscription.id, notificationId: created.id, payload })));
  }
  return { notification: created, created: true, pushesQueued: subscriptions.length };
}

/** Keeps a user's 50 newest notifications (spec 1 §5). */
export async function trimHistory(db: Executor, userId: number): Promise<void> {
  const keep = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_HISTORY_LIMIT);
  await db.delete(notifications).where(and(eq(notifications.userId, userId), notInArray(notifications.id, keep)));
}

/** Removes notifications older than 30 days (spec 1 §5), for every user; returns how many. */
export async function purgeOldNotifications(db: Executor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_PURGE_DAYS * 86_400_000);
  const removed = await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id });
  return removed.length;
}

/** Marks notifications read (only the user's own; ids of others change nothing). */
export async function markRead(db: Executor, userId: number, ids: number[] | 'all'): Promise<number> {
  const own = eq(notifications.userId, userId);
  const unread = sql`${notifications.readAt} is null`;
  const where = ids === 'all' ? and(own, unread) : and(own, unread, inArray(notifications.id, ids.length ? ids : [-1]));
  const updated = await db.update(notifications).set({ readAt: new Date() }).where(where).returning({ id: notifications.id });
  return updated.length;
}
