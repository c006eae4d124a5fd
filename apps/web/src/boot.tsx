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
import { applyTheme, readTheme } from './lib/theme-store';

// Apply the area's theme before the first paint.
applyTheme(readTheme(themeAreaForPath(window.location.pathname)));

const queryClient = createQueryClient();
const settingsReady = primeSiteSettings(queryClient);
// The profile the page was rendered with (sent by the server); the default one without a server (vite dev).
const storeProfile = embeddedStoreProfile(document) ?? defaultStoreProfile;

/** Marks the document once the app has rendered or hydrated the page (a signal for tests and tools). */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
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

const container = document.getElementById('root');
if (!container) throw new Error('#root introuvable');

// A prerendered page (public pages) is hydrated once its route's code is here (the first render
// must be the page, not the router's loading fallback); the others render. Without the site
// settings (a page copy that lacks them, no cached ones), the first render is the loading
// spinner, not the page: it is drawn afresh. A product page the server rendered with its product
// hydrates once the product is in the cache (drawn afresh if it cannot be read).
const hydrating = container.hasChildNodes() && settingsReady;
const [, productReady] = hydrating ? await Promise.all([loadMatchedRoutes(window.location.pathname), primeRenderedProduct(queryClient)]) : [];
const router = createRouter();
if (hydrating && productReady !== false) {
  hydrateRoot(container, app(router));
} else {
  container.replaceChildren();
  createRoot(container).render(app(router));
}

// Offline pages and push notifications: /sw.js, registered after the page has loaded.
registerServiceWorker();
