import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { estimateMessages } from '@erepare/shared/estimates';
import {
  accountEstimateDecisionSchema,
  accountEstimateListResponseSchema,
  adminEstimateListResponseSchema,
  adminEstimateResponseSchema,
  estimateCreateSchema,
  estimateDecisionResponseSchema,
  estimateDecisionSchema,
  estimateDraftQuerySchema,
  estimateDraftResponseSchema,
  estimateIdParamsSchema,
  estimateLinkQuerySchema,
  estimateLinkViewResponseSchema,
  estimateListQuerySchema,
  estimateReviseSchema,
  type PublicEstimate,
} from '@erepare/shared/schemas/estimates';
import type { EstimateLinkPage } from '@erepare/shared/web-context';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import { renderPdf } from '../pdf/render.js';
import { kickPush } from '../tracking/service.js';
import { buildEstimatePdf } from './pdf.js';
import { getStoreProfile } from '../settings/store-profile.js';
import {
  accountEstimate,
  accountEstimates,
  applyDecisionEffects,
  createEstimate,
  decideByLink,
  decideForAccount,
  estimateDraft,
  estimateForLink,
  estimateOwnerOf,
  estimateTexts,
  getEstimate,
  listEstimates,
  reviseEstimate,
  viewEstimateLink,
  withdrawEstimate,
  type DecisionEffects,
  type EstimateContext,
} from './service.js';

/** Opens of an estimate link (page, PDF, decision) one client may make per minute: a customer needs a few; guessing tokens is stopped. */
export const ESTIMATE_LINK_LIMIT = { name: 'estimate-links', limit: 30, windowMs: 60_000 };

function contextOf(app: FastifyInstance): EstimateContext {
  return { db: app.db, backend: app.repair.backend, publicUrl: app.config.publicUrl, sms: app.sms };
}

/**
 * The estimate page's first paint, rendered on the server (issue 24 §1): what
 * `GET /api/estimate-links/view` answers, under the same limit, or its French refusal.
 */
export async function estimateLinkForPage(app: FastifyInstance, token: string, client: string): Promise<EstimateLinkPage> {
  const query = estimateLinkQuerySchema.safeParse({ token });
  if (!query.success) return { ok: false, status: 404, message: estimateMessages.unknown };
  try {
    await hitRateLimit(app.db, ESTIMATE_LINK_LIMIT, client, estimateMessages.rateLimited);
    return { ok: true, view: await viewEstimateLink(contextOf(app), query.data.token) };
  } catch (error) {
    if (error instanceof AppError && error.httpStatus < 500) return { ok: false, status: error.httpStatus, message: error.message };
    throw error;
  }
}

/** After a commit: the outboxes' jobs send now rather than at their next round. */
function kickAll(app: FastifyInstance) {
  app.mail.kick();
  app.sms.kick();
  kickPush(app);
}

async function afterDecision(app: FastifyInstance, effects: DecisionEffects, log: { warn: (obj: object, msg: string) => void }) {
  kickAll(app);
  if (!effects.decided) return;
  await applyDecisionEffects(contextOf(app), effects, log);
  kickAll(app);
}

/**
 * Estimates (issue 24 §1):
 * - staff, `/api/admin/estimates…`: the admin guard in `onRequest` (401/403 before the body);
 * - the customer's secret link, `/api/estimate-links/…`: no account, rate-limited per client,
 *   personal (never cached); an unknown token learns nothing;
 * - the account, `/api/account/estimates…`: the one ownership rule (the user's linked customer).
 */
