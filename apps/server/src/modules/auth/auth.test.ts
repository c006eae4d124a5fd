import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@erepare/shared/messages';
import { rowsOf } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOrPromoteAdmin, PERSISTENT_SESSION_TTL_MS, SESSION_COOKIE } from './service.js';
import { insertUser, type NewUser, type UserRecord } from './repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'Réparation-2026!';
const FINGERPRINT = '0123456789abcdef0123456789abcdef';
const DAY_MS = 24 * 60 * 60 * 1000;

// The per-IP login limit (30 / 15 min) would otherwise be shared by every test of this file:
// each request comes from its own address unless a test says otherwise.
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

// Hashing costs tens of milliseconds: every test user shares one hash of PASSWORD.
let passwordHash: Promise<string> | undefined;
let userCounter = 0;
async function createUser(overrides: Partial<NewUser> = {}): Promise<UserRecord> {
  userCounter += 1;
  passwordHash ??= hashPassword(PASSWORD);
  return insertUser(t.database.db, {
    email: `client${userCounter}@exemple.fr`,
    passwordHash: await passwordHash,
    ...overrides,
  });
}

/** Any JSON body: tests send invalid ones on purpose. */
function login(payload: unknown, remoteAddress = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });
}

async function tokenFor(email: string, rememberMe = false): Promise<string> {
  const response = await login({ email, password: PASSWORD, rememberMe });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

function verify(options: { bearer?: string; cookie?: string; payload?: Record<string, unknown> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-session',
    headers: {
      ...(options.bearer !== undefined ? { authorization: `Bearer ${options.bearer}` } : {}),
    },
    ...(options.cookie !== undefined ? { cookies: { [SESSION_COOKIE]: options.cookie } } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

function logout(options: { bearer?: string; cookie?: string; payload?: Record<string, unknown> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: options.bearer !== undefined ? { authorization: `Bearer ${options.bearer}` } : {},
    ...(options.cookie !== undefined ? { cookies: { [SESSION_COOKIE]: options.cookie } } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

const sessionCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);

/** The session cookie's Set-Cookie line (the device cookie, devices.ts, has its own). */
const setCookieHeader = (response: LightMyRequestResponse): string => {
  const header = response.headers['set-cookie'];
  return [header ?? []].flat().map(String).filter((line) => line.startsWith(`${SESSION_COOKIE}=`)).join('\n');
};

async function sessionRowsOf(userId: number) {
  return t.database.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.id);
}

describe('POST /api/auth/login', () => {
  it('signs in with a browser-session cookie and returns the user', async () => {
    const verifiedAt = new Date('2026-01-15T10:00:00Z');
    const user = await createUser({
      email: 'camille.durand@exemple.fr',
      firstName: 'Camille',
      lastName: 'Durand',
      phone: '06 12 34 56 78',
      address: '12 rue des Pins',
      city: 'Gujan-Mestras',
      postalCode: '33470',
      repairCustomerId: 4242,
      emailVerifiedAt: verifiedAt,
    });

    const response = await login({ email: 'camille.durand@exemple.fr', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['message', 'persistentSession', 'success', 'token', 'user']);
    expect(body.success).toBe(true);
    expect(body.message).toBe('Connexion réussie');
    expect(body.persistentSession).toBeNull();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: user.id,
      email: 'camille.durand@exemple.fr',
      role: 'customer',
      repairdesk_customer_id: 4242,
      first_name: 'Camille',
      last_name: 'Durand',
      phone: '06 12 34 56 78',
      address: '12 rue des Pins',
      city: 'Gujan-Mestras',
      postal_code: '33470',
      email_verified: true,
    });
    // Nothing secret about the account is ever sent back.
    expect(response.body).not.toContain('$argon2');

    const cookie = sessionCookieOf(response);
    expect(cookie).toBeDefined();
    expect(cookie?.value).toBe(body.token);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    // Plain HTTP in the test configuration: no Secure flag (it would make the cookie unusable).
    expect(cookie?.secure).toBeUndefined();
    // A browser-session cookie: no lifetime of its own.
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
    expect(setCookieHeader(response)).not.toMatch(/expires|max-age/i);
  });

  it('creates a persistent session of about 30 days with rememberMe', async () => {
    const user = await createUser();
    const before = Date.now();
    const response = await login({ email: user.email, password: PASSWORD, rememberMe: true });
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    const body = response.json<{ persistentSession: { expires_at: string } | null; token: string }>();
    expect(body.persistentSession).not.toBeNull();
    const expiresAt = new Date(body.persistentSession?.expires_at ?? '').getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + PERSISTENT_SESSION_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(after + PERSISTENT_SESSION_TTL_MS);
    expect(PERSISTENT_SESSION_TTL_MS).toBe(30 * DAY_MS);

    const cookie = sessionCookieOf(response);
    expect(cookie?.value).toBe(body.token);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    // The cookie lives as long as the session (Expires has a one-second resolution).
    expect(cookie?.expires).toBeInstanceOf(Date);
    expect(Math.abs((cookie?.expires?.getTime() ?? 0) - expiresAt)).toBeLessThan(1000);

    const [row] = await sessionRowsOf(user.id);
    expect(row?.persistent).toBe(true);
    expect(row?.expiresAt.getTime()).toBe(expiresAt);
  });

  it('limits a session without rememberMe to 24 hours of inactivity on the server', async () => {
    const user = await createUser();
    const before = Date.now();
    const response = await login({ email: user.email, password: PASSWORD, rememberMe: false });
    expect(response.statusCode).toBe(200);
    const [row] = await sessionRowsOf(user.id);
    expect(row?.persistent).toBe(false);
    expect(row?.revokedAt).toBeNull();
    expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + DAY_MS - 1000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + DAY_MS);
  });

  it('stores only the hash of the session token, with the device fingerprint and agent', async () => {
    const user = await createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD, deviceFingerprint: FINGERPRINT },
      headers: { 'user-agent': 'Mozilla/5.0 (Test) Vitest' },
      remoteAddress: '192.0.2.44',
    });
    expect(response.statusCode).toBe(200);
    const token = response.json<{ token: string }>().token;

    const rows = await sessionRowsOf(user.id);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row?.deviceFingerprint).toBe(FINGERPRINT);
    expect(row?.userAgent).toBe('Mozilla/5.0 (Test) Vitest');
    expect(row?.ip).toBe('192.0.2.44');

    // The raw token appears nowhere in the sessions table.
    const all = rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select * from sessions`));
    expect(all.length).toBeGreaterThan(0);
    expect(JSON.stringify(all)).not.toContain(token);
  });

  it('stores passwords as argon2id hashes', async () => {
    await createOrPromoteAdmin(t.database.db, 'hash.check@exemple.fr', 'un-mot-de-passe-long');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'hash.check@exemple.fr'));
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row?.passwordHash).not.toContain('un-mot-de-passe-long');
    const response = await login({ email: 'hash.check@exemple.fr', password: 'un-mot-de-passe-long' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: { role: string; email_verified: boolean } }>().user).toMatchObject({
      role: 'admin',
      email_verified: true,
    });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const user = await createUser();
    const wrongPassword = await login({ email: user.email, password: 'pas-le-bon-mot-de-passe' });
    const unknownEmail = await login({ email: 'personne@exemple.fr', password: PASSWORD });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        statusCode: 401,
        message: 'E-mail ou mot de passe incorrect',
        code: 'INVALID_CREDENTIALS',
      });
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(response.body).not.toContain('token');
    }
    const { requestId: _a, ...first } = wrongPassword.json<Record<string, unknown>>();
    const { requestId: _b, ...second } = unknownEmail.json<Record<string, unknown>>();
    expect(first).toEqual(second);
    expect(await sessionRowsOf(user.id)).toHaveLength(0);
  });

  it('ignores case and surrounding spaces in the e-mail', async () => {
    const user = await createUser({ email: 'marie.lefevre@exemple.fr' });
    const response = await login({ email: '  Marie.LEFEVRE@Exemple.FR ', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: { id: number; email: string } }>().user).toMatchObject({
      id: user.id,
      email: 'marie.lefevre@exemple.fr',
    });
  });

  it('is case-sensitive for the password', async () => {
    const user = await createUser();
    const response = await login({ email: user.email, password: PASSWORD.toUpperCase() });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a missing e-mail', { password: PASSWORD }, 'email'],
    ['an e-mail that is not one', { email: 'pas-un-email', password: PASSWORD }, 'email'],
    ['an e-mail of the wrong type', { email: 42, password: PASSWORD }, 'email'],
    ['a missing password', { email: 'a@exemple.fr' }, 'password'],
    ['an empty password', { email: 'a@exemple.fr', password: '' }, 'password'],
    ['a rememberMe that is not a boolean', { email: 'a@exemple.fr', password: PASSWORD, rememberMe: 'oui' }, 'rememberMe'],
    ['a malformed device fingerprint', { email: 'a@exemple.fr', password: PASSWORD, deviceFingerprint: 'abc' }, 'deviceFingerprint'],
  ])('refuses %s with a French 400', async (_case, payload, field) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ success: boolean; statusCode: number; message: string; code: string }>();
    expect(body.success).toBe(false);
    expect(body.statusCode).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message.startsWith(`Données invalides – ${field}\u00a0: `)).toBe(true);
    // zod's English defaults must never reach users.
    expect(body.message).not.toMatch(/Invalid input|expected|received|Required/);
  });

  it('names the e-mail problem in French', async () => {
    const response = await login({ email: 'pas-un-email', password: PASSWORD });
    expect(response.json<{ message: string }>().message).toBe('Données invalides – email\u00a0: Adresse e-mail invalide');
    const missing = await login({ email: 'a@exemple.fr', password: '' });
    expect(missing.json<{ message: string }>().message).toBe('Données invalides – password\u00a0: Le mot de passe est requis');
  });

  it('refuses a disabled account even with the right password', async () => {
    const user = await createUser({ disabledAt: new Date() });
    const response = await login({ email: user.email, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, message: messages.auth.accountDisabled });
    expect(await sessionRowsOf(user.id)).toHaveLength(0);
  });

  it('limits failed attempts on one account from one address to 10 per 15 minutes', async () => {
    const user = await createUser({ email: 'cible@exemple.fr' });
    const ip = '192.0.2.10';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await login({ email: attempt % 2 ? 'cible@exemple.fr' : ' CIBLE@exemple.fr', password: 'mauvais' }, ip);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await login({ email: 'cible@exemple.fr', password: 'mauvais' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      success: false,
      statusCode: 429,
      message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Even the right password is refused while the limit holds (no guessing through the limit).
    const rightPassword = await login({ email: 'Cible@Exemple.fr', password: PASSWORD }, ip);
    expect(rightPassword.statusCode).toBe(429);
    expect(sessionCookieOf(rightPassword)).toBeUndefined();
    expect(await sessionRowsOf(user.id)).toHaveLength(0);

    // Other accounts are not affected, and the owner elsewhere is not locked out.
    const other = await createUser();
    expect((await login({ email: other.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await login({ email: 'cible@exemple.fr', password: PASSWORD }, '203.0.113.9')).statusCode).toBe(200);
  });

  it('never counts successful logins', async () => {
    const user = await createUser();
    const ip = '198.51.100.20';
    for (let attempt = 1; attempt <= 60; attempt += 1) {
      expect((await login({ email: user.email, password: PASSWORD }, ip)).statusCode, `login ${attempt}`).toBe(200);
    }
  }, 60_000);

  it('limits failed attempts per address to 50 per 15 minutes, whatever the accounts', async () => {
    const ip = '198.51.100.7';
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login({ email: `inconnu${i}@exemple.fr`, password: 'mauvais' }, ip)),
    );
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(50).fill(401));
    const blocked = await login({ email: 'encore-un@exemple.fr', password: 'mauvais' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is still served.
    expect((await login({ email: 'encore-un@exemple.fr', password: 'mauvais' }, '198.51.100.8')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/verify-session', () => {
  let user: UserRecord;
  let sharedToken: string;
  beforeAll(async () => {
    user = await createUser({ firstName: 'Lucas', email: 'lucas.martin@exemple.fr' });
    sharedToken = await tokenFor(user.email);
  });

  it('accepts a Bearer token and echoes it', async () => {
    const token = await tokenFor(user.email);
    const response = await verify({ bearer: token });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ success: true, token, message: 'Session valide' });
    expect(body.user).toMatchObject({ id: user.id, email: 'lucas.martin@exemple.fr', role: 'customer', first_name: 'Lucas' });
  });

  it('accepts the session cookie and never returns its value', async () => {
    const token = sharedToken;
    const response = await verify({ cookie: token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; token: string | null; user: { id: number } }>();
    expect(body.success).toBe(true);
    expect(body.token).toBeNull();
    expect(body.user.id).toBe(user.id);
    expect(response.body).not.toContain(token);
  });

  it('answers 401 "Aucune session persistante trouvée" without a token', async () => {
    for (const response of [await verify(), await verify({ bearer: 'null' }), await verify({ bearer: '' })]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, statusCode: 401, message: 'Aucune session persistante trouvée' });
    }
  });

  it('answers 401 "Session expirée" for an unknown or malformed token', async () => {
    const unknown = 'A'.repeat(43);
    for (const response of [await verify({ bearer: unknown }), await verify({ bearer: 'court' }), await verify({ cookie: unknown })]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, message: 'Session expirée' });
    }
  });

  it('answers 401 "Session expirée" once the session has expired, and clears the cookie', async () => {
    const token = await tokenFor(user.email, true);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));

    const bearer = await verify({ bearer: token });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json<{ message: string }>().message).toBe('Session expirée');

    const cookie = await verify({ cookie: token });
    expect(cookie.statusCode).toBe(401);
    expect(cookie.json<{ message: string }>().message).toBe('Session expirée');
    const cleared = sessionCookieOf(cookie);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
  });

  it('answers 401 "Session expirée" for a session of a disabled account', async () => {
    const other = await createUser();
    const token = await tokenFor(other.email);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, other.id));
    const response = await verify({ bearer: token });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe('Session expirée');
  });

  it('prefers the Bearer token over the cookie', async () => {
    const response = await verify({ bearer: sharedToken, cookie: 'C'.repeat(43) });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ token: string }>().token).toBe(sharedToken);
  });

  it('slides the 24-hour limit of a browser session when it is used, but not a persistent one', async () => {
    const browser = await tokenFor(user.email, false);
    const persistent = await tokenFor(user.email, true);
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    const soon = new Date(Date.now() + 60_000);
    const lastSeen = new Date(Date.now() - 10 * 60_000);
    for (const token of [browser, persistent]) {
      await t.database.db
        .update(sessions)
        .set({ expiresAt: soon, lastSeenAt: lastSeen })
        .where(eq(sessions.tokenHash, hashOf(token)));
      expect((await verify({ bearer: token })).statusCode).toBe(200);
    }
    const [browserRow] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashOf(browser)));
    const [persistentRow] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashOf(persistent)));
    expect(browserRow?.expiresAt.getTime()).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    expect(browserRow?.lastSeenAt.getTime()).toBeGreaterThan(lastSeen.getTime());
    expect(persistentRow?.expiresAt.getTime()).toBe(soon.getTime());
  });

  it('accepts a 32-hex device fingerprint and records it', async () => {
    const token = await tokenFor(user.email);
    const response = await verify({ bearer: token, payload: { deviceFingerprint: FINGERPRINT } });
    expect(response.statusCode).toBe(200);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(row?.deviceFingerprint).toBe(FINGERPRINT);
  });

  it.each([['abc'], ['0123456789ABCDEF0123456789ABCDEF'], ['0123456789abcdef0123456789abcdef0'], [12345]])(
    'refuses the device fingerprint %s with a 400',
    async (deviceFingerprint) => {
      const response = await verify({ bearer: sharedToken, payload: { deviceFingerprint } });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ success: boolean; message: string }>();
      expect(body.success).toBe(false);
      expect(body.message.startsWith('Données invalides – deviceFingerprint\u00a0: ')).toBe(true);
    },
  );
});

describe('POST /api/auth/logout', () => {
  it('revokes the current session only', async () => {
    const user = await createUser();
    const first = await tokenFor(user.email);
    const second = await tokenFor(user.email);

    const response = await logout({ bearer: first });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Déconnexion réussie' });
    const cleared = sessionCookieOf(response);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    expect((await verify({ bearer: first })).statusCode).toBe(401);
    expect((await verify({ bearer: first })).json<{ message: string }>().message).toBe('Session expirée');
    expect((await verify({ bearer: second })).statusCode).toBe(200);

    const rows = await sessionRowsOf(user.id);
    expect(rows.map((row) => row.revokedAt !== null)).toEqual([true, false]);
  });

  it('revokes the session presented as a cookie', async () => {
    const user = await createUser();
    const token = await tokenFor(user.email);
    const response = await logout({ cookie: token, payload: { deviceFingerprint: FINGERPRINT } });
    expect(response.statusCode).toBe(200);
    expect((await verify({ cookie: token })).statusCode).toBe(401);
  });

  it('revokes every session of the user with logoutAllDevices, and no one else’s', async () => {
    const user = await createUser();
    const someoneElse = await createUser();
    const phone = await tokenFor(user.email, true);
    const laptop = await tokenFor(user.email);
    const tablet = await tokenFor(user.email, true);
    const otherToken = await tokenFor(someoneElse.email);

    const response = await logout({ bearer: laptop, payload: { logoutAllDevices: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Déconnexion de tous les appareils réussie' });

    for (const token of [phone, laptop, tablet]) {
      expect((await verify({ bearer: token })).statusCode).toBe(401);
    }
    expect((await verify({ bearer: otherToken })).statusCode).toBe(200);
    expect((await sessionRowsOf(user.id)).every((row) => row.revokedAt !== null)).toBe(true);
    expect((await sessionRowsOf(someoneElse.id)).every((row) => row.revokedAt === null)).toBe(true);
  });

  it('answers 200 without a session, without a body, and with an unknown token', async () => {
    for (const response of [await logout(), await logout({ bearer: 'B'.repeat(43) }), await logout({ payload: { logoutAllDevices: true } })]) {
      expect(response.statusCode).toBe(200);
      expect(response.json<{ success: boolean }>().success).toBe(true);
    }
  });

  it('refuses a malformed body with a 400', async () => {
    const response = await logout({ payload: { logoutAllDevices: 'oui' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message.startsWith('Données invalides – logoutAllDevices\u00a0: ')).toBe(true);
  });
});
