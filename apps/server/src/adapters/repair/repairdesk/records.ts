/**
 * RepairDesk JSON → our records (types.ts). The schemas are lenient on purpose: every field is
 * optional, every value goes through the readers of values.ts, and the spellings RepairDesk uses
 * (orgonization, refered_by, hostory) are read next to the correct ones. Only a record without an
 * id is dropped.
 */
import { z } from '@erepare/shared/zod';
import {
  dashboardStyleGroup,
  defaultStatuses,
  deviceCategories,
  isDeviceCategory,
  normaliseTicketNumber,
  proxyDefaultStatuses,
  statusBadgeColour,
  statusKey,
  type BadgeColour,
  type DeviceCategory,
  type StatusDefinition,
} from '@erepare/shared/tickets';
import { fallbackBrands } from '@erepare/shared/schemas/repair';
import type {
  CustomerInput,
  CustomerRecord,
  DeviceRecord,
  InventoryItemRecord,
  InvoiceLineRecord,
  InvoicePaymentRecord,
  InvoiceRecord,
  InvoiceStatus,
  TicketRecord,
} from '../types.js';
import type { RawHistoryEntry } from './history.js';
import { asBool, asDate, asId, asInt, asName, asText, isRecord, parseAmount, toCents, toCentsOrNull } from './values.js';

// ───────────────────────────── Lenient schema builders ─────────────────────────────

const loose = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess((value) => (isRecord(value) ? value : {}), z.looseObject(shape));
const list = <Item extends z.ZodType>(item: Item) => z.preprocess((value): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []), z.array(item));
// Optional, so that a missing key is read as undefined (zod 4 requires keys otherwise).
const raw = z.unknown().optional();
const text = raw.transform(asText);
const name = raw.transform(asName);

