import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_CACHE_KEY, writeTicketCache } from '../lib/ticket-cache';
import { jsonResponse, listEnvelope, publicTicket } from '../test/fixtures';
import { renderAt } from '../test/render';
import { Dashboard } from './dashboard';

const tickets = [
  publicTicket({ id: 1, ticket_number: 'T-6601', customer_name: 'Client #12', status: 'In Progress', devices: [{ device_name: 'iPhone 13', device_category: 'Téléphone', device_fault: 'Écran cassé' }] }),
  publicTicket({ id: 2, ticket_number: 'T-6602', customer_name: 'Client #3', status: 'Ready for pickup', devices: [{ device_name: 'PlayStation 5', device_brand: 'Sony', device_category: 'Console', device_fault: 'Surchauffe' }, { device_name: 'Manette DualSense', device_category: 'Console' }] }),
  publicTicket({ id: 3, ticket_number: '', customer_name: 'Client #7', status: 'Waiting for inspection', devices: [{ device_name: 'MacBook Air', device_category: 'Ordinateur', device_fault: 'Clavier HS' }] }),
];

const statusesEnvelope = {
  success: true,
  data: [
    { id: 1, name: 'In Progress', color: '#f97316', type: 'Open' },
    { id: 2, name: 'Ready for pickup', color: '#16a34a', type: 'Closed' },
  ],
  message: 'Statuts récupérés',
  statusCode: 200,
  total: 2,
};

type Handlers = { tickets?: () => Response | Promise<Response>; statuses?: () => Response | Promise<Response> };

