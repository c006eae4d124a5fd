// @ts-check
/**
 * The real production server (`node apps/server/dist/main.js`) for the load test, started by the
 * bench's launcher (bench/lib/server.mjs) with the environment the load test needs: the per-visitor
 * limits left at their defaults (TRUST_PROXY, each shopper its own address), a local SMTP server,
 * the demo data set and, optionally, PostgreSQL.
 */
import { startServer as startProductionServer } from '../../../bench/lib/server.mjs';

export const ADMIN_EMAIL = 'load@example.fr';
export const ADMIN_PASSWORD = 'load-password-123';

/**
 * @typedef {import('../../../bench/lib/server.mjs').StopResult} StopResult
 * @typedef {import('../../../bench/lib/server.mjs').RunningServer} RunningServer
 */

/**
 * Spawns the server on a free port and waits for `GET /api/health` to answer 200.
 * @param {{ root: string, dataDir: string, smtpUrl: string, databaseUrl?: string | undefined, demoData: string }} options
 * @returns {Promise<RunningServer>}
 */
export function startServer({ root, dataDir, smtpUrl, databaseUrl, demoData }) {
  return startProductionServer({
    root,
    dataDir,
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    // LOAD_SERVER_LOG_LEVEL=info (with LOAD_SERVER_LOG=<file>) keeps every request's log line.
    logFile: process.env.LOAD_SERVER_LOG,
    readyTimeoutMs: 90_000,
    stopTimeoutMs: 15_000,
    who: 'the load test',
    env: {
      LOG_LEVEL: process.env.LOAD_SERVER_LOG_LEVEL || 'warn',
      DEMO_DATA: demoData,
      // Every shopper sends x-forwarded-for with an address of its own: the per-IP limits (orders,
      // unpaid orders, ticket lookups) apply to each one as to a real visitor behind a proxy.
      TRUST_PROXY: 'true',
      SMTP_URL: smtpUrl,
      // The shop's real limits and delays, whatever the shell exports.
      REPAIR_VISITOR_LIMIT: undefined,
      UNPAID_ORDERS_LIMIT: undefined,
      ORDER_PENDING_TIMEOUT_MINUTES: undefined,
      BANK_TRANSFER_HOLD_DAYS: undefined,
      PICKUP_HOLD_DAYS: undefined,
      REPAIRDESK_API_KEY: undefined,
      MAIL_FROM: undefined,
      DATABASE_URL: databaseUrl,
    },
  });
}
