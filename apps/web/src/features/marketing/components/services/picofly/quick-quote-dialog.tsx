import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../../components/ui/button';
import { trapTab } from '../../../../../lib/focus-trap';
import { euros } from '../../../content/services/format';
import type { SwitchModel } from '../../../content/services/picofly';
import { BASE_PRICE } from './price-calculator';

type QuickQuoteDialogProps = {
  /** The model whose quick quote is shown; null: the dialog is closed. */
  model: SwitchModel | null;
  onClose: () => void;
};

/**
 * The quick-quote popup of a Switch model: a native modal <dialog> (the page behind is inert),
 * Tab kept inside, Escape and "Fermer" close it; the opener gets focus back (done by the caller).
 */
export function QuickQuoteDialog({ model, onClose }: QuickQuoteDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (model && !dialog.open) dialog.showModal();
    if (!model && dialog.open) dialog.close();
  }, [model]);

  const close = () => ref.current?.close();

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Closed here rather than by the browser's cancel, so every browser behaves the same.
      event.preventDefault();
      close();
      return;
    }
    trapTab(event, ref.current);
  };

  return (
    // The backdrop is part of the dialog element: a click on it (outside the panel) closes.
    <dialog
      ref={ref}
      aria-labelledby={model ? `${id}-title` : undefined}
      aria-describedby={model ? `${id}-body` : undefined}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-ink-950/70 dark:border-slate-700 dark:bg-ink-900 dark:text-slate-100"
    >
      {/* Closed, the dialog holds nothing (no empty heading in the page). */}
      {model ? (
        <div className="p-6">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Devis rapide</p>
          <h2 id={`${id}-title`} className="mt-1 text-2xl font-bold">
            {model.name}
          </h2>
          <div id={`${id}-body`} className="mt-3 space-y-2 text-slate-700 dark:text-slate-300">
            <p className="flex items-baseline justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 dark:bg-ink-800">
              <span className="font-semibold text-slate-900 dark:text-slate-100">Prix de base</span>
              <span className="text-3xl font-extrabold text-brand-700 dark:text-brand-300">{euros(BASE_PRICE)}</span>
            </p>
            <p>Installation de la puce Picofly comprise. Options, carte microSD et délai se choisissent dans le devis complet.</p>
            <p className="text-sm">Service sans garantie, qui annule la garantie constructeur.</p>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClasses('secondary')} onClick={close}>
              Fermer
            </button>
            <Link to="/devis-en-ligne" className={buttonClasses('primary')}>
              Devis complet
            </Link>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
