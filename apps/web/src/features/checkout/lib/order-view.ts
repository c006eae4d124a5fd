import { decimalToCents } from '@erepare/shared/shop';
import type { Order } from '@erepare/shared/schemas/shop';
import type { DisplayLine } from '../components/cart-lines';
import type { TotalsRows } from '../components/totals-list';

const cents = (value: string) => decimalToCents(value) ?? 0;

/** The server's lines (its prices, not the cart's). */
export function orderLines(order: Order): DisplayLine[] {
  return order.line_items.map((line) => ({
    key: line.id,
    name: line.name,
    quantity: line.quantity,
    lineTotalCents: cents(line.total),
    image: line.image_url,
  }));
}

export function orderTotals(order: Order): TotalsRows {
  const shipping = order.shipping_lines[0];
  return {
    subtotalCents: cents(order.subtotal),
    couponDiscountCents: cents(order.discount_total),
    couponCode: order.coupon_lines[0]?.code ?? null,
    loyaltyDiscountCents: cents(order.loyalty_discount),
    shippingCents: cents(order.shipping_total),
    ...(shipping ? { shippingLabel: shipping.method_title } : {}),
    totalCents: cents(order.total),
  };
}

export function isPickup(order: Order): boolean {
  return order.shipping_lines.some((line) => line.method_id === 'local_pickup');
}

export function orderHeading(order: Order): string {
  if (order.status === 'pending') return 'Commande en attente de paiement';
  if (order.status === 'cancelled' || order.status === 'failed') return 'Commande annulée';
  if (order.status === 'refunded') return 'Commande remboursée';
  return 'Commande confirmée !';
}
