import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from '@erepare/shared/zod';
import { ApiError, apiRequest, loadForRequest, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from './api-client';

const schema = z.object({ success: z.literal(true), value: z.number() });

function respond(body: string, status = 200) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }))));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns the parsed answer and sends JSON with the session cookie', async () => {
    respond(JSON.stringify({ success: true, value: 3 }));
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 }, schema })).resolves.toEqual({ success: true, value: 3 });
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('surfaces the server’s French message and status on an error', async () => {
    respond(JSON.stringify({ success: false, message: 'E-mail ou mot de passe incorrect', statusCode: 401, code: 'INVALID_CREDENTIALS' }), 401);
    const error = await apiRequest('/api/x', { schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'E-mail ou mot de passe incorrect', code: 'INVALID_CREDENTIALS' });
  });

  it('maps a network failure to the spec’s connection message', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/api/x', { schema })).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('maps HTML or an unexpected shape to "service temporarily unavailable"', async () => {
    respond('<html>502</html>', 502);
    await expect(apiRequest('/api/x', { schema })).rejects.toMatchObject({ message: UNAVAILABLE_MESSAGE });
    respond(JSON.stringify({ success: true, value: 'pas un nombre' }));
    await expect(apiRequest('/api/x', { schema })).rejects.toMatchObject({ message: UNAVAILABLE_MESSAGE });
  });
});

describe('loadForRequest', () => {
  it('hands over the module, and turns a module that cannot be fetched into the French network failure', async () => {
    await expect(loadForRequest(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
    const failed = loadForRequest(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/auth-x.js')));
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });
});
