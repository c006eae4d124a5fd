import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE =
  'Requête refusée\u00a0: elle ne vient pas du site. Rechargez la page et réessayez.';

/** `scheme://host[:port]` of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a write may go on: browsers say where a request comes from (`Sec-Fetch-Site`, and
 * `Origin` on every POST/PUT/PATCH/DELETE), and a page of another site must not act with the
 * visitor's session cookie (cross-site request forgery). SameSite=Lax already keeps the cookie
 * off most cross-site writes; this is the second, explicit lock.
 *
 * Allowed: `Sec-Fetch-Site: same-origin`; an `Origin` that is the site's public URL or the
 * origin the request was addressed to (the Host header, which a foreign page cannot choose);
 * and requests without either header, which come from no browser page (payment providers'
 * webhooks, the apps' own HTTP clients, curl) and carry no ambient cookie of a visitor.
 */
export function isSameOriginWrite(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return site === undefined;
  const claimed = originOf(origin);
  if (claimed === null) return false; // "null" (sandboxed frames, file:) and garbage
  if (claimed === originOf(publicUrl)) return true;
  return new URL(claimed).host === request.host;
}

/**
 * Refuses writes coming from another site's pages with a 403 and a French message. Every path,
 * not only /api: a check keyed on how the path is spelled is one a spelling can skip (issue 20
 * item 12, `/%61pi/…`); the pages never take writes, so nothing else is refused.
 */
export function registerSameOriginCheck(app: FastifyInstance): void {
  const publicUrl = app.config.publicUrl;
  app.addHook('onRequest', async (request) => {
    if (isSameOriginWrite(request, publicUrl)) return;
    request.log.warn({ origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'cross-site write refused');
    throw new AppError('CROSS_SITE_REQUEST', 403, CROSS_SITE_MESSAGE);
  });
}
