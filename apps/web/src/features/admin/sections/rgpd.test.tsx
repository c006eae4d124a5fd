import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RgpdSection } from './rgpd';

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
      calls.push({ url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      if (url.startsWith('/api/admin/rgpd/export')) return json({ success: true, data: { email: 'lea@exemple.fr', orders: [] } });
      if (url === '/api/admin/rgpd/erase')
        return json({ success: true, message: 'Données effacées.', data: { accounts: 1, contactMessages: 2, quoteRequests: 0, ordersMinimised: 1, customersOptedOut: 1, estimates: 0, bookings: 0, smsMessages: 0 } });
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  const created: Blob[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (created.push(blob), 'blob:x')), revokeObjectURL: vi.fn() }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RgpdSection />
    </QueryClientProvider>,
  );
  return { calls, created };
}

describe('RgpdSection', () => {
  it('downloads the export of an address as a JSON file', async () => {
    const user = userEvent.setup();
    const { calls, created } = setup();
    const exportForm = screen.getByRole('form', { name: 'Droit d’accès et de portabilité' });
    await user.click(within(exportForm).getByRole('button', { name: 'Télécharger ses données' }));
    expect(await within(exportForm).findByText('Adresse e-mail invalide')).toBeInTheDocument();
    await user.type(within(exportForm).getByLabelText('Adresse e-mail de la personne'), 'Lea@Exemple.fr');
    await user.click(within(exportForm).getByRole('button', { name: 'Télécharger ses données' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/admin/rgpd/export?email=lea%40exemple.fr');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
      reader.readAsText(created[0]!);
    });
    expect(JSON.parse(text)).toEqual({ email: 'lea@exemple.fr', orders: [] });
    expect(toast.toastSuccess).toHaveBeenCalled();
  });

  it('erases only after the address is typed twice and the dialog confirmed, then says what was erased', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    const eraseForm = screen.getByRole('form', { name: 'Droit à l’effacement' });
    await user.type(within(eraseForm).getByLabelText('Adresse e-mail de la personne'), 'lea@exemple.fr');
    await user.type(within(eraseForm).getByLabelText('Recopiez l’adresse pour confirmer'), 'leo@exemple.fr');
    await user.click(within(eraseForm).getByRole('button', { name: 'Effacer ses données' }));
    expect(await within(eraseForm).findByText('Recopiez exactement l’adresse e-mail pour confirmer l’effacement.')).toBeInTheDocument();
    await user.clear(within(eraseForm).getByLabelText('Recopiez l’adresse pour confirmer'));
    await user.type(within(eraseForm).getByLabelText('Recopiez l’adresse pour confirmer'), 'lea@exemple.fr');
    await user.click(within(eraseForm).getByRole('button', { name: 'Effacer ses données' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Effacer les données de cette personne\u00a0?' });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Effacer définitivement' }));
    expect(await within(eraseForm).findByText('2 messages supprimés')).toBeInTheDocument();
    expect(calls[0]).toEqual({ url: '/api/admin/rgpd/erase', body: { email: 'lea@exemple.fr', confirmEmail: 'lea@exemple.fr' } });
  });
});
