import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LocalBusinessJsonLd } from '../../components/local-business-json-ld';
import { SetupBanner } from '../../components/setup-banner';
import { Spinner } from '../../components/ui/spinner';
import { matchRoute, normalisePath } from '@erepare/shared/routes';
import { lazyComponent } from '../../lib/lazy-component';
import { useRefreshStaleSettings, useSiteSettings } from '../../lib/site-settings';
import { applyTheme, readTheme } from '../../lib/theme-store';
import { themeAreaForPath } from '@erepare/shared/theme';
import { useTheme } from '../../lib/use-theme';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { WhatsAppButton } from './components/whatsapp-button';

// Shown only while the site or the shop is closed: their code is not part of every page's.
const MaintenanceNotice = lazyComponent(() => import('../../components/maintenance-notice').then((m) => ({ default: m.MaintenanceNotice })));
const RestrictedShopNotice = lazyComponent(() => import('../../components/restricted-shop-notice').then((m) => ({ default: m.RestrictedShopNotice })));

/** Pages that describe the shop with their own LocalBusiness data (their own name and description). */
const OWN_LOCAL_BUSINESS = new Set(['service', 'landing', 'qualirepar', 'reparacteurs']);

/**
 * The shop's LocalBusiness structured data (address, geo, hours, phone) on every indexable page,
 * except those that carry their own.
 */
function SiteLocalBusiness() {
  const match = matchRoute(useLocation().pathname);
  if (match.kind !== 'page' || match.route.noindex || OWN_LOCAL_BUSINESS.has(match.route.page)) return null;
  return <LocalBusinessJsonLd />;
}

const ADMIN_PATH = '/admin-dashboard';

function isShopCatalogue(pathname: string): boolean {
  return pathname === '/boutique' || pathname.startsWith('/produit/');
}

/** Moves focus to the main content after a client-side navigation, as a page load would. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('contenu')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Pages where, on a phone, the floating WhatsApp button would sit on what the visitor came to use
 * (order and « Ajouter » buttons, the tracking table's last line, an estimate's or an invoice's
 * amounts, the booking calendar): there the footer's link is enough.
 */
const NO_FLOATING_WHATSAPP_ON_PHONE = ['/panier', '/checkout', '/commande', '/payment/', '/boutique', '/produit/', '/suivi', '/devis/consulter', '/payer-facture', '/rendez-vous'];

export function RootLayout() {
  const pathname = normalisePath(useLocation().pathname);
  const settings = useSiteSettings();
  const refreshStaleSettings = useRefreshStaleSettings();
  const { theme } = useTheme();
  // Full maintenance: every page but the admin shows the maintenance page (spec 1 §4).
  const maintenance = Boolean(settings.data?.maintenanceMode) && pathname !== ADMIN_PATH;

  // The stored choice, not `theme`: while a page hydrates, `theme` is the default one (what the
  // server rendered with) and applying it would flash the other theme.
  useLayoutEffect(() => applyTheme(readTheme(themeAreaForPath(pathname))), [theme, pathname]);
  useFocusOnNavigation();
  // Settings older than 30 s are fetched again on navigation.
  useEffect(refreshStaleSettings, [pathname, refreshStaleSettings]);

  if (settings.isPending) return <Spinner fullScreen label="Chargement du site…" />;

  if (maintenance) {
    return (
      <>
        <main id="contenu" tabIndex={-1} className="outline-none">
          <Suspense fallback={null}>
            <MaintenanceNotice />
          </Suspense>
        </main>
        <WhatsAppButton />
      </>
    );
  }

  const shopClosed = Boolean(settings.data?.shopMaintenanceMode) && isShopCatalogue(pathname);

  return (
    <>
      <a
        href="#contenu"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Aller au contenu principal
      </a>
      {pathname === ADMIN_PATH ? null : <SetupBanner />}
      {/* Each part is its own Suspense boundary: React hydrates them one by one (selective
          hydration), the part a visitor taps first, instead of one long task that would block
          taps on a phone. */}
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <main id="contenu" tabIndex={-1} className="min-h-[60dvh] outline-none">
        <Suspense fallback={null}>
          {shopClosed ? <RestrictedShopNotice /> : <Outlet />}
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
        <SiteLocalBusiness />
      </Suspense>
      {/* Staff at work need no chat button over their forms and tables. */}
      {pathname === ADMIN_PATH ? null : (
        <Suspense fallback={null}>
          <WhatsAppButton hideOnPhone={NO_FLOATING_WHATSAPP_ON_PHONE.some((prefix) => pathname.startsWith(prefix))} />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
