/**
 * Pages rendered by React Router inside the server: the web app's real
 * framework build (built here from its sources), requests through Fastify, answers read as parsed
 * HTML.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_CSP_META, publicPagePaths, routes } from '@erepare/shared/routes';
import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';
import { realProfile } from '@erepare/shared/testing/real-store-profile';
import { eq } from 'drizzle-orm';
import { estimateMessages } from '@erepare/shared/estimates';
import { estimates, storeProfileTable } from '../db/schema.js';
import { issueCustomerLink } from '../modules/links/customer-links.js';
import { ESTIMATE_LINK_LIMIT } from '../modules/estimates/routes.js';
import { adminTestBed, type AdminTestBed } from '../test/admin.js';
import { describePageProblems, pagesTypography } from '../test/page-typography.js';
import { createTestApp, PAYMENT_PROVIDERS_ENV } from '../test/test-app.js';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
const PUBLIC_URL = 'https://www.atelier-du-bassin.fr';
/**
 * `npm test` has just built the production web app (its build step comes first) and names it in
 * TEST_WEB_BUILD_DIR: the pages are rendered from what ships. Run alone, the file builds the
 * sources as they are into a folder of its own.
 */
const prebuilt = process.env.TEST_WEB_BUILD_DIR && fs.existsSync(path.join(process.env.TEST_WEB_BUILD_DIR, 'server', 'index.js')) ? process.env.TEST_WEB_BUILD_DIR : null;
const buildDir = prebuilt ?? path.join(webDir, '.test-builds', String(process.pid));

let bed: AdminTestBed;
/** The profile of a shop ready to open: on its https address, the pages are indexable (issue 23 §2). */
const real = realProfile();

beforeAll(() => {
  if (prebuilt) return;
  // The framework build of the sources as they are (a few seconds).
  // The CLI of the web workspace's @react-router/dev, wherever npm installed it.
  const dev = path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('@react-router/dev/package.json'));
  const build = spawnSync(process.execPath, [path.join(dev, 'bin.cjs'), 'build'], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_DIR: buildDir },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`react-router build failed:\n${build.stdout}\n${build.stderr}`);
}, 180_000);

