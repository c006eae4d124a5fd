import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { addToCart } from '../../../lib/cart-store';
import { renderPage, stubShopApi } from '../../../test/render-shop';
import { jsonResponse, product, route, visitorRoutes, type ApiRoute } from '../../../test/shop-fixtures';
import { order } from '../../checkout/test/fixtures';
import { ORDER_REFERENCE_KEY } from '../../../lib/order-reference';
import { QUICK_PAY_SUPPORT_KEY, serializeQuickPaySupport } from '../lib/quick-pay-support';
import { CartPage } from '../pages/cart-page';

/**
 * The one boundary mocked: Stripe.js itself (the script from js.stripe.com). Everything of ours runs
 * for real, against the stubbed API: the config check, the support cache, the order payload, the
 * payment sequence, the landing.
 */
type Handler = (event: unknown) => void;

class FakePaymentRequest {
  readonly handlers = new Map<string, Handler>();
  showing = false;
  readonly show = vi.fn(() => {
    this.showing = true;
  });
  readonly update = vi.fn();
  constructor(
    readonly options: unknown,
    private readonly canPay: Record<string, boolean> | null,
  ) {}
  canMakePayment() {
    return Promise.resolve(this.canPay);
  }
  isShowing() {
    return this.showing;
  }
  on(type: string, handler: Handler) {
    this.handlers.set(type, handler);
    return this;
  }
  off(type: string) {
    this.handlers.delete(type);
    return this;
  }
}

type ConfirmResult = { paymentIntent?: { id: string; status: string }; error?: { message: string } };

const stripeJs = vi.hoisted(() => ({
  loadStripe: Object.assign(vi.fn(), { setLoadParameters: vi.fn() }),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.loadStripe }));

let requests: FakePaymentRequest[] = [];
let confirmCardPayment = vi.fn<(...args: unknown[]) => Promise<ConfirmResult>>();

function fakeStripe(canPay: Record<string, boolean> | null) {
  stripeJs.loadStripe.mockImplementation(() =>
    Promise.resolve({
      paymentRequest: (options: unknown) => {
        const request = new FakePaymentRequest(options, canPay);
        requests.push(request);
        return request;
      },
      confirmCardPayment,
    }),
  );
}

// loadStripeOnce keeps one Stripe per publishable key: a new key per test.
let keyCounter = 0;
function stripeConfig(methods: string[] = ['card']): ApiRoute {
  keyCounter += 1;
  const key = `pk_test_${keyCounter}`;
  return route('GET', '/api/payments/config', () =>
    jsonResponse({ success: true, data: { stripe: { publishable_key: key, methods }, paypal: null, colissimo: false } }),
  );
}
const noStripe = route('GET', '/api/payments/config', () => jsonResponse({ success: true, data: { stripe: null, paypal: null, colissimo: false } }));
const noCoupons = route('GET', '/api/woocommerce/coupons', () => jsonResponse({ success: true, data: [] }));

const heading = () => screen.queryByRole('heading', { name: 'Paiement express' });
const quickPayAlert = () => within(screen.getByRole('region', { name: 'Paiement express' })).getByRole('alert');

