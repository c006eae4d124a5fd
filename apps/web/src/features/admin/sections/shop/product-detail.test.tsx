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

/**
 * The product form's « TVA » (issue 22 §1): the rate each new order line copies. With the
 * RepairDesk backend: RepairDesk's fields shown as text, the shop's own ones editable.
 */

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

/** The same product when the inventory is RepairDesk's: 3 there, one sold on the site not yet applied. */
const repairDeskProduct: AdminProductDetail = {
  ...product,
  salePriceCents: 29900,
  stock: 2,
  reservedQuantity: 1,
  repairDeskQuantity: 3,
  description: 'Écran d’origine\nBatterie neuve',
  orderLineCount: 1,
  source: 'repairdesk',
  readOnlyFields: ['name', 'sku', 'kind', 'category', 'brand', 'condition', 'description', 'warranty', 'priceCents', 'salePriceCents', 'stock'],
};

function setup(path: string, options: { franchise?: boolean; answer?: (body: Record<string, unknown>) => Response; product?: AdminProductDetail } = {}) {
  const calls: { url: string; method: string; body: Record<string, unknown> | undefined }[] = [];
  let current = options.product ?? product;
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
      if (url.startsWith('/api/admin/products?')) {
        return json({ success: true, data: [current], pagination: { page: 1, pageSize: 20, total: 1 }, ...(current.source ? { source: current.source } : {}) });
      }
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

describe('a RepairDesk product', () => {
  it('shows what RepairDesk owns as text, and saves only the shop fields that changed', async () => {
    const user = userEvent.setup();
    const calls = setup('/admin-dashboard?section=produits&id=7', { product: repairDeskProduct });
    expect(nbsp((await screen.findByText(/viennent de RepairDesk/)).textContent)).toMatch(/^Nom, référence, prix et stock viennent de RepairDesk : modifiez-les dans RepairDesk/);
    // No field for what RepairDesk owns: its values as text.
    for (const label of ['Nom', 'Référence (SKU)', 'Prix TTC (€)', 'Prix soldé TTC (€)', 'Stock disponible', 'Garantie', 'Description']) expect(screen.queryByLabelText(label)).toBeNull();
    const facts = within(screen.getByRole('region', { name: 'Dans RepairDesk' }));
    expect(facts.getByText('iPhone 12 reconditionné')).toBeInTheDocument();
    expect(facts.getByText('IP12-R')).toBeInTheDocument();
    expect(nbsp(facts.getByText(/^299,00/).textContent)).toBe('299,00 € (soldé, au lieu de 329,00 €)');
    expect(facts.getByText('3')).toBeInTheDocument();
    expect(facts.getByText('2 (1 vendu sur le site, pas encore reporté dans RepairDesk)')).toBeInTheDocument();
    // Created and deleted in RepairDesk.
    expect(screen.queryByRole('button', { name: /Supprimer le produit/ })).toBeNull();

    const shop = within(screen.getByRole('region', { name: 'Fiche boutique' }));
    expect(shop.getByLabelText('TVA')).toHaveValue('margin');
    await user.click(shop.getByLabelText('Mis en avant'));
    await user.type(shop.getByLabelText('Description courte'), 'Garanti 12 mois');
    await user.selectOptions(shop.getByLabelText('TVA'), '20');
    await user.click(shop.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toBeDefined());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ featured: true, shortDescription: 'Garanti 12 mois', vatRate: '20' }]);
    // The saved product comes back into the form.
    await waitFor(() => expect(screen.getByLabelText('Mis en avant')).toBeChecked());
    expect(screen.getByLabelText('TVA')).toHaveValue('20');
  });

  it('shows the server’s refusal, and under the franchise never sends the rate', async () => {
    const user = userEvent.setup();
    const calls = setup('/admin-dashboard?section=produits&id=7', {
      product: repairDeskProduct,
      franchise: true,
      answer: () => json({ success: false, statusCode: 409, message: 'RepairDesk gère le nom de ce produit\u00a0: faites ce changement dans RepairDesk.' }, 409),
    });
    const select = await screen.findByLabelText('TVA');
    expect(select).toBeDisabled();
    await user.click(screen.getByLabelText('Masqué de la boutique'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/RepairDesk gère le nom de ce produit/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ hidden: true }]);
  });

  it('in the list: RepairDesk products without « Nouveau produit », and why', async () => {
    setup('/admin-dashboard?section=produits', { product: repairDeskProduct });
    expect(await screen.findByText('iPhone 12 reconditionné')).toBeInTheDocument();
    expect(nbsp(screen.getByText(/viennent de RepairDesk/).textContent)).toContain('les produits se créent et se modifient dans RepairDesk');
    expect(screen.queryByRole('link', { name: /Nouveau produit/ })).toBeNull();
  });

  it('« Nouveau produit » opened by its address says products are created in RepairDesk, and offers no form', async () => {
    const calls = setup('/admin-dashboard?section=produits&id=nouveau', { product: repairDeskProduct });
    expect(await screen.findByRole('heading', { name: 'Nouveau produit' })).toBeInTheDocument();
    expect(nbsp(screen.getByRole('status').textContent)).toContain('les produits se créent dans RepairDesk, le site les reprend sous 5 minutes');
    expect(screen.queryByLabelText('Nom')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Créer le produit' })).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('our own products’ list offers « Nouveau produit »', async () => {
    setup('/admin-dashboard?section=produits');
    expect(await screen.findByRole('link', { name: /Nouveau produit/ })).toBeInTheDocument();
    expect(screen.queryByText(/viennent de RepairDesk/)).toBeNull();
  });
});
