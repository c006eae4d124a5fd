import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCoreMessages as texts,
  adminIdParamsSchema,
  adminIdSchema,
  adminPageQuerySchema,
  campaignBodySchema,
  campaignListResponseSchema,
  campaignPreviewResponseSchema,
  campaignSendBodySchema,
  campaignSendResponseSchema,
  inboxListQuerySchema,
  inboxMessageResponseSchema,
  inboxMessagesResponseSchema,
  inboxQuoteResponseSchema,
  inboxQuotesResponseSchema,
  inboxReplyBodySchema,
  inboxReplyResponseSchema,
  inboxStatusBodySchema,
  outboxListQuerySchema,
  outboxListResponseSchema,
  outboxMailResponseSchema,
  overviewResponseSchema,
  staffAddBodySchema,
  staffChangeResponseSchema,
  staffListResponseSchema,
} from '@erepare/shared/schemas/admin-core';
import { z } from '@erepare/shared/zod';
import type { FastifyReply } from 'fastify';
import { requireAdmin } from '../../plugins/auth.js';
import { kickPush } from '../tracking/service.js';
import { listCampaigns, previewCampaign, sendCampaign } from './campaigns.js';
import {
  inboxMessage,
  inboxQuote,
  listInboxMessages,
  listInboxQuotes,
  messageAttachment,
  quotePhoto,
  releaseInboxMessage,
  releaseInboxQuote,
  replyToMessage,
  replyToQuote,
  setInboxMessageStatus,
  setInboxQuoteStatus,
  type InboxImage,
} from './inbox.js';
import { listOutboxPage, outboxMail, retryMail } from './outbox.js';
import { adminOverview } from './overview.js';
import { sendGoLiveTestMail } from './go-live.js';
import { goLiveResponseSchema, goLiveTestMailResponseSchema } from '@erepare/shared/schemas/go-live';
import { addStaff, listStaff, removeStaff } from './staff.js';

/**
 * Staff routes under /api/admin (core, issue 9): staff accounts, overview, inbox, mail outbox and
 * campaigns. Every route of this plugin checks the admin role in `onRequest`, before its body or
 * query is validated, so visitors and customers learn nothing of the schemas (401 / 403).
 */

const fileParamsSchema = (name: 'aid' | 'pid') => z.object({ id: adminIdSchema, [name]: adminIdSchema });

