import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProductDetail } from '@erepare/shared/schemas/admin-shop';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { StoreProfileProvider } from '../../../../lib/store-profile';
import { ProductsSection } from '../products';

/** The product form's « TVA » (issue 22 §1): the rate each new order line copies. */

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const product: AdminProductDetail = {
  id: 7,
  name: 'iPhone 12 reconditionné',
  sku: 'IP12-R',
  kind: 'device',
  category: 'Smartphones',
  brand: 'Apple',
  condition: 'Très bon état',
  priceCents: 32900,
  salePriceCents: null,
  stock: 2,
  featured: false,
  hidden: false,
  imageUrl: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  description: '',
  shortDescription: '',
  warranty: '12 mois',
  images: [],
  reservedQuantity: 0,
  orderLineCount: 0,
  vatRate: 'margin',
};

function setup(path: string, options: { franchise?: boolean; answer?: (body: Record<string, unknown>) => Response } = {}) {
  const calls: { url: string; method: string; body: Record<string, unknown> | undefined }[] = [];
  let current = product;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      calls.push({ url, method, body });
      if (method !== 'GET' && options.answer && body) return options.answer(body);
      if (url === '/api/admin/products' && method === 'POST') {
        current = { ...product, ...body, id: 8 } as AdminProductDetail;
        return json({ success: true, message: 'Produit créé.', data: current }, 201);
      }
      if (url === '/api/admin/products/7' && method === 'PATCH') {
        current = { ...current, ...body, updatedAt: '2026-11-21T10:00:00.000Z' };
        return json({ success: true, message: 'Produit enregistré.', data: current });
      }
      if (url === `/api/admin/products/${current.id}`) return json({ success: true, data: current });
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const profile = options.franchise ? { ...defaultStoreProfile, vatRegime: 'franchise' as const } : defaultStoreProfile;
  const wrap = (children: ReactNode) => (
    <StoreProfileProvider initial={profile}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </StoreProfileProvider>
  );
  render(wrap(<ProductsSection />));
  return calls;
}

const nbsp = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the product form’s « TVA »', () => {
  it('offers the five rates, 20 % by default, and sends the one chosen with a new product', async () => {
    const user = userEvent.setup();
    const calls = setup('/admin-dashboard?section=produits&id=nouveau');
    const select = await screen.findByLabelText('TVA');
    expect(within(select).getAllByRole('option').map((option) => nbsp(option.textContent))).toEqual(['20 %', '10 %', '5,5 %', '0 %', 'TVA sur la marge (biens d’occasion)']);
    expect(select).toHaveValue('20');
    expect(select).toBeEnabled();
    expect(select).toHaveAccessibleDescription(/TVA sur la marge.*appareil d’occasion acheté à un particulier/);

    await user.type(screen.getByLabelText('Nom'), 'Galaxy S21 reconditionné');
    await user.type(screen.getByLabelText('Référence (SKU)'), 'S21-R');
    await user.type(screen.getByLabelText('Prix TTC (€)'), '249');
    await user.selectOptions(select, 'margin');
    await user.click(screen.getByRole('button', { name: 'Créer le produit' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toBeDefined());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ name: 'Galaxy S21 reconditionné', priceCents: 24900, vatRate: 'margin' });
  });

  it('shows the product’s rate and sends only a changed rate', async () => {
    const user = userEvent.setup();
    const calls = setup('/admin-dashboard?section=produits&id=7');
    const select = await screen.findByLabelText('TVA');
    expect(select).toHaveValue('margin');
    await user.selectOptions(select, '20');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toBeDefined());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ vatRate: '20' });
    expect(await screen.findByLabelText('TVA')).toHaveValue('20');
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    setup('/admin-dashboard?section=produits&id=7', {
      answer: () => json({ success: false, statusCode: 400, message: 'Taux de TVA invalide\u00a0: 20, 10, 5.5, 0 ou margin (TVA sur la marge)', errors: [{ path: 'vatRate', message: 'Taux de TVA invalide\u00a0: 20, 10, 5.5, 0 ou margin (TVA sur la marge)' }] }, 400),
    });
    const select = await screen.findByLabelText('TVA');
    await user.selectOptions(select, '10');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText(/Taux de TVA invalide/)).not.toHaveLength(0);
  });

  it('under the franchise: shown, disabled, explained, and never sent', async () => {
    const user = userEvent.setup();
    const calls = setup('/admin-dashboard?section=produits&id=7', { franchise: true });
    const select = await screen.findByLabelText('TVA');
    expect(select).toBeDisabled();
    expect(select).toHaveValue('margin');
    expect(nbsp(screen.getByText(/Franchise en base de TVA/).textContent)).toBe('Franchise en base de TVA (art. 293 B du CGI) : aucune TVA n’est facturée, ce taux ne s’applique pas.');
    await user.type(screen.getByLabelText('Garantie'), ' pièces et main-d’œuvre');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toBeDefined());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ warranty: '12 mois pièces et main-d’œuvre' });
  });
});
