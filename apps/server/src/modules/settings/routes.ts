import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@erepare/shared/messages';
import type { SiteSettings } from '@erepare/shared/schemas/settings';
import { siteSettingsResponseSchema, siteSettingsUpdateSchema } from '@erepare/shared/schemas/settings';
import { requireAdmin } from '../../plugins/auth.js';
import { storeProfileMessages, storeProfileResponseSchema, storeProfileSchema } from '@erepare/shared/schemas/store-profile';
import { getSiteSettings, updateSiteSettings } from './service.js';
import { getStoreProfile, updateStoreProfile } from './store-profile.js';

/**
 * The settings are returned at the top level (as the spec's client reads them) and under `data`
 * (the product's response envelope).
 */
function envelope(settings: SiteSettings, message?: string) {
  return { success: true as const, data: settings, ...settings, ...(message ? { message } : {}) };
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public on purpose: every visitor's maintenance gate reads it. It grants nothing.
  app.get('/site-settings', { schema: { response: { 200: siteSettingsResponseSchema.loose() } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return envelope(await getSiteSettings(app.db));
  });

  app.post(
    '/site-settings',
    {
      // The admin check runs before the body is validated: a visitor learns nothing about the schema.
      onRequest: async (request) => {
        await requireAdmin(request);
      },
      schema: { body: siteSettingsUpdateSchema, response: { 200: siteSettingsResponseSchema.loose() } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const saved = await updateSiteSettings(app.db, admin, request.body);
      app.documents.invalidate();
      return envelope(saved, messages.settings.saved);
    },
  );

  // The store profile (Paramètres → Profil de la boutique): staff only. Visitors get it with every
  // page (plugins/web.ts), never through this route.
  app.get(
    '/store-profile',
    {
      onRequest: async (request) => {
        await requireAdmin(request);
      },
      schema: { response: { 200: storeProfileResponseSchema } },
    },
    async () => ({ success: true as const, data: await getStoreProfile(app.db) }),
  );

  app.put(
    '/store-profile',
    {
      onRequest: async (request) => {
        await requireAdmin(request);
      },
      schema: { body: storeProfileSchema, response: { 200: storeProfileResponseSchema } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const saved = await updateStoreProfile(app.db, admin, request.body);
      // Pages are rendered per request (kept a few seconds): the next one shows the saved profile.
      app.documents.invalidate();
      return { success: true as const, data: saved, message: storeProfileMessages.saved };
    },
  );
};