/** Pagination of list endpoints: `{ page, per_page, total_records, total_pages, next_page_exist, next_page }`. */
export const paginationSchema = loose({
  page: raw.transform((value) => asInt(value, -1)),
  per_page: raw.transform((value) => asInt(value, -1)),
  total_records: raw.transform((value) => asInt(value, -1)),
  total_pages: raw.transform((value) => asInt(value, -1)),
  next_page_exist: raw.transform(asBool),
  next_page: raw.transform((value) => asInt(value, -1)),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Envelope of every answer: `{ success, statusCode, message, data }` (HTTP 200 even for most errors). */
export const envelopeSchema = z.looseObject({
  success: raw.transform(asBool),
  statusCode: raw.transform((value) => asInt(value, 0)),
  message: text,
  data: raw,
});
export type Envelope = z.infer<typeof envelopeSchema>;

// ───────────────────────────── Statuses ─────────────────────────────

const badgeHex: Readonly<Record<BadgeColour, string>> = {
  green: '#22c55e',
  blue: '#3b82f6',
  cyan: '#06b6d4',
  indigo: '#6366f1',
  orange: '#f97316',
  red: '#ef4444',
  grey: '#6b7280',
};

const statusEntrySchema = z.union([
  z.string().transform((value) => ({ id: null, name: value.trim(), color: '', type: '' })),
  loose({
    id: raw.transform(asId),
    name: text,
    status_name: text,
    title: text,
    color: text,
    colour: text,
    status_color: text,
    type: text,
    status_type: text,
  }).transform((entry) => ({
    id: entry.id,
    name: entry.name || entry.status_name || entry.title,
    color: entry.color || entry.colour || entry.status_color,
    type: entry.type || entry.status_type,
  })),
]);

/** A colour RepairDesk may send as "#abc", "abc123" or "rgb(…)": kept when it looks like one. */
function cssColour(value: string): string | null {
  if (/^#?[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value)) return value.startsWith('#') ? value.toLowerCase() : `#${value.toLowerCase()}`;
  if (/^rgba?\([\d\s.,%]+\)$/i.test(value)) return value;
  return null;
}

export function toStatusDefinitions(entries: readonly unknown[]): StatusDefinition[] {
  const seen = new Set<string>();
  const result: StatusDefinition[] = [];
  for (const entry of entries) {
    const parsed = statusEntrySchema.safeParse(entry);
    if (!parsed.success || parsed.data.name === '') continue;
    const { id, name: statusName, color, type } = parsed.data;
    const key = statusKey(statusName);
    if (seen.has(key)) continue;
    seen.add(key);
    const group = dashboardStyleGroup(statusName);
    const declaredType = /close|done|complete|finish|ferm|clôtur|termin/i.test(type) ? 'Closed' : /open|ouvert/i.test(type) ? 'Open' : null;
    result.push({
      ...(id !== null ? { id } : {}),
      name: statusName,
      color: cssColour(color) ?? badgeHex[statusBadgeColour(statusName)],
      type: declaredType ?? (group === 'done' || group === 'failed' ? 'Closed' : 'Open'),
    });
  }
  return result;
}

// ───────────────────────────── Customers ─────────────────────────────

const emailEntry = raw.transform((value) => (isRecord(value) ? asText(value.value ?? value.email ?? value.address) : asText(value)));

const customerSchema = loose({
  cid: raw,
  id: raw,
  customer_id: raw,
  first_name: text,
  last_name: text,
  fullName: text,
  email: text,
  emails: list(emailEntry),
  phone: text,
  mobile: text,
  address1: text,
  address2: text,
  city: text,
  state: text,
  postcode: text,
  country: text,
  orgonization: text,
  organization: text,
  refered_by: text,
  referred_by: text,
  contact_person: text,
  email_opt_in: raw.transform(asBool),
  sms_opt_in: raw.transform(asBool),
  created_on: raw.transform(asDate),
  loyalty_balance: raw,
  loyalty_points: raw,
});

export type CustomerMappingOptions = { loyaltyPointCents: number };

export function toCustomerRecord(value: unknown, options: CustomerMappingOptions): CustomerRecord | null {
  const customer = customerSchema.parse(value);
  const id = asId(customer.cid) ?? asId(customer.id) ?? asId(customer.customer_id);
  if (id === null) return null;
  const email = customer.email.toLowerCase();
  const emails = [...new Set(customer.emails.map((entry) => entry.toLowerCase()).filter((entry) => entry !== '' && entry !== email))];
  let firstName = customer.first_name;
  let lastName = customer.last_name;
  if (!firstName && !lastName && customer.fullName) {
    const [first = '', ...rest] = customer.fullName.split(' ');
    firstName = first;
    lastName = rest.join(' ');
  }
  const balance = toCentsOrNull(customer.loyalty_balance);
  const points = parseAmount(customer.loyalty_points);
  const loyaltyBalanceCents = balance ?? (points === null ? 0 : Math.round(points * options.loyaltyPointCents));
  return {
    id,
    firstName,
    lastName,
    email: email === '' ? null : email,
    emails,
    phone: customer.phone,
    mobile: customer.mobile,
    address1: customer.address1,
    address2: customer.address2,
    city: customer.city,
    state: customer.state,
    postcode: customer.postcode,
    country: customer.country,
    organization: customer.orgonization || customer.organization,
    // RepairDesk's customer has no SIREN nor VAT number field: its invoices print neither (issue 22 §1).
    referredBy: customer.refered_by || customer.referred_by,
    contactPerson: customer.contact_person,
    emailOptIn: customer.email_opt_in,
    smsOptIn: customer.sms_opt_in,
    loyaltyBalanceCents: Math.max(0, loyaltyBalanceCents),
    createdAt: customer.created_on ?? new Date(0),
  };
}

/** Our customer fields → RepairDesk's create/update body (its own spellings). */
export function toCustomerBody(input: CustomerInput): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined) body[key] = value;
  };
  set('first_name', input.firstName);
  set('last_name', input.lastName);
  if (input.email !== undefined) body.email = input.email ? input.email.trim().toLowerCase() : '';
  if (input.emails !== undefined) {
    body.emails = input.emails.map((email) => email.trim().toLowerCase()).filter(Boolean).map((email) => ({ value: email }));
  }
  set('phone', input.phone);
  set('mobile', input.mobile);
  set('address1', input.address1);
  set('address2', input.address2);
  set('city', input.city);
  set('state', input.state);
  set('postcode', input.postcode);
  set('country', input.country);
  set('orgonization', input.organization);
  set('refered_by', input.referredBy);
  set('contact_person', input.contactPerson);
  if (input.emailOptIn !== undefined) body.email_opt_in = input.emailOptIn ? 1 : 0;
  if (input.smsOptIn !== undefined) body.sms_opt_in = input.smsOptIn ? 1 : 0;
  return body;
}

