import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceIdParamsSchema, ticketIdParamsSchema } from '@erepare/shared/schemas/repair';
import { orderLookupQuerySchema } from '@erepare/shared/schemas/shop';
import { z } from '@erepare/shared/zod';
import { AppError } from '../../errors.js';
import { createMemoryRateLimiter } from '../../lib/rate-limit.js';
import { viewerOf } from '../repair/access.js';
import { getInvoiceFor, getTicketFor, TICKET_NOT_FOUND } from '../repair/service.js';
import { getOrder, getOrderCreditNote, orderViewerOf } from '../orders/service.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { buildInvoicePdf } from './invoice.js';
import type { PdfModel } from './model.js';
import { buildOrderCreditNotePdf, buildOrderPdf } from './order.js';
import { renderPdf } from './render.js';
import { buildTicketPdf } from './ticket.js';

/** PDFs one client (IP address) may have drawn per minute: a customer downloads a few, a script is stopped. */
export const PDF_LIMIT = { name: 'pdf-documents', limit: 30, windowMs: 60_000 };

/**
 * The PDFs of the account (issue 22 §1): invoices, orders, their credit notes and repair sheets, drawn by the server
 * from what the one access rule lets the caller read (the JSON routes' own guards: owner or staff,
 * a guest's order by its key). Never cached by anyone but the browser that asked.
 */
export const pdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = createMemoryRateLimiter(PDF_LIMIT);

  async function send(reply: FastifyReply, model: PdfModel) {
    const bytes = await renderPdf(model);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${model.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .type('application/pdf')
      .send(bytes);
  }

  app.get('/api/repairdesk/invoices/:id/pdf', { schema: { params: invoiceIdParamsSchema } }, async (request, reply) => {
    limit(request.client);
    const invoice = await getInvoiceFor(app.repair.backend, await viewerOf(request), request.params.id);
    return send(reply, buildInvoicePdf(invoice, await getStoreProfile(app.db)));
  });

  app.get('/api/repairdesk/tickets/:id/pdf', { schema: { params: ticketIdParamsSchema } }, async (request, reply) => {
    limit(request.client);
    const ticket = await getTicketFor(app.repair.backend, await viewerOf(request), request.params.id);
    // Only the owner (or staff) gets the full view; anyone else learns nothing from a PDF.
    if (!('customer_id' in ticket)) throw new AppError('TICKET_NOT_FOUND', 404, TICKET_NOT_FOUND);
    const now = new Date();
    return send(reply, buildTicketPdf(ticket, await getStoreProfile(app.db), now));
  });

  app.get(
    '/api/shop/orders/:id/pdf',
    { schema: { params: z.object({ id: z.string().max(20) }), querystring: orderLookupQuerySchema } },
    async (request, reply) => {
      limit(request.client);
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const order = await getOrder({ db: app.db }, await orderViewerOf(request), id, request.query.key);
      return send(reply, buildOrderPdf(order, await getStoreProfile(app.db)));
    },
  );

  // A credit note of a refunded web order (issue 22 §1): the order's own guards (owner or staff, a
  // guest by the order's key; the same 404 to anyone else), then « Avoir introuvable » for a number
  // this order does not have.
  app.get(
    '/api/shop/orders/:id/credit-notes/:number/pdf',
    { schema: { params: z.object({ id: z.string().max(20), number: z.string().max(40) }), querystring: orderLookupQuerySchema } },
    async (request, reply) => {
      limit(request.client);
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const { order, creditNote } = await getOrderCreditNote({ db: app.db }, await orderViewerOf(request), id, request.query.key, request.params.number);
      return send(reply, buildOrderCreditNotePdf(order, order.invoice_number, creditNote, await getStoreProfile(app.db)));
    },
  );
};
