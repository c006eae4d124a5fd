import { useQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, RefreshCw, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import type { NotificationView } from '@erepare/shared/schemas/notifications';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { trapTab } from '../../../lib/focus-trap';
import { NOTIFICATION_FILTERS, type NotificationFilter } from '../api/notifications-api';
import { notificationQueries, useNotificationActions } from '../hooks/use-notifications';
import { notificationTarget } from '../lib/list-updates';
import { NotificationItem } from './notification-item';
import { PromoCodes } from './promo-codes';

const filterLabels: Record<NotificationFilter, string> = { all: 'Toutes', unread: 'Non lues', ticket: 'Tickets', promo: 'Promos' };

const emptyTexts: Record<NotificationFilter, { title: string; body: string }> = {
  all: {
    title: 'Aucune notification pour l’instant',
    body: 'Les nouvelles de vos réparations, les codes promo et les ventes flash apparaîtront ici.',
  },
  unread: { title: 'Tout est lu', body: 'Vous n’avez aucune notification non lue.' },
  ticket: { title: 'Aucune notification de réparation', body: 'Chaque changement d’état d’un ticket suivi apparaîtra ici.' },
  promo: { title: 'Aucune notification de promotion', body: 'Les nouveaux codes promo et ventes flash apparaîtront ici.' },
};

const headerButton =
  'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-100 dark:hover:bg-ink-800';

function countSummary(total: number, unread: number): string {
  const notifications = `${total} notification${total > 1 ? 's' : ''}`;
  return unread > 0 ? `${notifications}, dont ${unread} non lue${unread > 1 ? 's' : ''}` : notifications;
}

/**
 * The notification panel (spec 1 §2): a slide-over from the right (full screen on a phone), modal,
 * focus kept inside, Escape closes and focus goes back to the bell.
 */
export function NotificationPanel({ onClose }: { onClose: (returnFocus?: boolean) => void }) {
  const id = useId();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [confirmClear, setConfirmClear] = useState(false);
  const list = useQuery(notificationQueries.list(filter));
  const { markRead, remove, markAllRead, clearAll } = useNotificationActions();
  const panelRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  // "il y a 5 min" moves on while the panel stays open.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    panelRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  // An action can remove or disable the focused button (delete, mark all read, clear all): focus
  // then stays in the panel rather than falling back to the page behind it.
  const keepFocusInside = () => {
    panelRef.current?.focus();
    // After the confirmation dialog, focus comes back to "Tout effacer", disabled a moment later.
    window.setTimeout(() => {
      const panel = panelRef.current;
      if (panel && !panel.contains(document.activeElement)) panel.focus();
    }, 50);
  };

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  // Escape also works when focus fell out of the panel (on the page behind, or nowhere).
  useEffect(() => {
    // The confirmation dialog handles its own Escape.
    if (confirmClear) return undefined;
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || panelRef.current?.contains(document.activeElement)) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, [confirmClear]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    trapTab(event, panelRef.current);
  };

  const open = (notification: NotificationView) => {
    if (!notification.read) markRead.mutate(notification.id);
    const target = notificationTarget(notification);
    if (!target) return;
    const samePage = new URL(target, window.location.origin).pathname === location.pathname;
    onClose(samePage);
    void navigate(target);
  };

  const data = list.data;
  const unread = data?.unread ?? 0;
  const items = data?.data ?? [];

  // In a portal: the sticky header's backdrop filter would otherwise be the containing block of
  // this fixed panel and clip it to the header's height.
  return createPortal(
    <>
      <div className="fixed inset-0 z-40" onKeyDown={onKeyDown}>
        <div aria-hidden="true" className="absolute inset-0 bg-ink-950/50" onClick={() => onClose()} />
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={`${id}-title`}
          tabIndex={-1}
          data-testid="notification-panel"
          className="absolute inset-y-0 right-0 flex w-full flex-col bg-white text-slate-900 shadow-2xl outline-none sm:max-w-md sm:border-l sm:border-slate-200 dark:bg-ink-900 dark:text-slate-100 sm:dark:border-slate-700"
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
            <h2 id={`${id}-title`} className="mr-auto text-lg font-bold">
              Notifications
            </h2>
            <button
              type="button"
              onClick={() => onClose()}
              aria-label="Fermer les notifications"
              className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-ink-800"
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          <div className="flex flex-wrap items-center gap-1 border-b border-slate-200 px-2 py-1 dark:border-slate-700">
            <button type="button" className={headerButton} disabled={!data || unread === 0} onClick={() => {
                markAllRead.mutate(undefined);
                keepFocusInside();
              }}>
              <CheckCheck aria-hidden="true" className="size-4" />
              Tout marquer comme lu
            </button>
            <button type="button" className={headerButton} disabled={!data || data.total === 0} onClick={() => setConfirmClear(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Tout effacer
            </button>
          </div>
          <div role="group" aria-label="Filtrer les notifications" className="grid grid-cols-4 gap-1 border-b border-slate-200 p-2 dark:border-slate-700">
            {NOTIFICATION_FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
                className={`min-h-11 rounded-lg px-2 text-sm font-semibold ${
                  filter === value
                    ? 'bg-brand-700 text-white dark:bg-brand-400 dark:text-ink-950'
                    : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-ink-800'
                }`}
              >
                {filterLabels[value]}
              </button>
            ))}
          </div>
          <p aria-live="polite" className="sr-only">
            {data ? countSummary(data.data.length, unread) : ''}
          </p>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {filter === 'promo' ? <PromoCodes /> : null}
            {list.isPending ? (
              <div aria-busy="true" className="space-y-3 p-4" data-testid="notifications-loading">
                <span className="sr-only">Chargement des notifications…</span>
                {[0, 1, 2].map((row) => (
                  <div key={row} aria-hidden="true" className="flex animate-pulse gap-3">
                    <div className="size-9 rounded-full bg-slate-200 dark:bg-slate-700" />
                    <div className="flex-1 space-y-2">
                      <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-700" />
                      <div className="h-3 w-full rounded bg-slate-200 dark:bg-slate-700" />
                    </div>
                  </div>
                ))}
              </div>
            ) : list.isError && !data ? (
              <div role="alert" className="m-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100">
                <p>{list.error.message}</p>
                <button type="button" onClick={() => void list.refetch()} className={`${headerButton} mt-2 border border-red-300 dark:border-red-700`}>
                  <RefreshCw aria-hidden="true" className="size-4" />
                  Réessayer
                </button>
              </div>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center px-6 py-10 text-center">
                <BellOff aria-hidden="true" className="size-10 text-slate-500" />
                <p className="mt-3 font-semibold">{emptyTexts[filter].title}</p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{emptyTexts[filter].body}</p>
              </div>
            ) : (
              <ul aria-label={`Notifications\u00a0: ${filterLabels[filter].toLowerCase()}`}>
                {items.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    now={now}
                    onOpen={open}
                    onMarkRead={(value) => {
                      markRead.mutate(value);
                      keepFocusInside();
                    }}
                    onDelete={(value) => {
                      remove.mutate(value);
                      keepFocusInside();
                    }}
                  />
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
      {confirmClear ? (
        <ConfirmDialog
          title="Supprimer toutes les notifications&nbsp;?"
          confirmLabel="Tout supprimer"
          onCancel={() => setConfirmClear(false)}
          onConfirm={() => {
            setConfirmClear(false);
            clearAll.mutate(undefined);
            keepFocusInside();
          }}
        >
          Toutes vos notifications seront effacées. Cette action est définitive.
        </ConfirmDialog>
      ) : null}
    </>,
    document.body,
  );
}
