import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recoveryCodesResponseSchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorMessageResponseSchema,
  twoFactorMessages,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@erepare/shared/schemas/two-factor';
import { requireAdmin } from '../../plugins/auth.js';
import { confirmSetup, disableTwoFactor, regenerateRecoveryCodes, startSetup, twoFactorStatus } from './two-factor.js';

/**
 * /api/auth/two-factor: one's own second factor (issue 23 §5), for staff sessions. These are the
 * only staff routes a session limited to enrolment may use (requireAdmin's `enrolment` option);
 * the role is checked before the body is read.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request, { enrolment: true });
  });

  app.get('/', { schema: { response: { 200: twoFactorStatusResponseSchema } } }, async (request) => {
    const session = await requireAdmin(request, { enrolment: true });
    return { success: true as const, data: await twoFactorStatus(app.db, session) };
  });

  app.post('/setup', { schema: { response: { 200: twoFactorSetupResponseSchema } } }, async (request) => {
    const session = await requireAdmin(request, { enrolment: true });
    return { success: true as const, message: twoFactorMessages.setupStarted, data: await startSetup(app.db, session) };
  });

  app.post('/confirm', { schema: { body: twoFactorCodeBodySchema, response: { 200: recoveryCodesResponseSchema } } }, async (request) => {
    const session = await requireAdmin(request, { enrolment: true });
    const recoveryCodes = await confirmSetup(app.db, session, request.body.code);
    return { success: true as const, message: twoFactorMessages.enabled, data: { recoveryCodes } };
  });

  app.post('/recovery-codes', { schema: { body: twoFactorCodeBodySchema, response: { 200: recoveryCodesResponseSchema } } }, async (request) => {
    const session = await requireAdmin(request, { enrolment: true });
    const recoveryCodes = await regenerateRecoveryCodes(app.db, session, request.body.code);
    return { success: true as const, message: twoFactorMessages.regenerated, data: { recoveryCodes } };
  });

  app.delete('/', { schema: { body: twoFactorDisableBodySchema, response: { 200: twoFactorMessageResponseSchema } } }, async (request) => {
    const session = await requireAdmin(request, { enrolment: true });
    await disableTwoFactor(app.db, session, request.body);
    return { success: true as const, message: twoFactorMessages.disabled };
  });
};
