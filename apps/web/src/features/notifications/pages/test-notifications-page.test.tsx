import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_LOG_LINES } from '@erepare/shared/notifications';
import type { PushSubscriptionState } from '../../../lib/push';
import { jsonResponse, listBody, notification, on, renderWithClient, sessionUser, stubApi, type Route } from '../test/helpers';
import { TestNotificationsPage } from './test-notifications-page';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn(), notify: vi.fn() }));
vi.mock('../../../lib/toast', () => toast);

const push = vi.hoisted(() => ({ state: {} as PushSubscriptionState }));
vi.mock('../../../lib/push', () => ({ usePushSubscription: () => push.state }));

function pushState(overrides: Partial<PushSubscriptionState> = {}): PushSubscriptionState {
  return {
    supported: true,
    permission: 'default',
    subscribed: false,
    busy: false,
    error: null,
    enable: vi.fn(async () => undefined),
    disable: vi.fn(async () => undefined),
    requestPermission: vi.fn(async () => undefined),
    ...overrides,
  };
}

const signedIn = on('POST', '/api/auth/verify-session', () => jsonResponse({ success: true, user: sessionUser(), token: null, message: 'ok' }));

/** A server keeping the test notifications it makes. */
function testServer(): Route[] {
  let stored: ReturnType<typeof notification>[] = [];
  return [
    signedIn,
    on('POST', '/api/notifications/test', ({ body }) => {
      const { title, message } = body as { title: string; message: string };
      stored = [notification({ title, body: message }), ...stored];
      return jsonResponse({ success: true });
    }),
    on('GET', '/api/notifications', () => jsonResponse(listBody(stored))),
    on('DELETE', '/api/notifications', () => {
      stored = [];
      return jsonResponse({ success: true });
    }),
  ];
}

const lines = () => within(screen.getByTestId('test-log')).queryAllByRole('listitem').map((item) => item.textContent ?? '');

