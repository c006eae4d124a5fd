import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@erepare/shared/messages';
import { matchRoute, PAYMENT_CSP_META, PAYMENT_PAGES, type PageId } from '@erepare/shared/routes';
import { cspHeaderValue, hasPaymentScripts, paymentCspDirectives } from './csp.js';

type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

function encode(identity: Buffer): Encoded {
  return { identity, br: zlib.brotliCompressSync(identity), gzip: zlib.gzipSync(identity, { level: 9 }) };
}

/**
 * The scripts each page needs beyond the entry (`route-preloads.json`, written by the web build):
 * listed as modulepreload links in that page's HTML so they download alongside the entry.
 */
function loadRoutePreloads(webDistDir: string): Record<string, string[]> {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(webDistDir, 'route-preloads.json'), 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const pages: Record<string, string[]> = {};
    for (const [page, files] of Object.entries(parsed as Record<string, unknown>)) {
      if (Array.isArray(files)) pages[page] = files.filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+\.js$/.test(file));
    }
    return pages;
  } catch {
    return {};
  }
}

/**
 * The shell of one page: the common shell plus its modulepreload links and, on a document whose
 * CSP allows the payment providers, the PAYMENT_CSP_META marker (built once, on first use).
 */
function pageShells(shell: Encoded, preloads: Record<string, string[]>, paymentReady: (page: string) => boolean): (page: string) => Encoded {
  const cache = new Map<string, Encoded>();
  const html = shell.identity.toString('utf8');
  return (page) => {
    const files = preloads[page] ?? [];
    const marker = paymentReady(page);
    if ((files.length === 0 && !marker) || !html.includes('</head>')) return shell;
    let encoded = cache.get(page);
    if (!encoded) {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
      const meta = marker ? `<meta name="${PAYMENT_CSP_META}" content="1">` : '';
      encoded = encode(Buffer.from(html.replace('</head>', `${meta}${links}</head>`), 'utf8'));
      cache.set(page, encoded);
    }
    return encoded;
  };
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
function accepts(header: string, encoding: string): boolean {
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

const FILE_LIKE = /\.[a-z0-9]{1,8}$/i;

/** Path and query string, split at the first "?" only (a query may itself contain "?"). */
function splitUrl(url: string): [string, string | undefined] {
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
  const shellFor = shell ? pageShells(shell, loadRoutePreloads(webDistDir), (page) => !providers || isPaymentPage(page)) : null;

  if (shell) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      preCompressed: true,
      index: false,
      // Cache headers are set per file below (hashed assets immutable, the rest revalidated).
      cacheControl: false,
      // One wildcard route rather than one route per file: registering ~100 routes cost start-up time.
      wildcard: true,
      // Only real files are served statically; HTML pages go through the route table below, except
      // the service worker's offline page (a standalone file it precaches).
      allowedPath: (pathName) => !pathName.endsWith('.html') || pathName === '/offline.html',
      setHeaders: (res, filePath) => {
        const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/')) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built: only the API is served');
  }

  const serveApp = (request: FastifyRequest, reply: FastifyReply) => {
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
    return sendHtml(request, reply, shellFor ? shellFor(page) : shell, match.kind === 'not-found' ? 404 : 200);
  };

  // The static plugin's wildcard route sends every unknown file to the not-found handler, which
  // serves the app; "/" is a directory for the static plugin, so it gets its own route.
  if (shell) app.get('/', serveApp);
  app.setNotFoundHandler(serveApp);
}