/** Lets the idle callback (a timer in jsdom), Stripe's promises and React settle. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 350));
  });
}

function paymentMethodEvent(overrides: Record<string, unknown> = {}) {
  return {
    paymentMethod: { id: 'pm_card_visa' },
    payerName: 'Léa Martin',
    payerEmail: 'lea.martin@example.fr',
    payerPhone: '+33601020304',
    complete: vi.fn(),
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  requests = [];
  confirmCardPayment = vi.fn<(...args: unknown[]) => Promise<ConfirmResult>>();
  stripeJs.loadStripe.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QuickPay on the cart', () => {
  it('shows nothing and loads no Stripe.js when Stripe is not configured', async () => {
    addToCart(product(), 1);
    const calls = stubShopApi(...visitorRoutes, noCoupons, noStripe);
    renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Récapitulatif' });
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/payments/config')).toBe(true));
    await settle();
    expect(heading()).toBeNull();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('shows nothing without card payments, nor below 0,50 €', async () => {
    addToCart(product({ price: '0.40', regular_price: '0.40' }), 1);
    fakeStripe({ googlePay: true });
    stubShopApi(...visitorRoutes, noCoupons, stripeConfig());
    const first = renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Récapitulatif' });
    await settle();
    expect(heading()).toBeNull();
    first.unmount();
    localStorage.clear();
    addToCart(product({ id: 2, name: 'Câble' }), 1);
    stubShopApi(...visitorRoutes, noCoupons, stripeConfig(['klarna']));
    renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Récapitulatif' });
    await settle();
    expect(heading()).toBeNull();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('never loads Stripe.js when this browser is known to have no wallet (cached 7 days)', async () => {
    localStorage.setItem(QUICK_PAY_SUPPORT_KEY, serializeQuickPaySupport('unsupported', new Date(Date.now() - 24 * 3600 * 1000)));
    addToCart(product(), 1);
    fakeStripe({ googlePay: true });
    stubShopApi(...visitorRoutes, noCoupons, stripeConfig());
    renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Récapitulatif' });
    await settle();
    expect(heading()).toBeNull();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('without a wallet: nothing shown, "unsupported" cached', async () => {
    addToCart(product(), 1);
    fakeStripe(null);
    stubShopApi(...visitorRoutes, noCoupons, stripeConfig());
    renderPage(<CartPage />, { path: '/panier' });
    await waitFor(() => expect(localStorage.getItem(QUICK_PAY_SUPPORT_KEY)).toContain('"unsupported"'));
    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(1);
    expect(heading()).toBeNull();
  });

  it('Stripe.js failing to load: nothing shown, nothing cached', async () => {
    addToCart(product(), 1);
    stripeJs.loadStripe.mockImplementation(() => Promise.reject(new Error('réseau')));
    stubShopApi(...visitorRoutes, noCoupons, stripeConfig());
    renderPage(<CartPage />, { path: '/panier' });
    await waitFor(() => expect(stripeJs.loadStripe).toHaveBeenCalled());
    await settle();
    expect(heading()).toBeNull();
    expect(localStorage.getItem(QUICK_PAY_SUPPORT_KEY)).toBeNull();
  });

  it('asks the wallet for name, e-mail and phone, shows the pickup notice and the total, and requires the terms', async () => {
    addToCart(product(), 2);
    fakeStripe({ applePay: false, googlePay: true });
    stubShopApi(...visitorRoutes, noCoupons, stripeConfig());
    const user = userEvent.setup();
    renderPage(<CartPage />, { path: '/panier' });
    expect(await screen.findByRole('heading', { name: 'Paiement express' }, { timeout: 3000 })).toBeInTheDocument();
    expect(localStorage.getItem(QUICK_PAY_SUPPORT_KEY)).toContain('"supported"');
    const [request] = requests;
    expect(request?.options).toEqual({
      country: 'FR',
      currency: 'eur',
      total: { label: 'E.repare – paiement express', amount: 3980 },
      requestPayerName: true,
      requestPayerEmail: true,
      requestPayerPhone: true,
      requestShipping: false,
    });
    expect(screen.getByText('Retrait en boutique (Gujan-Mestras) — aucun frais de livraison')).toBeInTheDocument();
    expect(screen.getByText('Total à payer (TTC)').nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe('39,80 €');
    const terms = screen.getByRole('checkbox', { name: /J'accepte les conditions générales de vente/ });
    expect(terms).toBeRequired();
    expect(screen.getByRole('link', { name: /conditions générales de vente/ })).toHaveAttribute('href', '/cgv');

    const pay = screen.getByRole('button', { name: 'Payer avec Google Pay' });
    await user.click(pay);
    expect(quickPayAlert()).toHaveTextContent('Veuillez accepter les conditions générales de vente');
    expect(request?.show).not.toHaveBeenCalled();
    expect(terms).toHaveFocus();
    expect(terms).toHaveAttribute('aria-invalid', 'true');

    await user.click(terms);
    expect(quickPayAlert()).toBeEmptyDOMElement();
    await user.click(pay);
    expect(request?.update).toHaveBeenLastCalledWith({ total: { label: 'E.repare – paiement express', amount: 3980 } });
    expect(request?.show).toHaveBeenCalledTimes(1);
  });

  it('updates the sheet total when the cart changes', async () => {
    addToCart(product(), 1);
    fakeStripe({ googlePay: true });
    stubShopApi(...visitorRoutes, noCoupons, stripeConfig());
    const user = userEvent.setup();
    renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Paiement express' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité de Coque silicone iPhone 13' }));
    await waitFor(() => expect(requests[0]?.update).toHaveBeenLastCalledWith({ total: { label: 'E.repare – paiement express', amount: 3980 } }));
  });

  it('pays: order created first (pickup, payer, terms, total shown), then the intent, the card, our confirmation, the landing', async () => {
    addToCart(product(), 2);
    fakeStripe({ applePay: true });
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'requires_action' } });
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const calls = stubShopApi(
      ...visitorRoutes,
      noCoupons,
      stripeConfig(),
      route('POST', '/api/shop/orders', () => jsonResponse({ success: true, data: order({ id: 77, order_key: 'wc_order_quick', status: 'pending', payment_method: 'stripe' }) }, 201)),
      route('POST', '/api/woocommerce-payments/create-payment-intent', () =>
        jsonResponse({ success: true, client_secret: 'pi_123_secret_abc', payment_intent_id: 'pi_123', publishable_key: 'pk_test' }),
      ),
      route('POST', '/api/woocommerce-payments/stripe/confirm-payment', () => jsonResponse({ success: true, status: 'processing' })),
    );
    const user = userEvent.setup();
    const page = renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Paiement express' }, { timeout: 3000 });
    await user.click(screen.getByRole('checkbox', { name: /J'accepte/ }));
    await user.click(screen.getByRole('button', { name: 'Payer avec Apple Pay' }));
    const event = paymentMethodEvent();
    await act(async () => {
      requests[0]?.handlers.get('paymentmethod')?.(event);
      await Promise.resolve();
    });

    await waitFor(() => expect(page.router.state.location.pathname).toBe('/checkout'));
    expect(Object.fromEntries(page.search())).toEqual({ success: 'true', quick: 'true', order: '77', key: 'wc_order_quick' });
    const paths = calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname);
    expect(paths.filter((path) => path !== '/api/auth/verify-session')).toEqual([
      '/api/shop/orders',
      '/api/woocommerce-payments/create-payment-intent',
      '/api/woocommerce-payments/stripe/confirm-payment',
    ]);
    expect(calls.find((call) => call.url.pathname === '/api/shop/orders')?.body).toMatchObject({
      payment_method: 'stripe',
      billing: { first_name: 'Léa', last_name: 'Martin', email: 'lea.martin@example.fr', phone: '+33601020304', country: 'FR' },
      line_items: [{ product_id: 101, quantity: 2 }],
      shipping_lines: [{ method_id: 'local_pickup' }],
      coupon_lines: [],
      use_loyalty: false,
      expected_total: '39.80',
      terms_accepted: true,
    });
    expect(calls.find((call) => call.url.pathname === '/api/woocommerce-payments/create-payment-intent')?.body).toMatchObject({ orderId: 77, order_key: 'wc_order_quick', paymentMethod: 'stripe' });
    expect(calls.find((call) => call.url.pathname === '/api/woocommerce-payments/stripe/confirm-payment')?.body).toMatchObject({ orderId: 77, paymentIntentId: 'pi_123' });
    expect(confirmCardPayment).toHaveBeenNthCalledWith(1, 'pi_123_secret_abc', { payment_method: 'pm_card_visa' }, { handleActions: false });
    expect(confirmCardPayment).toHaveBeenNthCalledWith(2, 'pi_123_secret_abc');
    expect(event.complete).toHaveBeenCalledExactlyOnceWith('success');
    await waitFor(() => expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull());
    expect(JSON.parse(sessionStorage.getItem(ORDER_REFERENCE_KEY) ?? '{}')).toEqual({ id: 77, key: 'wc_order_quick', cartCleared: true });
  });

  it('a declined card closes the sheet with "fail", says why, and keeps the cart', async () => {
    addToCart(product(), 1);
    fakeStripe({ googlePay: true });
    confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Votre carte a été refusée.' } });
    stubShopApi(
      ...visitorRoutes,
      noCoupons,
      stripeConfig(),
      route('POST', '/api/shop/orders', () => jsonResponse({ success: true, data: order({ id: 78, status: 'pending', payment_method: 'stripe' }) }, 201)),
      route('POST', '/api/woocommerce-payments/create-payment-intent', () =>
        jsonResponse({ success: true, client_secret: 'pi_9_secret', payment_intent_id: 'pi_9', publishable_key: 'pk_test' }),
      ),
    );
    const user = userEvent.setup();
    const page = renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Paiement express' }, { timeout: 3000 });
    await user.click(screen.getByRole('checkbox', { name: /J'accepte/ }));
    await user.click(screen.getByRole('button', { name: 'Payer avec Google Pay' }));
    const event = paymentMethodEvent();
    await act(async () => {
      requests[0]?.handlers.get('paymentmethod')?.(event);
      await Promise.resolve();
    });
    await waitFor(() => expect(quickPayAlert()).toHaveTextContent('Erreur de paiement: Votre carte a été refusée.'));
    expect(event.complete).toHaveBeenCalledExactlyOnceWith('fail');
    expect(page.router.state.location.pathname).toBe('/panier');
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it('a total that changed (409) charges nothing, shows the server message and reads the prices again', async () => {
    addToCart(product(), 1);
    fakeStripe({ googlePay: true });
    const calls = stubShopApi(
      ...visitorRoutes,
      noCoupons,
      stripeConfig(),
      route('POST', '/api/shop/orders', () =>
        jsonResponse({ success: false, statusCode: 409, code: 'TOTAL_CHANGED', message: 'Le total de votre commande a changé : 24,90 €. Vérifiez le récapitulatif puis validez à nouveau.' }, 409),
      ),
      route('GET', '/api/shop/products/101', () => jsonResponse({ success: true, data: product({ price: '24.90', regular_price: '24.90' }) })),
    );
    const user = userEvent.setup();
    renderPage(<CartPage />, { path: '/panier' });
    await screen.findByRole('heading', { name: 'Paiement express' }, { timeout: 3000 });
    await user.click(screen.getByRole('checkbox', { name: /J'accepte/ }));
    await user.click(screen.getByRole('button', { name: 'Payer avec Google Pay' }));
    const event = paymentMethodEvent();
    await act(async () => {
      requests[0]?.handlers.get('paymentmethod')?.(event);
      await Promise.resolve();
    });
    await waitFor(() => expect(quickPayAlert()).toHaveTextContent('Le total de votre commande a changé : 24,90 €.'));
    expect(event.complete).toHaveBeenCalledExactlyOnceWith('fail');
    expect(confirmCardPayment).not.toHaveBeenCalled();
    expect(calls.some((call) => call.url.pathname === '/api/woocommerce-payments/create-payment-intent')).toBe(false);
    await waitFor(() => expect(screen.getByText('Total à payer (TTC)').nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe('24,90 €'));
  });
});
