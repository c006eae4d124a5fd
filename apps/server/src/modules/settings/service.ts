import { defaultSiteSettings, type SiteSettings, type SiteSettingsUpdate } from '@erepare/shared/schemas/settings';
import type { Db } from '../../db/client.js';
import type { AuthenticatedSession } from '../auth/service.js';
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
    return next;
  });
}
