import { invoiceAmountDueCents } from '@erepare/shared/invoice-amounts';
import { repairBonusLabel } from '@erepare/shared/repair-bonus';
import { summariseVat } from '@erepare/shared/invoice-vat';
import type {
  Customer,
  FullTicket,
  InventoryItem,
  Invoice,
  PublicTicket,
} from '@erepare/shared/schemas/repair';
import type {
  CustomerRecord,
  InventoryItemRecord,
  InvoiceRecord,
  TicketEventRecord,
  TicketRecord,
} from '../../adapters/repair/types.js';

/**
 * Records of the repair backend → the wire shapes of spec 1 §3 and spec 2 §3. Money leaves the
 * server in euros (2 decimals), dates in ISO 8601.
 */

const euros = (cents: number): number => Math.round(cents) / 100;

/**
 * The anonymised view of a ticket, for anyone (spec 3 §2-§3, DESIGN.md §4): devices, fault,
 * status and dates; the customer only as "Client #{the ticket's id}". Never a name, e-mail,
 * phone, address, IMEI, serial, price, nor the customer's id.
 */
export function toPublicTicket(record: TicketRecord): PublicTicket {
  const devices = record.devices.map((device) => ({
    device_name: device.name,
    device_brand: device.brand,
    device_model: device.model,
    device_category: device.category,
    device_fault: device.fault,
    status: device.status,
  }));
  const first = devices[0];
  return {
    id: record.id,
    ticket_number: record.ticketNumber,
    status: record.status,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    // Anonymised per ticket: a customer id would tie together one person's repairs (issue 20 item 14).
    customer_name: `Client #${record.id}`,
    device_name: first?.device_name ?? '',
    device_brand: first?.device_brand ?? '',
    device_model: first?.device_model ?? '',
    device_category: first?.device_category ?? '',
    // Never the ticket's description: staff type free text there (names, phone numbers…).
    device_fault: first?.device_fault ?? '',
    devices,
  };
}

export function fullName(customer: Pick<CustomerRecord, 'firstName' | 'lastName'> | null | undefined): string {
  return customer ? `${customer.firstName} ${customer.lastName}`.trim() : '';
}

/** Spec 1 §3 "Ticket as read from the server": for the customer who owns it, or an admin. */
export function toFullTicket(record: TicketRecord, customer: CustomerRecord | null, history: TicketEventRecord[] = []): FullTicket {
  const base = toPublicTicket(record);
  return {
    ...base,
    device_fault: base.device_fault || record.description,
    customer_name: fullName(customer) || `Client #${record.customerId}`,
    customer_id: record.customerId,
    customerId: record.customerId,
    initial_status: history[0]?.toStatus ?? record.status,
    total_amount: euros(record.totalCents),
    grand_total: euros(record.totalCents),
    description: record.description,
    first_name: customer?.firstName ?? '',
    last_name: customer?.lastName ?? '',
    email: customer?.email ?? '',
    phone: customer?.mobile || customer?.phone || '',
    devices: record.devices.map((device) => ({
      device_name: device.name,
      device_brand: device.brand,
      device_model: device.model,
      device_category: device.category,
      device_fault: device.fault,
      status: device.status,
      price: euros(device.priceCents),
      imei: device.imei,
      serial: device.serial,
      repairItems: device.repairItems,
    })),
  };
}

export function toHistory(events: TicketEventRecord[]) {
  return events.map((event) => ({
    from_status: event.fromStatus,
    to_status: event.toStatus,
    created_at: event.createdAt.toISOString(),
  }));
}

export function toCustomer(record: CustomerRecord): Customer {
  return {
    cid: record.id,
    id: record.id,
    fullName: fullName(record),
    first_name: record.firstName,
    last_name: record.lastName,
    email: record.email ?? '',
    emails: record.emails.map((value) => ({ value })),
    phone: record.phone,
    mobile: record.mobile,
    address1: record.address1,
    address2: record.address2,
    city: record.city,
    state: record.state,
    postcode: record.postcode,
    country: record.country,
    orgonization: record.organization,
    refered_by: record.referredBy,
    contact_person: record.contactPerson,
    email_opt_in: record.emailOptIn ? 1 : 0,
    sms_opt_in: record.smsOptIn ? 1 : 0,
    loyalty_balance: euros(record.loyaltyBalanceCents),
    created_at: record.createdAt.toISOString(),
  };
}

