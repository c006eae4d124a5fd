import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * One spelling per path (issue 20 item 12). A request's path is written many ways that mean the
 * same resource to the router or the file system (`/%61pi/…`, `//ssr/…`, `/./ssr/…`,
 * `/assets/../ssr/…`), and every check that looks at the path (the cross-site check, API or
 * page, which files are public) must see the one the router and the file system will act on.
 * So the path is put in its canonical form once, before routing (Fastify's `rewriteUrl`), and
 * everything after it, the router included, sees only that form:
 * - %-escapes of unreserved characters (letters, digits, `-._~`) are decoded (RFC 3986 §6.2.2.2:
 *   they mean the character), the other escapes are kept with upper-case hex digits;
 * - runs of `/` become one `/`;
 * - `.` and `..` segments are resolved (RFC 3986 §5.2.4), never above the root.
 * Spellings that have no safe canonical form are refused with a 400: an escaped `/` or `\`
 * (the router keeps them in one segment, the file system would split them), a backslash, a
 * control character, or a request target that is not a path (absolute form, `*`).
 * The query string is kept as it came.
 */

export const INVALID_PATH_MESSAGE = 'Adresse invalide\u00a0: elle contient des caractères qui ne sont pas permis dans un chemin.';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** The canonical form of a request target's path (query kept), or null when it has none. */
export function canonicalUrl(url: string): string | null {
  if (!url.startsWith('/')) return null;
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(rawPath)) return null;
  let refused = false;
  const unescaped = rawPath.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const code = Number.parseInt(hex, 16);
    const character = String.fromCharCode(code);
    if (code === 0x2f || code === 0x5c || code < 0x20 || code === 0x7f) refused = true;
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
  if (refused) return null;
  const segments = unescaped.replace(/\/{2,}/g, '/').split('/').slice(1);
  const output: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') output.pop();
      // "/a/." and "/a/.." name a directory: the trailing slash stays.
      if (last) output.push('');
      return;
    }
    output.push(segment);
  });
  return `/${output.join('/')}${query}`;
}

const refusedRequests = new WeakSet<IncomingMessage>();

/** Fastify's `rewriteUrl`: the canonical URL; a refused one is routed to "/" and answered 400 by the hook below. */
export function rewriteToCanonical(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const canonical = canonicalUrl(url);
  if (canonical !== null) return canonical;
  refusedRequests.add(request);
  return '/';
}

/** Answers the requests whose path has no canonical form with a 400 (first hook of all). */
export function registerCanonicalPathCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (refusedRequests.has(request.raw)) throw new AppError('INVALID_PATH', 400, INVALID_PATH_MESSAGE);
  });
}
