import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rgpdEraseBodySchema, rgpdEraseResponseSchema, rgpdExportQuerySchema } from '@erepare/shared/schemas/admin-rgpd';
import { requireAdmin } from '../../plugins/auth.js';
import { eraseByEmail, exportByEmail, rgpdMessages } from './rgpd.js';

/** RGPD requests handled by staff (issue 9): export and erasure by e-mail address. */
export const adminRgpdRoutes: FastifyPluginAsyncZod = async (app) => {
  // The role first, before the query or body is read: visitors and customers learn nothing.
  const staffOnly = async (request: Parameters<typeof requireAdmin>[0]) => void (await requireAdmin(request));

  app.get(
    '/api/admin/rgpd/export',
    { onRequest: staffOnly, schema: { querystring: rgpdExportQuerySchema } },
    async (request, reply) => {
      await requireAdmin(request);
      const data = await exportByEmail(app.db, app.repair.backend, request.query.email);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="donnees-personnelles-${day}.json"`)
        .send({ success: true as const, data });
    },
  );

  app.post(
    '/api/admin/rgpd/erase',
    {
      onRequest: staffOnly,
      schema: { body: rgpdEraseBodySchema, response: { 200: rgpdEraseResponseSchema } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const result = await eraseByEmail(app.db, admin, request.body.email);
      return { success: true as const, message: rgpdMessages.erased, data: result };
    },
  );
};