beforeAll(async () => {
  bed = await adminTestBed({ WEB_DIST_DIR: buildDir, PUBLIC_URL });
  expect((await bed.call('PUT', '/api/admin/store-profile', real)).statusCode).toBe(200);
});
afterAll(async () => {
  await bed?.t.close();
  if (!prebuilt) fs.rmSync(buildDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => bed.t.app.inject({ method: 'GET', url, headers });
const parse = (html: string) => new JSDOM(html).window.document;
const meta = (doc: Document, name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
const property = (doc: Document, name: string) => doc.querySelector(`meta[property="${name}"]`)?.getAttribute('content') ?? null;
const canonical = (doc: Document) => doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;

describe('pages rendered by React Router', () => {
  it('a public page: its head from the route table and the settings, complete HTML, revalidated', async () => {
    const response = await get('/contact');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const doc = parse(response.body);
    const contact = routes.find((route) => route.path === '/contact');
    expect(doc.title).toBe('Contact | E.repare');
    expect(meta(doc, 'description')).toBe(contact?.description);
    expect(meta(doc, 'robots')).toBeNull();
    expect(canonical(doc)).toBe(`${PUBLIC_URL}/contact`);
    expect(property(doc, 'og:url')).toBe(`${PUBLIC_URL}/contact`);
    expect(property(doc, 'og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
    // The page itself, not a loading state: its heading and the shop's address.
    expect(doc.querySelector('main h1')?.textContent).toBeTruthy();
    expect(doc.body.textContent).toContain(real.address.street);
    expect(doc.documentElement.lang).toBe('fr');
  });

  it('every inline script is allowed by its hash, and no other inline script is', async () => {
    for (const url of ['/', '/contact', '/compte', '/produit/1', '/adresse-inconnue']) {
      const response = await get(url);
      const policy = String(response.headers['content-security-policy']);
      const scriptSources = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
      expect(scriptSources).not.toContain("'unsafe-inline'");
      const inline = [...parse(response.body).querySelectorAll('script:not([src])')].filter(
        (script) => !/^application\/(ld\+)?json$/.test(script.getAttribute('type') ?? ''),
      );
      expect(inline.length, url).toBeGreaterThan(0);
      const hashes = inline.map((script) => `'sha256-${createHash('sha256').update(script.textContent ?? '', 'utf8').digest('base64')}'`);
      expect(scriptSources.filter((source) => source.startsWith("'sha256-")).sort(), url).toEqual([...new Set(hashes)].sort());
      expect(policy).toContain("default-src 'self'");
    }
  });

  it('a product page comes with its product: name, title, description and link preview in the HTML', async () => {
    const list = (await get('/api/shop/products?per_page=1')).json<{ data: { id: number; name: string; short_description: string }[] } | { id: number; name: string; short_description: string }[]>();
    const product = Array.isArray(list) ? list[0] : list.data[0];
    expect(product).toBeDefined();
    if (!product) return;
    const doc = parse((await get(`/produit/${product.id}`)).body);
    expect(doc.querySelector('h1')?.textContent).toBe(product.name);
    expect(doc.title).toBe(`${product.name} | E.repare`);
    expect(property(doc, 'og:type')).toBe('product');
    expect(canonical(doc)).toBe(`${PUBLIC_URL}/produit/${product.id}`);
    // Search results: the Product and its Offer, in the server's HTML, on the public address.
    const graphs = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '{}') as { '@graph'?: Record<string, unknown>[] });
    const item = graphs.flatMap((data) => data['@graph'] ?? []).find((node) => node['@type'] === 'Product') as { name: string; url: string; offers: { priceCurrency: string; availability: string } } | undefined;
    expect(item?.name).toBe(product.name);
    expect(item?.url).toBe(`${PUBLIC_URL}/produit/${product.id}`);
    expect(item?.offers.priceCurrency).toBe('EUR');
    expect(item?.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
  });

  it('an unknown product, or an id that is not one, answers 404 with the page saying so, never indexed', async () => {
    for (const url of ['/produit/999999', '/produit/abc']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      const doc = parse(response.body);
      expect(doc.querySelector('h1')?.textContent, url).toBe('Produit introuvable');
      expect(doc.title).toBe('Produit introuvable | E.repare');
      expect(meta(doc, 'robots')).toBe('noindex');
      expect(canonical(doc)).toBeNull();
    }
  });

  it('/boutique comes with its first page of products: real links, in the API’s order', async () => {
    const api = (await get('/api/shop/products?page=1&per_page=12&orderby=date&order=desc')).json<{ data: { id: number; name: string }[] }>();
    expect(api.data.length).toBeGreaterThan(0);
    const doc = parse((await get('/boutique')).body);
    const links = [...doc.querySelectorAll('main a[href^="/produit/"]')].map((link) => link.getAttribute('href'));
    expect([...new Set(links)]).toEqual(api.data.map((product) => `/produit/${product.id}`));
    expect(doc.body.textContent).toContain(api.data[0]?.name);
    // A campaign's link (parameters that do not change the list) gets the same first page.
    const campaign = parse((await get('/boutique?utm_source=facebook&promo=NOEL')).body);
    expect([...new Set([...campaign.querySelectorAll('main a[href^="/produit/"]')].map((link) => link.getAttribute('href')))]).toEqual(links.filter((link, index) => links.indexOf(link) === index));
    // A filtered address is left to the page (its own request).
    const filtered = parse((await get('/boutique?search=zzzz')).body);
    expect(filtered.querySelectorAll('main a[href^="/produit/"]').length).toBe(0);
  });

  it('a service page describes the Service the shop provides, under the shop’s own name, with absolute addresses', async () => {
    const doc = parse((await get('/services/coques')).body);
    const data = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>);
    const service = data.find((item) => item['@type'] === 'Service') as { name: string; url: string; provider: Record<string, unknown>; areaServed: unknown[] } | undefined;
    expect(service?.url).toBe(`${PUBLIC_URL}/services/coques`);
    expect(service?.provider).toMatchObject({ '@type': 'ElectronicsStore', '@id': `${PUBLIC_URL}/#atelier`, name: 'E.repare', image: `${PUBLIC_URL}/icons/icon-512.png` });
    expect(service?.areaServed).toContainEqual({ '@type': 'City', name: 'Bordeaux' });
    // No other business on the page renames the shop after the service.
    expect(data.filter((item) => item['@type'] === 'ElectronicsStore' || item['@type'] === 'LocalBusiness').every((item) => item.name === 'E.repare')).toBe(true);
  });

  it('/favicon.ico answers an icon (browsers and tools ask for it whatever the page links)', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An icon directory (reserved 0, type 1) of PNG images.
    expect([...icon.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(icon.rawPayload.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
    expect(icon.rawPayload.includes(Buffer.from('\x89PNG', 'latin1'))).toBe(true);
  });

  it('the blog (placeholder articles) is not indexed and names no canonical address', async () => {
    for (const url of ['/blog', '/blog-beta']) {
      const doc = parse((await get(url)).body);
      expect(meta(doc, 'robots'), url).toBe('noindex');
      expect(canonical(doc), url).toBeNull();
    }
  });

  it('the account is rendered in the browser: the server sends its loading state, never indexed', async () => {
    const response = await get('/compte');
    expect(response.statusCode).toBe(200);
    const doc = parse(response.body);
    expect(doc.title).toBe('Mon compte | E.repare');
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(canonical(doc)).toBeNull();
    expect(doc.querySelector('[role="status"]')?.textContent).toContain('Chargement');
    expect(doc.querySelector('input[type="password"]')).toBeNull();
  });

  it('unknown paths, legacy paths, the home fallbacks, the API and missing files', async () => {
    const unknown = await get('/adresse-inconnue');
    expect(unknown.statusCode).toBe(404);
    const doc = parse(unknown.body);
    expect(doc.title).toBe('Page introuvable | E.repare');
    expect(meta(doc, 'robots')).toBe('noindex');

    const legacy = await get('/nouveau-compte?onglet=commandes');
    expect(legacy.statusCode).toBe(301);
    expect(legacy.headers.location).toBe('/compte?onglet=commandes');

    const fallback = await get('/services/inconnu');
    expect(fallback.statusCode).toBe(200);
    expect(meta(parse(fallback.body), 'robots')).toBe('noindex');

    const api = await get('/api/inconnue');
    expect(api.statusCode).toBe(404);
    expect(api.json<{ success: boolean }>().success).toBe(false);

    const file = await get('/assets/absent.js');
    expect(file.statusCode).toBe(404);
    expect(file.body).toBe('Fichier introuvable');
  });

  it('client navigations get the route data (single fetch), and the build files are served as files', async () => {
    const data = await get('/contact.data');
    expect(data.statusCode).toBe(200);
    const doc = parse((await get('/')).body);
    const asset = [...doc.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? '').find((href) => href.startsWith('/assets/'));
    expect(asset).toBeDefined();
    const file = await get(asset ?? '/assets/none.js');
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The server's own bundle is never a file of the site.
    expect((await get('/server/index.js')).statusCode).toBe(404);
  });

  it('the server bundle is never a file of the site, whatever the spelling', async () => {
    const secret = 'assetsBuildDirectory';
    for (const url of ['/server/index.js', '//server/index.js', '/./server/index.js', '/assets/../server/index.js', '/%73erver/index.js', '/client/../server/index.js', '/..%2fserver/index.js', '/SERVER/index.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain(secret);
    }
  });

  it('addresses in the page are the public address, whatever Host the request names', async () => {
    const doc = parse((await get('/contact', { host: 'evil.example' })).body);
    expect(canonical(doc)).toBe(`${PUBLIC_URL}/contact`);
  });

  it('without payment providers every document may load the payment pages in place', async () => {
    const doc = parse((await get('/boutique')).body);
    expect(meta(doc, PAYMENT_CSP_META)).toBe('1');
  });

  it('a store profile saved by staff shows on the next request, nothing rendered in advance', async () => {
    const profile: StoreProfile = { ...real, name: 'Atelier Renommé', address: { ...real.address, street: '12 rue du Port' } };
    const saved = await bed.call('PUT', '/api/admin/store-profile', profile);
    expect(saved.statusCode).toBe(200);
    const doc = parse((await get('/contact')).body);
    expect(doc.body.textContent).toContain('12 rue du Port');
    expect(doc.body.textContent).not.toContain(real.address.street);
  });

  it('a real site whose profile holds example values: noindex, a banner, no fake details in the structured data (issue 23 §2)', async () => {
    expect((await bed.call('PUT', '/api/admin/store-profile', defaultStoreProfile)).statusCode).toBe(200);
    const doc = parse((await get('/')).body);
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(canonical(doc)).toBeNull();
    expect(doc.body.textContent).toContain('Site en cours de mise en place\u00a0: certaines informations (coordonnées, mentions légales) ne sont pas encore définitives.');
    const data = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? '').join('\n');
    expect(data).toContain('ElectronicsStore');
    for (const fake of [defaultStoreProfile.phone.e164, defaultStoreProfile.email, defaultStoreProfile.address.street, defaultStoreProfile.social.facebook]) expect(data).not.toContain(fake);
    // Back to a real profile: indexable again, no banner.
    expect((await bed.call('PUT', '/api/admin/store-profile', real)).statusCode).toBe(200);
    const after = parse((await get('/')).body);
    expect(meta(after, 'robots')).toBeNull();
    expect(after.body.textContent).not.toContain('Site en cours de mise en place');
  });

  it('a rendered page is kept a few seconds; a save by staff renders afresh at once', async () => {
    const first = await get('/faq');
    // Changed behind the routes' back (no save through the API): the kept page is served.
    await bed.t.database.db
      .update(storeProfileTable)
      .set({ profile: { ...real, address: { ...real.address, street: '7 quai Caché' } } });
    const kept = await get('/faq');
    expect(kept.body).toBe(first.body);
    expect(kept.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    // A save through the staff routes (or anything that invalidates) shows on the next request.
    bed.t.app.documents.invalidate();
    expect(parse((await get('/faq')).body).body.textContent).toContain('7 quai Caché');
    // The not-found page is never kept (made-up addresses would push the real pages out).
    expect((await get('/inconnue-1')).statusCode).toBe(404);
  });

  it('a brotli-accepting client gets the page compressed', async () => {
    const response = await get('/', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
  });

  it('a stored row that is not a profile any more renders the pages with the default one (no 500)', async () => {
    await bed.t.database.db.update(storeProfileTable).set({ profile: { name: 42 } });
    bed.t.app.documents.invalidate();
    const response = await get('/contact');
    expect(response.statusCode).toBe(200);
    expect(parse(response.body).body.textContent).toContain(defaultStoreProfile.address.street);
  });
});

describe('payment providers in the Content-Security-Policy (only where used)', () => {
  let withProviders: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    withProviders = await createTestApp({
      WEB_DIST_DIR: buildDir,
      PUBLIC_URL,
      ...PAYMENT_PROVIDERS_ENV,
    });
  });
  afterAll(async () => withProviders?.close());

  const policyOf = async (url: string) => {
    const response = await withProviders.app.inject({ method: 'GET', url });
    return { policy: String(response.headers['content-security-policy']), doc: parse(response.body) };
  };

  it.each(['/panier', '/checkout', '/commande?order=1', '/payment/success?provider=klarna', '/payment/cancel'])(
    '%s allows Stripe.js and the PayPal SDK, and is marked for the app',
    async (url) => {
      const { policy, doc } = await policyOf(url);
      expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/www\.paypal\.com/);
      expect(policy).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
      expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
      expect(policy).not.toMatch(/frame-src 'none'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(meta(doc, PAYMENT_CSP_META)).toBe('1');
    },
  );

  it.each(['/', '/boutique', '/produit/12', '/compte', '/admin-dashboard', '/nimporte-quoi'])('%s keeps the strict policy and no marker', async (url) => {
    const { policy, doc } = await policyOf(url);
    expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(policy).not.toContain('stripe');
    expect(policy).not.toContain('paypal');
    expect(meta(doc, PAYMENT_CSP_META)).toBeNull();
  });
});

describe('the estimate page (issue 24 §1): rendered with the estimate, personal, never kept', () => {
  const open = (token: string, remoteAddress = '10.88.0.1') => bed.t.app.inject({ method: 'GET', url: `/devis/consulter?token=${encodeURIComponent(token)}`, remoteAddress });
  const sentEstimate = async () => {
    const db = bed.t.database.db;
    const [row] = await db.select().from(estimates).where(eq(estimates.status, 'sent')).limit(1);
    if (!row) throw new Error('the demo data has no sent estimate');
    return { row, token: (await issueCustomerLink(db, 'estimate', row.id, new Date(Date.now() + 86_400_000))).token };
  };

  it('a valid link: the estimate is in the HTML, the answer is private and sends no referrer; a change shows on the next request', async () => {
    const { row, token } = await sentEstimate();
    const response = await open(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const doc = parse(response.body);
    expect(meta(doc, 'robots')).toContain('noindex');
    expect(doc.querySelector('main h1')?.textContent).toBe(`Devis ${row.estimateNumber}`);
    expect(doc.querySelector('main')?.textContent).toContain('Accepter le devis');
    expect(doc.querySelector('[role="status"]')?.textContent ?? '').not.toContain('Chargement');

    // Never kept by the document cache: the estimate withdrawn, the same address says so at once.
    await bed.t.database.db.update(estimates).set({ status: 'withdrawn' }).where(eq(estimates.id, row.id));
    try {
      const after = parse((await open(token)).body);
      expect(after.querySelector('main h1')?.textContent).toBe('Devis retiré');
    } finally {
      await bed.t.database.db.update(estimates).set({ status: 'sent' }).where(eq(estimates.id, row.id));
    }
  });

  it('an unknown or malformed link answers 404 with the French message, and no estimate', async () => {
    for (const token of ['A'.repeat(43), 'court', '']) {
      const response = await open(token, '10.88.0.2');
      const doc = parse(response.body);
      if (token === '') {
        // No token at all: the page says the link is incomplete (nothing asked of the server).
        expect(doc.querySelector('main h1')?.textContent).toBe('Lien incomplet');
        continue;
      }
      expect(response.statusCode, token).toBe(404);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(doc.querySelector('main h1')?.textContent).toBe('Lien non valide');
      expect(doc.querySelector('main')?.textContent).toContain(estimateMessages.unknown);
    }
  });

  it('shares the API’s limit per client: opening pages does not let anyone guess more tokens', async () => {
    const { token } = await sentEstimate();
    const address = '10.88.0.3';
    for (let index = 0; index < ESTIMATE_LINK_LIMIT.limit; index += 1) expect((await open(token, address)).statusCode).toBe(200);
    const refused = await open(token, address);
    expect(refused.statusCode).toBe(429);
    expect(parse(refused.body).querySelector('main')?.textContent).toContain(estimateMessages.rateLimited);
    const api = await bed.t.app.inject({ method: 'GET', url: `/api/estimate-links/view?token=${token}`, remoteAddress: address });
    expect(api.statusCode).toBe(429);
  });
});

describe('French typography of every public page (issue 22 §4.6)', () => {
  it.each([
    ['the demo profile', defaultStoreProfile],
    ['a real shop’s profile', real],
  ])('with %s: no plain space before « : ; ! ? € », no « de Arcachon », no English, no « 1 décembre »', async (_name, profile) => {
    expect((await bed.call('PUT', '/api/admin/store-profile', profile)).statusCode).toBe(200);
    const product = (await get('/api/shop/products?per_page=1')).json<{ data: { id: number }[] }>().data[0];
    expect(product).toBeDefined();
    // The public pages, a product page and the not-found page.
    const paths = [...publicPagePaths(), `/produit/${product?.id}`, '/adresse-inconnue'];
    const documents: { path: string; doc: Document }[] = [];
    for (const path of paths) {
      const response = await get(path);
      expect(response.statusCode, path).toBeLessThan(500);
      documents.push({ path, doc: parse(response.body) });
    }
    const problems = pagesTypography(documents);
    expect(problems, `\n${describePageProblems(problems)}`).toEqual([]);
  }, 120_000);
});
