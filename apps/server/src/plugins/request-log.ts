import type { FastifyInstance } from 'fastify';
import { maskUrl } from '../lib/mask-url.js';

/**
 * One log line per request, at `info`, written when the answer has gone out: method, URL (secret
 * query values masked), status and time. Fastify's own pair of lines (« incoming request » and
 * « request completed ») is turned off in buildApp (`disableRequestLogging`). At the production
 * default level (`warn`) these lines are not written; errors always are (errors.ts logs them).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: maskUrl(request.url),
        route: request.routeOptions.url ?? null,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
      },
      'requête',
    );
  });
}
