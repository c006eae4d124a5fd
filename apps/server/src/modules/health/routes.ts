import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@erepare/shared/schemas/common';
import { healthReport } from './service.js';

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
