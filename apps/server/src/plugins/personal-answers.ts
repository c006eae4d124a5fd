import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../modules/auth/service.js';
import { presentedToken, sessionWasChecked } from './auth.js';

/** The header of an answer no cache may keep (browser, proxy or CDN). */
export const NO_STORE = 'private, no-store';

/** Query parameters that prove who the caller is (order keys, tokens, payment secrets). */
const PROOF_IN_QUERY = /[?&](?:key|token|order_key|payment_intent_client_secret|setup_intent_client_secret)=/i;

const SESSION_IN_COOKIES = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Whether an answer is about one person. Decided here for every route at once rather than
 * route by route (a route that forgets is a leak):
 * - any answer whose route asked who the caller is (the session was looked up), or whose address
 *   carries an order key or a token (API or page);
 * - an API answer that sets a cookie, or whose route is flagged `personal`;
 * - an API answer to a request that carries a session (cookie or bearer), unless the route
 *   declared its answer `public` (the same for everyone: the shop's images) and never looked at
 *   the session.
 * Public answers to anonymous callers (catalogue, settings) keep their own policy.
 */
export function isPersonalAnswer(request: FastifyRequest, reply: FastifyReply): boolean {
  const url = request.url;
  if (sessionWasChecked(request) || PROOF_IN_QUERY.test(url)) return true;
  if (!isApi(url)) return false;
  if (reply.hasHeader('set-cookie') || request.routeOptions.config.personal === true) return true;
  const declaredPublic = /(^|,)\s*public\s*(,|$)/i.test(String(reply.getHeader('cache-control') ?? ''));
  // The Cookie header itself too: an answer refused before the cookie plugin ran has no parsed cookies.
  const carriesSession = presentedToken(request) !== null || SESSION_IN_COOKIES.test(request.headers.cookie ?? '');
  return carriesSession && !declaredPublic;
}

/**
 * Personal answers are never cached (issue 20 item 15): `Cache-Control: private, no-store` on
 * each, whatever the route set (a shared cache, the browser's disk cache, a back button on a
 * shared computer must not keep a profile, an export, tickets, invoices, orders or notifications).
 */
export function registerPersonalAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPersonalAnswer(request, reply)) void reply.header('cache-control', NO_STORE);
    return payload;
  });
}
