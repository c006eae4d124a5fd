import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCouponRoutes } from './coupons-admin-routes.js';
import { adminOrderRoutes } from './orders-admin-routes.js';
import { productImageRoutes } from './products-admin-images.js';
import { adminProductRoutes } from './products-admin-routes.js';
import { adminShippingRoutes } from './shipping-admin-routes.js';

/**
 * Staff routes under /api/admin (shop): orders, products and stock, coupons, shipping methods (issue 9). Each
 * sub-plugin checks the admin role in an onRequest hook (401 / 403 before any body is read).
 * The product pictures they upload are served publicly by productImageRoutes (/api/shop/images).
 */
export const adminShopRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminOrderRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminCouponRoutes);
  await app.register(adminShippingRoutes);
  await app.register(productImageRoutes);
};
