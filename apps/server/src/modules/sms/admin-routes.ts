import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '@erepare/shared/schemas/admin-core';
import { adminSmsMessages as texts, smsOutboxItemResponseSchema, smsOutboxListQuerySchema, smsOutboxListResponseSchema } from '@erepare/shared/schemas/admin-sms';
import { requireAdmin } from '../../plugins/auth.js';
import { listSmsOutboxPage, retrySms } from './admin.js';

/** GET /api/admin/sms-outbox and POST /api/admin/sms-outbox/:id/retry (staff only). */
export const adminSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The role first: visitors and customers get 401/403, never a validation error.
  const staffOnly = async (request: Parameters<typeof requireAdmin>[0]) => void (await requireAdmin(request));

  app.get('/api/admin/sms-outbox', { onRequest: staffOnly, schema: { querystring: smsOutboxListQuerySchema, response: { 200: smsOutboxListResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    const page = await listSmsOutboxPage(app.db, request.query);
    return { success: true as const, data: page.items, pagination: { page: page.page, pageSize: page.pageSize, total: page.total }, enabled: app.sms.enabled };
  });

  app.post('/api/admin/sms-outbox/:id/retry', { onRequest: staffOnly, schema: { params: adminIdParamsSchema, response: { 200: smsOutboxItemResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const item = await retrySms(app.db, admin, request.params.id, app.sms.enabled);
    app.sms.kick();
    return { success: true as const, message: texts.retried, data: item };
  });
};
