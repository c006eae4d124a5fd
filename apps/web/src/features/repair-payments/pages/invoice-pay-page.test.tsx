import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repairPaymentMessages } from '@erepare/shared/repair-payments';
import type { InvoicePaySummary, RepairPaymentStatus } from '@erepare/shared/schemas/repair-payments';
import { failure, json, renderAt, stubApi } from '../../account/lib/auth-test-utils';
import { InvoicePayPage } from './invoice-pay-page';

const VIEW = '/api/invoice-links/view';
const PAY = '/api/invoice-links/pay';
const STATUS = '/api/repair-payments/status';
const CAPTURE = '/api/repair-payments/paypal/capture';
const TOKEN = 'tok_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
/** The secret the provider's return address carries (cle=). */
const KEY = 'Kq3_cle-de-retour-0123456789abcdefghijklmnop';

function summary(overrides: Partial<InvoicePaySummary> = {}): InvoicePaySummary {
  return {
    invoiceNumber: 'F-2026-0042',
    issuedAt: '2026-11-20T09:30:00.000Z',
    status: 'Partial',
    totalCents: 14_990,
    bonusCents: 2_500,
    creditedCents: 0,
    amountPaidCents: 2_490,
    amountDueCents: 10_000,
    providers: ['stripe', 'paypal'],
    ...overrides,
  };
}

function payment(overrides: Partial<RepairPaymentStatus> = {}): RepairPaymentStatus {
  return { state: 'paid', purpose: 'invoice', provider: 'stripe', reference: 'F-2026-0042', amountCents: 10_000, amountDueCents: 0, ...overrides };
}

const view = (data: InvoicePaySummary) => json({ success: true, data });
const status = (data: RepairPaymentStatus) => json({ success: true, data });

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/payer-facture with a link', () => {
  it('shows the invoice (number, date, bonus, already paid, « Reste à payer » in bold) and pays the chosen provider, without sending an amount', async () => {
    const { sent } = stubApi({ [VIEW]: () => view(summary()), [PAY]: () => json({ success: true, data: { provider: 'paypal', url: 'https://paypal.test/checkoutnow?token=5O1' } }) });
    const redirect = vi.fn();
    renderAt(<InvoicePayPage redirect={redirect} />, `/payer-facture?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Facture F-2026-0042' })).toBeInTheDocument();
    expect(screen.getByText('20/11/2026')).toBeInTheDocument();
    const bonus = screen.getByText('Bonus réparation QualiRépar').parentElement;
    expect(bonus?.textContent).toContain('−\u00a025,00\u00a0€');
    expect(screen.getByText('Déjà réglé').parentElement?.textContent).toContain('−\u00a024,90\u00a0€');
    const due = screen.getByText('Reste à payer').parentElement;
    expect(due?.textContent).toContain('100,00\u00a0€');
    expect(due).toHaveClass('font-bold');
    // Only the token goes to the server (StrictMode may ask twice).
    expect(new Set(sent[VIEW]?.map((body) => JSON.stringify(body)))).toEqual(new Set([JSON.stringify({ token: TOKEN })]));

    const group = screen.getByRole('group', { name: 'Moyen de paiement' });
    expect(within(group).getByRole('radio', { name: /Carte bancaire/ })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: /PayPal/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Payer 100,00\u00a0€' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=5O1'));
    expect(sent[PAY]).toEqual([{ token: TOKEN, provider: 'paypal' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Redirection vers la page de paiement sécurisée…');
    // Back from the provider, « Réessayer » and « Retour au paiement » lead to this link again.
    expect(window.sessionStorage.getItem('erepare.repair-pay.return')).toBe(`/payer-facture?token=${TOKEN}`);
  });

  it('offers only the providers the server says are configured', async () => {
    stubApi({ [VIEW]: () => view(summary({ providers: ['stripe'] })) });
    renderAt(<InvoicePayPage redirect={vi.fn()} />, `/payer-facture?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Payer 100,00\u00a0€' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText(/Paiement par/)).toHaveTextContent('Paiement par carte bancaire.');
  });

  it('none configured: says how to pay at the shop, no button', async () => {
    stubApi({ [VIEW]: () => view(summary({ providers: [] })) });
    renderAt(<InvoicePayPage redirect={vi.fn()} />, `/payer-facture?token=${TOKEN}`);
    expect(await screen.findByText(/Le paiement en ligne n’est pas disponible pour le moment/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Payer/ })).not.toBeInTheDocument();
  });

  it('an invoice already paid says so, with nothing to pay', async () => {
    stubApi({ [VIEW]: () => view(summary({ status: 'Paid', amountPaidCents: 12_490, amountDueCents: 0 })) });
    renderAt(<InvoicePayPage redirect={vi.fn()} />, `/payer-facture?token=${TOKEN}`);
    expect(await screen.findByText('Cette facture est déjà réglée. Merci !')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Payer/ })).not.toBeInTheDocument();
  });

  it('the server refusing to start (paid meanwhile) is shown in French, and the button comes back', async () => {
    stubApi({ [VIEW]: () => view(summary({ providers: ['stripe'] })), [PAY]: () => failure(repairPaymentMessages.alreadyPaid, 409, 'INVOICE_PAID') });
    const redirect = vi.fn();
    renderAt(<InvoicePayPage redirect={redirect} />, `/payer-facture?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Payer 100,00\u00a0€' }));
    expect((await screen.findByRole('alert')).textContent).toContain(repairPaymentMessages.alreadyPaid);
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Payer 100,00\u00a0€' })).toBeEnabled();
  });

  it.each([
    ['LINK_EXPIRED', 410, repairPaymentMessages.linkExpired, 'Lien expiré'],
    ['LINK_REVOKED', 410, repairPaymentMessages.linkRevoked, 'Lien plus valable'],
    ['LINK_UNKNOWN', 404, repairPaymentMessages.linkUnknown, 'Lien non valide'],
  ])('a link %s says so in French, with the way to the account', async (code, httpStatus, message, title) => {
    stubApi({ [VIEW]: () => failure(message, httpStatus, code) });
    renderAt(<InvoicePayPage redirect={vi.fn()} />, `/payer-facture?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'Mes factures' })).toHaveAttribute('href', '/compte?tab=invoices');
  });

  it('without a token: an incomplete link, nothing asked of the server', async () => {
    const { mock } = stubApi({});
    renderAt(<InvoicePayPage redirect={vi.fn()} />, '/payer-facture');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lien incomplet' })).toBeInTheDocument();
    expect(mock).not.toHaveBeenCalled();
  });
});

