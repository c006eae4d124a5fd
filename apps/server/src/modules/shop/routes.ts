import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centsToDecimal, freeShippingThresholdCents, SHIPPING_METHODS, shopMessages, type ShippingMethodDefinition } from '@erepare/shared/shop';
import {
  couponListResponseSchema,
  couponValidateRequestSchema,
  couponValidateResponseSchema,
  paymentGatewaysResponseSchema,
  productCategoriesResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  shippingMethodsResponseSchema,
  type ProductListQuery,
  type ProductListResponse,
  type ShippingMethod,
} from '@erepare/shared/schemas/shop';
import { z } from '@erepare/shared/zod';
import { AppError } from '../../errors.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import type { Catalogue } from './catalogue-types.js';
import { listActiveCoupons, toCouponView } from './coupons-repository.js';
import { validateCoupon } from './coupons-service.js';
import { paymentMethodsOf } from '../payments/methods.js';
import { storedShippingMethods } from '../shipping/methods-store.js';
import { toGatewayView } from './payment-methods.js';
import { productIllustrationSvg } from './product-illustration.js';
import { getStoreProfile } from '../settings/store-profile.js';

/** DESIGN.md §4: coupon validation is rate-limited (guessing codes), per IP address, in the database. */
export const COUPON_VALIDATION_LIMIT = { name: 'coupon-validate-ip', limit: 30, windowMs: 10 * 60_000 } satisfies RateLimitRule;
export const couponRateLimitMessage = 'Trop de codes promo essayés. Veuillez réessayer dans quelques minutes.';

const productIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Identifiant de produit invalide' })
    .int({ error: 'Identifiant de produit invalide' })
    .min(1, { error: 'Identifiant de produit invalide' })
    .max(2_147_483_647, { error: 'Identifiant de produit invalide' }),
});

/** An invalid coupon: a 4xx (issue 5, bad input) carrying the validation result the client reads. */
const couponRejectedSchema = couponValidateResponseSchema.extend({
  success: z.literal(false),
  message: z.string(),
  statusCode: z.literal(422),
});

/**
 * Methods offered at checkout. The relay point (colissimo_relais, also read as `lpc_relay`, the
 * Colissimo plugin's id) is offered only when Colissimo is configured: its picker searches there.
 */
export function enabledShippingMethods(colissimoConfigured: boolean): readonly ShippingMethodDefinition[] {
  return SHIPPING_METHODS.filter((method) => !method.needsRelay || colissimoConfigured);
}

export function toShippingMethodView(method: ShippingMethodDefinition): ShippingMethod {
  const threshold = freeShippingThresholdCents(method);
  return {
    id: method.id,
    title: method.title,
    description: method.description,
    enabled: true,
    cost: centsToDecimal(method.costCents),
    kind: method.kind,
    free_threshold: threshold === null ? null : centsToDecimal(threshold),
    needs_address: method.needsAddress,
    needs_relay: method.needsRelay,
  };
}

/**
 * The shop API of spec 2 §7, served by our server without any credential (issue 5 "Paths"):
 * products, categories, coupons, shipping methods and payment gateways. Registered without a
 * prefix: the paths are the full ones.
 */
/** One page of the catalogue as `GET /api/shop/products` answers it (the page's first paint uses it too). */
export async function productListAnswer(catalogue: Catalogue, query: ProductListQuery): Promise<ProductListResponse> {
  const { items, total } = await catalogue.list(query);
  return {
    success: true as const,
    data: items,
    total,
    total_pages: Math.ceil(total / query.per_page),
    page: query.page,
    per_page: query.per_page,
    message: total > 0 ? shopMessages.productsFound : shopMessages.catalogueEmpty,
  };
}

export function shopRoutes(catalogue: Catalogue): FastifyPluginAsyncZod {
  return async (app) => {
    // The catalogue's answers (a page of products is ~13 kB of JSON) travel compressed: they are
    // what a phone waits for on /boutique. Only this plugin's routes: the hot cached lists of the
    // repair API stay uncompressed (their throughput is measured against the health ceiling).
    await app.register(fastifyCompress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    app.get(
      '/api/shop/products',
      { schema: { querystring: productListQuerySchema, response: { 200: productListResponseSchema } } },
      async (request, reply) => {
        const answer = await productListAnswer(catalogue, request.query);
        void reply.header('x-wp-total', String(answer.total)).header('x-wp-totalpages', String(answer.total_pages));
        return answer;
      },
    );

    app.get('/api/shop/products/categories', { schema: { response: { 200: productCategoriesResponseSchema } } }, async () => {
      const { items, fallback } = await catalogue.categories();
      return { success: true as const, data: items, fallback };
    });

    app.get(
      '/api/shop/products/:id',
      { schema: { params: productIdParamsSchema, response: { 200: productResponseSchema } } },
      async (request) => {
        const product = await catalogue.get(request.params.id);
        if (!product) throw new AppError('PRODUCT_NOT_FOUND', 404, shopMessages.productNotFound);
        return { success: true as const, data: product.view };
      },
    );

    // The picture of a product without a photo, drawn from its category and name (product-illustration.ts).
    app.get('/api/shop/products/:id/image.svg', { schema: { params: productIdParamsSchema } }, async (request, reply) => {
      const product = await catalogue.get(request.params.id);
      if (!product) throw new AppError('PRODUCT_NOT_FOUND', 404, shopMessages.productNotFound);
      const { view } = product;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        // A picture, never a document: nothing in it runs or loads.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(productIllustrationSvg({ name: view.name, category: view.category, productType: view.product_type }));
    });

    // The promo banner's list (spec 2 §7 "all coupons", kept to the active, listed ones: a private
    // code is never advertised).
    app.get('/api/woocommerce/coupons', { schema: { response: { 200: couponListResponseSchema } } }, async () => {
      const rows = await listActiveCoupons(app.db);
      return { success: true as const, data: rows.map(toCouponView) };
    });

    app.post(
      '/api/shop/coupons/validate',
      { schema: { body: couponValidateRequestSchema, response: { 200: couponValidateResponseSchema, 422: couponRejectedSchema } } },
      async (request, reply) => {
        await hitRateLimit(app.db, COUPON_VALIDATION_LIMIT, request.client, couponRateLimitMessage);
        const result = await validateCoupon(app.db, catalogue, request.body);
        if (result.ok) return result.body;
        return reply.code(422).send({
          success: false as const,
          valid: false,
          discount_amount: centsToDecimal(0),
          coupon: null,
          error: result.error,
          message: result.error,
          statusCode: 422 as const,
        });
      },
    );

    // Staff's prices, thresholds and enabled flags (admin shipping methods), read at each request.
    app.get('/api/shop/shipping-methods', { schema: { response: { 200: shippingMethodsResponseSchema } } }, async () => {
      const colissimo = app.config.colissimo !== null;
      const methods = await storedShippingMethods(app.db);
      return {
        success: true as const,
        data: methods.filter((method) => method.enabled && (!method.needsRelay || colissimo)).map(toShippingMethodView),
      };
    });

    app.get('/api/shop/payment-gateways', { schema: { response: { 200: paymentGatewaysResponseSchema } } }, async () => ({
      success: true as const,
      data: paymentMethodsOf(app.config, await getStoreProfile(app.db)).map(toGatewayView),
    }));
  };
}