function stubApi({ tickets: ticketsHandler = () => jsonResponse(listEnvelope(tickets)), statuses = () => jsonResponse(statusesEnvelope) }: Handlers = {}) {
  const mock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/repairdesk/statuses')) return statuses();
    if (url.startsWith('/api/repairdesk/tickets?')) return ticketsHandler();
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The width media query of the dashboard: 1440 px wide, or 390 px. */
function viewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: /min-width: (\d+)px/.test(query) && width >= Number(/min-width: (\d+)px/.exec(query)?.[1]),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}
const desktop = () => viewport(1440);
const mobile = () => viewport(390);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Dashboard', () => {
  it('shows a spinner, then the tickets as a table from 768 px', async () => {
    desktop();
    const mock = stubApi();
    renderAt(<Dashboard />);
    expect(screen.getByText('Chargement des tickets…')).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: /Tickets de réparation des 14 derniers jours/ });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Ticket',
      'Client',
      'Appareil',
      'Catégorie',
      'Problème',
      'Statut',
      'Créé le',
      'Mise à jour',
      'Détails',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('T-6601');
    expect(rows[0]).toHaveTextContent('Client #12');
    expect(rows[1]).toHaveTextContent('+1 appareil');
    // No ticket number: T-{id} is shown, the id goes to the account page.
    expect(rows[2]).toHaveTextContent('T-3');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'Détails du ticket T-3' })).toHaveAttribute('href', '/compte?ticket=3');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Détails du ticket T-6601' })).toHaveAttribute('href', '/compte?ticket=T-6601');
    // The whole label, never cut (« En attente d… » named five statuses).
    expect(within(rows[2] as HTMLElement).getByText("En attente d'inspection")).toBeVisible();
    expect(rows[2]).not.toHaveTextContent('…');
    expect(within(rows[1] as HTMLElement).getByText('Prêt à récupérer')).toHaveAttribute('data-status-group', 'done');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('3 tickets affichés');
    expect(mock).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/repairdesk\/statuses/), expect.anything());
  });

  it('shows cards under 768 px', async () => {
    mobile();
    stubApi();
    renderAt(<Dashboard />);
    const list = await screen.findByRole('list', { name: /Tickets de réparation/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('heading', { name: 'T-6602' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches and filters, says when nothing matches, and resets', async () => {
    mobile();
    stubApi();
    renderAt(<Dashboard />);
    await screen.findByText('3 tickets affichés');
    const search = screen.getByRole('searchbox', { name: 'Rechercher' });
    await userEvent.type(search, 'client #3');
    expect(screen.getByText('1 ticket affiché sur 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'T-6602' })).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'ÉCRAN');
    expect(screen.getByRole('heading', { name: 'T-6601' })).toBeInTheDocument();
    await userEvent.clear(search);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Catégorie' }), 'Console');
    expect(screen.getByText('1 ticket affiché sur 3')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'In Progress');
    expect(screen.getByText('Aucun ticket trouvé avec ces critères')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Tickets de réparation/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(screen.getByText('3 tickets affichés')).toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('the filters are a form: « Voir les résultats » (or Enter in the search) takes the visitor to the count', async () => {
    mobile();
    stubApi();
    renderAt(<Dashboard />);
    await screen.findByText('3 tickets affichés');
    const search = screen.getByRole('searchbox', { name: 'Rechercher' });
    await userEvent.type(search, 'client #3{Enter}');
    const count = screen.getByText('1 ticket affiché sur 3').closest('[role="status"]');
    expect(count).toHaveFocus();
    search.focus();
    await userEvent.click(screen.getByRole('button', { name: 'Voir les résultats' }));
    expect(count).toHaveFocus();
    expect(screen.getByRole('search', { name: 'Filtrer les tickets' })).toContainElement(screen.getByRole('button', { name: 'Voir les résultats' }));
  });

  it('offers the statuses in French, and the default list when the statuses call fails', async () => {
    stubApi({ statuses: () => jsonResponse({ success: false, message: 'Erreur' }, 500) });
    renderAt(<Dashboard />);
    await screen.findByText('3 tickets affichés');
    const select = screen.getByRole('combobox', { name: 'Statut' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Non réparable' })).toBeInTheDocument());
    expect(within(select).getByRole('option', { name: 'Tous les statuts' })).toBeInTheDocument();
    expect(within(select).getAllByRole('option')).toHaveLength(10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const categories = within(screen.getByRole('combobox', { name: 'Catégorie' })).getAllByRole('option').map((option) => option.textContent);
    expect(categories).toEqual(['Toutes les catégories', 'Téléphone', 'Tablette', 'Ordinateur', 'Console', 'Montre', 'Chromebook', 'Autre appareil']);
  });

  it('says when the period has no ticket', async () => {
    stubApi({ tickets: () => jsonResponse(listEnvelope([])) });
    renderAt(<Dashboard />);
    expect(await screen.findByText('Aucun ticket trouvé dans RepairDesk pour les 14 derniers jours.')).toBeInTheDocument();
  });

  it('empties the list on an HTTP error and offers to try again', async () => {
    let fail = true;
    stubApi({ tickets: () => (fail ? jsonResponse({ success: false, message: 'Erreur' }, 500) : jsonResponse(listEnvelope(tickets))) });
    writeTicketCache(tickets);
    renderAt(<Dashboard />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Erreur : veuillez réessayer ultérieurement');
    expect(screen.getByText('Aucun ticket à afficher')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Tickets de réparation/ })).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('3 tickets affichés')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives the connection message when the server cannot be reached', async () => {
    stubApi({ tickets: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderAt(<Dashboard />);
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Problème de connexion au serveur. Veuillez réessayer dans quelques instants.',
    );
  });

  it('shows the cached tickets at once, then keeps the fresh list', async () => {
    mobile();
    writeTicketCache([tickets[0] ?? publicTicket()]);
    let answer: (response: Response) => void = () => undefined;
    const mock = stubApi({ tickets: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(<Dashboard />);
    expect(screen.getByRole('heading', { name: 'T-6601' })).toBeInTheDocument();
    expect(screen.queryByText('Chargement des tickets…')).not.toBeInTheDocument();
    await waitFor(() => expect(mock).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/repairdesk\/tickets\?/), expect.anything()));
    answer(jsonResponse(listEnvelope(tickets)));
    expect(await screen.findByText('3 tickets affichés')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(TICKET_CACHE_KEY) ?? '{}') as { tickets: unknown[] };
    expect(stored.tickets).toHaveLength(3);
  });

  it('ignores a corrupt cache', async () => {
    localStorage.setItem(TICKET_CACHE_KEY, '{"savedAt":"hier","tickets":"rien"}');
    stubApi();
    renderAt(<Dashboard />);
    expect(screen.getByText('Chargement des tickets…')).toBeInTheDocument();
    expect(await screen.findByText('3 tickets affichés')).toBeInTheDocument();
  });

  it('refreshes statuses and tickets with the refresh button', async () => {
    const mock = stubApi();
    renderAt(<Dashboard />);
    await screen.findByText('3 tickets affichés');
    const before = mock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(mock.mock.calls.length).toBe(before + 2));
    expect(screen.getByText(/Dernière mise à jour/)).toHaveTextContent(/\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}:\d{2}/);
  });

  it('refreshes the tickets by itself every 5 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const mock = stubApi();
      renderAt(<Dashboard />);
      await screen.findByText('3 tickets affichés');
      const ticketCalls = () => mock.mock.calls.filter(([url]) => url.startsWith('/api/repairdesk/tickets?')).length;
      expect(ticketCalls()).toBe(1);
      await vi.advanceTimersByTimeAsync(4 * 60_000);
      expect(ticketCalls()).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() => expect(ticketCalls()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
