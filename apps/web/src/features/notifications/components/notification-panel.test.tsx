import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '@erepare/shared/schemas/notifications';
import { jsonResponse, listBody, notification, on, renderWithClient, stubApi, type Route } from '../test/helpers';
import { NotificationPanel } from './notification-panel';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn(), notify: vi.fn() }));
vi.mock('../../../lib/toast', () => toast);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const ticket = notification({ id: 1, type: 'ticket', title: 'Ticket T-6601 mis à jour', ticketId: 'T-6601' });
const promo = notification({ id: 2, type: 'promo', title: 'Code NOEL', read: true, data: { url: '/boutique?promo=NOEL', promoCode: 'NOEL' } });
const store = notification({ id: 3, type: 'store', title: 'Horaires de Noël' });

/** The server: a list filtered as asked, and actions that work unless `fail` says otherwise. */
function server(initial: NotificationView[], fail: { remove?: boolean } = {}): Route[] {
  let items = [...initial];
  return [
    on('GET', '/api/notifications', ({ url }) => {
      const filter = url.searchParams.get('filter');
      const shown = items.filter((item) => (filter === 'unread' ? !item.read : filter === 'ticket' || filter === 'promo' ? item.type === filter : true));
      return jsonResponse({ success: true, data: shown, unread: items.filter((item) => !item.read).length, total: shown.length });
    }),
    on('POST', /^\/api\/notifications\/\d+\/read$/, ({ url }) => {
      const id = Number(url.pathname.split('/')[3]);
      items = items.map((item) => (item.id === id ? { ...item, read: true } : item));
      return jsonResponse({ success: true });
    }),
    on('POST', '/api/notifications/read-all', () => {
      items = items.map((item) => ({ ...item, read: true }));
      return jsonResponse({ success: true });
    }),
    on('DELETE', /^\/api\/notifications\/\d+$/, ({ url }) => {
      if (fail.remove) return jsonResponse({ success: false, message: 'Erreur serveur' }, 500);
      items = items.filter((item) => item.id !== Number(url.pathname.split('/')[3]));
      return jsonResponse({ success: true });
    }),
    on('DELETE', '/api/notifications', () => {
      items = [];
      return jsonResponse({ success: true });
    }),
    on('GET', '/api/woocommerce/coupons', () =>
      jsonResponse({
        success: true,
        data: [
          {
            id: 9,
            code: 'NOEL',
            amount: '10.00',
            discount_type: 'percent',
            description: 'Noël',
            date_expires: new Date(Date.now() + 20 * 3600_000).toISOString(),
            usage_limit: null,
            usage_count: 0,
            minimum_amount: '0.00',
            maximum_amount: '0.00',
            individual_use: false,
            status: 'publish',
          },
        ],
      }),
    ),
  ];
}

function items() {
  return within(screen.getByRole('list', { name: /^Notifications/ })).getAllByTestId('notification-item');
}

describe('NotificationPanel', () => {
  it('lists the notifications with their time and unread dot, and filters them', async () => {
    const calls = stubApi(...server([ticket, promo, store]));
    const user = userEvent.setup();
    renderWithClient(<NotificationPanel onClose={vi.fn()} />);
    expect(screen.getByTestId('notifications-loading')).toBeInTheDocument();
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(within(items()[0]!).getByText(/il y a 5/)).toBeInTheDocument();
    expect(within(items()[0]!).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(items()[1]!).queryByTestId('unread-dot')).toBeNull();
    expect(screen.getByText('3 notifications, dont 2 non lues')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Non lues' }));
    expect(screen.getByRole('button', { name: 'Non lues' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Toutes' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(items()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Tickets' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]).toHaveTextContent('Ticket T-6601 mis à jour');
    expect(calls.map((call) => call.url.searchParams.get('filter')).filter(Boolean)).toEqual(expect.arrayContaining(['all', 'unread', 'ticket']));
  });

  it('shows the active promo codes under Promos, with copy and expiry hint', async () => {
    stubApi(...server([promo]));
    const user = userEvent.setup();
    // After setup: user-event installs its own clipboard.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderWithClient(<NotificationPanel onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Promos' }));
    const codes = await screen.findByRole('region', { name: 'Codes promo actifs' });
    expect(within(codes).getByText('NOEL')).toBeInTheDocument();
    expect(within(codes).getByText('Expire demain')).toBeInTheDocument();
    await user.click(within(codes).getByRole('button', { name: /Copier le code NOEL/ }));
    expect(writeText).toHaveBeenCalledWith('NOEL');
    expect(toast.toastSuccess).toHaveBeenCalledWith('Code promo copié', { id: 'notifications' });

    writeText.mockRejectedValueOnce(new Error('refus'));
    await waitFor(() => expect(within(codes).getByRole('button', { name: /Copier le code NOEL/ })).toBeInTheDocument(), { timeout: 3000 });
    await user.click(within(codes).getByRole('button', { name: /Copier le code NOEL/ }));
    expect(toast.toastError).toHaveBeenCalledWith('Erreur lors de la copie du code', { id: 'notifications' });
  });

  it('marks one read on click and goes to the repairs tab for a ticket', async () => {
    const calls = stubApi(...server([ticket, store]));
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { router } = renderWithClient(<NotificationPanel onClose={onClose} />, '/boutique');
    await waitFor(() => expect(items()).toHaveLength(2));
    const [open] = within(items()[0]!).getAllByRole('button');
    expect(open).toHaveAccessibleName("Réparation, non lue\u00a0: Ticket T-6601 mis à jour");
    await user.click(open!);
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/notifications/1/read')).toBe(true);
    expect(router.state.location.pathname + router.state.location.search).toBe('/compte?tab=repairs');
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('marks one read, marks all read, and clears all after confirmation', async () => {
    const calls = stubApi(...server([ticket, store]));
    const user = userEvent.setup();
    renderWithClient(<NotificationPanel onClose={vi.fn()} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Marquer comme lue\u00a0: Horaires de Noël' }));
    await waitFor(() => expect(screen.getByText('2 notifications, dont 1 non lue')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(screen.getByText('2 notifications')).toBeInTheDocument());
    expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Tout effacer' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Supprimer toutes les notifications\u00a0?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Tout effacer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Tout supprimer' }));
    expect(await screen.findByText('Aucune notification pour l’instant')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/notifications')).toBe(true);
  });

  it('deletes one at once and puts it back if the server refuses', async () => {
    stubApi(...server([ticket, store], { remove: true }));
    const user = userEvent.setup();
    renderWithClient(<NotificationPanel onClose={vi.fn()} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Supprimer\u00a0: Horaires de Noël' }));
    await waitFor(() => expect(toast.toastError).toHaveBeenCalledWith('Impossible de supprimer la notification', { id: 'notifications' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(toast.toastSuccess).not.toHaveBeenCalled();
  });

  it('says when loading failed and retries', async () => {
    let fail = true;
    stubApi(on('GET', '/api/notifications', () => (fail ? jsonResponse({ success: false, message: 'Erreur' }, 503) : jsonResponse(listBody([store])))));
    const user = userEvent.setup();
    renderWithClient(<NotificationPanel onClose={vi.fn()} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});
