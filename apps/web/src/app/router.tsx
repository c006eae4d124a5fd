import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
import { homeFallbackPaths, PAYMENT_PAGES, redirects, routes, type PageId, type RouteDef } from '@erepare/shared/routes';
import { Spinner } from '../components/ui/spinner';
import { InstallBanner } from '../features/install/install-banner';
import { RootLayout, type RouteHandle } from '../features/layout/root-layout';
import { needsPaymentDocument } from '../lib/payment-document';
import { RouteError } from './route-error';

type PageProps = { slug: string };
type PageLoader = (slug: string) => Promise<ComponentType<PageProps>>;

/** Every page is its own chunk: a visitor downloads only the page they open (a service page, only its service). */
const pages: Record<PageId, PageLoader> = {
  home: () => import('../features/marketing/pages/home-page').then((m) => m.HomePage),
  shop: () => import('../features/shop/pages/shop-page').then((m) => m.ShopPage),
  'shop-beta': () => import('../features/shop/pages/shop-beta-page').then((m) => m.ShopBetaPage),
  product: () => import('../features/shop/pages/product-page').then((m) => m.ProductPage),
  quote: () => import('../features/marketing/pages/quote-page').then((m) => m.QuotePage),
  tracking: () => import('../features/tracking/pages/tracking-page').then((m) => m.TrackingPage),
  'tracking-modern': () => import('../features/tracking/pages/tracking-modern-page').then((m) => m.TrackingModernPage),
  service: (slug) => import('../features/marketing/pages/service-page').then((m) => m.loadServicePage(slug)),
  landing: () => import('../features/marketing/pages/landing-page').then((m) => m.LandingPage),
  partners: () => import('../features/marketing/pages/partners-page').then((m) => m.PartnersPage),
  about: () => import('../features/marketing/pages/about-page').then((m) => m.AboutPage),
  social: () => import('../features/marketing/pages/social-page').then((m) => m.SocialPage),
  blog: () => import('../features/marketing/pages/blog-page').then((m) => m.BlogPage),
  'blog-beta': () => import('../features/marketing/pages/blog-beta-page').then((m) => m.BlogBetaPage),
  qualirepar: () => import('../features/marketing/pages/qualirepar-page').then((m) => m.QualireparPage),
  reparacteurs: () => import('../features/marketing/pages/reparacteurs-page').then((m) => m.ReparacteursPage),
  contact: () => import('../features/marketing/pages/contact-page').then((m) => m.ContactPage),
  faq: () => import('../features/marketing/pages/faq-page').then((m) => m.FaqPage),
  cgv: () => import('../features/marketing/pages/cgv-page').then((m) => m.CgvPage),
  legal: () => import('../features/marketing/pages/legal-page').then((m) => m.LegalPage),
  account: () => import('../features/account/pages/account-page').then((m) => m.AccountPage),
  'forgot-password': () => import('../features/account/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
  'reset-password': () => import('../features/account/pages/reset-password-page').then((m) => m.ResetPasswordPage),
  'verify-email': () => import('../features/account/pages/verify-email-page').then((m) => m.VerifyEmailPage),
  admin: () => import('../features/admin/pages/admin-page').then((m) => m.AdminPage),
  cart: () => import('../features/cart/pages/cart-page').then((m) => m.CartPage),
  checkout: () => import('../features/checkout/pages/checkout-page').then((m) => m.CheckoutPage),
  order: () => import('../features/checkout/pages/order-page').then((m) => m.OrderPage),
  'payment-success': () => import('../features/checkout/pages/payment-success-page').then((m) => m.PaymentSuccessPage),
  'payment-cancel': () => import('../features/checkout/pages/payment-cancel-page').then((m) => m.PaymentCancelPage),
  maintenance: () => import('../features/marketing/pages/maintenance-page').then((m) => m.MaintenancePage),
  'test-notifications': () =>
    import('../features/notifications/pages/test-notifications-page').then((m) => m.TestNotificationsPage),
};

function paymentDocumentLoader({ request }: { request: Request }): null | Promise<never> {
  // The development server sets no policy.
  if (import.meta.env.DEV || !needsPaymentDocument(request.url, window.location.href, document)) return null;
  window.location.assign(request.url);
  // The page is being replaced: keep the current one on screen meanwhile.
  return new Promise<never>(() => undefined);
}

function pageRoute(path: string, page: PageId, handle: RouteHandle, slug = ''): RouteObject {
  return {
    path,
    handle: { ...handle, page },
    ...(PAYMENT_PAGES.includes(page) ? { loader: paymentDocumentLoader } : {}),
    lazy: async () => {
      const Page = await pages[page](slug);
      return { Component: () => <Page slug={slug} /> };
    },
  };
}

const homeTitle = routes.find((route) => route.page === 'home')?.title ?? '';

function fromTable(route: RouteDef): RouteObject {
  return pageRoute(
    route.path,
    route.page,
    {
      title: route.title,
      ...(route.noindex ? { noindex: true } : {}),
      ...(route.description ? { description: route.description } : {}),
      ...(route.canonical ? { canonical: route.canonical } : {}),
    },
    route.slug,
  );
}

/** The root layout and the install banner (a feature never imports another: both meet here). */
function AppRoot() {
  return (
    <>
      <RootLayout />
      <InstallBanner />
    </>
  );
}

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: AppRoot,
    errorElement: <RouteError />,
    HydrateFallback: () => <Spinner fullScreen label="Chargement…" />,
    children: [
      ...routes.map(fromTable),
      // /services, any other /services/* and /actualites show the home page (not indexed: the
      // home page is the one to index).
      ...homeFallbackPaths.map((path) => pageRoute(path, 'home', { title: homeTitle, noindex: true })),
      ...Object.entries(redirects).map(
        ([from, to]): RouteObject => ({
          path: from,
          loader: ({ request }) => redirect(`${to}${new URL(request.url).search}`),
        }),
      ),
      {
        path: '*',
        handle: { title: 'Page introuvable', noindex: true } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/marketing/pages/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

export function createRouter() {
  // The toast area (sonner) loads with the first toast (lib/toast), never up front.
  return createBrowserRouter(routeObjects);
}

/**
 * Loads the code of the routes matching `pathname` before a prerendered page is hydrated: the
 * first client render must produce the markup the server did, not the loading fallback.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
