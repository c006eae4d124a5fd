/**
 * Staff accounts: admins list, promote an existing verified account, demote another admin (never
 * oneself, never the last one); a demoted admin loses the power at the next request; audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCoreMessages as texts } from '@erepare/shared/schemas/admin-core';
import { auditLog, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { insertUser } from '../auth/repository.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { removeStaff } from './staff.js';

type Session = { id: number; headers: { authorization: string } };
type Body = { success: boolean; message: string; data?: unknown };

let t: TestApp;
let admin: Session;
let customer: Session;
const db = () => t.database.db;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Session['headers'], payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

const roleOf = async (email: string) => (await db().select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  t = await createTestApp();
  // The seeded first admin is disabled here so the "last admin" rule is about the accounts of this file.
  await db().update(users).set({ disabledAt: new Date() }).where(eq(users.role, 'admin'));
  admin = await signedInUser(t.app, db(), { email: 'chef@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'futur.admin@exemple.fr' });
  await insertUser(db(), { email: 'pas.verifie@exemple.fr', passwordHash: await hashPassword('Motdepasse1'), role: 'customer' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/staff', () => {
  it('is refused without a session (401) and to a customer (403)', async () => {
    expect((await call('GET', '/api/admin/staff')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/staff', customer.headers)).statusCode).toBe(403);
  });

  it('lists the admins (id, e-mail, names, creation date, disabled) and no customer', async () => {
    const response = await call('GET', '/api/admin/staff', admin.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { id: number; email: string; disabled: boolean; firstName: string; createdAt: string }[] }>().data;
    expect(data.find((member) => member.email === 'chef@exemple.fr')).toMatchObject({ id: admin.id, disabled: false, firstName: '' });
    expect(data.some((member) => member.email === 'futur.admin@exemple.fr')).toBe(false);
    expect(data.every((member) => !('passwordHash' in member))).toBe(true);
  });
});

describe('POST /api/admin/staff', () => {
  it('is refused without a session and to a customer, promoting nobody', async () => {
    expect((await call('POST', '/api/admin/staff', undefined, { email: 'futur.admin@exemple.fr' })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/staff', customer.headers, { email: 'futur.admin@exemple.fr' })).statusCode).toBe(403);
    expect(await roleOf('futur.admin@exemple.fr')).toBe('customer');
  });

  it('refuses bad input, unknown, unverified accounts and admins, with French messages and nothing changed', async () => {
    expect((await call('POST', '/api/admin/staff', admin.headers, {})).statusCode).toBe(400);
    const invalid = await call('POST', '/api/admin/staff', admin.headers, { email: 'pas-une-adresse' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<Body>().message).toContain(texts.emailInvalid);
    const unknown = await call('POST', '/api/admin/staff', admin.headers, { email: 'inconnu@exemple.fr' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Body>().message).toBe('Aucun compte n’existe avec cette adresse\u00a0: la personne doit d’abord créer son compte.');
    const unverified = await call('POST', '/api/admin/staff', admin.headers, { email: 'pas.verifie@exemple.fr' });
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json<Body>().message).toBe(texts.staffNotVerified);
    expect(await roleOf('pas.verifie@exemple.fr')).toBe('customer');
    const already = await call('POST', '/api/admin/staff', admin.headers, { email: 'chef@exemple.fr' });
    expect(already.statusCode).toBe(409);
    expect(await audits('admin.add')).toHaveLength(0);
  });

  it('promotes a verified account (address typed in any case), audited, and the power applies at once', async () => {
    expect((await call('GET', '/api/admin/staff', customer.headers)).statusCode).toBe(403);
    const response = await call('POST', '/api/admin/staff', admin.headers, { email: '  Futur.Admin@Exemple.fr ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Body>()).toMatchObject({ message: 'futur.admin@exemple.fr est maintenant administrateur.', data: { id: customer.id, email: 'futur.admin@exemple.fr' } });
    expect(await roleOf('futur.admin@exemple.fr')).toBe('admin');
    // The same session, no new login: the role is read at each request.
    expect((await call('GET', '/api/admin/staff', customer.headers)).statusCode).toBe(200);
    const [audit] = await audits('admin.add');
    expect(audit).toMatchObject({ actorId: admin.id, entity: 'user', entityId: String(customer.id), before: { role: 'customer' }, after: { role: 'admin' } });
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });
});

describe('DELETE /api/admin/staff/:id', () => {
  it('is refused without a session and to a customer', async () => {
    const other = await signedInUser(t.app, db(), { email: 'simple.client@exemple.fr' });
    expect((await call('DELETE', `/api/admin/staff/${admin.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/staff/${admin.id}`, other.headers)).statusCode).toBe(403);
    expect(await roleOf('chef@exemple.fr')).toBe('admin');
  });

  it('refuses a bad id, a non-admin and oneself', async () => {
    expect((await call('DELETE', '/api/admin/staff/abc', admin.headers)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/staff/0', admin.headers)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/staff/999999', admin.headers)).statusCode).toBe(404);
    const self = await call('DELETE', `/api/admin/staff/${admin.id}`, admin.headers);
    expect(self.statusCode).toBe(409);
    expect(self.json<Body>().message).toBe(texts.staffSelf);
    expect(await roleOf('chef@exemple.fr')).toBe('admin');
  });

  it('demotes another admin, audited; the demoted session loses the power at its next request', async () => {
    const response = await call('DELETE', `/api/admin/staff/${customer.id}`, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Body>().message).toBe('futur.admin@exemple.fr n’est plus administrateur.');
    expect(await roleOf('futur.admin@exemple.fr')).toBe('customer');
    expect((await call('GET', '/api/admin/staff', customer.headers)).statusCode).toBe(403);
    const [audit] = await audits('admin.remove');
    expect(audit).toMatchObject({ actorId: admin.id, entityId: String(customer.id), before: { role: 'admin' }, after: { role: 'customer' } });
  });

  it('never removes the last active admin', async () => {
    // A second admin exists but is disabled: the chef is the last active one.
    const disabled = await signedInUser(t.app, db(), { email: 'ancien.admin@exemple.fr', role: 'admin' });
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    const actor = { sessionId: 0, persistent: false, expiresAt: new Date(), user: { id: disabled.id, email: 'ancien.admin@exemple.fr', role: 'admin' } };
    await expect(removeStaff(db(), actor as never, admin.id)).rejects.toMatchObject({ httpStatus: 409, message: texts.staffLast });
    expect(await roleOf('chef@exemple.fr')).toBe('admin');
    // Through the route: the disabled admin can be demoted by the active one (it is not the last active admin).
    expect((await call('DELETE', `/api/admin/staff/${disabled.id}`, admin.headers)).statusCode).toBe(200);
    expect(await audits('admin.remove')).toHaveLength(2);
  });
});

describe('two admins demoting each other at the same moment', () => {
  it('leaves one admin: the second demotion sees the first and is refused', async () => {
    const second = await signedInUser(t.app, db(), { email: 'second.admin@exemple.fr', role: 'admin' });
    const [one, two] = await Promise.all([
      call('DELETE', `/api/admin/staff/${second.id}`, admin.headers),
      call('DELETE', `/api/admin/staff/${admin.id}`, second.headers),
    ]);
    const codes = [one?.statusCode, two?.statusCode];
    // The loser is refused: 409 (last admin) if it got past the role check, 403 if it was already demoted.
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 403 || code === 409)).toHaveLength(1);
    const active = await db().select().from(users).where(eq(users.role, 'admin'));
    expect(active.filter((row) => row.disabledAt === null)).toHaveLength(1);
  });
});
