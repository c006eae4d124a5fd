import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@erepare/shared/notifications';
import type { TrackedTicket } from '@erepare/shared/schemas/notifications';
import type { PushSubscriptionState } from '../../../lib/push';
import { FORCE_TICKET_CHECK_EVENT } from '../hooks/use-tracked-tickets';
import { jsonResponse, on, renderWithClient, sessionUser, stubApi, type Route } from '../test/helpers';
import { AccountNotifications } from './account-notifications';
import { PreferencesPanel } from './preferences-panel';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn(), notify: vi.fn() }));
vi.mock('../../../lib/toast', () => toast);

const push = vi.hoisted(() => ({
  state: {} as PushSubscriptionState,
}));
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

beforeEach(() => {
  push.state = pushState();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const tracked = (ticket_number: string, last_status = 'In Progress'): TrackedTicket => ({
  ticket_number,
  last_status,
  last_checked_at: new Date(Date.now() - 2 * 60_000).toISOString(),
  created_at: '2026-11-20T10:00:00.000Z',
});

function trackingServer(initial: TrackedTicket[]): Route[] {
  let list = [...initial];
  return [
    on('GET', '/api/notifications/tracked-tickets', () => jsonResponse({ success: true, data: list })),
    on('POST', '/api/notifications/tracked-tickets', ({ body }) => {
      const ticket = (body as { ticket: string }).ticket;
      const entry = { ...tracked(ticket, 'Diagnostic'), last_checked_at: new Date().toISOString() };
      list = [...list, entry];
      return jsonResponse({ success: true, data: entry, message: `Ticket ${ticket} ajouté au suivi` }, 201);
    }),
    on('DELETE', /^\/api\/notifications\/tracked-tickets\//, ({ url }) => {
      const ticket = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      list = list.filter((entry) => entry.ticket_number !== ticket);
      return jsonResponse({ success: true, message: `Ticket ${ticket} retiré du suivi` });
    }),
    on('POST', '/api/notifications/tracked-tickets/check', () => jsonResponse({ success: true, data: list, changes: 0 })),
    on('GET', '/api/notifications/preferences', () => jsonResponse({ success: true, data: DEFAULT_NOTIFICATION_PREFERENCES })),
  ];
}

const field = () => screen.getByRole('textbox', { name: 'Numéro de ticket' });
const rows = () => screen.queryAllByTestId('tracked-ticket');

describe('Tracked tickets', () => {
  it('checks the number before asking the server', async () => {
    const calls = stubApi(...trackingServer([tracked('T-6601')]));
    const user = userEvent.setup();
    renderWithClient(<AccountNotifications user={sessionUser()} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('T-6601');
    expect(rows()[0]).toHaveTextContent('En cours');
    expect(rows()[0]).toHaveTextContent('En pause');

    await user.click(screen.getByRole('button', { name: 'Suivre' }));
    expect(screen.getByText('Veuillez entrer un numéro de ticket')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await user.type(field(), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Suivre' }));
    expect(screen.getByText('Format de ticket invalide. Utilisez T-6632 ou 6632')).toBeInTheDocument();
    await user.clear(field());
    await user.type(field(), '6601');
    await user.click(screen.getByRole('button', { name: 'Suivre' }));
    expect(screen.getByText('Ce ticket est déjà suivi')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/notifications/tracked-tickets')).toBe(false);
  });

  it('adds a ticket at once, keeps it when the server agrees and removes it on request', async () => {
    const calls = stubApi(...trackingServer([]));
    const user = userEvent.setup();
    renderWithClient(<AccountNotifications user={sessionUser()} />);
    await screen.findByText('Aucun ticket suivi pour l’instant.');
    await user.type(field(), 't6632');
    await user.click(screen.getByRole('button', { name: 'Suivre' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ticket: 'T-6632' });
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Ticket T-6632 ajouté au suivi', { id: 'notifications' }));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Diagnostic');
    expect(field()).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Retirer T-6632 du suivi' }));
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Ticket T-6632 retiré du suivi', { id: 'notifications' }));
    expect(rows()).toHaveLength(0);
  });

  it('shows the ticket at once and removes it when the server refuses, with its message', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The refusal waits for the test, so the optimistic entry can be seen first.
    const refusal: Route = (request) =>
      request.method === 'POST' && request.url.pathname === '/api/notifications/tracked-tickets'
        ? gate.then(() => jsonResponse({ success: false, message: 'Ticket T-9999 non autorisé ou introuvable' }, 404))
        : undefined;
    stubApi(refusal, ...trackingServer([]));
    const user = userEvent.setup();
    renderWithClient(<AccountNotifications user={sessionUser()} />);
    await screen.findByText('Aucun ticket suivi pour l’instant.');
    await user.type(field(), '9999');
    await user.click(screen.getByRole('button', { name: 'Suivre' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Vérification du ticket…');
    act(() => release());
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(screen.getByText('Ticket T-9999 non autorisé ou introuvable')).toBeInTheDocument();
    expect(toast.toastError).toHaveBeenCalledWith('Ticket T-9999 non autorisé ou introuvable', { id: 'notifications' });
  });

  it('says "Surveillé" when this device receives the notifications, and checks on the forced-check event', async () => {
    push.state = pushState({ permission: 'granted', subscribed: true });
    const calls = stubApi(...trackingServer([tracked('T-6601')]));
    renderWithClient(<AccountNotifications user={sessionUser()} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Surveillé');
    act(() => {
      window.dispatchEvent(new Event(FORCE_TICKET_CHECK_EVENT));
    });
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/notifications/tracked-tickets/check')).toBe(true));
  });

  it('checks every 30 s while tickets are tracked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi(...trackingServer([tracked('T-6601')]));
    renderWithClient(<AccountNotifications user={sessionUser()} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const checks = () => calls.filter((call) => call.url.pathname === '/api/notifications/tracked-tickets/check').length;
    expect(checks()).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await waitFor(() => expect(checks()).toBe(1));
  });
});

describe('PreferencesPanel', () => {
  it('shows the capabilities in the advanced view only, the permission and subscription, and saves a preference', async () => {
    const calls = stubApi(
      on('GET', '/api/notifications/preferences', () => jsonResponse({ success: true, data: DEFAULT_NOTIFICATION_PREFERENCES })),
      on('PUT', '/api/notifications/preferences', ({ body }) => jsonResponse({ success: true, data: body })),
    );
    const user = userEvent.setup();
    const first = renderWithClient(<PreferencesPanel userId={7} />);
    // A customer does not get the technical badges (issue 22 §4.7), only what this browser cannot do.
    expect(screen.queryByRole('list', { name: 'Capacités du navigateur' })).not.toBeInTheDocument();
    expect(screen.getByText('Ce navigateur ne supporte pas les notifications.')).toBeInTheDocument();
    first.unmount();
    renderWithClient(<PreferencesPanel userId={7} advanced />);
    const capabilities = screen.getByRole('list', { name: 'Capacités du navigateur' });
    expect(within(capabilities).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Web Push : indisponible',
      'Notifications cloud : indisponible',
      'Service worker : indisponible',
      'Notifications natives : indisponible',
    ]);
    expect(screen.getByTestId('permission-state')).toHaveTextContent('Non demandée');
    expect(screen.getByTestId('subscription-state')).toHaveTextContent('Inactif');
    expect(screen.getByRole('button', { name: 'Autoriser les notifications' })).toBeInTheDocument();

    const storeNews = await screen.findByRole('checkbox', { name: 'Actualités de la boutique' });
    await waitFor(() => expect(storeNews).toBeEnabled());
    expect(screen.getByRole('checkbox', { name: 'Codes promo' })).toBeChecked();
    expect(storeNews).not.toBeChecked();
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-describedby') !== null)).toHaveLength(5);
    await user.click(storeNews);
    expect(storeNews).toBeChecked();
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, storeNews: true }));
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Préférences enregistrées', { id: 'notifications' }));
  });

  it('puts a preference back when the save fails', async () => {
    stubApi(
      on('GET', '/api/notifications/preferences', () => jsonResponse({ success: true, data: DEFAULT_NOTIFICATION_PREFERENCES })),
      on('PUT', '/api/notifications/preferences', () => jsonResponse({ success: false, message: 'Erreur' }, 500)),
    );
    const user = userEvent.setup();
    renderWithClient(<PreferencesPanel userId={7} />);
    const flash = await screen.findByRole('checkbox', { name: 'Ventes flash' });
    await waitFor(() => expect(flash).toBeEnabled());
    await user.click(flash);
    await waitFor(() => expect(toast.toastError).toHaveBeenCalled());
    expect(flash).toBeChecked();
  });

  it('offers to enable once permitted, to disable once subscribed, and the test tools in advanced mode', async () => {
    stubApi(on('GET', '/api/notifications/preferences', () => jsonResponse({ success: true, data: DEFAULT_NOTIFICATION_PREFERENCES })));
    push.state = pushState({ permission: 'granted' });
    const user = userEvent.setup();
    const { unmount } = renderWithClient(<PreferencesPanel userId={7} advanced />);
    expect(screen.getByTestId('permission-state')).toHaveTextContent('Accordée');
    await user.click(screen.getByRole('button', { name: 'Activer sur cet appareil' }));
    expect(push.state.enable).toHaveBeenCalled();
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith('Notifications activées !', { id: 'notifications' }));
    expect(screen.queryByRole('button', { name: 'Créer des notifications de test' })).toBeNull();
    unmount();

    push.state = pushState({ permission: 'granted', subscribed: true, disable: vi.fn(async () => Promise.reject(new Error('Erreur lors de la désactivation des notifications'))) });
    renderWithClient(<PreferencesPanel userId={7} advanced />);
    expect(screen.getByTestId('subscription-state')).toHaveTextContent('Actif');
    expect(screen.getByRole('button', { name: 'Créer des notifications de test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tester tous les systèmes' })).toHaveAttribute('href', '/test-notifications');
    await user.click(screen.getByRole('button', { name: 'Désactiver sur cet appareil' }));
    await waitFor(() => expect(toast.toastError).toHaveBeenCalledWith('Erreur lors de la désactivation des notifications', { id: 'notifications' }));
  });
});
