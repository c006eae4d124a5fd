import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '@erepare/shared/schemas/admin-shop';
import { OrdersSection } from '../orders';

const toast = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn(), notify: vi.fn() }));
vi.mock('../../../../lib/toast', () => toast);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const base: AdminOrderDetail = {
  id: 12,
  number: '1012',
  status: 'on-hold',
  statusLabel: 'En attente de virement',
  paymentMethod: 'bacs',
  paymentMethodTitle: 'Virement bancaire',
  email: 'client@exemple.fr',
  customerName: 'Léa Martin',
  shippingMethodTitle: 'Retrait en boutique',
  totalCents: 4990,
  refundedCents: 0,
  itemCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
  expiresAt: '2026-11-27T10:00:00.000Z',
  billing: { first_name: 'Léa', last_name: 'Martin' },
  shipping: {},
  shippingMethodId: 'local_pickup',
  relayPoint: null,
  customerNote: '',
  couponCode: '',
  subtotalCents: 4990,
  discountCents: 0,
  loyaltyCents: 0,
  shippingCents: 0,
  transactionId: '',
  inventoryBackend: 'local',
  lines: [{ productId: 1, name: 'Coque', sku: 'ACC-1', imageUrl: '', quantity: 1, unitPriceCents: 4990, totalCents: 4990 }],
  events: [{ fromStatus: null, toStatus: 'on-hold', note: 'Commande créée', createdAt: '2026-11-20T10:00:00.000Z' }],
  payments: [],
  refunds: [],
  reservation: { expiresAt: '2026-11-27T10:00:00.000Z', stockReleasedAt: null },
  settledAt: null,
  paidCents: 0,
  refundableCents: 0,
  allowedTransitions: ['cancelled'],
  canMarkTransferReceived: true,
};

const processing: AdminOrderDetail = {
  ...base,
  status: 'processing',
  statusLabel: 'En préparation',
  paidAt: '2026-11-21T10:00:00.000Z',
  invoiceNumber: 'FB-2026-000007',
  invoicedAt: '2026-11-21T10:00:00.000Z',
  paidCents: 4990,
  refundableCents: 4990,
  allowedTransitions: ['completed', 'cancelled'],
  canMarkTransferReceived: false,
  events: [...base.events, { fromStatus: 'on-hold', toStatus: 'processing', note: 'Virement reçu', createdAt: '2026-11-21T10:00:00.000Z' }],
};

