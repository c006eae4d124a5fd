import {
  adminRepairMessages,
  type AdminCustomer,
  type AdminCustomerListItem,
  type AdminCustomerListQuery,
  type AdminInvoice,
  type AdminInvoiceListQuery,
  type AdminInvoiceSummary,
  type AdminStatus,
  type AdminTicket,
  type AdminTicketListItem,
  type AdminTicketListQuery,
} from '@erepare/shared/schemas/admin-repair';
import { invoiceAmountDueCents } from '@erepare/shared/invoice-amounts';
import { repairBonusLabel } from '@erepare/shared/repair-bonus';
import { summariseVat } from '@erepare/shared/invoice-vat';
import { normaliseTicketNumber } from '@erepare/shared/ticket-number';
import { asc, eq } from 'drizzle-orm';
import type { CustomerRecord, InvoiceRecord, RepairBackend, TicketRecord } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { withOnlinePayments } from '../repair-payments/deposits.js';
import { fullName, iso, parseDateInput } from './tickets-admin-shared.js';

/**
 * With RepairDesk as the backend, the dashboard's repair views read through it (read-only: every
 * write answers 409). RepairDesk searches, pages and filters by date, customer and invoice
 * status; the other filters and sorts of the local views are refused with a French 409 rather
 * than silently ignored. Counts RepairDesk does not give are null. Customers are fetched once per
 * page (the adapter keeps them a few minutes), within RepairDesk's request budget. Invoices count
 * the payments taken online that RepairDesk has not recorded yet, estimate deposits included
 * (repair-payments/deposits.ts: matched to the ticket's invoice first), like the customer's view.
 */

type StatusInfo = Map<string, { type: 'Open' | 'Closed'; color: string }>;

function unsupported(what: string): never {
  throw new AppError('REPAIRDESK_FILTER', 409, adminRepairMessages.repairDeskFilter(what));
}

async function customersById(backend: RepairBackend, ids: number[]): Promise<Map<number, CustomerRecord | null>> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => backend.getCustomer(id)));
  return new Map(unique.map((id, index) => [id, found[index] ?? null]));
}

async function statusInfo(backend: RepairBackend): Promise<StatusInfo> {
  const list = await backend.listStatuses();
  return new Map(list.map((status) => [status.name, { type: status.type, color: status.color }]));
}

const customerSummary = (id: number, customer: CustomerRecord | null | undefined) => ({
  id,
  fullName: customer ? fullName(customer) : '',
  email: customer?.email ?? null,
  phone: customer?.mobile || customer?.phone || '',
});

