/**
 * The fake RepairDesk's data, in RepairDesk's own JSON shapes (reference/external-apis.md §1.4),
 * and a converter from our records. The converter deliberately writes the messy parts of the
 * real thing so that the adapter's parsing is exercised: RepairDesk's spellings (orgonization,
 * refered_by, hostory), ids and amounts sometimes as strings ("12.50", "$1,208.87"), dates as
 * Unix seconds (sometimes as strings), e-mails in mixed case, statuses per device, and a history
 * of free text in which status changes sit among notes that carry personal data.
 */
import type {
  CustomerRecord,
  InventoryItemRecord,
  InvoiceRecord,
  NamedRecord,
  TicketEventRecord,
  TicketRecord,
} from '../../adapters/repair/types.js';
import type { StatusDefinition } from '@erepare/shared/tickets';

type Id = number | string;
type Amount = number | string;
type Unix = number | string;

export type RdCustomer = {
  cid: Id;
  first_name: string;
  last_name: string;
  fullName: string;
  email: string;
  emails: { value: string }[];
  phone: string;
  mobile: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  orgonization: string;
  refered_by: string;
  contact_person: string;
  email_opt_in: number | string;
  sms_opt_in: number | string;
  created_on: Unix;
  customer_group: { id: string; name: string };
  loyalty_balance?: Amount;
  loyalty_points?: number;
};

export type RdDevice = {
  id: number;
  device: { id: number; name: string; device_type: string; manufacturer: string };
  model: string;
  problem: string;
  status: { name: string };
  imei: string;
  serial: string;
  security_code: string;
  price: Amount;
  total: Amount;
  task_type: number;
  additional_notes: string;
  repairProdItems: { id: number; name: string }[];
  parts: unknown[];
};

export type RdTicketSummary = {
  id: Id;
  order_id: string;
  created_date: Unix;
  modified_on: Unix;
  customer: { cid: Id; first_name: string; last_name: string; email: string; mobile: string; phone: string };
  total: Amount;
  subtotal: Amount;
  total_tax: Amount;
  description: string;
};

export type RdHistoryEntry = { description: string; creationdate: Unix };

export type RdTicket = {
  summary: RdTicketSummary;
  devices: RdDevice[];
  notes: { msg_text: string; tittle: string; type: number; created_on: Unix }[];
  hostory: RdHistoryEntry[];
  accessory: unknown[];
};

export type RdInvoiceLine = { name: string; sku: string; quantity: number | string; price: Amount; gst: Amount; total: Amount };
export type RdPayment = { amount: Amount; method: string; type: string; transaction_id: string; payment_date: Unix };

export type RdInvoice = {
  summary: {
    id: Id;
    order_id: string;
    created_date: Unix;
    status: string;
    total: Amount;
    sub_total: Amount;
    total_tax: Amount;
    amount_paid: Amount;
    amount_due: Amount;
    due_on: Unix;
    notes: string;
    customer: { cid: Id; first_name: string; last_name: string; email: string };
    ticket_id: Id;
    ticket_number: string;
  };
  items?: RdInvoiceLine[];
  line_items?: RdInvoiceLine[];
  payments: RdPayment[];
};

export type RdInventoryItem = {
  id: Id;
  name: string;
  sku: string;
  upc_code: string;
  description: string;
  item_type: string;
  category: string;
  manufacturer: string;
  condition: string;
  cost_price: Amount;
  price: Amount;
  original_price?: Amount;
  in_stock: string;
  warranty: string;
  supplier: string;
  device_names: string;
  image: string;
  created_on: Unix;
};

export type RdStatus = { id: number; name: string; color?: string; type?: string };
export type RdNamed = { id: number; name: string };

export type FakeRepairDeskStore = {
  customers: RdCustomer[];
  tickets: RdTicket[];
  invoices: RdInvoice[];
  inventory: RdInventoryItem[];
  statuses: RdStatus[];
  /** Null: the endpoint answers 404 (the adapter then derives the list from the inventory). */
  categories: RdNamed[] | null;
  brands: RdNamed[] | null;
};

export function emptyStore(): FakeRepairDeskStore {
  return { customers: [], tickets: [], invoices: [], inventory: [], statuses: [], categories: [], brands: [] };
}

// ───────────────────────────── Value writers ─────────────────────────────

