import type { FastifyInstance } from 'fastify';
import { productListQuerySchema } from '@erepare/shared/schemas/shop';
import { SHOP_PAGE_SIZE } from '@erepare/shared/shop';
import type { WebServices } from '@erepare/shared/web-context';
import { productListAnswer } from '../modules/shop/routes.js';
import { getSiteSettings } from '../modules/settings/service.js';
import { getStoreProfile } from '../modules/settings/store-profile.js';

/**
 * What the web app's loaders read when a page is rendered on the server: the same data as the
 * API's answers (settings, store profile, a product as `GET /api/shop/products/:id` gives it).
 */
export function webServices(app: FastifyInstance): WebServices {
  return {
    siteSettings: () => getSiteSettings(app.db),
    storeProfile: () => getStoreProfile(app.db),
    product: async (id) => (await app.shop.catalogue.get(id))?.view ?? null,
    // The query /boutique asks first (newest first: apps/web/src/features/shop/lib/catalogue-params.ts).
    firstProducts: () => productListAnswer(app.shop.catalogue, productListQuerySchema.parse({ page: 1, per_page: SHOP_PAGE_SIZE, orderby: 'date', order: 'desc' })),
    publicUrl: app.config.publicUrl,
    smsEnabled: app.sms.enabled,
  };
}
