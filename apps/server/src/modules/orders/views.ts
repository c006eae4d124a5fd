import { isVatRate, type VatRate } from '@erepare/shared/invoice-vat';
import { ORDER_STATUS_LABELS, centsToDecimal } from '@erepare/shared/shop';
import type { BankDetails, Order } from '@erepare/shared/schemas/shop';
import type { StoreProfile } from '@erepare/shared/store-profile';
import type { OrderCreditNoteRow } from './order-invoice.js';
import type { OrderLineRow, OrderRow } from './repository.js';

/** The order as the API answers it (WooCommerce-style, spec 2 §3, §7); never the raw row. */

export type OrderAddress = Order['billing'];

const ADDRESS_KEYS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'postcode', 'country', 'email', 'phone'] as const;

/** A stored address with every key of the API shape ('' when missing). */
export function addressOf(stored: Record<string, string> | null | undefined): OrderAddress {
  const address = {} as OrderAddress;
  for (const key of ADDRESS_KEYS) address[key] = typeof stored?.[key] === 'string' ? stored[key] : '';
  return address;
}

/** What the buyer writes as the transfer's reference: the order number. */
export function orderNumberOf(order: Pick<OrderRow, 'id'>): string {
  return String(order.id);
}

/** The account to pay an on-hold bank-transfer order into: the saved store profile's. */
export function bankDetailsFor(order: Pick<OrderRow, 'id' | 'paymentMethod' | 'status'>, profile: StoreProfile): BankDetails | null {
  if (order.paymentMethod !== 'bacs' || order.status !== 'on-hold') return null;
  return {
    account_holder: profile.bank.accountHolder,
    bank_name: profile.bank.bankName,
    iban: profile.bank.iban,
    bic: profile.bank.bic,
    reference: orderNumberOf(order),
  };
}

/** The rate a line was sold at (the column's check keeps it one of ours; 20 % otherwise). */
export function lineVatRate(line: Pick<OrderLineRow, 'vatRate'>): VatRate {
  return isVatRate(line.vatRate) ? line.vatRate : '20';
}

/** `creditNotes`: the order's credit notes (order-invoice.ts creditNotesOf), shown to whoever may read the order. */
export function toOrderView(order: OrderRow, lines: OrderLineRow[], profile: StoreProfile, orderKey?: string, creditNotes: OrderCreditNoteRow[] = []): Order {
  const number = orderNumberOf(order);
  return {
    id: order.id,
    number,
    order_number: number,
    ...(orderKey ? { order_key: orderKey } : {}),
    status: order.status,
    status_label: ORDER_STATUS_LABELS[order.status],
    currency: 'EUR',
    date_created: order.createdAt.toISOString(),
    date_paid: order.paidAt ? order.paidAt.toISOString() : null,
    invoice_number: order.invoiceNumber || null,
    date_invoiced: order.invoicedAt ? order.invoicedAt.toISOString() : null,
    credit_notes: creditNotes.map((note) => ({ number: note.number, date: note.createdAt.toISOString(), amount: centsToDecimal(note.amountCents) })),
    payment_method: order.paymentMethod,
    payment_method_title: order.paymentMethodTitle,
    transaction_id: order.transactionId,
    needs_payment: order.status === 'pending' || order.status === 'on-hold',
    billing: addressOf(order.billing),
    shipping: addressOf(order.shipping),
    line_items: lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      price: centsToDecimal(line.unitPriceCents),
      subtotal: centsToDecimal(line.totalCents),
      total: centsToDecimal(line.totalCents),
      image_url: line.imageUrl,
      vat_rate: lineVatRate(line),
    })),
    shipping_lines: [
      { method_id: order.shippingMethodId, method_title: order.shippingMethodTitle, total: centsToDecimal(order.shippingCents) },
    ],
    coupon_lines: order.couponCode ? [{ code: order.couponCode, discount: centsToDecimal(order.discountCents) }] : [],
    subtotal: centsToDecimal(order.subtotalCents),
    discount_total: centsToDecimal(order.discountCents),
    loyalty_discount: centsToDecimal(order.loyaltyCents),
    shipping_total: centsToDecimal(order.shippingCents),
    total: centsToDecimal(order.totalCents),
    customer_note: order.customerNote,
    bank_details: bankDetailsFor(order, profile),
    expires_at: order.expiresAt ? order.expiresAt.toISOString() : null,
    relay_point: order.relayPoint
      ? {
          id: order.relayPoint.id,
          name: order.relayPoint.name,
          type: order.relayPoint.type,
          address_1: order.relayPoint.address1,
          address_2: order.relayPoint.address2,
          postcode: order.relayPoint.postcode,
          city: order.relayPoint.city,
          country: order.relayPoint.country,
        }
      : null,
  };
}
