import { describe, expect, it } from 'vitest';
import { storeProfileSchema } from './schemas/store-profile.js';
import { asStoreProfile, defaultStoreProfile } from './store-profile.js';

describe('the store profile', () => {
  it('has one set of opening hours, for every page (no separate maintenance hours)', () => {
    expect(defaultStoreProfile).not.toHaveProperty('maintenanceHours');
    expect(storeProfileSchema.safeParse(defaultStoreProfile).success).toBe(true);
  });

  it('reads a profile saved by an older version without the keys it no longer has, so it can be saved again', () => {
    const older = { ...defaultStoreProfile, maintenanceHours: [{ days: 'Lundi – Vendredi', hours: '9h00 – 18h30' }] };
    const read = asStoreProfile(older);
    expect(read).not.toHaveProperty('maintenanceHours');
    expect(read).toEqual(defaultStoreProfile);
    expect(storeProfileSchema.safeParse(read).success).toBe(true);
    expect(storeProfileSchema.safeParse(older).success).toBe(false);
  });

  it('reads a profile saved before the invoicing terms existed with the default terms, and keeps the rest as saved', () => {
    const { invoicing: _invoicing, ...older } = { ...defaultStoreProfile, name: 'Atelier du Bassin' };
    const read = asStoreProfile(older);
    expect(read?.name).toBe('Atelier du Bassin');
    expect(read?.invoicing).toEqual(defaultStoreProfile.invoicing);
    expect(storeProfileSchema.safeParse(read).success).toBe(true);
    // Only parts added later take a default: a profile without its name is still no profile.
    const { name: _name, ...nameless } = defaultStoreProfile;
    expect(asStoreProfile(nameless)).toBeNull();
  });

  it('refuses what is not a profile', () => {
    expect(asStoreProfile(null)).toBeNull();
    expect(asStoreProfile({ ...defaultStoreProfile, vatRegime: 'autre' })).toBeNull();
    expect(asStoreProfile({ ...defaultStoreProfile, openingHours: 'toujours' })).toBeNull();
  });
});
