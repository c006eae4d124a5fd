import type { VatRate } from '@erepare/shared/invoice-vat';
import type { StatusDefinition } from '@erepare/shared/tickets';
import { AppError } from '../../errors.js';

/**
 * The repair-management backend (spec 1 §1, §7): our own tables by default (`local`), RepairDesk
 * when configured (`repairdesk`). Both implementations return these records with the same
 * meaning; the repair service decides what a caller may see (public fields only unless the caller
 * owns the record or is an admin). Money is in integer cents, dates are `Date`s.
 *
 * Failures of the remote backend are thrown as `RepairBackendError` (see below) with the spec's
 * French messages; "not found" is `null`, an empty list is `{ items: [], total: 0 }`.
 */
export type DeviceRecord = {
  category: string;
  brand: string;
  name: string;
  model: string;
  fault: string;
  status: string;
  imei: string;
  serial: string;
  priceCents: number;
  repairItems: string[];
};

export type TicketEventRecord = { fromStatus: string | null; toStatus: string; createdAt: Date };

export type TicketRecord = {
  id: number;
  ticketNumber: string;
  status: string;
  customerId: number;
  description: string;
  totalCents: number;
  createdAt: Date;
  updatedAt: Date;
  devices: DeviceRecord[];
};

export type TicketListFilter = {
  /** Matched against public fields only: ticket number, device name, brand, model, fault. */
  keyword?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only this customer's tickets. */
  customerId?: number | undefined;
  offset: number;
  limit: number;
};

export type CustomerRecord = {
  id: number;
  firstName: string;
  lastName: string;
  /** Main address, lower-cased; null when the customer has none. */
  email: string | null;
  /** Other addresses, lower-cased. */
  emails: string[];
  phone: string;
  mobile: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  organization: string;
  /** Issue 22 §1: a business customer's SIREN and intra-EU VAT number ('' when unknown); the local backend's only, RepairDesk has no such field. */
  siren?: string;
  vatNumber?: string;
  referredBy: string;
  contactPerson: string;
  emailOptIn: boolean;
  smsOptIn: boolean;
  loyaltyBalanceCents: number;
  createdAt: Date;
};

/** Fields a create or update may set (never the id, the creation date or the loyalty balance). */
export type CustomerInput = Partial<Omit<CustomerRecord, 'id' | 'createdAt' | 'loyaltyBalanceCents'>>;

export type CustomerListFilter = {
  /** Name, e-mail or phone (admin searches). */
  keyword?: string | undefined;
  referredBy?: string | undefined;
  offset: number;
  limit: number;
};

