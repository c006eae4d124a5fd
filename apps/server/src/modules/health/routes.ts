import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, livenessResponseSchema, readinessResponseSchema } from '@erepare/shared/schemas/common';
import { healthReport, readinessReport } from './service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const report = await healthReport(app);
      return reply.code(report.success ? 200 : 503).header('cache-control', 'no-store').send(report);
    },
  );
};

/**
 * The probes of an orchestrator or a load balancer (registered under /api). Liveness: the process
 * answers (a failure means "restart it"); it never touches the database, so a database outage
 * does not restart every instance. Readiness: send it traffic (a failure means "route around it").
 */
export const healthProbeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health/live', { schema: { response: { 200: livenessResponseSchema } } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ success: true, status: 'live', timestamp: new Date().toISOString() }),
  );
  app.get(
    '/health/ready',
    { schema: { response: { 200: readinessResponseSchema, 503: readinessResponseSchema } } },
    async (_request, reply) => {
      const report = await readinessReport(app);
      return reply.code(report.success ? 200 : 503).header('cache-control', 'no-store').send(report);
    },
  );
};
