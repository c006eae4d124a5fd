/**
 * Pages rendered by React Router (framework mode) inside this server: each document request goes
 * through the web app's server build (apps/web/build/server) with the data of its first paint
 * (plugins/web-services.ts) and its Content-Security-Policy (scripts by hash, payment origins on
 * payment pages). The build's browser files (build/client) are served as files (plugins/web.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { messages } from '@erepare/shared/messages';
import { matchRoute, PAYMENT_PAGES } from '@erepare/shared/routes';
import { documentPolicyKey, requestServicesKey, webServicesKey, type RequestServices } from '@erepare/shared/web-context';
import { estimateLinkForPage } from '../modules/estimates/routes.js';
import { baseCspDirectives, cspHeaderValue, hasPaymentScripts, paymentCspDirectives, type CspDirectives } from './csp.js';
import type { CachedDocument } from './document-cache.js';
import { accepts, FILE_LIKE, registerBuildFiles, registerSearchFiles, splitUrl } from './web.js';
import { webServices } from './web-services.js';

/** The directives with the inline scripts of one document allowed by their hashes. */
export function withScriptHashes(directives: CspDirectives, hashes: readonly string[]): CspDirectives {
  return { ...directives, 'script-src': [...(directives['script-src'] ?? ["'self'"]), ...hashes] };
}

/** A Fetch request for React Router, on the site's public address (never the Host header's). */
function toRequest(request: FastifyRequest, reply: FastifyReply, publicUrl: string): Request {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, signal: controller.signal });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The body to send for a rendered document, compressed when the client accepts it (made once per
 * kept document): brotli at a middle quality (the best one costs tens of milliseconds on a large
 * page), else gzip.
 */
async function encodedBody(request: FastifyRequest, reply: FastifyReply, document: CachedDocument): Promise<Buffer> {
  const body = document.identity;
  if (body.length < 1024) return body;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  void reply.header('vary', 'accept-encoding');
  if (accepts(accepted, 'br')) {
    void reply.header('content-encoding', 'br');
    document.br ??= await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    return document.br;
  }
  if (accepts(accepted, 'gzip')) {
    void reply.header('content-encoding', 'gzip');
    document.gzip ??= await gzip(body, { level: 6 });
    return document.gzip;
  }
  return body;
}

function send(request: FastifyRequest, reply: FastifyReply, document: CachedDocument) {
  void reply.code(document.status);
  for (const [name, value] of document.headers) void reply.header(name, value);
  // Documents name the current hashed assets: revalidated on every visit.
  if (!document.headers.some(([name]) => name === 'cache-control')) void reply.header('cache-control', 'no-cache');
  if (request.method === 'HEAD') return reply.send();
  return encodedBody(request, reply, document).then((body) => reply.send(body));
}

/** A document its route marked personal (it read this visitor's data): never kept, never shared. */
export function isPersonalDocument(headers: Headers): boolean {
  return /\b(private|no-store)\b/i.test(headers.get('cache-control') ?? '');
}

/** React Router's data requests of client navigations (`/contact.data`, `/_root.data`). */
const DATA_REQUEST = /\.data$/;

export async function registerReactRouter(app: FastifyInstance): Promise<void> {
  const root = app.config.webDistDir;
  const serverFile = path.join(root, 'server', 'index.js');
  const clientDir = path.join(root, 'client');
  const built = fs.existsSync(serverFile);
  const files = fs.existsSync(clientDir);
  if (files) await registerBuildFiles(app, clientDir);
  if (!built) app.log.warn({ webDistDir: root }, 'web app not built (React Router build): only the API is served');
  const handle = built ? createRequestHandler((await import(pathToFileURL(serverFile).href)) as ServerBuild, 'production') : null;
  const services = webServices(app);
  // Payment pages get a CSP with the configured providers' origins. Without a provider every page
  // is payment-ready (the strict policy is all they need), so the app never reloads a document.
  const providers = hasPaymentScripts(app.config);
  const https = app.config.publicUrl.startsWith('https://');
  const baseDirectives = baseCspDirectives(https);
  const paymentDirectives = providers ? paymentCspDirectives(app.config) : baseDirectives;

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
    const pagePath = DATA_REQUEST.test(pathname) ? pathname.replace(DATA_REQUEST, '').replace(/^\/_root$/, '/') : pathname;
    const match = matchRoute(pagePath);
    // Legacy paths move permanently, with or without a build (a client navigation's data request
    // gets React Router's own redirect instead).
    if (match.kind === 'redirect' && !DATA_REQUEST.test(pathname)) {
      return reply.redirect(query !== undefined ? `${match.to}?${query}` : match.to, 301);
    }
    if (match.kind !== 'page' && FILE_LIKE.test(pathname) && !DATA_REQUEST.test(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Fichier introuvable');
    }
    if (!handle) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Application web non construite\u00a0: lancez «\u00a0npm start\u00a0» ou «\u00a0npm run build\u00a0».');
    }
    const paymentPage = match.kind === 'page' && PAYMENT_PAGES.includes(match.route.page);
    const context = new RouterContextProvider();
    context.set(webServicesKey, services);
    const own: RequestServices = { estimateLink: (token) => estimateLinkForPage(app, token, request.client) };
    context.set(requestServicesKey, own);
    context.set(documentPolicyKey, {
      paymentReady: !providers || paymentPage,
      cspHeader: (hashes) => cspHeaderValue(withScriptHashes(paymentPage ? paymentDirectives : baseDirectives, hashes)),
    });
    // The same page for everyone (a route reading this visitor's data marks its answer personal,
    // and it is neither kept nor sent from what was kept): kept a few seconds.
    const key = request.url;
    const kept = request.method === 'GET' || request.method === 'HEAD' ? app.documents.get(key) : undefined;
    if (kept) return send(request, reply, kept);
    const response = await handle(toRequest(request, reply, app.config.publicUrl), context);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) void reply.header('set-cookie', cookies);
    const document: CachedDocument = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
      identity: Buffer.from(await response.arrayBuffer()),
    };
    // Not the not-found page: a flood of made-up addresses would push the real pages out.
    if (request.method === 'GET' && response.status === 200 && cookies.length === 0 && !isPersonalDocument(response.headers)) app.documents.set(key, document);
    return send(request, reply, document);
  };

  registerSearchFiles(app);
  // The static plugin's wildcard route sends every unknown file to the not-found handler, which
  // renders the page; "/" is a directory for the static plugin, so it gets its own route.
  if (files) app.get('/', serveApp);
  app.setNotFoundHandler(serveApp);
}
