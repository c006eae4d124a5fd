import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  statusListResponseSchema,
  ticketDetailResponseSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
} from '@erepare/shared/schemas/repair';
import type { RepairBackend } from '../../adapters/repair/types.js';
import { createPublicListCache, getPublicTicket, listPublicTickets, listStatuses } from './service.js';

/**
 * /api/repairdesk: the repair proxy of spec 1 §7 and spec 3 §7, served from the repair backend.
 * This first slice is the public side (statuses, anonymised tickets); customer, invoice and
 * inventory routes and the owner's full view come with the rest of issue 3.
 */
export function repairRoutes(backend: RepairBackend): FastifyPluginAsyncZod {
  return async (app) => {
    const publicListCache = createPublicListCache();

    app.get('/statuses', { schema: { response: { 200: statusListResponseSchema } } }, async () => {
      const data = await listStatuses(backend);
      return { success: true as const, data, message: 'Statuts récupérés', statusCode: 200, total: data.length };
    });

    app.get(
      '/tickets',
      { schema: { querystring: ticketListQuerySchema, response: { 200: ticketListResponseSchema } } },
      async (request) => {
        const { items, total } = await listPublicTickets(backend, request.query, publicListCache);
        return {
          success: true as const,
          data: items,
          message: items.length ? 'Tickets récupérés' : 'Aucun ticket trouvé',
          statusCode: 200,
          total,
        };
      },
    );

    app.get(
      '/tickets/:id',
      { schema: { params: ticketIdParamsSchema, response: { 200: ticketDetailResponseSchema } } },
      async (request) => {
        const data = await getPublicTicket(backend, request.params.id);
        return { success: true as const, data, message: 'Ticket récupéré', statusCode: 200 };
      },
    );
  };
}
