import { Check, Store, TicketPercent, Trash2, Wrench, Zap, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { NotificationType } from '@erepare/shared/notifications';
import type { NotificationView } from '@erepare/shared/schemas/notifications';
import { absoluteTimeFr, relativeTimeFr } from '../lib/relative-time';

const typeIcons: Record<NotificationType, { icon: LucideIcon; label: string; classes: string }> = {
  ticket: { icon: Wrench, label: 'Réparation', classes: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200' },
  promo: { icon: TicketPercent, label: 'Code promo', classes: 'bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-200' },
  flash: { icon: Zap, label: 'Vente flash', classes: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  store: { icon: Store, label: 'Boutique', classes: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' },
};

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-300 dark:hover:bg-ink-800 dark:hover:text-white';

type NotificationItemProps = {
  notification: NotificationView;
  now: Date;
  onOpen: (notification: NotificationView) => void;
  onMarkRead: (id: number) => void;
  onDelete: (id: number) => void;
};

/** One notification: type icon, title, body, relative time, unread dot; open, mark read, delete. */
export function NotificationItem({ notification, now, onOpen, onMarkRead, onDelete }: NotificationItemProps) {
  const type = typeIcons[notification.type];
  const Icon = type.icon;
  const unread = !notification.read;
  const id = useId();
  return (
    <li
      data-testid="notification-item"
      data-read={notification.read}
      className={`flex items-start gap-1 border-b border-slate-200 px-2 py-2 dark:border-slate-700 ${unread ? 'bg-brand-50/60 dark:bg-brand-800/10' : ''}`}
    >
      <button
        type="button"
        onClick={() => onOpen(notification)}
        aria-label={`${type.label}${unread ? ', non lue' : ''}\u00a0: ${notification.title}`}
        aria-describedby={`${notification.body ? `${id}-body ` : ''}${id}-time`}
        className="flex min-h-11 min-w-0 flex-1 items-start gap-3 rounded-lg p-2 text-left hover:bg-slate-100 dark:hover:bg-ink-800"
      >
        <span aria-hidden="true" className={`mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full ${type.classes}`}>
          <Icon className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-start gap-2">
            <span className={`min-w-0 flex-1 break-words ${unread ? 'font-bold' : 'font-semibold'}`}>
              {notification.title}
            </span>
            {unread ? <span aria-hidden="true" data-testid="unread-dot" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-700 dark:bg-brand-300" /> : null}
          </span>
          {notification.body ? <span id={`${id}-body`} className="mt-0.5 block text-sm break-words text-slate-700 dark:text-slate-300">{notification.body}</span> : null}
          <time id={`${id}-time`} dateTime={notification.timestamp} title={absoluteTimeFr(notification.timestamp)} className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
            {relativeTimeFr(notification.timestamp, now)}
          </time>
        </span>
      </button>
      <div className="flex shrink-0 flex-col sm:flex-row">
        {unread ? (
          <button type="button" className={iconButton} onClick={() => onMarkRead(notification.id)} aria-label={`Marquer comme lue\u00a0: ${notification.title}`} title="Marquer comme lue">
            <Check aria-hidden="true" className="size-5" />
          </button>
        ) : null}
        <button type="button" className={iconButton} onClick={() => onDelete(notification.id)} aria-label={`Supprimer\u00a0: ${notification.title}`} title="Supprimer">
          <Trash2 aria-hidden="true" className="size-5" />
        </button>
      </div>
    </li>
  );
}
