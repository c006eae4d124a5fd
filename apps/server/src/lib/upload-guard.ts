import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export type UploadGuardOptions = {
  /** Large uploads this instance reads at the same time; the next one gets a 503. */
  maxInFlight: number;
  /** The French message of the 503. */
  message: string;
  retryAfterSeconds?: number;
  /** Requests declaring a smaller Content-Length are not counted (a missing length counts). */
  minBytes?: number;
};

export type UploadGuard = {
  /** Route `onRequest` hook: takes a slot before the body is read, or answers 503 + Retry-After. */
  acquire: (request: FastifyRequest) => Promise<void>;
  /** Route `onResponse` and `onRequestAbort` hook: gives the slot back (once, whichever comes first). */
  release: (request: FastifyRequest) => Promise<void>;
  readonly inFlight: number;
};

/**
 * Caps the large request bodies (photos in base64) one instance buffers and parses at the same
 * time, so a burst of uploads cannot exhaust its memory. Per instance, in memory: it protects this
 * process, the database rate limits protect the service as a whole.
 */
export function createUploadGuard(options: UploadGuardOptions): UploadGuard {
  const { maxInFlight, message, retryAfterSeconds = 60, minBytes = 0 } = options;
  let inFlight = 0;
  const holders = new WeakSet<FastifyRequest>();
  return {
    acquire: async (request) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared < minBytes) return;
      if (inFlight >= maxInFlight) throw new AppError('SERVICE_BUSY', 503, message, { 'retry-after': String(retryAfterSeconds) });
      inFlight += 1;
      holders.add(request);
    },
    release: async (request) => {
      if (holders.delete(request)) inFlight -= 1;
    },
    get inFlight() {
      return inFlight;
    },
  };
}
