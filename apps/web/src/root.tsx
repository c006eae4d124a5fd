/**
 * The document of every page (React Router framework mode): its head, the data of the first paint
 * (site settings, store profile) from the server, the providers, and the page shown when a route
 * fails.
 */
import './early-install';
import stylesHref from './styles.css?url';
import themeBoot from './theme-boot.js?raw';
import { useEffect, useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, type LinksFunction, type LoaderFunctionArgs } from 'react-router';
import { defaultSiteSettings } from '@erepare/shared/site-settings';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { documentPolicyKey, webServicesKey } from '@erepare/shared/web-context';
import type { RootData } from './app/page-meta';
import { createQueryClient, Providers } from './app/providers';
import { RouteError } from './app/route-error';
import { seedDocumentSettings } from './lib/site-settings';

export async function loader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  const services = context.get(webServicesKey);
  const policy = context.get(documentPolicyKey);
  // The database unreachable: the page still renders (spec 1 §4: both modes read as off).
  const [settings, storeProfile] = services
    ? await Promise.all([services.siteSettings().catch(() => defaultSiteSettings), services.storeProfile().catch(() => defaultStoreProfile)])
    : [defaultSiteSettings, defaultStoreProfile];
  // Without the server's services (`react-router dev`): the address the page was asked at.
  return { settings, storeProfile, publicUrl: services?.publicUrl ?? new URL(request.url).origin, paymentReady: policy?.paymentReady ?? true };
}

/**
 * The styles, as a stylesheet React places first in the head (`precedence`): before the preloads of
 * the page's modules, so the first paint waits on them alone.
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

// The settings are refreshed in the browser (30 s cache, lib/site-settings): navigations do not ask again.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  return (
    // theme-boot.js sets the stored theme on <html> before React hydrates it.
    <html lang="fr" className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1220" />
        <meta name="color-scheme" content="dark light" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <meta name="apple-mobile-web-app-title" content="E.repare" />
        {/* The stored light/dark choice, before the first paint: inline (no request), allowed by its hash. */}
        <script dangerouslySetInnerHTML={{ __html: themeBoot }} />
        <Meta />
        <Links />
      </head>
      <body>
        <div id="root">{children}</div>
        <Scripts />
      </body>
    </html>
  );
}

/** Marks the document once the app has hydrated the page (a signal for tests and tools). */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

export default function App({ loaderData }: { loaderData: RootData }) {
  const [client] = useState(() => {
    const created = createQueryClient();
    seedDocumentSettings(created, loaderData.settings);
    return created;
  });
  return (
    <Providers client={client} storeProfile={loaderData.storeProfile} publicUrl={loaderData.publicUrl}>
      <Outlet />
      <AppReady />
    </Providers>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
