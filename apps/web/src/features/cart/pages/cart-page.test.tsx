import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { addToCart, readAppliedCoupon, setPromoDraft } from '../../../lib/cart-store';
import { renderPage, stubShopApi } from '../../../test/render-shop';
import { coupon, jsonResponse, product, route, signedInRoutes, visitorRoutes } from '../../../test/shop-fixtures';
import { CartPage } from './cart-page';

const noCoupons = route('GET', '/api/woocommerce/coupons', () => jsonResponse({ success: true, data: [] }));

function summary() {
  return within(screen.getByRole('region', { name: 'Récapitulatif' }));
}

function summaryValue(label: RegExp | string): string {
  const term = summary().getByText(label, { selector: 'dt' });
  // Intl writes "19,90 €" with a no-break space.
  return (term.nextElementSibling?.textContent ?? '').replace(/\s/g, ' ');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CartPage', () => {
  it('shows the empty state with a way to the shop and the free-delivery rule', async () => {
    stubShopApi(...visitorRoutes, noCoupons);
    renderPage(<CartPage />, { path: '/panier' });
    expect(await screen.findByRole('heading', { name: 'Votre panier est vide' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Découvrir la boutique' })).toHaveAttribute('href', '/boutique');
    expect(screen.getByText(/Livraison offerte au-delà de 50\s€ d’achat/)).toBeInTheDocument();
  });

  it('words the empty cart’s free-delivery line with the threshold staff set, and drops it when delivery is never free', async () => {
    const methods = (threshold: string | null) =>
      route('GET', '/api/shop/shipping-methods', () =>
        jsonResponse({
          success: true,
          data: [
            { id: 'local_pickup', title: 'Retrait', description: '', enabled: true, cost: '0.00', kind: 'pickup', free_threshold: null, needs_address: false, needs_relay: false },
            { id: 'colissimo_no_sign', title: 'Colissimo', description: '', enabled: true, cost: '6.90', kind: 'standard', free_threshold: threshold, needs_address: true, needs_relay: false },
          ],
        }),
      );
    stubShopApi(...visitorRoutes, noCoupons, methods('79.90'));
    const first = renderPage(<CartPage />, { path: '/panier' });
    expect(await screen.findByText(/Livraison offerte au-delà de 79,90\s€ d’achat/)).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();
    stubShopApi(...visitorRoutes, noCoupons, methods(null));
    renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Votre panier est vide' });
    await waitFor(() => expect(screen.queryByText(/Livraison offerte/)).not.toBeInTheDocument());
  });

  it('lists the items with links, capped quantity controls, and the summary with the delivery rule', async () => {
    addToCart(product({ stock_quantity: 2 }), 1);
    stubShopApi(...visitorRoutes, noCoupons);
    renderPage(<CartPage />, { path: '/panier' });
    expect(await screen.findByRole('link', { name: 'Coque silicone iPhone 13' })).toHaveAttribute('href', '/produit/101');
    const minus = screen.getByRole('button', { name: 'Diminuer la quantité de Coque silicone iPhone 13' });
    const plus = screen.getByRole('button', { name: 'Augmenter la quantité de Coque silicone iPhone 13' });
    expect(minus).toBeDisabled();
    expect(summaryValue(/Sous-total/)).toBe('19,90 €');
    expect(summaryValue('Livraison')).toBe('à partir de 6,90 €');
    expect(summary().getByText('Plus que 30,11 € pour la livraison offerte')).toBeInTheDocument();
    expect(summaryValue('Total hors livraison')).toBe('19,90 €');
    await userEvent.click(plus);
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();
    expect(summaryValue(/Sous-total/)).toBe('39,80 €');
    for (const link of screen.getAllByRole('link', { name: /Passer commande/ })) expect(link).toHaveAttribute('href', '/checkout');
  });

  it('shows the server’s current price and stock as soon as it opens, and says what changed (issue 22 §3.3)', async () => {
    addToCart(product({ stock_quantity: 10 }), 3);
    addToCart(product({ id: 102, name: 'Câble USB-C', price: '9.90', regular_price: '9.90' }), 1);
    addToCart(product({ id: 103, name: 'Verre trempé', price: '12.90', regular_price: '12.90' }), 1);
    stubShopApi(
      ...visitorRoutes,
      noCoupons,
      route('GET', '/api/shop/products/101', () => jsonResponse({ success: true, data: product({ price: '17.90', regular_price: '17.90', stock_quantity: 2 }) })),
      route('GET', '/api/shop/products/102', () => jsonResponse({ success: true, data: product({ id: 102, name: 'Câble USB-C', price: '9.90', regular_price: '9.90', stock_quantity: 0, in_stock: false, stock_status: 'outofstock' }) })),
      route('GET', '/api/shop/products/103', () => jsonResponse({ success: false, message: 'Produit introuvable', statusCode: 404 }, 404)),
    );
    renderPage(<CartPage />, { path: '/panier' });
    const notice = await screen.findByText('Votre panier a été mis à jour');
    const items = within(notice.closest('div') as HTMLElement).getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(items).toEqual([
      '« Coque silicone iPhone 13 » : le prix est passé de 19,90 € à 17,90 €.',
      '« Coque silicone iPhone 13 » : plus que 2 en stock, quantité ramenée à 2.',
      '« Câble USB-C » est épuisé : retirez-le du panier pour commander.',
      '« Verre trempé » n’est plus en vente : retirez-le du panier pour commander.',
    ]);
    await waitFor(() => expect(summaryValue(/Sous-total/)).toBe(`${(2 * 17.9 + 9.9 + 12.9).toFixed(2).replace('.', ',')} €`));
    expect(screen.getByText('Épuisé : retirez cet article pour commander.')).toBeInTheDocument();
  });

  it('counts delivery with the prices and threshold staff set (the list checkout uses)', async () => {
    addToCart(product({ price: '60.00', regular_price: '60.00' }), 1);
    const method = (id: string, kind: string, cost: string, threshold: string | null) => ({
      id,
      title: id,
      description: '',
      enabled: true,
      cost,
      kind,
      free_threshold: threshold,
      needs_address: kind !== 'pickup',
      needs_relay: false,
    });
    const staffMethods = route('GET', '/api/shop/shipping-methods', () =>
      jsonResponse({
        success: true,
        data: [method('local_pickup', 'pickup', '0.00', null), method('colissimo_no_sign', 'standard', '5.50', '80.00'), method('colissimo_sign', 'standard', '8.00', '80.00')],
      }),
    );
    stubShopApi(...visitorRoutes, noCoupons, staffMethods);
    renderPage(<CartPage />, { path: '/panier' });
    // 60 € is above the built-in 50 € but below staff's 80 €: not free, from their cheapest price.
    await waitFor(() => expect(summaryValue('Livraison')).toBe('à partir de 5,50 €'), { timeout: 5000 });
    expect(summary().getByText('Plus que 20,01 € pour la livraison offerte')).toBeInTheDocument();
    expect(summaryValue('Total hors livraison')).toBe('60,00 €');
  });

  it('shows delivery as free only strictly above 50 €', async () => {
    addToCart(product({ price: '25.00', regular_price: '25.00' }), 2);
    stubShopApi(...visitorRoutes, noCoupons);
    const first = renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('region', { name: 'Récapitulatif' });
    expect(summaryValue('Livraison')).toBe('à partir de 6,90 €');
    expect(summary().getByText('Plus que 0,01 € pour la livraison offerte')).toBeInTheDocument();
    first.unmount();
    addToCart(product({ id: 2, name: 'Câble', price: '0.50', regular_price: '0.50' }), 1);
    renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('region', { name: 'Récapitulatif' });
    expect(summaryValue('Livraison')).toBe('Offerte');
    expect(summaryValue('Total')).toBe('50,50 €');
  });

  it('applies a promo code in upper case and subtracts the server discount', async () => {
    addToCart(product({ price: '60.00', regular_price: '60.00' }), 1);
    const calls = stubShopApi(
      ...visitorRoutes,
      noCoupons,
      route('POST', '/api/shop/coupons/validate', () =>
        jsonResponse({ valid: true, discount_amount: '6.00', coupon: { id: 1, code: 'BIENVENUE10', discount_type: 'percent', amount: '10.00', description: '' }, error: null }),
      ),
    );
    renderPage(<CartPage />, { path: '/panier' });
    const input = await screen.findByRole('textbox', { name: 'Code promo' });
    // Empty input is ignored.
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(calls.some((call) => call.url.pathname === '/api/shop/coupons/validate')).toBe(false);
    await userEvent.type(input, 'bienvenue10');
    expect(input).toHaveValue('BIENVENUE10');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Code BIENVENUE10 appliqué ! -6,00 €')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/shop/coupons/validate')?.body).toEqual({
      code: 'BIENVENUE10',
      items: [{ product_id: 101, quantity: 1 }],
    });
    expect(summaryValue(/Code promo/)).toBe('-6,00 €');
    expect(summaryValue('Total')).toBe('54,00 €');
    // 54 € after the coupon is above 50 €: delivery is free.
    await userEvent.click(screen.getByRole('button', { name: /Retirer le code BIENVENUE10/ }));
    expect(readAppliedCoupon()).toBeNull();
    expect(summaryValue('Total')).toBe('60,00 €');
  });

  it('says why a code is refused, with the spec’s ❌ prefix', async () => {
    addToCart(product(), 1);
    stubShopApi(
      ...visitorRoutes,
      noCoupons,
      route('POST', '/api/shop/coupons/validate', () =>
        jsonResponse({ valid: false, discount_amount: '0.00', coupon: null, error: 'Ce code promo a expiré', message: 'Ce code promo a expiré' }, 422),
      ),
    );
    renderPage(<CartPage />, { path: '/panier' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Code promo' }), 'vieux');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('❌ Ce code promo a expiré');
    expect(readAppliedCoupon()).toBeNull();
  });

  it('pre-fills the promo box with the code of a /boutique?promo= link', async () => {
    addToCart(product(), 1);
    setPromoDraft('noel2026');
    stubShopApi(...visitorRoutes, noCoupons);
    renderPage(<CartPage />, { path: '/panier' });
    expect(await screen.findByRole('textbox', { name: 'Code promo' })).toHaveValue('NOEL2026');
  });

  it('shows the active codes with their expiry hint and copies a code with a 2 s confirmation', async () => {
    addToCart(product(), 1);
    const tomorrow = new Date(Date.now() + 86_400_000 - 60_000).toISOString();
    const inFive = new Date(Date.now() + 5 * 86_400_000 - 60_000).toISOString();
    stubShopApi(
      ...visitorRoutes,
      route('GET', '/api/woocommerce/coupons', () =>
        jsonResponse({
          success: true,
          data: [
            coupon({ id: 1, code: 'FLASH24', date_expires: tomorrow, discount_type: 'fixed_cart' }),
            coupon({ id: 2, code: 'NOEL2026', date_expires: inFive }),
            coupon({ id: 3, code: 'A' }),
            coupon({ id: 4, code: 'B' }),
            coupon({ id: 5, code: 'C' }),
            coupon({ id: 6, code: 'SIXIEME' }),
          ],
        }),
      ),
    );
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<CartPage />, { path: '/panier' });
    const banner = within(await screen.findByRole('region', { name: 'Codes promo du moment' }));
    expect(banner.getByText('Expire demain')).toBeInTheDocument();
    expect(banner.getByText('5 jours restants')).toBeInTheDocument();
    expect(banner.getByText(/^-10,00\s€$/)).toBeInTheDocument();
    // 5 kept at most.
    expect(banner.queryByText('SIXIEME')).not.toBeInTheDocument();
    expect(banner.getAllByRole('listitem')).toHaveLength(5);
    const more = banner.getByRole('button', { name: 'Voir plus de codes' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.click(banner.getByRole('button', { name: 'Copier le code FLASH24' }));
    expect(writeText).toHaveBeenCalledWith('FLASH24');
    expect(await banner.findByText('Copié !')).toBeInTheDocument();
    await waitFor(() => expect(banner.queryByText('Copié !')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('offers loyalty points to a signed-in customer with a balance; discount = min(balance, subtotal)', async () => {
    addToCart(product({ price: '10.00', regular_price: '10.00' }), 1);
    stubShopApi(...signedInRoutes, noCoupons, route('GET', '/api/shop/loyalty', () => jsonResponse({ success: true, data: { balance: '12.50', linked: true } })));
    renderPage(<CartPage />, { path: '/panier' });
    const toggle = await screen.findByRole('switch', { name: /^Utiliser mes points \(12,50\s€\)$/ });
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(summaryValue('Points fidélité')).toBe('-10,00 €');
    expect(summaryValue('Total hors livraison')).toBe('0,00 €');
  });

  it('hides the loyalty box from visitors (no call made)', async () => {
    addToCart(product(), 1);
    const calls = stubShopApi(...visitorRoutes, noCoupons);
    renderPage(<CartPage />, { path: '/panier' });
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/auth/verify-session')).toBe(true));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/shop/loyalty')).toBe(false);
  });

  it('removes an item and clears the cart after confirmation', async () => {
    addToCart(product(), 1);
    addToCart(product({ id: 102, name: 'Câble USB-C' }), 1);
    stubShopApi(...visitorRoutes, noCoupons);
    renderPage(<CartPage />, { path: '/panier' });
    await userEvent.click(await screen.findByRole('button', { name: 'Retirer Câble USB-C du panier' }));
    expect(screen.queryByRole('link', { name: 'Câble USB-C' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vider le panier' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Vider le panier\u00a0?' });
    // One article left: the singular, never « Les 1 article ».
    expect(dialog).toHaveTextContent('L’article de votre panier sera retiré.');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vider le panier' }));
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Votre panier est vide' })).toBeInTheDocument();
  });
});