/** A customer record back to the fields a full update sends (PUT replaces the customer). */
export function customerInputOf(record: CustomerRecord): CustomerInput {
  const { id: _id, createdAt: _createdAt, loyaltyBalanceCents: _loyalty, ...input } = record;
  return input;
}

/** Whether RepairDesk's object is more than a bare id (some create answers are `{ cid }` only). */
export function hasCustomerFields(value: unknown): boolean {
  return isRecord(value) && ['first_name', 'last_name', 'email', 'mobile', 'phone'].some((key) => key in value);
}

// ───────────────────────────── Tickets ─────────────────────────────

/** RepairDesk device types (free text per store) → our device categories (spec 3 §3). */
const categoryRules: readonly (readonly [DeviceCategory, RegExp])[] = [
  ['Chromebook', /chromebook/i],
  ['Montre', /watch|montre/i],
  ['Tablette', /tablet|tablette|ipad|tab\b/i],
  ['Console', /console|playstation|\bps[2-5]\b|xbox|nintendo|switch|gaming|game/i],
  ['Ordinateur', /laptop|computer|desktop|ordinateur|\bpc\b|macbook|imac|notebook|portable|mac\b/i],
  ['Téléphone', /phone|mobile|cell|t[ée]l[ée]phone|smartphone|iphone|galaxy|pixel/i],
];

export function deviceCategoryOf(deviceType: string, deviceName: string): DeviceCategory {
  if (isDeviceCategory(deviceType)) return deviceType;
  const probe = deviceType || deviceName;
  for (const [category, pattern] of categoryRules) if (pattern.test(probe)) return category;
  return deviceCategories[deviceCategories.length - 1] as DeviceCategory;
}

const productBrands: readonly (readonly [RegExp, string])[] = [
  [/^(iphone|ipad|ipod|macbook|imac|mac\b|apple\s+watch|airpods)/i, 'Apple'],
  [/^galaxy/i, 'Samsung'],
  [/^pixel/i, 'Google'],
  [/^(playstation|ps[2-5]\b)/i, 'Sony'],
  [/^(xbox|surface)/i, 'Microsoft'],
  [/^switch/i, 'Nintendo'],
  [/^(redmi|poco)/i, 'Xiaomi'],
];

/** Best effort: a known brand at the start of the device name, or the brand of a known product line. */
export function brandFromName(deviceName: string): string {
  const first = deviceName.split(/\s+/)[0] ?? '';
  const brand = fallbackBrands.find((candidate) => candidate.toLowerCase() === first.toLowerCase());
  if (brand) return brand;
  return productBrands.find(([pattern]) => pattern.test(deviceName))?.[1] ?? '';
}

const namedEntry = raw.transform((value) => asName(value));

const deviceSchema = loose({
  device: loose({
    name: text,
    device_type: text,
    manufacturer: name,
    manufacturer_name: text,
    brand: name,
    model: text,
  }),
  name: text,
  device_name: text,
  device_type: text,
  deviceCategory: text,
  manufacturer: name,
  brand: name,
  model: text,
  model_number: text,
  problem: text,
  additional_problem: text,
  additionalProblem: text,
  issue: text,
  status: name,
  imei: text,
  serial: text,
  price: raw,
  total: raw,
  repairProdItems: list(namedEntry),
});

function toDeviceRecord(value: unknown): DeviceRecord {
  const device = deviceSchema.parse(value);
  const deviceName = device.device.name || device.name || device.device_name;
  const repairItems = device.repairProdItems.filter((item) => item !== '');
  return {
    category: deviceCategoryOf(device.device.device_type || device.device_type || device.deviceCategory, deviceName),
    brand:
      device.device.manufacturer ||
      device.device.manufacturer_name ||
      device.device.brand ||
      device.manufacturer ||
      device.brand ||
      brandFromName(deviceName),
    name: deviceName,
    model: device.device.model || device.model || device.model_number,
    // The customer's complaint when RepairDesk has one; otherwise the repairs ordered say what is wrong.
    fault: device.problem || device.additional_problem || device.additionalProblem || device.issue || repairItems.join(', '),
    status: device.status,
    imei: device.imei,
    serial: device.serial,
    priceCents: Math.max(0, toCentsOrNull(device.price) ?? toCents(device.total)),
    repairItems,
  };
}

