import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_REFERENCE_KEY } from '../../../lib/order-reference';
import { order } from '../test/fixtures';
import { failure, json, renderAt, stubApi } from '../test/render';
import { PendingPaymentStep } from '../components/pending-payment-step';
import { KlarnaWidget } from './klarna-widget';

const CONFIG = '/api/payments/config';
const SESSION = 'POST /api/woocommerce-payments/klarna/create-session';
const CHECKOUT = 'POST /api/woocommerce-payments/klarna/create-checkout-session';
const withKlarna = () => json({ success: true, data: { stripe: { publishable_key: 'pk_test_1', methods: ['card', 'klarna'] }, paypal: null, colissimo: false } });
const klarnaOrder = (total: string) =>
  order({ payment_method: 'klarna', payment_method_title: 'Klarna', status: 'pending', status_label: 'En attente de paiement', bank_details: null, total });

const user = userEvent.setup();

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('Klarna plans (spec 2 §5, §9)', () => {
  it('three plans up to 200 €, with their amounts, none chosen; financing only above 200 €', async () => {
    stubApi({ [CONFIG]: withKlarna });
    const first = renderAt(<KlarnaWidget order={klarnaOrder('200.00')} orderKey="wc_order_abc123" onPaid={vi.fn()} onError={vi.fn()} />, '/checkout');
    const group = screen.getByRole('radiogroup', { name: 'Choisissez votre plan de paiement Klarna' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['pay_in_3', 'pay_in_4', 'pay_later']);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(group).toHaveTextContent("66,68 € aujourd'hui, puis 66,66 € à 30 jours et 66,66 € à 60 jours, sans frais.");
    expect(group).toHaveTextContent('200,00 € à régler dans 30 jours, sans frais.');
    first.unmount();

    renderAt(<KlarnaWidget order={klarnaOrder('200.01')} orderKey="wc_order_abc123" onPaid={vi.fn()} onError={vi.fn()} />, '/checkout');
    expect(screen.getByRole('radio', { name: /Financement de 6 à 36 mois/ })).toBeInTheDocument();
    expect(screen.getByText("À partir de 16,67 € par mois, sous réserve d'acceptation par Klarna.")).toBeInTheDocument();
  });

  it('"Payer avec Klarna" without a plan: "Veuillez sélectionner un plan de paiement Klarna" on the group, focus on the plans, nothing sent', async () => {
    const { sent } = stubApi({ [CONFIG]: withKlarna });
    renderAt(<KlarnaWidget order={klarnaOrder('46.70')} orderKey="wc_order_abc123" onPaid={vi.fn()} onError={vi.fn()} />, '/checkout');
    await user.click(screen.getByRole('button', { name: 'Payer avec Klarna' }));
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('Veuillez sélectionner un plan de paiement Klarna');
    const group = screen.getByRole('radiogroup');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAttribute('aria-describedby', message.id);
    expect(screen.getByRole('radio', { name: /Payer en 3 fois/ })).toHaveFocus();
    expect(sent['/api/woocommerce-payments/klarna/create-session']).toBeUndefined();
    // Choosing a plan clears the error.
    await user.click(screen.getByRole('radio', { name: /Payer en 4 fois/ }));
    expect(screen.queryByText('Veuillez sélectionner un plan de paiement Klarna')).not.toBeInTheDocument();
    expect(group).not.toHaveAttribute('aria-invalid');
  });

  it('with a plan: the session, the hosted checkout, the order remembered for the return, then off to Klarna', async () => {
    const { sent } = stubApi({
      [CONFIG]: withKlarna,
      [SESSION]: () => json({ success: true, message: 'Session Klarna créée', plans: [] }),
      [CHECKOUT]: () => json({ success: true, session_id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
    });
    const redirect = vi.fn();
    renderAt(<KlarnaWidget order={klarnaOrder('46.70')} orderKey="wc_order_abc123" onPaid={vi.fn()} onError={vi.fn()} redirect={redirect} />, '/checkout');
    await user.click(screen.getByRole('radio', { name: /Payer en 3 fois/ }));
    await user.click(screen.getByRole('button', { name: 'Payer avec Klarna' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    const body = { orderId: 42, order_key: 'wc_order_abc123', plan: 'pay_in_3', currency: 'eur' };
    expect(sent['/api/woocommerce-payments/klarna/create-session']).toEqual([body]);
    expect(sent['/api/woocommerce-payments/klarna/create-checkout-session']).toEqual([body]);
    expect(JSON.parse(window.sessionStorage.getItem(ORDER_REFERENCE_KEY) ?? '{}')).toMatchObject({ id: 42, key: 'wc_order_abc123' });
    expect(screen.getByRole('status')).toHaveTextContent('Redirection vers Klarna…');
  });

  it('Stripe down: "Erreur de paiement Klarna: Service Klarna temporairement indisponible…" and Réessayer', async () => {
    let calls = 0;
    stubApi({
      [CONFIG]: withKlarna,
      [SESSION]: () => {
        calls += 1;
        return calls === 1
          ? failure('Service Klarna temporairement indisponible. Veuillez utiliser le paiement par carte bancaire.', 503)
          : json({ success: true });
      },
      [CHECKOUT]: () => json({ success: true, session_id: 'cs_test_2', url: 'https://checkout.stripe.com/c/pay/cs_test_2' }),
    });
    const redirect = vi.fn();
    renderAt(
      <PendingPaymentStep order={klarnaOrder('46.70')} orderKey="wc_order_abc123" onPaid={vi.fn()} onBack={vi.fn()} />,
      '/checkout',
    );
    // The widget is lazy: the registry's chunk.
    await user.click(await screen.findByRole('radio', { name: /Payer dans 30 jours/ }));
    await user.click(screen.getByRole('button', { name: 'Payer avec Klarna' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur de paiement Klarna: Service Klarna temporairement indisponible. Veuillez utiliser le paiement par carte bancaire.',
    );
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('no Stripe configured: "Stripe non disponible"', async () => {
    const { sent } = stubApi({ [CONFIG]: () => json({ success: true, data: { stripe: null, paypal: null, colissimo: false } }) });
    const onError = vi.fn();
    renderAt(<KlarnaWidget order={klarnaOrder('46.70')} orderKey="wc_order_abc123" onPaid={vi.fn()} onError={onError} redirect={vi.fn()} />, '/checkout');
    await user.click(screen.getByRole('radio', { name: /Payer en 3 fois/ }));
    await user.click(screen.getByRole('button', { name: 'Payer avec Klarna' }));
    await waitFor(() => expect(onError).toHaveBeenLastCalledWith('Stripe non disponible'));
    expect(sent['/api/woocommerce-payments/klarna/create-session']).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
