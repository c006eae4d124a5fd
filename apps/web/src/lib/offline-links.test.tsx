import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLinksAsDocumentsWhenOffline } from './offline-links';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
});

function app() {
  const router = createMemoryRouter([
    { path: '/', element: <><Link to="/contact">Contact</Link><a href="https://ailleurs.example/">Ailleurs</a></> },
    { path: '/contact', element: <h1>Contact</h1> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('links followed offline', () => {
  it('online: React Router routes the link in the app', async () => {
    stop = followLinksAsDocumentsWhenOffline();
    const router = app();
    await userEvent.click(screen.getByRole('link', { name: 'Contact' }));
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('offline: the app does not route it, the browser follows the href (the service worker answers)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stop = followLinksAsDocumentsWhenOffline();
    const router = app();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Contact' }).dispatchEvent(click);
    // The router's Link did not take it: the browser's own action (following the href) stands.
    expect(click.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });
});
