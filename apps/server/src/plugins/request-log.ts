import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { maskUrl } from '../lib/mask-url.js';

/**
 * One log line per request, written when the answer has gone out, at `info` (`error` when the
 * answer failed): method, URL (secret query values masked), route, status and time. Replaces
 * Fastify's pair of lines (« incoming request » and « request completed ») through its own
 * extension point, the log controller. At the production default level (`warn`) these lines are
 * not written; errors always are (errors.ts logs them).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // The line is written once the answer is known.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: maskUrl(request.url),
      route: request.routeOptions.url ?? null,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'requête en erreur');
    else reply.log.info(line, 'requête');
  }
}

/** Give it to Fastify as `logController`. */
export function requestLogController(): LogController {
  return new OneLinePerRequest();
}
