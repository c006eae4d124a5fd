import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationMessages } from '@erepare/shared/notifications';
import { trackedTicketListResponseSchema, trackedTicketSchema } from '@erepare/shared/schemas/notifications';
import { z } from '@erepare/shared/zod';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { requireUser } from '../../plugins/auth.js';
import { addTracked, checkUserTickets, kickPush, listTracked, removeTracked, sendTicketUpdate } from './service.js';
import { followAsVisitor, unfollowAsVisitor } from './visitor.js';

/**
 * /api/notifications/tracked-tickets and /api/notifications/send-ticket-update (spec 1 §4, §5,
 * §7): signed-in users only (401 otherwise). Each one costs the repair backend (RepairDesk allows
 * 50 requests a minute for the whole site), so each is rate-limited per user, across instances.
 */

const addLimit: RateLimitRule = { name: 'tracking-add', limit: 20, windowMs: 60_000 };
const checkLimit: RateLimitRule = { name: 'tracking-check', limit: 6, windowMs: 60_000 };
const sendLimit: RateLimitRule = { name: 'tracking-send-update', limit: 10, windowMs: 60_000 };
/**
 * A visitor's follow: tries per address (IPv6: its /64); the allowance per ticket, which is what
 * makes guessing the 4 digits hopeless, is the service's (FOLLOW_TICKET_DAILY_LIMIT).
 */
const followIpLimit: RateLimitRule = { name: 'visitor-follow-ip', limit: 10, windowMs: 60 * 60_000 };
const unfollowLimit: RateLimitRule = { name: 'visitor-unfollow', limit: 30, windowMs: 60 * 60_000 };

const followBodySchema = z.object({ ticket: z.unknown(), proof: z.unknown(), subscription: z.unknown() }).partial().nullish();
const unfollowBodySchema = z.object({ endpoint: z.unknown(), token: z.unknown() }).partial().nullish();
const followResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ ticketNumber: z.string(), status: z.string(), removalToken: z.string() }),
});

/** Only the ticket is read; a number the browser sends as a number is accepted too. */
const addBodySchema = z
  .object({ ticket: z.unknown(), ticketId: z.unknown(), id: z.unknown() })
  .partial()
  .nullish();

/** Spec 1 §7's body; newStatus, message and customerData are accepted and ignored. */
const sendBodySchema = z
  .object({ ticketId: z.unknown(), newStatus: z.unknown(), message: z.unknown(), customerData: z.unknown() })
  .partial()
  .nullish();

const ticketParamsSchema = z.object({ ticket: z.string().max(100) });

const addResponseSchema = z.object({ success: z.literal(true), data: trackedTicketSchema, message: z.string() });
const removeResponseSchema = z.object({ success: z.literal(true), message: z.string() });
const checkResponseSchema = z.object({ success: z.literal(true), data: z.array(trackedTicketSchema), changes: z.number().int() });
const sendResponseSchema = z.object({ success: z.literal(true), notified: z.boolean() });

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const backend = () => app.repair.backend;

  app.get('/api/notifications/tracked-tickets', { schema: { response: { 200: trackedTicketListResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { success: true as const, data: await listTracked(app.db, user.id) };
  });

  app.post(
    '/api/notifications/tracked-tickets',
    { schema: { body: addBodySchema, response: { 201: addResponseSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await hitRateLimit(app.db, addLimit, String(user.id));
      const body = request.body ?? {};
      const { item, ticketNumber } = await addTracked(app.db, backend(), user.id, body.ticket ?? body.ticketId ?? body.id);
      void reply.status(201);
      return { success: true as const, data: item, message: notificationMessages.ticketAdded(ticketNumber) };
    },
  );

  app.post('/api/notifications/tracked-tickets/check', { schema: { response: { 200: checkResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    await hitRateLimit(app.db, checkLimit, String(user.id));
    const { items, changes, pushes } = await checkUserTickets(app.db, backend(), user.id);
    if (pushes > 0) kickPush(app);
    return { success: true as const, data: items, changes };
  });

  app.delete(
    '/api/notifications/tracked-tickets/:ticket',
    { schema: { params: ticketParamsSchema, response: { 200: removeResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      const ticketNumber = await removeTracked(app.db, user.id, request.params.ticket);
      return { success: true as const, message: notificationMessages.ticketRemoved(ticketNumber) };
    },
  );

  // Public: a visitor without an account (issue 7, beyond the spec).
  app.post('/api/tracking/follow', { schema: { body: followBodySchema, response: { 201: followResponseSchema } } }, async (request, reply) => {
    const body = request.body ?? {};
    await hitRateLimit(app.db, followIpLimit, request.client);
    const result = await followAsVisitor(
      app.db,
      backend(),
      { ticket: body.ticket, proof: body.proof, subscription: body.subscription, userAgent: request.headers['user-agent'] },
      !app.config.pushAllowLocalEndpoints,
    );
    void reply.status(201);
    return { success: true as const, message: result.message, data: { ticketNumber: result.ticketNumber, status: result.status, removalToken: result.removalToken } };
  });

  app.post('/api/tracking/unfollow', { schema: { body: unfollowBodySchema, response: { 200: removeResponseSchema } } }, async (request) => {
    await hitRateLimit(app.db, unfollowLimit, request.client);
    const body = request.body ?? {};
    const { message } = await unfollowAsVisitor(app.db, { endpoint: body.endpoint, token: body.token });
    return { success: true as const, message };
  });

  app.post('/api/notifications/send-ticket-update', { schema: { body: sendBodySchema, response: { 200: sendResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    await hitRateLimit(app.db, sendLimit, String(user.id));
    const { notified, pushes } = await sendTicketUpdate(app.db, backend(), user.id, request.body?.ticketId);
    if (pushes > 0) kickPush(app);
    return { success: true as const, notified };
  });
};