const historySchema = loose({ description: text, creationdate: raw, created_on: raw, date: raw });

const ticketSchema = loose({
  summary: raw,
  devices: list(raw),
  hostory: raw,
  history: raw,
});

const summarySchema = loose({
  id: raw,
  order_id: text,
  created_date: raw.transform(asDate),
  modified_on: raw.transform(asDate),
  customer: raw,
  customer_id: raw,
  total: raw,
  description: text,
  ticket_description: text,
  status: name,
  devices: list(raw),
  hostory: raw,
});

function customerIdOf(...candidates: unknown[]): number {
  for (const candidate of candidates) {
    const id = isRecord(candidate) ? (asId(candidate.cid) ?? asId(candidate.id) ?? asId(candidate.customer_id)) : asId(candidate);
    if (id !== null) return id;
  }
  return 0;
}

/** "T-6632" for the numbers customers type; RepairDesk's own number otherwise; `T-{id}` when there is none. */
export function ticketNumberOf(orderId: string, id: number): string {
  return normaliseTicketNumber(orderId) ?? (orderId !== '' ? orderId.toUpperCase() : `T-${id}`);
}

/**
 * Status names every store is likely to use: they help to read ambiguous history sentences, and
 * count as known statuses when the history is filtered (history.ts).
 */
export const sharedStatusNames: readonly string[] = [...defaultStatuses, ...proxyDefaultStatuses].map((status) => status.name);

/**
 * A ticket and its raw history entries (free text, dated): the adapter turns them into status
 * changes once it knows the store's statuses (history.ts toStatusEvents).
 */
export type ParsedTicket = { record: TicketRecord; historyEntries: RawHistoryEntry[] };

export function toTicket(value: unknown): ParsedTicket | null {
  const ticket = ticketSchema.parse(value);
  const summary = summarySchema.parse(isRecord(ticket.summary) ? ticket.summary : value);
  const id = asId(summary.id);
  if (id === null) return null;
  const devices = (ticket.devices.length > 0 ? ticket.devices : summary.devices).map(toDeviceRecord);
  const createdAt = summary.created_date ?? summary.modified_on ?? new Date(0);
  const description =
    summary.description ||
    summary.ticket_description ||
    (devices.length === 1 ? (devices[0]?.fault ?? '') : devices.map((device) => `${device.name} : ${device.fault}`).join(' / '));
  const record: TicketRecord = {
    id,
    ticketNumber: ticketNumberOf(summary.order_id, id),
    // The ticket's status is its first device's (RepairDesk keeps statuses per device).
    status: devices[0]?.status || summary.status,
    customerId: customerIdOf(summary.customer, summary.customer_id, isRecord(value) ? value.customer : undefined),
    description,
    totalCents: Math.max(0, toCentsOrNull(summary.total) ?? devices.reduce((sum, device) => sum + device.priceCents, 0)),
    createdAt,
    updatedAt: summary.modified_on ?? createdAt,
    devices,
  };
  const rawHistory = [ticket.hostory, ticket.history, summary.hostory].find(Array.isArray) ?? [];
  const historyEntries = (rawHistory as unknown[]).map((entry) => {
    const parsed = historySchema.parse(entry);
    return { description: parsed.description, createdAt: asDate(parsed.creationdate) ?? asDate(parsed.created_on) ?? asDate(parsed.date) };
  });
  return { record, historyEntries };
}

// ───────────────────────────── Invoices ─────────────────────────────

const lineSchema = loose({
  name: text,
  description: text,
  product_name: text,
  sku: text,
  quantity: raw,
  qty: raw,
  price: raw,
  unit_price: raw,
  gst: raw,
  tax: raw,
  total_tax: raw,
  total: raw,
});

