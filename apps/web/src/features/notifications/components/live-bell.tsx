import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { unreadBadge } from '@erepare/shared/notifications';
import { onPushReceived } from '../../../lib/service-worker';
import { useSession } from '../../../lib/session';
import { notificationKeys } from '../api/notifications-api';
import { notificationQueries } from '../hooks/use-notifications';

// The panel is its own chunk, loaded on the first open.
const NotificationPanel = lazyComponent(() => import('./notification-panel').then((m) => ({ default: m.NotificationPanel })));

export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications, aucune non lue' : `Notifications, ${unreadBadge(unread)} non lue${unread > 1 ? 's' : ''}`;
}

/** The bell of a signed-in user: unread badge (99+ above 99), polled every 30 s while the page is visible. */
function SignedInBell() {
  const list = useQuery(notificationQueries.list('all'));
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  // A push reaching this browser while a tab is open: the badge and the panel update at once
  // rather than at the next 30 s poll.
  useEffect(() => onPushReceived(() => void client.invalidateQueries({ queryKey: notificationKeys.lists })), [client]);
  const button = useRef<HTMLButtonElement>(null);
  const unread = list.data?.unread ?? 0;

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        onClick={() => setOpen(true)}
        // Loading the panel as soon as the pointer comes near makes the first open feel instant.
        onPointerEnter={() => void import('./notification-panel')}
        className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-ink-800"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {unreadBadge(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

export function LiveBell() {
  const session = useSession();
  return session.data ? <SignedInBell /> : null;
}
