import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.js';
import { registerErrorHandler } from '../plugins/errors.js';
import { signal } from '../test/signals.js';
import { createUploadGuard, type UploadGuard } from './upload-guard.js';

const BUSY = 'Le service est très sollicité. Réessayez dans une minute.';

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * A route whose handler waits until the test lets it finish, to hold uploads in flight.
 * `waiting(n)` resolves once n requests are held in the handler (past the guard).
 */
async function appWithGuard(guard: UploadGuard) {
  const gates: (() => void)[] = [];
  const held = signal();
  const instance = Fastify();
  registerErrorHandler(instance);
  instance.post(
    '/upload',
    { onRequest: guard.acquire, onResponse: guard.release, onRequestAbort: guard.release },
    async () => {
      await new Promise<void>((resolve) => {
        gates.push(resolve);
        held.fire();
      });
      return { ok: true };
    },
  );
  await instance.ready();
  app = instance;
  const waiting = async (count: number) => {
    while (gates.length < count) await held.next();
  };
  return { instance, gates, waiting };
}

describe('createUploadGuard', () => {
  it('answers 503 with Retry-After beyond the cap, and frees the slot once a response is sent', async () => {
    const guard = createUploadGuard({ maxInFlight: 2, message: BUSY });
    const { instance, gates, waiting } = await appWithGuard(guard);
    const send = () => instance.inject({ method: 'POST', url: '/upload', payload: { photo: 'x'.repeat(100) } });
    const first = send();
    const second = send();
    await waiting(2);
    expect(guard.inFlight).toBe(2);

    const refused = await send();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({ success: false, message: BUSY });
    expect(guard.inFlight).toBe(2);

    gates.shift()?.();
    expect((await first).statusCode).toBe(200);
    expect(guard.inFlight).toBe(1);
    const third = send();
    await waiting(2);
    expect(guard.inFlight).toBe(2);
    for (const open of gates.splice(0)) open();
    expect((await second).statusCode).toBe(200);
    expect((await third).statusCode).toBe(200);
    expect(guard.inFlight).toBe(0);
  });

  it('does not count small bodies, and releases a slot only once (abort then response)', async () => {
    const guard = createUploadGuard({ maxInFlight: 1, message: BUSY, minBytes: 1000 });
    const { instance, gates, waiting } = await appWithGuard(guard);
    const big = instance.inject({ method: 'POST', url: '/upload', payload: { photo: 'x'.repeat(2000) } });
    await waiting(1);
    expect(guard.inFlight).toBe(1);
    const small = instance.inject({ method: 'POST', url: '/upload', payload: { note: 'ok' } });
    await waiting(2);
    expect(guard.inFlight).toBe(1);
    for (const open of gates.splice(0)) open();
    expect((await big).statusCode).toBe(200);
    expect((await small).statusCode).toBe(200);
    expect(guard.inFlight).toBe(0);

    // onRequestAbort and onResponse may both run for one request: one release only.
    const request = { headers: {} } as Parameters<UploadGuard['acquire']>[0];
    await guard.acquire(request);
    await guard.release(request);
    await guard.release(request);
    expect(guard.inFlight).toBe(0);
  });

  describe('slot expiry', () => {
    const TOO_SLOW = 'L’envoi est trop lent et a été interrompu. Vérifiez votre connexion et réessayez.';
    /** A request whose connection has received `bytesRead` bytes so far (the test moves it). */
    const fakeRequest = () => {
      const socket = { bytesRead: 1000 };
      const raw = { socket, complete: false, readableEnded: false };
      return { request: { headers: {}, raw } as unknown as Parameters<UploadGuard['acquire']>[0], socket, raw };
    };

    afterEach(() => {
      vi.useRealTimers();
    });

    it('keeps the slot while the upload arrives fast enough, and releases it with a 408 once it stalls', async () => {
      vi.useFakeTimers();
      const guard = createUploadGuard({ maxInFlight: 1, message: BUSY, expiry: { checkIntervalMs: 1000, minBytesPerSecond: 500, message: TOO_SLOW } });
      const { request, socket } = fakeRequest();
      await guard.acquire(request);
      const signal = guard.signal(request);
      expect(guard.inFlight).toBe(1);

      socket.bytesRead += 600;
      vi.advanceTimersByTime(1000);
      expect(signal?.aborted).toBe(false);
      expect(guard.inFlight).toBe(1);

      // 100 bytes in the next second: under 500 B/s.
      socket.bytesRead += 100;
      vi.advanceTimersByTime(1000);
      expect(signal?.aborted).toBe(true);
      expect(signal?.reason).toBeInstanceOf(AppError);
      expect(signal?.reason).toMatchObject({ httpStatus: 408, message: TOO_SLOW, headers: { connection: 'close' } });
      expect(guard.inFlight).toBe(0);
      // The response that follows releases nothing more; the freed slot serves the next upload.
      await guard.release(request);
      expect(guard.inFlight).toBe(0);
      const next = fakeRequest();
      await guard.acquire(next.request);
      expect(guard.inFlight).toBe(1);
      await guard.release(next.request);
    });

    it('does not judge the client on a check that ran late (this process was busy, not the client)', async () => {
      vi.useFakeTimers();
      const guard = createUploadGuard({ maxInFlight: 1, message: BUSY, expiry: { checkIntervalMs: 1000, minBytesPerSecond: 500, message: TOO_SLOW } });
      const { request } = fakeRequest();
      await guard.acquire(request);
      // The event loop was blocked for 5 s: the first check comes late, nothing read meanwhile.
      vi.setSystemTime(Date.now() + 5000);
      vi.advanceTimersByTime(1000);
      expect(guard.signal(request)?.aborted).toBe(false);
      // On time and still nothing: now it is the client.
      vi.advanceTimersByTime(1000);
      expect(guard.signal(request)?.aborted).toBe(true);
      await guard.release(request);
    });

    it('stops watching once the whole body has arrived: the slot stays until the response', async () => {
      vi.useFakeTimers();
      const guard = createUploadGuard({ maxInFlight: 1, message: BUSY, expiry: { checkIntervalMs: 1000, minBytesPerSecond: 500, message: TOO_SLOW } });
      const { request, raw } = fakeRequest();
      await guard.acquire(request);
      raw.complete = true;
      vi.advanceTimersByTime(10_000);
      expect(guard.signal(request)?.aborted).toBe(false);
      expect(guard.inFlight).toBe(1);
      await guard.release(request);
      expect(guard.inFlight).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});

