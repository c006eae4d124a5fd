import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { jsonResponse, type ApiRoute } from './shop-fixtures';

/** Stubs fetch with routes (first answer wins; anything else is a 404) and records the calls. */
export function stubShopApi(...routes: ApiRoute[]) {
  const calls: { url: URL; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { url, method, body };
    calls.push(request);
    for (const answer of routes) {
      const response = await answer(request);
      if (response) return response;
    }
    return jsonResponse({ success: false, message: 'Point d’accès API introuvable' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** Renders a page at `path` under `pattern`, with a fresh query cache and a memory router. */
export function renderPage(element: ReactElement, { path, pattern = '*' }: { path: string; pattern?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client, search: () => new URLSearchParams(router.state.location.search) };
}
