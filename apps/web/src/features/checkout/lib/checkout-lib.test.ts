import { describe, expect, it } from 'vitest';
import { orderCreateRequestSchema } from '@erepare/shared/schemas/shop';
import { bacs, cod, relayMethod, relayPoints, shippingMethods, stripe } from '../test/fixtures';
import { readCheckoutDraft, writeCheckoutDraft } from './checkout-draft';
import { checkoutFormSchema, emptyCheckoutForm, stepFields } from './checkout-form';
import { buildOrderRequest, orderLineItems } from './order-request';
import { orderReferenceFrom, orderPagePath } from '../../../lib/order-reference';
import { defaultShippingMethod, frenchList, gatewaysExcludedBy, gatewaysFor, selectableShippingMethods } from './shipping';

const filled = {
  ...emptyCheckoutForm,
  email: 'lea@example.fr',
  firstName: 'Léa',
  lastName: 'Martin',
  phone: '0601020304',
  shippingMethod: 'colissimo_no_sign',
  paymentMethod: 'bacs',
  termsAccepted: true,
};

function errorsOf(values: typeof filled): Record<string, string> {
  const result = checkoutFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('checkout form rules (spec 2 §5)', () => {
  it('only presence is checked, with the spec’s messages; the address only when the method delivers', () => {
    expect(errorsOf({ ...filled, email: ' ', phone: '' })).toMatchObject({ email: 'Adresse e-mail requise', phone: 'Téléphone requis' });
    // Not the format: the server checks it.
    expect(errorsOf({ ...filled, email: 'pas-un-email', needsAddress: false })).toEqual({});
    expect(errorsOf(filled)).toEqual({ address1: 'Adresse requise', city: 'Ville requise', postcode: 'Code postal requis' });
    expect(errorsOf({ ...filled, needsAddress: false })).toEqual({});
    expect(errorsOf({ ...filled, needsAddress: false, termsAccepted: false })).toEqual({
      termsAccepted: 'Veuillez accepter les conditions générales de vente',
    });
  });

  it('step fields: pickup skips the address', () => {
    expect(stepFields(1, true)).toEqual(['email', 'firstName', 'lastName', 'phone']);
    expect(stepFields(2, true)).toEqual(['shippingMethod', 'address1', 'city', 'postcode']);
    expect(stepFields(2, false)).toEqual(['shippingMethod']);
    expect(stepFields(2, true, true)).toEqual(['shippingMethod', 'address1', 'city', 'postcode', 'relayChoice']);
  });

  it('a relay method needs a chosen point ("Veuillez choisir un point relais")', () => {
    const address = { ...filled, shippingMethod: 'colissimo_relais', address1: '5 allée des Mimosas', city: 'Gujan-Mestras', postcode: '33470' };
    expect(errorsOf({ ...address, needsRelay: true })).toEqual({ relayChoice: 'Veuillez choisir un point relais' });
    expect(errorsOf({ ...address, needsRelay: true, relayChoice: { point: relayPoints[0]!, postcode: '33470' } })).toEqual({});
    expect(errorsOf({ ...address, needsRelay: false })).toEqual({});
  });

  it('keeps the chosen point in the tab’s draft, and only a well-formed one', () => {
    writeCheckoutDraft({ ...emptyCheckoutForm, postcode: '33470', relayChoice: { point: relayPoints[1]!, postcode: '33470' } });
    expect(readCheckoutDraft()).toEqual({ postcode: '33470', relayChoice: { point: relayPoints[1], postcode: '33470' } });
    window.sessionStorage.setItem('erepare_checkout_draft', JSON.stringify({ relayChoice: { point: { nom: 'X' }, postcode: '1' } }));
    expect(readCheckoutDraft()).toEqual({});
    window.sessionStorage.clear();
  });
});

describe('order request', () => {
  it('drops lines without a valid product id; floors quantities, 1 by default', () => {
    expect(
      orderLineItems([
        { product_id: 101, quantity: 2.7 },
        { product_id: 0, quantity: 1 },
        { product_id: -3, quantity: 1 },
        { product_id: 1.5, quantity: 1 },
        { product_id: 102, quantity: Number.NaN },
        { product_id: 103, quantity: 0 },
      ]),
    ).toEqual([
      { product_id: 101, quantity: 2 },
      { product_id: 102, quantity: 1 },
      { product_id: 103, quantity: 1 },
    ]);
  });

  it('matches the shared request schema; the only amount is the total shown, as a decimal string', () => {
    const request = buildOrderRequest(
      { ...filled, address1: '12 rue des Pins', city: 'Arcachon', postcode: '33120', orderNotes: '  Sonner deux fois ' },
      { items: [{ product_id: 101, quantity: 1 }], couponCode: 'BIENVENUE10', useLoyalty: true, expectedTotalCents: 4990 },
    );
    expect(orderCreateRequestSchema.safeParse(request).success).toBe(true);
    expect(request.coupon_lines).toEqual([{ code: 'BIENVENUE10' }]);
    expect(request.use_loyalty).toBe(true);
    expect(request.customer_note).toBe('Sonner deux fois');
    expect(request.expected_total).toBe('49.90');
    const { expected_total: _expected, ...rest } = request;
    expect(JSON.stringify(rest)).not.toMatch(/total|price|cost|amount/);
    expect(buildOrderRequest(filled, { items: [], couponCode: null, useLoyalty: false, expectedTotalCents: 0 }).expected_total).toBe('0.00');
  });

  it('sends the relay point (id and searched code) and appends it to the note', () => {
    const values = {
      ...filled,
      shippingMethod: 'colissimo_relais',
      needsRelay: true,
      relayChoice: { point: relayPoints[1]!, postcode: '33470' },
      address1: '5 allée des Mimosas',
      city: 'Gujan-Mestras',
      postcode: '33470',
      orderNotes: 'Merci',
    };
    const request = buildOrderRequest(values, { items: [{ product_id: 101, quantity: 1 }], couponCode: null, useLoyalty: false, expectedTotalCents: 4570 });
    expect(orderCreateRequestSchema.safeParse(request).success).toBe(true);
    expect(request.relay_point).toEqual({ id: '008253', postcode: '33470' });
    expect(request.customer_note).toBe('Merci\nPoint relais : CARREFOUR CITY GUJAN CENTRE, 120 COURS DE VERDUN, 33470 GUJAN MESTRAS (008253)');
    // Another method: no relay, the note as typed.
    const home = buildOrderRequest({ ...values, shippingMethod: 'colissimo_no_sign', needsRelay: false }, { items: [], couponCode: null, useLoyalty: false, expectedTotalCents: 0 });
    expect(home.relay_point).toBeUndefined();
    expect(home.customer_note).toBe('Merci');
    // A note already 1000 characters long keeps the customer's text.
    expect(buildOrderRequest({ ...values, orderNotes: 'a'.repeat(1000) }, { items: [], couponCode: null, useLoyalty: false, expectedTotalCents: 0 }).customer_note).toBe('a'.repeat(1000));
  });
});

describe('shipping and payment choices', () => {
  it('relay methods are offered with their picker; standard delivery is preselected', () => {
    const disabled = { ...shippingMethods[2]!, id: 'chronopost_off', enabled: false };
    expect(selectableShippingMethods([...shippingMethods, relayMethod, disabled]).map((method) => method.id)).toEqual(['local_pickup', 'colissimo_no_sign', 'chronopost', 'colissimo_relais']);
    expect(defaultShippingMethod([relayMethod, ...shippingMethods])).toBe('colissimo_no_sign');
    expect(defaultShippingMethod(shippingMethods)).toBe('colissimo_no_sign');
    expect(defaultShippingMethod([shippingMethods[0]!])).toBe('local_pickup');
    expect(defaultShippingMethod([])).toBe('');
  });

  it('cod only with pickup, in the server’s order', () => {
    expect(gatewaysFor([cod, bacs, stripe], 'colissimo_no_sign').map((gateway) => gateway.id)).toEqual(['stripe', 'bacs']);
    expect(gatewaysFor([cod, bacs], 'local_pickup').map((gateway) => gateway.id)).toEqual(['bacs', 'cod']);
    expect(gatewaysExcludedBy([cod, bacs], 'chronopost').map((gateway) => gateway.id)).toEqual(['cod']);
    expect(frenchList(['A', 'B', 'C'])).toBe('A, B et C');
  });
});

describe('order reference', () => {
  it('reads ?order=&key=, falls back to the remembered order, and builds the page address', () => {
    expect(orderReferenceFrom(new URLSearchParams('order=42&key=abc'))).toEqual({ id: 42, key: 'abc' });
    expect(orderReferenceFrom(new URLSearchParams('order=x'))).toBeNull();
    window.sessionStorage.setItem('erepare_last_order', JSON.stringify({ id: 7, key: 'k7', cartCleared: true }));
    expect(orderReferenceFrom(new URLSearchParams(''))).toEqual({ id: 7, key: 'k7', cartCleared: true });
    expect(orderReferenceFrom(new URLSearchParams('order=7'))).toEqual({ id: 7, key: 'k7', cartCleared: true });
    window.sessionStorage.clear();
    expect(orderPagePath({ id: 42, key: 'a b' })).toBe('/commande?order=42&key=a+b');
  });
});
