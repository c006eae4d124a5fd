import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '@erepare/shared/schemas/auth';

/** Test helpers of the account's auth screens (imported by tests only). */

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const ok = (message: string) => json({ success: true, message });
export const failure = (message: string, status: number, code?: string) =>
  json({ success: false, message, statusCode: status, ...(code ? { code } : {}) }, status);

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 41,
    email: 'lea.martin@example.fr',
    role: 'customer',
    repairdesk_customer_id: null,
    first_name: 'Léa',
    last_name: 'Martin',
    phone: '0601020304',
    address: '',
    city: 'Arcachon',
    postal_code: '33120',
    email_verified: true,
    ...overrides,
  };
}

type Handler = (body: unknown) => Response | Promise<Response>;

/**
 * Stubs fetch with one handler per API path (the JSON body is parsed for the handler); any other
 * path answers 404. Returns the mock and the bodies sent, by path.
 */
export function stubApi(routes: Record<string, Handler>) {
  const sent: Record<string, unknown[]> = {};
  const mock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0] ?? url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    (sent[path] ??= []).push(body);
    const handler = routes[path];
    if (!handler) return failure('Point d’accès API introuvable', 404);
    return handler(body);
  });
  vi.stubGlobal('fetch', mock);
  return { mock, sent };
}

/** A promise the test settles itself (to see pending states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Renders a screen at an address in StrictMode (effects run twice), with its own query cache. */
export function renderAt(ui: ReactElement, path = '/compte') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, router, client };
}
