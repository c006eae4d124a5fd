/**
 * With RepairDesk as the backend (issue 9): the dashboard's repair views read through RepairDesk
 * (here a local fake speaking its wire format, filled with the demo records), the filters
 * RepairDesk cannot apply are refused in French, and every write answers 409 saying why.
 */
import { adminRepairMessages, type AdminCustomer, type AdminCustomerListItem, type AdminInvoice, type AdminInvoiceSummary, type AdminStatus, type AdminTicket, type AdminTicketListItem } from '@erepare/shared/schemas/admin-repair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepairDataset } from '../../test/fakes/local-records.js';
import { repairDeskAdminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';

const KEY = 'rd-admin-secret-key-51f0a2';
let h: AdminTestBed;
let records: RepairDataset;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ records, close, ...h } = await repairDeskAdminTestBed(KEY));
});
afterAll(async () => {
  await close?.();
});

describe('repair views with RepairDesk', () => {
  it('still answers 401 and 403 first', async () => {
    expect((await h.call('GET', '/api/admin/tickets', undefined, 'none')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/admin/invoices', undefined, 'customer')).statusCode).toBe(403);
  });

  it('lists and shows tickets read from RepairDesk, with their customer', async () => {
    const list = await h.call('GET', '/api/admin/tickets?pageSize=5');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<Envelope<AdminTicketListItem[]>>();
    expect(body.pagination).toEqual({ page: 1, pageSize: 5, total: records.tickets.length });
    const first = body.data[0] as AdminTicketListItem;
    const record = records.tickets.find((ticket) => ticket.ticketNumber === first.ticketNumber);
    const owner = records.customers.find((customer) => customer.id === record?.customerId);
    expect(first.customer).toMatchObject({ id: owner?.id, fullName: `${owner?.firstName} ${owner?.lastName}`.trim() });
    expect(first.statusType).toMatch(/^(Open|Closed)$/);
    const detail = await h.call('GET', `/api/admin/tickets/${first.ticketNumber}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const ticket = detail.json<Envelope<AdminTicket>>().data;
    expect(ticket.devices.length).toBe(record?.devices.length);
    expect(ticket.history.length).toBeGreaterThan(0);
    expect((await h.call('GET', '/api/admin/tickets/T-999999')).statusCode).toBe(404);
  });

  it('refuses the filters and sorts RepairDesk cannot apply, in French', async () => {
    for (const query of ['?statusType=Open', '?status=Repaired', '?sort=number']) {
      const response = await h.call('GET', `/api/admin/tickets${query}`);
      expect(response.statusCode, query).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/^Les réparations sont gérées dans RepairDesk\u00a0: /);
    }
    expect((await h.call('GET', '/api/admin/customers?sort=created')).statusCode).toBe(409);
    expect((await h.call('GET', '/api/admin/invoices?sort=total')).statusCode).toBe(409);
  });

  it('lists statuses, customers and invoices from RepairDesk', async () => {
    const statuses = (await h.call('GET', '/api/admin/statuses')).json<Envelope<AdminStatus[]>>().data;
    expect(statuses.map((status) => status.name)).toEqual(records.statuses.map((status) => status.name));
    expect(statuses.every((status) => status.ticketCount === null)).toBe(true);

    const customers = await h.call('GET', '/api/admin/customers?pageSize=3');
    expect(customers.json<Envelope<AdminCustomerListItem[]>>().pagination?.total).toBe(records.customers.length);
    const someone = records.invoices[0];
    const customer = await h.call('GET', `/api/admin/customers/${someone?.customerId}`);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json<Envelope<AdminCustomer>>().data.invoices.map((invoice) => invoice.id)).toContain(someone?.id);

    const invoices = await h.call('GET', '/api/admin/invoices?status=Paid&pageSize=100');
    const paid = invoices.json<Envelope<AdminInvoiceSummary[]>>();
    expect(paid.data.every((invoice) => invoice.status === 'Paid')).toBe(true);
    expect(paid.pagination?.total).toBe(records.invoices.filter((invoice) => invoice.status === 'Paid').length);
    const detail = await h.call('GET', `/api/admin/invoices/${someone?.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<Envelope<AdminInvoice>>().data).toMatchObject({ invoiceNumber: someone?.invoiceNumber, totalCents: someone?.totalCents, marginScheme: false });
  });

  it('every write answers 409 and says why; the key never leaves the server', async () => {
    const writes = [
      ['POST', '/api/admin/tickets', { customerId: 1, devices: [{ name: 'iPhone', fault: 'Écran' }] }],
      ['PATCH', '/api/admin/tickets/T-6600/status', { status: 'Repaired' }],
      ['POST', '/api/admin/statuses', { name: 'Nouveau', color: '#123456', type: 'Open' }],
      ['DELETE', '/api/admin/statuses/1', undefined],
      ['POST', '/api/admin/customers', { lastName: 'Durand' }],
      ['DELETE', '/api/admin/customers/1', undefined],
      ['POST', '/api/admin/invoices', { customerId: 1, lines: [{ name: 'x', quantity: 1, unitPriceCents: 100, vatRate: 20 }] }],
      ['POST', '/api/admin/invoices/1/payments', { amountCents: 100, method: 'Espèces' }],
      ['POST', '/api/admin/invoices/1/refund', { amountCents: 100, reason: 'Erreur' }],
    ] as const;
    for (const [method, url, payload] of writes) {
      const response = await h.call(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/^Les (réparations sont gérées|tickets sont gérés) dans RepairDesk\u00a0: /);
      expect(response.body).not.toContain(KEY);
    }
    expect(adminRepairMessages.readOnly('x')).toMatch(/^Les réparations sont gérées dans RepairDesk\u00a0: /);
  });
});
