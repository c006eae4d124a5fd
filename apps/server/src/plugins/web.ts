import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@erepare/shared/messages';
import { matchRoute, normalisePath, PAYMENT_CSP_META, PRERENDERED_NOT_FOUND, PRERENDERED_PAGES, PRERENDERED_PRODUCT, routes, PAYMENT_PAGES, type PageId, type RouteMatch } from '@erepare/shared/routes';
import { defaultSiteSettings, EMBEDDED_PRODUCT_ELEMENT_ID, SITE_SETTINGS_ELEMENT_ID, type SiteSettings } from '@erepare/shared/site-settings';
import type { Product as ProductView } from '@erepare/shared/schemas/shop';
import { STORE_PROFILE_ELEMENT_ID, type StoreProfile } from '@erepare/shared/store-profile';
import { getSiteSettings } from '../modules/settings/service.js';
import { getStoreProfile } from '../modules/settings/store-profile.js';
import { cspHeaderValue, hasPaymentScripts, paymentCspDirectives } from './csp.js';

type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

function encode(identity: Buffer): Encoded {
  return { identity, br: zlib.brotliCompressSync(identity), gzip: zlib.gzipSync(identity, { level: 9 }) };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What one page's HTML carries beyond its base (the shell or its prerendered copy). */
export type PageHead = {
  title: string;
  description: string;
  noindex: boolean;
  /** Absolute address search engines should index for this page (indexable pages only). */
  canonical?: string | undefined;
  /** The document's CSP allows the payment providers (PAYMENT_CSP_META). */
  paymentReady: boolean;
  /** The current site settings, sent with the page (the maintenance gate needs no request). */
  settings: SiteSettings;
  /** The store profile the page shows (a prerendered copy: the one it was rendered with). */
  storeProfile: StoreProfile;
  /**
   * A product page's product, sent with the page (the page renders without asking for it), and
   * its main picture, preloaded: it is the page's largest paint. `rendered`: the page's HTML
   * shows it (server-rendered), so the browser puts it in its cache before hydrating.
   */
  product?: { json: string; image: string | null; rendered: boolean } | undefined;
  /** Absolute address of the picture link previews show (Open Graph). */
  shareImage: string;
};

/** The picture of a link to the site (the app icon, 512 px); a product page shows its product. */
const SHARE_IMAGE = '/icons/icon-512.png';

/** An address made absolute against the site's; the site's icon when it cannot be read. */
function absoluteUrl(address: string, base: string): string {
  try {
    return new URL(address, base).href;
  } catch {
    return new URL(SHARE_IMAGE, base).href;
  }
}

/** JSON that can sit inside a script element (nothing in it can close the element). */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The HTML of one page: the title, description and robots of the page and the current settings
 * set in the base document's head. Only strings the server owns are written; each is escaped
 * (the settings JSON cannot close its script element).
 */
export function pageDocument(base: string, head: PageHead): string {
  const { title, description, maintenanceMode, shopMaintenanceMode } = head.settings;
  const json = scriptSafeJson({ title, description, maintenanceMode, shopMaintenanceMode });
  // Link previews (social networks, messaging apps): Open Graph, read from the server's HTML.
  const openGraph = [
    ['og:type', head.product ? 'product' : 'website'],
    ['og:site_name', title],
    ['og:locale', 'fr_FR'],
    ['og:title', head.title],
    ['og:description', head.description],
    ...(head.canonical ? [['og:url', head.canonical]] : []),
    ['og:image', head.shareImage],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}">`)
    .join('');
  const extra = [
    openGraph,
    '<meta name="twitter:card" content="summary">',
    head.paymentReady ? `<meta name="${PAYMENT_CSP_META}" content="1">` : '',
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    `<script type="application/json" id="${SITE_SETTINGS_ELEMENT_ID}">${json}</script>`,
    `<script type="application/json" id="${STORE_PROFILE_ELEMENT_ID}">${scriptSafeJson(head.storeProfile)}</script>`,
    head.product
      ? `<script type="application/json" id="${EMBEDDED_PRODUCT_ELEMENT_ID}"${head.product.rendered ? ' data-rendered' : ''}>${head.product.json}</script>`
      : '',
    head.product?.image ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(head.product.image)}">` : '',
  ].join('');
  return base
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?>/, () => `<meta name="description" content="${escapeHtml(head.description)}">`)
    .replace('</head>', () => `${extra}</head>`);
}

function isShopCatalogue(pathname: string): boolean {
  return pathname === '/boutique' || pathname.startsWith('/produit/');
}

function loadShell(webDistDir: string): Encoded | null {
  const file = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  const identity = fs.readFileSync(file);
  const read = (suffix: string, make: () => Buffer) =>
    fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : make();
  return {
    identity,
    br: read('.br', () => zlib.brotliCompressSync(identity)),
    gzip: read('.gz', () => zlib.gzipSync(identity, { level: 9 })),
  };
}

