import { PRODUCT_WARRANTY_MONTHS } from './warranty.js';
/**
 * The route table of the whole site (spec 1 §2, spec 2 §2, spec 3 §2), shared by the web app
 * (which builds its router from it) and the server (which answers 404 for paths outside it and
 * redirects the legacy paths). One table, so the two can never disagree.
 */

export type ServicePage = { slug: string; path: string; title: string; navLabel: string; description: string };
export type LandingPage = { slug: string; path: string; title: string; town: string; description: string };

const service = (slug: string, title: string, navLabel: string, description: string): ServicePage => ({
  slug,
  path: `/services/${slug}`,
  title,
  navLabel,
  description,
});

export const servicePages: readonly ServicePage[] = [
  service('picofly-installation', 'Installation de puce Nintendo Switch', 'Puce Switch (Picofly)', 'Installation de puce Picofly sur Nintendo Switch Lite, V1, V2 et OLED\u00a0: 80\u00a0€ de base, options au choix, 5 à 7 jours ou 48\u00a0h en express.'),
  service('coques', 'Coques personnalisées', 'Coques personnalisées', 'Coques de téléphone personnalisées avec votre photo ou votre logo pour Xiaomi, Samsung et iPhone, à 19,90\u00a0€, possiblement prêtes en 24\u00a0h.'),
  service('recuperation', 'Récupération de données', 'Récupération de données', 'Récupération de données sur téléphone, tablette, console, carte mémoire, clé USB et disque dur, et installation de sauvegardes NAS.'),
  service('surveillance', 'Caméras de surveillance', 'Vidéosurveillance', 'Installation de caméras de surveillance intérieures, extérieures et sans fil, réseau domestique, support à distance et garantie complète.'),
  service('web', 'Création de sites web', 'Création de sites web', 'Création de sites web pour start-ups, PME et grandes entreprises\u00a0: design, développement, SEO, maintenance, IA et chatbots.'),
  service('maintenance', 'Amélioration matérielle', 'Upgrade matériel', 'Amélioration matérielle de votre ordinateur\u00a0: RAM, SSD, processeur, carte graphique. Diagnostic gratuit, 60 à 80\u00a0% moins cher que du neuf.'),
  service('virus', 'Suppression de virus et malwares', 'Virus et malwares', 'Suppression de virus, rançongiciels et logiciels espions, réparation du système, réinstallation en conservant vos données et conseils de prévention.'),
  service('assistance', 'Assistance à distance', 'Assistance à distance', 'Assistance informatique à distance avec RustDesk\u00a0: connexion en 30 secondes, chiffrée, pour Windows, macOS, Android et iOS.'),
  service('vente', 'Rachat et vente d’appareils reconditionnés', 'Rachat et vente', `Rachat de smartphones, tablettes, ordinateurs, consoles et montres, et vente d’appareils reconditionnés garantis ${PRODUCT_WARRANTY_MONTHS}\u00a0mois, jusqu’à 50\u00a0% moins chers.`),
];

const landing = (slug: string, title: string, town: string, description: string): LandingPage => ({
  slug,
  path: `/${slug}`,
  title,
  town,
  description,
});

