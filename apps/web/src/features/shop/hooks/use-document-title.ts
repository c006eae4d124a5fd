import { useEffect } from 'react';
import { useSiteSettings } from '../../../lib/site-settings';

/**
 * Gives the page a title of its own ("Coque iPhone 13 | E.repare"), in place of the route's. The
 * layout writes the route title in its effect, which runs after ours in the same commit: ours is
 * applied right after it (microtask), and again whenever the layout rewrites it (settings refresh).
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
