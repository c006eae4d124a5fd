import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const SHELL = '<!doctype html><html lang="fr"><head><title>E.repare</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('E.repare '.repeat(200))});`;

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
  await fs.writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  // What the web build writes: the scripts a page needs beyond the entry (an unsafe name is ignored).
  await fs.writeFile(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({ cart: ['/assets/cart-page-x1.js', '/assets/zod-x2.js', '"><script>alert(1)</script>'], home: [] }),
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('route preloads', () => {
  it('lists the page’s own scripts as modulepreload links in its HTML, compressed as the shell is', async () => {
    const expected = SHELL.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/cart-page-x1.js"><link rel="modulepreload" crossorigin href="/assets/zod-x2.js"></head>',
    );
    const plain = await get('/panier');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(expected);
    const br = await get('/panier', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(expected);
    // Pages without a list (or an empty one) get the common shell.
    expect((await get('/')).body).toBe(SHELL);
  });
});

describe('client routes', () => {
  it.each([
    '/',
    '/boutique',
    '/boutique/',
    '/services/anything',
    '/services',
    '/actualites',
    '/produit/12',
    '/reparation-bordeaux',
    '/about',
    '/label-qualirepar',
    '/compte?onglet=commandes',
    '/admin-dashboard',
  ])('%s gets the app shell with 200', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(SHELL);
    // Helmet applies to pages too.
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it.each(['/nimporte-quoi', '/boutique/extra/chemin', '/produit/12/avis', '/Contact'])(
    '%s gets the app shell with 404 (the app shows its not-found page)',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(SHELL);
    },
  );

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

  it('serves the shell precompressed', async () => {
    const br = await get('/boutique', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SHELL);

    const gzip = await get('/nimporte-quoi', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(404);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SHELL);
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
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('User-agent');
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