function toLineRecord(value: unknown): InvoiceLineRecord {
  const line = lineSchema.parse(value);
  const quantity = Math.max(1, asInt(line.quantity ?? line.qty, 1));
  const unitPriceCents = toCentsOrNull(line.price) ?? toCents(line.unit_price);
  return {
    name: line.name || line.product_name || line.description,
    sku: line.sku,
    quantity,
    unitPriceCents,
    taxCents: toCentsOrNull(line.gst) ?? toCentsOrNull(line.tax) ?? toCents(line.total_tax),
    totalCents: toCentsOrNull(line.total) ?? unitPriceCents * quantity,
  };
}

const paymentSchema = loose({
  amount: raw,
  method: name,
  payment_method: name,
  type: text,
  transaction_id: text,
  payment_date: raw,
  date: raw,
  created_on: raw,
});

function toPaymentRecord(value: unknown, fallbackDate: Date): InvoicePaymentRecord {
  const payment = paymentSchema.parse(value);
  const amountCents = toCents(payment.amount);
  const method = payment.method || payment.payment_method;
  const refund = amountCents < 0 || /refund|rembours/i.test(payment.type) || /refund|rembours/i.test(method);
  return {
    kind: refund ? 'refund' : 'payment',
    amountCents: Math.abs(amountCents),
    method: method || payment.type,
    transactionId: payment.transaction_id,
    paidAt: asDate(payment.payment_date) ?? asDate(payment.date) ?? asDate(payment.created_on) ?? fallbackDate,
  };
}

const invoiceSummarySchema = loose({
  id: raw,
  order_id: text,
  invoice_number: text,
  created_date: raw.transform(asDate),
  created_on: raw.transform(asDate),
  status: name,
  total: raw,
  sub_total: raw,
  subtotal: raw,
  total_tax: raw,
  amount_paid: raw,
  due_on: raw.transform(asDate),
  notes: text,
  customer: raw,
  sale_to_customer_id: raw,
  customer_id: raw,
  ticket_id: raw,
  ticket_number: text,
  ticket_order_id: text,
  ticket: raw,
  items: raw,
  line_items: raw,
  payments: raw,
});

const invoiceSchema = loose({ summary: raw, items: raw, line_items: raw, payments: raw, customer: raw });

function invoiceStatusOf(status: string, totalCents: number, paidCents: number): InvoiceStatus {
  const key = status.trim().toLowerCase();
  if (/refund|rembours/.test(key)) return 'Refunded';
  if (/partial|partiel/.test(key)) return 'Partial';
  if (/unpaid|impay|due|open|non pay/.test(key)) return 'Unpaid';
  if (/paid|payé|pay[ée]e|settled|closed/.test(key)) return 'Paid';
  // A status we do not know: the amounts tell.
  if (totalCents > 0 && paidCents >= totalCents) return 'Paid';
  return paidCents > 0 ? 'Partial' : 'Unpaid';
}

export function toInvoiceRecord(value: unknown): InvoiceRecord | null {
  const invoice = invoiceSchema.parse(value);
  const summary = invoiceSummarySchema.parse(isRecord(invoice.summary) ? invoice.summary : value);
  const id = asId(summary.id);
  if (id === null) return null;
  const createdAt = summary.created_date ?? summary.created_on ?? new Date(0);
  const ticket = isRecord(summary.ticket) ? summary.ticket : {};
  const ticketId = asId(summary.ticket_id) ?? asId(ticket.id);
  const ticketNumberText = summary.ticket_number || summary.ticket_order_id || asText(ticket.order_id);
  const lines = [invoice.items, invoice.line_items, summary.items, summary.line_items].find(Array.isArray) ?? [];
  const payments = [invoice.payments, summary.payments].find(Array.isArray) ?? [];
  const totalCents = toCents(summary.total);
  const amountPaidCents = toCents(summary.amount_paid);
  return {
    id,
    invoiceNumber: summary.order_id || summary.invoice_number || `INV-${id}`,
    customerId: customerIdOf(summary.customer, summary.sale_to_customer_id, summary.customer_id, invoice.customer),
    ticketId,
    ticketNumber: ticketNumberText ? ticketNumberOf(ticketNumberText, ticketId ?? 0) : null,
    status: invoiceStatusOf(summary.status, totalCents, amountPaidCents),
    subtotalCents: toCentsOrNull(summary.sub_total) ?? toCentsOrNull(summary.subtotal) ?? totalCents,
    taxCents: toCents(summary.total_tax),
    totalCents,
    amountPaidCents,
    notes: summary.notes,
    dueOn: summary.due_on,
    createdAt,
    lines: (lines as unknown[]).map(toLineRecord),
    payments: (payments as unknown[]).map((payment) => toPaymentRecord(payment, createdAt)),
  };
}

