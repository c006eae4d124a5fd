/**
 * The web build's files and the search engines' files: what plugins/react-router.ts serves
 * besides the pages it renders.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isSettingUp } from '@erepare/shared/go-live';
import { PUBLIC_PAGES, routes } from '@erepare/shared/routes';
import { getStoreProfile } from '../modules/settings/store-profile.js';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Whether the client accepts `encoding` (listed without `q=0`). */
export function accepts(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The files of a web build (`root`): hashed assets cached for a year (precompressed brotli/gzip
 * sent when accepted), the rest revalidated; never HTML pages (they are rendered).
 */
export async function registerBuildFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    index: false,
    // Cache headers are set per file below (hashed assets immutable, the rest revalidated).
    cacheControl: false,
    // One wildcard route rather than one route per file: registering ~100 routes cost start-up time.
    wildcard: true,
    // Only real files are served statically; HTML pages are rendered, except the service
    // worker's offline page (a standalone file it precaches). The server's own bundle
    // (build/server) is outside `root`.
    allowedPath: (pathName) => isPublicFile(pathName),
    setHeaders: (res, filePath) => {
      // The body depends on Accept-Encoding (a precompressed .br or .gz sibling may be sent): a
      // shared cache (a CDN, a proxy) must not hand a brotli file to a client that did not ask.
      res.setHeader('vary', 'accept-encoding');
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      if (relative.startsWith('assets/')) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
}

/**
 * Whether a file of the web build may be sent (the static plugin's `allowedPath`, given the
 * decoded path). The path reaching here is already canonical (plugins/canonical-path.ts); it is
 * resolved again as the file system would (backslashes, dot segments, repeated slashes), so no
 * spelling of an HTML file gets through even if a request reached this without that step. HTML
 * pages are rendered, except the service worker's offline page.
 */
export function isPublicFile(pathName: string): boolean {
  if (pathName.includes('\\') || pathName.includes('\0')) return false;
  const lower = path.posix.normalize(`/${pathName}`).toLowerCase();
  return !lower.endsWith('.html') || lower === '/offline.html';
}

export const FILE_LIKE = /\.[a-z0-9]{1,8}$/i;

/** Path and query string, split at the first "?" only (a query may itself contain "?"). */
export function splitUrl(url: string): [string, string | undefined] {
  const index = url.indexOf('?');
  return index === -1 ? [url, undefined] : [url.slice(0, index), url.slice(index + 1)];
}

/** robots.txt and the sitemap: the indexable public pages (aliases left to their canonical page) and every product page. */
export function registerSearchFiles(app: FastifyInstance): void {
  // Search engines: the indexable public pages (aliases left to their canonical page).
  const indexable = routes.filter((route) => PUBLIC_PAGES.includes(route.page) && !route.noindex && !route.canonical && !route.path.includes(':'));
  app.get('/sitemap.xml', async (_request, reply) => {
    const pages = indexable.map((route) => `<url><loc>${escapeHtml(`${app.config.publicUrl}${route.path}`)}</loc></url>`);
    // Every product the shop lists (sold-out pages stay reachable, not advertised), with its last
    // change (day); without the catalogue, the pages alone.
    const products = await app.shop.catalogue.listed().catch(() => []);
    const productUrls = products.map((product) => `<url><loc>${escapeHtml(`${app.config.publicUrl}/produit/${product.id}`)}</loc><lastmod>${product.lastModified.toISOString().slice(0, 10)}</lastmod></url>`);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[...pages, ...productUrls].join('')}</urlset>`);
  });
  app.get('/robots.txt', async (_request, reply) => {
    // A real site whose profile still holds example values stays out of search engines (issue 23 §2).
    if (isSettingUp(await getStoreProfile(app.db), app.config.publicUrl)) {
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send('# Site en cours de mise en place : rien à indexer pour le moment.\nUser-agent: *\nDisallow: /\n');
    }
    const disallowed = ['/compte', '/admin-dashboard', '/panier', '/checkout', '/commande', '/payment/', '/api/', '/test-notifications'];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\n${disallowed.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${app.config.publicUrl}/sitemap.xml\n`);
  });
}
