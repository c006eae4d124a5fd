import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../lib/session';
import { writeItem } from '../../../lib/storage';
import { jsonResponse, listBody, notification, on, renderWithClient, sessionUser, stubApi } from '../test/helpers';
import { notificationQueries } from '../hooks/use-notifications';
import { bellLabel } from './live-bell';
import { NotificationBell } from './notification-bell';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const signedIn = on('POST', '/api/auth/verify-session', () => jsonResponse({ success: true, user: sessionUser(), token: null, message: 'ok' }));

describe('NotificationBell', () => {
  it('shows nothing and asks nothing for a visitor', () => {
    const calls = stubApi();
    renderWithClient(<NotificationBell />);
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows the unread count of a signed-in user, 99+ above 99', async () => {
    writeItem(USER_STORAGE_KEY, JSON.stringify(sessionUser()), 'session');
    const items = Array.from({ length: 3 }, (_, index) => notification({ id: index + 1 }));
    const calls = stubApi(signedIn, on('GET', '/api/notifications', () => jsonResponse({ ...listBody(items), unread: 120 })));
    renderWithClient(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ non lues' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
    expect(calls.find((call) => call.url.pathname === '/api/notifications')?.url.searchParams.get('filter')).toBe('all');
  });

  it('stays hidden when the stored user’s session is refused', async () => {
    writeItem(USER_STORAGE_KEY, JSON.stringify(sessionUser()), 'session');
    const calls = stubApi(on('POST', '/api/auth/verify-session', () => jsonResponse({ success: false, message: 'Session expirée' }, 401)));
    renderWithClient(<NotificationBell />);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/auth/verify-session')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull());
    expect(calls.some((call) => call.url.pathname === '/api/notifications')).toBe(false);
  });

  it('opens the panel, and Escape closes it with focus back on the bell', async () => {
    writeItem(USER_STORAGE_KEY, JSON.stringify(sessionUser()), 'session');
    stubApi(signedIn, on('GET', '/api/notifications', () => jsonResponse(listBody([notification({ title: 'Bienvenue' })]))));
    const user = userEvent.setup();
    renderWithClient(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 non lue' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveFocus();
  });

  it('polls every 30 s while the page is visible, and when the window comes back', () => {
    const options = notificationQueries.list('all');
    expect(options.refetchInterval).toBe(30_000);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(options.refetchOnWindowFocus).toBe(true);
  });

  it('names the count', () => {
    expect(bellLabel(0)).toBe('Notifications, aucune non lue');
    expect(bellLabel(1)).toBe('Notifications, 1 non lue');
    expect(bellLabel(5)).toBe('Notifications, 5 non lues');
  });
});
