import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminShippingMethodsResponseSchema, adminShippingMethodsUpdateSchema } from '@erepare/shared/schemas/admin-shop';
import { requireAdmin } from '../../plugins/auth.js';
import { listAdminShippingMethods, shippingAdminMessages, updateAdminShippingMethods } from './shipping-admin.js';

/** /api/admin/shipping-methods: staff only (401 without a session, 403 to a customer, before the body is read). */
export const adminShippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });
  const colissimo = () => app.config.colissimo !== null;

  app.get('/api/admin/shipping-methods', { schema: { response: { 200: adminShippingMethodsResponseSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
    return { success: true as const, data: await listAdminShippingMethods(app.db, colissimo()) };
  });

  app.put(
    '/api/admin/shipping-methods',
    { schema: { body: adminShippingMethodsUpdateSchema, response: { 200: adminShippingMethodsResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const { changed } = await updateAdminShippingMethods(app.db, admin, request.body);
      return {
        success: true as const,
        message: changed ? shippingAdminMessages.saved : shippingAdminMessages.unchanged,
        data: await listAdminShippingMethods(app.db, colissimo()),
      };
    },
  );
};
