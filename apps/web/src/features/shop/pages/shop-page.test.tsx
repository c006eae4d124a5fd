import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { readPromoDraft } from '../../../lib/cart-store';
import { renderPage, stubShopApi } from '../../../test/render-shop';
import { jsonResponse, listResponse, product, route, visitorRoutes } from '../../../test/shop-fixtures';
import { ShopPage } from './shop-page';

const category = (id: number, name: string, slug: string, count: number) => ({
  id,
  name,
  slug,
  parent: 0,
  description: '',
  display: 'default',
  image: null,
  menu_order: 0,
  count,
});

const categories = route('GET', '/api/shop/products/categories', () =>
  jsonResponse({ success: true, data: [category(1, 'Coques et étuis', 'coques-et-etuis', 4), category(2, 'Vide', 'vide', 0)], fallback: false }),
);
const gateways = route('GET', '/api/shop/payment-gateways', () => jsonResponse({ success: true, data: [] }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShopPage', () => {
  it('asks the server for one page of 12 and shows the product cards with price, sale and stock', async () => {
    const calls = stubShopApi(
      ...visitorRoutes,
      categories,
      gateways,
      route('GET', '/api/shop/products', () =>
        jsonResponse(
          listResponse(
            [
              product({ stock_quantity: 10 }),
              product({ id: 102, name: 'iPhone 12 reconditionné', price: '299.00', regular_price: '399.00', sale_price: '299.00', on_sale: true, stock_quantity: 2 }),
              product({ id: 103, name: 'Câble USB-C', stock_quantity: 0, in_stock: false, stock_status: 'outofstock' }),
            ],
            30,
          ),
        ),
      ),
    );
    renderPage(<ShopPage />, { path: '/boutique' });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('link', { name: 'Coque silicone iPhone 13' })).toHaveAttribute('href', '/produit/101');
    expect(within(cards[0]!).getByText('En stock')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Plus que 2 en stock')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('399,00 €')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Rupture de stock')).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('button', { name: /indisponible/ })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: /30 produits · page 1 sur 3/ })).toBeInTheDocument();
    // Announced by a live region of its own (none inside the heading).
    expect(screen.getByRole('status')).toHaveTextContent('30 produits · page 1 sur 3');
    expect(screen.getByRole('heading', { level: 2, name: /30 produits/ }).querySelector('[role="status"]')).toBeNull();
    const list = calls.find((call) => call.url.pathname === '/api/shop/products');
    expect(list?.url.searchParams.get('per_page')).toBe('12');
    expect(list?.url.searchParams.get('page')).toBe('1');
    // Empty categories are not offered.
    expect(await screen.findByRole('button', { name: 'Coques et étuis' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vide' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Suivante/ })).toHaveAttribute('href', '/boutique?page=2');
  });

  it('draws a full page of twelve cards, each linking to its product', async () => {
    const twelve = Array.from({ length: 12 }, (_, index) => product({ id: 200 + index, name: `Produit ${index + 1}` }));
    stubShopApi(...visitorRoutes, categories, gateways, route('GET', '/api/shop/products', () => jsonResponse(listResponse(twelve, 12))));
    renderPage(<ShopPage />, { path: '/boutique' });
    const cards = await screen.findAllByRole('article');
    const grid = cards[0]!.closest('ul')!;
    expect(grid.children).toHaveLength(12);
    expect(cards).toHaveLength(12);
    expect(within(grid).getAllByRole('link').map((link) => link.textContent)).toEqual(twelve.map((item) => item.name));
    expect(within(grid).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(twelve.map((item) => `/produit/${item.id}`));
  });

  it('adds a product to the stored cart', async () => {
    stubShopApi(...visitorRoutes, categories, gateways, route('GET', '/api/shop/products', () => jsonResponse(listResponse([product()]))));
    renderPage(<ShopPage />, { path: '/boutique' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter Coque silicone iPhone 13 au panier' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toMatchObject([{ product_id: 101, quantity: 1 }]);
  });

  it('searches after a pause and keeps the search, category and page in the address', async () => {
    const calls = stubShopApi(
      ...visitorRoutes,
      categories,
      gateways,
      route('GET', '/api/shop/products', () => jsonResponse(listResponse([product()], 1))),
    );
    const { search } = renderPage(<ShopPage />, { path: '/boutique?page=3&category=coques-et-etuis' });
    await screen.findAllByRole('article');
    expect(screen.getByRole('button', { name: 'Coques et étuis' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un produit' }), 'coque');
    await waitFor(() => expect(search().get('search')).toBe('coque'));
    expect(search().get('category')).toBe('coques-et-etuis');
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('search') === 'coque')).toBe(true));
    // One request for the whole word, not one per key.
    expect(calls.filter((call) => call.url.searchParams.has('search')).length).toBe(1);
  });

  it('the search is a form with its own button: « Rechercher » searches at once', async () => {
    const calls = stubShopApi(...visitorRoutes, categories, gateways, route('GET', '/api/shop/products', () => jsonResponse(listResponse([], 0))));
    const { search } = renderPage(<ShopPage />, { path: '/boutique' });
    const form = screen.getByRole('search');
    const button = within(form).getByRole('button', { name: 'Rechercher' });
    await userEvent.type(within(form).getByRole('searchbox', { name: 'Rechercher un produit' }), 'iphone');
    await userEvent.click(button);
    expect(search().get('search')).toBe('iphone');
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('search') === 'iphone')).toBe(true));
  });

  it('says honestly when nothing is for sale, with ways to contact the shop', async () => {
    stubShopApi(...visitorRoutes, categories, gateways, route('GET', '/api/shop/products', () => jsonResponse(listResponse([], 0))));
    renderPage(<ShopPage />, { path: '/boutique' });
    expect(await screen.findByRole('heading', { name: "Aucun produit n'est en vente pour le moment" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Nous contacter/ })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: /Demander un devis/ })).toHaveAttribute('href', '/devis-en-ligne');
  });

  it('shows a no-results state for a search, with a way back', async () => {
    stubShopApi(...visitorRoutes, categories, gateways, route('GET', '/api/shop/products', () => jsonResponse(listResponse([], 0))));
    const { search } = renderPage(<ShopPage />, { path: '/boutique?search=zzz' });
    expect(await screen.findByRole('heading', { name: 'Aucun produit ne correspond à «\u00a0zzz\u00a0»' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(search().get('search')).toBeNull());
  });

  it('shows an error with a retry button', async () => {
    let fail = true;
    stubShopApi(
      ...visitorRoutes,
      categories,
      gateways,
      route('GET', '/api/shop/products', () =>
        fail ? jsonResponse({ success: false, message: 'Paramètres invalides' }, 400) : jsonResponse(listResponse([product()]))),
    );
    renderPage(<ShopPage />, { path: '/boutique' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les produits. Paramètres invalides');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });

  it('keeps the code of a ?promo= link for the cart and removes it from the address', async () => {
    stubShopApi(...visitorRoutes, categories, gateways, route('GET', '/api/shop/products', () => jsonResponse(listResponse([product()]))));
    const { search } = renderPage(<ShopPage />, { path: '/boutique?promo=noel2026&category=coques-et-etuis' });
    expect(await screen.findByText('NOEL2026')).toBeInTheDocument();
    expect(readPromoDraft()).toBe('NOEL2026');
    await waitFor(() => expect(search().has('promo')).toBe(false));
    expect(search().get('category')).toBe('coques-et-etuis');
  });

  it('lists only the payment methods that exist in its promises', async () => {
    stubShopApi(
      ...visitorRoutes,
      categories,
      route('GET', '/api/shop/payment-gateways', () =>
        jsonResponse({
          success: true,
          data: [
            { id: 'bacs', title: 'Virement bancaire', description: '', enabled: true, method_title: 'Virement', order: 1, kind: 'offline', shipping_methods: null },
            { id: 'cod', title: 'Paiement en boutique au retrait', description: '', enabled: true, method_title: 'Boutique', order: 2, kind: 'offline', shipping_methods: ['local_pickup'] },
          ],
        }),
      ),
      route('GET', '/api/shop/products', () => jsonResponse(listResponse([product()]))),
    );
    renderPage(<ShopPage />, { path: '/boutique' });
    expect(await screen.findByText('Virement bancaire ou paiement en boutique au retrait')).toBeInTheDocument();
  });
});
