import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingMessages as texts } from '@erepare/shared/booking';
import {
  accountBookingParamsSchema,
  accountBookingResponseSchema,
  accountBookingsResponseSchema,
  accountRescheduleSchema,
  adminActionResponseSchema,
  adminBookingsQuerySchema,
  adminBookingsResponseSchema,
  adminSlotUpdateSchema,
  bookingSettingsResponseSchema,
  bookingSettingsSchema,
  bookingSlotsQuerySchema,
  bookingSlotsResponseSchema,
  cancelBookingSchema,
  closureConflictResponseSchema,
  closureCreatedResponseSchema,
  closureCreateSchema,
  closuresQuerySchema,
  closuresResponseSchema,
  createBookingResponseSchema,
  createBookingSchema,
  manageBookingQuerySchema,
  managedBookingResponseSchema,
  rescheduleBookingSchema,
  slotFullResponseSchema,
} from '@erepare/shared/schemas/bookings';
import { idParamsSchema } from '@erepare/shared/schemas/admin-shop';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import { estimateOwnerOf } from '../estimates/service.js';
import {
  accountBookings,
  addClosure,
  adminSchedule,
  bookingClock,
  cancelByLink,
  cancelByStaff,
  cancelForAccount,
  createBooking,
  getSettings,
  listClosures,
  publicCalendar,
  removeClosure,
  rescheduleByLink,
  rescheduleForAccount,
  saveSettings,
  updateSlotRule,
  viewBookingByLink,
  type BookingDeps,
} from './service.js';

const BOOKING_BODY_LIMIT = 16 * 1024;

/** The public booking API: the calendar, booking, and the secret manage link (issue 24 §3). */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): BookingDeps => ({ db: app.db, mail: app.mail, sms: app.sms, publicUrl: app.config.publicUrl });

  app.get('/api/bookings/slots', { schema: { querystring: bookingSlotsQuerySchema, response: { 200: bookingSlotsResponseSchema } } }, async (request, reply) => {
    // Free or full changes with every booking: a few seconds at most in a shared cache.
    void reply.header('cache-control', 'public, max-age=5');
    return { success: true as const, data: await publicCalendar(app.db, request.query, bookingClock.now()) };
  });

  app.post(
    '/api/bookings',
    { bodyLimit: BOOKING_BODY_LIMIT, schema: { body: createBookingSchema, response: { 200: createBookingResponseSchema, 409: slotFullResponseSchema } } },
    async (request, reply) => {
      const outcome = await createBooking(deps(), request.body, { client: request.client, now: bookingClock.now() });
      if (!outcome.ok) {
        return reply.code(409).send({ success: false as const, message: texts.slotFull, statusCode: 409 as const, code: 'SLOT_FULL', nextSlots: outcome.nextSlots });
      }
      const { booking, ics } = outcome;
      return {
        success: true as const,
        message: texts.booked,
        data: { reference: booking.reference, slotStart: booking.slotStart.toISOString(), slotEnd: booking.slotEnd.toISOString(), status: booking.status, ics },
      };
    },
  );

  // The token travels in the query string (masked in the logs), like the reset-password page.
  app.get(
    '/api/bookings/manage',
    { config: { personal: true }, schema: { querystring: manageBookingQuerySchema, response: { 200: managedBookingResponseSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await viewBookingByLink(app.db, request.query.token, { client: request.client, now: bookingClock.now() }) };
    },
  );

  app.post(
    '/api/bookings/manage/reschedule',
    { config: { personal: true }, bodyLimit: BOOKING_BODY_LIMIT, schema: { body: rescheduleBookingSchema, response: { 200: managedBookingResponseSchema, 409: slotFullResponseSchema } } },
    async (request, reply) => {
      const outcome = await rescheduleByLink(deps(), request.body.token, request.body.slotStart, { client: request.client, now: bookingClock.now() });
      if (!outcome.ok) {
        return reply.code(409).send({ success: false as const, message: texts.slotFull, statusCode: 409 as const, code: 'SLOT_FULL', nextSlots: outcome.nextSlots });
      }
      return { success: true as const, message: texts.rescheduled, data: outcome.booking };
    },
  );

  app.post(
    '/api/bookings/manage/cancel',
    { config: { personal: true }, bodyLimit: BOOKING_BODY_LIMIT, schema: { body: cancelBookingSchema, response: { 200: managedBookingResponseSchema } } },
    async (request) => {
      const booking = await cancelByLink(deps(), request.body.token, { client: request.client, now: bookingClock.now() });
      return { success: true as const, message: texts.cancelled, data: booking };
    },
  );

  // The signed-in customer's bookings: the one ownership rule (linked customer or verified
  // address, as estimates and orders: the same helper), no token needed; someone else's is a 404.
  app.get('/api/account/bookings', { schema: { response: { 200: accountBookingsResponseSchema } } }, async (request) => {
    const session = await requireUser(request);
    return { success: true as const, data: await accountBookings(app.db, estimateOwnerOf(session.user), bookingClock.now()) };
  });

  app.post(
    '/api/account/bookings/:id/reschedule',
    { bodyLimit: BOOKING_BODY_LIMIT, schema: { params: accountBookingParamsSchema, body: accountRescheduleSchema, response: { 200: accountBookingResponseSchema, 409: slotFullResponseSchema } } },
    async (request, reply) => {
      const session = await requireUser(request);
      const outcome = await rescheduleForAccount(deps(), estimateOwnerOf(session.user), request.params.id, request.body.slotStart, { client: request.client, now: bookingClock.now() });
      if (!outcome.ok) {
        return reply.code(409).send({ success: false as const, message: texts.slotFull, statusCode: 409 as const, code: 'SLOT_FULL', nextSlots: outcome.nextSlots });
      }
      return { success: true as const, message: texts.rescheduled, data: outcome.booking };
    },
  );

  app.post('/api/account/bookings/:id/cancel', { schema: { params: accountBookingParamsSchema, response: { 200: accountBookingResponseSchema } } }, async (request) => {
    const session = await requireUser(request);
    const booking = await cancelForAccount(deps(), estimateOwnerOf(session.user), request.params.id, { client: request.client, now: bookingClock.now() });
    return { success: true as const, message: texts.cancelled, data: booking };
  });
};