describe('/payer-facture back from the provider', () => {
  it('Stripe: « Paiement en cours de confirmation… » while the webhook is on its way, then « Paiement reçu » with the amount; polling stops', async () => {
    let calls = 0;
    const { sent, mock } = stubApi({
      [STATUS]: () => {
        calls += 1;
        return status(calls === 1 ? payment({ state: 'pending' }) : payment());
      },
    });
    renderAt(<InvoicePayPage pollMs={20} />, `/payer-facture?provider=stripe&cle=${KEY}&session_id=cs_test_123`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement en cours de confirmation…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement reçu' })).toBeInTheDocument();
    expect(screen.getByText(/Nous avons bien reçu votre paiement de/)?.textContent).toContain('100,00\u00a0€ pour la facture F-2026-0042');
    expect(screen.getByText('Un reçu vous a été envoyé par e-mail.')).toBeInTheDocument();
    expect(screen.queryByText(/Reste à payer/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(sent[STATUS]).toHaveLength(2);
    // Each poll names the session and its return key, to our own API only.
    for (const [url] of mock.mock.calls) {
      const asked = new URL(String(url), 'http://boutique.test');
      expect(asked.pathname).toBe(STATUS);
      expect(Object.fromEntries(asked.searchParams)).toEqual({ ref: 'cs_test_123', cle: KEY });
    }
    // The key is kept nowhere in the browser.
    const stored = [window.sessionStorage, window.localStorage].flatMap((storage) => Object.keys(storage).map((name) => storage.getItem(name) ?? ''));
    expect(stored.join(' ')).not.toContain(KEY);
  });

  it.each([
    ['Stripe', '/payer-facture?provider=stripe&session_id=cs_test_123'],
    ['PayPal', '/payer-facture?provider=paypal&token=5O190127TN364715T&PayerID=FSMVU44LF3YUS'],
  ])('%s back without the return key: « Paiement introuvable », nothing asked of the server', async (_provider, path) => {
    const { mock } = stubApi({ [STATUS]: () => status(payment()), [CAPTURE]: () => status(payment()) });
    renderAt(<InvoicePayPage pollMs={20} />, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toContain(repairPaymentMessages.paymentUnknown);
    expect(mock).not.toHaveBeenCalled();
  });

  it('a key the server does not know (404) says « Paiement introuvable », not a failure', async () => {
    stubApi({ [STATUS]: () => failure(repairPaymentMessages.paymentUnknown, 404, 'PAYMENT_NOT_FOUND') });
    renderAt(<InvoicePayPage pollMs={20} />, `/payer-facture?provider=stripe&cle=mauvaise&session_id=cs_test_123`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toContain(repairPaymentMessages.paymentUnknown);
  });

  it('a partial payment shows what is left', async () => {
    stubApi({ [STATUS]: () => status(payment({ amountCents: 5_000, amountDueCents: 2_500 })) });
    renderAt(<InvoicePayPage pollMs={20} />, `/payer-facture?provider=stripe&cle=${KEY}&session_id=cs_test_9`);
    expect((await screen.findByText(/Reste à payer/)).textContent).toContain('Reste à payer\u00a0: 25,00\u00a0€');
  });

  it('a failed payment offers « Réessayer » back to the page it was started from', async () => {
    window.sessionStorage.setItem('erepare.repair-pay.return', `/payer-facture?token=${TOKEN}`);
    stubApi({ [STATUS]: () => status(payment({ state: 'failed' })) });
    renderAt(<InvoicePayPage pollMs={20} />, `/payer-facture?provider=stripe&cle=${KEY}&session_id=cs_test_2`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Le paiement n’a pas abouti' })).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toContain(repairPaymentMessages.returnFailed);
    expect(screen.getByRole('link', { name: 'Réessayer' })).toHaveAttribute('href', `/payer-facture?token=${TOKEN}`);
  });

  it('PayPal: the order is captured once (not taken for a link token), then the outcome shown', async () => {
    const { sent } = stubApi({ [CAPTURE]: () => status(payment({ provider: 'paypal' })), [VIEW]: () => view(summary()) });
    renderAt(<InvoicePayPage pollMs={20} />, `/payer-facture?provider=paypal&cle=${KEY}&token=5O190127TN364715T&PayerID=FSMVU44LF3YUS`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement reçu' })).toBeInTheDocument();
    expect(sent[CAPTURE]).toEqual([{ paypalOrderId: '5O190127TN364715T', cle: KEY }]);
    expect(sent[VIEW]).toBeUndefined();
  });

  it('PayPal refusing the capture: the French message and « Réessayer »', async () => {
    stubApi({ [CAPTURE]: () => failure(repairPaymentMessages.declined, 402, 'PAYMENT_DECLINED') });
    renderAt(<InvoicePayPage pollMs={20} />, `/payer-facture?provider=paypal&cle=${KEY}&token=5O190127TN364715T&PayerID=X`);
    expect((await screen.findByRole('alert')).textContent).toContain(repairPaymentMessages.declined);
    expect(screen.getByRole('link', { name: 'Réessayer' })).toHaveAttribute('href', '/compte?tab=invoices');
  });

  it('annule=1: « Paiement annulé » and the way back to pay, nothing asked of the server', async () => {
    window.sessionStorage.setItem('erepare.repair-pay.return', `/payer-facture?token=${TOKEN}`);
    const { mock } = stubApi({});
    renderAt(<InvoicePayPage />, `/payer-facture?provider=stripe&cle=${KEY}&annule=1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement annulé' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe(repairPaymentMessages.returnCanceled);
    expect(screen.getByRole('link', { name: 'Retour au paiement' })).toHaveAttribute('href', `/payer-facture?token=${TOKEN}`);
    expect(mock).not.toHaveBeenCalled();
  });

  it('a return path from elsewhere (another site) is never followed', async () => {
    window.sessionStorage.setItem('erepare.repair-pay.return', '//evil.example/');
    stubApi({});
    renderAt(<InvoicePayPage />, '/payer-facture?provider=paypal&annule=1');
    expect(await screen.findByRole('link', { name: 'Retour au paiement' })).toHaveAttribute('href', '/compte?tab=invoices');
  });
});
