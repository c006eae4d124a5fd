/**
 * The route table of the whole site (spec 1 §2, spec 2 §2, spec 3 §2), shared by the web app
 * (which builds its router from it) and the server (which answers 404 for paths outside it and
 * redirects the legacy paths). One table, so the two can never disagree.
 */

export type ServicePage = { slug: string; path: string; title: string; navLabel: string };
export type LandingPage = { slug: string; path: string; title: string; town: string };

const service = (slug: string, title: string, navLabel: string = title): ServicePage => ({
  slug,
  path: `/services/${slug}`,
  title,
  navLabel,
});

export const servicePages: readonly ServicePage[] = [
  service('picofly-installation', 'Installation de puce Nintendo Switch', 'Puce Switch (Picofly)'),
  service('coques', 'Coques personnalisées', 'Coques personnalisées'),
  service('recuperation', 'Récupération de données', 'Récupération de données'),
  service('surveillance', 'Caméras de surveillance', 'Vidéosurveillance'),
  service('web', 'Création de sites web', 'Création de sites web'),
  service('maintenance', 'Amélioration matérielle', 'Upgrade matériel'),
  service('virus', 'Suppression de virus et malwares', 'Virus et malwares'),
  service('assistance', 'Assistance à distance', 'Assistance à distance'),
  service('vente', 'Rachat et vente d’appareils reconditionnés', 'Rachat et vente'),
];

const landing = (slug: string, title: string, town: string): LandingPage => ({
  slug,
  path: `/${slug}`,
  title,
  town,
});

export const landingPages: readonly LandingPage[] = [
  landing('reparation-smartphone-arcachon', 'Réparation de smartphone à Arcachon', 'Arcachon'),
  landing('reparation-iphone-la-teste', 'Réparation d’iPhone à La Teste-de-Buch', 'La Teste-de-Buch'),
  landing('reparation-smartphone-le-teich', 'Réparation de smartphone au Teich', 'Le Teich'),
  landing('reparation-biganos', 'Réparation de téléphones et ordinateurs à Biganos', 'Biganos'),
  landing('reparation-audenge', 'Réparation de téléphones et ordinateurs à Audenge', 'Audenge'),
  landing('reparation-andernos-les-bains', 'Réparation de téléphones et ordinateurs à Andernos-les-Bains', 'Andernos-les-Bains'),
  landing('reparation-la-hume', 'Réparation de téléphones et ordinateurs à La Hume', 'La Hume'),
  landing('reparation-lege-cap-ferret', 'Réparation de téléphones et ordinateurs à Lège-Cap-Ferret', 'Lège-Cap-Ferret'),
  landing('reparation-ares', 'Réparation de téléphones et ordinateurs à Arès', 'Arès'),
  landing('reparation-mios', 'Réparation de téléphones et ordinateurs à Mios', 'Mios'),
  landing('reparation-belin-beliet', 'Réparation de téléphones et ordinateurs à Belin-Béliet', 'Belin-Béliet'),
  landing('reparation-bordeaux', 'Réparation de téléphones et ordinateurs près de Bordeaux', 'Bordeaux'),
  landing('reparation-pessac', 'Réparation de téléphones et ordinateurs près de Pessac', 'Pessac'),
  landing('reparation-marcheprime', 'Réparation de téléphones et ordinateurs à Marcheprime', 'Marcheprime'),
  landing('reparation-cestas', 'Réparation de téléphones et ordinateurs près de Cestas', 'Cestas'),
  landing('reparation-gujan-mestras', 'Réparation de téléphones et ordinateurs à Gujan-Mestras', 'Gujan-Mestras'),
  landing('reparation-lanton', 'Réparation de téléphones et ordinateurs à Lanton', 'Lanton'),
];

export type PageId =
  | 'home'
  | 'shop'
  | 'shop-beta'
  | 'product'
  | 'quote'
  | 'tracking'
  | 'tracking-modern'
  | 'service'
  | 'landing'
  | 'partners'
  | 'about'
  | 'social'
  | 'blog'
  | 'blog-beta'
  | 'qualirepar'
  | 'reparacteurs'
  | 'contact'
  | 'faq'
  | 'cgv'
  | 'legal'
  | 'account'
  | 'forgot-password'
  | 'reset-password'
  | 'verify-email'
  | 'admin'
  | 'cart'
  | 'checkout'
  | 'order'
  | 'payment-success'
  | 'payment-cancel'
  | 'maintenance'
  | 'test-notifications';

/**
 * Pages that may load a payment provider's script (express payment on the cart, the checkout's
 * step 5, the order page, the return pages): only their HTML carries a CSP allowing the
 * providers' origins (DESIGN §4). The server marks such a document with PAYMENT_CSP_META; the web
 * app loads these pages as a new document when the current one lacks it.
 */
export const PAYMENT_PAGES: readonly PageId[] = ['cart', 'checkout', 'order', 'payment-success', 'payment-cancel'];
export const PAYMENT_CSP_META = 'erepare-payments-csp';

export type RouteDef = {
  /** React Router path pattern. */
  path: string;
  page: PageId;
  /** Document title (before the " | E.repare" suffix). */
  title: string;
  /** Slug of the service or landing page for the shared page components. */
  slug?: string;
  /** Pages that must not be indexed (account, admin, cart, test pages). */
  noindex?: boolean;
};

