import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { trapTab } from '../../lib/focus-trap';
import { buttonClasses } from './button';

type ConfirmDialogProps = {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  tone?: 'danger' | 'primary';
};

/**
 * A small alert dialog asking to confirm an action: focus goes to "Annuler" (the safe choice),
 * stays inside (Tab wraps), Escape cancels, focus returns to the opener.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Annuler', onConfirm, onCancel, tone = 'danger' }: ConfirmDialogProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  }, [onCancel]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancelRef.current();
      return;
    }
    trapTab(event, panelRef.current);
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-6" onKeyDown={onKeyDown}>
      <div aria-hidden="true" className="absolute inset-0 bg-ink-950/60" onClick={() => onCancelRef.current()} />
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={children ? `${id}-body` : undefined}
        className="relative w-full rounded-t-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-2xl sm:max-w-md sm:rounded-2xl dark:border-slate-700 dark:bg-ink-900 dark:text-slate-100"
      >
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {children ? (
          <div id={`${id}-body`} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {children}
          </div>
        ) : null}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" className={buttonClasses('secondary')} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={buttonClasses(tone)} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