/** An uploaded image back to staff: never sniffed, never run, never cached, shown inline. */
function sendImage(reply: FastifyReply, image: InboxImage) {
  return reply
    .header('content-type', image.mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${image.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
}

export const adminCoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  // ─── Staff ─────────────────────────────────────────────────────────────────────────────────────

  app.get('/api/admin/staff', { schema: { response: { 200: staffListResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await listStaff(app.db) };
  });

  app.post('/api/admin/staff', { schema: { body: staffAddBodySchema, response: { 200: staffChangeResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const member = await addStaff(app.db, admin, request.body.email);
    return { success: true as const, message: texts.staffAdded(member.email), data: member };
  });

  app.delete('/api/admin/staff/:id', { schema: { params: adminIdParamsSchema, response: { 200: staffChangeResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const member = await removeStaff(app.db, admin, request.params.id);
    return { success: true as const, message: texts.staffRemoved(member.email), data: member };
  });

  // ─── Overview ──────────────────────────────────────────────────────────────────────────────────

  app.get('/api/admin/overview', { schema: { response: { 200: overviewResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await adminOverview(app.db, app.repair.backend.kind) };
  });

  // ─── Before opening (issue 23 §1) ──────────────────────────────────────────────────────────────

  app.get('/api/admin/go-live', { schema: { response: { 200: goLiveResponseSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
    return { success: true as const, data: await app.goLive() };
  });

  app.post('/api/admin/go-live/test-mail', { schema: { response: { 200: goLiveTestMailResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    return { success: true as const, message: await sendGoLiveTestMail(app, admin) };
  });

  // ─── Inbox: contact messages ───────────────────────────────────────────────────────────────────

  app.get('/api/admin/inbox/messages', { schema: { querystring: inboxListQuerySchema, response: { 200: inboxMessagesResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    const page = await listInboxMessages(app.db, request.query);
    return { success: true as const, data: page.items, pagination: { page: page.page, pageSize: page.pageSize, total: page.total } };
  });

  app.get('/api/admin/inbox/messages/:id', { schema: { params: adminIdParamsSchema, response: { 200: inboxMessageResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await inboxMessage(app.db, request.params.id) };
  });

  app.patch(
    '/api/admin/inbox/messages/:id',
    { schema: { params: adminIdParamsSchema, body: inboxStatusBodySchema, response: { 200: inboxMessageResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return { success: true as const, message: texts.statusSaved, data: await setInboxMessageStatus(app.db, admin, request.params.id, request.body.status) };
    },
  );

  app.post(
    '/api/admin/inbox/messages/:id/reply',
    { schema: { params: adminIdParamsSchema, body: inboxReplyBodySchema, response: { 200: inboxReplyResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const sent = await replyToMessage(app.db, app.mail, admin, request.params.id, request.body);
      return { success: true as const, message: texts.replyQueued(sent.to), data: sent };
    },
  );

  app.post(
    '/api/admin/inbox/messages/:id/release',
    { schema: { params: adminIdParamsSchema, response: { 200: inboxMessageResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const { released, item } = await releaseInboxMessage(app.db, app.mail, admin, request.params.id);
      return { success: true as const, message: released ? texts.messageReleased : texts.notHeld, data: item };
    },
  );

  app.get('/api/admin/inbox/messages/:id/attachments/:aid', { schema: { params: fileParamsSchema('aid') } }, async (request, reply) => {
    await requireAdmin(request);
    const params = request.params as { id: number; aid: number };
    return sendImage(reply, await messageAttachment(app.db, params.id, params.aid));
  });

  // ─── Inbox: quote requests ─────────────────────────────────────────────────────────────────────

  app.get('/api/admin/inbox/quotes', { schema: { querystring: inboxListQuerySchema, response: { 200: inboxQuotesResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    const page = await listInboxQuotes(app.db, request.query);
    return { success: true as const, data: page.items, pagination: { page: page.page, pageSize: page.pageSize, total: page.total } };
  });

  app.get('/api/admin/inbox/quotes/:id', { schema: { params: adminIdParamsSchema, response: { 200: inboxQuoteResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await inboxQuote(app.db, request.params.id) };
  });

  app.patch(
    '/api/admin/inbox/quotes/:id',
    { schema: { params: adminIdParamsSchema, body: inboxStatusBodySchema, response: { 200: inboxQuoteResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return { success: true as const, message: texts.statusSaved, data: await setInboxQuoteStatus(app.db, admin, request.params.id, request.body.status) };
    },
  );

  app.post(
    '/api/admin/inbox/quotes/:id/reply',
    { schema: { params: adminIdParamsSchema, body: inboxReplyBodySchema, response: { 200: inboxReplyResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const sent = await replyToQuote(app.db, app.mail, admin, request.params.id, request.body);
      return { success: true as const, message: texts.replyQueued(sent.to), data: sent };
    },
  );

  app.post(
    '/api/admin/inbox/quotes/:id/release',
    { schema: { params: adminIdParamsSchema, response: { 200: inboxQuoteResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const { released, item } = await releaseInboxQuote(app.db, app.mail, admin, request.params.id);
      return { success: true as const, message: released ? texts.quoteReleased : texts.notHeld, data: item };
    },
  );

  app.get('/api/admin/inbox/quotes/:id/photos/:pid', { schema: { params: fileParamsSchema('pid') } }, async (request, reply) => {
    await requireAdmin(request);
    const params = request.params as { id: number; pid: number };
    return sendImage(reply, await quotePhoto(app.db, params.id, params.pid));
  });

  // ─── Mail outbox ───────────────────────────────────────────────────────────────────────────────

  app.get('/api/admin/outbox', { schema: { querystring: outboxListQuerySchema, response: { 200: outboxListResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    const page = await listOutboxPage(app.db, request.query);
    return { success: true as const, data: page.items, pagination: { page: page.page, pageSize: page.pageSize, total: page.total } };
  });

  app.get('/api/admin/outbox/:id', { schema: { params: adminIdParamsSchema, response: { 200: outboxMailResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await outboxMail(app.db, request.params.id) };
  });

  app.post('/api/admin/outbox/:id/retry', { schema: { params: adminIdParamsSchema, response: { 200: outboxMailResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const mail = await retryMail(app.db, admin, request.params.id);
    app.mail.kick();
    return { success: true as const, message: texts.mailRetried, data: mail };
  });

  // ─── Campaigns ─────────────────────────────────────────────────────────────────────────────────

  app.get('/api/admin/campaigns', { schema: { querystring: adminPageQuerySchema, response: { 200: campaignListResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    const page = await listCampaigns(app.db, request.query);
    return { success: true as const, data: page.items, pagination: { page: page.page, pageSize: page.pageSize, total: page.total } };
  });

  app.post('/api/admin/campaigns/preview', { schema: { body: campaignBodySchema, response: { 200: campaignPreviewResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await previewCampaign(app.db, request.body) };
  });

  app.post('/api/admin/campaigns/send', { schema: { body: campaignSendBodySchema, response: { 200: campaignSendResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const { confirmRecipients, ...campaign } = request.body;
    const outcome = await sendCampaign(app.db, admin, campaign, confirmRecipients);
    if (!outcome.duplicate && outcome.campaign.pushesQueued > 0) kickPush(app);
    return {
      success: true as const,
      message: outcome.duplicate ? texts.campaignAlreadySent : texts.campaignSent(outcome.campaign.recipients),
      data: { ...outcome.campaign, duplicate: outcome.duplicate },
    };
  });
};