const staticRoutes: RouteDef[] = [
  { path: '/', page: 'home', title: 'Réparation smartphone, tablette, console et ordinateur à Gujan-Mestras' },
  { path: '/boutique', page: 'shop', title: 'Boutique' },
  { path: '/boutique-beta', page: 'shop-beta', title: 'Boutique (bêta)', noindex: true },
  { path: '/produit/:productId', page: 'product', title: 'Produit' },
  { path: '/devis-en-ligne', page: 'quote', title: 'Devis en ligne' },
  { path: '/suivi', page: 'tracking', title: 'Suivi des réparations' },
  { path: '/suivi-moderne', page: 'tracking-modern', title: 'Suivi des réparations (nouvelle version)' },
  { path: '/partenaires', page: 'partners', title: 'Marques et partenaires' },
  { path: '/a-propos', page: 'about', title: 'À propos' },
  { path: '/about', page: 'about', title: 'À propos' },
  { path: '/reseaux-sociaux', page: 'social', title: 'Réseaux sociaux' },
  { path: '/blog', page: 'blog', title: 'Blog' },
  { path: '/blog-beta', page: 'blog-beta', title: 'Blog (bientôt disponible)' },
  { path: '/qualirepare', page: 'qualirepar', title: 'Bonus réparation QualiRépar' },
  { path: '/label-qualirepar', page: 'qualirepar', title: 'Bonus réparation QualiRépar' },
  { path: '/reparacteurs', page: 'reparacteurs', title: 'Label RéparActeurs' },
  { path: '/label-reparacteurs', page: 'reparacteurs', title: 'Label RéparActeurs' },
  { path: '/contact', page: 'contact', title: 'Contact' },
  { path: '/faq', page: 'faq', title: 'Questions fréquentes' },
  { path: '/cgv', page: 'cgv', title: 'Conditions générales de vente' },
  { path: '/mentions-legales', page: 'legal', title: 'Mentions légales et confidentialité' },
  { path: '/politique-confidentialite', page: 'legal', title: 'Mentions légales et confidentialité' },
  { path: '/compte', page: 'account', title: 'Mon compte', noindex: true },
  { path: '/forgot-password', page: 'forgot-password', title: 'Mot de passe oublié', noindex: true },
  { path: '/reset-password', page: 'reset-password', title: 'Nouveau mot de passe', noindex: true },
  { path: '/verify-email', page: 'verify-email', title: 'Vérification de l’adresse e-mail', noindex: true },
  { path: '/admin-dashboard', page: 'admin', title: 'Administration', noindex: true },
  { path: '/panier', page: 'cart', title: 'Panier', noindex: true },
  { path: '/checkout', page: 'checkout', title: 'Commande', noindex: true },
  { path: '/commande', page: 'order', title: 'Ma commande', noindex: true },
  { path: '/payment/success', page: 'payment-success', title: 'Paiement accepté', noindex: true },
  { path: '/payment/cancel', page: 'payment-cancel', title: 'Paiement annulé', noindex: true },
  { path: '/maintenance', page: 'maintenance', title: 'Site en maintenance', noindex: true },
  { path: '/test-notifications', page: 'test-notifications', title: 'Test des notifications', noindex: true },
];

/** Every path that renders a page, in a stable order (used by the router, tests and sitemaps). */
export const routes: readonly RouteDef[] = [
  ...staticRoutes,
  ...servicePages.map((s): RouteDef => ({ path: s.path, page: 'service', title: s.title, slug: s.slug })),
  ...landingPages.map((l): RouteDef => ({ path: l.path, page: 'landing', title: l.title, slug: l.slug })),
];

/**
 * Pages whose HTML is rendered at build time (DESIGN §1.7): the public pages, whose first render
 * depends on nothing but the address and the site settings. Pages with a parameter, private
 * pages and the payment flow are rendered in the browser.
 */
export const PRERENDERED_PAGES: readonly PageId[] = [
  'home', 'shop', 'shop-beta', 'quote', 'tracking', 'tracking-modern', 'service', 'landing', 'partners', 'about',
  'social', 'blog', 'blog-beta', 'qualirepar', 'reparacteurs', 'contact', 'faq', 'cgv', 'legal', 'maintenance',
];

/** The prerendered paths: each route of a PRERENDERED_PAGES page without a parameter. */
export function prerenderedPaths(): string[] {
  return routes.filter((route) => PRERENDERED_PAGES.includes(route.page) && !route.path.includes(':')).map((route) => route.path);
}

/** Key of the prerendered not-found page (served, with status 404, for any unknown path). */
export const PRERENDERED_NOT_FOUND = '*';

/** Paths that show the home page without being the home page (spec: fall back to home). */
export const homeFallbackPaths: readonly string[] = ['/services', '/services/*', '/actualites'];

/** Legacy paths that move permanently to another page (query string kept). */
export const redirects: Readonly<Record<string, string>> = {
  '/nouveau-compte': '/compte',
  // Spec 3 names it as a tracking page, but it is the personal side of tracking: the account.
  '/secure-account': '/compte',
};

export type RouteMatch =
  | { kind: 'page'; route: RouteDef; params: Record<string, string> }
  | { kind: 'home-fallback' }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

export function normalisePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = pathname.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i += 1) {
    const expected = patternParts[i] ?? '';
    const actual = pathParts[i] ?? '';
    if (expected.startsWith(':')) {
      if (!actual) return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(actual);
      } catch {
        return null;
      }
      params[expected.slice(1)] = decoded;
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

/** Resolves a URL path the way the router does (the server uses it for status codes and redirects). */
export function matchRoute(rawPathname: string): RouteMatch {
  const pathname = normalisePath(rawPathname);
  const redirectTo = redirects[pathname];
  if (redirectTo) return { kind: 'redirect', to: redirectTo };
  for (const route of routes) {
    const params = matchPattern(route.path, pathname);
    if (params) return { kind: 'page', route, params };
  }
  if (pathname === '/services' || pathname === '/actualites' || pathname.startsWith('/services/')) {
    return { kind: 'home-fallback' };
  }
  return { kind: 'not-found' };
}
