import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, bookingMessages, parisDay, parisInstant } from '@erepare/shared/booking';
import type { AccountBooking } from '@erepare/shared/schemas/bookings';
import { jsonResponse, sessionUser } from '../../account/components/dashboard/test/fixtures';
import { on, stubApi } from '../../account/components/dashboard/test/render';
import { AccountBookings } from './account-bookings';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const today = parisDay(new Date());
const tomorrow = addDays(today, 1);
const at = (day: string, time: string) => parisInstant(day, time).toISOString();

function booking(overrides: Partial<AccountBooking> = {}): AccountBooking {
  const slotStart = overrides.slotStart ?? at(tomorrow, '10:00');
  return {
    id: 5,
    reference: 'RDV-2026-000005',
    slotStart,
    slotEnd: new Date(new Date(slotStart).getTime() + 30 * 60_000).toISOString(),
    status: 'confirmed',
    cancelledBy: null,
    upcoming: true,
    canChange: true,
    changeDeadline: new Date(new Date(slotStart).getTime() - 2 * 3_600_000).toISOString(),
    cutoffHours: 2,
    estimateNumber: null,
    quoteReference: null,
    ...overrides,
  };
}

const list = (items: AccountBooking[]) => jsonResponse({ success: true, data: items });

/** Tomorrow with three slots: 10h00 (the booking's), 10h30 full, 11h00 free; the other days closed. */
function calendar() {
  const slot = (time: string, available: boolean) => ({ start: at(tomorrow, time), end: at(tomorrow, time), available });
  const days = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(today, index);
    return day === tomorrow ? { day, closed: null, slots: [slot('10:00', false), slot('10:30', false), slot('11:00', true)] } : { day, closed: 'Fermé', slots: [] };
  });
  return jsonResponse({ success: true, data: { from: today, firstDay: today, lastDay: addDays(today, 30), slotMinutes: 30, cutoffHours: 2, days } });
}

