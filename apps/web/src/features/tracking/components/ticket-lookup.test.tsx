import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, ticketDetail } from '../test/fixtures';
import { renderAt } from '../test/render';
import { TicketLookup } from './ticket-lookup';

const detailEnvelope = (data = ticketDetail()) => ({ success: true, data, message: 'Ticket récupéré', statusCode: 200 });

function stubFetch(handler: (url: string) => Response | Promise<Response>) {
  const mock = vi.fn((url: string) => Promise.resolve(handler(url)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

afterEach(() => vi.unstubAllGlobals());

const field = () => screen.getByRole('textbox', { name: 'Numéro de ticket' });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));

/** The message region the field points to with aria-describedby. */
function describedMessage(): HTMLElement {
  const ids = field().getAttribute('aria-describedby')?.split(' ') ?? [];
  const region = ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('aria-live') === 'polite');
  if (!region) throw new Error('no live message region described by the field');
  return region;
}

describe('TicketLookup', () => {
  it('asks for a number when the field is empty, in a live region tied to the field', async () => {
    const mock = stubFetch(() => jsonResponse({}));
    renderAt(<TicketLookup />);
    await submit();
    expect(describedMessage()).toHaveTextContent('Veuillez entrer un numéro de ticket');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveFocus();
    expect(mock).not.toHaveBeenCalled();
  });

  it.each(['abc', 'T-12', '1234567', '-6632'])('refuses the malformed number %s with the spec’s message', async (typed) => {
    const mock = stubFetch(() => jsonResponse({}));
    renderAt(<TicketLookup />);
    await userEvent.type(field(), typed);
    await submit();
    expect(describedMessage()).toHaveTextContent('Format de ticket invalide. Utilisez T-6632 ou 6632');
    expect(mock).not.toHaveBeenCalled();
  });

  it('clears the message when the visitor types again', async () => {
    stubFetch(() => jsonResponse({}));
    renderAt(<TicketLookup />);
    await submit();
    await userEvent.type(field(), '6');
    expect(describedMessage()).toHaveTextContent('');
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('normalises a typed number, puts it in the address and shows the ticket with its history', async () => {
    const mock = stubFetch(() => jsonResponse(detailEnvelope()));
    const { router } = renderAt(<TicketLookup />, '/suivi?autre=1');
    await userEvent.type(field(), ' t6650 ');
    await submit();
    expect(router.state.location.search).toBe('?autre=1&ticket=T-6650');
    expect(await screen.findByRole('heading', { name: 'Ticket T-6650' })).toBeInTheDocument();
    expect(mock).toHaveBeenCalledWith('/api/repairdesk/tickets/T-6650', expect.anything());
    expect(field()).toHaveValue('T-6650');

    const article = screen.getByRole('article');
    // French labels, oldest change first, fr-FR dates (Paris time).
    const items = within(within(article).getByRole('list', { name: 'Historique du statut' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('14/11/2026 11:50');
    expect(items[0]).toHaveTextContent("En attente d'inspection");
    expect(items[0]).toHaveTextContent('Ticket enregistré');
    expect(items[1]).toHaveTextContent('20/11/2026 10:15');
    expect(items[1]).toHaveTextContent('En cours');
    expect(items[1]).toHaveTextContent("Précédemment : En attente d'inspection");
    expect(within(article).getByText('Écran cassé')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: /Voir ce ticket dans mon compte/ })).toHaveAttribute('href', '/compte?ticket=T-6650');
  });

  it('looks the ticket of the address up at once and fills the field', async () => {
    const mock = stubFetch(() => jsonResponse(detailEnvelope()));
    renderAt(<TicketLookup />, '/suivi?ticket=T-6650');
    expect(field()).toHaveValue('T-6650');
    expect(await screen.findByRole('heading', { name: 'Ticket T-6650' })).toBeInTheDocument();
    // Asked once. Counted by address: the files of a process share their modules, and a query
    // another file left retrying would call this test's stub of the global fetch too (seen once,
    // two calls, under three Vitest processes on two cores; its address was not recorded).
    expect(mock.mock.calls.filter(([url]) => url.startsWith('/api/repairdesk/tickets/'))).toHaveLength(1);
  });

  it('says the number of the address is malformed without calling the API', () => {
    const mock = stubFetch(() => jsonResponse({}));
    renderAt(<TicketLookup />, '/suivi?ticket=abc');
    expect(field()).toHaveValue('abc');
    expect(describedMessage()).toHaveTextContent('Format de ticket invalide. Utilisez T-6632 ou 6632');
    expect(mock).not.toHaveBeenCalled();
  });

  it('an empty search sent without the app (?ticket=) gets the empty-field message, without calling the API', () => {
    const mock = stubFetch(() => jsonResponse({}));
    renderAt(<TicketLookup />, '/suivi?ticket=');
    expect(field()).toHaveValue('');
    expect(describedMessage()).toHaveTextContent('Veuillez entrer un numéro de ticket');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(mock).not.toHaveBeenCalled();
  });

  it('says plainly that an unknown ticket was not found', async () => {
    stubFetch(() => jsonResponse({ success: false, message: 'Ticket introuvable', statusCode: 404 }, 404));
    renderAt(<TicketLookup />, '/suivi?ticket=T-9999');
    await waitFor(() => expect(describedMessage()).toHaveTextContent('Ticket introuvable'));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('gives the connection message when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderAt(<TicketLookup />, '/suivi?ticket=6650');
    await waitFor(
      () => expect(describedMessage()).toHaveTextContent('Problème de connexion au serveur. Veuillez réessayer dans quelques instants.'),
      { timeout: 4000 },
    );
  });
});
