import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages as texts, messages } from '@erepare/shared/messages';
import { CONTACT_MAX_IMAGE_BYTES, CONTACT_MAX_IMAGES, contactRequestSchema, contactResponseSchema } from '@erepare/shared/schemas/contact';
import { isMultipartRequest, readImageForm, refuseOversizedForm, setBodyToValidate, uploadedImagesSchema, type ImageFormRules } from '../../lib/image-form.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { createUploadGuard } from '../../lib/upload-guard.js';
import { CONTACT_ATTEMPT_LIMIT, submitContactMessage } from './service.js';

/**
 * A JSON body holds the text fields only (the longest, the 5000-character message, is at most
 * 20 KB in UTF-8): photos come as files of a multipart form, never inside JSON.
 */
export const CONTACT_JSON_BODY_LIMIT = 32 * 1024;
/** Photo uploads this instance reads at once; the next one gets a 503 with Retry-After. */
export const CONTACT_MAX_UPLOADS_IN_FLIGHT = 4;
/** Bodies below this size (a message without photos) are not counted as uploads. */
const SMALL_BODY_BYTES = 64 * 1024;

/** The multipart form: 5 photos of 10 MB (spec 3 §7), and the text fields. */
export const CONTACT_FORM_RULES: ImageFormRules = {
  fileField: 'images',
  maxFiles: CONTACT_MAX_IMAGES,
  maxFileBytes: CONTACT_MAX_IMAGE_BYTES,
  maxFields: 10,
  maxFieldBytes: 32 * 1024,
  messages: { tooManyFiles: texts.tooManyImages, fileTooLarge: texts.imageTooLarge, invalidImage: texts.imageInvalid },
};

/** The body the route validates: the text fields, and the photos read from the form. */
const contactBodySchema = contactRequestSchema.extend({
  images: uploadedImagesSchema(CONTACT_MAX_IMAGES, texts.tooManyImages, texts.imageInvalid),
});

/** POST /api/email-simple/contact: the contact form (spec 3 §7), as JSON or as a multipart form with photos. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only in this plugin's scope; the limits are CONTACT_FORM_RULES (see readImageForm).
  await app.register(fastifyMultipart, { limits: { fileSize: CONTACT_MAX_IMAGE_BYTES, files: CONTACT_MAX_IMAGES } });
  const uploads = createUploadGuard({
    maxInFlight: CONTACT_MAX_UPLOADS_IN_FLIGHT,
    message: texts.busy,
    minBytes: SMALL_BODY_BYTES,
    expiry: { ...app.config.uploads, message: messages.http.uploadTooSlow },
  });
  app.post(
    '/api/email-simple/contact',
    {
      bodyLimit: CONTACT_JSON_BODY_LIMIT,
      schema: { body: contactBodySchema, response: { 200: contactResponseSchema } },
      // Before the body is read: every attempt counts (valid or not), an oversized form is
      // refused, then an upload slot is taken.
      onRequest: [
        async (request) => hitRateLimit(app.db, CONTACT_ATTEMPT_LIMIT, request.client, texts.rateLimited),
        async (request) => refuseOversizedForm(request, CONTACT_FORM_RULES),
        uploads.acquire,
      ],
      // A form is read here, as it arrives, and handed to the schema as the body.
      preValidation: async (request) => {
        if (!isMultipartRequest(request)) return;
        const { fields, images } = await readImageForm(request, CONTACT_FORM_RULES, uploads.signal(request));
        setBodyToValidate(request, { ...fields, images });
      },
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
