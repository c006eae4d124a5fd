import type { CartItem } from '@erepare/shared/cart';
import { centsToDecimal } from '@erepare/shared/shop';
import { relayChoiceOf, relayNoteLine, toOrderRelayPoint, withRelayNote } from '@erepare/shared/relay-points';
import type { OrderCreateRequest } from '@erepare/shared/schemas/shop';
import type { CheckoutFormValues } from './checkout-form';

export type OrderLineInput = { product_id: number; quantity: number };

/**
 * The request with `expected_total` (decimal string "49.90"), spelled out so this builds whether or
 * not the shared schema already declares it (it is optional there).
 */
export type CheckoutOrderRequest = Omit<OrderCreateRequest, 'expected_total'> & { expected_total?: string };

/**
 * Cart lines as the order endpoint takes them (spec 2 §5): lines without a valid product id are
 * dropped; the quantity is floored, 1 by default. No price is sent: the server prices the order.
 */
export function orderLineItems(items: readonly Pick<CartItem, 'product_id' | 'quantity'>[]): OrderLineInput[] {
  const lines: OrderLineInput[] = [];
  for (const item of items) {
    const productId = Number(item.product_id);
    if (!Number.isInteger(productId) || productId <= 0) continue;
    const raw = Number(item.quantity);
    const quantity = Number.isFinite(raw) && raw >= 1 ? Math.floor(raw) : 1;
    lines.push({ product_id: productId, quantity });
  }
  return lines;
}

type OrderExtras = {
  items: readonly Pick<CartItem, 'product_id' | 'quantity'>[];
  couponCode: string | null;
  useLoyalty: boolean;
  /** The total shown to the customer (shared computeTotals), in cents. */
  expectedTotalCents: number;
};

/** Longest note the server takes (orderCreateRequestSchema). */
const NOTE_MAX = 1000;

/**
 * The customer's note, with the chosen relay point appended (spec 2 §4: "Point relais : NOM,
 * ADRESSE, CP VILLE (id)"). The server writes the same line again from Colissimo's answer; a note
 * too long to take the line keeps the customer's text (the point travels in relay_point anyway).
 */
export function customerNote(values: Pick<CheckoutFormValues, 'orderNotes' | 'needsRelay' | 'relayChoice'>): string {
  const note = values.orderNotes.trim();
  if (!values.needsRelay || !values.relayChoice) return note;
  const withRelay = withRelayNote(note, relayNoteLine(toOrderRelayPoint(values.relayChoice.point)));
  return withRelay.length <= NOTE_MAX ? withRelay : note;
}

/**
 * The body of POST /api/shop/orders. Only what the schema allows leaves the browser: the amounts
 * (prices, shipping cost) are recomputed by the server; the one amount sent is `expected_total`,
 * the total the customer saw, which the server only compares with its own (409 TOTAL_CHANGED when
 * they differ: nothing is charged that was not shown). The address is sent only for delivered
 * methods; with in-store pickup nothing hidden from the customer is transmitted.
 */
export function buildOrderRequest(
  values: CheckoutFormValues,
  { items, couponCode, useLoyalty, expectedTotalCents }: OrderExtras,
): CheckoutOrderRequest {
  const delivered = values.needsAddress;
  const address = {
    address_1: delivered ? values.address1.trim() : '',
    address_2: delivered ? values.address2.trim() : '',
    city: delivered ? values.city.trim() : '',
    postcode: delivered ? values.postcode.trim() : '',
    country: values.country || 'FR',
  };
  const request: CheckoutOrderRequest = {
    payment_method: values.paymentMethod,
    billing: {
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      company: '',
      ...address,
    },
    line_items: orderLineItems(items),
    shipping_lines: [{ method_id: values.shippingMethod }],
    coupon_lines: couponCode ? [{ code: couponCode }] : [],
    use_loyalty: useLoyalty,
    customer_note: customerNote(values),
    expected_total: centsToDecimal(Math.max(0, expectedTotalCents)),
    terms_accepted: true,
  };
  if (values.needsRelay && values.relayChoice) {
    request.relay_point = relayChoiceOf(values.relayChoice.point, values.relayChoice.postcode);
  }
  if (delivered) {
    request.shipping = {
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      company: '',
      ...address,
    };
  }
  return request;
}
