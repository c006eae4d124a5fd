import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvoice } from '@erepare/shared/schemas/admin-repair';
import { InvoicesSection } from '../invoices';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const invoice: AdminInvoice = {
  id: 5,
  invoiceNumber: 'F-2026-00042',
  status: 'Paid',
  customerId: 7,
  customerName: 'Léa Martin',
  ticketNumber: null,
  totalCents: 12000,
  amountPaidCents: 12000,
  creditedCents: 0,
  bonusCents: 0,
  amountDueCents: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  subtotalCents: 10000,
  taxCents: 2000,
  bonusCategory: null,
  bonusLabel: null,
  notes: '',
  dueOn: null,
  customer: { id: 7, fullName: 'Léa Martin', email: 'lea@exemple.fr', phone: '', organization: 'Atelier Martin SAS', siren: '443061841', vatNumber: 'FR64443061841' },
  ticket: null,
  lines: [{ name: 'Forfait atelier', sku: '', quantity: 1, unitPriceCents: 12000, vatRate: '20', taxCents: 2000, totalCents: 12000 }],
  vatBreakdown: [{ rate: '20', baseCents: 10000, taxCents: 2000 }],
  marginScheme: false,
  marginTotalCents: 0,
  mentions: [],
  payments: [],
  creditNotes: [],
};

function setup(data: AdminInvoice) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/admin/invoices/5') return json({ success: true, data });
      if (url === '/api/admin/invoices/5/online-payments') return json({ success: true, data: [] });
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
      <MemoryRouter initialEntries={['/admin-dashboard?section=factures&id=5']}>
        <InvoicesSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const factOf = (label: string) => screen.queryByText(label, { selector: 'dt' })?.nextElementSibling ?? null;

describe('staff invoice detail', () => {
  it('names a business customer’s organisation, SIREN and VAT number, as the invoice prints them', async () => {
    setup(invoice);
    expect(await screen.findByRole('heading', { name: 'Facture F-2026-00042' })).toBeInTheDocument();
    expect(factOf('Société')).toHaveTextContent('Atelier Martin SAS');
    expect(factOf('SIREN')).toHaveTextContent('443061841');
    expect(factOf('N° TVA intracommunautaire')).toHaveTextContent('FR64443061841');
  });

  it('shows none of them for a private customer (or RepairDesk’s, which has no such fields)', async () => {
    setup({ ...invoice, customer: { id: 7, fullName: 'Léa Martin', email: 'lea@exemple.fr', phone: '' } });
    expect(await screen.findByRole('heading', { name: 'Facture F-2026-00042' })).toBeInTheDocument();
    expect(factOf('Société')).toBeNull();
    expect(factOf('SIREN')).toBeNull();
    expect(factOf('N° TVA intracommunautaire')).toBeNull();
  });
});
