import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteMessages as texts } from '@erepare/shared/messages';
import { quoteRequestSchema, quoteResponseSchema } from '@erepare/shared/schemas/quotes';
import { clientAddressKey, hitRateLimit } from '../../lib/rate-limit.js';
import { createUploadGuard } from '../../lib/upload-guard.js';
import { QUOTE_ATTEMPT_LIMIT, submitQuoteRequest } from './service.js';

/** 3 photos of 2 MB in base64 (~8 MB) plus the text fields. */
export const QUOTE_BODY_LIMIT = 9 * 1024 * 1024;
/** Large quote bodies this instance reads at once; the next one gets a 503 with Retry-After. */
export const QUOTE_MAX_UPLOADS_IN_FLIGHT = 4;
/** Bodies below this size (a request without photos) are not counted as uploads. */
const SMALL_BODY_BYTES = 64 * 1024;

/**
 * The route's clock (the drop-off day must be from tomorrow on, in Paris). Tests replace `now` to
 * stay clear of midnight; production keeps the real time.
 */
export const quoteClock: { now: () => Date } = { now: () => new Date() };

/** POST /api/quotes: the online quote request (/devis-en-ligne). */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = createUploadGuard({ maxInFlight: QUOTE_MAX_UPLOADS_IN_FLIGHT, message: texts.busy, minBytes: SMALL_BODY_BYTES });
  app.post(
    '/api/quotes',
    {
      bodyLimit: QUOTE_BODY_LIMIT,
      schema: { body: quoteRequestSchema, response: { 200: quoteResponseSchema } },
      // Before the body is read: every attempt counts (valid or not), then an upload slot is taken.
      onRequest: [
        async (request) => hitRateLimit(app.db, QUOTE_ATTEMPT_LIMIT, clientAddressKey(request.ip), texts.rateLimited),
        uploads.acquire,
      ],
      onResponse: uploads.release,
      onRequestAbort: uploads.release,
    },
    async (request) => {
      const { consent: _consent, ...input } = request.body;
      const { reference } = await submitQuoteRequest(app.db, app.mail, input, { ip: request.ip, now: quoteClock.now(), log: request.log });
      return { success: true as const, message: texts.success, reference };
    },
  );
};
