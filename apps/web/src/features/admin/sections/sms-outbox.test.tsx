import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboxSection } from './outbox';
import { displayNumber } from './sms-outbox';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn(), notify: vi.fn() }));
vi.mock('../../../lib/toast', () => toast);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const failed = {
  id: 7,
  kind: 'ready_for_pickup',
  to: '+33611223344',
  body: 'E.repare : votre appareil (T-1234) est disponible au retrait en boutique.',
  status: 'failed',
  attempts: 10,
  lastError: 'crédits SMS Brevo épuisés — HTTP 402',
  providerRef: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  sentAt: null,
  nextAttemptAt: '2026-11-28T12:00:00.000Z',
};

function setup(enabled = true) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/admin/sms-outbox?')) return json({ success: true, data: enabled ? [failed] : [], pagination: { page: 1, pageSize: 20, total: enabled ? 1 : 0 }, enabled });
      if (url === '/api/admin/sms-outbox/7/retry') return json({ success: true, message: 'SMS remis dans la file.', data: { ...failed, status: 'pending', attempts: 9 } });
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin-dashboard?section=e-mails&canal=sms']}>
        <OutboxSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('Administration → E-mails → SMS', () => {
  it('lists the SMS with number, state and error, and sends a failed one again', async () => {
    const user = userEvent.setup();
    const calls = setup();
    expect(screen.getByRole('link', { name: 'SMS' })).toHaveAttribute('aria-current', 'page');
    const row = (await screen.findByText(failed.body)).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('06 11 22 33 44')).toBeInTheDocument();
    expect(cells.getByText('Appareil prêt')).toBeInTheDocument();
    expect(cells.getByText('Échec')).toBeInTheDocument();
    expect(cells.getByText('crédits SMS Brevo épuisés — HTTP 402')).toBeInTheDocument();
    await user.click(cells.getByRole('button', { name: 'Renvoyer le SMS n° 7 au 06 11 22 33 44' }));
    await waitFor(() => expect(calls).toContain('POST /api/admin/sms-outbox/7/retry'));
    expect(toast.toastSuccess).toHaveBeenCalledWith('SMS remis dans la file.');
  });

  it('says when SMS is not configured', async () => {
    setup(false);
    expect(await screen.findByText(/Les SMS ne sont pas configurés/)).toBeInTheDocument();
    expect(screen.getByText('Aucun SMS pour ce filtre.')).toBeInTheDocument();
  });

  it('shows French mobile numbers as they are written in France', () => {
    expect(displayNumber('+33611223344')).toBe('06 11 22 33 44');
    expect(displayNumber('+32470123456')).toBe('+32470123456');
  });
});
