import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketStatusBodySchema } from '@erepare/shared/schemas/admin-repair';
import { z } from '@erepare/shared/zod';
import { requireAdmin } from '../../plugins/auth.js';
import { kickPush } from '../tracking/service.js';
import { listAudit } from './audit.js';
import { changeTicketStatus, ticketStatusMessages } from './ticket-status.js';

/** Staff actions under /api/admin (the admin role is checked on the server for each). */

// `notifyByEmail` (issue 9): also a short e-mail to the customer through the outbox.
const statusBodySchema = ticketStatusBodySchema;
const statusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ ticketNumber: z.string(), from: z.string(), to: z.string(), changed: z.boolean(), notified: z.number().int(), emailed: z.boolean().optional() }),
});

const auditQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page invalide' }).int({ error: 'Page invalide' }).min(1, { error: 'Page invalide' }).max(100_000, { error: 'Page invalide' }).optional(),
  pageSize: z.coerce.number({ error: 'Taille de page invalide' }).int({ error: 'Taille de page invalide' }).min(1, { error: 'Taille de page invalide' }).max(100, { error: 'Taille de page invalide' }).optional(),
  // No control characters (PostgreSQL refuses a NUL byte in a text parameter: a 500 otherwise).
  // eslint-disable-next-line no-control-regex
  entity: z.string().trim().max(40, { error: 'Filtre trop long' }).regex(/^[^\u0000-\u001F\u007F]*$/, { error: 'Filtre invalide' }).optional(),
  // eslint-disable-next-line no-control-regex
  entityId: z.string().trim().max(80, { error: 'Filtre trop long' }).regex(/^[^\u0000-\u001F\u007F]*$/, { error: 'Filtre invalide' }).optional(),
});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The audit log: who changed what, when, before/after (newest first, paged on the server).
  app.get(
    '/api/admin/audit',
    { onRequest: async (request) => void (await requireAdmin(request)), schema: { querystring: auditQuerySchema } },
    async (request) => {
      await requireAdmin(request);
      const page = await listAudit(app.db, request.query);
      return { success: true as const, data: page.rows, pagination: { page: page.page, pageSize: page.pageSize, total: page.total } };
    },
  );

  app.patch(
    '/api/admin/tickets/:ticket/status',
    // The role first: visitors and customers get 401/403, never a validation error about the body.
    { onRequest: async (request) => void (await requireAdmin(request)), schema: { params: z.object({ ticket: z.string().max(40) }), body: statusBodySchema, response: { 200: statusResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const change = await changeTicketStatus(app.db, app.repair.backend.kind, request.params.ticket, request.body.status, admin, {
        notifyByEmail: request.body.notifyByEmail,
        publicUrl: app.config.publicUrl,
        sms: app.sms,
      });
      // The pushes and the e-mail were committed with the status: send them now.
      if (change.pushes > 0) kickPush(app);
      if (change.emailTo) app.mail.kick();
      if (change.sms) app.sms.kick();
      const mailNote = change.emailed === undefined ? '' : ` ${change.emailTo ? ticketStatusMessages.emailed(change.emailTo) : ticketStatusMessages.noEmail}`;
      return {
        success: true as const,
        message: change.changed ? `${ticketStatusMessages.changed(change.ticketNumber, change.to)}${mailNote}` : ticketStatusMessages.unchanged,
        data: {
          ticketNumber: change.ticketNumber,
          from: change.from,
          to: change.to,
          changed: change.changed,
          notified: change.notified,
          ...(change.emailed === undefined ? {} : { emailed: change.emailed }),
        },
      };
    },
  );
};
