import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopMessages } from '@erepare/shared/shop';
import {
  loyaltyResponseSchema,
  orderCreateRequestSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderLookupQuerySchema,
  orderResponseSchema,
} from '@erepare/shared/schemas/shop';
import { z } from '@erepare/shared/zod';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { paymentMethodsOf } from '../payments/methods.js';
import { relayServiceOf } from '../shipping/relay-service.js';
import type { Catalogue } from '../shop/catalogue-types.js';
import {
  captureOrder,
  createOrder,
  getOrder,
  listOrders,
  loyaltyOf,
  orderViewerOf,
  requestConfirmation,
  type OrderContext,
} from './service.js';

/** Order creations one IP address may attempt per 10 minutes (a shop's customer needs a handful). */
export const ORDER_CREATE_LIMIT = { name: 'order-create', limit: 20, windowMs: 10 * 60_000 };

const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** The compatibility calls prove an order by id (or the spec's `orderNumber`) and key; the rest of the body is ignored. */
const proofBodySchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  orderNumber: z.union([z.number(), z.string()]).optional(),
  order_key: z.string().max(200).optional(),
});

/** The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`), if any. */
function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * What an order creation that failed outside the rules answers. Refused input stays a 4xx (a
 * data exception or constraint of the database, a validation error): only a database hiccup (lost
 * connection, deadlock victim, nothing committed) becomes the 503 "try again".
 */
export function orderCreationFailure(error: unknown): Error {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (error instanceof Error && typeof status === 'number' && status >= 400 && status < 500) return error;
  const state = sqlStateOf(error);
  // Class 22 (data exception: bad characters, out of range) and 23 (constraint violated).
  if (state && (state.startsWith('22') || state.startsWith('23'))) {
    return new AppError('ORDER_INVALID_DATA', 400, shopMessages.invalidData(['Données de commande invalides']), {}, error);
  }
  if (error instanceof Error && error.name === 'ZodError') return new AppError('ORDER_INVALID_DATA', 400, shopMessages.invalidData(['Données de commande invalides']), {}, error);
  return new AppError('ORDER_FAILED', 503, `${shopMessages.orderCreationFailed}. ${shopMessages.retryOrContact}`, {}, error);
}

function provenId(body: z.infer<typeof proofBodySchema>): { id: number; key: string } {
  const raw = body.id ?? body.orderNumber;
  const id = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim().replace(/^#/, ''));
  if (!Number.isSafeInteger(id) || id <= 0 || !body.order_key) throw new AppError('ORDER_NOT_FOUND', 404, shopMessages.orderNotFound);
  return { id, key: body.order_key.trim() };
}

/** /api/shop/orders, /api/shop/loyalty and the spec's compatibility calls. Registered without prefix. */
export function orderRoutes(catalogue: Catalogue): FastifyPluginAsyncZod {
  return async (app) => {
    const context = (): OrderContext => ({
      db: app.db,
      publicUrl: app.config.publicUrl,
      orders: app.config.orders,
      backend: app.repair.backend,
      catalogue,
      mailer: app.mail,
      paymentMethods: (profile) => paymentMethodsOf(app.config, profile),
      relayPoints: relayServiceOf(app.config, app.log),
      onStockChange: () => {
        catalogue.invalidate();
        // Our own stock changed: the proxy's inventory list shows it. RepairDesk's did not (web
        // sales are only recorded here), and dropping its caches would cost requests for nothing.
        if (app.repair.backend.kind === 'local') app.repair.inventory.invalidate();
      },
    });

    app.post(
      '/api/shop/orders',
      { schema: { body: orderCreateRequestSchema, response: { 201: orderResponseSchema } } },
      async (request, reply) => {
        await hitRateLimit(app.db, ORDER_CREATE_LIMIT, request.client);
        const viewer = await orderViewerOf(request);
        const order = await createOrder(context(), viewer, request.body, { ip: request.ip }).catch((error: unknown) => {
          throw orderCreationFailure(error);
        });
        void reply.code(201);
        return { success: true as const, data: order, message: shopMessages.orderCreated(order.number) };
      },
    );

    app.get(
      '/api/shop/orders',
      { schema: { querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } } },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        const { data, total } = await listOrders(context(), await orderViewerOf(request), request.query);
        return { success: true as const, data, total, message: data.length ? 'Commandes récupérées' : 'Aucune commande' };
      },
    );

    app.get(
      '/api/shop/orders/:id',
      {
        schema: {
          params: z.object({ id: z.string().max(20) }),
          querystring: orderLookupQuerySchema,
          response: { 200: orderResponseSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0;
        const order = await getOrder(context(), await orderViewerOf(request), id, request.query.key);
        return { success: true as const, data: order };
      },
    );

    app.get('/api/shop/loyalty', { schema: { response: { 200: loyaltyResponseSchema } } }, async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await loyaltyOf(context(), await orderViewerOf(request)) };
    });

    // Kept for the spec's browser (DESIGN §4): proven by the order key, grants nothing, needs no admin.
    app.post('/api/admin/capture-order', { schema: { body: proofBodySchema, response: { 200: successSchema } } }, async (request) => {
      const { id, key } = provenId(request.body);
      await captureOrder(context(), id, key);
      return { success: true as const };
    });

    app.post(
      '/api/devis-notification/order-confirmation',
      { schema: { body: proofBodySchema, response: { 200: successSchema } } },
      async (request) => {
        const { id, key } = provenId(request.body);
        await requestConfirmation(context(), id, key);
        return { success: true as const, message: 'Confirmation envoyée à l’adresse de la commande' };
      },
    );
  };
}
