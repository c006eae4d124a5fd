import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessIdMessages } from '@erepare/shared/business-ids';
import type { AdminCustomer } from '@erepare/shared/schemas/admin-repair';
import { CustomersSection } from '../customers';
import { asRead } from '../../../../test/read-text';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const customer: AdminCustomer = {
  id: 7,
  firstName: 'Léa',
  lastName: 'Martin',
  fullName: 'Léa Martin',
  email: 'lea@exemple.fr',
  phone: '',
  mobile: '0600000000',
  city: 'Arcachon',
  loyaltyBalanceCents: 0,
  ticketCount: 0,
  invoiceCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  emails: ['lea@exemple.fr'],
  address1: '3 rue des Pins',
  address2: '',
  postcode: '33120',
  country: 'France',
  organization: 'Atelier Martin SAS',
  siren: '443061841',
  vatNumber: '',
  emailOptIn: false,
  smsOptIn: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  accounts: [],
  tickets: [],
  invoices: [],
};

/** The staff API, as far as this screen goes: the customer, and PATCH answering as the server would (or refusing). */
function setup(refusal: string | null = null) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let current = customer;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body });
      if (url === '/api/admin/customers/7' && method === 'PATCH') {
        if (refusal) return json({ success: false, message: refusal, statusCode: 400, code: 'BUSINESS_IDS_MISMATCH' }, 400);
        current = { ...current, ...(body as Partial<AdminCustomer>) };
        return json({ success: true, message: 'Modifications enregistrées', data: current });
      }
      if (url === '/api/admin/customers/7') return json({ success: true, data: current });
      if (url === '/api/admin/overview') {
        return json({
          success: true,
          data: {
            tickets: null,
            invoices: null,
            repairNote: null,
            orders: { processing: 0, onHold: 0, toHandle: 0 },
            inbox: { messagesNew: 0, messagesInProgress: 0, quotesNew: 0, quotesInProgress: 0 },
            mail: { failed: 0 },
            estimates: { accepted: 0, declined: 0, recent: [] },
            sales: [],
          },
        });
      }
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin-dashboard?section=clients&id=7']}>
        <CustomersSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const factOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('customer detail: a business customer’s SIREN and VAT number', () => {
  it('shows them, and saves them compact from the edit form', async () => {
    const user = userEvent.setup();
    const calls = setup();
    expect(await screen.findByRole('heading', { name: 'Léa Martin' })).toBeInTheDocument();
    expect(factOf('SIREN')).toHaveTextContent('443061841');
    expect(factOf('N° TVA intracommunautaire')).toHaveTextContent('—');

    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    const form = screen.getByRole('heading', { name: 'Modifier les coordonnées' }).closest('section') ?? document.body;
    const vat = within(form).getByRole('textbox', { name: 'N° TVA intracommunautaire' });
    expect(vat).toHaveAccessibleDescription('Facultatif, par exemple FR44 732\u202f829\u202f320');
    await user.type(vat, 'fr 64 443 061 841');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    // Both numbers travel together (the server checks one against the other), compact.
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ siren: '443061841', vatNumber: 'FR64443061841' }));
    expect(await screen.findByText('FR64443061841')).toBeInTheDocument();
  });

  it('says what is wrong next to the field, before asking the server', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const siren = screen.getByRole('textbox', { name: 'SIREN' });
    await user.clear(siren);
    await user.type(siren, '443 061 842');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(asRead(businessIdMessages.sirenKey))).toBeInTheDocument();
    expect(siren).toHaveAttribute('aria-invalid', 'true');

    await user.clear(siren);
    await user.type(siren, '443061841');
    const vat = screen.getByRole('textbox', { name: 'N° TVA intracommunautaire' });
    await user.type(vat, 'FR44732829320');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(asRead(businessIdMessages.mismatch))).toBeInTheDocument();
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    setup(businessIdMessages.mismatch);
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.type(screen.getByRole('textbox', { name: 'N° TVA intracommunautaire' }), 'DE123456789');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(asRead(businessIdMessages.mismatch))).toBeInTheDocument();
  });
});
