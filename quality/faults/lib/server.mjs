// @ts-check
/**
 * The real production server (`node apps/server/dist/main.js`) for the fault suite, started by the
 * bench's launcher (bench/lib/server.mjs) with the load test's admin account (so
 * quality/load/lib/admin.mjs logs in) and what faults need: the providers' URLs and keys given by
 * each scenario and nothing from the caller's shell, a fixed port when a restart must keep its
 * address, and `kill()` (SIGKILL) for the crash scenario.
 */
import { startServer as startProductionServer } from '../../../bench/lib/server.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../load/lib/server.mjs';

/** Variables of the caller's environment that would change what is tested. */
const CLEARED = [
  'DATABASE_URL', 'PUBLIC_URL', 'WEB_DIST_DIR', 'REPAIR_VISITOR_LIMIT', 'UNPAID_ORDERS_LIMIT', 'ORDER_PENDING_TIMEOUT_MINUTES',
  'BANK_TRANSFER_HOLD_DAYS', 'PICKUP_HOLD_DAYS', 'REPAIRDESK_API_KEY', 'REPAIRDESK_BASE_URL', 'MAIL_FROM', 'SMTP_URL',
  'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'STRIPE_METHODS',
  'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_URL', 'COLISSIMO_ACCOUNT_NUMBER', 'COLISSIMO_PASSWORD', 'COLISSIMO_API_KEY',
];

/** @typedef {import('../../../bench/lib/server.mjs').RunningServer} FaultServer */

/**
 * @param {{ root: string, dataDir: string, env?: Record<string, string>, port?: number, databaseUrl?: string | undefined, demoData?: string }} options
 * @returns {Promise<FaultServer>}
 */
export function startServer({ root, dataDir, env: extra = {}, port, databaseUrl, demoData = 'demo' }) {
  return startProductionServer({
    root,
    dataDir,
    ...(port === undefined ? {} : { port }),
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    readyTimeoutMs: 90_000,
    stopTimeoutMs: 15_000,
    who: 'the fault suite',
    env: {
      ...Object.fromEntries(CLEARED.map((name) => [name, undefined])),
      LOG_LEVEL: process.env.FAULTS_SERVER_LOG_LEVEL || 'warn',
      DEMO_DATA: demoData,
      TRUST_PROXY: 'true',
      DATABASE_URL: databaseUrl,
      ...extra,
    },
  });
}
