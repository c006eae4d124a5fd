import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RelayChoice } from '../lib/checkout-form';
import { relayPoints } from '../test/fixtures';
import { failure, json, stubApi } from '../test/render';
import { RelayPicker } from './relay-picker';

const RELAYS = '/api/colissimo/relay-points';

let user: UserEvent;
let chosen: RelayChoice[] = [];

function Harness({ postcode = '33470', initial = null }: { postcode?: string; initial?: RelayChoice | null }) {
  const [value, setValue] = useState<RelayChoice | null>(initial);
  return (
    <RelayPicker
      addressPostcode={postcode}
      value={value}
      onChange={(choice) => {
        chosen.push(choice);
        setValue(choice);
      }}
    />
  );
}

function renderPicker(props: { postcode?: string; initial?: RelayChoice | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const searchedCodes = (mock: ReturnType<typeof stubApi>['mock']) =>
  mock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(RELAYS)).map((url) => new URL(url, 'http://localhost').searchParams.get('postalCode'));

beforeEach(() => {
  user = userEvent.setup({ delay: null });
  chosen = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('RelayPicker (spec 2 §4, §5, §8)', () => {
  it('searches the address’s postal code and lists the points: type, distance in m or km, address, accessibility, hours', async () => {
    const { mock } = stubApi({ [RELAYS]: () => json({ success: true, message: '3 points relais trouvés', data: relayPoints }) });
    renderPicker();
    expect(screen.getByLabelText('Code postal de recherche')).toHaveValue('33470');
    expect(screen.getByRole('status')).toHaveTextContent('Recherche des points relais…');

    const group = await screen.findByRole('group', { name: 'Points relais près de 33470' });
    expect(screen.getByRole('status')).toHaveTextContent('3 points relais trouvés');
    expect(mock.mock.calls.map(([url]) => String(url))).toContain(`${RELAYS}?postalCode=33470&maxResults=10`);
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const post = radios[0]!.closest('li')!;
    expect(post).toHaveTextContent('BUREAU DE POSTE GUJAN MESTRAS');
    expect(post).toHaveTextContent('Bureau de poste');
    expect(post).toHaveTextContent('190 m');
    expect(post).toHaveTextContent('2 AVENUE DE LATTRE DE TASSIGNY, 33470 GUJAN MESTRAS');
    expect(post).toHaveTextContent('Accessible aux personnes à mobilité réduite');
    const pickup = radios[1]!.closest('li')!;
    expect(pickup).toHaveTextContent('Relais Pickup');
    expect(pickup).toHaveTextContent('850 m');
    expect(pickup).not.toHaveTextContent('mobilité réduite');
    const depot = radios[2]!.closest('li')!;
    expect(depot).toHaveTextContent('Centre de distribution');
    expect(depot).toHaveTextContent('5,4 km');

    // Opening hours Monday to Sunday in a disclosure: two slots, closed days.
    const hours = within(post).getByRole('table', { name: 'Horaires d’ouverture\u00a0: BUREAU DE POSTE GUJAN MESTRAS', hidden: true });
    const rows = within(hours).getAllByRole('row', { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual([
      'Lundi9h00 – 12h00, 14h00 – 17h30',
      'Mardi9h00 – 12h00, 14h00 – 17h30',
      'Mercredi9h00 – 12h00',
      'Jeudi9h00 – 12h00, 14h00 – 17h30',
      'Vendredi9h00 – 12h00, 14h00 – 17h30',
      'Samedi9h00 – 12h00',
      'DimancheFermé',
    ]);
    const summary = within(post).getByText('Horaires d’ouverture');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    // Opening the hours does not choose the point.
    expect(radios[0]).not.toBeChecked();
  });

  it('chooses a point with the keyboard and hands back the point and the searched code', async () => {
    stubApi({ [RELAYS]: () => json({ success: true, message: '', data: relayPoints }) });
    renderPicker();
    await screen.findByRole('group', { name: 'Points relais près de 33470' });
    const radios = screen.getAllByRole('radio');
    radios[1]!.focus();
    await user.keyboard(' ');
    expect(radios[1]).toBeChecked();
    expect(chosen.at(-1)).toEqual({ point: relayPoints[1], postcode: '33470' });
    await user.click(screen.getByText('CENTRE DE DISTRIBUTION LA TESTE DE BUCH'));
    expect(radios[2]).toBeChecked();
    expect(chosen.at(-1)?.point.identifiant).toBe('331950');
  });

  it('asks for a valid code and sends nothing until it has exactly 5 digits; one search after typing', async () => {
    const { mock } = stubApi({ [RELAYS]: () => json({ success: true, message: '', data: relayPoints.slice(0, 1) }) });
    renderPicker({ postcode: '3347' });
    expect(screen.getByLabelText('Code postal de recherche')).toHaveAccessibleDescription('Veuillez saisir un code postal valide (5 chiffres)');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    const input = screen.getByLabelText('Code postal de recherche');
    await user.clear(input);
    await user.type(input, '33a7');
    expect(screen.getByText('Veuillez saisir un code postal valide (5 chiffres)')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '33120');
    await screen.findByRole('group', { name: 'Points relais près de 33120' });
    await user.type(input, '9');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir un code postal valide (5 chiffres)')).toBeInTheDocument();
    expect(searchedCodes(mock)).toEqual(['33120']);
  });

  it('shows the error with Réessayer, which searches again', async () => {
    let calls = 0;
    stubApi({
      [RELAYS]: () => {
        calls += 1;
        return calls === 1 ? failure('Impossible de charger les points relais Colissimo', 503) : json({ success: true, message: '', data: relayPoints });
      },
    });
    renderPicker();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible de charger les points relais Colissimo');
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('group', { name: 'Points relais près de 33470' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('says when no point is found', async () => {
    stubApi({ [RELAYS]: () => json({ success: true, message: 'Aucun point relais trouvé pour ce code postal', data: [] }) });
    renderPicker({ postcode: '75001' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Aucun point relais trouvé pour ce code postal'));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('keeps showing a point chosen earlier, searched with its own code', async () => {
    const { mock } = stubApi({ [RELAYS]: () => json({ success: true, message: '', data: [] }) });
    renderPicker({ postcode: '33000', initial: { point: relayPoints[1]!, postcode: '33470' } });
    expect(screen.getByLabelText('Code postal de recherche')).toHaveValue('33470');
    expect(screen.getByText('Point relais choisi')).toBeInTheDocument();
    expect(screen.getByText('CARREFOUR CITY GUJAN CENTRE')).toBeInTheDocument();
    await waitFor(() => expect(searchedCodes(mock)).toEqual(['33470']));
  });
});
