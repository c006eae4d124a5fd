/**
 * The app itself, loaded by main.tsx: hydrates a prerendered page or renders the others.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { themeAreaForPath } from '@erepare/shared/theme';
import { createQueryClient, Providers } from './app/providers';
import { createRouter, loadMatchedRoutes } from './app/router';
import { registerServiceWorker } from './lib/service-worker';
import { primeSiteSettings } from './lib/site-settings';
import { primeRenderedProduct } from './lib/rendered-product';
import { embeddedStoreProfile } from './lib/store-profile';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { APP_READY_EVENT } from './lib/app-ready';
import { setHydrating } from './preact/hydration';
import { applyTheme, readTheme } from './lib/theme-store';

// Apply the area's theme before the first paint.
applyTheme(readTheme(themeAreaForPath(window.location.pathname)));

const queryClient = createQueryClient();
const settingsReady = primeSiteSettings(queryClient);
// The profile the page was rendered with (sent by the server); the default one without a server (vite dev).
const storeProfile = embeddedStoreProfile(document) ?? defaultStoreProfile;

/** Says when the app has taken over the page (main.tsx then replays the taps made before). */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}

function app(router: ReturnType<typeof createRouter>) {
  return (
    <StrictMode>
      <Providers client={queryClient} storeProfile={storeProfile}>
        <RouterProvider router={router} />
        <AppReady />
      </Providers>
    </StrictMode>
  );
}

/** Resolves in a later task: the browser may handle a tap or paint in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const container = document.getElementById('root');
if (!container) throw new Error('#root introuvable');

// A prerendered page (public pages) is hydrated once its route's code is here; the others render.
// Without the site settings (a page copy that lacks them, no cached ones), the first render is the
// loading spinner, not the page: it is drawn afresh (hydrating a tree that differs from the HTML
// would keep the HTML's attributes).
// A product page the server rendered with its product hydrates once the product is in the cache
// (drawn afresh if it cannot be read).
const hydrating = container.hasChildNodes() && settingsReady;
const [, productReady] = hydrating ? await Promise.all([loadMatchedRoutes(window.location.pathname), primeRenderedProduct(queryClient)]) : [];
// The router (its route table ranked, the location matched) is made in a task of its own, the
// hydration in the next: one long task would block taps on a phone (Preact does not slice).
if (hydrating) await nextTask();
const router = createRouter();
if (hydrating && productReady !== false) {
  await nextTask();
  // Preact hydrates synchronously: stores give their server value meanwhile (preact/react.ts).
  setHydrating(true);
  try {
    hydrateRoot(container, app(router));
  } finally {
    setHydrating(false);
  }
} else {
  container.replaceChildren();
  createRoot(container).render(app(router));
}

// Offline pages and push notifications: /sw.js, registered after the page has loaded.
registerServiceWorker();
