import type { FastifyPluginAsync } from 'fastify';
import type { Catalogue } from '../shop/catalogue-types.js';

/** /api/shop/orders, /api/shop/loyalty and the spec's compatibility calls. Registered without prefix. */
export function orderRoutes(_catalogue: Catalogue): FastifyPluginAsync {
  return async () => {};
}