function ticketItem(record: TicketRecord, customer: CustomerRecord | null | undefined, statuses: StatusInfo): AdminTicketListItem {
  const status = statuses.get(record.status);
  return {
    id: record.id,
    ticketNumber: record.ticketNumber,
    status: record.status,
    statusType: status?.type ?? null,
    statusColor: status?.color ?? null,
    customer: customerSummary(record.customerId, customer),
    devices: record.devices.map((device) => ({ name: device.name, category: device.category })),
    totalCents: record.totalCents,
    dueOn: null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

function invoiceSummary(record: InvoiceRecord, customer: CustomerRecord | null | undefined): AdminInvoiceSummary {
  const credited = record.creditedCents ?? 0;
  return {
    id: record.id,
    invoiceNumber: record.invoiceNumber,
    status: record.status,
    customerId: record.customerId,
    customerName: customer ? fullName(customer) : '',
    ticketNumber: record.ticketNumber,
    totalCents: record.totalCents,
    amountPaidCents: record.amountPaidCents,
    creditedCents: credited,
    bonusCents: record.bonusCents ?? 0,
    amountDueCents: invoiceAmountDueCents({ ...record, creditedCents: credited, bonusCents: record.bonusCents ?? 0 }),
    createdAt: record.createdAt.toISOString(),
  };
}

export async function rdListTickets(backend: RepairBackend, query: AdminTicketListQuery) {
  if (query.status || query.statusType) unsupported('le filtre par statut');
  if ((query.sort && query.sort !== 'created') || query.order === 'asc') unsupported('ce tri');
  const { limit, offset, page, pageSize } = paging(query);
  const { items, total } = await backend.listTickets({
    keyword: query.q || undefined,
    from: query.from ? parseDateInput(query.from) : undefined,
    to: query.to ? parseDateInput(query.to, query.to.length === 10) : undefined,
    customerId: query.customerId,
    offset,
    limit,
  });
  const [customers, statuses] = await Promise.all([customersById(backend, items.map((item) => item.customerId)), statusInfo(backend)]);
  return { items: items.map((item) => ticketItem(item, customers.get(item.customerId), statuses)), page, pageSize, total };
}

async function findTicket(backend: RepairBackend, param: string): Promise<TicketRecord> {
  const number = normaliseTicketNumber(param);
  const record = number ? await backend.getTicket({ ticketNumber: number }) : null;
  if (!record) throw new AppError('TICKET_NOT_FOUND', 404, adminRepairMessages.ticketNotFound);
  return record;
}

export async function rdGetTicket(backend: RepairBackend, db: Db, param: string): Promise<AdminTicket> {
  const record = await findTicket(backend, param);
  const [customer, history, statuses, invoices] = await Promise.all([
    backend.getCustomer(record.customerId),
    backend.ticketHistory(record.id),
    statusInfo(backend),
    backend.listInvoices({ customerId: record.customerId, offset: 0, limit: 100 }),
  ]);
  const item = ticketItem(record, customer, statuses);
  const ticketInvoices = await withOnlinePayments({ db, backend }, invoices.items.filter((invoice) => invoice.ticketId === record.id));
  return {
    ...item,
    description: record.description,
    notes: '',
    devices: record.devices.map((device) => ({
      category: device.category,
      brand: device.brand,
      name: device.name,
      model: device.model,
      fault: device.fault,
      imei: device.imei,
      serial: device.serial,
      status: device.status,
      priceCents: device.priceCents,
    })),
    history: history.map((event) => ({ fromStatus: event.fromStatus, toStatus: event.toStatus, note: '', createdAt: event.createdAt.toISOString() })),
    invoices: ticketInvoices.map((invoice) => invoiceSummary(invoice, customer)),
  };
}

export async function rdListStatuses(backend: RepairBackend): Promise<AdminStatus[]> {
  const list = await backend.listStatuses();
  return list.map((status, index) => ({ id: status.id ?? index + 1, name: status.name, color: status.color, type: status.type, sortOrder: index + 1, ticketCount: null }));
}

function customerItem(record: CustomerRecord, counts: { tickets: number | null; invoices: number | null }): AdminCustomerListItem {
  return {
    id: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    fullName: fullName(record),
    email: record.email,
    phone: record.phone,
    mobile: record.mobile,
    city: record.city,
    loyaltyBalanceCents: record.loyaltyBalanceCents,
    ticketCount: counts.tickets,
    invoiceCount: counts.invoices,
    createdAt: record.createdAt.toISOString(),
  };
}

export async function rdListCustomers(backend: RepairBackend, query: AdminCustomerListQuery) {
  if ((query.sort && query.sort !== 'name') || query.order === 'desc') unsupported('ce tri');
  const { limit, offset, page, pageSize } = paging(query);
  const { items, total } = await backend.listCustomers({ keyword: query.q || undefined, offset, limit });
  return { items: items.map((item) => customerItem(item, { tickets: null, invoices: null })), page, pageSize, total };
}

export async function rdGetCustomer(backend: RepairBackend, db: Db, id: number): Promise<AdminCustomer> {
  const record = await backend.getCustomer(id);
  if (!record) throw new AppError('CUSTOMER_NOT_FOUND', 404, adminRepairMessages.customerNotFound);
  const [ticketPage, invoicePage, statuses, accounts] = await Promise.all([
    backend.listTickets({ customerId: id, offset: 0, limit: 100 }),
    backend.listInvoices({ customerId: id, offset: 0, limit: 100 }),
    statusInfo(backend),
    // Accounts are always ours (the site's users), whatever the repair backend.
    db
      .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.repairCustomerId, id))
      .orderBy(asc(users.id)),
  ]);
  return {
    ...customerItem(record, { tickets: ticketPage.total, invoices: invoicePage.total }),
    emails: record.emails,
    address1: record.address1,
    address2: record.address2,
    postcode: record.postcode,
    country: record.country,
    organization: record.organization,
    // RepairDesk's customers have no SIREN nor VAT number field (issue 22 §1): empty here.
    siren: record.siren ?? '',
    vatNumber: record.vatNumber ?? '',
    emailOptIn: record.emailOptIn,
    smsOptIn: record.smsOptIn,
    updatedAt: record.createdAt.toISOString(),
    accounts: accounts.map((account) => ({ id: account.id, email: account.email, verified: account.verifiedAt !== null, createdAt: account.createdAt.toISOString() })),
    tickets: ticketPage.items.map((ticket) => {
      const { customer: _customer, ...item } = ticketItem(ticket, record, statuses);
      return item;
    }),
    invoices: (await withOnlinePayments({ db, backend }, invoicePage.items)).map((invoice) => invoiceSummary(invoice, record)),
  };
}

