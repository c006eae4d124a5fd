import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@erepare/shared/zod';
import { requireAdmin } from '../../plugins/auth.js';
import { kickPush } from '../tracking/service.js';
import { changeTicketStatus, ticketStatusMessages } from './ticket-status.js';

/** Staff actions under /api/admin (the admin role is checked on the server for each). */

const statusBodySchema = z.object({ status: z.string({ error: 'Statut requis' }).trim().min(1, { error: 'Statut requis' }).max(100, { error: 'Statut trop long' }) });
const statusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ ticketNumber: z.string(), from: z.string(), to: z.string(), changed: z.boolean(), notified: z.number().int() }),
});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/admin/tickets/:ticket/status',
    { schema: { params: z.object({ ticket: z.string().max(40) }), body: statusBodySchema, response: { 200: statusResponseSchema } } },
    async (request) => {
      await requireAdmin(request);
      const change = await changeTicketStatus(app.db, app.repair.backend.kind, request.params.ticket, request.body.status);
      // The pushes were committed with the status: send them now.
      if (change.pushes > 0) kickPush(app);
      return {
        success: true as const,
        message: change.changed ? ticketStatusMessages.changed(change.ticketNumber, change.to) : ticketStatusMessages.unchanged,
        data: { ticketNumber: change.ticketNumber, from: change.from, to: change.to, changed: change.changed, notified: change.notified },
      };
    },
  );
};
