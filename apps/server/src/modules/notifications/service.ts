import { and, count, desc, eq, inArray, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  defaultPreferencesFor,
  NOTIFICATION_HISTORY_LIMIT,
  NOTIFICATION_PURGE_DAYS,
  PUSH_DEFAULTS,
  preferenceFor,
  type NotificationPreferences,
  type NotificationType,
} from '@erepare/shared/notifications';
import type { NotificationView } from '@erepare/shared/schemas/notifications';
import type { Executor } from '../../db/client.js';
import { notificationPreferences, notifications, pushOutbox, pushSubscriptions, users } from '../../db/schema.js';
import { getStoreProfile } from '../settings/store-profile.js';

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

/** Before a user saves their own: the defaults, promo and flash following their marketing consent. */
async function defaultsOf(db: Executor, userId: number): Promise<NotificationPreferences> {
  const [user] = await db.select({ emailOptIn: users.emailOptIn }).from(users).where(eq(users.id, userId)).limit(1);
  return defaultPreferencesFor(user?.emailOptIn ?? false);
}

export async function preferencesOf(db: Executor, userId: number): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  if (!row) return defaultsOf(db, userId);
  return {
    promosCodes: row.promosCodes,
    ticketUpdates: row.ticketUpdates,
    storeNews: row.storeNews,
    flashSales: row.flashSales,
    realTimeTracking: row.realTimeTracking,
  };
}

/**
 * The JSON a service worker receives for a notification (spec 1 §9 defaults filled in; an empty
 * title becomes the shop's name as saved in the store profile).
 */
export function pushPayloadOf(notification: NotificationRow, storeName: string): Record<string, unknown> {
  const data = notification.data;
  // A path of this site only: '//host' or '/\host' would send the click to another site.
  const url = typeof data.url === 'string' && /^\/(?![/\\])/.test(data.url) ? data.url : PUSH_DEFAULTS.url;
  return {
    title: notification.title || storeName,
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
export async function notifyUser(
  db: Executor,
  userId: number,
  input: NotifyInput,
  options: { ignorePreferences?: boolean } = {},
): Promise<NotifyResult> {
  const preferences = options.ignorePreferences ? null : await preferencesOf(db, userId);
  if (preferences && !preferences[preferenceFor(input.type)]) return { notification: null, created: false, pushesQueued: 0, skipped: 'preference' };
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
    const payload = pushPayloadOf(created, (await getStoreProfile(db)).name);
    await db.insert(pushOutbox).values(subscriptions.map((subscription) => ({ subscriptionId: subscription.id, notificationId: created.id, payload })));
  }
  return { notification: created, created: true, pushesQueued: subscriptions.length };
}

/** What the API answers for a notification (spec 1 §3 shape; `data` keeps only its known fields). */
export function toNotificationView(row: NotificationRow): NotificationView {
  const raw = row.data;
  const data: NotificationView['data'] = {};
  if (typeof raw.url === 'string') data.url = raw.url;
  if (typeof raw.ticketId === 'string') data.ticketId = raw.ticketId;
  if (typeof raw.promoCode === 'string') data.promoCode = raw.promoCode;
  if (typeof raw.actionRequired === 'boolean') data.actionRequired = raw.actionRequired;
  if (typeof raw.source === 'string') data.source = raw.source;
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    read: row.readAt !== null,
    title: row.title,
    body: row.body,
    type: row.type,
    ticketId: row.ticketId || null,
    data,
    ticketData: row.ticketData ?? null,
    icon: row.icon,
    requireInteraction: row.requireInteraction,
  };
}

export type NotificationFilter = 'all' | 'unread' | 'ticket' | 'promo';

/** A filter's condition: unread, ticket, or promo (promo codes and flash sales). */
function filterCondition(filter: NotificationFilter): SQL | undefined {
  switch (filter) {
    case 'unread':
      return isNull(notifications.readAt);
    case 'ticket':
      return eq(notifications.type, 'ticket');
    case 'promo':
      return inArray(notifications.type, ['promo', 'flash']);
    default:
      return undefined;
  }
}

/** A user's notifications, newest first (at most 50), with their unread count. */
export async function listNotifications(
  db: Executor,
  userId: number,
  filter: NotificationFilter,
): Promise<{ data: NotificationView[]; unread: number; total: number }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), filterCondition(filter)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_HISTORY_LIMIT);
  const unread = await unreadCount(db, userId);
  return { data: rows.map(toNotificationView), unread, total: rows.length };
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.count ?? 0);
}

/** Deletes notifications of the user (ids of others change nothing); returns how many. */
export async function deleteNotifications(db: Executor, userId: number, ids: number[] | 'all'): Promise<number> {
  const own = eq(notifications.userId, userId);
  const where = ids === 'all' ? own : and(own, inArray(notifications.id, ids.length ? ids : [-1]));
  const removed = await db.delete(notifications).where(where).returning({ id: notifications.id });
  return removed.length;
}

/** Saves some preferences of a user (the others keep their value, or their default); returns them all. */
export async function savePreferences(db: Executor, userId: number, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const set: Partial<NotificationPreferences> = {};
  for (const key of Object.keys(DEFAULT_NOTIFICATION_PREFERENCES) as (keyof NotificationPreferences)[]) {
    const value = changes[key];
    if (typeof value === 'boolean') set[key] = value;
  }
  const insert = db.insert(notificationPreferences).values({ userId, ...(await defaultsOf(db, userId)), ...set });
  if (Object.keys(set).length === 0) await insert.onConflictDoNothing();
  else await insert.onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...set, updatedAt: new Date() } });
  return preferencesOf(db, userId);
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
