import { useId, useState, type ReactNode } from 'react';
import { buttonClasses } from '../../../../components/ui/button';

export const COMING_SOON = 'Bientôt disponible';

type ComingSoonButtonProps = {
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  /** Said after "Bientôt disponible" (e.g. what to do meanwhile). */
  detail?: string;
};

/**
 * A call to action of the label pages, which the spec says does nothing yet. It stays a real,
 * focusable button (a disabled-looking one would be skipped or unreadable) and says honestly, in a
 * polite live region, that the feature is not available yet.
 */
export function ComingSoonButton({ children, variant = 'primary', detail }: ComingSoonButtonProps) {
  const [shown, setShown] = useState(false);
  const noteId = useId();
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className={buttonClasses(variant)}
        aria-describedby={shown ? noteId : undefined}
        onClick={() => setShown(true)}
      >
        {children}
      </button>
      <p id={noteId} aria-live="polite" className="min-h-5 text-sm font-medium text-amber-900 dark:text-amber-200">
        {shown ? `${COMING_SOON}${detail ? `\u00a0: ${detail}` : '.'}` : ''}
      </p>
    </div>
  );
}
