import { defaultSiteSettings, type SiteSettings, type SiteSettingsUpdate } from '@erepare/shared/schemas/settings';
import type { Db } from '../../db/client.js';
import type { AuthenticatedSession } from '../auth/service.js';
import { recordAudit } from '../admin/audit.js';
import { readSiteSettings, writeSiteSettings } from './repository.js';

export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  return (await readSiteSettings(db)) ?? defaultSiteSettings;
}

/** Only admins reach this (checked by the route); fields left out keep their stored value. */
export async function updateSiteSettings(db: Db, admin: AuthenticatedSession, update: SiteSettingsUpdate): Promise<SiteSettings> {
  return db.transaction(async (tx) => {
    const current = (await readSiteSettings(tx)) ?? defaultSiteSettings;
    const next = { ...current, ...update };
    await writeSiteSettings(tx, next, admin.user.id);
    const changed = (Object.keys(update) as (keyof SiteSettings)[]).filter((key) => update[key] !== undefined && current[key] !== next[key]);
    if (changed.length > 0) {
      await recordAudit(tx, admin, {
        action: 'settings.update',
        entity: 'settings',
        before: Object.fromEntries(changed.map((key) => [key, current[key]])),
        after: Object.fromEntries(changed.map((key) => [key, next[key]])),
      });
    }
    return next;
  });
}
