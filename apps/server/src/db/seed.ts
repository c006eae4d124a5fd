import { defaultSiteSettings } from '@erepare/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import { writeSiteSettings } from '../modules/settings/repository.js';
import type { Db } from './client.js';
import { appMeta } from './schema.js';

/**
 * Seeds the French demo data. Idempotent: every step only inserts what is missing, and the
 * seed version recorded in app_meta tells later versions what has already been done.
 */
export const SEED_VERSION = 1;

export async function seed(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several instances on one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(724031)`);
    const current = await tx
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(sql`${appMeta.key} = 'seed_version'`);
    const version = Number(current[0]?.value ?? 0);
    if (version >= SEED_VERSION) return { seeded: false };

    await writeSiteSettings(tx, defaultSiteSettings, null, true);

    await tx
      .insert(appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: SEED_VERSION, updatedAt: new Date() } });
    return { seeded: true };
  });
}