// ───────────────────────────── Inventory ─────────────────────────────

const inventorySchema = loose({
  id: raw,
  product_id: raw,
  name: text,
  sku: text,
  upc_code: text,
  upc: text,
  description: text,
  item_type: name,
  type: name,
  category: name,
  category_name: text,
  manufacturer: name,
  manufacturer_name: text,
  brand: name,
  condition: name,
  item_condition: name,
  price: raw,
  retail_price: raw,
  selling_price: raw,
  original_price: raw,
  compare_at_price: raw,
  in_stock: raw,
  quantity: raw,
  stock: raw,
  warranty: name,
  warranty_timeframe: text,
  supplier: name,
  supplier_name: text,
  device_names: raw,
  compatible_devices: raw,
  image: raw,
  image_url: text,
  images: raw,
  created_on: raw.transform(asDate),
});

/** RepairDesk item types are per store ("Product", "Part", "Refurbished phone"…): best effort. */
export function itemTypeOf(itemType: string, category: string): InventoryItemRecord['itemType'] {
  for (const probe of [itemType, category]) {
    if (/\bparts?\b|pi[eè]ces?|spare|composant/i.test(probe)) return 'part';
    if (/device|phone|t[ée]l[ée]phone|tablet|tablette|console|laptop|ordinateur|computer|watch|montre|refurb|recondition|appareil/i.test(probe)) {
      return 'device';
    }
    if (/accessor/i.test(probe)) return 'accessory';
  }
  return 'accessory';
}

function namesText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asName).filter(Boolean).join(', ');
  return asText(value);
}

function imageOf(image: unknown, imageUrl: string, images: unknown): string {
  if (imageUrl) return imageUrl;
  if (isRecord(image)) return asText(image.url ?? image.src);
  if (asText(image)) return asText(image);
  if (Array.isArray(images) && images.length > 0) return isRecord(images[0]) ? asText(images[0].url ?? images[0].src) : asText(images[0]);
  return '';
}

export function toInventoryRecord(value: unknown): InventoryItemRecord | null {
  const item = inventorySchema.parse(value);
  const id = asId(item.id) ?? asId(item.product_id);
  if (id === null) return null;
  const category = item.category || item.category_name;
  return {
    id,
    name: item.name,
    sku: item.sku,
    upcCode: item.upc_code || item.upc,
    description: item.description,
    category,
    brand: item.manufacturer || item.manufacturer_name || item.brand,
    itemType: itemTypeOf(item.item_type || item.type, category),
    condition: item.condition || item.item_condition,
    priceCents: Math.max(0, toCentsOrNull(item.price) ?? toCentsOrNull(item.retail_price) ?? toCents(item.selling_price)),
    originalPriceCents: toCentsOrNull(item.original_price) ?? toCentsOrNull(item.compare_at_price),
    quantity: Math.max(0, asInt(item.in_stock ?? item.quantity ?? item.stock)),
    warranty: item.warranty || item.warranty_timeframe,
    supplier: item.supplier || item.supplier_name,
    deviceNames: namesText(item.device_names) || namesText(item.compatible_devices),
    imageUrl: imageOf(item.image, item.image_url, item.images),
    createdAt: item.created_on ?? new Date(0),
  };
}

// ───────────────────────────── Named lists (categories, brands) ─────────────────────────────

export function toNamedRecords(entries: readonly unknown[]): { id: number | null; name: string }[] {
  return entries
    .map((entry) => (isRecord(entry) ? { id: asId(entry.id), name: asName(entry) } : { id: null, name: asText(entry) }))
    .filter((entry) => entry.name !== '');
}
