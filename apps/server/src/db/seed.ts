import { defaultSiteSettings } from '@erepare/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import { writeSiteSettings } from '../modules/settings/repository.js';
import type { Db } from './client.js';
import { seedRepairDesk, type DemoDataSize, type SeedRepairDeskResult } from './demo-data/repair-desk.js';
import { seedEstimatesDemo } from './demo-data/estimates.js';
import { seedShopDemo } from './demo-data/shop.js';
import { appMeta } from './schema.js';

/**
 * Seeds the French demo data. Idempotent: every step only inserts what is missing, and the
 * seed version recorded in app_meta tells later versions what has already been done.
 *
 * Versions: 1 site settings; 2 the repair desk (statuses, inventory categories and brands, and
 * demo customers, tickets, invoices and inventory, only into a database without repair data);
 * 3 the shop's demo data (coupons, shop fields of the inventory), added once to a database seeded
 * by an older version too; 4 the estimates' statuses « Devis accepté » and « Devis refusé » (with
 * demo data) and, with fresh demo tickets, one estimate awaiting its answer (issue 24 §1).
 */
export const SEED_VERSION = 4;

// Serialises concurrent first starts of several instances on one PostgreSQL.
const SEED_LOCK_KEY = 724031;

export type SeedOptions = {
  /** Size of the repair desk's demo data: 'demo' by default, 'large' for benchmarks. */
  demoData?: DemoDataSize;
  /** The moment the demo history ends (tickets cover the 30 days before it). */
  now?: Date;
};

export async function seed(db: Db, options: SeedOptions = {}): Promise<{ seeded: boolean }> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const current = await tx
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(sql`${appMeta.key} = 'seed_version'`);
    const version = Number(current[0]?.value ?? 0);
    if (version >= SEED_VERSION) return { seeded: false };

    const size = options.demoData ?? 'demo';
    const now = options.now ?? new Date();
    await writeSiteSettings(tx, defaultSiteSettings, null, true);
    const repairDesk = await seedRepairDesk(tx, { size, now });
    // Once: coupons deleted by staff later must not come back at the next version.
    if (version < 3) await seedShopDemo(tx, { size, now });
    if (size !== 'none') await seedEstimatesDemo(tx, { now, withEstimate: repairDesk.seeded });

    await tx
      .insert(appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: SEED_VERSION, updatedAt: new Date() } });
    return { seeded: true };
  });
  // Fresh statistics for the planner: PGlite has no autovacuum, so without this the first plans
  // assume empty tables.
  if (result.seeded) await db.execute(sql`analyze`);
  return result;
}

/**
 * Loads the repair desk's demo data of `size` into a database that holds no repair data yet
 * (otherwise inserts nothing), under the seed's lock. Used by the seed-large command.
 */
export async function seedRepairDemoData(db: Db, size: DemoDataSize, now = new Date()): Promise<SeedRepairDeskResult> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const seeded = await seedRepairDesk(tx, { size, now });
    // The new inventory gets its shop fields (the coupons exist already, or are added).
    if (seeded.seeded) await seedShopDemo(tx, { size, now });
    return seeded;
  });
  await db.execute(sql`analyze`);
  return result;
}
