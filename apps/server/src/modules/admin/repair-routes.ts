import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCustomerDeleteResponseSchema,
  adminCustomerListResponseSchema,
  adminCustomerResponseSchema,
  adminInvoiceListResponseSchema,
  adminInvoiceResponseSchema,
  adminRepairMessages,
  adminStatusDeleteResponseSchema,
  adminStatusListResponseSchema,
  adminStatusResponseSchema,
  adminTicketListResponseSchema,
  adminTicketResponseSchema,
  customerCreateSchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerPatchSchema,
  invoiceCreateSchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoicePaymentSchema,
  invoiceRefundSchema,
  statusCreateSchema,
  statusIdParamsSchema,
  statusPatchSchema,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketParamsSchema,
  ticketPatchSchema,
} from '@erepare/shared/schemas/admin-repair';
import { AppError } from '../../errors.js';
import { requireAdmin } from '../../plugins/auth.js';
import { createCustomer, deleteCustomer, getAdminCustomer, listAdminCustomers, updateCustomer } from './customers-admin.js';
import { createInvoice, getAdminInvoice, listAdminInvoices, recordInvoicePayment, refundInvoice } from './invoices-admin.js';
import { createStatus, deleteStatus, listAdminStatuses, updateStatus } from './statuses-admin.js';
import { createTicket, getAdminTicket, listAdminTickets, updateTicket } from './tickets-admin.js';
import { rdGetCustomer, rdGetInvoice, rdGetTicket, rdListCustomers, rdListInvoices, rdListStatuses, rdListTickets } from './tickets-admin-repairdesk.js';

/**
 * Staff routes under /api/admin (repair, issue 9): tickets, statuses, customers, invoices and
 * credit notes of the embedded repair desk. Every route checks the admin role in `onRequest`,
 * before the body or the query is validated (visitors get 401, customers 403, and learn nothing
 * about the schemas). With RepairDesk as the backend, the data lives there: the lists and
 * details read through it (tickets-admin-repairdesk.ts) and every write answers 409 saying why.
 * The status change stays `PATCH /api/admin/tickets/:ticket/status` (routes.ts).
 */
