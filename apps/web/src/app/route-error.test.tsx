import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoadFailure, RouteError, shouldReloadOnce } from './route-error';

// The web project shares one environment between files: start from an empty record of reloads.
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('a page that could not be fetched', () => {
  it('tells load failures (offline, removed chunk) from render failures', () => {
    expect(isLoadFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: https://x/assets/contact-1.js'))).toBe(true);
    expect(isLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLoadFailure(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isLoadFailure(new Error('Failed to fetch'))).toBe(false);
  });

  it('is loaded as a document once per address and per 30 s, never in a loop', () => {
    const now = 1_000_000;
    expect(shouldReloadOnce('https://site/contact', now)).toBe(true);
    expect(shouldReloadOnce('https://site/contact', now + 5_000)).toBe(false);
    expect(shouldReloadOnce('https://site/faq', now + 5_000)).toBe(true);
    expect(shouldReloadOnce('https://site/contact', now + 40_000)).toBe(true);
    const broken = { getItem: () => '{', setItem: () => undefined };
    expect(shouldReloadOnce('https://site/contact', now, broken)).toBe(false);
  });

  it('keeps no address in session storage: a secret in it (a payment’s `cle=`, an estimate’s `token=`) stays out', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    const secret = 'a1b2c3d4e5f6a7b8c9d0';
    expect(shouldReloadOnce(`https://site/payer-facture/retour?cle=${secret}`, 1_000, storage)).toBe(true);
    expect([...stored.values()].join('')).not.toContain(secret);
    expect([...stored.values()].join('')).not.toContain('payer-facture');
    expect(shouldReloadOnce(`https://site/payer-facture/retour?cle=${secret}`, 2_000, storage)).toBe(false);
    expect(shouldReloadOnce(`https://site/payer-facture/retour?cle=${secret}0`, 2_000, storage)).toBe(true);
  });

  it('reloads the page instead of showing the error, then shows the error if it fails again', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/contact', reload });
    const failing = () =>
      createMemoryRouter([{ path: '/', loader: () => Promise.reject(new TypeError('Failed to fetch')), Component: () => null, HydrateFallback: () => null, ErrorBoundary: RouteError }]);
    const first = render(<RouterProvider router={failing()} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Chargement de la page…');
    // The reload is asked from an effect, after the spinner's commit.
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();
    render(<RouterProvider router={failing()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Une erreur est survenue' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error for a page that failed to render', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/', reload });
    const router = createMemoryRouter([
      {
        path: '/',
        Component: () => {
          throw new TypeError('boom');
        },
        ErrorBoundary: RouteError,
      },
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Une erreur est survenue' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
