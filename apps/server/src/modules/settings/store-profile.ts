import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { asStoreProfile, defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';
import type { Db, Executor } from '../../db/client.js';
import { storeProfileTable } from '../../db/schema.js';
import type { AuthenticatedSession } from '../auth/service.js';
import { recordAudit } from '../admin/audit.js';

/**
 * The shop's identity as staff saved it (Paramètres → Profil de la boutique), the default
 * placeholders until then. Read from the database each time it is needed (one row by primary
 * key): every server instance sees a save at once. A stored row that is not a profile any more
 * (edited by hand) counts as absent rather than breaking every page and mail.
 */
export async function getStoreProfile(db: Executor): Promise<StoreProfile> {
  const rows = await db.select({ profile: storeProfileTable.profile }).from(storeProfileTable).where(eq(storeProfileTable.id, 1)).limit(1);
  return (rows[0] && asStoreProfile(rows[0].profile)) ?? defaultStoreProfile;
}

/**
 * Saves the whole profile (validated by storeProfileSchema on the route) and records which parts
 * changed in the audit log, in one transaction. Returns the saved profile.
 */
export async function updateStoreProfile(db: Db, admin: AuthenticatedSession, profile: StoreProfile): Promise<StoreProfile> {
  return db.transaction(async (tx) => {
    // The row is locked while it is compared and written: two saves at once are audited in order.
    const rows = await tx.select({ profile: storeProfileTable.profile }).from(storeProfileTable).where(eq(storeProfileTable.id, 1)).for('update');
    const current = (rows[0] && asStoreProfile(rows[0].profile)) ?? defaultStoreProfile;
    const changed = (Object.keys(profile) as (keyof StoreProfile)[]).filter((key) => !isDeepStrictEqual(current[key], profile[key]));
    if (changed.length === 0) return current;
    const now = new Date();
    await tx
      .insert(storeProfileTable)
      .values({ id: 1, profile, updatedBy: admin.user.id, updatedAt: now })
      .onConflictDoUpdate({ target: storeProfileTable.id, set: { profile, updatedBy: admin.user.id, updatedAt: now } });
    await recordAudit(tx, admin, {
      action: 'store_profile.update',
      entity: 'store_profile',
      before: Object.fromEntries(changed.map((key) => [key, current[key]])),
      after: Object.fromEntries(changed.map((key) => [key, profile[key]])),
    });
    return profile;
  });
}
