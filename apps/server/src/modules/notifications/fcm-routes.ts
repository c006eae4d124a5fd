import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationMessages, PUSH_DEFAULTS } from '@erepare/shared/notifications';
import { notificationPreferencesSchema } from '@erepare/shared/schemas/notifications';
import { z } from '@erepare/shared/zod';
import { fcmTokens } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { requireUser } from '../../plugins/auth.js';
import { createFcmClient, type FcmClient } from './fcm.js';
import { NOTIFICATION_TEST_LIMIT } from './routes.js';
import { savePreferences } from './service.js';
import { deviceTypeOf } from './subscriptions.js';

/** FCM registration tokens are ~150-200 URL-safe characters (with ':' between their two parts). */
const tokenSchema = z.string().trim().regex(/^[A-Za-z0-9_:-]{20,4096}$/, { error: 'Jeton FCM invalide' });

const subscribeBodySchema = z.object({
  token: tokenSchema,
  userId: z.union([z.string().max(100), z.number()]).optional(),
  preferences: notificationPreferencesSchema.partial().optional(),
  deviceType: z.enum(['tablet', 'mobile', 'desktop']).optional(),
  userAgent: z.string().max(1000).optional(),
  timestamp: z.string().max(40).optional(),
});

const testBodySchema = z
  .object({
    token: z.string().max(4096).optional(),
    title: z.string().max(200).optional(),
    body: z.string().max(1000).optional(),
    data: z.record(z.string().max(50), z.unknown()).optional(),
  })
  .optional();

const successSchema = z.object({ success: z.literal(true), message: z.string() });

/** FCM registration tokens one user may keep (one per browser or installed app). */
const MAX_TOKENS_PER_USER = 20;

const notConfigured = () => new AppError('FCM_NOT_CONFIGURED', 503, notificationMessages.fcmNotConfigured);

const controlChars = /\p{Cc}/gu;

/**
 * /api/fcm/** (spec 1 §7, the cloud push variant), for signed-in users. Without FCM credentials
 * (FCM_* in the configuration) every route answers 503 with a clear message: Web Push still works.
 */
export const fcmRoutes: FastifyPluginAsyncZod = async (app) => {
  let client: FcmClient | undefined;
  const fcm = (): FcmClient => {
    const config = app.config.fcm;
    if (!config) throw notConfigured();
    client ??= createFcmClient(config);
    return client;
  };

  app.post('/api/fcm/subscribe', { schema: { body: subscribeBodySchema, response: { 200: successSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    fcm();
    const body = request.body;
    const userAgent = (body.userAgent ?? request.headers['user-agent'] ?? '').replace(controlChars, ' ').slice(0, 400);
    const values = {
      userId: user.id,
      token: body.token,
      deviceType: body.deviceType ?? deviceTypeOf(userAgent),
      userAgent,
      clientTimestamp: (body.timestamp ?? '').replace(controlChars, ' '),
    };
    await app.db.transaction(async (tx) => {
      // A token another account held moves as a new row (nothing of the previous owner follows it).
      await tx.delete(fcmTokens).where(and(eq(fcmTokens.token, body.token), sql`${fcmTokens.userId} is distinct from ${user.id}`));
      await tx
        .insert(fcmTokens)
        .values(values)
        .onConflictDoUpdate({
          target: fcmTokens.token,
          set: { deviceType: values.deviceType, userAgent: values.userAgent, clientTimestamp: values.clientTimestamp, updatedAt: new Date() },
          setWhere: eq(fcmTokens.userId, user.id),
        });
      await tx.execute(sql`
        delete from fcm_tokens where user_id = ${user.id} and id not in (
          select id from fcm_tokens where user_id = ${user.id} order by updated_at desc, id desc limit ${MAX_TOKENS_PER_USER}
        )
      `);
      if (body.preferences) await savePreferences(tx, user.id, body.preferences);
    });
    return { success: true as const, message: notificationMessages.enabled };
  });

  app.post(
    '/api/fcm/unsubscribe',
    { schema: { body: z.object({ token: z.string().max(4096) }), response: { 200: successSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      fcm();
      await app.db.delete(fcmTokens).where(and(eq(fcmTokens.token, request.body.token.trim()), eq(fcmTokens.userId, user.id)));
      return { success: true as const, message: notificationMessages.disabled };
    },
  );

  app.post('/api/fcm/test', { schema: { body: testBodySchema, response: { 200: successSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    const body = request.body ?? {};
    const token = body.token?.trim();
    if (!token) throw new AppError('FCM_TOKEN_REQUIRED', 400, notificationMessages.fcmTokenRequired);
    const client = fcm();
    await hitRateLimit(app.db, NOTIFICATION_TEST_LIMIT, `user:${user.id}`);
    // Only a token this user registered: the server does not push to strangers' devices.
    const [own] = await app.db
      .select({ id: fcmTokens.id })
      .from(fcmTokens)
      .where(and(eq(fcmTokens.token, token), eq(fcmTokens.userId, user.id)))
      .limit(1);
    if (!own) throw new AppError('FCM_TOKEN_UNKNOWN', 404, 'Jeton FCM inconnu\u00a0: réactivez les notifications puis réessayez.');
    const data: Record<string, string> = {};
    for (const [key, value] of Object.entries(body.data ?? {}).slice(0, 20)) {
      if (value !== undefined && value !== null) data[key] = (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 500);
    }
    const path = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : PUSH_DEFAULTS.url;
    const publicUrl = app.config.publicUrl;
    let result;
    try {
      result = await client.send({
        token,
        title: body.title?.trim() || 'Notification de test',
        body: body.body?.trim() || PUSH_DEFAULTS.body,
        data: { ...data, url: path },
        ...(publicUrl.startsWith('https://') ? { link: `${publicUrl}${path}` } : {}),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'FCM : envoi de test impossible');
      throw new AppError('FCM_UNAVAILABLE', 502, 'Le service de notifications cloud (FCM) ne répond pas. Réessayez plus tard.');
    }
    if (!result.ok) {
      if (result.unregistered) await app.db.delete(fcmTokens).where(eq(fcmTokens.id, own.id));
      request.log.warn({ status: result.status, error: result.error }, 'FCM : envoi de test refusé');
      throw new AppError(
        'FCM_SEND_FAILED',
        502,
        result.unregistered ? 'Ce jeton FCM n’est plus valide\u00a0: réactivez les notifications.' : 'Le service de notifications cloud (FCM) a refusé la notification de test.',
      );
    }
    return { success: true as const, message: 'Notification de test envoyée' };
  });
};
