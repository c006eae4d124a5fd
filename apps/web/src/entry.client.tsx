/**
 * Hydrates the server's page (React Router framework mode). React hydrates part by part (selective
 * hydration) and replays the taps and typing made meanwhile.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { themeAreaForPath } from '@erepare/shared/theme';
import { followLinksAsDocumentsWhenOffline } from './lib/offline-links';
import { registerServiceWorker } from './lib/service-worker';
import { applyTheme, readTheme } from './lib/theme-store';

// The area's theme before the first paint.
applyTheme(readTheme(themeAreaForPath(window.location.pathname)));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// Offline pages and push notifications: /sw.js, registered after the page has loaded.
registerServiceWorker();
// Offline, links inside the site reach the service worker as document requests.
followLinksAsDocumentsWhenOffline();