export const estimateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminEstimateRoutes);

  const linkGuard = { onRequest: [async (request: { client: string }) => hitRateLimit(app.db, ESTIMATE_LINK_LIMIT, request.client, estimateMessages.rateLimited)] };

  app.get(
    '/api/estimate-links/view',
    { config: { personal: true }, ...linkGuard, schema: { querystring: estimateLinkQuerySchema, response: { 200: estimateLinkViewResponseSchema } } },
    async (request) => ({ success: true as const, data: await viewEstimateLink(contextOf(app), request.query.token) }),
  );

  app.get('/api/estimate-links/pdf', { config: { personal: true }, ...linkGuard, schema: { querystring: estimateLinkQuerySchema } }, async (request, reply) => {
    const estimate = await estimateForLink(contextOf(app), request.query.token);
    return sendEstimatePdf(app, reply, estimate);
  });

  app.post(
    '/api/estimate-links/decision',
    { config: { personal: true }, ...linkGuard, schema: { body: estimateDecisionSchema, response: { 200: estimateDecisionResponseSchema } } },
    async (request) => {
      const { outcome, effects } = await decideByLink(contextOf(app), { ...request.body, ip: request.ip });
      await afterDecision(app, effects, request.log);
      return { success: true as const, message: messageOf(outcome), data: outcome };
    },
  );

  app.get('/api/account/estimates', { schema: { response: { 200: accountEstimateListResponseSchema } } }, async (request) => {
    const session = await requireUser(request);
    return { success: true as const, data: await accountEstimates(contextOf(app), estimateOwnerOf(session.user)) };
  });

  app.get('/api/account/estimates/:id/pdf', { config: { personal: true }, schema: { params: estimateIdParamsSchema } }, async (request, reply) => {
    const session = await requireUser(request);
    const estimate = await accountEstimate(contextOf(app), estimateOwnerOf(session.user), request.params.id);
    return sendEstimatePdf(app, reply, estimate);
  });

  app.post(
    '/api/account/estimates/:id/decision',
    { schema: { params: estimateIdParamsSchema, body: accountEstimateDecisionSchema, response: { 200: estimateDecisionResponseSchema } } },
    async (request) => {
      const session = await requireUser(request);
      const { outcome, effects } = await decideForAccount(contextOf(app), estimateOwnerOf(session.user), request.params.id, { ...request.body, ip: request.ip });
      await afterDecision(app, effects, request.log);
      return { success: true as const, message: messageOf(outcome), data: outcome };
    },
  );
};

async function sendEstimatePdf(app: FastifyInstance, reply: FastifyReply, estimate: PublicEstimate) {
  const model = buildEstimatePdf(estimate, await getStoreProfile(app.db));
  const bytes = await renderPdf(model);
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${model.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .type('application/pdf')
    .send(bytes);
}

function messageOf(outcome: { status: 'accepted' | 'declined'; recorded: boolean }): string {
  if (outcome.recorded) return outcome.status === 'accepted' ? estimateMessages.accepted : estimateMessages.declined;
  return outcome.status === 'accepted' ? estimateMessages.alreadyAccepted : estimateMessages.alreadyDeclined;
}

const adminEstimateRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: the admin guard applies to this plugin's routes only, before any validation.
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.get('/api/admin/estimates', { schema: { querystring: estimateListQuerySchema, response: { 200: adminEstimateListResponseSchema } } }, async (request) => {
    const result = await listEstimates(app.db, request.query);
    return { success: true as const, data: result.items, pagination: { page: result.page, pageSize: result.pageSize, total: result.total } };
  });

  app.get('/api/admin/estimates/draft', { schema: { querystring: estimateDraftQuerySchema, response: { 200: estimateDraftResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await estimateDraft(contextOf(app), request.query),
  }));

  app.get('/api/admin/estimates/:id', { schema: { params: estimateIdParamsSchema, response: { 200: adminEstimateResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await getEstimate(app.db, request.params.id),
  }));

  app.post('/api/admin/estimates', { schema: { body: estimateCreateSchema, response: { 201: adminEstimateResponseSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const estimate = await createEstimate(contextOf(app), request.body, admin);
    kickAll(app);
    return reply.code(201).send({ success: true as const, message: estimateTexts.created(estimate.estimateNumber), data: estimate });
  });

  app.post('/api/admin/estimates/:id/revise', { schema: { params: estimateIdParamsSchema, body: estimateReviseSchema, response: { 201: adminEstimateResponseSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const estimate = await reviseEstimate(contextOf(app), request.params.id, request.body, admin);
    kickAll(app);
    return reply.code(201).send({ success: true as const, message: estimateTexts.revised(estimate.estimateNumber, estimate.supersedes?.estimateNumber ?? ''), data: estimate });
  });

  app.post('/api/admin/estimates/:id/withdraw', { schema: { params: estimateIdParamsSchema, response: { 200: adminEstimateResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const estimate = await withdrawEstimate(contextOf(app), request.params.id, admin);
    return { success: true as const, message: estimateTexts.withdrawn(estimate.estimateNumber), data: estimate };
  });
};
