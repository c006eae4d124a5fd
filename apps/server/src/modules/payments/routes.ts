import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicPaymentsConfig } from './methods.js';

/**
 * GET /api/payments/config. Each provider's routes live in their own plugin (stripe-routes.ts,
 * paypal-routes.ts), always registered: without configuration they answer 404 with
 * paymentMessages.notConfigured (the method is not offered at checkout either).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/payments/config', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return { success: true as const, data: publicPaymentsConfig(app.config) };
  });
};
