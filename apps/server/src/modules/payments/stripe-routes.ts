import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { paymentMessages } from '@erepare/shared/payments';
import {
  klarnaCheckoutSessionResponseSchema,
  klarnaSessionResponseSchema,
  paymentConfirmationResponseSchema,
  paymentIntentResponseSchema,
} from '@erepare/shared/schemas/payments';
import { z } from '@erepare/shared/zod';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { getOrder, keyMatches } from '../orders/service.js';
import { findOrder } from '../orders/repository.js';
import { claimPaymentEvent, paymentEventHandled } from './repository.js';
import { handleRepairStripeEvent } from '../repair-payments/service.js';
import { createStripeClient } from './stripe-client.js';
import {
  confirmIntentForOrder,
  confirmKlarnaForOrder,
  createIntentForOrder,
  createKlarnaCheckout,
  eventObjectId,
  eventOrderId,
  handleStripeEvent,
  klarnaPlansForOrder,
  stripeErrors,
  type ConfirmOutcome,
  type StripeServiceContext,
} from './stripe-service.js';

/** Intents and Checkout Sessions one IP address may ask for per 10 minutes (a buyer needs a few). */
export const STRIPE_CREATE_LIMIT = { name: 'stripe-create', limit: 30, windowMs: 10 * 60_000 };

/** Confirmations (card and Klarna together) one IP address may ask for per 10 minutes: each one reads Stripe. */
export const STRIPE_CONFIRM_LIMIT = { name: 'stripe-confirm', limit: 60, windowMs: 10 * 60_000 };

/** Stripe's own default: a signed event older than 5 minutes is a replay, not a delivery. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const STRIPE_WEBHOOK_PATH = '/api/woocommerce-payments/stripe/webhook';

const orderIdSchema = z.union([z.number().int(), z.string().trim().max(20)]);
const orderKeySchema = z.string().max(200).optional();

/** The browser sends amount and currency (spec 2 §7): accepted and ignored, the order's total is charged. */
const intentBodySchema = z.object({
  orderId: orderIdSchema,
  order_key: orderKeySchema,
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
  paymentMethod: z.enum(['stripe', 'card', 'revolut_pay']).optional(),
});

const confirmIntentBodySchema = z.object({
  paymentIntentId: z.string().trim().regex(/^pi_[A-Za-z0-9_]{1,250}$/),
  orderId: orderIdSchema,
  order_key: orderKeySchema,
});

/** Customer data and items of the spec's body are ignored: the order already holds them. */
const klarnaBodySchema = z.object({
  orderId: orderIdSchema,
  order_key: orderKeySchema,
  plan: z.string().trim().max(40).optional(),
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
  customerData: z.unknown().optional(),
  orderItems: z.unknown().optional(),
});

const klarnaConfirmBodySchema = z.object({
  orderId: orderIdSchema,
  session_id: z.string().trim().regex(/^cs_[A-Za-z0-9_]{1,250}$/),
  order_key: orderKeySchema,
});

const webhookAnswerSchema = z.object({ success: z.literal(true), received: z.literal(true) });

/**
 * Card, Revolut Pay and Klarna through Stripe (spec 2 §7). Always registered: without Stripe's
 * configuration, or for a method not in STRIPE_METHODS, every call is the 404 notConfigured.
 */
