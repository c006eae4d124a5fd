import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMemoryRateLimiter } from '../../lib/rate-limit.js';
import { messages } from '@erepare/shared/messages';
import {
  customerCreateBodySchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerResponseSchema,
  customerUpdateBodySchema,
  fullTicketListResponseSchema,
  inventoryListQuerySchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceResponseSchema,
  repairHealthResponseSchema,
  repairStatusResponseSchema,
  repairTestResponseSchema,
  statusListResponseSchema,
  ticketDetailAnyResponseSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
} from '@erepare/shared/schemas/repair';
import { z } from '@erepare/shared/zod';
import type { RepairBackend } from '../../adapters/repair/types.js';
import { requireAdmin } from '../../plugins/auth.js';
import { viewerOf } from './access.js';
import {
  createCustomerFor,
  createPublicListCache,
  getCustomerFor,
  getInvoiceFor,
  getTicketFor,
  INVENTORY_TTL_MS,
  listCustomersFor,
  listCustomerTickets,
  listInvoicesFor,
  listPublicTickets,
  listStatuses,
  PUBLIC_LIST_TTL_MS,
  updateCustomerFor,
  type InventoryCache,
} from './service.js';

const ok = <T>(data: T, message: string) => ({ success: true as const, data, message, statusCode: 200 });
const okList = <T>(data: T[], message: string, total: number) => ({ ...ok(data, message), total });

/**
 * /api/repairdesk: the repair proxy of spec 1 §7 and spec 3 §7, served from the repair backend
 * (our tables, or RepairDesk when configured). Public answers carry public fields only; customer,
 * invoice and full ticket data go to their owner or an admin (DESIGN.md §4, access.ts).
 */

