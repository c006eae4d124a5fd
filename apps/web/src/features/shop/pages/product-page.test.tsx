import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { renderPage, stubShopApi } from '../../../test/render-shop';
import { jsonResponse, product, route, visitorRoutes } from '../../../test/shop-fixtures';
import { ProductPage } from './product-page';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const show = (data: ReturnType<typeof product>) => route('GET', `/api/shop/products/${data.id}`, () => jsonResponse({ success: true, data }));

describe('ProductPage', () => {
  it('shows the product, its sale price, stock and the 12-month warranty with the legal guarantees', async () => {
    stubShopApi(
      ...visitorRoutes,
      show(product({ price: '15.00', regular_price: '19.90', sale_price: '15.00', on_sale: true, stock_quantity: 2, condition: 'Très bon état' })),
    );
    renderPage(<ProductPage />, { path: '/produit/101', pattern: '/produit/:productId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coque silicone iPhone 13' })).toBeInTheDocument();
    expect(screen.getByText('15,00 €')).toBeInTheDocument();
    expect(screen.getByText('19,90 €')).toBeInTheDocument();
    expect(screen.getByText('Plus que 2 en stock')).toBeInTheDocument();
    expect(screen.getByText('Très bon état')).toBeInTheDocument();
    expect(screen.getByText('Garantie 12 mois')).toBeInTheDocument();
    expect(screen.getByText(/garantie de conformité/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Coque silicone iPhone 13 (photo non disponible)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/boutique');
  });

  it('caps the quantity at the stock and adds that quantity to the cart', async () => {
    stubShopApi(...visitorRoutes, show(product({ stock_quantity: 2 })));
    renderPage(<ProductPage />, { path: '/produit/101', pattern: '/produit/:productId' });
    const plus = await screen.findByRole('button', { name: 'Augmenter la quantité de Coque silicone iPhone 13' });
    const minus = screen.getByRole('button', { name: 'Diminuer la quantité de Coque silicone iPhone 13' });
    expect(minus).toBeDisabled();
    await userEvent.click(plus);
    expect(plus).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toMatchObject([{ product_id: 101, quantity: 2 }]);
    // The whole stock is now in the cart: nothing more can be added.
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled();
    expect(screen.getByText(/Tout le stock disponible est dans votre panier/)).toBeInTheDocument();
  });

  it('disables the purchase of an out-of-stock product', async () => {
    stubShopApi(...visitorRoutes, show(product({ stock_quantity: 0, in_stock: false, stock_status: 'outofstock' })));
    renderPage(<ProductPage />, { path: '/produit/101', pattern: '/produit/:productId' });
    expect(await screen.findByText('Rupture de stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled();
  });

  it('shows "Produit introuvable" with a link to the shop on a 404', async () => {
    stubShopApi(...visitorRoutes, route('GET', '/api/shop/products/404', () => jsonResponse({ success: false, message: 'Produit introuvable' }, 404)));
    renderPage(<ProductPage />, { path: '/produit/404', pattern: '/produit/:productId' });
    expect(await screen.findByRole('heading', { name: 'Produit introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la boutique' })).toHaveAttribute('href', '/boutique');
  });

  it('treats a malformed id as not found without calling the API', async () => {
    const calls = stubShopApi(...visitorRoutes);
    renderPage(<ProductPage />, { path: '/produit/abc', pattern: '/produit/:productId' });
    expect(await screen.findByRole('heading', { name: 'Produit introuvable' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/shop/products'))).toBe(false);
  });

  it('offers the pictures as keyboard-reachable thumbnails when there are several', async () => {
    stubShopApi(
      ...visitorRoutes,
      show(product({ images: [{ id: 1, src: '/a.jpg', alt: 'Face' }, { id: 2, src: '/b.jpg', alt: 'Dos' }] })),
    );
    renderPage(<ProductPage />, { path: '/produit/101', pattern: '/produit/:productId' });
    const second = await screen.findByRole('button', { name: 'Photo 2 sur 2\u00a0: Dos' });
    expect(screen.getByRole('img', { name: 'Face' })).toBeInTheDocument();
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Dos' })).toBeInTheDocument();
  });
});