export const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.payments.stripe;
  const stripe = settings ? createStripeClient(settings) : null;

  const context = (log: FastifyBaseLogger): StripeServiceContext => {
    if (!settings || !stripe) throw stripeErrors.notConfigured();
    return { db: app.db, stripe, settings, publicUrl: app.config.publicUrl, mailer: app.mail, log };
  };

  /** The answer of a confirmation: the order as it is now when the key proves it, or "pending" (202). */
  const confirmationAnswer = async (outcome: ConfirmOutcome, orderKey: string | undefined, setPending: () => void) => {
    if (outcome.kind === 'pending') {
      setPending();
      return { success: false as const, pending: true as const, message: paymentMessages.paymentNotCompleted };
    }
    const key = orderKey?.trim();
    const proven = key ? keyMatches(await findOrder(app.db, outcome.orderId), key) : false;
    return {
      success: true as const,
      status: 'processing',
      ...(proven ? { data: await getOrder({ db: app.db }, { kind: 'anonymous' }, outcome.orderId, key) } : {}),
    };
  };

  // ───────── card, Revolut Pay ─────────

  app.post(
    '/api/woocommerce-payments/create-payment-intent',
    { schema: { body: intentBodySchema, response: { 200: paymentIntentResponseSchema } } },
    async (request) => {
      const ctx = context(request.log);
      await hitRateLimit(app.db, STRIPE_CREATE_LIMIT, request.client);
      return createIntentForOrder(ctx, { orderId: request.body.orderId, orderKey: request.body.order_key, paymentMethod: request.body.paymentMethod });
    },
  );

  app.post(
    '/api/woocommerce-payments/stripe/confirm-payment',
    { schema: { body: confirmIntentBodySchema, response: { 200: paymentConfirmationResponseSchema, 202: paymentConfirmationResponseSchema } } },
    async (request, reply) => {
      const ctx = context(request.log);
      await hitRateLimit(app.db, STRIPE_CONFIRM_LIMIT, request.client);
      const { orderId, order_key: orderKey, paymentIntentId } = request.body;
      const outcome = await confirmIntentForOrder(ctx, { orderId, orderKey, paymentIntentId });
      return confirmationAnswer(outcome, orderKey, () => void reply.code(202));
    },
  );

  // ───────── Klarna (Stripe Checkout) ─────────

  app.post(
    '/api/woocommerce-payments/klarna/create-session',
    { schema: { body: klarnaBodySchema, response: { 200: klarnaSessionResponseSchema } } },
    async (request) => {
      const plans = await klarnaPlansForOrder({ db: app.db, settings }, { orderId: request.body.orderId, orderKey: request.body.order_key, plan: request.body.plan });
      return { success: true as const, message: 'Session Klarna prête', plans };
    },
  );

  app.post(
    '/api/woocommerce-payments/klarna/create-checkout-session',
    { schema: { body: klarnaBodySchema, response: { 200: klarnaCheckoutSessionResponseSchema } } },
    async (request) => {
      if (!settings?.methods.includes('klarna')) throw stripeErrors.notConfigured();
      const ctx = context(request.log);
      await hitRateLimit(app.db, STRIPE_CREATE_LIMIT, request.client);
      const session = await createKlarnaCheckout(ctx, { orderId: request.body.orderId, orderKey: request.body.order_key, plan: request.body.plan });
      return { success: true as const, message: 'Redirection vers Klarna', ...session };
    },
  );

  app.post(
    '/api/woocommerce-payments/klarna/confirm',
    { schema: { body: klarnaConfirmBodySchema, response: { 200: paymentConfirmationResponseSchema, 202: paymentConfirmationResponseSchema } } },
    async (request, reply) => {
      if (!settings?.methods.includes('klarna')) throw stripeErrors.notConfigured();
      const ctx = context(request.log);
      await hitRateLimit(app.db, STRIPE_CONFIRM_LIMIT, request.client);
      const { orderId, session_id: sessionId, order_key: orderKey } = request.body;
      const outcome = await confirmKlarnaForOrder(ctx, { orderId, sessionId });
      return confirmationAnswer(outcome, orderKey, () => void reply.code(202));
    },
  );

  // ───────── webhook ─────────

  // Its own scope: the signature covers the exact bytes Stripe sent, so this one route reads the
  // JSON body as a Buffer; every other route (here and in the rest of the API) keeps the JSON parser.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // Stripe decides the size of its events (an event carries a whole object): 1 MB rather than
    // the API's 64 KB. The bytes are only hashed (signature) before anything parses them.
    scope.post(STRIPE_WEBHOOK_PATH, { bodyLimit: 1024 * 1024, schema: { response: { 200: webhookAnswerSchema } } }, async (request) => {
      const ctx = context(request.log);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = ctx.stripe.webhooks.constructEvent(raw, typeof header === 'string' ? header : '', ctx.settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        request.log.warn({ reason: error instanceof Error ? error.message.slice(0, 120) : 'unknown' }, 'Stripe webhook refused: signature');
        throw new AppError('INVALID_SIGNATURE', 400, paymentMessages.invalidSignature);
      }

      // A replay of an event already handled (Stripe delivers at least once): acknowledged, nothing
      // done, Stripe not called.
      const eventId = event.id.slice(0, 200);
      if (await paymentEventHandled(app.db, 'stripe', eventId)) return { success: true as const, received: true as const };
      // Handled first, recorded after: a handling that fails (a 5xx, which Stripe retries) or never
      // ends (the process stops) leaves no record, so the next delivery is handled for real. Two
      // deliveries of one event at the same time are both handled: every handler is idempotent
      // (markOrderPaid, conditional updates, one refund per intent by its idempotency key).
      // A repair invoice's or deposit's Checkout Session (issue 24 §4) goes to its own module; the rest is the shop's.
      const outcome = (await handleRepairStripeEvent(app.repairPayments, event)) ?? (await handleStripeEvent(ctx, event));
      await claimPaymentEvent(app.db, {
        provider: 'stripe',
        eventId,
        type: event.type.slice(0, 100),
        orderId: eventOrderId(event),
        providerRef: eventObjectId(event),
        outcome,
      });
      request.log.info({ event: event.id, type: event.type, outcome }, 'Stripe webhook handled');
      return { success: true as const, received: true as const };
    });
  });
};
