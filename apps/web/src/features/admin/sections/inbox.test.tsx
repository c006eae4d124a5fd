import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxMessage } from '@erepare/shared/schemas/admin-core';
import { InboxSection } from './inbox';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn(), notify: vi.fn() }));
vi.mock('../../../lib/toast', () => toast);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const held: InboxMessage = {
  id: 41,
  name: 'Jean Visiteur',
  email: 'jean@exemple.fr',
  phone: '',
  subject: 'Question retenue',
  message: 'Bonjour, une question.',
  status: 'new',
  held: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  attachments: [],
};

function setup() {
  const calls: { url: string; method: string }[] = [];
  let current = held;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      if (url.startsWith('/api/admin/inbox/messages?')) return json({ success: true, data: [current], pagination: { page: 1, pageSize: 20, total: 1 } });
      if (url === '/api/admin/inbox/messages/41/release' && method === 'POST') {
        current = { ...held, held: false };
        return json({ success: true, message: 'Message libéré : il a été transmis à l’adresse de la boutique.', data: current });
      }
      if (url === '/api/admin/inbox/messages/41') return json({ success: true, data: current });
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin-dashboard?section=messages&id=41']}>
        <InboxSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('inbox items held by the site-wide safety valve', () => {
  it('are labelled « Retenu pour vérification » and released by staff', async () => {
    const user = userEvent.setup();
    const calls = setup();
    const detail = await screen.findByRole('region', { name: 'Message n° 41' });
    expect(await within(detail).findByText(/pas encore transmis à l’adresse e-mail de la boutique/)).toBeInTheDocument();
    expect(within(detail).getAllByText('Retenu pour vérification').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Vérification')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Libérer et transmettre à la boutique' }));
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/admin/inbox/messages/41/release', method: 'POST' }));
    expect(toast.toastSuccess).toHaveBeenCalledWith('Message libéré : il a été transmis à l’adresse de la boutique.');
    await waitFor(() => expect(within(detail).queryByRole('button', { name: 'Libérer et transmettre à la boutique' })).not.toBeInTheDocument());
  });
});
