import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { NotificationView } from '@erepare/shared/schemas/notifications';
import type { NotificationList } from '../api/notifications-api';

export { jsonResponse, sessionUser } from '../../account/components/dashboard/test/fixtures';
export { on, stubApi, type Route } from '../../account/components/dashboard/test/render';

let nextId = 1;

export function notification(overrides: Partial<NotificationView> = {}): NotificationView {
  const id = overrides.id ?? nextId++;
  return {
    id,
    timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    read: false,
    title: `Notification ${id}`,
    body: 'Texte de la notification',
    type: 'store',
    ticketId: null,
    data: {},
    ticketData: null,
    icon: '/icons/icon-192.png',
    requireInteraction: false,
    ...overrides,
  };
}

export function listBody(data: NotificationView[], unread = data.filter((item) => !item.read).length): NotificationList & { success: true } {
  return { success: true, data, unread, total: data.length };
}

export function renderWithClient(element: ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '*', element },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}
