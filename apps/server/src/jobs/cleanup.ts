import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { purgeRateLimits } from '../lib/rate-limit.js';
import { purgeTrustedDevices } from '../modules/auth/devices.js';
import { purgeSessions } from '../modules/auth/repository.js';
import { purgeLoginChallenges } from '../modules/auth/two-factor-store.js';
import { purgeOldContactMessages } from '../modules/contact/service.js';
import { purgeCustomerLinks } from '../modules/links/customer-links.js';
import { purgeOldNotifications } from '../modules/notifications/service.js';
import { purgeOldQuoteRequests } from '../modules/quotes/service.js';
import { timeJobRun, type OnJobRun } from './job-runs.js';
import { purgePushOutbox } from './push-sender.js';

const HOUR = 60 * 60 * 1000;

/**
 * Deletes expired or revoked sessions, finished rate-limit windows, notifications older than 30
 * days, finished pushes, contact messages and quote requests (with their photos) 3 years after the
 * last exchange, blanks their senders' IP addresses after 12 months, and refreshes the planner's
 * statistics, one minute after start and then hourly. Deletes are idempotent, so several instances may run it at the same time.
 */
export function startCleanupJob(db: Db, log: FastifyBaseLogger, { intervalMs = HOUR, onRun }: { intervalMs?: number; onRun?: OnJobRun } = {}): () => void {
  const run = async () => {
    const finish = timeJobRun(onRun);
    let failed = false;
    try {
      await purgeSessions(db);
      await purgeTrustedDevices(db);
      await purgeLoginChallenges(db);
      await purgeRateLimits(db, 24 * HOUR);
      // Notifications older than 30 days (spec 1 §5) and the push outbox's finished rows.
      await purgeOldNotifications(db);
      await purgePushOutbox(db);
      // Contact messages and quote requests: the legal notice's "3 ans après notre dernier échange".
      await purgeOldContactMessages(db);
      await purgeOldQuoteRequests(db);
      // Secret links mailed to customers (estimates, bookings, invoices), a month after they ended.
      await purgeCustomerLinks(db);
      // Fresh planner statistics: PGlite has no autovacuum daemon (harmless on PostgreSQL).
      await db.execute(sql`analyze`);
    } catch (error) {
      failed = true;
      log.warn({ err: error }, 'clean-up job failed; it will run again');
    }
    finish(failed);
  };
  const first = setTimeout(() => void run(), Math.min(60_000, intervalMs));
  const timer = setInterval(() => void run(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
