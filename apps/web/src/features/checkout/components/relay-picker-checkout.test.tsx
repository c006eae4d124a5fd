import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutPage } from '../pages/checkout-page';
import { CHECKOUT_DRAFT_KEY } from '../lib/checkout-draft';
import { OrderConfirmation } from './order-confirmation';
import { bacs, cartItem, order, relayMethod, relayPoints, shippingMethods } from '../test/fixtures';
import { json, renderAt, seedCart, stubApi } from '../test/render';

/** The relay delivery through the whole checkout (step 2 picker, review, summary, order body, confirmation). */

const RELAYS = '/api/colissimo/relay-points';
const ORDERS = '/api/shop/orders';

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

const relayOrder = order({
  shipping_lines: [{ method_id: 'colissimo_relais', method_title: 'Colissimo en point relais', total: '5.90' }],
  shipping_total: '5.90',
  total: '45.70',
  relay_point: { id: '008253', name: 'CARREFOUR CITY GUJAN CENTRE', type: 'A2P', address_1: '120 COURS DE VERDUN', address_2: '', postcode: '33470', city: 'GUJAN MESTRAS', country: 'FR' },
});

describe('Checkout with a Colissimo relay point', () => {
  it('requires a point before Suivant, shows it in the review and the summary, and sends it with the order', async () => {
    const { sent } = stubApi({
      '/api/shop/shipping-methods': () => json({ success: true, data: [...shippingMethods, relayMethod] }),
      '/api/shop/payment-gateways': () => json({ success: true, data: [bacs] }),
      [RELAYS]: () => json({ success: true, message: '3 points relais trouvés', data: relayPoints }),
      [`POST ${ORDERS}`]: () => json({ success: true, data: relayOrder }, 201),
    });
    renderAt(<CheckoutPage />, '/checkout');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea.martin@example.fr');
    await user.type(screen.getByLabelText('Prénom'), 'Léa');
    await user.type(screen.getByLabelText('Nom'), 'Martin');
    await user.type(screen.getByLabelText('Téléphone'), '0601020304');
    await next();

    await user.click(await screen.findByRole('radio', { name: /Colissimo en point relais/ }));
    expect(screen.getByRole('heading', { name: 'Point relais Colissimo' })).toBeInTheDocument();
    // No postal code yet: the prompt, no search.
    expect(screen.getByLabelText('Code postal de recherche')).toHaveAccessibleDescription('Veuillez saisir un code postal valide (5 chiffres)');
    await user.type(screen.getByLabelText('Adresse'), '5 allée des Mimosas');
    await user.type(screen.getByLabelText('Code postal'), '33470');
    await user.type(screen.getByLabelText('Ville'), 'Gujan-Mestras');
    await screen.findByRole('group', { name: 'Points relais près de 33470' });

    await next();
    expect(await screen.findByText('Veuillez choisir un point relais')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Adresse et méthode/ })).toBeInTheDocument();
    // The focus goes to the picker's first point.
    expect(screen.getAllByRole('radio', { name: /GUJAN/ })[0]).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: /CARREFOUR CITY GUJAN CENTRE/ }));
    expect(screen.queryByText('Veuillez choisir un point relais')).not.toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    expect(within(summary).getByText('Point relais : CARREFOUR CITY GUJAN CENTRE')).toBeInTheDocument();
    // Kept in the tab's draft.
    expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_DRAFT_KEY) ?? '{}')).toMatchObject({ relayChoice: { postcode: '33470', point: { identifiant: '008253' } } });

    await next();
    await screen.findByRole('heading', { level: 2, name: /Mode de paiement/ });
    await user.click(await screen.findByRole('radio', { name: /Virement bancaire/ }));
    await next();
    await screen.findByRole('heading', { level: 2, name: /Vérification finale/ });
    expect(screen.getByText('CARREFOUR CITY GUJAN CENTRE', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(/Relais Pickup, 850 m/)).toBeInTheDocument();
    expect(screen.getByText('Adresse de facturation')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(screen.getByRole('button', { name: 'Commander avec obligation de paiement' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/commande?order=42'));
    const body = sent[ORDERS]?.[0] as Record<string, unknown>;
    expect(body.shipping_lines).toEqual([{ method_id: 'colissimo_relais' }]);
    expect(body.relay_point).toEqual({ id: '008253', postcode: '33470' });
    expect(body.customer_note).toBe('Point relais : CARREFOUR CITY GUJAN CENTRE, 120 COURS DE VERDUN, 33470 GUJAN MESTRAS (008253)');
    // 39,80 € + 5,90 € of relay delivery.
    expect(body.expected_total).toBe('45.70');
  });

  it('the confirmation shows the relay point, not the home address', () => {
    renderAt(<OrderConfirmation order={relayOrder} />, '/commande');
    const delivery = screen.getByRole('region', { name: /Livraison\u00a0: Colissimo en point relais/ });
    expect(delivery).toHaveTextContent('CARREFOUR CITY GUJAN CENTRE (Relais Pickup)');
    expect(delivery).toHaveTextContent('120 COURS DE VERDUN33470 GUJAN MESTRAS');
    expect(screen.queryByText(/12 rue des Pins/)).not.toBeInTheDocument();
  });
});
