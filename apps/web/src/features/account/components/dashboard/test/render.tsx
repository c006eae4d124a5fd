import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import { AccountDashboard } from '../account-dashboard';
import { jsonResponse } from './fixtures';

export type Route = (request: { url: URL; method: string; body: unknown }) => Response | Promise<Response> | undefined;

/**
 * Stubs fetch with a list of routes (first answer wins; an unknown call is a 404 envelope) and
 * returns the calls made, to check what the dashboard asked.
 */
export function stubApi(...routes: Route[]) {
  const calls: { url: URL; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { url, method, body };
    calls.push(request);
    for (const route of routes) {
      const response = await route(request);
      if (response) return response;
    }
    return jsonResponse({ success: false, message: 'Point d’accès API introuvable', statusCode: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

export const on =
  (method: string, path: string | RegExp, answer: (request: { url: URL; body: unknown }) => Response): Route =>
  (request) =>
    request.method === method && (typeof path === 'string' ? request.url.pathname === path : path.test(request.url.pathname)) ? answer(request) : undefined;

export function renderDashboard(user: SessionUser, path = '/compte') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <AccountDashboard user={user} /> }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client, search: () => new URLSearchParams(router.state.location.search) };
}
