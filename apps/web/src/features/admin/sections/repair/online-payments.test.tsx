import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRepairPayment } from '@erepare/shared/schemas/repair-payments';
import { json, renderAt, stubApi } from '../../../account/lib/auth-test-utils';
import { OnlinePaymentsPanel } from './online-payments';

const row = (overrides: Partial<AdminRepairPayment>): AdminRepairPayment => ({
  id: 1,
  purpose: 'invoice',
  provider: 'stripe',
  providerRef: 'cs_test_a1',
  amountCents: 12_990,
  status: 'succeeded',
  lastError: '',
  postStatus: 'none',
  postAttempts: 0,
  postError: '',
  paidAt: '2026-11-20T14:05:00.000Z',
  createdAt: '2026-11-20T14:00:00.000Z',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('OnlinePaymentsPanel (admin invoice detail)', () => {
  it('lists each online payment: date, method, reference, amount and state; no RepairDesk column for local invoices', async () => {
    stubApi({ '/api/admin/invoices/5/online-payments': () => json({ success: true, data: [row({}), row({ id: 2, provider: 'paypal', providerRef: '5O190127TN364715T', status: 'failed', lastError: 'Paiement refusé', paidAt: null })] }) });
    renderAt(<OnlinePaymentsPanel invoiceId={5} />);
    const table = await screen.findByRole('table', { name: 'Paiements en ligne de la facture' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Moyen', 'Référence', 'Montant', 'État']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent(/20\/11\/2026.*Carte bancaire \(en ligne\).*cs_test_a1.*129,90.*Payé/);
    expect(second).toHaveTextContent(/PayPal \(en ligne\).*5O190127TN364715T.*Échoué.*Paiement refusé/);
  });

  it('with RepairDesk: whether the payment reached it, the attempts and the last error', async () => {
    stubApi({ '/api/admin/invoices/6/online-payments': () => json({ success: true, data: [row({ postStatus: 'failed', postAttempts: 3, postError: 'RepairDesk : délai dépassé' })] }) });
    renderAt(<OnlinePaymentsPanel invoiceId={6} />);
    const table = await screen.findByRole('table', { name: 'Paiements en ligne de la facture' });
    expect(within(table).getByRole('columnheader', { name: 'RepairDesk' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Échec.*3 tentatives.*RepairDesk : délai dépassé/);
  });

  it('none yet: says so', async () => {
    stubApi({ '/api/admin/invoices/7/online-payments': () => json({ success: true, data: [] }) });
    renderAt(<OnlinePaymentsPanel invoiceId={7} />);
    expect(await screen.findByText('Aucun paiement en ligne.')).toBeInTheDocument();
  });
});
