import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingPages, routes } from '@erepare/shared/routes';
import { defaultSiteSettings } from '@erepare/shared/site-settings';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { inventoryItems, shopProducts } from '../db/schema.js';
import { writeSiteSettings } from '../modules/settings/repository.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const SHELL =
  '<!doctype html><html lang="fr"><head><title>E.repare</title><meta name="description" content="Atelier"><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('E.repare '.repeat(200))});`;
const prerenderedHtml = (text: string) => SHELL.replace('<div id="root"></div>', `<div id="root"><main><h1>${text}</h1></main></div>`);

const SETTINGS_JSON = JSON.stringify({
  title: defaultSiteSettings.title,
  description: defaultSiteSettings.description,
  maintenanceMode: false,
  shopMaintenanceMode: false,
});

/**
 * A page's HTML: its base with the page's title and the site's description, then (without a
 * payment provider every page's policy is all a payment page needs: each is marked so) the
 * payment marker, robots, and the settings in the head.
 */
function page(
  title: string,
  { base = SHELL, noindex = false, canonical, description = defaultSiteSettings.description }: { base?: string; noindex?: boolean; canonical?: string; description?: string } = {},
) {
  const link = canonical ? `<link rel="canonical" href="${t.config.publicUrl}${canonical}">` : '';
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const openGraph =
    `<meta property="og:type" content="website"><meta property="og:site_name" content="${attribute(defaultSiteSettings.title)}">` +
    `<meta property="og:locale" content="fr_FR"><meta property="og:title" content="${attribute(title)}">` +
    `<meta property="og:description" content="${attribute(description)}">` +
    (canonical ? `<meta property="og:url" content="${t.config.publicUrl}${canonical}">` : '') +
    `<meta property="og:image" content="${t.config.publicUrl}/icons/icon-512.png"><meta name="twitter:card" content="summary">`;
  return base
    .replace('<title>E.repare</title>', `<title>${title}</title>`)
    .replace('<meta name="description" content="Atelier">', `<meta name="description" content="${description.replace(/"/g, '&quot;')}">`)
    .replace(
      '</head>',
      `${openGraph}<meta name="erepare-payments-csp" content="1">${noindex ? '<meta name="robots" content="noindex">' : ''}${link}<script type="application/json" id="erepare-site-settings">${SETTINGS_JSON}</script><script type="application/json" id="erepare-store-profile">${JSON.stringify(defaultStoreProfile)}</script></head>`,
    );
}

/**
 * The web build's renderer as the server loads it (dist/ssr/entry-server.js), for product pages:
 * the product's name in a heading (escaped, as the real one does), or a failure for a product
 * named so; it counts its renders per address. The real renderer runs in the e2e shop spec.
 */
