import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { startCleanupJob } from './jobs/cleanup.js';
import { startOrderExpiryJob } from './jobs/order-expiry.js';
import { startPaypalPendingJob } from './jobs/paypal-pending.js';
import { startTicketTrackingJob } from './jobs/ticket-tracking.js';
import { startRepairDeskPaymentsJob } from './jobs/repairdesk-payments.js';
import { startBackups } from './modules/backups/job.js';
import { kickPush } from './modules/tracking/service.js';
import type { buildApp } from './app.js';
import type { seed } from './db/seed.js';
import type { AdminBootstrap, ensureFirstAdmin } from './modules/auth/service.js';

type StartModules = {
  buildApp: typeof buildApp;
  seed: typeof seed;
  ensureFirstAdmin: typeof ensureFirstAdmin;
};

export type RunningServer = {
  app: FastifyInstance;
  database: Database;
  url: string;
  admin: AdminBootstrap;
  close: () => Promise<void>;
};

/** Opens and migrates the database, seeds it, creates the first admin, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  // Opening the database (compiling PGlite's WebAssembly, reading its files) runs while the
  // application's modules load: start-up time is a budget (< 3 s on an existing data directory).
  const opening = openDatabase(config.database);
  const modules: Promise<StartModules> = Promise.all([
    import('./app.js'),
    import('./db/seed.js'),
    import('./modules/auth/service.js'),
  ]).then(([app, seedModule, auth]) => ({
    buildApp: app.buildApp,
    seed: seedModule.seed,
    ensureFirstAdmin: auth.ensureFirstAdmin,
  }));
  const [database, loaded] = await Promise.allSettled([opening, modules]);
  if (database.status === 'rejected') throw database.reason;
  if (loaded.status === 'rejected') {
    await database.value.close().catch(() => undefined);
    throw loaded.reason;
  }
  return listenOn(config, database.value, loaded.value);
}

async function listenOn(
  config: Config,
  database: Database,
  modules: StartModules,
): Promise<RunningServer> {
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    await modules.seed(database.db, { demoData: config.demoData });
    const admin = await modules.ensureFirstAdmin(database.db, config.admin);
    app = await modules.buildApp({ config, database });
    const address = await app.listen({ host: config.host, port: config.port });
    // With PORT=0 (tests, benchmarks) the system picks the port: report the real address.
    const url = config.port === 0 ? address : config.publicUrl;
    // Every job reports its runs to the metrics (GET /metrics: runs, failures, durations).
    const { jobRun } = app.metrics;
    const stopCleanup = startCleanupJob(database.db, app.log, { onRun: jobRun('cleanup') });
    const { catalogue } = app.shop;
    const { inventory, backend } = app.repair;
    const stopOrderExpiry = startOrderExpiryJob(database.db, app.log, {
      publicUrl: config.publicUrl,
      mailer: app.mail,
      onStockChange: () => {
        catalogue.invalidate();
        if (backend.kind === 'local') inventory.invalidate();
      },
      onRun: jobRun('order_expiry'),
    });
    // PayPal captures left pending (shop orders and repair payments) are re-read at PayPal (there is no PayPal webhook).
    const paypal = config.payments.paypal;
    const stopPaypalPending = paypal
      ? startPaypalPendingJob(database.db, app.log, { paypal, publicUrl: config.publicUrl, mailer: app.mail, repairPayments: app.repairPayments, onRun: jobRun('paypal_pending') })
      : () => undefined;
    // Tracked tickets: RepairDesk polled every 30 s within its quota; a slow sweep with our tables.
    const runningApp = app;
    // With RepairDesk, it also tells customers when their ticket becomes « prêt à récupérer » (e-mail with « Payer en ligne », SMS).
    const kickOutboxes = () => {
      runningApp.mail.kick();
      runningApp.sms.kick();
    };
    const readyNotices = backend.kind === 'repairdesk' ? { publicUrl: config.publicUrl, sms: app.sms, kick: kickOutboxes } : undefined;
    const stopTicketTracking = startTicketTrackingJob(database.db, app.log, { backend, kick: () => kickPush(runningApp), readyNotices, onRun: jobRun('ticket_tracking') });
    // Repair payments taken online, posted to RepairDesk with retries (issue 24 §4); nothing to post with our tables.
    const stopRepairDeskPayments = backend.kind === 'repairdesk' ? startRepairDeskPaymentsJob(database.db, backend, app.log, { onRun: jobRun('repairdesk_payments') }) : () => undefined;
    // The outbox's sending job: only a listening server sends (test apps keep mails in the table).
    const mailer = app.mail;
    mailer.start({ onPoll: jobRun('mail_outbox') });
    // The push outbox's job (also generates the VAPID keys on the very first start).
    const push = app.push;
    push.start({ onRun: jobRun('push_outbox') });
    // The SMS outbox's job (only when SMS is configured).
    const sms = app.sms;
    sms.start({ onPoll: jobRun('sms_outbox') });
    // Daily backups into BACKUP_DIR, and (PGlite) the socket `npm run backup` asks this server through.
    const stopBackups = await startBackups({ config, database, log: app.log, onRun: jobRun('backup') });
    let closing: Promise<void> | undefined;
    const running: RunningServer = {
      app,
      database,
      url,
      admin,
      close: () => {
        closing ??= (async () => {
          stopCleanup();
          stopOrderExpiry();
          stopPaypalPending();
          stopTicketTracking();
          stopRepairDeskPayments();
          await Promise.all([mailer.stop(), push.stop(), sms.stop(), stopBackups()]);
          await app?.close();
          await database.close();
        })();
        return closing;
      },
    };
    return running;
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