export function repairRoutes(backend: RepairBackend, inventory: InventoryCache): FastifyPluginAsyncZod {
  return async (app) => {
    // What one visitor (IP address) may ask of the repair backend per minute beyond the caches
    // (REPAIR_VISITOR_LIMIT, 60 by default): enough for any person, not for a script that would
    // use up RepairDesk's 50 requests a minute for everyone.
    // Kept in memory: it protects this instance's share of the backend, and costs no database
    // write on the hot path of the public list.
    const visitorLimiter = createMemoryRateLimiter({ name: 'repair-visitor-ip', limit: app.config.repairVisitorLimit, windowMs: 60_000 });
    const limitVisitor = async (request: FastifyRequest) => visitorLimiter(request.client);

    const publicListCache = createPublicListCache();

    app.get('/statuses', { schema: { response: { 200: statusListResponseSchema } } }, async () => {
      const data = await listStatuses(backend);
      return okList(data, 'Statuts récupérés', data.length);
    });

    // The public dashboard's list: anonymised for everyone (a customer's full list is /customers/:id/tickets).
    app.get(
      '/tickets',
      { schema: { querystring: ticketListQuerySchema, response: { 200: ticketListResponseSchema } } },
      async (request) => {
        const { items, total } = await listPublicTickets(backend, request.query, publicListCache, () => limitVisitor(request));
        return okList(items, items.length ? messages.repair.ticketsFound : messages.repair.noTickets, total);
      },
    );

    app.get(
      '/tickets/:id',
      { schema: { params: ticketIdParamsSchema, response: { 200: ticketDetailAnyResponseSchema } } },
      async (request) => {
        await limitVisitor(request);
        return ok(await getTicketFor(backend, await viewerOf(request), request.params.id), 'Ticket récupéré');
      },
    );

    app.get(
      '/customers/:id/tickets',
      {
        schema: {
          params: customerIdParamsSchema,
          querystring: ticketListQuerySchema,
          response: { 200: fullTicketListResponseSchema },
        },
      },
      async (request) => {
        const { items, total } = await listCustomerTickets(backend, await viewerOf(request), request.params.id, request.query);
        return okList(items, items.length ? messages.repair.ticketsFound : messages.repair.noTickets, total);
      },
    );

    app.get(
      '/customers',
      { schema: { querystring: customerListQuerySchema, response: { 200: customerListResponseSchema } } },
      async (request) => {
        const { items, total } = await listCustomersFor(backend, await viewerOf(request), request.query);
        const byEmail = request.query.keyword?.includes('@');
        const empty = byEmail ? messages.repair.noCustomerForEmail : messages.repair.customerNotFound;
        return okList(items, items.length ? messages.repair.customersFound : empty, total);
      },
    );

    app.get(
      '/customers/:id',
      { schema: { params: customerIdParamsSchema, response: { 200: customerResponseSchema } } },
      async (request) => ok(await getCustomerFor(backend, await viewerOf(request), request.params.id), messages.repair.customerFound),
    );

    app.put(
      '/customers/:id',
      { schema: { params: customerIdParamsSchema, body: customerUpdateBodySchema, response: { 200: customerResponseSchema } } },
      async (request) =>
        ok(await updateCustomerFor(backend, await viewerOf(request), request.params.id, request.body), messages.repair.customerUpdated),
    );

    app.post(
      '/customer',
      {
        schema: {
          body: customerCreateBodySchema,
          response: { 201: customerResponseSchema.extend({ linked: z.boolean() }), 200: customerResponseSchema.extend({ linked: z.boolean() }) },
        },
      },
      async (request, reply) => {
        const result = await createCustomerFor(app.db, backend, await viewerOf(request), request.body);
        void reply.code(result.created ? 201 : 200);
        const message = result.linked ? messages.repair.customerLinked : messages.repair.customerCreated;
        return { ...ok(result.customer, message), statusCode: result.created ? 201 : 200, linked: result.linked };
      },
    );

    app.get(
      '/invoices',
      { schema: { querystring: invoiceListQuerySchema, response: { 200: invoiceListResponseSchema } } },
      async (request) => {
        const { items, total } = await listInvoicesFor(backend, await viewerOf(request), request.query, app.db);
        return okList(items, items.length ? messages.repair.invoicesFound : messages.repair.noInvoices, total);
      },
    );

    app.get(
      '/invoices/:id',
      { schema: { params: invoiceIdParamsSchema, response: { 200: invoiceResponseSchema } } },
      async (request) => ok(await getInvoiceFor(backend, await viewerOf(request), request.params.id, app.db), 'Facture récupérée'),
    );

    // The inventory answers are served as cached JSON text: a 5,000-item list is not re-serialised per request.
    app.get('/inventory', { schema: { querystring: inventoryListQuerySchema } }, async (request, reply) => {
      const body = await inventory.get(request.query, () => limitVisitor(request));
      return reply.type('application/json; charset=utf-8').send(body);
    });

    app.get('/inventory/categories', async (_request, reply) => {
      return reply.type('application/json; charset=utf-8').send(await inventory.categories());
    });

    app.get('/inventory/brands', async (_request, reply) => {
      return reply.type('application/json; charset=utf-8').send(await inventory.brands());
    });

    app.get('/health', { schema: { response: { 200: repairHealthResponseSchema } } }, async () => ({
      success: true as const,
      status: 'ok' as const,
      backend: backend.kind,
      message: 'Service de réparation opérationnel',
      timestamp: new Date().toISOString(),
    }));

    app.get('/status', { schema: { response: { 200: repairStatusResponseSchema } } }, async () => ({
      success: true as const,
      message: backend.kind === 'local' ? 'Données de réparation gérées par le site' : 'Données de réparation lues dans RepairDesk',
      statusCode: 200,
      data: {
        backend: backend.kind,
        configured: true,
        caches: { publicTicketsTtlSeconds: PUBLIC_LIST_TTL_MS / 1000, inventoryTtlSeconds: INVENTORY_TTL_MS / 1000 },
      },
    }));

    // Calls the backend itself (RepairDesk counts it in its 50 requests a minute): staff only.
    app.get('/test', { schema: { response: { 200: repairTestResponseSchema } } }, async (request) => {
      await requireAdmin(request);
      const result = await backend.ping();
      return {
        success: result.ok,
        message: result.ok ? 'Connexion au service de réparation réussie' : result.message,
        statusCode: 200,
        data: { backend: backend.kind, ok: result.ok, latencyMs: result.latencyMs },
      };
    });
  };
}