/** The postal address of a customer's record, blank lines left out (the invoice's billing address). */
export function billingAddressLines(record: Pick<CustomerRecord, 'address1' | 'address2' | 'postcode' | 'city' | 'country'>): string[] {
  return [record.address1, record.address2, `${record.postcode} ${record.city}`, record.country].map((line) => (line ?? '').trim()).filter(Boolean);
}

export function toInvoice(record: InvoiceRecord, customer: CustomerRecord | null): Invoice {
  // VAT per rate, the margin scheme and its mention (issue 9); lines without a rate are at 20 %.
  const vat = summariseVat(record.lines.map((line) => ({ totalCents: line.totalCents, taxCents: line.taxCents, vatRate: line.vatRate ?? '20' })));
  const credited = record.creditedCents ?? 0;
  return {
    id: record.id,
    invoice_number: record.invoiceNumber,
    order_id: record.invoiceNumber,
    customer_id: record.customerId,
    status: record.status,
    created_at: record.createdAt.toISOString(),
    due_on: record.dueOn ? record.dueOn.toISOString() : null,
    subtotal: euros(record.subtotalCents),
    total_tax: euros(record.taxCents),
    total_amount: euros(record.totalCents),
    amount_paid: euros(record.amountPaidCents),
    amount_due: euros(
      invoiceAmountDueCents({
        totalCents: record.totalCents,
        creditedCents: credited,
        amountPaidCents: record.amountPaidCents,
        bonusCents: record.bonusCents ?? 0,
        // RepairDesk's « Refunded » without our credit notes keeps what its amounts say.
        ...(record.status === 'Refunded' && credited > 0 ? { status: 'Refunded' as const } : {}),
      }),
    ),
    // Spec 1 §3: discount is treated as 0.
    discount: 0,
    notes: record.notes,
    customer: {
      fullName: fullName(customer),
      cid: record.customerId,
      email: customer?.email ?? '',
      phone: customer?.mobile || customer?.phone || '',
      address: customer ? billingAddressLines(customer) : [],
      organisation: customer?.organization ?? '',
      // Known to the local backend only (RepairDesk has no such fields): '' otherwise.
      siren: customer?.siren ?? '',
      vatNumber: customer?.vatNumber ?? '',
    },
    line_items: record.lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      price: euros(line.unitPriceCents),
      tax: euros(line.taxCents),
      total: euros(line.totalCents),
      vat_rate: line.vatRate ?? '20',
    })),
    vat_breakdown: vat.breakdown.map((row) => ({ rate: row.rate, base: euros(row.baseCents), tax: euros(row.taxCents) })),
    margin_scheme: vat.marginScheme,
    mentions: vat.mentions,
    credited: euros(credited),
    ...(record.bonusCents ? { bonus: euros(record.bonusCents), bonus_label: repairBonusLabel(record.bonusCategory) } : {}),
    payments: record.payments.map((payment) => ({
      type: payment.kind,
      amount: euros(payment.amountCents),
      method: payment.method,
      transaction_id: payment.transactionId,
      payment_date: payment.paidAt.toISOString(),
    })),
    ticket: { hasTicket: record.ticketId !== null, id: record.ticketId, order_id: record.ticketNumber },
  };
}

/** Spec 2 §3 "Inventory item from the repair system". The cost price never leaves the server. */
export function toInventoryItem(record: InventoryItemRecord): InventoryItem {
  const price = euros(record.priceCents);
  return {
    id: record.id,
    name: record.name,
    sku: record.sku,
    upc_code: record.upcCode,
    description: record.description,
    quantity: record.quantity,
    in_stock: record.quantity,
    selling_price: price,
    price,
    original_price: record.originalPriceCents === null ? null : euros(record.originalPriceCents),
    brand: record.brand,
    manufacturer: record.brand,
    category: record.category,
    category_name: record.category,
    categories: record.category ? [{ name: record.category }] : [],
    item_type: record.itemType,
    condition: record.condition,
    image_url: record.imageUrl,
    originalimage: record.imageUrl,
    warranty: record.warranty,
    supplier: record.supplier,
    devices_names: record.deviceNames,
    created_at: record.createdAt.toISOString(),
  };
}
