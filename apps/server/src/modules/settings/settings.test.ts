import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteSettings, type SiteSettings } from '@erepare/shared/schemas/settings';
import { siteSettings } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertUser } from '../auth/repository.js';
import { SESSION_COOKIE } from '../auth/service.js';

let t: TestApp;
let adminToken: string;
let customerToken: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const passwordHash = await hashPassword('mot-de-passe-solide');
  const admin = await insertUser(t.database.db, { email: 'gerant@exemple.fr', passwordHash, role: 'admin' });
  adminId = admin.id;
  await insertUser(t.database.db, { email: 'client@exemple.fr', passwordHash, role: 'customer' });
  const login = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'mot-de-passe-solide' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  };
  adminToken = await login('gerant@exemple.fr');
  customerToken = await login('client@exemple.fr');
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/admin/site-settings';

async function readSettings(): Promise<SiteSettings & { success: boolean; data: SiteSettings }> {
  const response = await t.app.inject({ method: 'GET', url: URL });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function save(payload: unknown, auth: { bearer?: string; cookie?: string } = { bearer: adminToken }) {
  return t.app.inject({
    method: 'POST',
    url: URL,
    headers: auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {},
    ...(auth.cookie ? { cookies: { [SESSION_COOKIE]: auth.cookie } } : {}),
    payload: payload as Record<string, unknown>,
  });
}

const valid: SiteSettings = {
  title: 'E.repare – Atelier de Gujan-Mestras',
  description: 'Réparation de smartphones et d’ordinateurs sur le bassin d’Arcachon.',
  maintenanceMode: true,
  shopMaintenanceMode: false,
};

describe('GET /api/admin/site-settings', () => {
  it('is public and returns the defaults, both maintenance flags off', async () => {
    const response = await t.app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = response.json<Record<string, unknown>>();
    expect(body.success).toBe(true);
    expect(body.data).toEqual(defaultSiteSettings);
    expect(body.maintenanceMode).toBe(false);
    expect(body.shopMaintenanceMode).toBe(false);
    // The spec's client reads the settings at the top level too.
    expect(body).toMatchObject(defaultSiteSettings);
    expect(Object.keys(body.data as object).sort()).toEqual(['description', 'maintenanceMode', 'shopMaintenanceMode', 'title']);
    expect(defaultSiteSettings.title.length).toBeGreaterThan(0);
  });
});

describe('POST /api/admin/site-settings', () => {
  it('answers 401 without a session, even for an invalid body, and changes nothing', async () => {
    for (const payload of [valid, { nimporte: 'quoi' }]) {
      const response = await save(payload, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, statusCode: 401, message: 'Utilisateur non connecté' });
    }
    const expired = await save(valid, { bearer: 'X'.repeat(43) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ message: string }>().message).toBe('Session expirée');
    expect((await readSettings()).data).toEqual(defaultSiteSettings);
  });

  it('answers 403 to a customer and changes nothing', async () => {
    for (const auth of [{ bearer: customerToken }, { cookie: customerToken }]) {
      const response = await save(valid, auth);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, statusCode: 403, message: 'Accès réservé aux administrateurs' });
    }
    expect((await readSettings()).data).toEqual(defaultSiteSettings);
  });

  it.each([
    ['an empty update', {}, 'corps de la requête'],
    ['a flag of the wrong type', { ...valid, maintenanceMode: 'true' }, 'maintenanceMode'],
    ['a flag given as a number', { ...valid, shopMaintenanceMode: 1 }, 'shopMaintenanceMode'],
    ['an unknown key', { ...valid, role: 'admin' }, 'corps de la requête'],
    ['an empty title', { ...valid, title: '' }, 'title'],
    ['a blank title', { ...valid, title: '    ' }, 'title'],
    ['a title that is too long', { ...valid, title: 'x'.repeat(121) }, 'title'],
    ['a description that is too long', { ...valid, description: 'x'.repeat(321) }, 'description'],
    ['a body that is not an object', [valid], 'corps de la requête'],
  ])('answers 400 in French to an admin sending %s, and changes nothing', async (_case, payload, where) => {
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ success: boolean; statusCode: number; message: string }>();
    expect(body.success).toBe(false);
    expect(body.statusCode).toBe(400);
    expect(body.message.startsWith(`Données invalides – ${where}\u00a0: `)).toBe(true);
    expect(body.message).not.toMatch(/Invalid input|expected|received|Unrecognized/);
    const after = await readSettings();
    expect(after.data).toEqual(defaultSiteSettings);
    expect(after.maintenanceMode).toBe(false);
  });

  it('applies a partial update to the given fields only', async () => {
    const response = await save({ maintenanceMode: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown }>().data).toEqual({ ...defaultSiteSettings, maintenanceMode: true });
    expect((await readSettings()).data).toEqual({ ...defaultSiteSettings, maintenanceMode: true });
    const back = await save({ maintenanceMode: false });
    expect(back.statusCode).toBe(200);
    expect((await readSettings()).data).toEqual(defaultSiteSettings);
    // Each change is in the audit log with who, before and after (only the changed fields);
    // a save that changes nothing records nothing.
    expect((await save({ maintenanceMode: false })).statusCode).toBe(200);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entity=settings', headers: { authorization: `Bearer ${adminToken}` } });
    expect(audit.statusCode).toBe(200);
    const rows = audit.json<{ data: { actorEmail: string; action: string; before: unknown; after: unknown }[]; pagination: { total: number } }>();
    expect(rows.pagination.total).toBe(2);
    expect(rows.data.map(({ actorEmail, action, before, after }) => ({ actorEmail, action, before, after }))).toEqual([
      { actorEmail: 'gerant@exemple.fr', action: 'settings.update', before: { maintenanceMode: true }, after: { maintenanceMode: false } },
      { actorEmail: 'gerant@exemple.fr', action: 'settings.update', before: { maintenanceMode: false }, after: { maintenanceMode: true } },
    ]);
    // The log is staff-only.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { authorization: `Bearer ${customerToken}` } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit?page=-1', headers: { authorization: `Bearer ${adminToken}` } })).statusCode).toBe(400);
  });

  it('explains the empty title with the form’s own message', async () => {
    const response = await save({ ...valid, title: '' });
    expect(response.json<{ message: string }>().message).toBe('Données invalides – title\u00a0: Le titre du site est requis');
  });

  it('saves valid settings for an admin, and GET reflects them', async () => {
    const response = await save(valid);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ success: true, message: 'Paramètres enregistrés', data: valid, ...valid });

    const after = await readSettings();
    expect(after.data).toEqual(valid);
    expect(after).toMatchObject({ success: true, ...valid });

    const [row] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row?.updatedBy).toBe(adminId);
  });

  it('trims the text fields and accepts an empty description', async () => {
    const response = await save({ title: '  Atelier E.repare  ', description: '', maintenanceMode: false, shopMaintenanceMode: true }, { cookie: adminToken });
    expect(response.statusCode).toBe(200);
    expect((await readSettings()).data).toEqual({
      title: 'Atelier E.repare',
      description: '',
      maintenanceMode: false,
      shopMaintenanceMode: true,
    });
    expect(await t.database.db.select().from(siteSettings)).toHaveLength(1);
  });

  it('keeps the last valid settings after a rejected save', async () => {
    const before = (await readSettings()).data;
    expect((await save({ ...before, maintenanceMode: 'oui' })).statusCode).toBe(400);
    expect((await readSettings()).data).toEqual(before);
  });

  it('falls back to the defaults without a settings row, and a save creates it', async () => {
    await t.database.db.delete(siteSettings);
    expect((await readSettings()).data).toEqual(defaultSiteSettings);
    expect((await save(valid)).statusCode).toBe(200);
    expect((await readSettings()).data).toEqual(valid);
    expect(await t.database.db.select().from(siteSettings)).toHaveLength(1);
  });
});
