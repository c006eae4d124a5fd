import type { FastifyInstance } from 'fastify';
import type { WebServices } from '@erepare/shared/web-context';
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
    publicUrl: app.config.publicUrl,
  };
}
