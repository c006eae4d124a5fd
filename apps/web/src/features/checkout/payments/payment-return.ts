import { readOrderReference, rememberOrder, type OrderReference } from '../../../lib/order-reference';

/**
 * The addresses a payment comes back to (spec 2 §2: /payment/success, /payment/cancel) and what
 * they carry:
 *   - Klarna (Stripe Checkout): ?provider=klarna&order=<id>&session_id=<cs_…>
 *   - a Stripe redirect (Revolut Pay, some 3-D Secure): ?provider=stripe&order=<id>&payment_intent=<pi_…>
 *   - PayPal's own site (the widget's fallback): ?provider=paypal&order=<id>&token=<PayPal order id>&PayerID=…
 *   - older links and PayPal: ?order=<id>&key=<order key>
 */
export type PaymentReturn =
  | { kind: 'klarna'; orderId: number; sessionId: string }
  | { kind: 'stripe'; orderId: number; paymentIntentId: string; redirectStatus: string }
  | { kind: 'paypal'; orderId: number; paypalOrderId: string }
  | { kind: 'reference'; reference: { id: number; key: string } }
  | { kind: 'none' };

const orderIdOf = (params: URLSearchParams): number | null => {
  const id = Number(params.get('order'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function parsePaymentReturn(params: URLSearchParams): PaymentReturn {
  const orderId = orderIdOf(params);
  const provider = params.get('provider');
  if (orderId !== null && provider === 'klarna') {
    const sessionId = params.get('session_id')?.trim() ?? '';
    if (sessionId) return { kind: 'klarna', orderId, sessionId };
  }
  if (orderId !== null && provider === 'stripe') {
    const paymentIntentId = params.get('payment_intent')?.trim() ?? '';
    if (paymentIntentId) return { kind: 'stripe', orderId, paymentIntentId, redirectStatus: params.get('redirect_status') ?? '' };
  }
  if (orderId !== null && provider === 'paypal') {
    const paypalOrderId = params.get('token')?.trim() ?? '';
    if (paypalOrderId) return { kind: 'paypal', orderId, paypalOrderId };
  }
  const key = params.get('key')?.trim() ?? '';
  if (orderId !== null && key) return { kind: 'reference', reference: { id: orderId, key } };
  return { kind: 'none' };
}

/** The key of an order when this tab placed it (the only place a guest's key is kept). */
export function rememberedKeyOf(orderId: number): string | null {
  const remembered = readOrderReference();
  return remembered && remembered.id === orderId ? remembered.key : null;
}

/**
 * The order a payment is about to leave the page for: the return page needs its key. An order this
 * tab did not place (opened from a link) is paid without touching the cart (cartCleared).
 */
export function ensureOrderRemembered(orderId: number, orderKey: string): void {
  if (!orderKey) return;
  const remembered = readOrderReference();
  if (remembered && remembered.id === orderId && remembered.key === orderKey) return;
  rememberOrder({ id: orderId, key: orderKey, cartCleared: true });
}

/** The order of a return address, when this tab knows its key (for the links back to it). */
export function returnReference(params: URLSearchParams): OrderReference | null {
  const orderId = orderIdOf(params);
  if (orderId === null) return null;
  const key = params.get('key')?.trim() || rememberedKeyOf(orderId);
  return key ? { id: orderId, key } : null;
}

/** The order page's history state after a confirmed payment: it reads "Paiement confirmé". */
export type PaymentConfirmedState = { paymentConfirmed: true };

export function isPaymentConfirmedState(state: unknown): state is PaymentConfirmedState {
  return Boolean(state && typeof state === 'object' && (state as Partial<PaymentConfirmedState>).paymentConfirmed === true);
}

export function stripeReturnUrl(orderId: number): string {
  return `${window.location.origin}/payment/success?provider=stripe&order=${orderId}`;
}