export const landingPages: readonly LandingPage[] = [
  landing('reparation-smartphone-arcachon', 'Réparation de smartphone à Arcachon', 'Arcachon', 'Réparation de smartphone pour Arcachon\u00a0: écran, batterie, téléphone tombé dans l’eau de mer. Atelier à Gujan-Mestras, à 15-20 minutes par la D650.'),
  landing('reparation-iphone-la-teste', 'Réparation d’iPhone à La Teste-de-Buch', 'La Teste-de-Buch', 'Réparation d’iPhone pour La Teste-de-Buch, Pyla et Cazaux\u00a0: écran, batterie, caméra, vitre arrière. Atelier à Gujan-Mestras, à 10 minutes.'),
  landing('reparation-smartphone-le-teich', 'Réparation de smartphone au Teich', 'Le Teich', 'Réparation de smartphone pour Le Teich\u00a0: écran, batterie, transfert de photos, tablettes et consoles. Atelier voisin à Gujan-Mestras, à moins de 10 minutes.'),
  landing('reparation-biganos', 'Réparation de téléphones et ordinateurs à Biganos', 'Biganos', 'Réparation de téléphones, tablettes et ordinateurs pour Biganos et Facture\u00a0: écran, batterie, PC lent, virus. Atelier à Gujan-Mestras, à 15 minutes.'),
  landing('reparation-audenge', 'Réparation de téléphones et ordinateurs à Audenge', 'Audenge', 'Réparation de tablettes, téléphones et ordinateurs pour Audenge. Assistance à distance pour éviter le trajet. Atelier à Gujan-Mestras, à 20-25 minutes.'),
  landing('reparation-andernos-les-bains', 'Réparation de téléphones et ordinateurs à Andernos-les-Bains', 'Andernos-les-Bains', 'Réparation de téléphones, tablettes et ordinateurs pour Andernos-les-Bains, caméras de surveillance, suivi en ligne. Atelier à Gujan-Mestras, à 35 minutes.'),
  landing('reparation-la-hume', 'Réparation de téléphones et ordinateurs à La Hume', 'La Hume', 'Réparation de téléphones, consoles, montres connectées et ordinateurs à La Hume, quartier de Gujan-Mestras\u00a0: l’atelier est à 5 minutes.'),
  landing('reparation-lege-cap-ferret', 'Réparation de téléphones et ordinateurs à Lège-Cap-Ferret', 'Lège-Cap-Ferret', 'Réparation de téléphones et d’ordinateurs pour Lège-Cap-Ferret\u00a0: sable, sel, maisons fermées l’hiver, caméras. Atelier à Gujan-Mestras, de l’autre côté du Bassin.'),
  landing('reparation-ares', 'Réparation de téléphones et ordinateurs à Arès', 'Arès', 'Réparation de téléphones et d’ordinateurs pour Arès\u00a0: réparer ou racheter, virus, données. Atelier à Gujan-Mestras, à 40 minutes par la D3.'),
  landing('reparation-mios', 'Réparation de téléphones et ordinateurs à Mios', 'Mios', 'Réparation de consoles, téléphones et ordinateurs pour Mios et Lacanau-de-Mios, caméras pour maisons neuves. Atelier à Gujan-Mestras, à 20 minutes.'),
  landing('reparation-belin-beliet', 'Réparation de téléphones et ordinateurs à Belin-Béliet', 'Belin-Béliet', 'Réparation de téléphones et d’ordinateurs pour Belin-Béliet\u00a0: assistance à distance, un seul déplacement, rachat. Atelier à Gujan-Mestras, à 35-40 minutes.'),
  landing('reparation-bordeaux', 'Réparation de téléphones et ordinateurs près de Bordeaux', 'Bordeaux', 'Vous habitez Bordeaux\u00a0? Faites réparer téléphone ou ordinateur sur le Bassin, à Gujan-Mestras (45-55 min par l’A63 et l’A660, ou en TER), ou envoyez-le.'),
  landing('reparation-pessac', 'Réparation de téléphones et ordinateurs près de Pessac', 'Pessac', 'Étudiants et habitants de Pessac\u00a0: réparation de téléphone et d’ordinateur portable, récupération de données, à Gujan-Mestras (TER direct ou 40-45 min en voiture).'),
  landing('reparation-marcheprime', 'Réparation de téléphones et ordinateurs à Marcheprime', 'Marcheprime', 'Réparation de téléphones et d’ordinateurs pour Marcheprime et la Croix-d’Hins\u00a0: réparation dans la journée, PC qui surchauffe, reconditionnés. Atelier à 20-25 minutes.'),
  landing('reparation-cestas', 'Réparation de téléphones et ordinateurs près de Cestas', 'Cestas', 'Réparation de téléphones et d’ordinateurs pour Cestas et Gazinet, particuliers et entreprises\u00a0: postes de travail, virus, sites web. Atelier à 35 minutes environ.'),
  landing('reparation-gujan-mestras', 'Réparation de téléphones et ordinateurs à Gujan-Mestras', 'Gujan-Mestras', 'L’atelier de réparation de Gujan-Mestras\u00a0: téléphones, tablettes, ordinateurs, consoles, interventions à domicile l’après-midi, suivi en ligne.'),
  landing('reparation-lanton', 'Réparation de téléphones et ordinateurs à Lanton', 'Lanton', 'Réparation d’ordinateurs, téléphones et tablettes pour Lanton, Cassy et Taussat\u00a0: télétravail, sauvegarde NAS, visio. Atelier à Gujan-Mestras, à 25-30 minutes.'),
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
  | 'estimate'
  | 'booking'
  | 'booking-manage'
  | 'invoice-pay'
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
  /** Meta description for search engines (≤ 170 characters); the site's description otherwise. */
  description?: string;
  /** The address search engines should index when this path shows the same page as another. */
  canonical?: string;
};

