import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CampaignsSection } from './campaigns';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn(), notify: vi.fn() }));
vi.mock('../../../lib/toast', () => toast);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ url, body });
      if (url.startsWith('/api/admin/campaigns?')) return json({ success: true, data: [], pagination: { page: 1, pageSize: 20, total: 0 } });
      if (url === '/api/admin/campaigns/preview')
        return json({ success: true, data: { recipients: 12, notification: { type: 'promo', title: body?.title, body: body?.body, url: '/boutique', promoCode: body?.code ?? null } } });
      if (url === '/api/admin/campaigns/send')
        return json({
          success: true,
          message: 'Campagne envoyée à 12 clients.',
          data: { id: 1, kind: 'promo', title: 'Soldes', body: 'Texte', code: 'NOEL', url: '/boutique', recipients: 12, pushesQueued: 3, actorEmail: 'a@b.fr', createdAt: new Date().toISOString(), duplicate: false },
        });
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CampaignsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('CampaignsSection', () => {
  it('asks for the preview of the exact content before sending, then confirms with the count', async () => {
    const user = userEvent.setup();
    const calls = setup();
    expect(await screen.findByText('Aucune campagne envoyée pour l’instant.')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Envoyer' });
    expect(send).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Aperçu' }));
    expect(await screen.findByText('Veuillez indiquer un titre')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Titre'), 'Soldes');
    await user.type(screen.getByLabelText('Texte de la notification'), 'Texte');
    await user.type(screen.getByLabelText('Code promo (facultatif)'), 'noel');
    await user.click(screen.getByRole('button', { name: 'Aperçu' }));
    expect(await screen.findByText('12 clients recevront cette notification.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/admin/campaigns/preview')?.body).toEqual({ kind: 'promo', title: 'Soldes', body: 'Texte', code: 'NOEL' });

    // A change after the preview asks for a new one.
    await user.type(screen.getByLabelText('Titre'), ' !');
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    expect(screen.getByText('Le contenu a changé : refaites l’aperçu avant d’envoyer.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Titre'));
    await user.type(screen.getByLabelText('Titre'), 'Soldes');

    await user.click(screen.getByRole('button', { name: 'Envoyer à 12 clients' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Envoyer la campagne à 12 clients\u00a0?' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Campagne envoyée à 12 clients.'));
    expect(calls.find((call) => call.url === '/api/admin/campaigns/send')?.body).toEqual({ kind: 'promo', title: 'Soldes', body: 'Texte', code: 'NOEL', confirmRecipients: 12 });
  });
});
