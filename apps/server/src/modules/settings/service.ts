import { defaultSiteSettings, type SiteSettings } from '@erepare/shared/schemas/settings';
import type { Db } from '../../db/client.js';
import type { AuthenticatedSession } from '../auth/service.js';
import { readSiteSettings, writeSiteSettings } from './repository.js';

export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  return (await readSiteSettings(db)) ?? defaultSiteSettings;
}

/** Only admins reach this (checked by the route); the new values are returned as stored. */
export async function updateSiteSettings(db: Db, admin: AuthenticatedSession, settings: SiteSettings): Promise<SiteSettings> {
  await writeSiteSettings(db, settings, admin.user.id);
  return getSiteSettings(db);
}
