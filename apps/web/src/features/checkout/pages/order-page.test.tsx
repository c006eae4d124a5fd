import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { ORDER_REFERENCE_KEY } from '../../../lib/order-reference';
import { cartItem, order } from '../test/fixtures';
import { failure, json, renderAt, seedCart, stubApi } from '../test/render';
import { CheckoutPage } from './checkout-page';
import { OrderPage } from './order-page';
import { PaymentCancelPage } from './payment-cancel-page';
import { PaymentSuccessPage } from './payment-success-page';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('OrderPage (/commande)', () => {
  it('a bank-transfer order on hold: "Commande confirmée !", the bank details, the reference, the deadline and the links', async () => {
    const { mock } = stubApi({ '/api/shop/orders/42': () => json({ success: true, data: order({ order_key: undefined }) }) });
    renderAt(<OrderPage />, '/commande?order=42&key=wc_order_abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande confirmée !' })).toBeInTheDocument();
    expect(mock).toHaveBeenCalledWith('/api/shop/orders/42?key=wc_order_abc123', expect.anything());
    expect(screen.getByText('1042', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Statut : En attente de virement')).toBeInTheDocument();
    const bank = screen.getByRole('region', { name: 'Coordonnées pour votre virement' });
    for (const text of ['Titulaire', 'E.repare', 'IBAN', 'FR76 1234 5678 9012 3456 7890 123', 'BIC', 'EXMPFRPPXXX', 'Banque', 'Banque Exemple', 'Référence']) {
      expect(bank).toHaveTextContent(text);
    }
    expect(bank).toHaveTextContent(/Référence\s*1042/);
    expect(bank).toHaveTextContent(/Montant\s*46,70\s€/);
    expect(bank).toHaveTextContent('Votre commande sera préparée sous 24 à 48 h après réception du virement');
    expect(bank).toHaveTextContent('À régler avant le samedi 28 novembre 2026');
    expect(screen.getByText(/Un e-mail de confirmation a été envoyé à/)).toHaveTextContent('lea.martin@example.fr');
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/compte?tab=orders');
    expect(screen.getByRole('link', { name: 'Continuer les achats' })).toHaveAttribute('href', '/boutique');
  });

  it('pay in store: "À régler en boutique au retrait" with the shop address and hours', async () => {
    stubApi({
      '/api/shop/orders/42': () =>
        json({
          success: true,
          data: order({
            payment_method: 'cod',
            payment_method_title: 'Paiement en boutique au retrait',
            status: 'processing',
            status_label: 'En préparation',
            bank_details: null,
            expires_at: null,
            shipping_lines: [{ method_id: 'local_pickup', method_title: 'Retrait en boutique', total: '0.00' }],
          }),
        }),
    });
    renderAt(<OrderPage />, '/commande?order=42&key=wc_order_abc123');
    expect(await screen.findByText('À régler en boutique au retrait')).toBeInTheDocument();
    expect(screen.getByText(/Gujan-Mestras/)).toBeInTheDocument();
    expect(screen.getByText('Du mardi au samedi :')).toBeInTheDocument();
    expect(screen.queryByText('Coordonnées pour votre virement')).not.toBeInTheDocument();
  });

  it('the order this tab placed is found without parameters; its return empties the cart once', async () => {
    window.sessionStorage.setItem(ORDER_REFERENCE_KEY, JSON.stringify({ id: 42, key: 'wc_order_abc123', cartCleared: false }));
    seedCart([cartItem()]);
    const { mock } = stubApi({
      '/api/shop/orders/42': () => json({ success: true, data: order({ status: 'processing', status_label: 'En préparation', payment_method: 'stripe', bank_details: null }) }),
    });
    renderAt(<OrderPage />, '/commande');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande confirmée !' })).toBeInTheDocument();
    expect(mock).toHaveBeenCalledWith('/api/shop/orders/42?key=wc_order_abc123', expect.anything());
    await waitFor(() => expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull());
    expect(JSON.parse(window.sessionStorage.getItem(ORDER_REFERENCE_KEY) ?? '{}')).toMatchObject({ cartCleared: true });
  });

  it('an unknown order (or a wrong key): "Commande introuvable"', async () => {
    stubApi({ '/api/shop/orders/42': () => failure('Commande introuvable', 404) });
    renderAt(<OrderPage />, '/commande?order=42&key=faux');
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/compte?tab=orders');
  });

  it('no order reference and an empty cart: back to /boutique with "Votre panier est vide"', async () => {
    stubApi({});
    renderAt(<OrderPage />, '/commande');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/boutique'));
    expect(await screen.findByText('Votre panier est vide')).toBeInTheDocument();
  });

  it('no order reference and a filled cart: a link to finish the order', () => {
    seedCart([cartItem()]);
    stubApi({});
    renderAt(<OrderPage />, '/commande');
    expect(screen.getByText('Votre panier contient 2 articles : finalisez votre commande pour la voir ici.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Finaliser ma commande' })).toHaveAttribute('href', '/checkout');
  });
});

describe('payment return pages', () => {
  it('/payment/success with the order reference opens /commande', async () => {
    stubApi({});
    renderAt(<PaymentSuccessPage />, '/payment/success?order=42&key=wc_order_abc123&token=PAYPAL');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande?order=42&key=wc_order_abc123'));
  });

  it('/payment/success without a reference: no payment to confirm, never « Paiement accepté »', () => {
    stubApi({});
    renderAt(<PaymentSuccessPage />, '/payment/success');
    expect(screen.getByRole('heading', { level: 1, name: 'Aucun paiement à confirmer' })).toBeInTheDocument();
    expect(screen.queryByText('Paiement accepté')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/compte?tab=orders');
  });

  it('/payment/cancel without a known order: "Paiement annulé", the order stays pending 60 minutes, back to checkout or the shop', () => {
    stubApi({});
    renderAt(<PaymentCancelPage />, '/payment/cancel');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement annulé' })).toBeInTheDocument();
    expect(screen.getByText('Paiement annulé. Votre commande reste en attente : vous pouvez choisir un autre mode de paiement.')).toBeInTheDocument();
    expect(screen.getByText(/annulée automatiquement au bout de 60 minutes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revenir à la commande' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Continuer les achats' })).toHaveAttribute('href', '/boutique');
  });

  it('/checkout?success=true&quick=true: « Paiement accepté » only above an order the server says is paid', async () => {
    let paid = true;
    stubApi({
      '/api/shop/orders/42': () =>
        json({ success: true, data: order({ status: paid ? 'processing' : 'pending', status_label: paid ? 'En préparation' : 'En attente de paiement', bank_details: null, date_paid: paid ? '2026-11-21T10:00:00' : null }) }),
    });
    const first = renderAt(<CheckoutPage />, '/checkout?success=true&quick=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Aucun paiement à confirmer' })).toBeInTheDocument();
    first.unmount();
    const second = renderAt(<CheckoutPage />, '/checkout?success=true&quick=true&order=42&key=wc_order_abc123');
    expect(await screen.findByText('Paiement accepté')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Commande confirmée !' })).toBeInTheDocument();
    second.unmount();
    // The address says « success », the order is not paid: no « Paiement accepté ».
    paid = false;
    renderAt(<CheckoutPage />, '/checkout?success=true&quick=true&order=42&key=wc_order_abc123');
    expect(await screen.findByText('Statut : En attente de paiement')).toBeInTheDocument();
    expect(screen.queryByText('Paiement accepté')).not.toBeInTheDocument();
  });
});