export async function rdListInvoices(backend: RepairBackend, db: Db, query: AdminInvoiceListQuery) {
  if ((query.sort && query.sort !== 'created') || query.order === 'asc') unsupported('ce tri');
  const { limit, offset, page, pageSize } = paging(query);
  const { items, total } = await backend.listInvoices({ keyword: query.q || undefined, status: query.status, customerId: query.customerId, offset, limit });
  const customers = await customersById(backend, items.map((item) => item.customerId));
  const counted = await withOnlinePayments({ db, backend }, items);
  return { items: counted.map((item) => invoiceSummary(item, customers.get(item.customerId))), page, pageSize, total };
}

export async function rdGetInvoice(backend: RepairBackend, db: Db, id: number): Promise<AdminInvoice> {
  const found = await backend.getInvoice(id);
  if (!found) throw new AppError('INVOICE_NOT_FOUND', 404, adminRepairMessages.invoiceNotFound);
  const [record = found] = await withOnlinePayments({ db, backend }, [found]);
  const customer = await backend.getCustomer(record.customerId);
  const lines = record.lines.map((line) => ({ ...line, vatRate: line.vatRate ?? ('20' as const) }));
  const vat = summariseVat(lines);
  return {
    ...invoiceSummary(record, customer),
    subtotalCents: record.subtotalCents,
    taxCents: record.taxCents,
    bonusCategory: record.bonusCategory ?? null,
    bonusLabel: record.bonusCents ? repairBonusLabel(record.bonusCategory) : null,
    notes: record.notes,
    dueOn: iso(record.dueOn),
    customer: customerSummary(record.customerId, customer),
    ticket: record.ticketId !== null && record.ticketNumber ? { id: record.ticketId, ticketNumber: record.ticketNumber } : null,
    lines: lines.map((line) => ({ name: line.name, sku: line.sku, quantity: line.quantity, unitPriceCents: line.unitPriceCents, vatRate: line.vatRate, taxCents: line.taxCents, totalCents: line.totalCents })),
    vatBreakdown: vat.breakdown,
    marginScheme: vat.marginScheme,
    marginTotalCents: vat.marginTotalCents,
    mentions: vat.mentions,
    payments: record.payments.map((payment) => ({ kind: payment.kind, amountCents: payment.amountCents, method: payment.method, transactionId: payment.transactionId, paidAt: payment.paidAt.toISOString() })),
    creditNotes: [],
  };
}
