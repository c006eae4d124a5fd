import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingPaymentStep } from '../components/pending-payment-step';
import { order } from '../test/fixtures';
import { failure, json, renderAt, stubApi } from '../test/render';
import type * as LoadStripe from '../../../lib/load-stripe';
import { StripeLoadError } from '../../../lib/load-stripe';

/**
 * The card widget with Stripe.js replaced (no network script in a unit test): loadStripeOnce and
 * the React bindings are stubs; what is tested is our side — the calls to our server, the states,
 * the texts. The real Stripe.js runs in the e2e tests against the fake.
 */
const stripeStub = vi.hoisted(() => ({
  load: vi.fn<(key: string) => Promise<unknown>>(),
  confirmPayment: vi.fn<(options: unknown) => Promise<unknown>>(),
}));

vi.mock('../../../lib/load-stripe', async (importOriginal) => ({
  ...(await importOriginal<typeof LoadStripe>()),
  loadStripeOnce: (key: string) => stripeStub.load(key),
}));

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: function PaymentElement({ onReady }: { onReady?: () => void }) {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ confirmPayment: stripeStub.confirmPayment }),
  useElements: () => ({}),
}));

const CONFIG = '/api/payments/config';
const INTENT = 'POST /api/woocommerce-payments/create-payment-intent';
const CONFIRM = 'POST /api/woocommerce-payments/stripe/confirm-payment';
const config = (methods: string[] | null) =>
  json({ success: true, data: { stripe: methods ? { publishable_key: 'pk_test_1', methods } : null, paypal: null, colissimo: false } });
const intent = () => json({ success: true, client_secret: 'pi_1_secret_2', payment_intent_id: 'pi_1', publishable_key: 'pk_test_1' });
const cardOrder = (method = 'stripe') =>
  order({ payment_method: method, payment_method_title: 'Carte bancaire', status: 'pending', status_label: 'En attente de paiement', bank_details: null });

const user = userEvent.setup();
/** The amount as Intl writes it (a narrow no-break space before €). */
const PAY = /^Payer 46,70\s€$/;

function renderStep(method = 'stripe') {
  const onPaid = vi.fn();
  renderAt(<PendingPaymentStep order={cardOrder(method)} orderKey="wc_order_abc123" onPaid={onPaid} onBack={vi.fn()} />, '/checkout');
  return { onPaid };
}

beforeEach(() => {
  window.sessionStorage.clear();
  stripeStub.load.mockReset().mockResolvedValue({});
  stripeStub.confirmPayment.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('card widget (Stripe)', () => {
  it('pays: "Payer 46,70 €", Stripe confirms without leaving, our server confirms, then onPaid with its order', async () => {
    const paid = cardOrder();
    const { sent } = stubApi({
      [CONFIG]: () => config(['card']),
      [INTENT]: intent,
      [CONFIRM]: () => json({ success: true, status: 'processing', data: { ...paid, status: 'processing', status_label: 'En préparation' } }),
    });
    let finish: (value: unknown) => void = () => undefined;
    stripeStub.confirmPayment.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { onPaid } = renderStep();
    const pay = await screen.findByRole('button', { name: PAY });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(stripeStub.load).toHaveBeenCalledWith('pk_test_1');
    expect(sent['/api/woocommerce-payments/create-payment-intent']).toEqual([{ orderId: 42, order_key: 'wc_order_abc123', currency: 'eur', paymentMethod: 'stripe' }]);
    await user.click(pay);
    expect(screen.getByRole('button', { name: 'Traitement...' })).toBeDisabled();
    expect(stripeStub.confirmPayment).toHaveBeenCalledWith({
      elements: {},
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/payment/success?provider=stripe&order=42` },
    });
    await act(async () => finish({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ id: 42, status: 'processing' })));
    expect(sent['/api/woocommerce-payments/stripe/confirm-payment']).toEqual([{ orderId: 42, order_key: 'wc_order_abc123', paymentIntentId: 'pi_1' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Paiement confirmé');
  });

  it('a declined card: Stripe’s French message in "Erreur de paiement: …", our server not asked, the button again', async () => {
    const { sent } = stubApi({ [CONFIG]: () => config(['card']), [INTENT]: intent });
    stripeStub.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Votre carte a été refusée.' } });
    const { onPaid } = renderStep();
    const pay = await screen.findByRole('button', { name: PAY });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de paiement: Votre carte a été refusée.');
    expect(sent['/api/woocommerce-payments/stripe/confirm-payment']).toBeUndefined();
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: PAY })).toBeEnabled();
  });

  it('the bank has not confirmed yet (202): "Paiement en cours de confirmation…", no onPaid', async () => {
    stubApi({
      [CONFIG]: () => config(['card']),
      [INTENT]: intent,
      [CONFIRM]: () => json({ success: false, pending: true, message: 'Le paiement n’est pas encore confirmé par la banque.' }, 202),
    });
    stripeStub.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'processing' } });
    const { onPaid } = renderStep();
    const pay = await screen.findByRole('button', { name: PAY });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText('Paiement en cours de confirmation. Vous recevrez un e-mail dès qu’il sera validé.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute('href', '/commande?order=42&key=wc_order_abc123');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('our server refuses the confirmation: its message; without one: "Erreur HTTP {status}"', async () => {
    let answer = failure('Le montant payé ne correspond pas au total de la commande.', 409);
    stubApi({ [CONFIG]: () => config(['card']), [INTENT]: intent, [CONFIRM]: () => answer });
    stripeStub.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    renderStep();
    const pay = await screen.findByRole('button', { name: PAY });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de paiement: Le montant payé ne correspond pas au total de la commande.');
    answer = new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Erreur de paiement: Erreur HTTP 502'));
  });

  it('Stripe.js cannot be loaded: "Impossible de charger Stripe" and Réessayer loads it again', async () => {
    stubApi({ [CONFIG]: () => config(['card']), [INTENT]: intent });
    stripeStub.load.mockRejectedValueOnce(new StripeLoadError());
    renderStep();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de paiement: Impossible de charger Stripe');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('button', { name: PAY })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stripeStub.load).toHaveBeenCalledTimes(2);
  });

  it('no Stripe configuration: "Erreur de configuration du paiement"', async () => {
    stubApi({ [CONFIG]: () => config(null), [INTENT]: intent });
    renderStep();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de paiement: Erreur de configuration du paiement');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('the intent refused without a message: "Erreur HTTP 500"; with a 2xx that is not an intent: "Erreur lors de la création du Payment Intent"', async () => {
    let answer = new Response('oops', { status: 500 });
    stubApi({ [CONFIG]: () => config(['card']), [INTENT]: () => answer });
    renderStep();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de paiement: Erreur HTTP 500');
    answer = json({ success: true });
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Erreur de paiement: Erreur lors de la création du Payment Intent'));
  });

  it('Revolut Pay: the same widget on a revolut_pay intent, its alert variant', async () => {
    const { sent } = stubApi({ [CONFIG]: () => config(['card', 'revolut_pay']), [INTENT]: intent });
    stripeStub.confirmPayment.mockResolvedValue({ error: { type: 'invalid_request_error', message: 'Le paiement Revolut Pay a échoué.' } });
    renderStep('revolut_pay');
    const pay = await screen.findByRole('button', { name: PAY });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(sent['/api/woocommerce-payments/create-payment-intent']).toEqual([expect.objectContaining({ paymentMethod: 'revolut_pay' })]);
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de paiement Revolut Pay: Le paiement Revolut Pay a échoué.');
  });
});
