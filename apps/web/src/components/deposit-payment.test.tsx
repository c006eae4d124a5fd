import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repairPaymentMessages } from '@erepare/shared/repair-payments';
import { failure, json, renderAt, stubApi } from '../features/account/lib/auth-test-utils';
import { DepositPayment } from './deposit-payment';

const TOKEN = 'est_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const CONFIG = '/api/payments/config';
const DEPOSIT = '/api/estimate-links/deposit';
const cardOnly = () => json({ success: true, data: { stripe: { publishable_key: 'pk_test_1', methods: ['card'] }, paypal: null, colissimo: false } });

afterEach(() => vi.unstubAllGlobals());

describe('DepositPayment', () => {
  it('« Payer l’acompte de 30 € »: the estimate’s token and the provider go to the server, never an amount; then the provider’s page', async () => {
    const { sent } = stubApi({ [CONFIG]: cardOnly, [DEPOSIT]: () => json({ success: true, data: { provider: 'stripe', url: 'http://127.0.0.1:4010/pay/cs_dep' } }) });
    const redirect = vi.fn();
    renderAt(<DepositPayment estimateToken={TOKEN} depositCents={3_000} redirect={redirect} />, `/devis/consulter?token=${TOKEN}`);
    expect(screen.getByRole('region', { name: 'Acompte' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Payer l’acompte de 30\u00a0€' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://127.0.0.1:4010/pay/cs_dep'));
    expect(sent[DEPOSIT]).toEqual([{ token: TOKEN, provider: 'stripe' }]);
    // Back from the provider, « Réessayer » leads to the estimate again.
    expect(window.sessionStorage.getItem('erepare.repair-pay.return')).toBe(`/devis/consulter?token=${TOKEN}`);
  });

  it('a deposit already paid: the server’s French refusal', async () => {
    stubApi({ [CONFIG]: cardOnly, [DEPOSIT]: () => failure(repairPaymentMessages.depositPaid, 409, 'DEPOSIT_PAID') });
    const redirect = vi.fn();
    renderAt(<DepositPayment estimateToken={TOKEN} depositCents={3_000} redirect={redirect} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Payer l’acompte de 30\u00a0€' }));
    expect((await screen.findByRole('alert')).textContent).toContain(repairPaymentMessages.depositPaid);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('no deposit asked: nothing shown, nothing fetched', () => {
    const { mock } = stubApi({});
    const { container } = renderAt(<DepositPayment estimateToken={TOKEN} depositCents={0} />);
    expect(container).toBeEmptyDOMElement();
    expect(mock).not.toHaveBeenCalled();
  });
});
