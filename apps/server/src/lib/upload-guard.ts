import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export type UploadExpiry = {
  /** How often the progress of an upload is measured. */
  checkIntervalMs: number;
  /** The slowest average an upload may have between two measures; slower, its slot expires. */
  minBytesPerSecond: number;
  /** The French message of the 408 that ends an expired upload. */
  message: string;
};

export type UploadGuardOptions = {
  /** Large uploads this instance reads at the same time; the next one gets a 503. */
  maxInFlight: number;
  /** The French message of the 503. */
  message: string;
  retryAfterSeconds?: number;
  /** Requests declaring a smaller Content-Length are not counted (a missing length counts). */
  minBytes?: number;
  /**
   * Without it, a client that opens an upload and then sends nothing (or a byte now and then)
   * keeps its slot for as long as the connection lives: four of them and every upload gets a
   * 503. With it, a slot whose upload falls below the minimum rate is released and the upload
   * is ended (see `signal`).
   */
  expiry?: UploadExpiry;
};

export type UploadGuard = {
  /** Route `onRequest` hook: takes a slot before the body is read, or answers 503 + Retry-After. */
  acquire: (request: FastifyRequest) => Promise<void>;
  /** Route `onResponse` and `onRequestAbort` hook: gives the slot back (once, whichever comes first). */
  release: (request: FastifyRequest) => Promise<void>;
  /**
   * Aborted (with a 408 AppError as its reason) when the request's slot expires: the code reading
   * the body races its reads against it, so the request ends with the French 408 and the
   * connection is closed. Undefined when the request holds no slot.
   */
  signal: (request: FastifyRequest) => AbortSignal | undefined;
  readonly inFlight: number;
};

type Slot = { controller: AbortController; timer: ReturnType<typeof setInterval> | undefined };

/** Bytes this request's connection has received so far (headers included; the difference is what counts). */
function bytesRead(request: FastifyRequest): number {
  const socket = request.raw.socket as { bytesRead?: unknown } | null | undefined;
  return typeof socket?.bytesRead === 'number' ? socket.bytesRead : 0;
}

/** The whole body has arrived: nothing left for a slow client to hold back. */
function bodyReceived(request: FastifyRequest): boolean {
  return request.raw.complete || request.raw.readableEnded;
}

/**
 * Caps the large request bodies (photo uploads) one instance reads at the same time, so a burst
 * of uploads cannot exhaust its memory, and (with `expiry`) takes the slot back from an upload
 * that arrives too slowly. Per instance, in memory: it protects this process, the database rate
 * limits protect the service as a whole.
 */
export function createUploadGuard(options: UploadGuardOptions): UploadGuard {
  const { maxInFlight, message, retryAfterSeconds = 60, minBytes = 0, expiry } = options;
  let inFlight = 0;
  const slots = new WeakMap<FastifyRequest, Slot>();
  // Kept after the slot is freed: a reader that starts late still sees the expiry.
  const signals = new WeakMap<FastifyRequest, AbortSignal>();

  const free = (request: FastifyRequest) => {
    const slot = slots.get(request);
    if (!slot) return;
    slots.delete(request);
    if (slot.timer) clearInterval(slot.timer);
    inFlight -= 1;
  };

  const watch = (request: FastifyRequest, slot: Slot, rules: UploadExpiry) => {
    const minimum = (rules.minBytesPerSecond * rules.checkIntervalMs) / 1000;
    let last = bytesRead(request);
    let lastAt = Date.now();
    slot.timer = setInterval(() => {
      if (bodyReceived(request)) {
        // The rest (storing, mailing) is our own work: the slot stays until the response.
        if (slot.timer) clearInterval(slot.timer);
        slot.timer = undefined;
        return;
      }
      const now = bytesRead(request);
      const at = Date.now();
      // A check that runs late means this process was busy (timers run before the sockets are
      // read): the client is not judged on our own stall, the measure starts again.
      const late = at - lastAt > rules.checkIntervalMs * 1.5;
      lastAt = at;
      if (late || now - last >= minimum) {
        last = now;
        return;
      }
      free(request);
      // "Connection: close": the rest of the body is never read, the socket ends with the answer.
      slot.controller.abort(new AppError('UPLOAD_TOO_SLOW', 408, rules.message, { connection: 'close' }));
    }, rules.checkIntervalMs);
    // A pending check never keeps the process alive (shutdown, tests).
    slot.timer.unref();
  };

  return {
    acquire: async (request) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared < minBytes) return;
      if (inFlight >= maxInFlight) throw new AppError('SERVICE_BUSY', 503, message, { 'retry-after': String(retryAfterSeconds) });
      inFlight += 1;
      const slot: Slot = { controller: new AbortController(), timer: undefined };
      slots.set(request, slot);
      signals.set(request, slot.controller.signal);
      if (expiry) watch(request, slot, expiry);
    },
    release: async (request) => {
      free(request);
    },
    signal: (request) => signals.get(request),
    get inFlight() {
      return inFlight;
    },
  };
}