export function unix(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Amounts in the three shapes RepairDesk uses, chosen by `variant`: 12.5, "12.50", "$1,208.87". */
export function money(cents: number, variant: number): Amount {
  const amount = cents / 100;
  switch (((variant % 3) + 3) % 3) {
    case 0:
      return amount.toFixed(2);
    case 1:
      return amount;
    default: {
      const [whole = '0', decimals = '00'] = Math.abs(amount).toFixed(2).split('.');
      return `${cents < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimals}`;
    }
  }
}

/** Ids and dates sometimes as strings. */
function idOf(id: number, variant: number): Id {
  return variant % 2 === 0 ? String(id) : id;
}

function mixedCase(email: string, variant: number): string {
  if (variant % 4 !== 1) return email;
  return email.replace(/(^|[.@-])([a-z])/g, (_, separator: string, letter: string) => `${separator}${letter.toUpperCase()}`);
}

const deviceTypes: Readonly<Record<string, string>> = {
  Téléphone: 'Phone',
  Tablette: 'Tablet',
  Ordinateur: 'Laptop',
  Console: 'Game Console',
  Montre: 'Smart Watch',
  Chromebook: 'Chromebook',
  'Autre appareil': 'Other',
};

const itemTypes: Readonly<Record<InventoryItemRecord['itemType'], string>> = { device: 'Device', accessory: 'Accessory', part: 'Part' };

// ───────────────────────────── Converters ─────────────────────────────

export function customerToRd(customer: CustomerRecord): RdCustomer {
  return {
    cid: idOf(customer.id, customer.id),
    first_name: customer.firstName,
    last_name: customer.lastName,
    fullName: `${customer.firstName} ${customer.lastName}`.trim(),
    email: mixedCase(customer.email ?? '', customer.id),
    emails: customer.emails.map((value) => ({ value: mixedCase(value, customer.id + 1) })),
    phone: customer.phone,
    mobile: customer.mobile,
    address1: customer.address1,
    address2: customer.address2,
    city: customer.city,
    state: customer.state,
    postcode: customer.postcode,
    country: customer.country,
    orgonization: customer.organization,
    refered_by: customer.referredBy,
    contact_person: customer.contactPerson,
    email_opt_in: customer.id % 2 === 0 ? (customer.emailOptIn ? '1' : '0') : customer.emailOptIn ? 1 : 0,
    sms_opt_in: customer.smsOptIn ? 1 : 0,
    created_on: customer.id % 2 === 0 ? String(unix(customer.createdAt)) : unix(customer.createdAt),
    customer_group: { id: '1', name: 'Individual' },
    loyalty_balance: (customer.loyaltyBalanceCents / 100).toFixed(2),
  };
}

/**
 * The free-text history RepairDesk keeps: each status change written one of three ways, newest
 * first, among entries that are not status changes and carry personal data the adapter must drop.
 */
export function historyToRd(events: readonly TicketEventRecord[], customer: CustomerRecord | undefined): RdHistoryEntry[] {
  const entries: RdHistoryEntry[] = [];
  events.forEach((event, index) => {
    const at = unix(event.createdAt);
    let description: string;
    if (event.fromStatus === null) description = `Ticket created with status "${event.toStatus}"`;
    else if (index % 3 === 0) description = `Status changed from "${event.fromStatus}" to "${event.toStatus}"`;
    else if (index % 3 === 1) description = `Status changed from ${event.fromStatus} to ${event.toStatus} by Technicien Atelier`;
    else description = `Statut modifié de « ${event.fromStatus} » à « ${event.toStatus} » par Marie`;
    entries.push({ description, creationdate: index % 2 === 0 ? at : String(at) });
    if (index === 0 && customer) {
      entries.push({ description: `SMS sent to ${customer.mobile || '+33 6 39 98 00 00'}: your device has been received`, creationdate: at + 60 });
      entries.push({ description: `Email sent to ${customer.email ?? 'client@example.com'}`, creationdate: at + 61 });
    }
    if (index === 1) entries.push({ description: `Note added by ${customer?.firstName ?? 'Jean'}: client rappelé, code 4521`, creationdate: at + 30 });
  });
  return entries.sort((a, b) => Number(b.creationdate) - Number(a.creationdate));
}

export function ticketToRd(ticket: TicketRecord, customer: CustomerRecord | undefined, events: readonly TicketEventRecord[] = []): RdTicket {
  return {
    summary: {
      id: idOf(ticket.id, ticket.id),
      order_id: ticket.ticketNumber,
      created_date: unix(ticket.createdAt),
      modified_on: ticket.id % 2 === 0 ? String(unix(ticket.updatedAt)) : unix(ticket.updatedAt),
      customer: {
        cid: idOf(ticket.customerId, ticket.id + 1),
        first_name: customer?.firstName ?? '',
        last_name: customer?.lastName ?? '',
        email: customer?.email ?? '',
        mobile: customer?.mobile ?? '',
        phone: customer?.phone ?? '',
      },
      total: money(ticket.totalCents, ticket.id),
      subtotal: money(ticket.totalCents, ticket.id + 1),
      total_tax: '0.00',
      description: ticket.description,
    },
    devices: ticket.devices.map((device, index) => ({
      id: ticket.id * 10 + index,
      device: { id: 1000 + index, name: device.name, device_type: deviceTypes[device.category] ?? device.category, manufacturer: device.brand },
      model: device.model,
      problem: device.fault,
      status: { name: device.status },
      imei: device.imei,
      serial: device.serial,
      security_code: '',
      price: money(device.priceCents, ticket.id + index),
      total: money(device.priceCents, ticket.id + index + 1),
      task_type: 1,
      additional_notes: '',
      repairProdItems: device.repairItems.map((name, item) => ({ id: item + 1, name })),
      parts: [],
    })),
    notes: customer ? [{ msg_text: `Client joint au ${customer.mobile}`, tittle: 'Appel', type: 0, created_on: unix(ticket.createdAt) }] : [],
    hostory: historyToRd(events, customer),
    accessory: [],
  };
}

function lineToRd(line: InvoiceRecord['lines'][number], variant: number): RdInvoiceLine {
  return {
    name: line.name,
    sku: line.sku,
    quantity: variant % 2 === 0 ? String(line.quantity) : line.quantity,
    price: money(line.unitPriceCents, variant),
    gst: money(line.taxCents, variant + 1),
    total: money(line.totalCents, variant + 2),
  };
}

export function invoiceToRd(invoice: InvoiceRecord, customer: CustomerRecord | undefined): RdInvoice {
  const lines = invoice.lines.map((line, index) => lineToRd(line, invoice.id + index));
  return {
    summary: {
      id: idOf(invoice.id, invoice.id),
      order_id: invoice.invoiceNumber,
      created_date: unix(invoice.createdAt),
      status: invoice.id % 2 === 0 ? invoice.status.toLowerCase() : invoice.status.toUpperCase(),
      total: money(invoice.totalCents, invoice.id),
      sub_total: money(invoice.subtotalCents, invoice.id + 1),
      total_tax: money(invoice.taxCents, invoice.id + 2),
      amount_paid: money(invoice.amountPaidCents, invoice.id),
      amount_due: money(Math.max(0, invoice.totalCents - invoice.amountPaidCents), invoice.id),
      due_on: invoice.dueOn ? unix(invoice.dueOn) : 0,
      notes: invoice.notes,
      customer: {
        cid: idOf(invoice.customerId, invoice.id),
        first_name: customer?.firstName ?? '',
        last_name: customer?.lastName ?? '',
        email: customer?.email ?? '',
      },
      ticket_id: invoice.ticketId ?? '',
      ticket_number: invoice.ticketNumber ?? '',
    },
    // Both spellings are seen in the wild.
    ...(invoice.id % 2 === 0 ? { items: lines } : { line_items: lines }),
    payments: invoice.payments.map((payment, index) => ({
      amount: money(payment.amountCents, invoice.id + index),
      method: payment.method,
      type: payment.kind === 'refund' ? 'Refund' : 'Payment',
      transaction_id: payment.transactionId,
      payment_date: unix(payment.paidAt),
    })),
  };
}

export function inventoryToRd(item: InventoryItemRecord): RdInventoryItem {
  return {
    id: idOf(item.id, item.id),
    name: item.name,
    sku: item.sku,
    upc_code: item.upcCode,
    description: item.description,
    item_type: itemTypes[item.itemType],
    category: item.category,
    manufacturer: item.brand,
    condition: item.condition,
    cost_price: '0.00',
    price: money(item.priceCents, item.id),
    ...(item.originalPriceCents !== null ? { original_price: money(item.originalPriceCents, item.id + 1) } : {}),
    in_stock: String(item.quantity),
    warranty: item.warranty,
    supplier: item.supplier,
    device_names: item.deviceNames,
    image: item.imageUrl,
    created_on: unix(item.createdAt),
  };
}

export type RecordsForFake = {
  customers?: readonly CustomerRecord[];
  tickets?: readonly TicketRecord[];
  /** Status history by ticket id. */
  history?: ReadonlyMap<number, readonly TicketEventRecord[]>;
  invoices?: readonly InvoiceRecord[];
  inventory?: readonly InventoryItemRecord[];
  statuses?: readonly StatusDefinition[];
  categories?: readonly NamedRecord[] | null;
  brands?: readonly NamedRecord[] | null;
};

/** Our records → the fake's store, in RepairDesk's shapes. */
export function fromRecords(records: RecordsForFake): FakeRepairDeskStore {
  const customers = new Map((records.customers ?? []).map((customer) => [customer.id, customer]));
  return {
    customers: (records.customers ?? []).map(customerToRd),
    tickets: (records.tickets ?? []).map((ticket) =>
      ticketToRd(ticket, customers.get(ticket.customerId), records.history?.get(ticket.id) ?? []),
    ),
    invoices: (records.invoices ?? []).map((invoice) => invoiceToRd(invoice, customers.get(invoice.customerId))),
    inventory: (records.inventory ?? []).map(inventoryToRd),
    statuses: (records.statuses ?? []).map((status, index) => ({
      id: status.id ?? index + 1,
      name: status.name,
      color: status.color,
      type: status.type,
    })),
    categories: records.categories === null ? null : (records.categories ?? []).map((entry) => ({ ...entry })),
    brands: records.brands === null ? null : (records.brands ?? []).map((entry) => ({ ...entry })),
  };
}