beforeEach(() => {
  push.state = pushState();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('TestNotificationsPage', () => {
  it('asks a visitor to sign in, without any test tool', async () => {
    stubApi(on('POST', '/api/auth/verify-session', () => jsonResponse({ success: false, message: 'Session expirée' }, 401)));
    renderWithClient(<TestNotificationsPage />, '/test-notifications');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/compte');
    expect(screen.queryByRole('button', { name: 'Lancer tous les tests' })).toBeNull();
  });

  it('runs every test in sequence and logs each step; a missing capability ends with "Erreur durant les tests"', async () => {
    push.state = pushState({ permission: 'granted', subscribed: true });
    const calls = stubApi(...testServer());
    const user = userEvent.setup();
    renderWithClient(<TestNotificationsPage />, '/test-notifications');
    await user.click(await screen.findByRole('button', { name: 'Lancer tous les tests' }));
    await waitFor(() => expect(lines().at(-1)).toMatch(/✗ Erreur durant les tests$/));
    const log = lines();
    expect(log[0]).toMatch(/^\d{2}:\d{2}:\d{2} Début des tests$/);
    // jsdom has neither notifications nor a service worker.
    expect(log).toContainEqual(expect.stringMatching(/✗ Ce navigateur ne supporte pas les notifications$/));
    expect(log).toContainEqual(expect.stringMatching(/Token FCM requis pour test serveur/));
    expect(log).toContainEqual(expect.stringMatching(/✓ Permission accordée$/));
    expect(log).toContainEqual(expect.stringMatching(/✗ Le service worker n’est pas initialisé/));
    expect(log).toContainEqual(expect.stringMatching(/✓ Abonnement push actif sur cet appareil$/));
    expect(log).toContainEqual(expect.stringMatching(/✓ Notification de test créée par le serveur$/));
    expect(log).toContainEqual(expect.stringMatching(/✓ Notification présente dans la liste \(1 enregistrée\)$/));
    expect(calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/notifications/test')).toHaveLength(1);
    expect(screen.getByTestId('test-log')).toHaveAttribute('aria-live', 'polite');
  });

  it('ends with success when every step passes', async () => {
    push.state = pushState({ permission: 'granted', subscribed: true });
    vi.stubGlobal('Notification', { permission: 'granted' });
    vi.stubGlobal('PushManager', function PushManager() {});
    const original = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ scope: '/' }) } });
    try {
      stubApi(...testServer());
      const user = userEvent.setup();
      renderWithClient(<TestNotificationsPage />, '/test-notifications');
      await user.click(await screen.findByRole('button', { name: 'Lancer tous les tests' }));
      await waitFor(() => expect(lines().at(-1)).toMatch(/✓ Tous les tests ont réussi$/));
      expect(lines().some((line) => line.includes('✗'))).toBe(false);
    } finally {
      if (original) Object.defineProperty(navigator, 'serviceWorker', original);
      else delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });

  it('tests one notification per type, keeps only the last 20 lines, and clears the results', async () => {
    const calls = stubApi(...testServer());
    const user = userEvent.setup();
    renderWithClient(<TestNotificationsPage />, '/test-notifications');
    const flash = await screen.findByRole('button', { name: 'Tester une notification\u00a0: Vente flash' });
    await user.click(screen.getByRole('button', { name: 'Tester une notification\u00a0: Suivi de réparation' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(calls.find((call) => call.url.pathname === '/api/notifications/test')?.body).toEqual({
      title: 'Test\u00a0: suivi de réparation',
      message: 'Votre ticket de test a changé de statut\u00a0: en cours de réparation.',
      urgent: false,
      type: 'ticket',
    });
    for (let index = 1; index < TEST_LOG_LINES + 2; index += 1) {
      await waitFor(() => expect(flash).toBeEnabled());
      await user.click(flash);
      await waitFor(() => expect(lines()).toHaveLength(Math.min(index + 1, TEST_LOG_LINES)));
    }
    expect(lines()).toHaveLength(TEST_LOG_LINES);
    expect(lines().every((line) => line.endsWith('✓ Notification «\u00a0Vente flash\u00a0» créée'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Effacer les résultats' }));
    expect(lines()).toHaveLength(0);
    expect(screen.getByText('Aucun résultat pour l’instant.')).toBeInTheDocument();
    // Twenty-odd requests in a row: room for a loaded machine.
  }, 20_000);

  it('empties the stored notifications only after confirmation', async () => {
    const calls = stubApi(...testServer());
    const user = userEvent.setup();
    renderWithClient(<TestNotificationsPage />, '/test-notifications');
    const empty = await screen.findByRole('button', { name: 'Vider les notifications enregistrées' });
    const deletes = () => calls.filter((call) => call.method === 'DELETE' && call.url.pathname === '/api/notifications');

    await user.click(empty);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes()).toHaveLength(0);

    await user.click(empty);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Tout supprimer' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await waitFor(() => expect(lines().at(-1)).toMatch(/✓ Notifications enregistrées supprimées$/));
  });

  it('shows the server’s French message when tests are rate limited', async () => {
    const limited = on('POST', '/api/notifications/test', () =>
      jsonResponse({ success: false, message: 'Trop de tests de notification. Réessayez dans une minute.' }, 429),
    );
    stubApi(limited, ...testServer());
    const user = userEvent.setup();
    renderWithClient(<TestNotificationsPage />, '/test-notifications');
    await user.click(await screen.findByRole('button', { name: 'Tester une notification\u00a0: Code promo' }));
    await waitFor(() => expect(lines().at(-1)).toMatch(/✗ Code promo : Trop de tests de notification\. Réessayez dans une minute\.$/));

    await user.click(screen.getByRole('button', { name: 'Lancer tous les tests' }));
    await waitFor(() => expect(lines().at(-1)).toMatch(/✗ Erreur durant les tests$/));
    expect(lines()).toContainEqual(expect.stringMatching(/✗ Trop de tests de notification\. Réessayez dans une minute\.$/));
  });
});
