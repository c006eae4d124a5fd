import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingMessages, parisInstant } from '@erepare/shared/booking';
import { ClosuresPanel } from './bookings';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const day = '2026-12-15';
const hit = [
  { reference: 'RDV-2026-000012', slotStart: parisInstant(day, '10:00').toISOString(), name: 'Zoé Martin' },
  { reference: 'RDV-2026-000015', slotStart: parisInstant(day, '14:30').toISOString(), name: 'Léo Dupont' },
];

function setup(options: { takenMeanwhile?: (typeof hit)[number] } = {}) {
  const posts: Array<Record<string, unknown>> = [];
  let booked = hit;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/admin/bookings/closures?')) return json({ success: true, data: { year: 2026, closures: [], holidays: [] } });
      if (url === '/api/admin/bookings/closures' && init?.method === 'POST') {
        const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        posts.push(body);
        if (body.cancelBookings !== true) {
          // A booking taken while staff read the dialog (it shows on the server's next answers).
          const answer = json({ success: false, message: bookingMessages.closureHasBookings(booked.length), statusCode: 409, code: 'CLOSURE_HAS_BOOKINGS', bookings: booked }, 409);
          if (options.takenMeanwhile) booked = [...hit, options.takenMeanwhile];
          return answer;
        }
        const expected = body.expectedBookings as string[];
        if (booked.some((booking) => !expected.includes(booking.reference))) {
          return json({ success: false, message: bookingMessages.closureHasNewBookings(booked.length), statusCode: 409, code: 'CLOSURE_HAS_BOOKINGS', bookings: booked }, 409);
        }
        return json({ success: true, message: bookingMessages.closureSavedWithCancellations(booked.length), data: { cancelled: booked } });
      }
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ClosuresPanel />
    </QueryClientProvider>,
  );
  return { posts };
}

async function askToClose(user: ReturnType<typeof userEvent.setup>) {
  await user.clear(screen.getByLabelText('Jour fermé'));
  await user.type(screen.getByLabelText('Jour fermé'), day);
  await user.clear(screen.getByLabelText('Motif (facultatif)'));
  await user.type(screen.getByLabelText('Motif (facultatif)'), 'Inventaire');
  await user.click(screen.getByRole('button', { name: 'Fermer ce jour' }));
  return screen.findByRole('alertdialog', { name: 'Fermer le mardi 15 décembre\u00a0?' });
}

describe('Administration → Rendez-vous → a closure on a day with bookings', () => {
  it('asks in a dialog listing the bookings it would cancel; « Annuler » changes nothing and gives the focus back', async () => {
    const user = userEvent.setup();
    const { posts } = setup();
    const dialog = await askToClose(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/2 rendez-vous sont pris ce jour-là\. Ils seront annulés et les clients prévenus par e-mail/);
    const items = within(within(dialog).getByRole('list', { name: 'Rendez-vous qui seront annulés' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['10h00Zoé MartinRDV-2026-000012', '14h30Léo DupontRDV-2026-000015']);
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    expect(posts).toEqual([{ day, reason: 'Inventaire' }]);
    // The 409's message is in the dialog, not in an error box under the form.
    expect(screen.queryByText(bookingMessages.closureHasBookings(2))).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Fermer ce jour' })).toHaveFocus();
    // The form keeps what was typed.
    expect(screen.getByLabelText('Jour fermé')).toHaveValue(day);

    // Escape is « Annuler » too.
    await askToClose(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts).toEqual([
      { day, reason: 'Inventaire' },
      { day, reason: 'Inventaire' },
    ]);
  });

  it('confirming closes the day with cancelBookings and clears the form', async () => {
    const user = userEvent.setup();
    const { posts } = setup();
    const dialog = await askToClose(user);
    await user.click(within(dialog).getByRole('button', { name: 'Fermer et prévenir les clients' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ day, reason: 'Inventaire', cancelBookings: true, expectedBookings: ['RDV-2026-000012', 'RDV-2026-000015'] });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Jour fermé')).toHaveValue(''));
    expect(screen.getByLabelText('Motif (facultatif)')).toHaveValue('');
  });

  it('a booking taken while the dialog was open brings it back with the new list and the server’s message; nothing was closed', async () => {
    const user = userEvent.setup();
    const late = { reference: 'RDV-2026-000021', slotStart: parisInstant(day, '16:00').toISOString(), name: 'Inès Petit' };
    const { posts } = setup({ takenMeanwhile: late });
    const dialog = await askToClose(user);
    await user.click(within(dialog).getByRole('button', { name: 'Fermer et prévenir les clients' }));
    const again = await screen.findByRole('alertdialog', { name: 'Fermer le mardi 15 décembre\u00a0?' });
    expect(within(again).getByRole('alert').textContent).toBe(bookingMessages.closureHasNewBookings(3));
    const items = within(within(again).getByRole('list', { name: 'Rendez-vous qui seront annulés' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['10h00Zoé MartinRDV-2026-000012', '14h30Léo DupontRDV-2026-000015', '16h00Inès PetitRDV-2026-000021']);
    // The form still holds the day: nothing was closed.
    expect(screen.getByLabelText('Jour fermé')).toHaveValue(day);

    await user.click(within(again).getByRole('button', { name: 'Fermer et prévenir les clients' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]).toEqual({ day, reason: 'Inventaire', cancelBookings: true, expectedBookings: ['RDV-2026-000012', 'RDV-2026-000015', 'RDV-2026-000021'] });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Jour fermé')).toHaveValue(''));
  });
});