function setup(order: AdminOrderDetail, options: { refunded?: { message: string; data: AdminOrderDetail } } = {}) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let current = order;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url === '/api/admin/orders/12') return json({ success: true, data: current });
      if (url === '/api/admin/orders/12/bank-transfer-received') {
        current = processing;
        return json({ success: true, message: 'Commande n° 1012 : En préparation.', data: current });
      }
      if (url === '/api/admin/orders/12/status') {
        const { status, note } = body as { status: string; note?: string };
        current = { ...current, status: status as AdminOrderDetail['status'], statusLabel: 'Terminée', allowedTransitions: [], events: [...current.events, { fromStatus: current.status, toStatus: status, note: note ?? '', createdAt: '2026-11-22T10:00:00.000Z' }] };
        return json({ success: true, message: 'Commande n° 1012 : Terminée.', data: current });
      }
      if (url === '/api/shop/orders/12/pdf') {
        return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="facture-FB-2026-000007.pdf"' },
        });
      }
      if (url === '/api/admin/orders/12/refund' && options.refunded) {
        current = options.refunded.data;
        return json({ success: true, message: options.refunded.message, data: current });
      }
      if (url.startsWith('/api/shop/orders/12/credit-notes/')) {
        const number = decodeURIComponent(url.split('/')[6] ?? '');
        return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="avoir-${number}.pdf"` },
        });
      }
      if (url === '/api/admin/orders/12/refund') return json({ success: false, message: 'Remboursement refusé par le serveur', statusCode: 409, code: 'X' }, 409);
      return json({ success: false, message: 'inconnu' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin-dashboard?section=commandes&id=12']}>
        <OrdersSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('order detail', () => {
  it('« Virement reçu » asks for confirmation, then shows the order in preparation', async () => {
    const user = userEvent.setup();
    const calls = setup(base);
    expect(await screen.findByRole('heading', { name: 'Commande n° 1012' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la liste' })).toHaveAttribute('href', '/admin-dashboard?section=commandes');
    // Only the transitions the API allows.
    const select = screen.getByLabelText('Changer le statut');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choisir…', 'Annulée']);
    expect(screen.queryByRole('button', { name: 'Rembourser' })).not.toBeInTheDocument();
    // Not paid yet: no invoice.
    expect(screen.getByText('Émise au paiement')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Télécharger la facture (PDF)' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Virement reçu' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirmer la réception du virement\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Virement reçu' }));
    expect(await screen.findByText('En préparation', { selector: 'span' })).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/bank-transfer-received'))).toMatchObject({ method: 'POST', body: {} });
    expect(toast.toastSuccess).toHaveBeenCalledWith('Commande n° 1012 : En préparation.');
    expect(screen.queryByRole('button', { name: 'Virement reçu' })).not.toBeInTheDocument();
    // Paid: its invoice's number, and the PDF.
    expect(screen.getByText('FB-2026-000007')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger la facture (PDF)' })).toBeInTheDocument();
  });

  it('a paid order shows its invoice’s number and downloads the invoice the server draws', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = setup(processing);
    const number = await screen.findByText('FB-2026-000007');
    expect(number.closest('dd')?.previousElementSibling).toHaveTextContent('Facture');
    await user.click(screen.getByRole('button', { name: 'Télécharger la facture (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['facture-FB-2026-000007.pdf']));
    expect(calls.some((call) => call.url === '/api/shop/orders/12/pdf' && call.method === 'GET')).toBe(true);
    click.mockRestore();
  });

  it('an order paid before invoices were numbered says it has none', async () => {
    setup({ ...processing, invoiceNumber: null, invoicedAt: null });
    expect(await screen.findByText('Aucune (payée avant la numérotation des factures de la boutique)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Télécharger la facture (PDF)' })).not.toBeInTheDocument();
  });

  it('a status change takes an optional note, sent with it and kept in the history', async () => {
    const user = userEvent.setup();
    const calls = setup(processing);
    await user.selectOptions(await screen.findByLabelText('Changer le statut'), 'completed');
    await user.type(screen.getByLabelText('Note (facultative)'), 'Retiré en boutique par Léa');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(calls.find((call) => call.url.endsWith('/status'))).toMatchObject({ method: 'PATCH', body: { status: 'completed', note: 'Retiré en boutique par Léa' } }));
    expect(await screen.findByRole('cell', { name: 'Retiré en boutique par Léa' })).toBeInTheDocument();
  });

  it('the refund form takes euros with a comma, refuses more than refundable, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const calls = setup(processing);
    await user.click(await screen.findByRole('button', { name: 'Rembourser' }));
    const form = screen.getByRole('form', { name: 'Remboursement' });
    await user.type(within(form).getByLabelText('Montant (€)'), '60,00');
    await user.type(within(form).getByLabelText('Motif'), 'Retour client');
    await user.click(within(form).getByRole('button', { name: 'Rembourser' }));
    expect(await within(form).findByText(/ne peut pas dépasser 49,90/)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Montant (€)'));
    await user.type(within(form).getByLabelText('Montant (€)'), '12,5');
    await user.click(within(form).getByRole('button', { name: 'Rembourser' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(calls.find((call) => call.url.endsWith('/refund'))).toMatchObject({ method: 'POST', body: { amountCents: 1250, reason: 'Retour client' } }));
    expect(await within(form).findByText('Remboursement refusé par le serveur')).toBeInTheDocument();
  });

  it('a refund of an invoiced order names its credit note, listed with the refund, and downloads the avoir the server draws', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const message = 'Remboursement de 12,50\u00a0€ enregistré, avoir AB-2026-000003 émis. Faites le remboursement vous-même (virement ou espèces) : le site l’a seulement enregistré.';
    const refund = { id: 1, amountCents: 1250, creditNoteNumber: 'AB-2026-000003', reason: 'Retour client', method: 'manual', actorEmail: 'atelier@exemple.fr', createdAt: '2026-11-22T10:00:00.000Z' };
    const calls = setup(processing, { refunded: { message, data: { ...processing, refundedCents: 1250, refundableCents: 3740, refunds: [refund] } } });
    expect(await screen.findByText('Aucun remboursement.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rembourser' }));
    const form = screen.getByRole('form', { name: 'Remboursement' });
    await user.type(within(form).getByLabelText('Montant (€)'), '12,50');
    await user.type(within(form).getByLabelText('Motif'), 'Retour client');
    await user.click(within(form).getByRole('button', { name: 'Rembourser' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(toast.toastSuccess).toHaveBeenCalledWith(message));

    const refunds = screen.getByRole('region', { name: 'Remboursements de la commande' });
    expect(within(refunds).getByRole('columnheader', { name: 'Avoir' })).toBeInTheDocument();
    expect(within(refunds).getByText('AB-2026-000003')).toBeInTheDocument();
    const download = within(refunds).getByRole('button', { name: 'Télécharger l’avoir AB-2026-000003' });
    expect(download).toHaveTextContent('Télécharger l’avoir');
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['avoir-AB-2026-000003.pdf']));
    expect(calls.some((call) => call.url === '/api/shop/orders/12/credit-notes/AB-2026-000003/pdf' && call.method === 'GET')).toBe(true);
    click.mockRestore();
  });

  it('a refund of an order never invoiced has no credit note to download', async () => {
    const refund = { id: 1, amountCents: 500, creditNoteNumber: null, reason: 'Geste', method: 'manual', actorEmail: 'atelier@exemple.fr', createdAt: '2026-11-22T10:00:00.000Z' };
    setup({ ...processing, invoiceNumber: null, invoicedAt: null, refundedCents: 500, refunds: [refund] });
    const refunds = await screen.findByRole('region', { name: 'Remboursements de la commande' });
    expect(within(refunds).getByRole('cell', { name: 'Geste' })).toBeInTheDocument();
    expect(within(refunds).getByRole('cell', { name: '—' })).toBeInTheDocument();
    expect(within(refunds).queryByRole('button', { name: /Télécharger l’avoir/ })).not.toBeInTheDocument();
  });
});