const RENDERER = `
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export function prerenderJobs() {
  return [];
}
export async function render(url, profile, data = {}) {
  if (!data.product) return null;
  if (data.product.name === 'Rendu en panne') throw new Error('render failed');
  const renders = (globalThis.erepareRenders ??= {});
  renders[url] = (renders[url] ?? 0) + 1;
  return { html: '<main><h1>' + escape(data.product.name) + '</h1><p>' + escape(url) + '</p></main>', status: 200 };
}
`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  // A minimal production build: the shell, a hashed asset with its precompressed variants, a root file.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-web-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(SCRIPT));
  await fs.writeFile(path.join(dist, 'humans.txt'), 'Atelier E.repare\n');
  // The service worker, its offline page and the app manifest (issue 7).
  await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await fs.writeFile(path.join(dist, 'offline.html'), '<!doctype html><html lang="fr"><title>Hors ligne</title><h1>Vous êtes hors ligne</h1></html>');
  await fs.writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"E.repare"}');
  // Prerendered public pages (the web build's prerender step) and a file name that is refused.
  await fs.mkdir(path.join(dist, 'prerendered'));
  await fs.writeFile(path.join(dist, 'prerendered', 'index.html'), prerenderedHtml('Accueil prérendu'));
  await fs.writeFile(path.join(dist, 'prerendered', 'boutique.html'), prerenderedHtml('Boutique prérendue'));
  await fs.writeFile(path.join(dist, 'prerendered', '404.html'), prerenderedHtml('Page introuvable prérendue'));
  await fs.writeFile(path.join(dist, 'prerendered', 'produit.html'), prerenderedHtml('Fiche produit en chargement'));
  await fs.writeFile(
    path.join(dist, 'prerendered', 'manifest.json'),
    JSON.stringify({ '/': 'index.html', '/boutique': 'boutique.html', '/produit/:productId': 'produit.html', '*': '404.html', '/evil': '../index.html' }),
  );
  await fs.mkdir(path.join(dist, 'ssr'));
  await fs.writeFile(path.join(dist, 'ssr', 'package.json'), '{ "type": "module" }');
  await fs.writeFile(path.join(dist, 'ssr', 'entry-server.js'), RENDERER);
  t = await createTestApp({ WEB_RENDERER: 'prerender', WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('client routes', () => {
  const bordeaux = landingPages.find((landing) => landing.slug === 'reparation-bordeaux');
  const about = routes.find((route) => route.path === '/a-propos')?.description;
  it.each([

    ['/reparation-bordeaux', 'Réparation de téléphones et ordinateurs près de Bordeaux | E.repare', { canonical: '/reparation-bordeaux', description: bordeaux?.description }],
    // An alias names the page to index.
    ['/about', 'À propos | E.repare', { canonical: '/a-propos', description: about }],
    ['/compte?onglet=commandes', 'Mon compte | E.repare', { noindex: true }],
    ['/admin-dashboard', 'Administration | E.repare', { noindex: true }],
    // /services, any other /services/* and /actualites show the home page, not indexed.
    ['/services/anything', 'Réparation smartphone, tablette, console et ordinateur à Gujan-Mestras | E.repare', { noindex: true }],
    ['/services', 'Réparation smartphone, tablette, console et ordinateur à Gujan-Mestras | E.repare', { noindex: true }],
    ['/actualites', 'Réparation smartphone, tablette, console et ordinateur à Gujan-Mestras | E.repare', { noindex: true }],
  ] as const)('%s gets the app shell with 200, titled %s', async (url, title, options) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(page(title, options));
    // Helmet applies to pages too.
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it.each(['/', '/boutique', '/boutique/'])('%s gets its prerendered copy with 200', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const [base, title, path] = url === '/' ? [prerenderedHtml('Accueil prérendu'), 'Réparation smartphone, tablette, console et ordinateur à Gujan-Mestras | E.repare', '/'] : [prerenderedHtml('Boutique prérendue'), 'Boutique | E.repare', '/boutique'];
    expect(response.body).toBe(page(title, { base, canonical: path, description: routes.find((route) => route.path === path)?.description }));
  });

  it.each(['/nimporte-quoi', '/boutique/extra/chemin', '/produit/12/avis', '/Contact', '/evil'])(
    '%s gets the prerendered not-found page with 404, not indexed',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(page('Page introuvable | E.repare', { base: prerenderedHtml('Page introuvable prérendue'), noindex: true }));
    },
  );

  it('sends the current settings with every page: maintenance serves the shell, titled and not indexed; the shop closed only affects the catalogue', async () => {
    try {
      await writeSiteSettings(t.database.db, { ...defaultSiteSettings, title: 'Atelier "E" <b>&</b>', maintenanceMode: true }, null);
      const closed = await get('/');
      expect(closed.statusCode).toBe(200);
      expect(closed.body).not.toContain('Accueil prérendu');
      expect(closed.body).toContain('<div id="root"></div>');
      expect(closed.body).toContain('<title>Site en maintenance | Atelier &quot;E&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>');
      expect(closed.body).toContain('<meta name="robots" content="noindex">');
      // The settings element cannot be closed by a setting's text.
      expect(closed.body).toContain('"title":"Atelier \\"E\\" \\u003cb>&\\u003c/b>","description"');
      expect(closed.body).toContain('"maintenanceMode":true');

      await writeSiteSettings(t.database.db, { ...defaultSiteSettings, shopMaintenanceMode: true }, null);
      const shop = await get('/boutique');
      expect(shop.body).not.toContain('Boutique prérendue');
      expect(shop.body).toContain('"shopMaintenanceMode":true');
      expect((await get('/')).body).toContain('Accueil prérendu');
    } finally {
      await writeSiteSettings(t.database.db, defaultSiteSettings, null);
    }
    expect((await get('/boutique')).body).toContain('Boutique prérendue');
  });

  it('serves every product page the prerendered product skeleton, titled by the route when the product is unknown', async () => {
    const response = await get('/produit/999912');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(page('Produit | E.repare', { base: prerenderedHtml('Fiche produit en chargement'), canonical: '/produit/999912' }));
  });

  it('sends a product page rendered with its product, the product with it and its picture preloaded (the page paints the product before any script)', async () => {
    const [item] = await t.database.db
      .insert(inventoryItems)
      .values({ name: 'Coque </script><script>alert(1)</script>', sku: 'WEB-EMBED-1', itemType: 'accessory', priceCents: 1290, quantity: 3, description: 'Coque souple.' })
      .returning();
    const id = item?.id ?? 0;
    await t.database.db.insert(shopProducts).values({ productId: id, shortDescription: 'Coque souple transparente.', images: [{ src: '/images/coque.webp', alt: 'Coque' }] });
    t.app.shop.catalogue.invalidate();
    const page = await get(`/produit/${id}`);
    expect(page.statusCode).toBe(200);
    const embedded = /<script type="application\/json" id="erepare-product"(?: data-rendered)?>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    // The product's text cannot close the element; the JSON is the API's own answer.
    expect(embedded).not.toContain('</script>');
    const api = await get(`/api/shop/products/${id}`);
    expect(JSON.parse(embedded)).toEqual(api.json<{ data: unknown }>().data);
    expect(page.body).toContain('<title>Coque &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | ');
    expect(page.body).toContain('<meta name="description" content="Coque souple transparente.">');
    expect(page.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/coque.webp">');
    // The page shows the product (rendered by the server) and says so to the browser, which puts
    // it in its cache before hydrating; no script is preloaded (the page paints first).
    expect(page.body).not.toContain('Fiche produit en chargement');
    expect(page.body).toContain(`<div id="root"><main><h1>Coque &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1><p>/produit/${id}</p></main></div>`);
    expect(page.body).toContain('id="erepare-product" data-rendered>');
    expect(page.body).not.toContain('modulepreload');
    // Link previews show the product: its name, its type and its picture (absolute address).
    expect(page.body).toContain('<meta property="og:type" content="product">');
    expect(page.body).toContain(`<meta property="og:image" content="${t.config.publicUrl}/images/coque.webp">`);
    expect(page.body).toContain(`<meta property="og:url" content="${t.config.publicUrl}/produit/${id}">`);
    // An unknown product, or the shop closed: the page asks as usual.
    expect((await get('/produit/999999')).body).not.toContain('id="erepare-product"');
    try {
      await writeSiteSettings(t.database.db, { ...defaultSiteSettings, shopMaintenanceMode: true }, null);
      expect((await get(`/produit/${id}`)).body).not.toContain('id="erepare-product"');
    } finally {
      await writeSiteSettings(t.database.db, defaultSiteSettings, null);
    }
  });

  it('sends the product skeleton, the product unmarked, when the page cannot be rendered (the browser asks as usual)', async () => {
    const [item] = await t.database.db
      .insert(inventoryItems)
      .values({ name: 'Rendu en panne', sku: 'WEB-EMBED-2', itemType: 'accessory', priceCents: 990, quantity: 1, description: 'Câble.' })
      .returning();
    const id = item?.id ?? 0;
    await t.database.db.insert(shopProducts).values({ productId: id, shortDescription: 'Câble USB-C.', images: [] });
    t.app.shop.catalogue.invalidate();
    const page = await get(`/produit/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fiche produit en chargement');
    expect(page.body).toMatch(/<script type="application\/json" id="erepare-product">\{/);
    expect(page.body).not.toContain('data-rendered');
  });

  it('renders a product page once for all the requests that want it at the same time', async () => {
    const [item] = await t.database.db
      .insert(inventoryItems)
      .values({ name: 'Verre trempé', sku: 'WEB-EMBED-3', itemType: 'accessory', priceCents: 1490, quantity: 5, description: 'Verre.' })
      .returning();
    const id = item?.id ?? 0;
    await t.database.db.insert(shopProducts).values({ productId: id, shortDescription: 'Verre trempé 9H.', images: [] });
    t.app.shop.catalogue.invalidate();
    const pages = await Promise.all(Array.from({ length: 5 }, () => get(`/produit/${id}`)));
    expect(new Set(pages.map((response) => response.body)).size).toBe(1);
    expect(pages[0]?.body).toContain('<h1>Verre trempé</h1>');
    // The renderer counts its renders per address (it runs in this process).
    expect((globalThis as { erepareRenders?: Record<string, number> }).erepareRenders?.[`/produit/${id}`]).toBe(1);
  });

  it('answers HEAD for a page without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });

  it.each([
    ['/nouveau-compte', '/compte'],
    ['/nouveau-compte/', '/compte'],
    ['/nouveau-compte?ref=mail&x=1', '/compte?ref=mail&x=1'],
    ['/secure-account', '/compte'],
    ['/secure-account?ticket=T-1234', '/compte?ticket=T-1234'],
    ['/nouveau-compte?next=/suivi?ticket=1', '/compte?next=/suivi?ticket=1'],
  ])('%s moves permanently to %s', async (url, location) => {
    const response = await get(url);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it('never answers the shell for /api', async () => {
    for (const url of ['/api/nexiste-pas', '/api']) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
    }
    // Only the /api segment is reserved.
    expect((await get('/apiculture')).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('serves pages precompressed', async () => {
    const br = await get('/produit/999903', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page('Produit | E.repare', { base: prerenderedHtml('Fiche produit en chargement'), canonical: '/produit/999903' }));

    const gzip = await get('/nimporte-quoi', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(404);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('Page introuvable prérendue');
  });
});

describe('static files', () => {
  it('serves a hashed asset with immutable caching', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(SCRIPT);
  });

  it('serves the precompressed brotli and gzip files', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  it('revalidates files outside assets/', async () => {
    const response = await get('/humans.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('E.repare');
  });

  it('lists the indexable public pages in /sitemap.xml, named in /robots.txt with the private areas', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((found) => found[1]);
    expect(locations).toContain(`${t.config.publicUrl}/`);
    expect(locations).toContain(`${t.config.publicUrl}/services/coques`);
    expect(locations).toContain(`${t.config.publicUrl}/reparation-bordeaux`);
    // Aliases, private pages, parameters: left out.
    for (const left of ['/about', '/compte', '/panier', '/produit/:productId', '/politique-confidentialite', '/maintenance']) {
      expect(locations).not.toContain(`${t.config.publicUrl}${left}`);
    }
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Disallow: /compte');
    expect(robots.body).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });

  it.each(['/assets/x.js', '/assets/app-abc124.js', '/favicon.ico', '/assets/style.css'])(
    'answers a plain 404 for the missing file %s, never the HTML shell',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toMatch(/html/);
      expect(response.body).not.toContain('<html');
    },
  );

  it('serves the service worker, its offline page and the manifest, revalidated on every visit', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    expect(offline.headers['cache-control']).toBe('no-cache');
    expect(offline.body).toContain('Vous êtes hors ligne');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve index.html as a file', async () => {
    const response = await get('/index.html');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('does not leave the build directory', async () => {
    for (const url of ['/assets/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const response = await get(url);
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body).not.toContain('root:');
    }
  });
});

describe('payment providers in the Content-Security-Policy (only where used)', () => {
  let withProviders: TestApp;
  beforeAll(async () => {
    withProviders = await createTestApp({
      WEB_RENDERER: 'prerender',
      WEB_DIST_DIR: dist,
      STRIPE_SECRET_KEY: 'sk_test_csp12345678',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_csp12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_csp12345678',
      PAYPAL_CLIENT_ID: 'paypal-client-csp',
      PAYPAL_CLIENT_SECRET: 'paypal-secret-csp',
    });
  });
  afterAll(async () => withProviders?.close());

  const policyOf = async (url: string) => {
    const response = await withProviders.app.inject({ method: 'GET', url });
    return { policy: String(response.headers['content-security-policy']), body: response.body };
  };

  it.each(['/panier', '/checkout', '/commande?order=1', '/payment/success?provider=klarna', '/payment/cancel'])(
    '%s allows Stripe.js and the PayPal SDK, and is marked for the app',
    async (url) => {
      const { policy, body } = await policyOf(url);
      expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/www\.paypal\.com/);
      expect(policy).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
      expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
      expect(policy).not.toMatch(/frame-src 'none'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(body).toContain('<meta name="erepare-payments-csp" content="1">');
    },
  );

  it.each(['/', '/boutique', '/produit/12', '/compte', '/admin-dashboard', '/nimporte-quoi'])('%s keeps the strict policy and no marker', async (url) => {
    const { policy, body } = await policyOf(url);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('stripe');
    expect(policy).not.toContain('paypal');
    expect(body).not.toContain('erepare-payments-csp');
  });

  it('never lets a provider into an API answer’s policy', async () => {
    const response = await withProviders.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(response.headers['content-security-policy'])).not.toContain('stripe');
  });

  it('serves the public values only (no secret) at /api/payments/config', async () => {
    const response = await withProviders.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        stripe: { publishable_key: 'pk_test_csp12345678', methods: ['card', 'klarna'] },
        paypal: { client_id: 'paypal-client-csp', currency: 'EUR' },
        colissimo: false,
      },
    });
    expect(response.body).not.toMatch(/sk_test|whsec|paypal-secret/);
  });

  it('offers the configured online methods first, then transfer and pay-in-store', async () => {
    const response = await withProviders.app.inject({ method: 'GET', url: '/api/shop/payment-gateways' });
    const ids = response.json<{ data: { id: string; kind: string }[] }>().data.map((gateway) => `${gateway.id}:${gateway.kind}`);
    expect(ids).toEqual(['stripe:online', 'klarna:online', 'paypal:online', 'bacs:offline', 'cod:offline']);
  });
});

describe('without any provider', () => {
  it('lists only the offline methods and says so in the public configuration', async () => {
    const gateways = (await get('/api/shop/payment-gateways')).json<{ data: { id: string }[] }>();
    expect(gateways.data.map((gateway) => gateway.id)).toEqual(['bacs', 'cod']);
    expect((await get('/api/payments/config')).json()).toEqual({ success: true, data: { stripe: null, paypal: null, colissimo: false } });
  });
});
