import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, parisDay, parisInstant } from '@erepare/shared/booking';
import { BookingPage } from './booking-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Tomorrow (Paris) with three slots: 10h00 free, 10h30 full, 11h00 free. */
function calendar() {
  const today = parisDay(new Date());
  const day = addDays(today, 1);
  const slot = (time: string, available: boolean) => {
    const start = parisInstant(day, time);
    return { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), available };
  };
  const days = Array.from({ length: 7 }, (_, index) => {
    const date = addDays(today, index);
    return date === day ? { day: date, closed: null, slots: [slot('10:00', true), slot('10:30', false), slot('11:00', true)] } : { day: date, closed: 'Fermé', slots: [] };
  });
  return { day, days, today, slot };
}

function setup() {
  const { days, today, slot } = calendar();
  const posts: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/bookings/slots')) {
        return json({ success: true, data: { from: today, firstDay: today, lastDay: addDays(today, 30), slotMinutes: 30, cutoffHours: 2, days } });
      }
      if (url === '/api/bookings' && init?.method === 'POST') {
        const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        posts.push(body);
        if (posts.length === 1) return json({ success: false, message: 'Ce créneau vient d’être complet.', statusCode: 409, code: 'SLOT_FULL', nextSlots: [{ start: slot('11:00', true).start, end: slot('11:00', true).end }] }, 409);
        return json({ success: true, message: 'Votre rendez-vous est réservé.', data: { reference: 'RDV-2026-000042', slotStart: body.slotStart, slotEnd: body.slotStart, status: 'confirmed', ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' } });
      }
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/rendez-vous?demande=D-2026-000007']}>
        <BookingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { posts };
}

describe('BookingPage', () => {
  it('names each slot by its day, time and state; a full slot is listed but cannot be chosen', async () => {
    setup();
    const free = await screen.findByRole('radio', { name: /à 10h00, disponible$/ });
    const full = screen.getByRole('radio', { name: /à 10h30, complet$/ });
    expect(full).toBeDisabled();
    expect(free).toBeEnabled();
    expect(screen.getByRole('group', { name: '1. Choisissez un créneau' })).toBeInTheDocument();
    expect(screen.getAllByText('Fermé').length).toBe(6);
  });

  it('offers the next free slots after a 409, then books and shows the reference and the calendar file', async () => {
    const user = userEvent.setup();
    const { posts } = setup();
    await user.click(await screen.findByRole('radio', { name: /à 10h00, disponible$/ }));
    expect(screen.getByTestId('booking-selected')).toHaveTextContent(/Créneau choisi : .* à 10h00/);
    await user.type(screen.getByLabelText('Nom et prénom'), 'Zoé Martin');
    await user.type(screen.getByLabelText('Téléphone'), '06 12 34 56 78');
    await user.type(screen.getByLabelText('E-mail'), 'zoe@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));

    expect(await screen.findByText('Ce créneau vient d’être complet.')).toBeInTheDocument();
    expect(posts[0]).toMatchObject({ name: 'Zoé Martin', email: 'zoe@exemple.fr', quoteReference: 'D-2026-000007', smsConsent: false });
    const offered = screen.getByText('Les prochains créneaux libres', { exact: false }).parentElement as HTMLElement;
    await user.click(within(offered).getByRole('button', { name: /11h00/ }));
    expect(screen.getByRole('radio', { name: /à 11h00, disponible$/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));

    expect(await screen.findByRole('heading', { name: 'Votre rendez-vous est réservé' })).toHaveFocus();
    expect(screen.getByTestId('booking-reference')).toHaveTextContent('RDV-2026-000042');
    const link = screen.getByRole('link', { name: 'Ajouter à mon agenda' });
    expect(link).toHaveAttribute('download', 'rendez-vous-RDV-2026-000042.ics');
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('BEGIN:VCALENDAR');
  });

  it('refuses to send the form without a name, in French, focusing the field', async () => {
    const user = userEvent.setup();
    const { posts } = setup();
    await screen.findByRole('radio', { name: /à 10h00, disponible$/ });
    await user.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));
    expect(screen.getByText('Veuillez indiquer votre nom')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom et prénom')).toHaveFocus();
    expect(posts).toHaveLength(0);
  });
});
