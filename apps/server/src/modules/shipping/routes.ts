import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RELAY_SEARCH_DEFAULT_RESULTS,
  RELAY_SEARCH_MAX_RESULTS,
  isRelayPostcode,
  relayMessages,
  relayPointsResponseSchema,
} from '@erepare/shared/relay-points';
import { z } from '@erepare/shared/zod';
import { AppError } from '../../errors.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { relayServiceOf } from './relay-service.js';

/**
 * Relay searches one IP address may make per minute: the picker searches once per postal code
 * typed (debounced), so a buyer needs a few; the limit keeps our Colissimo quota for buyers.
 */
export const RELAY_SEARCH_LIMIT = { name: 'relay-search-ip', limit: 30, windowMs: 60_000 } satisfies RateLimitRule;

/** Query values arrive as strings (or arrays when repeated): read by hand for the spec's own message. */
const querySchema = z.object({
  postalCode: z.unknown().optional(),
  maxResults: z.unknown().optional(),
});

/** 1–20, 10 when absent or not a number (spec 2 §7, §9). */
export function clampMaxResults(value: unknown): number {
  const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return RELAY_SEARCH_DEFAULT_RESULTS;
  return Math.min(RELAY_SEARCH_MAX_RESULTS, Math.max(1, Math.trunc(number)));
}

/**
 * GET /api/colissimo/relay-points?postalCode=&maxResults=10 (spec 2 §7): `{success, message,
 * data}` with Colissimo's field names, nearest first. 404 when Colissimo is not configured (the
 * relay method is not offered then), 400 for a postal code that is not 5 digits (Colissimo is not
 * asked), 503 when Colissimo fails or times out.
 */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/colissimo/relay-points',
    { schema: { querystring: querySchema, response: { 200: relayPointsResponseSchema } } },
    async (request, reply) => {
      const service = relayServiceOf(app.config, app.log);
      if (!service) throw new AppError('RELAY_NOT_CONFIGURED', 404, relayMessages.notConfigured);
      const postalCode = typeof request.query.postalCode === 'string' ? request.query.postalCode.trim() : '';
      if (!isRelayPostcode(postalCode)) throw new AppError('INVALID_POSTCODE', 400, relayMessages.invalidPostcode);
      const maxResults = clampMaxResults(request.query.maxResults);
      await hitRateLimit(app.db, RELAY_SEARCH_LIMIT, request.client, relayMessages.rateLimited);
      let points;
      try {
        points = await service.search(postalCode);
      } catch (error) {
        throw new AppError('RELAY_UNAVAILABLE', 503, relayMessages.loadFailed, {}, error);
      }
      const data = points.slice(0, maxResults);
      // The answer depends on the day (shipping date) and Colissimo's data: a browser keeps it briefly.
      void reply.header('cache-control', 'private, max-age=300');
      return { success: true as const, message: data.length ? relayMessages.found(data.length) : relayMessages.empty, data };
    },
  );
};
