import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { APPLIED_COUPON_KEY } from '../../../lib/cart-store';
import { CheckoutPage } from '../pages/checkout-page';
import { CHECKOUT_DRAFT_KEY } from '../lib/checkout-draft';
import { ORDER_REFERENCE_KEY } from '../../../lib/order-reference';
import { ONLINE_PAYMENT_UNAVAILABLE } from './step-payment';
import { RELAY_UNAVAILABLE } from './step-shipping';
import { product } from '../../../test/shop-fixtures';
import { bacs, cartItem, cod, order, shippingMethods, stripe } from '../test/fixtures';
import { failure, json, renderAt, seedCart, stubApi } from '../test/render';
import { asRead } from '../../../test/read-text';

const SHIPPING = '/api/shop/shipping-methods';
const GATEWAYS = '/api/shop/payment-gateways';
const ORDERS = '/api/shop/orders';
const COUPON = '/api/shop/coupons/validate';

const baseRoutes = {
  [SHIPPING]: () => json({ success: true, data: shippingMethods }),
  [GATEWAYS]: () => json({ success: true, data: [bacs, cod] }),
};

const signedIn = {
  '/api/auth/verify-session': () =>
    json({
      success: true,
      user: {
        id: 41,
        email: 'lea.martin@example.fr',
        role: 'customer',
        repairdesk_customer_id: null,
        first_name: 'Léa',
        last_name: 'Martin',
        phone: '0601020304',
        address: '12 rue des Pins',
        city: 'Arcachon',
        postal_code: '33120',
        email_verified: true,
      },
      token: null,
      message: 'Session valide',
    }),
};

// Typing through whole forms in StrictMode takes a few seconds per test.
vi.setConfig({ testTimeout: 20_000 });

let user: UserEvent;

beforeEach(() => {
  user = userEvent.setup({ delay: null });
  window.localStorage.clear();
  window.sessionStorage.clear();
  seedCart([cartItem()]);
});
afterEach(() => vi.unstubAllGlobals());

const next = () => user.click(screen.getByRole('button', { name: /Suivant/ }));

async function fillInformation() {
  await user.type(screen.getByLabelText('Adresse e-mail'), 'lea.martin@example.fr');
  await user.type(screen.getByLabelText('Prénom'), 'Léa');
  await user.type(screen.getByLabelText('Nom'), 'Martin');
  await user.type(screen.getByLabelText('Téléphone'), '0601020304');
  await next();
  await screen.findByRole('heading', { level: 2, name: /Adresse et méthode/ });
}

async function fillAddress() {
  await user.type(screen.getByLabelText('Adresse'), '12 rue des Pins');
  await user.type(screen.getByLabelText('Code postal'), '33120');
  await user.type(screen.getByLabelText('Ville'), 'Arcachon');
}

async function toReview({ pickup = false, payment = 'Virement bancaire' }: { pickup?: boolean; payment?: string } = {}) {
  renderAt(<CheckoutPage />, '/checkout');
  await fillInformation();
  await screen.findByRole('radio', { name: /Colissimo sans signature/ });
  if (pickup) await user.click(screen.getByRole('radio', { name: /Retrait en boutique/ }));
  else await fillAddress();
  await next();
  await screen.findByRole('heading', { level: 2, name: /Mode de paiement/ });
  await user.click(await screen.findByRole('radio', { name: new RegExp(payment) }));
  await next();
  await screen.findByRole('heading', { level: 2, name: /Vérification finale/ });
}

const submitButton = () => screen.getByRole('button', { name: 'Commander avec obligation de paiement' });

