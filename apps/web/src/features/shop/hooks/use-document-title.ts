import { useEffect } from 'react';
import { useSiteSettings } from '../../../lib/site-settings';

/**
 * Gives the page a title of its own ("Coque iPhone 13 | E.repare") once its data is in the
 * browser, in place of the route's (React Router's `meta`, which React writes in the same commit:
 * ours is applied right after it, in a microtask).
 */
export function useDocumentTitle(title: string | null) {
  const settings = useSiteSettings().data;
  useEffect(() => {
    if (!title || !settings) return;
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) document.title = `${title} | ${settings.title}`;
    });
    return () => {
      cancelled = true;
    };
  }, [title, settings]);
}
