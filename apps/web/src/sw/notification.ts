import { PUSH_DEFAULTS, VISITOR_UNFOLLOW_ACTION, visitorFollowMessages } from '@erepare/shared/notifications';
import { defaultStoreProfile } from '@erepare/shared/store-profile';

/** What a push shows (pure): the payload sent by the server, with spec 1 §9's defaults. */

export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

export type PushPayload = {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  type?: unknown;
  tag?: unknown;
  icon?: unknown;
  notificationId?: unknown;
  ticketId?: unknown;
  requireInteraction?: unknown;
  actionRequired?: unknown;
  data?: unknown;
  /** A visitor's ticket push (no account): it offers to stop following from the notification. */
  visitorFollow?: unknown;
};

export type NotificationData = { url: string; type: string; notificationId: number | null; ticketId: string | null; visitorFollow?: true };

export type ShownNotification = {
  title: string;
  options: Omit<NotificationOptions, 'data'> & { vibrate: number[]; data: NotificationData; actions?: { action: string; title: string }[] };
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Same-origin paths only: a push cannot send the customer elsewhere. */
export function safeUrl(value: unknown): string {
  const url = text(value);
  return url && url.startsWith('/') && !url.startsWith('//') ? url : PUSH_DEFAULTS.url;
}

/** Reads the push data: JSON, or plain text used as the body. */
export function parsePushData(raw: string | null): PushPayload {
  if (raw === null || raw === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as PushPayload;
    return typeof parsed === 'string' ? { body: parsed } : {};
  } catch {
    return { body: raw };
  }
}

export function notificationFor(payload: PushPayload): ShownNotification {
  const nested = payload.data && typeof payload.data === 'object' ? (payload.data as Record<string, unknown>) : {};
  const actionRequired = payload.requireInteraction === true || payload.actionRequired === true || nested.actionRequired === true;
  const notificationId = typeof payload.notificationId === 'number' ? payload.notificationId : null;
  const type = text(payload.type) ?? 'store';
  const visitorFollow = payload.visitorFollow === true;
  return {
    // No React here: the server sends the saved shop name as the title; the default is a fallback.
    title: text(payload.title) ?? defaultStoreProfile.name,
    options: {
      body: text(payload.body) ?? PUSH_DEFAULTS.body,
      icon: text(payload.icon)?.startsWith('/') ? (text(payload.icon) as string) : NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      // The same tag replaces the previous notification instead of piling up.
      tag: text(payload.tag) ?? (notificationId !== null ? `notification-${notificationId}` : `erepare-${type}`),
      requireInteraction: actionRequired,
      vibrate: [...PUSH_DEFAULTS.vibrate],
      lang: 'fr',
      data: {
        url: safeUrl(payload.url ?? nested.url),
        type,
        notificationId,
        ticketId: text(payload.ticketId) ?? (typeof payload.ticketId === 'number' ? String(payload.ticketId) : null),
        ...(visitorFollow ? { visitorFollow: true as const } : {}),
      },
      // The only action a push may carry is ours, with our own wording.
      ...(visitorFollow ? { actions: [{ action: VISITOR_UNFOLLOW_ACTION, title: visitorFollowMessages.unfollowAction }] } : {}),
    },
  };
}

/** The address to open on a click, absolute on the worker's origin. */
export function clickTarget(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined;
  return new URL(safeUrl(url), origin).href;
}
