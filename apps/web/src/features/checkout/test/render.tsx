import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from '../../../components/ui/toaster';
import { vi } from 'vitest';
import { CART_STORAGE_KEY, type CartItem } from '@erepare/shared/cart';

/** Test helpers of checkout (imported by tests only). */

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const failure = (message: string, status: number, extra: Record<string, unknown> = {}) =>
  json({ success: false, message, statusCode: status, ...extra }, status);

type Handler = (body: unknown, url: string) => Response | Promise<Response>;

/**
 * Stubs fetch with one handler per "METHOD /path" or "/path" (any method); other paths answer 404.
 * A visitor by default: verify-session answers 401. Returns the bodies sent, by path.
 */
export function stubApi(routes: Record<string, Handler>) {
  const sent: Record<string, unknown[]> = {};
  const all: Record<string, Handler> = {
    '/api/auth/verify-session': () => failure('Non connecté', 401),
    ...routes,
  };
  const mock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0] ?? url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    (sent[path] ??= []).push(body);
    const handler = all[`${method} ${path}`] ?? all[path];
    if (!handler) return failure('Point d’accès API introuvable', 404);
    return handler(body, url);
  });
  vi.stubGlobal('fetch', mock);
  return { mock, sent };
}

export function seedCart(items: CartItem[]): void {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders a page at an address in StrictMode with its own query cache; other paths show where we landed. */
export function renderAt(ui: ReactElement, path: string, routePath = path.split('?')[0] ?? '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, router, client };
}
