import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '@erepare/shared/schemas/admin-core';
import { staffTwoFactorResponseSchema, twoFactorMessageResponseSchema, twoFactorMessages, twoFactorPolicyBodySchema } from '@erepare/shared/schemas/two-factor';
import { requireAdmin } from '../../plugins/auth.js';
import { resetTwoFactor, setTwoFactorPolicy, staffTwoFactorStatus } from '../auth/two-factor.js';

/**
 * The team's second factors (issue 23 §5), for admins: how many use one, the rule that makes it
 * mandatory, and the reset of a colleague's (lost phone). The role is checked before the body.
 */
export const adminTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.get('/api/admin/two-factor', { schema: { response: { 200: staffTwoFactorResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await staffTwoFactorStatus(app.db) };
  });

  app.put('/api/admin/two-factor/policy', { schema: { body: twoFactorPolicyBodySchema, response: { 200: staffTwoFactorResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const data = await setTwoFactorPolicy(app.db, admin, request.body.required);
    return { success: true as const, message: data.required ? twoFactorMessages.policyOn : twoFactorMessages.policyOff, data };
  });

  app.post('/api/admin/users/:id/two-factor/reset', { schema: { params: adminIdParamsSchema, response: { 200: twoFactorMessageResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const email = await resetTwoFactor(app.db, admin, request.params.id);
    return { success: true as const, message: twoFactorMessages.reset(email) };
  });
};