/** Whether the client accepts `encoding` (listed without `q=0`). */
export function accepts(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: Encoded, status: number) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  void reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    // The shell names the current hashed assets: it must be revalidated on every visit.
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (accepts(accepted, 'br')) return reply.header('content-encoding', 'br').send(html.br);
  if (accepts(accepted, 'gzip')) return reply.header('content-encoding', 'gzip').send(html.gzip);
  return reply.send(html.identity);
}

/**
 * The files of a web build (`root`): hashed assets cached for a year (precompressed brotli/gzip
 * sent when accepted), the rest revalidated; never HTML pages (they go through the route table)
 * nor the server's own folders.
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
    // Only real files are served statically; HTML pages go through the route table below, except
    // the service worker's offline page (a standalone file it precaches).
    // dist/ssr (the server's renderer) and dist/prerendered are the server's, not the browser's.
    allowedPath: (pathName) => isPublicFile(pathName),
    setHeaders: (res, filePath) => {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      if (relative.startsWith('assets/')) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
}

/** Folders of the web build that are the server's (its renderer, its prerendered pages), never the browser's. */
const SERVER_ONLY_FOLDERS = new Set(['ssr', 'prerendered']);

/**
 * Whether a file of the web build may be sent (the static plugin's `allowedPath`, given the
 * decoded path). The path reaching here is already canonical (plugins/canonical-path.ts); it is
 * resolved again as the file system would (backslashes, dot segments, repeated slashes), so no
 * spelling of a server-only file gets through even if a request reached this without that step.
 * HTML goes through the route table, except the service worker's offline page.
 */
export function isPublicFile(pathName: string): boolean {
  if (pathName.includes('\\') || pathName.includes('\0')) return false;
  const resolved = path.posix.normalize(`/${pathName}`);
  const top = resolved.split('/').find((segment) => segment !== '') ?? '';
  if (SERVER_ONLY_FOLDERS.has(top.toLowerCase())) return false;
  const lower = resolved.toLowerCase();
  return !lower.endsWith('.html') || lower === '/offline.html';
}

export const FILE_LIKE = /\.[a-z0-9]{1,8}$/i;

/** Path and query string, split at the first "?" only (a query may itself contain "?"). */
export function splitUrl(url: string): [string, string | undefined] {
  const index = url.indexOf('?');
  return index === -1 ? [url, undefined] : [url.slice(0, index), url.slice(index + 1)];
}

