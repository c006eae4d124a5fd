import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';
import { storeProfileMessages } from '@erepare/shared/schemas/store-profile';
import { auditLog, storeProfileTable } from '../../db/schema.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';

/** A profile the owner could save: every field changed that the pages show. */
const saved: StoreProfile = {
  ...defaultStoreProfile,
  name: 'Atelier du Bassin',
  legalName: 'Atelier du Bassin SARL',
  phone: { display: '05 57 11 22 33', e164: '+33557112233' },
  email: 'bonjour@atelier-du-bassin.fr',
  siret: '123 456 789 00012',
  vatRegime: 'franchise',
  mediator: { name: 'CM2C', website: 'https://www.cm2c.net', address: '14 rue Saint-Jean, 75017 Paris' },
  bank: { accountHolder: 'Atelier du Bassin', bankName: 'Banque Populaire', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'ccbpfrppbdx' },
};

/**
 * The API of the store profile. Pages rendered with it (the next request after a save) are
 * tested with the real web build in plugins/react-router.test.ts and the e2e store-profile spec.
 */
let bed: AdminTestBed;

beforeAll(async () => {
  bed = await adminTestBed();
});

afterAll(async () => {
  await bed?.t.close();
});

describe('store profile', () => {
  it('is the default one until staff save theirs', async () => {
    const response = await bed.call('GET', '/api/admin/store-profile');
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<StoreProfile>>().data).toEqual(defaultStoreProfile);
  });

  it('refuses an invalid profile with French messages and changes nothing', async () => {
    const attempts: [unknown, string][] = [
      [{ ...defaultStoreProfile, bank: { ...defaultStoreProfile.bank, iban: 'FR76 3000 6000 0112 3456 7890 188' } }, storeProfileMessages.iban],
      [{ ...defaultStoreProfile, siret: '123' }, storeProfileMessages.siret],
      [{ ...defaultStoreProfile, address: { ...defaultStoreProfile.address, postalCode: '3347' } }, storeProfileMessages.postalCode],
      [{ ...defaultStoreProfile, social: { ...defaultStoreProfile.social, facebook: 'javascript:alert(1)' } }, storeProfileMessages.url],
      [{ ...defaultStoreProfile, phone: { display: '05 56', e164: '0556' } }, storeProfileMessages.phoneE164],
      [{ ...defaultStoreProfile, name: 'E.repare\u0000' }, 'caractères non autorisés'],
      [{ ...defaultStoreProfile, openingHours: [] }, storeProfileMessages.slotsRequired],
      [{ ...defaultStoreProfile, vatRegime: 'micro' }, storeProfileMessages.vatRegime],
      [{ ...defaultStoreProfile, extra: 'x' }, ''],
      [{ name: 'Seulement un nom' }, ''],
      [[defaultStoreProfile], ''],
    ];
    for (const [payload, message] of attempts) {
      const response = await bed.call('PUT', '/api/admin/store-profile', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = response.json<{ success: boolean; message: string }>();
      expect(body.success).toBe(false);
      if (message) expect(body.message).toContain(message);
    }
    expect(await bed.t.database.db.select().from(storeProfileTable)).toEqual([]);
    expect(await bed.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'store_profile'))).toEqual([]);
  });

  it('is staff-only: a visitor or a customer can neither read nor save it', async () => {
    for (const who of ['none', 'customer'] as const) {
      expect((await bed.call('GET', '/api/admin/store-profile', undefined, who)).statusCode).toBe(who === 'none' ? 401 : 403);
      expect((await bed.call('PUT', '/api/admin/store-profile', saved, who)).statusCode).toBe(who === 'none' ? 401 : 403);
    }
    expect(await bed.t.database.db.select().from(storeProfileTable)).toEqual([]);
  });

  it('saves a valid profile, audits what changed, and and reads it back', async () => {
    const response = await bed.call('PUT', '/api/admin/store-profile', saved);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Envelope<StoreProfile>>();
    expect(body.message).toBe(storeProfileMessages.saved);
    // The BIC is stored in capitals.
    const expected = { ...saved, bank: { ...saved.bank, bic: 'CCBPFRPPBDX' } };
    expect(body.data).toEqual(expected);
    expect((await bed.call('GET', '/api/admin/store-profile')).json<Envelope<StoreProfile>>().data).toEqual(expected);

    const [entry] = await bed.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'store_profile'));
    expect(entry?.action).toBe('store_profile.update');
    expect(entry?.actorId).toBe(bed.admin.id);
    expect(Object.keys(entry?.after as object).sort()).toEqual(['bank', 'email', 'legalName', 'mediator', 'name', 'phone', 'siret', 'vatRegime']);
    expect((entry?.before as Partial<StoreProfile>).name).toBe(defaultStoreProfile.name);

    // Saving the same profile again changes nothing and records nothing.
    expect((await bed.call('PUT', '/api/admin/store-profile', expected)).statusCode).toBe(200);
    expect(await bed.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'store_profile'))).toHaveLength(1);
  });

  it('a stored row that is not a profile any more counts as the default one (no 500)', async () => {
    await bed.t.database.db.update(storeProfileTable).set({ profile: { name: 42 } }).where(eq(storeProfileTable.id, 1));
    const response = await bed.call('GET', '/api/admin/store-profile');
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<StoreProfile>>().data).toEqual(defaultStoreProfile);
  });
});