export const invoiceStatuses = ['Paid', 'Unpaid', 'Partial', 'Refunded'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export type InvoiceLineRecord = {
  name: string;
  sku: string;
  quantity: number;
  /** Unit price, VAT included. */
  unitPriceCents: number;
  taxCents: number;
  totalCents: number;
  /** VAT rate of the line (issue 9, local backend); absent means the standard 20 %. */
  vatRate?: VatRate;
};

export type InvoicePaymentRecord = {
  kind: 'payment' | 'refund';
  amountCents: number;
  method: string;
  transactionId: string;
  paidAt: Date;
};

export type InvoiceRecord = {
  id: number;
  invoiceNumber: string;
  customerId: number;
  ticketId: number | null;
  ticketNumber: string | null;
  status: InvoiceStatus;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  amountPaidCents: number;
  /** Credit notes issued against the invoice (issue 9, local backend); absent means none. */
  creditedCents?: number;
  /** QualiRépar bonus deducted (issue 24, local backend; RepairDesk: none); absent means none. */
  bonusCents?: number;
  bonusCategory?: string | null;
  notes: string;
  dueOn: Date | null;
  createdAt: Date;
  lines: InvoiceLineRecord[];
  payments: InvoicePaymentRecord[];
};

/** A payment posted to the backend: the amount in cents, our method label and the provider's reference. */
export type InvoicePaymentInput = { invoiceId: number; amountCents: number; method: string; transactionId: string; notes: string };

export type InvoiceListFilter = {
  /** Invoice number or line item name. */
  keyword?: string | undefined;
  status?: InvoiceStatus | undefined;
  customerId?: number | undefined;
  offset: number;
  limit: number;
};

export type InventoryItemRecord = {
  id: number;
  name: string;
  sku: string;
  upcCode: string;
  description: string;
  category: string;
  brand: string;
  /** 'device' (refurbished phone, console…), 'accessory', or 'part' (spare part). */
  itemType: 'device' | 'accessory' | 'part';
  condition: string;
  /** Selling price, VAT included. */
  priceCents: number;
  originalPriceCents: number | null;
  quantity: number;
  warranty: string;
  supplier: string;
  deviceNames: string;
  imageUrl: string;
  createdAt: Date;
};

export type InventoryListFilter = {
  /** Name, SKU or id. */
  keyword?: string | undefined;
  offset: number;
  limit: number;
};

export type NamedRecord = { id: number; name: string };

export type BackendPing = { ok: true; latencyMs: number } | { ok: false; latencyMs: number; message: string };

export type RepairBackend = {
  kind: 'local' | 'repairdesk';
  listTickets: (filter: TicketListFilter) => Promise<{ items: TicketRecord[]; total: number }>;
  /** By numeric id or by ticket number ("T-1234"). */
  getTicket: (key: { id: number } | { ticketNumber: string }) => Promise<TicketRecord | null>;
  ticketHistory: (ticketId: number) => Promise<TicketEventRecord[]>;
  listStatuses: () => Promise<StatusDefinition[]>;

  listCustomers: (filter: CustomerListFilter) => Promise<{ items: CustomerRecord[]; total: number }>;
  getCustomer: (id: number) => Promise<CustomerRecord | null>;
  /** Case-insensitive on the main address and the other addresses (spec 1 §5). */
  findCustomersByEmail: (email: string) => Promise<CustomerRecord[]>;
  createCustomer: (input: CustomerInput) => Promise<CustomerRecord>;
  /** Null when the customer does not exist. */
  updateCustomer: (id: number, patch: CustomerInput) => Promise<CustomerRecord | null>;

  listInvoices: (filter: InvoiceListFilter) => Promise<{ items: InvoiceRecord[]; total: number }>;
  /**
   * Null when the invoice does not exist or, with `customerId`, belongs to someone else (the local
   * backend then loads nothing more, so both answers take the same time).
   */
  getInvoice: (id: number, options?: { customerId?: number | undefined }) => Promise<InvoiceRecord | null>;

  listInventory: (filter: InventoryListFilter) => Promise<{ items: InventoryItemRecord[]; total: number }>;
  listInventoryCategories: () => Promise<NamedRecord[]>;
  listInventoryBrands: () => Promise<NamedRecord[]>;

  /**
   * Records a payment taken online on an invoice of the backend (issue 24 §4): RepairDesk only
   * (with our tables, the payment is written in the settling transaction). One attempt, no retry:
   * the caller (the posting job) retries from the database. Throws RepairBackendError on failure.
   */
  addInvoicePayment?: (payment: InvoicePaymentInput) => Promise<void>;

  /** One cheap call to the backend, for /api/repairdesk/test. */
  ping: () => Promise<BackendPing>;

  /**
   * Forgets whatever the backend keeps in memory, so that the next reads ask it again. RepairDesk
   * keeps short-lived copies (ticket histories and "not found" answers, customers, statuses,
   * categories and brands derived from the inventory); callers that drop their own caches after
   * a write (the inventory cache) call this too. Optional: a backend that keeps nothing (local)
   * has none.
   */
  invalidate?: () => void;
};

/**
 * A failure of the backend itself (timeout, network, 5xx after retries, unexpected answer), with
 * the French message of spec 1 §8 that users may see. An AppError, so the one error handler
 * answers with it. Never contains the API key.
 */
export class RepairBackendError extends AppError {
  constructor(
    code: 'REPAIR_TIMEOUT' | 'REPAIR_UNAVAILABLE' | 'REPAIR_EMPTY_RESPONSE' | 'REPAIR_REJECTED' | 'REPAIR_RATE_LIMITED',
    message: string,
    /** HTTP status our API answers with: 504 timeout, 503 unavailable or rate-limited, 502 otherwise. */
    httpStatus: number,
  ) {
    super(code, httpStatus, message);
    this.name = 'RepairBackendError';
  }
}
