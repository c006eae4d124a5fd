import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TICKET_CHECK_INTERVAL_MS } from '@erepare/shared/notifications';
import type { NotificationView } from '@erepare/shared/schemas/notifications';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  clearNotifications,
  deleteNotification,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  type NotificationFilter,
  type NotificationList,
} from '../api/notifications-api';
import { emptyList, markAllReadIn, markReadIn, removeFrom } from '../lib/list-updates';

/** The bell polls every 30 s while the page is visible (the list answers the unread count too). */
export const NOTIFICATION_POLL_MS = TICKET_CHECK_INTERVAL_MS;
/** One toast at a time: each new one replaces the last (the toast area shows them 3 s). */
export const TOAST_ID = 'notifications';

export const notificationQueries = {
  list: (filter: NotificationFilter) =>
    queryOptions({
      queryKey: notificationKeys.list(filter),
      queryFn: ({ signal }) => fetchNotifications(filter, signal),
      staleTime: 10_000,
      refetchInterval: NOTIFICATION_POLL_MS,
      // TanStack Query pauses the interval while the tab is hidden and refetches when it comes back.
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    }),
};

type Snapshot = [readonly unknown[], NotificationList | undefined][];

function filterOf(key: readonly unknown[]): NotificationFilter {
  return (key[2] as NotificationFilter | undefined) ?? 'all';
}

/** The notification as any cached list knows it (to know whether it was unread). */
function findCached(client: QueryClient, id: number): NotificationView | undefined {
  for (const [, list] of client.getQueriesData<NotificationList>({ queryKey: notificationKeys.lists })) {
    const found = list?.data.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Mark read, mark all read, delete and clear all: every cached list changes at once, the server
 * is asked, and a refusal puts the lists back as they were with one error toast.
 */
function useOptimistic<V>(run: (value: V) => Promise<unknown>, change: (list: NotificationList, filter: NotificationFilter, value: V, wasUnread: boolean) => NotificationList, messages: { error: string; success?: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onMutate: async (value: V): Promise<{ snapshot: Snapshot }> => {
      await client.cancelQueries({ queryKey: notificationKeys.lists });
      const snapshot = client.getQueriesData<NotificationList>({ queryKey: notificationKeys.lists });
      // Read before any list changes: the first list updated would otherwise say "already read".
      const wasUnread = typeof value === 'number' && findCached(client, value)?.read === false;
      for (const [key, list] of snapshot) {
        if (list) client.setQueryData<NotificationList>(key, change(list, filterOf(key), value, wasUnread));
      }
      return { snapshot };
    },
    onError: (error, _value, context) => {
      for (const [key, list] of context?.snapshot ?? []) client.setQueryData(key, list);
      toastError(error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : messages.error, { id: TOAST_ID });
    },
    onSuccess: () => {
      if (messages.success) toastSuccess(messages.success, { id: TOAST_ID });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.lists }),
  });
}

export function useNotificationActions() {
  const markRead = useOptimistic(
    markNotificationRead,
    (list, filter, id: number, wasUnread) => markReadIn(list, id, wasUnread, filter),
    { error: 'Impossible de marquer la notification comme lue' },
  );
  const remove = useOptimistic(
    deleteNotification,
    (list, _filter, id: number, wasUnread) => removeFrom(list, id, wasUnread),
    { error: 'Impossible de supprimer la notification', success: 'Notification supprimée' },
  );
  const markAllRead = useOptimistic(
    markAllNotificationsRead,
    (list, filter) => markAllReadIn(list, filter),
    { error: 'Impossible de tout marquer comme lu', success: 'Toutes les notifications sont lues' },
  );
  const clearAll = useOptimistic(clearNotifications, () => emptyList, {
    error: 'Impossible de supprimer les notifications',
    success: 'Notifications supprimées',
  });
  return { markRead, remove, markAllRead, clearAll };
}