/** /api/admin/bookings…: staff only (401 without a session, 403 to a customer, before the body is read); every change audited. */
export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): BookingDeps => ({ db: app.db, mail: app.mail, sms: app.sms, publicUrl: app.config.publicUrl });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/admin/bookings')) return;
    await requireAdmin(request);
    void reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/admin/bookings', { schema: { querystring: adminBookingsQuerySchema, response: { 200: adminBookingsResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await adminSchedule(app.db, request.query, bookingClock.now()) };
  });

  app.post('/api/admin/bookings/:id/cancel', { schema: { params: idParamsSchema, response: { 200: adminActionResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    await cancelByStaff(deps(), admin, request.params.id, bookingClock.now());
    return { success: true as const, message: 'Rendez-vous annulé\u00a0: le client est prévenu.' };
  });

  app.put('/api/admin/bookings/slots', { schema: { body: adminSlotUpdateSchema, response: { 200: adminActionResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    await updateSlotRule(app.db, admin, request.body);
    const message = request.body.blockedReason ? 'Créneau bloqué.' : request.body.blockedReason === null ? 'Créneau débloqué.' : 'Créneau enregistré.';
    return { success: true as const, message };
  });

  app.get('/api/admin/bookings/settings', { schema: { response: { 200: bookingSettingsResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await getSettings(app.db) };
  });

  app.put('/api/admin/bookings/settings', { schema: { body: bookingSettingsSchema, response: { 200: bookingSettingsResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    await saveSettings(app.db, admin, request.body);
    return { success: true as const, message: 'Règles des rendez-vous enregistrées.', data: await getSettings(app.db) };
  });

  app.get('/api/admin/bookings/closures', { schema: { querystring: closuresQuerySchema, response: { 200: closuresResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    const year = request.query.year ?? Number(bookingClock.now().toISOString().slice(0, 4));
    return { success: true as const, data: await listClosures(app.db, year) };
  });

  app.post(
    '/api/admin/bookings/closures',
    { schema: { body: closureCreateSchema, response: { 200: closureCreatedResponseSchema, 409: closureConflictResponseSchema.or(slotFullResponseSchema) } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const outcome = await addClosure(deps(), admin, request.body, bookingClock.now());
      if (!outcome.ok) {
        return reply.code(409).send({
          success: false as const,
          message: outcome.newSince ? texts.closureHasNewBookings(outcome.bookings.length) : texts.closureHasBookings(outcome.bookings.length),
          statusCode: 409 as const,
          code: 'CLOSURE_HAS_BOOKINGS' as const,
          bookings: outcome.bookings,
        });
      }
      const count = outcome.cancelled.length;
      return { success: true as const, message: count === 0 ? texts.closureSaved : texts.closureSavedWithCancellations(count), data: { cancelled: outcome.cancelled } };
    },
  );

  app.delete('/api/admin/bookings/closures/:id', { schema: { params: idParamsSchema, response: { 200: adminActionResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    await removeClosure(app.db, admin, request.params.id);
    return { success: true as const, message: 'Fermeture retirée.' };
  });
};
