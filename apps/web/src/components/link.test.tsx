import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppNavigation, isActivePath, Link, NavLink } from './link';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** A data router like the app's: the links under AppNavigation. */
function renderApp(initial = '/') {
  const page = (
    <AppNavigation>
      <Where />
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Accueil
        </NavLink>
        <NavLink to="/services" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Services
        </NavLink>
      </nav>
      <Link to="/contact?sujet=devis">Contact</Link>
      <Link to="/faq" target="_blank" rel="noopener">
        FAQ
      </Link>
      <Link to="/cgv" reloadDocument>
        CGV
      </Link>
    </AppNavigation>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/services/*', element: page },
      { path: '/contact', element: page },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  it('is a plain <a href> that the router follows on a plain click (no new document)', async () => {
    const router = renderApp();
    const link = screen.getByRole('link', { name: 'Contact' });
    expect(link).toHaveAttribute('href', '/contact?sujet=devis');
    expect(link).not.toHaveAttribute('data-discover');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/contact?sujet=devis');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('leaves modified clicks, other windows and full reloads to the browser', () => {
    const router = renderApp();
    // Whether the link let the browser act; then stopped here (jsdom cannot open documents).
    const leftToBrowser: boolean[] = [];
    const record = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', record);
    try {
      for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
        fireEvent.click(screen.getByRole('link', { name: 'Contact' }), init);
      }
      fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
      fireEvent.click(screen.getByRole('link', { name: 'CGV' }));
    } finally {
      document.removeEventListener('click', record);
    }
    expect(leftToBrowser).toEqual([true, true, true, true, true, true, true]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('marks the current page on NavLink (aria-current and the active class)', async () => {
    const router = renderApp('/services/coques');
    expect(screen.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Services' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveClass('off');
    await act(async () => {
      await router.navigate('/');
    });
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('isActivePath', () => {
  it('decides as react-router does', () => {
    expect(isActivePath('/services/coques', '/services')).toBe(true);
    expect(isActivePath('/services', '/services/')).toBe(true);
    expect(isActivePath('/servicesX', '/services')).toBe(false);
    expect(isActivePath('/services/coques', '/services', true)).toBe(false);
    expect(isActivePath('/Services', '/services', true)).toBe(true);
    expect(isActivePath('/contact', '/', true)).toBe(false);
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/boutique', '/boutique?categorie=ecrans', true)).toBe(true);
  });
});
