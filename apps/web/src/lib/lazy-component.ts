import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Connection = Pick<Window, 'addEventListener' | 'removeEventListener'> & { navigator: Pick<Navigator, 'onLine'> };

/**
 * A module that could not be fetched because the connection is gone is fetched again once it is
 * back, instead of failing: meanwhile the import stays pending. Online, a failure is a failure
 * (a new deployment removed the file: the error boundary reloads the page).
 */
export function importWhenOnline<T>(load: () => Promise<T>, given?: Connection): Promise<T> {
  return load().catch((error: unknown) => {
    // On the server (no window), and online, a failure is a failure.
    const connection = given ?? (typeof window === 'undefined' ? null : window);
    if (!connection || connection.navigator.onLine) throw error;
    return new Promise<T>((resolve, reject) => {
      const retry = () => {
        connection.removeEventListener('online', retry);
        importWhenOnline(load, given).then(resolve, reject);
      };
      connection.addEventListener('online', retry);
    });
  });
}

/**
 * React's `lazy` for the parts of a page whose code comes later (below the fold, the bell's panel,
 * a dialog…). Offline, such a part keeps what it shows (the server's HTML, or its Suspense
 * fallback) until the connection is back, rather than throwing the whole page to its error
 * boundary ("Une erreur est survenue").
 */
// React's own constraint on lazy's component (props of any shape).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => importWhenOnline(load));
}
