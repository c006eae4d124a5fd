import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { servicePages } from '@erepare/shared/routes';
import { writeItem } from '../../../lib/storage';
import { Header } from './header';

function renderHeader(path = '/') {
  const router = createMemoryRouter(
    [{ path: '*', element: <Header /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => localStorage.clear());

describe('Header', () => {
  it('links the main pages and lists the 9 services and the two tracking pages', async () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    for (const [name, href] of [
      ['Accueil', '/'],
      ['Boutique', '/boutique'],
      ['Devis en ligne', '/devis-en-ligne'],
      ['Suivi', '/suivi'],
      ['Mon compte', '/compte'],
      ['Contact', '/contact'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await userEvent.click(within(nav).getByRole('button', { name: 'Ouvrir le menu Services' }));
    for (const service of servicePages) {
      expect(within(nav).getByRole('link', { name: service.navLabel })).toHaveAttribute('href', service.path);
    }
    await userEvent.click(within(nav).getByRole('button', { name: 'Ouvrir le menu Suivi' }));
    expect(within(nav).getByRole('link', { name: /Suivi moderne/ })).toHaveAttribute('href', '/suivi-moderne');
  });

  it('shows the cart count from storage and follows its changes', () => {
    // The cart page's lines (issue 22 §3.4): a line without a name or price is neither shown nor counted.
    writeItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ id: 1, name: 'Coque', price: 9.9, quantity: 2 }, { product_id: 4, name: 'Câble', price: 5, quantity: 1 }, { quantity: 8 }, { id: 5, quantity: 4 }]),
    );
    renderHeader();
    expect(screen.getByRole('link', { name: 'Panier, 3 articles' })).toHaveAttribute('href', '/panier');
    act(() => writeItem(CART_STORAGE_KEY, JSON.stringify([{ id: 1, name: 'Coque', price: 9.9, quantity: 1 }])));
    expect(screen.getByRole('link', { name: 'Panier, 1 article' })).toBeInTheDocument();
    act(() => writeItem(CART_STORAGE_KEY, 'pas du json'));
    expect(screen.getByRole('link', { name: 'Panier, vide' })).toBeInTheDocument();
  });

  it('opens and closes the mobile menu, which closes on navigation', async () => {
    const router = renderHeader('/contact');
    const button = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const menu = screen.getByRole('navigation', { name: 'Menu principal (mobile)' });
    expect(screen.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(menu).getByRole('link', { name: 'Boutique' }));
    expect(router.state.location.pathname).toBe('/boutique');
    expect(screen.queryByRole('navigation', { name: 'Menu principal (mobile)' })).toBeNull();
  });
});
