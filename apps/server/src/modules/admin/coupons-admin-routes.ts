import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCouponCreateSchema,
  adminCouponListQuerySchema,
  adminCouponListResponseSchema,
  adminCouponResponseSchema,
  adminCouponUpdateSchema,
  adminDeleteResponseSchema,
  idParamsSchema,
} from '@erepare/shared/schemas/admin-shop';
import { requireAdmin } from '../../plugins/auth.js';
import { couponsAdminMessages, createAdminCoupon, deleteAdminCoupon, getAdminCoupon, listAdminCoupons, updateAdminCoupon } from './coupons-admin.js';

/** /api/admin/coupons: staff only (401 without a session, 403 to a customer, before the body is read). */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.get('/api/admin/coupons', { schema: { querystring: adminCouponListQuerySchema, response: { 200: adminCouponListResponseSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
    const page = await listAdminCoupons(app.db, request.query);
    return { success: true as const, data: page.rows, pagination: { page: page.page, pageSize: page.pageSize, total: page.total } };
  });

  app.post('/api/admin/coupons', { schema: { body: adminCouponCreateSchema, response: { 201: adminCouponResponseSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const id = await createAdminCoupon(app.db, admin, request.body);
    void reply.code(201);
    return { success: true as const, message: couponsAdminMessages.created(request.body.code), data: await getAdminCoupon(app.db, id) };
  });

  app.patch(
    '/api/admin/coupons/:id',
    { schema: { params: idParamsSchema, body: adminCouponUpdateSchema, response: { 200: adminCouponResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const result = await updateAdminCoupon(app.db, admin, request.params.id, request.body);
      return {
        success: true as const,
        message: result.changed ? couponsAdminMessages.updated(result.code) : couponsAdminMessages.unchanged,
        data: await getAdminCoupon(app.db, request.params.id),
      };
    },
  );

  app.delete('/api/admin/coupons/:id', { schema: { params: idParamsSchema, response: { 200: adminDeleteResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const result = await deleteAdminCoupon(app.db, admin, request.params.id);
    return { success: true as const, message: result.message, data: { id: request.params.id, deleted: result.deleted, archived: result.archived } };
  });
};