export const adminRepairRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: applies to the routes of this plugin only.
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });
  const kind = () => app.repair.backend.kind;
  const remote = () => (app.repair.backend.kind === 'repairdesk' ? app.repair.backend : null);
  const page = (result: { items: unknown[]; page: number; pageSize: number; total: number }) => ({
    pagination: { page: result.page, pageSize: result.pageSize, total: result.total },
  });

  // ───────────── Tickets ─────────────

  app.get('/api/admin/tickets', { schema: { querystring: ticketListQuerySchema, response: { 200: adminTicketListResponseSchema } } }, async (request) => {
    const backend = remote();
    const result = backend ? await rdListTickets(backend, request.query) : await listAdminTickets(app.db, request.query);
    return { success: true as const, data: result.items, ...page(result) };
  });

  app.post('/api/admin/tickets', { schema: { body: ticketCreateSchema, response: { 201: adminTicketResponseSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const ticket = await createTicket(app.db, kind(), request.body, admin);
    return reply.code(201).send({ success: true as const, message: adminRepairMessages.created.ticket(ticket.ticketNumber), data: ticket });
  });

  app.get('/api/admin/tickets/:ticket', { schema: { params: ticketParamsSchema, response: { 200: adminTicketResponseSchema } } }, async (request) => {
    const backend = remote();
    return { success: true as const, data: backend ? await rdGetTicket(backend, app.db, request.params.ticket) : await getAdminTicket(app.db, request.params.ticket) };
  });

  app.patch('/api/admin/tickets/:ticket', { schema: { params: ticketParamsSchema, body: ticketPatchSchema, response: { 200: adminTicketResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const ticket = await updateTicket(app.db, kind(), request.params.ticket, request.body, admin);
    return { success: true as const, message: adminRepairMessages.saved, data: ticket };
  });

  // ───────────── Statuses ─────────────

  app.get('/api/admin/statuses', { schema: { response: { 200: adminStatusListResponseSchema } } }, async () => {
    const backend = remote();
    return { success: true as const, data: backend ? await rdListStatuses(backend) : await listAdminStatuses(app.db) };
  });

  app.post('/api/admin/statuses', { schema: { body: statusCreateSchema, response: { 201: adminStatusResponseSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const status = await createStatus(app.db, kind(), request.body, admin);
    return reply.code(201).send({ success: true as const, message: adminRepairMessages.created.status, data: status });
  });

  app.patch('/api/admin/statuses/:id', { schema: { params: statusIdParamsSchema, body: statusPatchSchema, response: { 200: adminStatusResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const status = await updateStatus(app.db, kind(), request.params.id, request.body, admin);
    return { success: true as const, message: adminRepairMessages.saved, data: status };
  });

  app.delete('/api/admin/statuses/:id', { schema: { params: statusIdParamsSchema, response: { 200: adminStatusDeleteResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const deleted = await deleteStatus(app.db, kind(), request.params.id, admin);
    return { success: true as const, message: adminRepairMessages.deleted.status, data: deleted };
  });

  // ───────────── Customers ─────────────

  app.get('/api/admin/customers', { schema: { querystring: customerListQuerySchema, response: { 200: adminCustomerListResponseSchema } } }, async (request) => {
    const backend = remote();
    const result = backend ? await rdListCustomers(backend, request.query) : await listAdminCustomers(app.db, request.query);
    return { success: true as const, data: result.items, ...page(result) };
  });

  app.post('/api/admin/customers', { schema: { body: customerCreateSchema, response: { 201: adminCustomerResponseSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const customer = await createCustomer(app.db, kind(), request.body, admin);
    return reply.code(201).send({ success: true as const, message: adminRepairMessages.created.customer, data: customer });
  });

  app.get('/api/admin/customers/:id', { schema: { params: customerIdParamsSchema, response: { 200: adminCustomerResponseSchema } } }, async (request) => {
    const backend = remote();
    return { success: true as const, data: backend ? await rdGetCustomer(backend, app.db, request.params.id) : await getAdminCustomer(app.db, request.params.id) };
  });

  app.patch('/api/admin/customers/:id', { schema: { params: customerIdParamsSchema, body: customerPatchSchema, response: { 200: adminCustomerResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const customer = await updateCustomer(app.db, kind(), request.params.id, request.body, admin);
    return { success: true as const, message: adminRepairMessages.saved, data: customer };
  });

  app.delete('/api/admin/customers/:id', { schema: { params: customerIdParamsSchema, response: { 200: adminCustomerDeleteResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const deleted = await deleteCustomer(app.db, kind(), request.params.id, admin);
    return { success: true as const, message: adminRepairMessages.deleted.customer, data: deleted };
  });

  // ───────────── Invoices ─────────────

  app.get('/api/admin/invoices', { schema: { querystring: invoiceListQuerySchema, response: { 200: adminInvoiceListResponseSchema } } }, async (request) => {
    const backend = remote();
    const result = backend ? await rdListInvoices(backend, app.db, request.query) : await listAdminInvoices(app.db, request.query);
    return { success: true as const, data: result.items, ...page(result) };
  });

  app.post('/api/admin/invoices', { schema: { body: invoiceCreateSchema, response: { 201: adminInvoiceResponseSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const invoice = await createInvoice(app.db, kind(), request.body, admin);
    return reply.code(201).send({ success: true as const, message: adminRepairMessages.created.invoice(invoice.invoiceNumber), data: invoice });
  });

  app.get('/api/admin/invoices/:id', { schema: { params: invoiceIdParamsSchema, response: { 200: adminInvoiceResponseSchema } } }, async (request) => {
    const backend = remote();
    return { success: true as const, data: backend ? await rdGetInvoice(backend, app.db, request.params.id) : await getAdminInvoice(app.db, request.params.id) };
  });

  app.post('/api/admin/invoices/:id/payments', { schema: { params: invoiceIdParamsSchema, body: invoicePaymentSchema, response: { 200: adminInvoiceResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const invoice = await recordInvoicePayment(app.db, kind(), request.params.id, request.body, admin);
    return { success: true as const, message: adminRepairMessages.paymentRecorded, data: invoice };
  });

  app.post('/api/admin/invoices/:id/refund', { schema: { params: invoiceIdParamsSchema, body: invoiceRefundSchema, response: { 200: adminInvoiceResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    const invoice = await refundInvoice(app.db, kind(), request.params.id, request.body, admin);
    const note = invoice.creditNotes.at(-1);
    return { success: true as const, message: adminRepairMessages.creditNoteIssued(note?.creditNoteNumber ?? ''), data: invoice };
  });

  // An issued invoice is never edited nor deleted (French law): say so instead of a bare 404.
  const immutable = async () => {
    throw new AppError('INVOICE_IMMUTABLE', 409, adminRepairMessages.invoiceImmutable);
  };
  app.patch('/api/admin/invoices/:id', immutable);
  app.put('/api/admin/invoices/:id', immutable);
  app.delete('/api/admin/invoices/:id', immutable);
};
