import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@erepare/shared/schemas/settings';
import { loadConfig } from '../config.js';
import { countAdmins } from '../modules/auth/repository.js';
import { ensureFirstAdmin } from '../modules/auth/service.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { appMeta, siteSettings, users } from './schema.js';
import { seed, SEED_VERSION } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function login(email: string, password: string, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

describe('seed', () => {
  it('has seeded the test database once, with the default settings', async () => {
    const settingsRows = await t.database.db.select().from(siteSettings);
    expect(settingsRows).toHaveLength(1);
    expect(settingsRows[0]).toMatchObject({ id: 1, ...defaultSiteSettings, updatedBy: null });
    const [version] = await t.database.db.select().from(appMeta).where(eq(appMeta.key, 'seed_version'));
    expect(version?.value).toBe(SEED_VERSION);
  });

  it('seeds an empty database once, then does nothing', async () => {
    await t.database.db.delete(siteSettings);
    await t.database.db.delete(appMeta);

    expect(await seed(t.database.db)).toEqual({ seeded: true });
    expect(await seed(t.database.db)).toEqual({ seeded: false });

    const settingsRows = await t.database.db.select().from(siteSettings);
    expect(settingsRows).toHaveLength(1);
    expect(settingsRows[0]).toMatchObject(defaultSiteSettings);
    const meta = await t.database.db.select().from(appMeta).where(eq(appMeta.key, 'seed_version'));
    expect(meta).toHaveLength(1);
    expect(meta[0]?.value).toBe(SEED_VERSION);
  });

  it('never overwrites settings an admin has changed, even when it runs again', async () => {
    await t.database.db.update(siteSettings).set({ title: 'Titre choisi par le gérant', maintenanceMode: true });
    // As if an older version had seeded: the seed runs its steps again, inserting only what is missing.
    await t.database.db.delete(appMeta).where(eq(appMeta.key, 'seed_version'));
    expect(await seed(t.database.db)).toEqual({ seeded: true });
    const settingsRows = await t.database.db.select().from(siteSettings);
    expect(settingsRows).toHaveLength(1);
    expect(settingsRows[0]).toMatchObject({ title: 'Titre choisi par le gérant', maintenanceMode: true });
  });

  it('is safe when two instances seed at the same time', async () => {
    await t.database.db.delete(siteSettings);
    await t.database.db.delete(appMeta);
    const results = await Promise.all([seed(t.database.db), seed(t.database.db), seed(t.database.db)]);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(await t.database.db.select().from(siteSettings)).toHaveLength(1);
  });
});

describe('ensureFirstAdmin', () => {
  it('starts without any admin account', async () => {
    expect(await countAdmins(t.database.db)).toBe(0);
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD once, then does nothing', async () => {
    const { admin } = loadConfig({ ADMIN_EMAIL: 'Gerant@Erepare.Example', ADMIN_PASSWORD: 'mot-de-passe-du-gerant' });
    const first = await ensureFirstAdmin(t.database.db, admin);
    expect(first).toEqual({ created: true, email: 'gerant@erepare.example', generatedPassword: undefined });

    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'gerant@erepare.example'));
    expect(row?.role).toBe('admin');
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row?.emailVerifiedAt).not.toBeNull();

    const response = await login('gerant@erepare.example', 'mot-de-passe-du-gerant', '203.0.113.1');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: { role: string } }>().user.role).toBe('admin');

    // A second start, even with other values, leaves the existing admin alone.
    const second = await ensureFirstAdmin(t.database.db, { email: 'autre@erepare.example', password: 'autre-mot-de-passe' });
    expect(second).toEqual({ created: false });
    expect(await countAdmins(t.database.db)).toBe(1);
    expect((await login('gerant@erepare.example', 'mot-de-passe-du-gerant', '203.0.113.2')).statusCode).toBe(200);
    expect((await login('autre@erepare.example', 'autre-mot-de-passe', '203.0.113.3')).statusCode).toBe(401);
  });

  it('generates a password when none is configured, once', async () => {
    await t.database.db.execute(sql`delete from users`);
    const first = await ensureFirstAdmin(t.database.db, null);
    expect(first.created).toBe(true);
    if (!first.created) return;
    expect(first.email).toBe('admin@erepare.example');
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const response = await login('admin@erepare.example', first.generatedPassword ?? '', '203.0.113.4');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: { role: string; email: string } }>().user).toMatchObject({
      role: 'admin',
      email: 'admin@erepare.example',
    });

    expect(await ensureFirstAdmin(t.database.db, null)).toEqual({ created: false });
    expect(await countAdmins(t.database.db)).toBe(1);
    // The generated password still works: the second call did not replace it.
    expect((await login('admin@erepare.example', first.generatedPassword ?? '', '203.0.113.5')).statusCode).toBe(200);
  });

  it('generates a different password on another installation', async () => {
    await t.database.db.execute(sql`delete from users`);
    const a = await ensureFirstAdmin(t.database.db, null);
    await t.database.db.execute(sql`delete from users`);
    const b = await ensureFirstAdmin(t.database.db, null);
    expect(a.created && b.created).toBe(true);
    if (!a.created || !b.created) return;
    expect(a.generatedPassword).not.toBe(b.generatedPassword);
  });

  it('promotes an existing customer with the admin e-mail, with the configured password', async () => {
    await t.database.db.execute(sql`delete from users`);
    await t.database.db.insert(users).values({ email: 'patron@erepare.example', passwordHash: 'x', role: 'customer' });
    const result = await ensureFirstAdmin(t.database.db, { email: 'patron@erepare.example', password: 'nouveau-mot-de-passe' });
    expect(result).toEqual({ created: true, email: 'patron@erepare.example', generatedPassword: undefined });
    const rows = await t.database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('admin');
    expect((await login('patron@erepare.example', 'nouveau-mot-de-passe', '203.0.113.6')).statusCode).toBe(200);
  });
});

describe('DEMO_DATA=none (a real shop)', () => {
  it('seeds the reference data (statuses, with the proxy list as ids 1-4) but no demo customer, ticket, invoice or item', async () => {
    const { openDatabase } = await import('./client.js');
    const { countRepairData } = await import('./demo-data/repair-desk.js');
    const database = await openDatabase({ kind: 'pglite-memory' });
    try {
      await database.migrate();
      expect(await seed(database.db, { demoData: 'none' })).toEqual({ seeded: true });
      const counts = await countRepairData(database.db);
      expect(counts).toMatchObject({ customers: 0, tickets: 0, invoices: 0, inventoryItems: 0 });
      expect(counts.statuses).toBe(13);
      const rows = await database.db.execute(sql`select id, name from statuses where id <= 4 order by id`);
      expect((rows as { rows: { name: string }[] }).rows.map((row) => row.name)).toEqual(['En attente', 'En cours', 'Terminé', 'Livré']);
      expect(loadConfig({ DEMO_DATA: 'none' }).demoData).toBe('none');
      expect(() => loadConfig({ DEMO_DATA: 'beaucoup' })).toThrow(/DEMO_DATA/);
    } finally {
      await database.close();
    }
  }, 30_000);
});
