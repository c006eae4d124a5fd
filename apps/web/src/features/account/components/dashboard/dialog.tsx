import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { trapTab } from '../../../../lib/focus-trap';

type DialogProps = {
  title: ReactNode;
  /** Shown under the title (a status badge, a date). */
  subtitle?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** The element that should get focus first (else the dialog's first control). */
  initialFocus?: React.RefObject<HTMLElement | null>;
};

/**
 * A modal dialog: labelled by its title, focus moved in and kept in (Tab and Shift+Tab wrap),
 * Escape and the close button close it, focus returns to what opened it, the page behind does
 * not scroll. Rendered in a portal so that no parent's overflow or stacking cuts it.
 */
export function Dialog({ title, subtitle, onClose, children, footer, size = 'lg', initialFocus }: DialogProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    (initialFocus?.current ?? panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening: the focus target is read when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    trapTab(event, panelRef.current);
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-6" onKeyDown={onKeyDown}>
      <div aria-hidden="true" className="absolute inset-0 bg-ink-950/70 backdrop-blur-[2px]" onClick={() => closeRef.current()} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className={`relative flex max-h-[92dvh] w-full flex-col rounded-t-2xl border border-slate-200 bg-white text-slate-900 shadow-2xl outline-none sm:rounded-2xl dark:border-slate-700 dark:bg-ink-900 dark:text-slate-100 ${
          size === 'lg' ? 'sm:max-w-3xl' : 'sm:max-w-md'
        }`}
      >
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6 sm:py-4 dark:border-slate-700">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
              {title}
            </h2>
            {subtitle ? <div className="mt-1">{subtitle}</div> : null}
          </div>
          <button
            type="button"
            onClick={() => closeRef.current()}
            className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-ink-800"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Fermer</span>
          </button>
        </div>
        {/* Focusable so that a keyboard user can scroll a long content (WCAG 2.1.1). */}
        <div tabIndex={0} aria-labelledby={`${id}-title`} role="group" className="min-h-0 flex-1 overflow-y-auto px-4 py-4 outline-none focus-visible:outline-2 sm:px-6">
          {children}
        </div>
        {footer ? (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:justify-end sm:px-6 dark:border-slate-700">{footer}</div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
