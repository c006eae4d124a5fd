import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages as texts } from '@erepare/shared/messages';
import { contactRequestSchema, contactResponseSchema } from '@erepare/shared/schemas/contact';
import { clientAddressKey, hitRateLimit } from '../../lib/rate-limit.js';
import { createUploadGuard } from '../../lib/upload-guard.js';
import { CONTACT_ATTEMPT_LIMIT, submitContactMessage } from './service.js';

/** 5 photos of 10 MB in base64 (~70 MB) plus the text fields (spec 3 §7: 5 × 10 MB). */
export const CONTACT_BODY_LIMIT = 72 * 1024 * 1024;
/** Large contact bodies this instance reads at once; the next one gets a 503 with Retry-After. */
export const CONTACT_MAX_UPLOADS_IN_FLIGHT = 4;
/** Bodies below this size (a message without photos) are not counted as uploads. */
const SMALL_BODY_BYTES = 64 * 1024;

/** POST /api/email-simple/contact: the contact form (spec 3 §7). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = createUploadGuard({ maxInFlight: CONTACT_MAX_UPLOADS_IN_FLIGHT, message: texts.busy, minBytes: SMALL_BODY_BYTES });
  app.post(
    '/api/email-simple/contact',
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      schema: { body: contactRequestSchema, response: { 200: contactResponseSchema } },
      // Before the body is read: every attempt counts (valid or not), then an upload slot is taken.
      onRequest: [
        async (request) => hitRateLimit(app.db, CONTACT_ATTEMPT_LIMIT, clientAddressKey(request.ip), texts.rateLimited),
        uploads.acquire,
      ],
      onResponse: uploads.release,
      onRequestAbort: uploads.release,
    },
    async (request) => {
      const { name, email, phone, subject, message, images } = request.body;
      // A message held by the site-wide valve gets the same answer: the visitor is never refused for
      // what others sent.
      await submitContactMessage(app.db, app.mail, { name, email, phone, subject, message, images }, request.ip, request.log);
      return { success: true as const, message: texts.success };
    },
  );
};
