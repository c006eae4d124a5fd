import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchRoute } from '@erepare/shared/routes';
import { presentedToken, requireAdmin } from '../../plugins/auth.js';
import { NO_STORE } from '../../plugins/personal-answers.js';
import { createMetrics } from './registry.js';

/** The label of every request no route matched (and no page either). */
export const NOT_FOUND_ROUTE = 'not_found';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label of a request: the pattern it matched (`/api/shop/orders/:id`), never its address
 * (unbounded, and it may carry an order number or an e-mail). Pages are rendered by the not-found
 * handler (plugins/react-router.ts): they are labelled by their page's pattern in the shared
 * route table; anything else unmatched is `not_found`.
 */
export function routeLabel(request: FastifyRequest, statusCode: number): string {
  if (!request.is404) return request.routeOptions.url ?? NOT_FOUND_ROUTE;
  if (statusCode === 404) return NOT_FOUND_ROUTE;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) return NOT_FOUND_ROUTE;
  const match = matchRoute(path.replace(/\.data$/, '').replace(/^\/_root$/, '/'));
  return match.kind === 'page' ? match.route.path : NOT_FOUND_ROUTE;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Metrics (issue 23 §6): counts every answered request, decorates the app with `metrics` (the
 * server hands its jobs `app.metrics.jobRun(…)`), and serves `GET /metrics` in Prometheus text
 * format to a scraper presenting `Authorization: Bearer <METRICS_TOKEN>`, or to an admin session
 * (the admin routes' own guard: 401 without a session, 403 for a customer).
 */
export function registerMetrics(app: FastifyInstance): void {
  const metrics = createMetrics(app.database);
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.stop());

  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    metrics.observeRequest({ method, route: routeLabel(request, statusCode), statusCode }, reply.elapsedTime / 1000);
    done();
  });

  // Compared as SHA-256 digests: same length whatever was sent, and compared in constant time.
  const token = app.config.metricsToken;
  const expected = token ? sha256(token) : null;
  const presentsToken = (request: FastifyRequest): boolean => {
    const presented = presentedToken(request);
    if (!expected || presented?.via !== 'bearer') return false;
    return timingSafeEqual(sha256(presented.token), expected);
  };

  app.get('/metrics', async (request, reply) => {
    if (!presentsToken(request)) await requireAdmin(request);
    const text = await metrics.scrape();
    return reply.header('cache-control', NO_STORE).type(metrics.contentType).send(text);
  });
}
