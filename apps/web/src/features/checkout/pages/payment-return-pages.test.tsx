import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { ORDER_REFERENCE_KEY } from '../../../lib/order-reference';
import { cartItem, order } from '../test/fixtures';
import { failure, json, renderAt, seedCart, stubApi } from '../test/render';
import { OrderPage } from './order-page';
import { PaymentCancelPage } from './payment-cancel-page';
import { PaymentSuccessPage } from './payment-success-page';

const KLARNA_CONFIRM = 'POST /api/woocommerce-payments/klarna/confirm';
const STRIPE_CONFIRM = 'POST /api/woocommerce-payments/stripe/confirm-payment';
const paid = () => order({ payment_method: 'klarna', payment_method_title: 'Klarna', status: 'processing', status_label: 'En préparation', bank_details: null, date_paid: '2026-11-21T10:00:00' });
const remember = (cartCleared = false) => window.sessionStorage.setItem(ORDER_REFERENCE_KEY, JSON.stringify({ id: 42, key: 'wc_order_abc123', cartCleared }));

const renderReturn = (path: string) => renderAt(<PaymentSuccessPage />, path, '/payment/success');

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/payment/success after Klarna or a Stripe redirect', () => {
  it('Klarna paid: confirmed by our server with the remembered key, the cart emptied once, the order page opened', async () => {
    remember();
    seedCart([cartItem()]);
    const { sent } = stubApi({ [KLARNA_CONFIRM]: () => json({ success: true, status: 'processing', data: paid() }) });
    renderReturn('/payment/success?provider=klarna&order=42&session_id=cs_test_1');
    expect(screen.getByText('Confirmation de votre paiement…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande?order=42&key=wc_order_abc123'));
    expect(sent['/api/woocommerce-payments/klarna/confirm']).toEqual([{ orderId: 42, session_id: 'cs_test_1', order_key: 'wc_order_abc123' }]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(window.sessionStorage.getItem(ORDER_REFERENCE_KEY) ?? '{}')).toMatchObject({ cartCleared: true });
  });

  it('Klarna paid in another tab (no key): "Paiement confirmé" with the order number, the cart untouched', async () => {
    seedCart([cartItem()]);
    const { sent } = stubApi({ [KLARNA_CONFIRM]: () => json({ success: true, status: 'processing', data: paid() }) });
    renderReturn('/payment/success?provider=klarna&order=42&session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement confirmé' })).toBeInTheDocument();
    expect(screen.getByText(/Commande n°/)).toHaveTextContent('Commande n° 1042 : En préparation.');
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/compte?tab=orders');
    expect(sent['/api/woocommerce-payments/klarna/confirm']).toEqual([{ orderId: 42, session_id: 'cs_test_1' }]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it('still at the bank (202): "Paiement en cours de confirmation…", the cart kept', async () => {
    remember();
    seedCart([cartItem()]);
    stubApi({ [KLARNA_CONFIRM]: () => json({ success: false, pending: true, message: 'Le paiement n’est pas encore confirmé par la banque.' }, 202) });
    renderReturn('/payment/success?provider=klarna&order=42&session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement en cours de confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Paiement en cours de confirmation. Vous recevrez un e-mail dès qu’il sera validé.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute('href', '/commande?order=42&key=wc_order_abc123');
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it('refused: the French reason and the way back to the order to pay again', async () => {
    remember();
    stubApi({ [KLARNA_CONFIRM]: () => failure('Le paiement a été refusé. Essayez une autre carte ou un autre mode de paiement.', 402) });
    renderReturn('/payment/success?provider=klarna&order=42&session_id=cs_test_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement non confirmé' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Le paiement a été refusé. Essayez une autre carte ou un autre mode de paiement.');
    expect(screen.getByRole('link', { name: 'Revenir à ma commande pour payer' })).toHaveAttribute('href', '/commande?order=42&key=wc_order_abc123');
  });

  it('a Stripe redirect (Revolut Pay) with the remembered key: confirmed through our server', async () => {
    remember();
    const { sent } = stubApi({ [STRIPE_CONFIRM]: () => json({ success: true, status: 'processing', data: paid() }) });
    renderReturn('/payment/success?provider=stripe&order=42&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=succeeded');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande?order=42&key=wc_order_abc123'));
    expect(sent['/api/woocommerce-payments/stripe/confirm-payment']).toEqual([{ orderId: 42, order_key: 'wc_order_abc123', paymentIntentId: 'pi_1' }]);
  });

  it('back from PayPal’s site with the remembered key: captured by our server, the order page opened', async () => {
    remember();
    const { sent } = stubApi({ 'POST /api/woocommerce-payments/paypal/capture-order': () => json({ success: true, status: 'processing', data: paid() }) });
    renderReturn('/payment/success?provider=paypal&order=42&token=PAYPAL-2&PayerID=FAKEPAYER');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande?order=42&key=wc_order_abc123'));
    expect(sent['/api/woocommerce-payments/paypal/capture-order']).toEqual([{ orderId: 42, order_key: 'wc_order_abc123', paypalOrderId: 'PAYPAL-2' }]);
  });

  it('a Stripe redirect without the key: nothing to ask, "Paiement en cours de confirmation" (the webhook confirms)', async () => {
    const { mock } = stubApi({});
    // The address Stripe sends back carries the intent's client secret: it leaves the address bar.
    window.history.replaceState(null, '', '/payment/success?provider=stripe&order=42&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_XYZ');
    renderReturn('/payment/success?provider=stripe&order=42&payment_intent=pi_1');
    await waitFor(() => expect(window.location.search).toBe('?provider=stripe&order=42&payment_intent=pi_1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement en cours de confirmation' })).toBeInTheDocument();
    expect(mock).not.toHaveBeenCalledWith('/api/woocommerce-payments/stripe/confirm-payment', expect.anything());
  });
});

describe('/commande after a confirmed payment, /payment/cancel', () => {
  it('the order page says "Paiement confirmé" above the order', async () => {
    stubApi({ '/api/shop/orders/42': () => json({ success: true, data: paid() }) });
    const { router } = renderAt(<OrderPage />, '/commande?order=42&key=wc_order_abc123');
    await screen.findByRole('heading', { level: 1, name: 'Commande confirmée !' });
    expect(screen.queryByText('Paiement confirmé')).not.toBeInTheDocument();
    await router.navigate('/commande?order=42&key=wc_order_abc123', { replace: true, state: { paymentConfirmed: true } });
    expect(await screen.findByText('Paiement confirmé')).toBeInTheDocument();
  });

  it('a pending Klarna order offers its payment again on its page (no second order)', async () => {
    stubApi({
      '/api/shop/orders/42': () => json({ success: true, data: order({ payment_method: 'klarna', payment_method_title: 'Klarna', status: 'pending', status_label: 'En attente de paiement', bank_details: null }) }),
      '/api/payments/config': () => json({ success: true, data: { stripe: { publishable_key: 'pk', methods: ['klarna'] }, paypal: null, colissimo: false } }),
    });
    renderAt(<OrderPage />, '/commande?order=42&key=wc_order_abc123');
    expect(await screen.findByRole('heading', { level: 2, name: 'Régler ma commande\u00a0: Klarna' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Payer avec Klarna' })).toBeInTheDocument();
  });

  it('/payment/cancel after Klarna: the French text and the way back to this tab’s order', () => {
    remember();
    stubApi({});
    renderAt(<PaymentCancelPage />, '/payment/cancel?provider=klarna&order=42');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement annulé' })).toBeInTheDocument();
    expect(screen.getByText('Paiement annulé. Votre commande reste en attente : vous pouvez choisir un autre mode de paiement.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revenir à ma commande' })).toHaveAttribute('href', '/commande?order=42&key=wc_order_abc123');
    expect(screen.getByRole('link', { name: 'Continuer les achats' })).toHaveAttribute('href', '/boutique');
  });
});
