import { eq } from 'drizzle-orm';
import type { SiteSettings } from '@erepare/shared/schemas/settings';
import type { Executor } from '../../db/client.js';
import { siteSettings } from '../../db/schema.js';

export async function readSiteSettings(db: Executor): Promise<SiteSettings | undefined> {
  const rows = await db
    .select({
      title: siteSettings.title,
      description: siteSettings.description,
      maintenanceMode: siteSettings.maintenanceMode,
      shopMaintenanceMode: siteSettings.shopMaintenanceMode,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return rows[0];
}

/** Writes the single settings row, creating it if needed; `onlyIfMissing` is the seed's mode. */
export async function writeSiteSettings(
  db: Executor,
  settings: SiteSettings,
  updatedBy: number | null,
  onlyIfMissing = false,
): Promise<void> {
  const insert = db.insert(siteSettings).values({ id: 1, ...settings, updatedBy, updatedAt: new Date() });
  if (onlyIfMissing) {
    await insert.onConflictDoNothing();
  } else {
    await insert.onConflictDoUpdate({
      target: siteSettings.id,
      set: { ...settings, updatedBy, updatedAt: new Date() },
    });
  }
}
