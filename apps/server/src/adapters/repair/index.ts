import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createLocalRepairBackend } from './local.js';
import { createRepairDeskBackend } from './repairdesk.js';
import type { RepairBackend } from './types.js';

/** Our tables by default; RepairDesk when `REPAIRDESK_API_KEY` is set (DESIGN.md §1). */
export function createRepairBackend(config: Config, database: Database, log: FastifyBaseLogger): RepairBackend {
  if (config.repair.kind === 'repairdesk') {
    return createRepairDeskBackend({
      apiKey: config.repair.apiKey,
      baseUrl: config.repair.baseUrl,
      production: config.env === 'production',
      loyaltyPointCents: config.repair.loyaltyPointCents,
      paymentPath: config.repair.paymentPath,
      log,
    });
  }
  return createLocalRepairBackend(database.db);
}
