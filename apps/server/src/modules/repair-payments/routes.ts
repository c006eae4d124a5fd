import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRepairPaymentsResponseSchema,
  estimateDepositBodySchema,
  invoiceIdParamsSchema,
  invoiceLinkPayBodySchema,
  invoiceLinkViewBodySchema,
  invoiceLinkViewResponseSchema,
  paypalRepairCaptureBodySchema,
  repairPaymentStatusQuerySchema,
  repairPaymentStatusResponseSchema,
  repairPayStartBodySchema,
  repairPayStartResponseSchema,
} from '@erepare/shared/schemas/repair-payments';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { requireAdmin } from '../../plugins/auth.js';
import { createPaypalClient } from '../payments/paypal-client.js';
import { createStripeClient } from '../payments/stripe-client.js';
import { invoiceNotFound, owns, requireSignedIn, viewerOf } from '../repair/access.js';
import { kickPush } from '../tracking/service.js';
import { adminRepairPaymentsOf } from './admin.js';
import {
  availableProviders,
  captureRepairPaypal,
  invoiceOfLink,
  payableInvoice,
  repairPaymentStatus,
  startDepositPayment,
  startInvoicePayment,
  type RepairPaymentsContext,
} from './service.js';

/** Starts (sessions, PayPal orders) per client and 10 minutes: a payer needs a few. */
export const REPAIR_PAY_START_LIMIT = { name: 'repair-pay-start', limit: 20, windowMs: 10 * 60_000 } satisfies RateLimitRule;
/** Link look-ups per client and 10 minutes: a payer opens the page a few times; more is someone guessing tokens. */
export const REPAIR_PAY_LINK_LIMIT = { name: 'repair-pay-link', limit: 30, windowMs: 10 * 60_000 } satisfies RateLimitRule;
/** Status polls and PayPal captures per client and 10 minutes (the return page polls every 2 s for a minute or so). */
export const REPAIR_PAY_STATUS_LIMIT = { name: 'repair-pay-status', limit: 300, windowMs: 10 * 60_000 } satisfies RateLimitRule;

/**
 * Paying a repair invoice or an estimate's deposit online (issue 24 §4). The Stripe webhook is the
 * shop's own (payments/stripe-routes.ts), which hands repair sessions to handleRepairStripeEvent.
 */
/** The module's context, decorated on the app (app.ts) so the Stripe webhook reaches it too. */
export function createRepairPaymentsContext(app: FastifyInstance): RepairPaymentsContext {
  const stripeSettings = app.config.payments.stripe;
  const paypalSettings = app.config.payments.paypal;
  return {
    db: app.db,
    backend: app.repair.backend,
    stripe: stripeSettings ? createStripeClient(stripeSettings) : null,
    stripeSettings,
    paypal: paypalSettings ? createPaypalClient(paypalSettings) : null,
    publicUrl: app.config.publicUrl,
    log: app.log,
    afterSettle: () => {
      app.mail.kick();
      kickPush(app);
    },
  };
}

export const repairPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.repairPayments;
  const noStore = { 'cache-control': 'no-store' };

  app.post(
    '/api/account/invoices/:id/pay',
    { schema: { params: invoiceIdParamsSchema, body: repairPayStartBodySchema, response: { 200: repairPayStartResponseSchema } } },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      requireSignedIn(viewer);
      if (viewer.kind === 'customer' && (viewer.customerId === null || !viewer.emailVerified)) throw invoiceNotFound();
      await hitRateLimit(app.db, REPAIR_PAY_START_LIMIT, request.client);
      const record = await ctx.backend.getInvoice(request.params.id, viewer.kind === 'customer' ? { customerId: viewer.customerId ?? undefined } : {});
      if (!record || !owns(viewer, record.customerId)) throw invoiceNotFound();
      const payable = await payableInvoice(ctx, record);
      void reply.headers(noStore);
      return { success: true as const, data: await startInvoicePayment(ctx, payable, request.body.provider) };
    },
  );

  app.post(
    '/api/invoice-links/view',
    { config: { personal: true }, schema: { body: invoiceLinkViewBodySchema, response: { 200: invoiceLinkViewResponseSchema } } },
    async (request, reply) => {
      await hitRateLimit(app.db, REPAIR_PAY_LINK_LIMIT, request.client);
      const { summary } = await invoiceOfLink(ctx, request.body.token);
      void reply.headers(noStore);
      return { success: true as const, data: { ...summary, providers: availableProviders(ctx) } };
    },
  );

  app.post(
    '/api/invoice-links/pay',
    { config: { personal: true }, schema: { body: invoiceLinkPayBodySchema, response: { 200: repairPayStartResponseSchema } } },
    async (request, reply) => {
      await hitRateLimit(app.db, REPAIR_PAY_LINK_LIMIT, request.client);
      const payable = await invoiceOfLink(ctx, request.body.token);
      await hitRateLimit(app.db, REPAIR_PAY_START_LIMIT, request.client);
      void reply.headers(noStore);
      return { success: true as const, data: await startInvoicePayment(ctx, payable, request.body.provider) };
    },
  );

  app.post(
    '/api/estimate-links/deposit',
    { config: { personal: true }, schema: { body: estimateDepositBodySchema, response: { 200: repairPayStartResponseSchema } } },
    async (request, reply) => {
      await hitRateLimit(app.db, REPAIR_PAY_LINK_LIMIT, request.client);
      await hitRateLimit(app.db, REPAIR_PAY_START_LIMIT, request.client);
      void reply.headers(noStore);
      return { success: true as const, data: await startDepositPayment(ctx, request.body.token, request.body.provider) };
    },
  );

  app.get(
    '/api/repair-payments/status',
    { config: { personal: true }, schema: { querystring: repairPaymentStatusQuerySchema, response: { 200: repairPaymentStatusResponseSchema } } },
    async (request, reply) => {
      await hitRateLimit(app.db, REPAIR_PAY_STATUS_LIMIT, request.client);
      void reply.headers(noStore);
      return { success: true as const, data: await repairPaymentStatus(ctx, request.query.ref, request.query.cle) };
    },
  );

  app.post(
    '/api/repair-payments/paypal/capture',
    { config: { personal: true }, schema: { body: paypalRepairCaptureBodySchema, response: { 200: repairPaymentStatusResponseSchema } } },
    async (request, reply) => {
      await hitRateLimit(app.db, REPAIR_PAY_STATUS_LIMIT, request.client);
      void reply.headers(noStore);
      return { success: true as const, data: await captureRepairPaypal(ctx, request.body.paypalOrderId, request.body.cle) };
    },
  );

  app.get(
    '/api/admin/invoices/:id/online-payments',
    { schema: { params: invoiceIdParamsSchema, response: { 200: adminRepairPaymentsResponseSchema } } },
    async (request) => {
      await requireAdmin(request);
      return { success: true as const, data: await adminRepairPaymentsOf(app.db, request.params.id) };
    },
  );
};
