import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

const COPIED_MS = 2000;

type CopyCodeButtonProps = {
  code: string;
  /** Told once the code is in the clipboard (a toast, for instance). */
  onCopied?: () => void;
  /** Told when the browser refused the copy. */
  onError: () => void;
};

/**
 * Copies a promo code: the button reads "Copié !" for 2 s (announced politely), and says which code
 * it copies to screen readers. Shared by the cart's promo banner and the notification panel.
 */
export function CopyCodeButton({ code, onCopied, onError }: CopyCodeButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
      onCopied?.();
    } catch {
      onError();
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 dark:border-brand-300 dark:bg-ink-950 dark:text-brand-300 dark:hover:bg-ink-800"
    >
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? 'Copié\u00a0!' : 'Copier'}</span>
      {copied ? null : (
        <>
          {' '}
          <span className="sr-only">le code {code}</span>
        </>
      )}
    </button>
  );
}
