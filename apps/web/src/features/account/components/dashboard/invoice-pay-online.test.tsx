import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repairPaymentMessages } from '@erepare/shared/repair-payments';
import { failure, json, renderAt, stubApi } from '../../lib/auth-test-utils';
import { envelope, invoice, jsonResponse, profile, sessionUser } from './test/fixtures';
import { on, renderDashboard, stubApi as stubDashboardApi } from './test/render';
import { InvoicePayOnline, isPayableOnline } from './invoice-pay-online';

const CONFIG = '/api/payments/config';
const config = (stripe: boolean, paypal: boolean) =>
  json({
    success: true,
    data: {
      stripe: stripe ? { publishable_key: 'pk_test_1', methods: ['card', 'klarna'] } : null,
      paypal: paypal ? { client_id: 'client', currency: 'EUR' } : null,
      colissimo: false,
    },
  });

afterEach(() => vi.unstubAllGlobals());

describe('isPayableOnline', () => {
  it('unpaid or partly paid with something due; never paid, refunded or nothing due', () => {
    expect(isPayableOnline({ status: 'Unpaid', amount_due: 80 })).toBe(true);
    expect(isPayableOnline({ status: 'Partial', amount_due: 0.01 })).toBe(true);
    expect(isPayableOnline({ status: 'Paid', amount_due: 0 })).toBe(false);
    expect(isPayableOnline({ status: 'Refunded', amount_due: 0 })).toBe(false);
    expect(isPayableOnline({ status: 'Unpaid', amount_due: 0 })).toBe(false);
  });
});

describe('« Payer en ligne » in the account', () => {
  it('a partial invoice shows « Reste à payer », the choice of provider, and pays the chosen one by the invoice id only', async () => {
    const { sent } = stubApi({
      [CONFIG]: () => config(true, true),
      '/api/account/invoices/7/pay': () => json({ success: true, data: { provider: 'stripe', url: 'http://127.0.0.1:4010/pay/cs_test_7' } }),
    });
    const redirect = vi.fn();
    renderAt(<InvoicePayOnline invoice={{ id: 7, status: 'Partial', amount_due: 748.5 }} redirect={redirect} />);
    const section = await screen.findByRole('region', { name: 'Régler en ligne' });
    expect(within(section).getByText(/Reste à payer/).textContent).toBe('Reste à payer\u00a0: 748,50\u00a0€');
    const group = await within(section).findByRole('group', { name: 'Moyen de paiement' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Carte bancaire', 'PayPal']);
    await userEvent.click(within(section).getByRole('button', { name: 'Payer en ligne' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://127.0.0.1:4010/pay/cs_test_7'));
    expect(sent['/api/account/invoices/7/pay']).toEqual([{ provider: 'stripe' }]);
    expect(window.sessionStorage.getItem('erepare.repair-pay.return')).toBe('/compte?tab=invoices');
  });

  it('only PayPal configured: no choice, PayPal is asked', async () => {
    const { sent } = stubApi({
      [CONFIG]: () => config(false, true),
      '/api/account/invoices/8/pay': () => json({ success: true, data: { provider: 'paypal', url: 'https://paypal.test/checkoutnow?token=1' } }),
    });
    const redirect = vi.fn();
    renderAt(<InvoicePayOnline invoice={{ id: 8, status: 'Unpaid', amount_due: 80 }} redirect={redirect} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Payer en ligne' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText(/Montant à régler/).textContent).toBe('Montant à régler\u00a0: 80,00\u00a0€');
    expect(sent['/api/account/invoices/8/pay']).toEqual([{ provider: 'paypal' }]);
  });

  it('the server’s refusal is shown in French, nothing is opened', async () => {
    stubApi({ [CONFIG]: () => config(true, false), '/api/account/invoices/9/pay': () => failure(repairPaymentMessages.alreadyPaid, 409, 'INVOICE_PAID') });
    const redirect = vi.fn();
    renderAt(<InvoicePayOnline invoice={{ id: 9, status: 'Unpaid', amount_due: 80 }} redirect={redirect} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Payer en ligne' }));
    expect((await screen.findByRole('alert')).textContent).toContain(repairPaymentMessages.alreadyPaid);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('in the dashboard: on the partial invoice’s detail, not on a paid one', async () => {
    stubDashboardApi(
      on('GET', '/api/account/profile', () => jsonResponse({ success: true, message: 'ok', data: profile() })),
      on('GET', '/api/payments/config', () => config(true, false)),
      on('GET', '/api/repairdesk/invoices', () => jsonResponse(envelope([invoice({ id: 1, status: 'Partial' }), invoice({ id: 2, status: 'Paid', amount_due: 0, created_at: '2026-10-01T10:00:00Z' })]))),
      on('GET', '/api/repairdesk/invoices/1', () => jsonResponse(envelope(invoice({ id: 1, status: 'Partial' })))),
      on('GET', '/api/repairdesk/invoices/2', () => jsonResponse(envelope(invoice({ id: 2, status: 'Paid', amount_due: 0, amount_paid: 1248.5 })))),
    );
    const user = userEvent.setup();
    renderDashboard(sessionUser(), '/compte?tab=invoices');
    const list = await screen.findByRole('list', { name: 'Mes factures' });
    await user.click(within(list).getAllByRole('button')[0]!);
    expect(await screen.findByRole('button', { name: 'Payer en ligne' })).toBeEnabled();
    expect(screen.getByText(/^Reste à payer :/).textContent).toBe('Reste à payer\u00a0: 748,50\u00a0€');

    await user.click(screen.getByRole('button', { name: 'Retour à mes factures' }));
    await user.click(within(await screen.findByRole('list', { name: 'Mes factures' })).getAllByRole('button')[1]!);
    expect(await screen.findByRole('heading', { name: 'Facture F-2026-00002' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payer en ligne' })).not.toBeInTheDocument();
  });
});
