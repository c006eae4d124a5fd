import { describe, expect, it } from 'vitest';
import { siteSettingsResponseSchema } from './schemas/settings.js';
import { defaultSiteSettings, siteSettingsPayload } from './site-settings.js';

const valid = { success: true, data: { ...defaultSiteSettings, maintenanceMode: true } };

const samples: unknown[] = [
  valid,
  { ...valid, extra: 'ignored' },
  { success: true, data: { ...defaultSiteSettings, shopMaintenanceMode: 'yes' } },
  { success: true, data: { title: 'Titre', description: 'Desc', maintenanceMode: false } },
  { success: false, data: defaultSiteSettings },
  { data: defaultSiteSettings },
  { success: true },
  null,
  'texte',
  42,
  [],
];

describe('siteSettingsPayload (the light parser of the maintenance gate)', () => {
  it('accepts exactly what the zod response schema accepts', () => {
    for (const sample of samples) {
      expect(siteSettingsPayload.safeParse(sample).success, JSON.stringify(sample)).toBe(
        siteSettingsResponseSchema.safeParse(sample).success,
      );
    }
  });

  it('returns only the four settings fields', () => {
    const parsed = siteSettingsPayload.safeParse({ success: true, data: { ...defaultSiteSettings, secret: 'x' } });
    expect(parsed).toEqual({ success: true, data: { success: true, data: defaultSiteSettings } });
  });

  it('defaults: both maintenance flags off', () => {
    expect(defaultSiteSettings.maintenanceMode).toBe(false);
    expect(defaultSiteSettings.shopMaintenanceMode).toBe(false);
  });
});
