import { documentTotals, type InvoiceTotalRow, type VatRegime } from '@erepare/shared/invoice-document';
import { MARGIN_SCHEME_MENTION } from '@erepare/shared/invoice-vat';
import { orderNumber, type ShopOrder } from '../../../api/order-schema';
import { matchesQuery, searchKey } from './search';

export const orderMessages = {
  empty: 'Aucune commande trouvée',
  detailError: 'Erreur lors du chargement des détails de la commande',
} as const;

/** The groups of spec 1 §4 "Order statuses"; the filter and the badge colours use them. */
export type OrderStatusGroup = 'delivered' | 'processing' | 'shipped' | 'pending' | 'cancelled' | 'refunded' | 'other';

const groupLabels: Record<Exclude<OrderStatusGroup, 'other'>, string> = {
  delivered: 'Livrée',
  processing: 'En cours',
  shipped: 'Expédiée',
  pending: 'En attente',
  cancelled: 'Annulée',
  refunded: 'Remboursée',
};

/**
 * Spec 1 §4: completed or delivered = Livrée; processing or confirmed = En cours; shipped =
 * Expédiée; pending or payment = En attente ("pending-payment", "awaiting payment"); cancelled =
 * Annulée; refunded = Remboursée. The shop's own statuses: on-hold (waiting for a bank transfer)
 * is En attente, failed is Annulée. Refunded and cancelled are checked first: a refunded order was
 * paid, but what the customer needs to know is the refund.
 */
const groupRules: readonly [Exclude<OrderStatusGroup, 'other'>, readonly string[]][] = [
  ['refunded', ['refunded']],
  ['cancelled', ['cancelled', 'canceled', 'failed']],
  ['delivered', ['completed', 'delivered']],
  ['shipped', ['shipped']],
  ['processing', ['processing', 'confirmed']],
  // The shop's bank-transfer orders wait "on-hold" for the transfer.
  ['pending', ['pending', 'payment', 'on-hold', 'hold']],
];

export function orderStatusGroup(status: string): OrderStatusGroup {
  const key = searchKey(status);
  return groupRules.find(([, words]) => words.some((word) => key.includes(word)))?.[0] ?? 'other';
}

/** The French label of an order status; unknown statuses are shown as they are. */
export function orderStatusLabel(status: string): string {
  const group = orderStatusGroup(status);
  return group === 'other' ? status : groupLabels[group];
}

/**
 * The status filter: the values the spec's order list call accepts (spec 1 §7) plus refunded,
 * each with its French label.
 */
export const orderStatusOptions: { value: Exclude<OrderStatusGroup, 'other'>; label: string }[] = [
  { value: 'pending', label: groupLabels.pending },
  { value: 'processing', label: groupLabels.processing },
  { value: 'shipped', label: groupLabels.shipped },
  { value: 'delivered', label: groupLabels.delivered },
  { value: 'cancelled', label: groupLabels.cancelled },
  { value: 'refunded', label: groupLabels.refunded },
];

export type OrderStatusFilter = Exclude<OrderStatusGroup, 'other'> | '';

/** Spec 1 §5: the order search matches the order number, an item's name or the billing first or last name. */
export function searchOrders<T extends ShopOrder>(orders: readonly T[], query: string): T[] {
  if (query.trim() === '') return [...orders];
  return orders.filter((order) =>
    matchesQuery(query, [
      orderNumber(order),
      String(order.id),
      order.billing.first_name,
      order.billing.last_name,
      ...order.line_items.map((item) => item.name),
    ]),
  );
}

export function filterOrdersByStatus<T extends Pick<ShopOrder, 'status'>>(orders: readonly T[], status: OrderStatusFilter): T[] {
  if (status === '') return [...orders];
  return orders.filter((order) => orderStatusGroup(order.status) === status);
}

/** Newest first. */
export function sortOrders<T extends Pick<ShopOrder, 'date_created'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created));
}

export function fullName(address: { first_name: string; last_name: string }): string {
  return `${address.first_name} ${address.last_name}`.trim();
}

/** The lines of a postal address, blank ones left out. */
export function addressLines(address: ShopOrder['billing']): string[] {
  return [
    address.company,
    fullName(address),
    address.address_1,
    address.address_2,
    `${address.postcode} ${address.city}`.trim(),
    address.country,
  ].filter((line) => line.trim() !== '');
}

/**
 * The totals of an order as its PDF prints them (issue 22 §1): split by the lines' own rates
 * (margin-scheme goods without VAT shown, shipping and reductions across the articles' rates) by
 * the shared rule. An answer without its shipping and reductions cannot be split: the whole total
 * at 20 %, as before the rates existed.
 */
export function orderTotals(order: ShopOrder, regime: VatRegime): InvoiceTotalRow[] {
  const totalCents = Math.round(order.total * 100);
  const { shipping_lines, coupon_lines, loyalty_discount } = order;
  if (!shipping_lines || !coupon_lines || loyalty_discount === undefined) return documentTotals(totalCents, regime);
  return documentTotals(totalCents, regime, { line_items: order.line_items, shipping_lines, coupon_lines, loyalty_discount, total: order.total });
}

/** An order with margin-scheme goods carries the scheme's mention (not under the franchise: no VAT at all). */
export function orderMentions(order: ShopOrder, regime: VatRegime): string[] {
  return regime !== 'franchise' && order.line_items.some((item) => item.vat_rate === 'margin') ? [MARGIN_SCHEME_MENTION] : [];
}
