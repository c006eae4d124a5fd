import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMessages } from '@erepare/shared/payments';
import { orderSchema } from '@erepare/shared/schemas/shop';
import { shopMessages } from '@erepare/shared/shop';
import { z } from '@erepare/shared/zod';
import { AppError } from '../../errors.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { PAYPAL_ID_PATTERN, createPaypalClient, type PaypalClient } from './paypal-client.js';
import { capturePaypalCheckout, createPaypalCheckout, type PaypalContext } from './paypal-service.js';

/** Per IP address and 10 minutes: a buyer needs a few; more is someone probing order keys or PayPal ids. */
export const PAYPAL_CREATE_LIMIT = { name: 'paypal-create', limit: 30, windowMs: 10 * 60_000 } satisfies RateLimitRule;
export const PAYPAL_CAPTURE_LIMIT = { name: 'paypal-capture', limit: 30, windowMs: 10 * 60_000 } satisfies RateLimitRule;

export type PaypalRoutesOptions = {
  /** Timeout of each PayPal request (10 s by default). */
  timeoutMs?: number;
};

/** The order is proven by id and key; anything else in the body (amounts…) is ignored. */
const orderIdSchema = z.union([z.number(), z.string().max(20)]);
const createBodySchema = z.object({
  orderId: orderIdSchema,
  order_key: z.string().max(200),
});
const captureBodySchema = createBodySchema.extend({
  // PayPal's ids are [A-Z0-9]: anything else (a NUL byte PostgreSQL text cannot hold…) is a 400.
  paypalOrderId: z.string().regex(PAYPAL_ID_PATTERN, { error: 'Identifiant de commande PayPal invalide' }),
});

const createResponseSchema = z.object({ success: z.literal(true), id: z.string(), status: z.string(), approve_url: z.string() });
const captureResponseSchema = z.object({ success: z.literal(true), status: orderSchema.shape.status, data: orderSchema });
const pendingResponseSchema = z.object({ success: z.literal(false), pending: z.literal(true), message: z.string() });

/** "12", "#12" or 12 → 12; anything else is the orders' 404 (never a 500, never a hint). */
function provenInput(body: { orderId: number | string; order_key: string }): { orderId: number; orderKey: string } {
  const id = typeof body.orderId === 'number' ? body.orderId : Number(body.orderId.trim().replace(/^#/, ''));
  const key = body.order_key.trim();
  if (!Number.isSafeInteger(id) || id <= 0 || !key) throw new AppError('ORDER_NOT_FOUND', 404, shopMessages.orderNotFound);
  return { orderId: id, orderKey: key };
}

/**
 * PayPal Orders v2 (spec 2 §4, §7): POST /api/woocommerce-payments/paypal/create-order and
 * /capture-order. Always registered; without PAYPAL_CLIENT_ID they answer 404 "not available"
 * (and the checkout does not offer PayPal).
 */
export const paypalRoutes: FastifyPluginAsyncZod<PaypalRoutesOptions> = async (app, options) => {
  const settings = app.config.payments.paypal;
  // One client per app instance: its token cache is this instance's.
  const client: PaypalClient | null = settings
    ? createPaypalClient({ ...settings, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) })
    : null;

  const notConfigured = () => new AppError('PAYMENT_NOT_CONFIGURED', 404, paymentMessages.notConfigured);
  // Before the body is even validated: a site without PayPal has no PayPal endpoint to probe.
  const requireConfigured = async () => {
    if (!client) throw notConfigured();
  };
  const context = (): PaypalContext => {
    if (!client) throw notConfigured();
    return { db: app.db, client, publicUrl: app.config.publicUrl, mailer: app.mail, log: app.log };
  };

  app.post(
    '/api/woocommerce-payments/paypal/create-order',
    { onRequest: requireConfigured, schema: { body: createBodySchema, response: { 200: createResponseSchema } } },
    async (request, reply) => {
      const ctx = context();
      await hitRateLimit(app.db, PAYPAL_CREATE_LIMIT, request.client);
      void reply.header('cache-control', 'no-store');
      const result = await createPaypalCheckout(ctx, provenInput(request.body));
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/api/woocommerce-payments/paypal/capture-order',
    { onRequest: requireConfigured, schema: { body: captureBodySchema, response: { 200: captureResponseSchema, 202: pendingResponseSchema } } },
    async (request, reply) => {
      const ctx = context();
      await hitRateLimit(app.db, PAYPAL_CAPTURE_LIMIT, request.client);
      void reply.header('cache-control', 'no-store');
      const result = await capturePaypalCheckout(ctx, { ...provenInput(request.body), paypalOrderId: request.body.paypalOrderId });
      if (result.kind === 'pending') {
        return reply.code(202).send({ success: false as const, pending: true as const, message: paymentMessages.paymentNotCompleted });
      }
      return { success: true as const, status: result.order.status, data: result.order };
    },
  );
};