describe('CheckoutPage – steps', () => {
  it('step 1: the progress says which step is current; Suivant shows the presence errors, focuses the first, and an edit clears its error', async () => {
    stubApi(baseRoutes);
    renderAt(<CheckoutPage />, '/checkout');
    const steps = within(screen.getByRole('navigation', { name: 'Étapes de la commande' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps[0]).toHaveTextContent(/Informations.*étape 1 sur 4, en cours/);
    expect(steps[1]).toHaveTextContent(/Livraison.*étape 2 sur 4, à venir/);
    expect(screen.queryByRole('button', { name: /Précédent/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Retour au panier/ })).toHaveAttribute('href', '/panier');

    await next();
    expect(await screen.findByText('Adresse e-mail requise')).toBeInTheDocument();
    for (const message of ['Prénom requis', 'Nom requis', 'Téléphone requis']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    const email = screen.getByLabelText('Adresse e-mail');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/Adresse e-mail requise/);
    expect(screen.getByRole('heading', { level: 2, name: /Vos coordonnées/ })).toBeInTheDocument();

    await user.type(email, 'l');
    expect(screen.queryByText('Adresse e-mail requise')).not.toBeInTheDocument();
    expect(screen.getByText('Prénom requis')).toBeInTheDocument();
  });

  it('step 2: delivery asks for the address (and says orders before 14h ship the same day); pickup skips it', async () => {
    stubApi(baseRoutes);
    renderAt(<CheckoutPage />, '/checkout');
    await fillInformation();
    expect(screen.getByRole('heading', { level: 2, name: /Adresse et méthode/ })).toHaveFocus();
    const steps = within(screen.getByRole('navigation', { name: 'Étapes de la commande' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('terminée');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');

    const standard = await screen.findByRole('radio', { name: /Colissimo sans signature/ });
    expect(standard).toBeChecked();
    expect(screen.getByText('Commandes passées avant 14h expédiées le jour même')).toBeInTheDocument();
    // 39,80 € of articles: 10,21 € are missing for free standard delivery (strictly above 50 €).
    expect(within(standard.closest('label')!).getByText(/Plus que 10,21\s€/)).toBeInTheDocument();
    await next();
    expect(await screen.findByText('Adresse requise')).toBeInTheDocument();
    for (const message of ['Ville requise', 'Code postal requis']) expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse')).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: /Retrait en boutique/ }));
    expect(screen.queryByLabelText('Adresse')).not.toBeInTheDocument();
    expect(screen.queryByText('Commandes passées avant 14h expédiées le jour même')).not.toBeInTheDocument();
    await next();
    const heading = await screen.findByRole('heading', { level: 2, name: /Mode de paiement/ });
    // Focus moves in an effect after the step renders.
    await waitFor(() => expect(heading).toHaveFocus());
    await user.click(screen.getByRole('button', { name: /Précédent/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Adresse et méthode/ })).toBeInTheDocument();
  });

  it('step 2: a failed shipping list says so and offers Réessayer', async () => {
    let healthy = false;
    stubApi({
      ...baseRoutes,
      [SHIPPING]: () => (healthy ? json({ success: true, data: shippingMethods }) : failure('Service indisponible', 503)),
    });
    renderAt(<CheckoutPage />, '/checkout');
    await fillInformation();
    // The shared query tries twice before failing.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Impossible de charger les méthodes de livraison');
    expect(alert).toHaveTextContent('Veuillez réessayer ou contacter le support');
    healthy = true;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('radio', { name: /Colissimo sans signature/ })).toBeInTheDocument();
  });

  it('step 3: pay in store is offered only with in-store pickup, and the page says so', async () => {
    stubApi(baseRoutes);
    renderAt(<CheckoutPage />, '/checkout');
    await fillInformation();
    await screen.findByRole('radio', { name: /Colissimo sans signature/ });
    expect(screen.queryByText(RELAY_UNAVAILABLE) !== null).toBe(!shippingMethods.some((method) => method.needs_relay));
    await fillAddress();
    await next();
    await screen.findByRole('radio', { name: /Virement bancaire/ });
    expect(screen.queryByRole('radio', { name: /Paiement en boutique/ })).not.toBeInTheDocument();
    expect(screen.getByText('Moyens de paiement disponibles : Virement bancaire.')).toBeInTheDocument();
    expect(screen.getByText(/Paiement en boutique au retrait : proposé uniquement avec la livraison « Retrait en boutique »/)).toBeInTheDocument();
    // No online provider configured: the page says so plainly.
    expect(screen.getByText(asRead(ONLINE_PAYMENT_UNAVAILABLE))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Précédent/ }));
    await user.click(await screen.findByRole('radio', { name: /Retrait en boutique/ }));
    await next();
    expect(await screen.findByRole('radio', { name: /Paiement en boutique au retrait/ })).toBeInTheDocument();
    expect(screen.getByText('Moyens de paiement disponibles : Virement bancaire et Paiement en boutique au retrait.')).toBeInTheDocument();
  });

  it('an empty cart shows "Panier vide" with the shop and the cart', async () => {
    window.localStorage.removeItem(CART_STORAGE_KEY);
    stubApi(baseRoutes);
    renderAt(<CheckoutPage />, '/checkout');
    expect(screen.getByRole('heading', { level: 1, name: 'Panier vide' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la boutique' })).toHaveAttribute('href', '/boutique');
    expect(screen.getByRole('link', { name: 'Voir mon panier' })).toHaveAttribute('href', '/panier');
  });
});

describe('CheckoutPage – summary', () => {
  it('totals with the shared rules; promo code: empty, applied (shared with the cart), invalid, failure, removed', async () => {
    const { sent } = stubApi({
      ...baseRoutes,
      [COUPON]: (body) => {
        const code = (body as { code: string }).code;
        if (code === 'BIENVENUE10') {
          return json({
            valid: true,
            discount_amount: '3.98',
            coupon: { id: 1, code, discount_type: 'percent', amount: '10.00', description: '' },
            error: null,
          });
        }
        if (code === 'PANNE') return Promise.reject(new TypeError('Failed to fetch'));
        return json({ valid: false, discount_amount: '0.00', coupon: null, error: 'Ce code promo a expiré' }, 422);
      },
    });
    renderAt(<CheckoutPage />, '/checkout');
    const summary = screen.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    expect(within(summary).getByText('Expédition sous 24h')).toBeInTheDocument();
    expect(within(summary).getByText('Garantie 12 mois')).toBeInTheDocument();
    expect(within(summary).getByText('Paiement sécurisé')).toBeInTheDocument();
    // Shipping preselected (Colissimo 6,90 €): 39,80 + 6,90.
    await waitFor(() => expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/46,70\s€/));

    const apply = within(summary).getByRole('button', { name: 'Appliquer' });
    await user.click(apply);
    expect(within(summary).getByText('Veuillez entrer un code promo')).toBeInTheDocument();
    expect(sent[COUPON]).toBeUndefined();

    const input = within(summary).getByLabelText('Code promo');
    await user.type(input, 'vieux');
    await user.click(apply);
    expect(await within(summary).findByText('Ce code promo a expiré')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'panne');
    await user.click(apply);
    expect(await within(summary).findByText('Erreur lors de la validation du code promo')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'bienvenue10');
    await user.click(apply);
    expect(await within(summary).findByText('Code promo « BIENVENUE10 » appliqué ! Réduction de 3,98 €')).toBeInTheDocument();
    expect(sent[COUPON]?.at(-1)).toEqual({ code: 'BIENVENUE10', items: [{ product_id: 101, quantity: 2 }] });
    expect(JSON.parse(window.localStorage.getItem(APPLIED_COUPON_KEY) ?? '{}')).toMatchObject({ code: 'BIENVENUE10', discountCents: 398 });
    // 39,80 − 3,98 + 6,90 = 42,72.
    expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/42,72\s€/);

    await user.click(within(summary).getByRole('button', { name: /Retirer/ }));
    expect(within(summary).getByText('Code promo retiré')).toBeInTheDocument();
    expect(window.localStorage.getItem(APPLIED_COUPON_KEY)).toBeNull();
  });
});

describe('CheckoutPage – order', () => {
  it('the terms of sale must be accepted; the only amount sent is the total shown; bank transfer goes to /commande and empties the cart', async () => {
    const { sent } = stubApi({ ...baseRoutes, [`POST ${ORDERS}`]: () => json({ success: true, data: order(), message: 'Commande #42 créée avec succès !' }, 201) });
    await toReview();
    expect(screen.getByText(/12 rue des Pins/)).toBeInTheDocument();
    const cgv = screen.getByRole('link', { name: /conditions générales de vente/ });
    expect(cgv).toHaveAttribute('href', '/cgv');
    expect(cgv).toHaveAttribute('target', '_blank');
    expect(cgv.getAttribute('rel')).toContain('noopener');

    await user.click(submitButton());
    expect(await screen.findByText('Veuillez accepter les conditions générales de vente')).toBeInTheDocument();
    expect(sent[ORDERS]).toBeUndefined();

    await user.click(screen.getByRole('checkbox', { name: /J'ai lu et j'accepte les conditions générales de vente/ }));
    expect(screen.queryByText('Veuillez accepter les conditions générales de vente')).not.toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/46,70\s€/);
    await user.click(submitButton());

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande?order=42&key=wc_order_abc123'));
    expect(sent[ORDERS]).toEqual([
      {
        payment_method: 'bacs',
        billing: {
          first_name: 'Léa',
          last_name: 'Martin',
          email: 'lea.martin@example.fr',
          phone: '0601020304',
          company: '',
          address_1: '12 rue des Pins',
          address_2: '',
          city: 'Arcachon',
          postcode: '33120',
          country: 'FR',
        },
        shipping: {
          first_name: 'Léa',
          last_name: 'Martin',
          company: '',
          address_1: '12 rue des Pins',
          address_2: '',
          city: 'Arcachon',
          postcode: '33120',
          country: 'FR',
        },
        line_items: [{ product_id: 101, quantity: 2 }],
        shipping_lines: [{ method_id: 'colissimo_no_sign' }],
        coupon_lines: [],
        use_loyalty: false,
        customer_note: '',
        // The total shown at step 4 (39,80 + 6,90), which the server checks against its own.
        expected_total: '46.70',
        terms_accepted: true,
      },
    ]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(window.sessionStorage.getItem(ORDER_REFERENCE_KEY) ?? '{}')).toEqual({ id: 42, key: 'wc_order_abc123', cartCleared: true });
    expect(window.sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
  });

  it('pickup and pay in store: no address is sent', async () => {
    const { sent } = stubApi({
      ...baseRoutes,
      [`POST ${ORDERS}`]: () => json({ success: true, data: order({ payment_method: 'cod', status: 'processing', bank_details: null }) }, 201),
    });
    await toReview({ pickup: true, payment: 'Paiement en boutique au retrait' });
    expect(screen.getByText(/Retrait en boutique : E.repare/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande?order=42'));
    const body = sent[ORDERS]?.[0] as Record<string, unknown>;
    expect(body.payment_method).toBe('cod');
    expect(body.shipping).toBeUndefined();
    expect(body.shipping_lines).toEqual([{ method_id: 'local_pickup' }]);
    expect(body.billing).toMatchObject({ address_1: '', city: '', postcode: '' });
  });

  it('a refused order shows the accessible alert with the server message and its details', async () => {
    stubApi({
      ...baseRoutes,
      [`POST ${ORDERS}`]: () =>
        failure('Stock insuffisant pour Coque silicone iPhone 13 : 1 disponible', 409, {
          issues: [{ path: 'line_items.0.quantity', message: 'Stock insuffisant pour Coque silicone iPhone 13 : 1 disponible' }],
        }),
    });
    await toReview();
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur lors de la création de la commande');
    expect(alert).toHaveTextContent('Stock insuffisant pour Coque silicone iPhone 13 : 1 disponible');
    expect(alert).toHaveTextContent('Veuillez réessayer ou contacter le support.');
    expect(alert).toHaveFocus();
    expect(submitButton()).toBeEnabled();
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
  });

  it('invalid data lists the server’s field messages; a network failure still explains what to do', async () => {
    let calls = 0;
    stubApi({
      ...baseRoutes,
      [`POST ${ORDERS}`]: () => {
        calls += 1;
        if (calls === 1) {
          return failure('Données invalides – billing.email : Adresse e-mail invalide (et 1 autre erreur)', 400, {
            issues: [
              { path: 'billing.email', message: 'Adresse e-mail invalide' },
              { path: 'billing.phone', message: 'Téléphone requis' },
            ],
          });
        }
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    await toReview();
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Données invalides: Adresse e-mail invalide, Téléphone requis');
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Problème de connexion au serveur'));
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur lors de la création de la commande');
  });

  it('shows the server’s current price as soon as it opens, with what changed (issue 22 §3.3)', async () => {
    stubApi({
      ...baseRoutes,
      // The product went from 19,90 € to 22,90 € since it was put in the cart.
      '/api/shop/products/101': () => json({ success: true, data: product({ price: '22.90', regular_price: '22.90' }) }),
    });
    await toReview();
    expect(await screen.findByText(/^« .+ » : le prix est passé de 19,90\s€ à 22,90\s€\.$/)).toBeInTheDocument();
    expect(screen.getByText('Votre panier a été mis à jour')).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    // 2 × 22,90 + 6,90: the new price, before « Commander ».
    await waitFor(() => expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/52,70\s€/));
  });

  it('409 TOTAL_CHANGED: the server’s message, the prices read again, still step 4 with the new total, and ordering again sends it', async () => {
    const message = 'Le total de votre commande a changé : 56,70 € au lieu de 52,70 €. Vérifiez le récapitulatif avant de commander.';
    let calls = 0;
    let reads = 0;
    const { sent } = stubApi({
      ...baseRoutes,
      // 22,90 € when the page opens, 24,90 € by the time the order is sent.
      '/api/shop/products/101': () => {
        reads += 1;
        const price = reads === 1 ? '22.90' : '24.90';
        return json({ success: true, data: product({ price, regular_price: price }) });
      },
      [`POST ${ORDERS}`]: () => {
        calls += 1;
        return calls === 1 ? failure(message, 409, { code: 'TOTAL_CHANGED' }) : json({ success: true, data: order({ total: '56.70' }) }, 201);
      },
    });
    await toReview();
    const summary = screen.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    await waitFor(() => expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/52,70\s€/));
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur lors de la création de la commande');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: /Vérification finale/ })).toBeInTheDocument();
    // 2 × 24,90 + 6,90: the summary now shows the server's total; the cart is kept.
    await waitFor(() => expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/56,70\s€/));
    expect(sent['/api/shop/products/101']).toHaveLength(2);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
    expect(submitButton()).toBeEnabled();

    await user.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande?order=42'));
    expect((sent[ORDERS] as { expected_total: string }[]).map((body) => body.expected_total)).toEqual(['52.70', '56.70']);
  });

  it('shows "Traitement..." while the order is being created', async () => {
    let release: (response: Response) => void = () => undefined;
    stubApi({
      ...baseRoutes,
      [`POST ${ORDERS}`]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    await toReview();
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Traitement...' })).toBeDisabled();
    release(json({ success: true, data: order() }, 201));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande'));
  });

  it('an online method opens step 5; without its widget: "Mode de paiement en cours d\'intégration"; Retour goes to step 4', async () => {
    // An online method the server would list before its widget exists (card, Klarna, PayPal have one).
    const sepa = { ...stripe, id: 'sepa', title: 'Prélèvement SEPA', method_title: 'Prélèvement SEPA' };
    const { sent } = stubApi({
      ...baseRoutes,
      [GATEWAYS]: () => json({ success: true, data: [sepa, bacs, cod] }),
      [`POST ${ORDERS}`]: () =>
        json(
          {
            success: true,
            data: order({ payment_method: 'sepa', payment_method_title: 'Prélèvement SEPA', status: 'pending', status_label: 'En attente de paiement', bank_details: null }),
          },
          201,
        ),
    });
    await toReview({ payment: 'Prélèvement SEPA' });
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(submitButton());
    const heading = await screen.findByRole('heading', { level: 2, name: 'Commande en attente de paiement' });
    // Focus moves in an effect after the step renders.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText("Mode de paiement en cours d'intégration")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuer les achats' })).toHaveAttribute('href', '/boutique');
    // The cart stays until the payment succeeds.
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /Retour/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Vérification finale/ })).toBeInTheDocument();
    // Ordering again with nothing changed returns to the same pending order.
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Commande en attente de paiement' })).toBeInTheDocument();
    expect(sent[`/api/shop/orders`]).toHaveLength(1);
  });

  it('what was typed survives a reload of the tab (never the acceptance of the terms)', async () => {
    stubApi(baseRoutes);
    const first = renderAt(<CheckoutPage />, '/checkout');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea.martin@example.fr');
    await user.type(screen.getByLabelText('Prénom'), 'Léa');
    first.unmount();
    renderAt(<CheckoutPage />, '/checkout');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('lea.martin@example.fr');
    expect(screen.getByLabelText('Prénom')).toHaveValue('Léa');
    expect(window.sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).not.toContain('terms');
  });

  it('a signed-in customer’s details prefill step 1', async () => {
    stubApi({
      ...baseRoutes,
      '/api/auth/verify-session': () =>
        json({
          success: true,
          user: {
            id: 41,
            email: 'lea.martin@example.fr',
            role: 'customer',
            repairdesk_customer_id: null,
            first_name: 'Léa',
            last_name: 'Martin',
            phone: '0601020304',
            address: '12 rue des Pins',
            city: 'Arcachon',
            postal_code: '33120',
            email_verified: true,
          },
          token: null,
          message: 'Session valide',
        }),
      '/api/shop/loyalty': () => json({ success: true, data: { balance: '5.00', linked: true } }),
    });
    renderAt(<CheckoutPage />, '/checkout');
    await waitFor(() => expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('lea.martin@example.fr'));
    expect(screen.getByLabelText('Prénom')).toHaveValue('Léa');
    expect(screen.getByLabelText('Téléphone')).toHaveValue('0601020304');
    // Loyalty: signed in with a balance above 0; the toggle is shared with the cart.
    const summary = screen.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    const loyalty = await within(summary).findByRole('checkbox', { name: 'Utiliser mes points fidélité' });
    await waitFor(() => expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/46,70\s€/));
    await user.click(loyalty);
    expect(window.localStorage.getItem('erepare_loyalty_applied')).toContain('true');
    // 39,80 + 6,90 − 5,00.
    expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/41,70\s€/);
  });

  it('409 LOYALTY_UNAVAILABLE: the server’s message, the balance read again, the toggle off, still step 4', async () => {
    const message = 'Vos points fidélité ne sont plus disponibles : vérifiez le récapitulatif avant de commander.';
    let balance = '5.00';
    const { sent } = stubApi({
      ...baseRoutes,
      ...signedIn,
      '/api/shop/loyalty': () => json({ success: true, data: { balance, linked: true } }),
      [`POST ${ORDERS}`]: () => {
        balance = '0.00';
        return failure(message, 409, { code: 'LOYALTY_UNAVAILABLE' });
      },
    });
    window.localStorage.setItem('erepare_loyalty_applied', JSON.stringify({ applied: true }));
    renderAt(<CheckoutPage />, '/checkout');
    await waitFor(() => expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('lea.martin@example.fr'));
    await next();
    await screen.findByRole('heading', { level: 2, name: /Adresse et méthode/ });
    await screen.findByRole('radio', { name: /Colissimo sans signature/ });
    await next();
    await user.click(await screen.findByRole('radio', { name: /Virement bancaire/ }));
    await next();
    await screen.findByRole('heading', { level: 2, name: /Vérification finale/ });
    const summary = screen.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    await waitFor(() => expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/41,70\s€/));
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { level: 2, name: /Vérification finale/ })).toBeInTheDocument();
    await waitFor(() => expect(within(summary).getByText('Total TTC').nextSibling).toHaveTextContent(/46,70\s€/));
    expect(window.localStorage.getItem('erepare_loyalty_applied')).toBeNull();
    expect(within(summary).queryByRole('checkbox', { name: 'Utiliser mes points fidélité' })).not.toBeInTheDocument();
    expect((sent[ORDERS]?.[0] as { use_loyalty: boolean; expected_total: string })).toMatchObject({ use_loyalty: true, expected_total: '41.70' });
  });
});
