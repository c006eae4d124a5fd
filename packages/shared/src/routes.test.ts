import { describe, expect, it } from 'vitest';
import { landingPages, matchRoute, normalisePath, routes, servicePages, type RouteMatch } from './routes.js';

/** A concrete URL path for a route pattern (":param" segments get a sample value). */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '12');

const pageOf = (match: RouteMatch) => (match.kind === 'page' ? match.route.page : undefined);

// The lists of spec 1 §2 / spec 3 §2, written out here so the table is checked against the spec.
const SPEC_SERVICE_PATHS = [
  '/services/picofly-installation',
  '/services/coques',
  '/services/recuperation',
  '/services/surveillance',
  '/services/web',
  '/services/maintenance',
  '/services/virus',
  '/services/assistance',
  '/services/vente',
];

const SPEC_LANDING_PATHS = [
  '/reparation-smartphone-arcachon',
  '/reparation-iphone-la-teste',
  '/reparation-smartphone-le-teich',
  '/reparation-la-hume',
  '/reparation-biganos',
  '/reparation-gujan-mestras',
  '/reparation-lege-cap-ferret',
  '/reparation-lanton',
  '/reparation-audenge',
  '/reparation-ares',
  '/reparation-andernos-les-bains',
  '/reparation-marcheprime',
  '/reparation-mios',
  '/reparation-belin-beliet',
  '/reparation-bordeaux',
  '/reparation-pessac',
  '/reparation-cestas',
];

describe('route table', () => {
  it('has unique paths', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(routes.map((route) => [route.path, route] as const))('matches %s to its own page', (path, route) => {
    const match = matchRoute(concrete(path));
    expect(match.kind).toBe('page');
    if (match.kind !== 'page') return;
    expect(match.route).toBe(route);
    expect(match.route.page).toBe(route.page);
  });

  it('has exactly the 9 service pages of the spec', () => {
    expect(servicePages).toHaveLength(9);
    expect(servicePages.map((page) => page.path).sort()).toEqual([...SPEC_SERVICE_PATHS].sort());
    for (const path of SPEC_SERVICE_PATHS) {
      const match = matchRoute(path);
      expect(match.kind, path).toBe('page');
      if (match.kind !== 'page') continue;
      expect(match.route.page).toBe('service');
      expect(match.route.slug).toBe(path.slice('/services/'.length));
      expect(match.route.title.length).toBeGreaterThan(0);
    }
  });

  it('has exactly the 17 local landing pages of the spec', () => {
    expect(landingPages).toHaveLength(17);
    expect(landingPages.map((page) => page.path).sort()).toEqual([...SPEC_LANDING_PATHS].sort());
    for (const path of SPEC_LANDING_PATHS) {
      const match = matchRoute(path);
      expect(match.kind, path).toBe('page');
      if (match.kind !== 'page') continue;
      expect(match.route.page).toBe('landing');
      expect(match.route.slug).toBe(path.slice(1));
    }
  });

  it.each([
    ['/a-propos', '/about', 'about'],
    ['/qualirepare', '/label-qualirepar', 'qualirepar'],
    ['/reparacteurs', '/label-reparacteurs', 'reparacteurs'],
    ['/mentions-legales', '/politique-confidentialite', 'legal'],
  ])('serves the alias pair %s and %s with one page', (first, second, page) => {
    expect(pageOf(matchRoute(first))).toBe(page);
    expect(pageOf(matchRoute(second))).toBe(page);
  });

  it.each([
    ['/', 'home'],
    ['/boutique', 'shop'],
    ['/boutique-beta', 'shop-beta'],
    ['/devis-en-ligne', 'quote'],
    ['/suivi', 'tracking'],
    ['/suivi-moderne', 'tracking-modern'],
    ['/compte', 'account'],
    ['/contact', 'contact'],
    ['/panier', 'cart'],
    ['/admin-dashboard', 'admin'],
  ] as const)('matches %s to the %s page', (path, page) => {
    expect(pageOf(matchRoute(path))).toBe(page);
  });

  it('extracts the product id', () => {
    const match = matchRoute('/produit/12');
    expect(match).toMatchObject({ kind: 'page', params: { productId: '12' } });
    expect(pageOf(match)).toBe('product');
    expect(matchRoute('/produit/caf%C3%A9')).toMatchObject({ kind: 'page', params: { productId: 'café' } });
    // A product path needs its id, and only one segment of it.
    expect(matchRoute('/produit/').kind).toBe('not-found');
    expect(matchRoute('/produit/12/avis').kind).toBe('not-found');
    // A malformed escape is not a product id.
    expect(matchRoute('/produit/%E0%A4%A').kind).toBe('not-found');
  });

  it.each(['/services', '/services/', '/services/xyz', '/services/xyz/abc', '/actualites'])(
    'falls back to home for %s',
    (path) => {
      expect(matchRoute(path)).toEqual({ kind: 'home-fallback' });
    },
  );

  it.each([
    ['/nouveau-compte', '/compte'],
    ['/nouveau-compte/', '/compte'],
    ['/secure-account', '/compte'],
  ])('redirects %s to %s', (path, to) => {
    expect(matchRoute(path)).toEqual({ kind: 'redirect', to });
  });

  it('ignores a trailing slash', () => {
    expect(pageOf(matchRoute('/boutique/'))).toBe('shop');
    expect(pageOf(matchRoute('/services/coques/'))).toBe('service');
    expect(pageOf(matchRoute('/about//'))).toBe('about');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/contact/')).toBe('/contact');
    expect(normalisePath('/contact')).toBe('/contact');
  });

  it.each(['/nimporte-quoi', '/Boutique', '/boutique/extra', '/api', '/reparation-paris', '/actualites/1', '/index.html'])(
    'answers not-found for %s',
    (path) => {
      expect(matchRoute(path)).toEqual({ kind: 'not-found' });
    },
  );
});
