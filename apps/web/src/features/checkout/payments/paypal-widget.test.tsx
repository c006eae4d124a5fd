import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayPalButtonsComponentOptions } from '@paypal/paypal-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingPaymentStep } from '../components/pending-payment-step';
import { ORDER_REFERENCE_KEY } from '../../../lib/order-reference';
import { PaypalWidget } from './paypal-widget';
import { order } from '../test/fixtures';
import { failure, json, renderAt, stubApi } from '../test/render';

/** PayPal's SDK replaced by a stub that keeps the options given to paypal.Buttons (the real one runs in e2e). */
const paypalStub = vi.hoisted(() => ({
  loadScript: vi.fn<(options: Record<string, unknown>) => Promise<unknown>>(),
  options: null as PayPalButtonsComponentOptions | null,
}));
vi.mock('@paypal/paypal-js', () => ({ loadScript: (options: Record<string, unknown>) => paypalStub.loadScript(options) }));

const fakePaypal = {
  Buttons: (options: PayPalButtonsComponentOptions) => {
    paypalStub.options = options;
    return { render: () => Promise.resolve(), close: () => Promise.resolve(), isEligible: () => true };
  },
};

const CONFIG = '/api/payments/config';
const config = () => json({ success: true, data: { stripe: null, paypal: { client_id: 'paypal-client-1', currency: 'EUR' }, colissimo: false } });
const paypalOrder = () =>
  order({ payment_method: 'paypal', payment_method_title: 'PayPal', status: 'pending', status_label: 'En attente de paiement', bank_details: null });
const user = userEvent.setup();

function renderStep() {
  const onPaid = vi.fn();
  renderAt(<PendingPaymentStep order={paypalOrder()} orderKey="wc_order_abc123" onPaid={onPaid} onBack={vi.fn()} />, '/checkout');
  return { onPaid };
}

/** The callbacks PayPal would call, once the buttons are drawn. */
async function buttons(): Promise<PayPalButtonsComponentOptions> {
  await waitFor(() => expect(paypalStub.options).not.toBeNull());
  return paypalStub.options ?? {};
}

beforeEach(() => {
  paypalStub.options = null;
  paypalStub.loadScript.mockReset().mockResolvedValue(fakePaypal);
});
afterEach(() => vi.unstubAllGlobals());

describe('PayPal widget', () => {
  it('loads the SDK in euros and French, creates the order on our server, captures on approval, then onPaid', async () => {
    const { sent } = stubApi({
      [CONFIG]: config,
      'POST /api/woocommerce-payments/paypal/create-order': () => json({ success: true, id: 'PAYPAL-1', status: 'CREATED', approve_url: 'https://www.paypal.com/checkoutnow?token=PAYPAL-1' }),
      'POST /api/woocommerce-payments/paypal/capture-order': () => json({ success: true, status: 'processing', data: { ...paypalOrder(), status: 'processing' } }),
    });
    const { onPaid } = renderStep();
    const options = await buttons();
    expect(paypalStub.loadScript).toHaveBeenCalledWith({ clientId: 'paypal-client-1', currency: 'EUR', intent: 'capture', locale: 'fr_FR', components: 'buttons' });
    const id = await act(() => options.createOrder?.({ paymentSource: 'paypal' }, { order: { create: vi.fn() } }));
    expect(id).toBe('PAYPAL-1');
    expect(sent['/api/woocommerce-payments/paypal/create-order']).toEqual([{ orderId: 42, order_key: 'wc_order_abc123' }]);
    await act(() => options.onApprove?.({ orderID: 'PAYPAL-1' }, { redirect: vi.fn(), restart: vi.fn() }));
    expect(sent['/api/woocommerce-payments/paypal/capture-order']).toEqual([{ orderId: 42, order_key: 'wc_order_abc123', paypalOrderId: 'PAYPAL-1' }]);
    expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ status: 'processing' }));
  });

  it('the capture refused: the server’s reason; without one: "Erreur lors de la capture du paiement PayPal"', async () => {
    let answer = failure('Le paiement PayPal n’a pas encore été approuvé. Validez-le dans la fenêtre PayPal puis réessayez.', 409);
    stubApi({ [CONFIG]: config, 'POST /api/woocommerce-payments/paypal/capture-order': () => answer });
    const { onPaid } = renderStep();
    const options = await buttons();
    await act(() => options.onApprove?.({ orderID: 'PAYPAL-1' }, { redirect: vi.fn(), restart: vi.fn() }));
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur de paiement PayPal: Le paiement PayPal n’a pas encore été approuvé.');
    answer = json({ unexpected: true });
    await act(() => options.onApprove?.({ orderID: 'PAYPAL-1' }, { redirect: vi.fn(), restart: vi.fn() }));
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur de paiement PayPal: Erreur lors de la capture du paiement PayPal');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('PayPal’s own error: "Erreur PayPal: {message}"; a cancel: the order stays pending', async () => {
    stubApi({ [CONFIG]: config });
    renderStep();
    const options = await buttons();
    act(() => options.onError?.({ message: 'Window closed' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur de paiement PayPal: Erreur PayPal: Window closed');
    act(() => options.onCancel?.({}, { redirect: vi.fn() }));
    expect(screen.getByText('Paiement annulé. Votre commande reste en attente : vous pouvez choisir un autre mode de paiement.')).toBeInTheDocument();
  });

  it('the SDK does not load: "Erreur de chargement PayPal SDK" and Réessayer', async () => {
    stubApi({ [CONFIG]: config });
    paypalStub.loadScript.mockRejectedValueOnce(new Error('The script failed to load.'));
    renderStep();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de paiement PayPal: Erreur de chargement PayPal SDK');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await buttons();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without the SDK, "Payer sur le site de PayPal": the order created on our server, remembered, then PayPal’s approval page', async () => {
    const { sent } = stubApi({
      [CONFIG]: config,
      'POST /api/woocommerce-payments/paypal/create-order': () =>
        json({ success: true, id: 'PAYPAL-2', status: 'PAYER_ACTION_REQUIRED', approve_url: 'https://www.paypal.com/checkoutnow?token=PAYPAL-2' }),
    });
    paypalStub.loadScript.mockRejectedValue(new Error('blocked'));
    const redirect = vi.fn();
    const onError = vi.fn();
    renderAt(<PaypalWidget order={paypalOrder()} orderKey="wc_order_abc123" onPaid={vi.fn()} onError={onError} redirect={redirect} />, '/checkout');
    await user.click(await screen.findByRole('button', { name: 'Payer sur le site de PayPal' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://www.paypal.com/checkoutnow?token=PAYPAL-2'));
    expect(sent['/api/woocommerce-payments/paypal/create-order']).toEqual([{ orderId: 42, order_key: 'wc_order_abc123' }]);
    expect(JSON.parse(window.sessionStorage.getItem(ORDER_REFERENCE_KEY) ?? '{}')).toMatchObject({ id: 42, key: 'wc_order_abc123' });
    expect(onError).toHaveBeenCalledWith('Erreur de chargement PayPal SDK');
  });
});
