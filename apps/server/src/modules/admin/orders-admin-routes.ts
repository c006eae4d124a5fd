import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBankTransferBodySchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderResponseSchema,
  adminOrderStatusBodySchema,
  adminRefundBodySchema,
  idParamsSchema,
} from '@erepare/shared/schemas/admin-shop';
import { requireAdmin } from '../../plugins/auth.js';
import { changeOrderStatus, getAdminOrder, listAdminOrders, markTransferReceived, refundOrder, type AdminOrderContext } from './orders-admin.js';

/** /api/admin/orders: staff only (401 without a session, 403 to a customer, before the body is read). */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  const context = (): AdminOrderContext => ({
    db: app.db,
    publicUrl: app.config.publicUrl,
    mailer: app.mail,
    onStockChange: () => {
      app.shop.catalogue.invalidate();
      if (app.repair.backend.kind === 'local') app.repair.inventory.invalidate();
    },
  });

  app.get('/api/admin/orders', { schema: { querystring: adminOrderListQuerySchema, response: { 200: adminOrderListResponseSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
    const page = await listAdminOrders(app.db, request.query);
    return { success: true as const, data: page.rows, pagination: { page: page.page, pageSize: page.pageSize, total: page.total } };
  });

  app.get('/api/admin/orders/:id', { schema: { params: idParamsSchema, response: { 200: adminOrderResponseSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
    return { success: true as const, data: await getAdminOrder(app.db, request.params.id) };
  });

  app.patch(
    '/api/admin/orders/:id/status',
    { schema: { params: idParamsSchema, body: adminOrderStatusBodySchema, response: { 200: adminOrderResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const { message } = await changeOrderStatus(context(), admin, request.params.id, request.body.status, request.body.note);
      return { success: true as const, message, data: await getAdminOrder(app.db, request.params.id) };
    },
  );

  app.post(
    '/api/admin/orders/:id/bank-transfer-received',
    { schema: { params: idParamsSchema, body: adminBankTransferBodySchema.optional(), response: { 200: adminOrderResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const message = await markTransferReceived(context(), admin, request.params.id, request.body?.note);
      return { success: true as const, message, data: await getAdminOrder(app.db, request.params.id) };
    },
  );

  app.post(
    '/api/admin/orders/:id/refund',
    { schema: { params: idParamsSchema, body: adminRefundBodySchema, response: { 200: adminOrderResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const { message } = await refundOrder(context(), admin, request.params.id, request.body);
      return { success: true as const, message, data: await getAdminOrder(app.db, request.params.id) };
    },
  );
};
