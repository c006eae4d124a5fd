import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages, quoteMessages as texts } from '@erepare/shared/messages';
import { QUOTE_MAX_PHOTO_BYTES, QUOTE_MAX_PHOTOS, quoteFieldsSchema, quoteResponseSchema, refineQuoteChoices } from '@erepare/shared/schemas/quotes';
import { isMultipartRequest, readImageForm, refuseOversizedForm, setBodyToValidate, uploadedImagesSchema, type ImageFormRules } from '../../lib/image-form.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { createUploadGuard } from '../../lib/upload-guard.js';
import { QUOTE_ATTEMPT_LIMIT, submitQuoteRequest } from './service.js';

/**
 * A JSON body holds the text fields only (the longest, the 2000-character description, is at most
 * 8 KB in UTF-8): photos come as files of a multipart form, never inside JSON.
 */
export const QUOTE_JSON_BODY_LIMIT = 32 * 1024;
/** Photo uploads this instance reads at once; the next one gets a 503 with Retry-After. */
export const QUOTE_MAX_UPLOADS_IN_FLIGHT = 4;
/** Bodies below this size (a request without photos) are not counted as uploads. */
const SMALL_BODY_BYTES = 64 * 1024;

/** The multipart form: 3 photos of 2 MB (spec 3, the upload widget), and the text fields. */
export const QUOTE_FORM_RULES: ImageFormRules = {
  fileField: 'photos',
  maxFiles: QUOTE_MAX_PHOTOS,
  maxFileBytes: QUOTE_MAX_PHOTO_BYTES,
  maxFields: 20,
  maxFieldBytes: 16 * 1024,
  messages: { tooManyFiles: texts.tooManyPhotos, fileTooLarge: texts.photoTooLarge, invalidImage: texts.photoInvalid },
};

/** The body the route validates: the text fields, and the photos read from the form. */
const quoteBodySchema = quoteFieldsSchema
  .extend({ photos: uploadedImagesSchema(QUOTE_MAX_PHOTOS, texts.tooManyPhotos, texts.photoInvalid) })
  .superRefine(refineQuoteChoices);

/**
 * The route's clock (the drop-off day must be from tomorrow on, in Paris). Tests replace `now` to
 * stay clear of midnight; production keeps the real time.
 */
export const quoteClock: { now: () => Date } = { now: () => new Date() };

/** POST /api/quotes: the online quote request (/devis-en-ligne), as JSON or as a multipart form with photos. */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only in this plugin's scope; the limits are QUOTE_FORM_RULES (see readImageForm).
  await app.register(fastifyMultipart, { limits: { fileSize: QUOTE_MAX_PHOTO_BYTES, files: QUOTE_MAX_PHOTOS } });
  const uploads = createUploadGuard({
    maxInFlight: QUOTE_MAX_UPLOADS_IN_FLIGHT,
    message: texts.busy,
    minBytes: SMALL_BODY_BYTES,
    expiry: { ...app.config.uploads, message: messages.http.uploadTooSlow },
  });
  app.post(
    '/api/quotes',
    {
      bodyLimit: QUOTE_JSON_BODY_LIMIT,
      schema: { body: quoteBodySchema, response: { 200: quoteResponseSchema } },
      // Before the body is read: every attempt counts (valid or not), an oversized form is
      // refused, then an upload slot is taken.
      onRequest: [
        async (request) => hitRateLimit(app.db, QUOTE_ATTEMPT_LIMIT, request.client, texts.rateLimited),
        async (request) => refuseOversizedForm(request, QUOTE_FORM_RULES),
        uploads.acquire,
      ],
      // A form is read here, as it arrives, and handed to the schema as the body (the consent
      // box arrives as the text "true").
      preValidation: async (request) => {
        if (!isMultipartRequest(request)) return;
        const { fields, images } = await readImageForm(request, QUOTE_FORM_RULES, uploads.signal(request));
        setBodyToValidate(request, {
          ...fields,
          consent: fields.consent === 'true' || fields.consent === 'on',
          smsConsent: fields.smsConsent === 'true' || fields.smsConsent === 'on',
          photos: images,
        });
      },
      onResponse: uploads.release,
      onRequestAbort: uploads.release,
    },
    async (request) => {
      const { consent: _consent, smsConsent, ...fields } = request.body;
      // Without SMS configured the box is not shown: a consent sent anyway is not stored.
      const input = { ...fields, smsConsent: app.sms.enabled && smsConsent };
      const { reference } = await submitQuoteRequest(app.db, app.mail, input, { ip: request.ip, now: quoteClock.now(), log: request.log });
      return { success: true as const, message: texts.success, reference };
    },
  );
};
