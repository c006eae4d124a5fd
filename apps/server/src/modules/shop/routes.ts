import type { FastifyPluginAsync } from 'fastify';
import type { Catalogue } from './catalogue-types.js';

/** /api/shop (products, categories, coupons/validate, shipping-methods, payment-gateways) and /api/woocommerce/coupons. */
export function shopRoutes(_catalogue: Catalogue): FastifyPluginAsync {
  return async () => {};
}
