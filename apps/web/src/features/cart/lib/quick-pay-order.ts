import type { CartItem } from '@erepare/shared/cart';
import { centsToDecimal, computeTotals } from '@erepare/shared/shop';
import type { StoreProfile } from '@erepare/shared/store-profile';
import type { OrderCreateRequest } from '@erepare/shared/schemas/shop';

/**
 * The express payment of the cart (spec 2 §2, §7): Apple Pay, Google Pay or Link through Stripe's
 * payment request, for an order picked up in the shop. Pure rules of the lazy quick-pay block
 * (what to charge, what to order); whether to offer it at all is in quick-pay-config.ts.
 */

/** What the express payment sheet shows as the merchant line. */
export function quickPayLabel(profile: StoreProfile): string {
  return `${profile.name} – paiement express`;
}

/** The mandatory pre-contract information next to the button (Code de la consommation L221-5, L221-14). */
export function quickPayPickupNotice(profile: StoreProfile): string {
  return `Retrait en boutique (${profile.address.city}) — aucun frais de livraison`;
}

export const QUICK_PAY_TERMS_REQUIRED = 'Veuillez accepter les conditions générales de vente';

type AmountInput = { subtotalCents: number; couponDiscountCents: number; loyaltyBalanceCents: number };

/**
 * The amount of the express payment: what the cart shows (subtotal − coupon − loyalty, spec 2 §9),
 * which is the total with in-store pickup since pickup is always free. The shipping method is left
 * out on purpose: naming it here would add shared code to the catalogue's JavaScript for a zero;
 * a unit test checks that this equals computeTotals with the local_pickup method, so a paid pickup
 * would be caught. The server computes the same total for the order.
 */
export function quickPayAmountCents(input: AmountInput): number {
  return computeTotals({ ...input, shippingMethod: null }).totalCents;
}

export type PayerName = { first_name: string; last_name: string };

const CONTROL_CHARACTERS = /\p{Cc}/gu;
const NAME_MAX = 200;

/**
 * The wallet gives one "payer name" ("Jean-Pierre de La Fontaine"); the order needs a first and a
 * last name (both required). The first word is the first name, the rest the last name: French
 * compound last names ("de La Fontaine") stay whole. A single word ("Madonna") is used for both:
 * it is what the customer called themselves, it greets them correctly ("Bonjour Madonna") and the
 * shop finds the order under it at pickup, where a placeholder such as "-" would help nobody.
 * Empty or missing: both empty (the server answers "Prénom requis").
 */
export function splitPayerName(name: string | null | undefined): PayerName {
  const words = (name ?? '').replace(CONTROL_CHARACTERS, ' ').trim().split(/\s+/u).filter(Boolean);
  const [first = '', ...rest] = words;
  if (rest.length === 0) return { first_name: first.slice(0, NAME_MAX), last_name: first.slice(0, NAME_MAX) };
  return { first_name: first.slice(0, NAME_MAX), last_name: rest.join(' ').slice(0, NAME_MAX) };
}

export type QuickPayPayer = { name?: string | null | undefined; email?: string | null | undefined; phone?: string | null | undefined };

export type QuickPayOrderInput = {
  payer: QuickPayPayer;
  items: readonly Pick<CartItem, 'product_id' | 'quantity'>[];
  couponCode: string | null;
  useLoyalty: boolean;
  /** The amount shown next to the button and in the wallet sheet. */
  amountCents: number;
};

/** Spelled out, as checkout does, so that it builds whether or not the schema declares `expected_total`. */
export type QuickPayOrderRequest = Omit<OrderCreateRequest, 'expected_total'> & { expected_total: string };

/**
 * The body of POST /api/shop/orders for an express payment: card (Stripe), in-store pickup, the
 * payer as the wallet gave them, the cart's lines, code and loyalty choice, the terms accepted by the
 * ticked box, and `expected_total`: the server refuses (409) an order whose total is not the one
 * shown. No address is sent (nothing is delivered); no price either (the server prices the order).
 */
export function buildQuickPayOrderRequest({ payer, items, couponCode, useLoyalty, amountCents }: QuickPayOrderInput): QuickPayOrderRequest {
  const lineItems: { product_id: number; quantity: number }[] = [];
  for (const item of items) {
    const productId = Number(item.product_id);
    if (!Number.isInteger(productId) || productId <= 0) continue;
    const quantity = Number(item.quantity);
    lineItems.push({ product_id: productId, quantity: Number.isFinite(quantity) && quantity >= 1 ? Math.floor(quantity) : 1 });
  }
  return {
    payment_method: 'stripe',
    billing: {
      ...splitPayerName(payer.name),
      email: (payer.email ?? '').trim(),
      phone: (payer.phone ?? '').replace(CONTROL_CHARACTERS, '').trim(),
      company: '',
      address_1: '',
      address_2: '',
      city: '',
      postcode: '',
      country: 'FR',
    },
    line_items: lineItems,
    shipping_lines: [{ method_id: 'local_pickup' }],
    coupon_lines: couponCode ? [{ code: couponCode }] : [],
    use_loyalty: useLoyalty,
    customer_note: '',
    expected_total: centsToDecimal(Math.max(0, amountCents)),
    terms_accepted: true,
  };
}

/**
 * The landing after a paid express payment (spec 2 §2). The order is in the address as well as in
 * the tab's memory: the landing then shows it even after a reload (the key proves a guest's order).
 */
export function quickPayLandingPath(reference: { id: number; key: string }): string {
  const params = new URLSearchParams({ success: 'true', quick: 'true', order: String(reference.id) });
  if (reference.key) params.set('key', reference.key);
  return `/checkout?${params.toString()}`;
}
