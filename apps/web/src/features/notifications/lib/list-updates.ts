import type { NotificationView } from '@erepare/shared/schemas/notifications';
import type { NotificationFilter, NotificationList } from '../api/notifications-api';

/**
 * What an action does to a cached list, applied at once (optimistic) and undone if the server
 * refuses. The unread count is the user's whole count (the bell's badge), so it changes in every
 * list, whichever filter the list shows.
 */

export function markReadIn(list: NotificationList, id: number, wasUnread: boolean, filter: NotificationFilter): NotificationList {
  const data =
    filter === 'unread' ? list.data.filter((item) => item.id !== id) : list.data.map((item) => (item.id === id ? { ...item, read: true } : item));
  return {
    data,
    unread: wasUnread ? Math.max(0, list.unread - 1) : list.unread,
    total: filter === 'unread' && data.length < list.data.length ? Math.max(0, list.total - 1) : list.total,
  };
}

export function removeFrom(list: NotificationList, id: number, wasUnread: boolean): NotificationList {
  const data = list.data.filter((item) => item.id !== id);
  return {
    data,
    unread: wasUnread ? Math.max(0, list.unread - 1) : list.unread,
    total: data.length < list.data.length ? Math.max(0, list.total - 1) : list.total,
  };
}

export function markAllReadIn(list: NotificationList, filter: NotificationFilter): NotificationList {
  if (filter === 'unread') return { data: [], unread: 0, total: 0 };
  return { data: list.data.map((item) => (item.read ? item : { ...item, read: true })), unread: 0, total: list.total };
}

export const emptyList: NotificationList = { data: [], unread: 0, total: 0 };

/** Where a click on a notification leads: a ticket to the repairs tab, others to their own in-site link. */
export function notificationTarget(notification: Pick<NotificationView, 'type' | 'data'>): string | null {
  if (notification.type === 'ticket') return '/compte?tab=repairs';
  const url = notification.data.url;
  // Only a path of this site: never "//elsewhere" nor an absolute address.
  return url && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : null;
}
