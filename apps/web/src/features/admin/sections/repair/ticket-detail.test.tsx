import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicket } from '@erepare/shared/schemas/admin-repair';
import { TicketsSection } from '../tickets';
import { devicesToBody, emptyDevice } from './device-fields';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn(), notify: vi.fn() }));
vi.mock('../../../../lib/toast', () => toast);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ticket: AdminTicket = {
  id: 1,
  ticketNumber: 'T-1234',
  status: 'En cours',
  statusType: 'Open',
  statusColor: '#f97316',
  description: 'Écran cassé',
  notes: '',
  totalCents: 9900,
  dueOn: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  customer: { id: 7, fullName: 'Léa Martin', email: 'lea@exemple.fr', phone: '0600000000' },
  devices: [{ category: 'Téléphone', brand: 'Apple', name: 'iPhone 12', model: '', fault: 'Écran', imei: '', serial: '', status: 'En cours', priceCents: 9900 }],
  history: [],
  invoices: [],
};

const statuses = [
  { id: 1, name: 'En cours', color: '#f97316', type: 'Open', sortOrder: 1, ticketCount: 3 },
  { id: 2, name: 'Prêt', color: '#22c55e', type: 'Closed', sortOrder: 2, ticketCount: 1 },
];

function setup({ repairNote = null as string | null } = {}) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url === '/api/admin/tickets/T-1234') return json({ success: true, data: ticket });
      if (url === '/api/admin/statuses') return json({ success: true, data: statuses });
      if (url === '/api/admin/overview') {
        return json({
          success: true,
          data: {
            tickets: null,
            invoices: null,
            repairNote,
            orders: { processing: 0, onHold: 0, toHandle: 0 },
            inbox: { messagesNew: 0, messagesInProgress: 0, quotesNew: 0, quotesInProgress: 0 },
            mail: { failed: 0 },
            estimates: { accepted: 0, declined: 0, recent: [] },
            sales: [],
          },
        });
      }
      if (url === '/api/admin/tickets/T-1234/status') {
        return json({ success: true, message: 'Ticket T-1234 : Prêt. E-mail envoyé à lea@exemple.fr.', data: { ticketNumber: 'T-1234', from: 'En cours', to: 'Prêt', changed: true, notified: 1, emailed: true } });
      }
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin-dashboard?section=tickets&id=T-1234']}>
        <TicketsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('ticket detail', () => {
  it('changes the status with « Prévenir le client par e-mail » and says so', async () => {
    const user = userEvent.setup();
    const calls = setup();
    expect(await screen.findByRole('heading', { name: 'Ticket T-1234' })).toBeInTheDocument();
    const select = await screen.findByLabelText('Nouveau statut');
    await waitFor(() => expect(select).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Changer le statut' })).toBeDisabled();
    await user.selectOptions(select, 'Prêt');
    await user.click(screen.getByRole('checkbox', { name: 'Prévenir le client par e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Changer le statut' }));
    await waitFor(() => expect(calls.find((call) => call.url.endsWith('/status'))).toMatchObject({ method: 'PATCH', body: { status: 'Prêt', notifyByEmail: true } }));
    expect(toast.toastSuccess).toHaveBeenCalledWith('Ticket T-1234 : Prêt. E-mail envoyé à lea@exemple.fr.');
  });

  it('with RepairDesk, shows why and hides the write buttons', async () => {
    setup({ repairNote: 'Les réparations sont gérées dans RepairDesk.' });
    expect(await screen.findByRole('heading', { name: 'Ticket T-1234' })).toBeInTheDocument();
    expect(await screen.findByText('Les réparations sont gérées dans RepairDesk.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Changer le statut' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });
});

describe('devices typed in the form', () => {
  it('become the API body, the estimate in cents, empty category left out', () => {
    expect(devicesToBody([{ ...emptyDevice, name: 'iPhone', fault: 'Écran', price: '49,90' }])).toEqual({
      devices: [{ category: 'Téléphone', brand: '', name: 'iPhone', model: '', imei: '', serial: '', fault: 'Écran', priceCents: 4990 }],
    });
    expect(devicesToBody([{ ...emptyDevice, category: '', name: 'x', fault: 'y' }])).toEqual({ devices: [{ brand: '', name: 'x', model: '', imei: '', serial: '', fault: 'y' }] });
    const bad = devicesToBody([{ ...emptyDevice }, { ...emptyDevice, price: '12,345' }]);
    expect(bad).toMatchObject({ index: 1 });
    expect('message' in bad ? bad.message : '').toMatch(/^Montant invalide/);
  });
});