/**
 * Serves the built web app: hashed assets with immutable caching (precompressed brotli/gzip),
 * client routes falling back to the app shell (200 for the route table, 404 otherwise, 301 for
 * legacy paths), and never the shell for /api.
 */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const { webDistDir } = app.config;
  const shell = loadShell(webDistDir);
  // Payment pages get a CSP with the configured providers' origins. Without a provider every page
  // is payment-ready (the strict policy is all they need), so the app never reloads a document.
  const providers = hasPaymentScripts(app.config);
  const isPaymentPage = (page: string) => (PAYMENT_PAGES as readonly string[]).includes(page as PageId);
  const paymentCsp = providers ? cspHeaderValue(paymentCspDirectives(app.config)) : null;
  const shellHtml = shell?.identity.toString('utf8') ?? '';
  // One compressed copy per page, route and settings (they change rarely); bounded. A copy being
  // made (a product page rendering) is shared by the requests that want it meanwhile.
  const documents = new Map<string, Encoded>();
  const making = new Map<string, Promise<Encoded>>();
  const documentFor = async (
    pathname: string,
    match: RouteMatch,
    page: string,
    settings: SiteSettings,
    profile: StoreProfile | null,
    product: ProductView | null = null,
  ): Promise<Encoded> => {
    // Maintenance shows another page: the prerendered copy would not match what the app renders.
    const closed = settings.maintenanceMode || (settings.shopMaintenanceMode && isShopCatalogue(pathname));
    // The prerendered copies hold the saved store profile once rendered with it (in the
    // background after a change; the former copies meanwhile, each with its own profile).
    const prerendered = app.pages.current(profile);
    const copy = closed ? undefined : prerendered.pages.get(match.kind === 'not-found' ? PRERENDERED_NOT_FOUND : page === 'product' ? PRERENDERED_PRODUCT : pathname);
    const storeProfile = copy || !profile ? prerendered.profile : profile;
    const routeTitle =
      match.kind === 'page' ? match.route.title : match.kind === 'not-found' ? 'Page introuvable' : routes.find((route) => route.page === 'home')?.title;
    const pageTitle = settings.maintenanceMode ? 'Site en maintenance' : routeTitle;
    const noindex = settings.maintenanceMode || match.kind !== 'page' || match.route.noindex === true;
    // Per address for pages (each names its own canonical address), per kind otherwise.
    // A product page's copy holds the product as it is now: the key carries it.
    const productJson = product && !closed ? scriptSafeJson(product) : null;
    const key = JSON.stringify([match.kind === 'page' ? pathname : match.kind, Boolean(copy), settings, productJson, storeProfile]);
    const ready = documents.get(key);
    if (ready) return ready;
    const pending = making.get(key);
    if (pending) return pending;
    const make = async (): Promise<Encoded> => {
      const shown = productJson ? product : null;
      // A product page is rendered with its product (its prerendered copy is only a skeleton: the
      // product would paint only once the page's code has run); the skeleton when it cannot be.
      const rendered = shown && copy ? await app.pages.renderPage(pathname, storeProfile, { product: shown, settings }) : null;
      const html = pageDocument(rendered ?? copy ?? shellHtml, {
        title: shown ? `${shown.name} | ${settings.title}` : pageTitle ? `${pageTitle} | ${settings.title}` : settings.title,
        description:
          (shown?.short_description.trim() || undefined) ??
          (!settings.maintenanceMode && match.kind === 'page' ? match.route.description : undefined) ??
          settings.description,
        noindex,
        canonical: noindex || match.kind !== 'page' ? undefined : `${app.config.publicUrl}${match.route.canonical ?? pathname}`,
        paymentReady: !providers || isPaymentPage(page),
        settings,
        storeProfile,
        product: shown && productJson ? { json: productJson, image: shown.images[0]?.src ?? null, rendered: rendered !== null } : undefined,
        shareImage: absoluteUrl(shown?.images[0]?.src ?? SHARE_IMAGE, app.config.publicUrl),
      });
      const encoded = encode(Buffer.from(html, 'utf8'));
      if (documents.size >= 500) documents.clear();
      documents.set(key, encoded);
      return encoded;
    };
    const promise = make().finally(() => making.delete(key));
    making.set(key, promise);
    return promise;
  };

  if (shell) {
    await registerBuildFiles(app, webDistDir);
  } else {
    app.log.warn({ webDistDir }, 'web app not built: only the API is served');
  }

  const serveApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const [rawPath = '/', query] = splitUrl(request.url);
    if (rawPath === '/api' || rawPath.startsWith('/api/')) {
      return reply.code(404).send({ success: false, message: messages.http.apiNotFound, statusCode: 404 });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ success: false, message: messages.http.notFound, statusCode: 404 });
    }
    let pathname: string;
    try {
      pathname = decodeURI(rawPath);
    } catch {
      pathname = rawPath;
    }
    const match = matchRoute(pathname);
    if (match.kind === 'redirect') {
      return reply.redirect(query !== undefined ? `${match.to}?${query}` : match.to, 301);
    }
    if (match.kind !== 'page' && FILE_LIKE.test(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Fichier introuvable');
    }
    if (!shell) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Application web non construite : lancez « npm start » ou « npm run build ».');
    }
    const page = match.kind === 'page' ? match.route.page : match.kind === 'not-found' ? 'not-found' : 'home';
    if (paymentCsp && isPaymentPage(page)) void reply.header('content-security-policy', paymentCsp);
    // The database unreachable: the page still loads (spec 1 §4: both modes read as off).
    const settings = await getSiteSettings(app.db).catch(() => defaultSiteSettings);
    // Unreachable too: the pages keep the profile they were last rendered with.
    const profile = await getStoreProfile(app.db).catch(() => null);
    // A product page comes with its product (from the catalogue's cache): no request before it
    // renders. Without it (unknown id, catalogue unreachable) the page asks as usual.
    let product: ProductView | null = null;
    const productId = match.kind === 'page' && page === 'product' ? (match.params.productId ?? '') : '';
    if (/^\d{1,9}$/.test(productId)) product = (await app.shop.catalogue.get(Number(productId)).catch(() => null))?.view ?? null;
    return sendHtml(request, reply, await documentFor(normalisePath(pathname), match, page, settings, profile, product), match.kind === 'not-found' ? 404 : 200);
  };

  // A server started with a saved store profile renders its pages with it at once (not on the first visit).
  app.addHook('onReady', async () => {
    app.pages.current(await getStoreProfile(app.db).catch(() => null));
  });

  registerSearchFiles(app);

  // The static plugin's wildcard route sends every unknown file to the not-found handler, which
  // serves the app; "/" is a directory for the static plugin, so it gets its own route.
  if (shell) app.get('/', serveApp);
  app.setNotFoundHandler(serveApp);
}

/** robots.txt and the sitemap of the indexable public pages (aliases left to their canonical page). */
export function registerSearchFiles(app: FastifyInstance): void {
  // Search engines: the indexable public pages (aliases left to their canonical page).
  const indexable = routes.filter((route) => PRERENDERED_PAGES.includes(route.page) && !route.noindex && !route.canonical && !route.path.includes(':'));
  app.get('/sitemap.xml', async (_request, reply) => {
    const urls = indexable.map((route) => `<url><loc>${escapeHtml(`${app.config.publicUrl}${route.path}`)}</loc></url>`).join('');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
  });
  app.get('/robots.txt', async (_request, reply) => {
    const disallowed = ['/compte', '/admin-dashboard', '/panier', '/checkout', '/commande', '/payment/', '/api/', '/test-notifications'];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\n${disallowed.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${app.config.publicUrl}/sitemap.xml\n`);
  });
}