const staticRoutes: RouteDef[] = [
  { path: '/', page: 'home', title: 'Réparation smartphone, tablette, console et ordinateur à Gujan-Mestras', description: 'Atelier de réparation à Gujan-Mestras sur le bassin d’Arcachon\u00a0: smartphones, tablettes, ordinateurs et consoles. Devis en ligne, suivi de réparation, garantie 6 mois.' },
  { path: '/boutique', page: 'shop', title: 'Boutique', description: 'Accessoires, appareils reconditionnés garantis et produits de l’atelier E.repare de Gujan-Mestras\u00a0: retrait en boutique ou livraison.' },
  { path: '/boutique-beta', page: 'shop-beta', title: 'Boutique (bêta)', noindex: true },
  { path: '/produit/:productId', page: 'product', title: 'Produit' },
  { path: '/devis-en-ligne', page: 'quote', title: 'Devis en ligne', description: 'Demandez un devis de réparation en ligne\u00a0: appareil, panne, photos et créneau de dépôt à l’atelier de Gujan-Mestras. Réponse rapide, sans engagement.' },
  { path: '/suivi', page: 'tracking', title: 'Suivi des réparations', description: 'Suivez l’avancement de votre réparation\u00a0: recherchez votre ticket ou parcourez les réparations des 14 derniers jours de l’atelier.' },
  { path: '/suivi-moderne', page: 'tracking-modern', title: 'Suivi des réparations (nouvelle version)', description: 'Nouvelle version du suivi des réparations de l’atelier E.repare\u00a0: votre ticket par son numéro et les réparations des 14 derniers jours.', canonical: '/suivi' },
  { path: '/partenaires', page: 'partners', title: 'Marques et partenaires', description: 'Les marques de stockage, d’accessoires et de protection que l’atelier E.repare utilise et conseille pour vos appareils.' },
  { path: '/a-propos', page: 'about', title: 'À propos', description: 'L’atelier E.repare de Gujan-Mestras\u00a0: réparation de PC, tablettes et smartphones, récupération de données, diagnostic gratuit, «\u00a0pas réparé, pas payé\u00a0».' },
  { path: '/about', page: 'about', title: 'À propos', description: 'L’atelier E.repare de Gujan-Mestras\u00a0: réparation de PC, tablettes et smartphones, récupération de données, diagnostic gratuit, «\u00a0pas réparé, pas payé\u00a0».', canonical: '/a-propos' },
  { path: '/reseaux-sociaux', page: 'social', title: 'Réseaux sociaux', description: 'Suivez l’atelier E.repare sur Facebook, Instagram et TikTok\u00a0: conseils, réparations du moment et offres.' },
  // Not indexed until the blog has real articles (its demo articles are placeholders).
  { path: '/blog', page: 'blog', title: 'Blog', description: 'Conseils de l’atelier E.repare\u00a0: entretien de vos appareils, réparations, mobiles et actualités tech.', noindex: true },
  { path: '/blog-beta', page: 'blog-beta', title: 'Blog (bientôt disponible)', noindex: true },
  { path: '/qualirepare', page: 'qualirepar', title: 'Bonus réparation QualiRépar', description: 'Le bonus réparation QualiRépar\u00a0: jusqu’à 60\u00a0€ déduits de la facture pour réparer un appareil hors garantie. Montants et démarches.', canonical: '/label-qualirepar' },
  { path: '/label-qualirepar', page: 'qualirepar', title: 'Bonus réparation QualiRépar', description: 'Le bonus réparation QualiRépar\u00a0: jusqu’à 60\u00a0€ déduits de la facture pour réparer un appareil hors garantie. Montants et démarches.' },
  { path: '/reparacteurs', page: 'reparacteurs', title: 'Label RéparActeurs', description: 'Le label RéparActeurs des artisans de la réparation\u00a0: ce qu’il garantit et nos engagements pour réparer plutôt que jeter.', canonical: '/label-reparacteurs' },
  { path: '/label-reparacteurs', page: 'reparacteurs', title: 'Label RéparActeurs', description: 'Le label RéparActeurs des artisans de la réparation\u00a0: ce qu’il garantit et nos engagements pour réparer plutôt que jeter.' },
  { path: '/contact', page: 'contact', title: 'Contact', description: 'Contactez l’atelier E.repare de Gujan-Mestras\u00a0: adresse, téléphone, horaires et formulaire avec photos de votre appareil.' },
  { path: '/faq', page: 'faq', title: 'Questions fréquentes', description: 'Garantie, délais, devis, interventions à domicile, rachat d’appareils\u00a0: les réponses aux questions fréquentes sur l’atelier E.repare.' },
  { path: '/cgv', page: 'cgv', title: 'Conditions générales de vente', description: 'Conditions générales de vente de l’atelier E.repare\u00a0: commandes, paiement, livraison, droit de rétractation, garanties légales et médiation.' },
  { path: '/mentions-legales', page: 'legal', title: 'Mentions légales et confidentialité', description: 'Mentions légales du site E.repare et politique de confidentialité\u00a0: données traitées, finalités, durées de conservation et vos droits.' },
  { path: '/politique-confidentialite', page: 'legal', title: 'Mentions légales et confidentialité', description: 'Mentions légales du site E.repare et politique de confidentialité\u00a0: données traitées, finalités, durées de conservation et vos droits.', canonical: '/mentions-legales' },
  { path: '/compte', page: 'account', title: 'Mon compte', noindex: true },
  { path: '/forgot-password', page: 'forgot-password', title: 'Mot de passe oublié', noindex: true },
  { path: '/reset-password', page: 'reset-password', title: 'Nouveau mot de passe', noindex: true },
  // Issue 24 §1: the estimate a secret link opens (?token=…), without an account.
  { path: '/devis/consulter', page: 'estimate', title: 'Votre devis', noindex: true },
  // Issue 24 §3: drop-off bookings; the manage page opens a booking by its secret link (?token=…).
  { path: '/rendez-vous', page: 'booking', title: 'Prendre rendez-vous pour déposer un appareil', description: 'Réservez en ligne un créneau pour déposer votre appareil à l’atelier E.repare de Gujan-Mestras\u00a0: confirmation par e-mail, ajout à votre agenda, modification en un clic.' },
  { path: '/rendez-vous/gerer', page: 'booking-manage', title: 'Gérer mon rendez-vous', noindex: true },
  // Issue 24 §4: an invoice paid online from a secret link (?token=…), and the return from Stripe or PayPal (?provider=…).
  { path: '/payer-facture', page: 'invoice-pay', title: 'Payer ma facture', noindex: true },
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
  ...servicePages.map((s): RouteDef => ({ path: s.path, page: 'service', title: s.title, slug: s.slug, description: s.description })),
  ...landingPages.map((l): RouteDef => ({ path: l.path, page: 'landing', title: l.title, slug: l.slug, description: l.description })),
];

/**
 * The public pages: their HTML depends on nothing but the address, the site settings and the
 * store profile, so they are complete without JavaScript and listed in the sitemap. Pages with a
 * parameter, private pages and the payment flow are rendered in the browser.
 */
export const PUBLIC_PAGES: readonly PageId[] = [
  'home', 'shop', 'shop-beta', 'quote', 'tracking', 'tracking-modern', 'service', 'landing', 'partners', 'about',
  'social', 'blog', 'blog-beta', 'qualirepar', 'reparacteurs', 'contact', 'faq', 'cgv', 'legal', 'maintenance',
  'booking',
];

/** The public paths: each route of a PUBLIC_PAGES page without a parameter. */
export function publicPagePaths(): string[] {
  return routes.filter((route) => PUBLIC_PAGES.includes(route.page) && !route.path.includes(':')).map((route) => route.path);
}

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

/** The title of the page at a matched address (before the " | site" suffix); none for a redirect. */
export function routeTitle(match: RouteMatch): string | undefined {
  if (match.kind === 'page') return match.route.title;
  if (match.kind === 'not-found') return 'Page introuvable';
  if (match.kind === 'home-fallback') return routes.find((route) => route.page === 'home')?.title;
  return undefined;
}
