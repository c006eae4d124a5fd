import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_TYPES, notificationMessages } from '@erepare/shared/notifications';
import {
  notificationFilterSchema,
  notificationListResponseSchema,
  notificationPreferencesSchema,
  notificationSchema,
  preferencesResponseSchema,
} from '@erepare/shared/schemas/notifications';
import { z } from '@erepare/shared/zod';
import { notifications } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { requireUser } from '../../plugins/auth.js';
import {
  deleteNotifications,
  listNotifications,
  markRead,
  notifyUser,
  preferencesOf,
  savePreferences,
  toNotificationView,
  unreadCount,
} from './service.js';
import { deviceTypeOf, parseSubscription, subscribe, unsubscribe } from './subscriptions.js';

/** Test notifications one user may send per 10 minutes (each is stored and pushed to every browser). */
export const NOTIFICATION_TEST_LIMIT = { name: 'notification-test', limit: 10, windowMs: 10 * 60_000 };
/** Subscriptions one user may (re)send per 10 minutes (a browser sends one per page load at most). */
export const NOTIFICATION_SUBSCRIBE_LIMIT = { name: 'notification-subscribe', limit: 60, windowMs: 10 * 60_000 };

/** The answer of the actions on notifications: the new unread count keeps the bell's badge right. */
export const notificationActionResponseSchema = z.object({ success: z.literal(true), message: z.string(), unread: z.number().int() });

const idParams = z.object({ id: z.string().max(20) });

const testBodySchema = z
  .object({
    title: z.string().max(200).optional(),
    message: z.string().max(1000).optional(),
    urgent: z.boolean().optional(),
    /** The kind the test stands for (issue 22 §3.8): it is filed, and shown, under that type. */
    type: z.enum(NOTIFICATION_TYPES, { error: 'Type de notification invalide (ticket, promo, store ou flash)' }).optional(),
  })
  .optional();

const unsubscribeBodySchema = z.object({ endpoint: z.string().max(2000) });

const notFound = () => new AppError('NOTIFICATION_NOT_FOUND', 404, notificationMessages.notificationNotFound);

/** /api/notifications/**: a signed-in user's own notifications, preferences and Web Push subscriptions. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The id of one of the user's notifications, or the same 404 for anything else (others' ids included). */
  const ownNotificationId = async (userId: number, raw: string): Promise<number> => {
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    if (!id) throw notFound();
    const [row] = await app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return row.id;
  };

  app.get(
    '/api/notifications/vapid-public-key',
    { schema: { response: { 200: z.object({ success: z.literal(true), publicKey: z.string() }) } } },
    async () => ({ success: true as const, publicKey: (await app.push.vapidKeys()).publicKey }),
  );

  app.get(
    '/api/notifications',
    { schema: { querystring: z.object({ filter: notificationFilterSchema.default('all') }), response: { 200: notificationListResponseSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      void reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await listNotifications(app.db, user.id, request.query.filter)) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { response: { 200: notificationActionResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      await markRead(app.db, user.id, 'all');
      return { success: true as const, message: 'Toutes les notifications sont marquées comme lues', unread: 0 };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    { schema: { params: idParams, response: { 200: notificationActionResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      const id = await ownNotificationId(user.id, request.params.id);
      await markRead(app.db, user.id, [id]);
      return { success: true as const, message: 'Notification marquée comme lue', unread: await unreadCount(app.db, user.id) };
    },
  );

  app.delete(
    '/api/notifications/:id',
    { schema: { params: idParams, response: { 200: notificationActionResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      const id = await ownNotificationId(user.id, request.params.id);
      await deleteNotifications(app.db, user.id, [id]);
      return { success: true as const, message: 'Notification supprimée', unread: await unreadCount(app.db, user.id) };
    },
  );

  app.delete('/api/notifications', { schema: { response: { 200: notificationActionResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    await deleteNotifications(app.db, user.id, 'all');
    return { success: true as const, message: 'Notifications supprimées', unread: 0 };
  });

  app.get('/api/notifications/preferences', { schema: { response: { 200: preferencesResponseSchema } } }, async (request, reply) => {
    const { user } = await requireUser(request);
    void reply.header('cache-control', 'private, no-store');
    return { success: true as const, data: await preferencesOf(app.db, user.id) };
  });

  app.put(
    '/api/notifications/preferences',
    { schema: { body: notificationPreferencesSchema.partial(), response: { 200: preferencesResponseSchema.extend({ message: z.string() }) } } },
    async (request) => {
      const { user } = await requireUser(request);
      return { success: true as const, data: await savePreferences(app.db, user.id, request.body), message: 'Préférences enregistrées' };
    },
  );

  // The body is checked by parseSubscription (one message, 'Abonnement push invalide', whatever is wrong).
  app.post(
    '/api/notifications/subscribe',
    { schema: { response: { 200: z.object({ success: z.literal(true), message: z.string() }) } } },
    async (request) => {
      const { user } = await requireUser(request);
      await hitRateLimit(app.db, NOTIFICATION_SUBSCRIBE_LIMIT, `user:${user.id}`);
      const subscription = parseSubscription(request.body, !app.config.pushAllowLocalEndpoints);
      const userAgent = request.headers['user-agent'];
      await subscribe(app.db, user.id, subscription, { userAgent, deviceType: deviceTypeOf(userAgent) });
      return { success: true as const, message: notificationMessages.enabled };
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    { schema: { body: unsubscribeBodySchema, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } } },
    async (request) => {
      const { user } = await requireUser(request);
      await unsubscribe(app.db, user.id, request.body.endpoint);
      return { success: true as const, message: notificationMessages.disabled };
    },
  );

  app.post(
    '/api/notifications/test',
    {
      schema: {
        body: testBodySchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), data: notificationSchema, pushesQueued: z.number().int() }),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await hitRateLimit(app.db, NOTIFICATION_TEST_LIMIT, `user:${user.id}`);
      const body = request.body ?? {};
      const title = body.title?.trim() || 'Notification de test';
      const message = body.message?.trim() || 'Ceci est une notification de test\u00a0: tout fonctionne.';
      // The user's own test, of the type asked for (store news by default), shown whatever the preferences.
      const result = await app.db.transaction((tx) =>
        notifyUser(
          tx,
          user.id,
          { type: body.type ?? 'store', title, body: message, requireInteraction: body.urgent === true, data: { source: 'test' } },
          { ignorePreferences: true },
        ),
      );
      if (!result.notification) throw new AppError('NOTIFICATION_FAILED', 503, notificationMessages.manageError);
      app.push.kick();
      return {
        success: true as const,
        message: result.pushesQueued > 0 ? 'Notification de test envoyée' : 'Notification de test enregistrée (aucun appareil abonné aux notifications push)',
        data: toNotificationView(result.notification),
        pushesQueued: result.pushesQueued,
      };
    },
  );
};
