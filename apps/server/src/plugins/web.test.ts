import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PAYMENT_PROVIDERS_ENV, type TestApp } from '../test/test-app.js';

/**
 * The web build's files (build/client) and the search engines' files, served beside the pages
 * (which plugins/react-router.test.ts renders with the real build). This build has files only:
 * its pages answer that the app is not built.
 */
const SCRIPT = `console.log(${JSON.stringify('E.repare '.repeat(200))});`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  // The browser half of a build: a hashed asset with its precompressed variants, a root file.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-web-'));
  const client = path.join(dist, 'client');
  await fs.mkdir(path.join(client, 'assets'), { recursive: true });
  await fs.writeFile(path.join(client, 'assets', 'app-abc123.js'), SCRIPT);
  await fs.writeFile(path.join(client, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
  await fs.writeFile(path.join(client, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(SCRIPT));
  await fs.writeFile(path.join(client, 'humans.txt'), 'Atelier E.repare\n');
  // The service worker, its offline page and the app manifest (issue 7).
  await fs.writeFile(path.join(client, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await fs.writeFile(path.join(client, 'offline.html'), '<!doctype html><html lang="fr"><title>Hors ligne</title><h1>Vous êtes hors ligne</h1></html>');
  await fs.writeFile(path.join(client, 'index.html'), '<!doctype html><title>Jamais servi</title>');
  await fs.writeFile(path.join(client, 'manifest.webmanifest'), '{"name":"E.repare"}');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('pages of a build without its server half', () => {
  it('say in French that the app is not built, never an API answer for a page', async () => {
    for (const url of ['/', '/contact']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.body).toContain('Application web non construite');
    }
  });

  it('never answers a page for /api', async () => {
    for (const url of ['/api/nexiste-pas', '/api']) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
    }
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
});

describe('static files', () => {
  it('serves a hashed asset with immutable caching', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Other clients get the precompressed files: shared caches must key on the encoding.
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(SCRIPT);
  });

  it('serves the precompressed brotli and gzip files', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
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

  it('lists the indexable public pages and every product in /sitemap.xml, named in /robots.txt with the private areas', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((found) => found[1]);
    expect(locations).toContain(`${t.config.publicUrl}/`);
    expect(locations).toContain(`${t.config.publicUrl}/services/coques`);
    expect(locations).toContain(`${t.config.publicUrl}/reparation-bordeaux`);
    // Aliases, private pages, parameters: left out.
    // The blog, until it has real articles (issue 22 §2).
    for (const left of ['/about', '/compte', '/panier', '/produit/:productId', '/politique-confidentialite', '/maintenance', '/blog', '/blog-beta']) {
      expect(locations).not.toContain(`${t.config.publicUrl}${left}`);
    }
    // Every product the shop lists, with the day of its last change.
    const list = (await get('/api/shop/products?per_page=100')).json<{ data: { id: number }[]; total: number }>();
    expect(list.data.length).toBeGreaterThan(0);
    for (const product of list.data) expect(locations).toContain(`${t.config.publicUrl}/produit/${product.id}`);
    expect(locations.filter((location) => location?.includes('/produit/'))).toHaveLength(list.total);
    expect(sitemap.body).toMatch(new RegExp(`<loc>${t.config.publicUrl}/produit/${list.data[0]?.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
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
    expect(response.body).not.toContain('Jamais servi');
  });

  it('does not leave the build directory', async () => {
    for (const url of ['/assets/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const response = await get(url);
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body).not.toContain('root:');
    }
  });
});

describe('payment providers (their pages’ policy: plugins/react-router.test.ts)', () => {
  let withProviders: TestApp;
  beforeAll(async () => {
    withProviders = await createTestApp({
      WEB_DIST_DIR: dist,
      ...PAYMENT_PROVIDERS_ENV,
    });
  });
  afterAll(async () => withProviders?.close());

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