function renderSection(user = sessionUser()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccountBookings user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AccountBookings (« Mes rendez-vous » in the account)', () => {
  it('loads, then lists the upcoming bookings, then the past and cancelled ones, with what they are for', async () => {
    stubApi(
      on('GET', '/api/account/bookings', () =>
        list([
          booking({ estimateNumber: 'DV-2026-000041' }),
          booking({ id: 4, reference: 'RDV-2026-000004', slotStart: at(addDays(today, 3), '15:00'), canChange: false }),
          booking({ id: 3, reference: 'RDV-2026-000003', status: 'cancelled', cancelledBy: 'staff', upcoming: false, canChange: false, quoteReference: 'D-2026-000007' }),
          booking({ id: 2, reference: 'RDV-2026-000002', slotStart: at(addDays(today, -5), '10:00'), upcoming: false, canChange: false }),
        ]),
      ),
    );
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Mes rendez-vous' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de vos rendez-vous…');

    const upcoming = within(await screen.findByRole('list', { name: 'À venir' })).getAllByRole('listitem');
    expect(upcoming).toHaveLength(2);
    expect(upcoming[0]).toHaveTextContent('RDV-2026-000005');
    expect(upcoming[0]).toHaveTextContent('Confirmé');
    expect(upcoming[0]).toHaveTextContent(/à 10h00/);
    expect(upcoming[0]).toHaveTextContent('Pour : Devis DV-2026-000041');
    expect(upcoming[0]).toHaveTextContent(/Modifiable en ligne jusqu’au .* à 8h00\./);
    expect(within(upcoming[0]!).getByRole('button', { name: 'Déplacer le rendez-vous RDV-2026-000005' })).toBeEnabled();
    expect(within(upcoming[0]!).getByRole('button', { name: 'Annuler le rendez-vous RDV-2026-000005' })).toBeEnabled();
    // Past the cut-off: no button, the phone instead.
    expect(within(upcoming[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(upcoming[1]).toHaveTextContent(/Il n’est plus possible de le modifier en ligne moins de 2\sh avant son heure\. Appelez-nous au/);

    const others = within(screen.getByRole('list', { name: 'Passés et annulés' })).getAllByRole('listitem');
    expect(others.map((item) => within(item).getByText(/^RDV-/).textContent)).toEqual(['RDV-2026-000003', 'RDV-2026-000002']);
    expect(others[0]).toHaveTextContent('Annulé par l’atelier');
    expect(others[0]).toHaveTextContent('Pour : Demande de devis D-2026-000007');
    expect(others[1]).toHaveTextContent('Passé');
    expect(within(others[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prendre rendez-vous' })).toHaveAttribute('href', '/rendez-vous');
  });

  it('says « Aucun rendez-vous » with a link to book', async () => {
    stubApi(on('GET', '/api/account/bookings', () => list([])));
    renderSection();
    expect(await screen.findByText('Aucun rendez-vous')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prendre rendez-vous' })).toHaveAttribute('href', '/rendez-vous');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows an error with « Réessayer », which asks again', async () => {
    let calls = 0;
    stubApi(
      on('GET', '/api/account/bookings', () => {
        calls += 1;
        return calls === 1 ? jsonResponse({ success: false, message: 'Erreur interne', statusCode: 500 }, 500) : list([booking()]);
      }),
    );
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger vos rendez-vous pour le moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('RDV-2026-000005')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('asks nothing for an unverified account and says why it sees none', () => {
    const calls = stubApi(on('GET', '/api/account/bookings', () => list([booking()])));
    renderSection(sessionUser({ email_verified: false }));
    expect(screen.getByText(/Confirmez votre adresse e-mail/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('« Annuler » asks first (« Garder le rendez-vous » changes nothing), then cancels from the account and says so', async () => {
    const user = userEvent.setup();
    let current = booking();
    const calls = stubApi(
      on('GET', '/api/account/bookings', () => list([current])),
      on('POST', '/api/account/bookings/5/cancel', () => {
        current = booking({ status: 'cancelled', cancelledBy: 'customer', upcoming: false, canChange: false });
        return jsonResponse({ success: true, message: bookingMessages.cancelled, data: current });
      }),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Annuler le rendez-vous RDV-2026-000005' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Annuler ce rendez-vous\u00a0?' });
    expect(within(dialog).getByRole('button', { name: 'Garder le rendez-vous' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Garder le rendez-vous' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Annuler le rendez-vous RDV-2026-000005' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui, annuler' }));
    const done = await screen.findByText(/Votre rendez-vous a été annulé\. Un e-mail de confirmation vous a été envoyé\./);
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/account/bookings/5/cancel']);
    expect(await screen.findByText('Annulé')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Annuler le rendez-vous/ })).not.toBeInTheDocument();
  });

  it('« Déplacer » opens the calendar in place; a full slot offers the next free ones; the move is posted and announced', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const calls = stubApi(
      on('GET', '/api/account/bookings', () => list([booking()])),
      on('GET', '/api/bookings/slots', () => calendar()),
      on('POST', '/api/account/bookings/5/reschedule', (request) => {
        posts += 1;
        if (posts === 1) return jsonResponse({ success: false, message: bookingMessages.slotFull, statusCode: 409, code: 'SLOT_FULL', nextSlots: [{ start: at(tomorrow, '11:00'), end: at(tomorrow, '11:30') }] }, 409);
        const { slotStart } = request.body as { slotStart: string };
        return jsonResponse({ success: true, message: bookingMessages.rescheduled, data: booking({ slotStart }) });
      }),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Déplacer le rendez-vous RDV-2026-000005' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Déplacer le rendez-vous RDV-2026-000005' })).toHaveFocus();
    // The current slot is shown, not offered.
    expect(await screen.findByRole('radio', { name: /à 10h00, votre rendez-vous actuel$/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /à 11h00, disponible$/ }));
    expect(screen.getByText(/^Nouveau créneau choisi : .* à 11h00$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Déplacer à ce créneau' }));
    expect(await screen.findByText(bookingMessages.slotFull)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /11h00$/ }));
    await user.click(screen.getByRole('button', { name: 'Déplacer à ce créneau' }));

    expect(await screen.findByText(/^Votre rendez-vous a été déplacé\. Nouvel horaire : .* à 11h00\. Un e-mail de confirmation vous a été envoyé\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: /Déplacer le rendez-vous/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ slotStart: at(tomorrow, '11:00') }, { slotStart: at(tomorrow, '11:00') }]);
  });

  it('« Retour à mes rendez-vous » goes back to the list, focus on the booking’s « Déplacer »', async () => {
    const user = userEvent.setup();
    stubApi(
      on('GET', '/api/account/bookings', () => list([booking()])),
      on('GET', '/api/bookings/slots', () => calendar()),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Déplacer le rendez-vous RDV-2026-000005' }));
    await user.click(screen.getByRole('button', { name: 'Retour à mes rendez-vous' }));
    expect(screen.getByRole('button', { name: 'Déplacer le rendez-vous RDV-2026-000005' })).toHaveFocus();
  });
});
