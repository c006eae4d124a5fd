import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { twoFactorMessages } from '@erepare/shared/schemas/two-factor';
import { auditLog, loginChallenges, sessions, twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertUser, type UserRecord } from './repository.js';
import { SESSION_COOKIE } from './service.js';
import { CHALLENGE_COOKIE, LOGIN_CHALLENGE_TTL_MS, staffTwoFactorStatus } from './two-factor-store.js';
import { resetTwoFactorByOperator, totpCode } from './two-factor.js';

/**
 * Staff two-factor sign-in (issue 23 §5) through the real routes: enrolment, the second step of
 * the sign-in, replays, recovery codes, the pending sign-in (expiry, single use, bound to the
 * browser), rate limits, the team rule and its single guard, disabling and a colleague's reset.
 * The application's clock is faked (Date only) so that TOTP steps and the 5-minute pending
 * sign-in move as the test says; the database keeps its own clock (rate-limit windows).
 */

let t: TestApp;
const PASSWORD = 'Atelier-Securite-2026!';
const STEP_MS = 30_000;
// The start of a TOTP step, plus a second: every tick below lands in a known step.
let now = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1_000;
const tick = (ms = STEP_MS) => {
  now += ms;
  vi.setSystemTime(now);
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  t = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.23.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

let passwordHash: Promise<string> | undefined;
let counter = 0;
async function createStaff(role: 'admin' | 'customer' = 'admin'): Promise<UserRecord> {
  counter += 1;
  passwordHash ??= hashPassword(PASSWORD);
  return insertUser(t.database.db, { email: `equipe${counter}@exemple.fr`, passwordHash: await passwordHash, role, emailVerifiedAt: new Date() });
}

type Headers = { authorization: string };
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

function login(email: string, ip = nextIp(), rememberMe = false) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD, rememberMe }, remoteAddress: ip });
}

const cookieOf = (response: LightMyRequestResponse, name: string) => response.cookies.find((cookie) => cookie.name === name);

type Pending = { pendingToken: string; cookie: string };

async function passwordStep(email: string, ip = nextIp(), rememberMe = false): Promise<Pending> {
  const response = await login(email, ip, rememberMe);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ twoFactorRequired?: boolean; pendingToken?: string; token?: string }>();
  expect(body.twoFactorRequired).toBe(true);
  expect(body.token).toBeUndefined();
  const cookie = cookieOf(response, CHALLENGE_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  return { pendingToken: body.pendingToken ?? '', cookie: cookie?.value ?? '' };
}

function secondStep(pending: Pending, code: string, ip = nextIp(), cookie: string | null = pending.cookie) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: { pendingToken: pending.pendingToken, code },
    remoteAddress: ip,
    ...(cookie === null ? {} : { cookies: { [CHALLENGE_COOKIE]: cookie } }),
  });
}

async function signIn(email: string): Promise<Headers> {
  const response = await login(email);
  const token = response.json<{ token?: string }>().token;
  if (!token) throw new Error(`no session for ${email}: ${response.body}`);
  return bearer(token);
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers | null, payload?: unknown) {
  return t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Enrols the signed-in account: setup, then a code of the app; returns the secret and the recovery codes. */
async function enrol(headers: Headers): Promise<{ secret: string; codes: string[] }> {
  const setup = await call('POST', '/api/auth/two-factor/setup', headers, {});
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const confirm = await call('POST', '/api/auth/two-factor/confirm', headers, { code: totpCode(secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, codes: confirm.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes };
}

async function audits(action: string, userId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId))))
    .orderBy(desc(auditLog.id));
}

async function liveSessions(userId: number) {
  const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  return rows.filter((row) => row.revokedAt === null);
}

describe('enrolment', () => {
  it('draws a secret shown once, confirms it with a code and gives 10 recovery codes stored as hashes', async () => {
    const admin = await createStaff();
    const headers = await signIn(admin.email);
    expect((await call('GET', '/api/auth/two-factor', headers)).json()).toMatchObject({
      data: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, enrolmentRequired: false },
    });

    const setup = await call('POST', '/api/auth/two-factor/setup', headers, {});
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrSvg } = setup.json<{ data: { secret: string; uri: string; qrSvg: string } }>().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/E.repare:${encodeURIComponent(admin.email)}?issuer=E.repare&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(qrSvg.startsWith('<svg')).toBe(true);
    // Drawn by this server: no third-party address in it.
    expect(qrSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);

    // Pending until confirmed: the sign-in does not ask for a code yet.
    expect((await login(admin.email)).json<{ token?: string }>().token).toBeDefined();
    const wrong = await call('POST', '/api/auth/two-factor/confirm', headers, { code: '000000' === totpCode(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: twoFactorMessages.invalidCode });
    expect((await call('POST', '/api/auth/two-factor/confirm', headers, { code: 'abc' })).json<{ message: string }>().message).toContain(twoFactorMessages.totpFormat);

    const other = await signIn(admin.email);
    const confirm = await call('POST', '/api/auth/two-factor/confirm', headers, { code: totpCode(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes = confirm.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(new Set(codes).size).toBe(10);

    const status = await call('GET', '/api/auth/two-factor', headers);
    expect(status.json()).toMatchObject({ data: { enabled: true, recoveryCodesLeft: 10 } });
    // The secret never comes back.
    expect(status.body).not.toContain(secret);
    const stored = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash.startsWith('$argon2id$')).toBe(true);
      expect(codes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false);
    }
    // Sessions opened with the password alone end; the one that enrolled stays.
    expect((await call('GET', '/api/admin/staff', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/staff', headers)).statusCode).toBe(200);
    expect(await audits('two_factor.enable', admin.id)).toHaveLength(1);
  });

  it('is for staff only', async () => {
    const customer = await createStaff('customer');
    const headers = await signIn(customer.email);
    for (const [method, url] of [
      ['GET', '/api/auth/two-factor'],
      ['POST', '/api/auth/two-factor/setup'],
      ['POST', '/api/auth/two-factor/confirm'],
      ['POST', '/api/auth/two-factor/recovery-codes'],
      ['DELETE', '/api/auth/two-factor'],
    ] as const) {
      expect((await call(method, url, headers, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('sign-in with a second factor', () => {
  it('gives no session for the password alone, then one for the code', async () => {
    const admin = await createStaff();
    const { secret } = await enrol(await signIn(admin.email));
    tick();

    const response = await login(admin.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, twoFactorRequired: true, message: twoFactorMessages.secondStepRequired });
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    const challenge = cookieOf(response, CHALLENGE_COOKIE);
    expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login', maxAge: LOGIN_CHALLENGE_TTL_MS / 1000 });
    const sessionsBefore = (await liveSessions(admin.id)).length;
    const body = response.json<{ pendingToken: string; expiresAt: string }>();
    expect(new Date(body.expiresAt).getTime()).toBe(now + LOGIN_CHALLENGE_TTL_MS);
    // Only hashes are stored.
    const [row] = await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, admin.id)).orderBy(desc(loginChallenges.id)).limit(1);
    expect(row?.tokenHash).not.toBe(body.pendingToken);
    expect(row?.browserHash).not.toBe(challenge?.value);

    const done = await secondStep({ pendingToken: body.pendingToken, cookie: challenge?.value ?? '' }, totpCode(secret));
    expect(done.statusCode, done.body).toBe(200);
    const token = done.json<{ token: string; user: { email: string } }>();
    expect(token.user.email).toBe(admin.email);
    expect(cookieOf(done, SESSION_COOKIE)?.value).toBe(token.token);
    // The binding cookie is cleared.
    expect(cookieOf(done, CHALLENGE_COOKIE)?.value).toBe('');
    expect((await call('GET', '/api/admin/staff', bearer(token.token))).statusCode).toBe(200);
    expect(await liveSessions(admin.id)).toHaveLength(sessionsBefore + 1);
    expect((await audits('two_factor.login', admin.id))[0]?.after).toMatchObject({ method: 'totp' });
  });

  it('keeps the « remember me » choice of the password step', async () => {
    const admin = await createStaff();
    const { secret } = await enrol(await signIn(admin.email));
    tick();
    const done = await secondStep(await passwordStep(admin.email, nextIp(), true), totpCode(secret));
    expect(done.json<{ persistentSession: { expires_at: string } | null }>().persistentSession?.expires_at).toEqual(expect.any(String));
  });

  it('refuses a code used once already (RFC 6238 §5.2), and an older one', async () => {
    const admin = await createStaff();
    const { secret } = await enrol(await signIn(admin.email));
    // The code that confirmed the enrolment cannot sign in.
    const replayOfConfirm = await secondStep(await passwordStep(admin.email), totpCode(secret));
    expect(replayOfConfirm.statusCode).toBe(401);
    expect(replayOfConfirm.json()).toMatchObject({ code: 'TWO_FACTOR_INVALID', message: twoFactorMessages.invalidCode });

    tick();
    const code = totpCode(secret);
    expect((await secondStep(await passwordStep(admin.email), code)).statusCode).toBe(200);
    // Same code, same 30 s: refused.
    expect((await secondStep(await passwordStep(admin.email), code)).statusCode).toBe(401);
    // The previous step's code is within the window, but older than the last one accepted.
    expect((await secondStep(await passwordStep(admin.email), totpCode(secret, now - STEP_MS))).statusCode).toBe(401);
    tick();
    expect((await secondStep(await passwordStep(admin.email), totpCode(secret))).statusCode).toBe(200);
  });

  it('accepts a recovery code once, in any case and with or without its hyphen', async () => {
    const admin = await createStaff();
    const headers = await signIn(admin.email);
    const { codes } = await enrol(headers);
    const code = codes[3] ?? '';
    const done = await secondStep(await passwordStep(admin.email), ` ${code.toUpperCase().replace('-', ' ')} `);
    expect(done.statusCode, done.body).toBe(200);
    expect((await audits('two_factor.recovery_used', admin.id))[0]?.after).toEqual({ recoveryCodesLeft: 9 });
    expect((await audits('two_factor.login', admin.id))[0]?.after).toMatchObject({ method: 'recovery' });
    expect((await call('GET', '/api/auth/two-factor', bearer(done.json<{ token: string }>().token))).json()).toMatchObject({ data: { recoveryCodesLeft: 9 } });

    const again = await secondStep(await passwordStep(admin.email), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: twoFactorMessages.invalidCode });
    expect((await secondStep(await passwordStep(admin.email), codes[4] ?? '')).statusCode).toBe(200);
  });

  it('lets a pending sign-in live 5 minutes, once, in the browser that started it', async () => {
    const admin = await createStaff();
    const { secret } = await enrol(await signIn(admin.email));

    tick();
    const expiring = await passwordStep(admin.email);
    tick(LOGIN_CHALLENGE_TTL_MS + 1_000);
    const late = await secondStep(expiring, totpCode(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'TWO_FACTOR_RESTART', message: twoFactorMessages.restart });

    // Without the browser's cookie, or with another browser's: nothing.
    const pending = await passwordStep(admin.email);
    const elsewhere = await passwordStep(admin.email);
    tick();
    expect((await secondStep(pending, totpCode(secret), nextIp(), null)).statusCode).toBe(401);
    expect((await secondStep(pending, totpCode(secret), nextIp(), elsewhere.cookie)).statusCode).toBe(401);
    expect((await secondStep({ pendingToken: pending.pendingToken, cookie: 'x'.repeat(43) }, totpCode(secret))).statusCode).toBe(401);

    // Once: the same pending sign-in with the next code opens nothing more.
    expect((await secondStep(pending, totpCode(secret))).statusCode).toBe(200);
    tick();
    const reuse = await secondStep(pending, totpCode(secret));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'TWO_FACTOR_RESTART' });
    // The other browser's pending sign-in is still good for its own code.
    expect((await secondStep(elsewhere, totpCode(secret))).statusCode).toBe(200);
  });

  it('ends a pending sign-in after 5 wrong codes, and limits wrong codes per account', async () => {
    const admin = await createStaff();
    const { secret } = await enrol(await signIn(admin.email));
    tick();
    const wrong = () => (totpCode(secret) === '123456' ? '654321' : '123456');

    const pending = await passwordStep(admin.email);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await secondStep(pending, wrong());
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
      expect(response.json()).toMatchObject({ code: 'TWO_FACTOR_INVALID', message: 'Code incorrect ou expiré.' });
    }
    expect((await secondStep(pending, wrong())).json()).toMatchObject({ code: 'TWO_FACTOR_RESTART' });
    expect((await secondStep(pending, totpCode(secret))).statusCode).toBe(401);
    expect(await audits('two_factor.login_failed', admin.id)).toHaveLength(5);

    // 10 wrong codes per 15 minutes per account, whatever the addresses: then even the right one waits.
    for (let attempt = 6; attempt <= 10; attempt += 1) expect((await secondStep(await passwordStep(admin.email), wrong())).statusCode).toBe(401);
    const blocked = await secondStep(await passwordStep(admin.email), totpCode(secret));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: twoFactorMessages.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another staff account is not affected.
    const other = await createStaff();
    const otherSecret = (await enrol(await signIn(other.email))).secret;
    tick();
    expect((await secondStep(await passwordStep(other.email), totpCode(otherSecret))).statusCode).toBe(200);
  });

  it('limits wrong codes per client, whatever the pending sign-ins', async () => {
    const ip = '198.51.100.77';
    let refused = 0;
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await secondStep({ pendingToken: `inconnu-${attempt}-${'x'.repeat(30)}`, cookie: 'y'.repeat(43) }, '123456', ip);
      if (response.statusCode === 401) refused += 1;
    }
    expect(refused).toBe(20);
    expect((await secondStep({ pendingToken: 'z'.repeat(43), cookie: 'y'.repeat(43) }, '123456', ip)).statusCode).toBe(429);
  });

  it('answers a malformed second step with a French 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login/second-factor', payload: { pendingToken: 'x'.repeat(43), code: '12ab' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(twoFactorMessages.codeFormat);
  });
});

describe('managing one’s second factor', () => {
  it('regenerates the recovery codes with a current code: the old ones stop working', async () => {
    const admin = await createStaff();
    const headers = await signIn(admin.email);
    const { secret, codes } = await enrol(headers);
    expect((await call('POST', '/api/auth/two-factor/recovery-codes', headers, { code: totpCode(secret) })).statusCode).toBe(400);
    tick();
    const fresh = await call('POST', '/api/auth/two-factor/recovery-codes', headers, { code: totpCode(secret) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const next = fresh.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;
    expect(next).toHaveLength(10);
    expect((await secondStep(await passwordStep(admin.email), codes[0] ?? '')).statusCode).toBe(401);
    expect((await secondStep(await passwordStep(admin.email), next[0] ?? '')).statusCode).toBe(200);
    expect(await audits('two_factor.recovery_regenerated', admin.id)).toHaveLength(1);
  });

  it('is disabled only with the password and a code', async () => {
    const admin = await createStaff();
    const headers = await signIn(admin.email);
    const { secret } = await enrol(headers);
    tick();
    const wrongPassword = await call('DELETE', '/api/auth/two-factor', headers, { password: 'pas-le-bon', code: totpCode(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ message: twoFactorMessages.wrongPassword });
    const wrongCode = await call('DELETE', '/api/auth/two-factor', headers, { password: PASSWORD, code: totpCode(secret) === '000000' ? '111111' : '000000' });
    expect(wrongCode.json()).toMatchObject({ message: twoFactorMessages.invalidCode });
    expect((await call('DELETE', '/api/auth/two-factor', headers, { password: PASSWORD })).statusCode).toBe(400);
    expect((await call('GET', '/api/auth/two-factor', headers)).json()).toMatchObject({ data: { enabled: true } });

    const off = await call('DELETE', '/api/auth/two-factor', headers, { password: PASSWORD, code: totpCode(secret) });
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.database.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, admin.id))).toHaveLength(0);
    expect(await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, admin.id))).toHaveLength(0);
    expect((await login(admin.email)).json<{ token?: string }>().token).toBeDefined();
    expect(await audits('two_factor.disable', admin.id)).toHaveLength(1);
  });

  it('lets another admin reset a colleague’s second factor (lost phone), never one’s own', async () => {
    const chef = await createStaff();
    const chefHeaders = await signIn(chef.email);
    const colleague = await createStaff();
    const colleagueHeaders = await signIn(colleague.email);
    await enrol(colleagueHeaders);

    expect((await call('POST', `/api/admin/users/${chef.id}/two-factor/reset`, chefHeaders, {})).json()).toMatchObject({ message: twoFactorMessages.resetSelf });
    const customer = await createStaff('customer');
    expect((await call('POST', `/api/admin/users/${colleague.id}/two-factor/reset`, await signIn(customer.email), {})).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/users/${colleague.id}/two-factor/reset`, null, {})).statusCode).toBe(401);

    const reset = await call('POST', `/api/admin/users/${colleague.id}/two-factor/reset`, chefHeaders, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ message: twoFactorMessages.reset(colleague.email) });
    // Every session of the colleague ended; the password alone signs in again.
    expect((await call('GET', '/api/admin/staff', colleagueHeaders)).statusCode).toBe(401);
    expect(await liveSessions(colleague.id)).toHaveLength(0);
    expect((await login(colleague.email)).json<{ token?: string }>().token).toBeDefined();
    expect((await audits('two_factor.reset', colleague.id))[0]).toMatchObject({ actorId: chef.id, before: { email: colleague.email, enabled: true } });
    expect((await call('POST', `/api/admin/users/${colleague.id}/two-factor/reset`, chefHeaders, {})).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/users/999999/two-factor/reset', chefHeaders, {})).statusCode).toBe(404);
  });

  it('is removed on the server by `npm run admin:create -- --reset-two-factor` (the last admin, no phone, no codes)', async () => {
    const last = await createStaff();
    const headers = await signIn(last.email);
    await enrol(headers);
    expect(await resetTwoFactorByOperator(t.database.db, ` ${last.email.toUpperCase()} `)).toBe(true);
    expect((await call('GET', '/api/admin/staff', headers)).statusCode).toBe(401);
    expect((await login(last.email)).json<{ token?: string }>().token).toBeDefined();
    expect((await audits('two_factor.reset', last.id))[0]).toMatchObject({ actorId: null, actorEmail: 'npm run admin:create' });
    expect(await resetTwoFactorByOperator(t.database.db, last.email)).toBe(false);
    expect(await resetTwoFactorByOperator(t.database.db, 'personne@exemple.fr')).toBe(false);
  });
});

describe('the team rule « double authentification obligatoire pour l’équipe »', () => {
  it('limits a staff session without a second factor to enrolment, through the one staff guard', async () => {
    const chef = await createStaff();
    const chefHeaders = await signIn(chef.email);
    // Turning it on needs one's own second factor first.
    const early = await call('PUT', '/api/admin/two-factor/policy', chefHeaders, { required: true });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: twoFactorMessages.enableYourselfFirst });
    const { secret } = await enrol(chefHeaders);

    const newcomer = await createStaff();
    const newcomerHeaders = await signIn(newcomer.email);
    const before = await staffTwoFactorStatus(t.database.db);
    expect(before.required).toBe(false);

    const on = await call('PUT', '/api/admin/two-factor/policy', chefHeaders, { required: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ message: twoFactorMessages.policyOn, data: { required: true, admins: before.admins, adminsWithTotp: before.adminsWithTotp } });
    expect(await staffTwoFactorStatus(t.database.db)).toEqual({ ...before, required: true });
    const [policyAudit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'two_factor.policy')).orderBy(desc(auditLog.id)).limit(1);
    expect(policyAudit).toMatchObject({ actorId: chef.id, before: { staffTwoFactorRequired: false }, after: { staffTwoFactorRequired: true } });

    // Every staff API refuses the newcomer, with the French message that says what to do…
    for (const url of ['/api/admin/staff', '/api/admin/store-profile', '/api/admin/audit', '/api/admin/two-factor', '/api/admin/backups']) {
      const refused = await call('GET', url, newcomerHeaders);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED', message: twoFactorMessages.enrolmentRequired });
    }
    expect((await call('POST', '/api/admin/site-settings', newcomerHeaders, { title: 'Piraté' })).statusCode).toBe(403);
    // …and the staff view of other people's records is gone too (the repair desk, orders).
    const customersSeen = async (headers: Headers) => (await call('GET', '/api/repairdesk/customers?page=1&pageSize=5', headers)).json<{ total?: number }>().total ?? 0;
    expect(await customersSeen(chefHeaders)).toBeGreaterThan(1);
    expect(await customersSeen(newcomerHeaders)).toBe(0);

    // Enrolment stays open.
    expect((await call('GET', '/api/auth/two-factor', newcomerHeaders)).json()).toMatchObject({ data: { enabled: false, required: true, enrolmentRequired: true } });
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-session', headers: newcomerHeaders });
    expect(verify.json()).toMatchObject({ user: { role: 'admin' } });
    await enrol(newcomerHeaders);
    expect((await call('GET', '/api/admin/staff', newcomerHeaders)).statusCode).toBe(200);
    expect((await staffTwoFactorStatus(t.database.db)).adminsWithTotp).toBe(before.adminsWithTotp + 1);

    // Disabling is refused while the rule is on.
    tick();
    const disable = await call('DELETE', '/api/auth/two-factor', chefHeaders, { password: PASSWORD, code: totpCode(secret) });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ message: twoFactorMessages.requiredCannotDisable });

    // A colleague reset under the rule: signs in with the password, and may only enrol again.
    await call('POST', `/api/admin/users/${newcomer.id}/two-factor/reset`, chefHeaders, {});
    const again = await signIn(newcomer.email);
    expect((await call('GET', '/api/admin/staff', again)).statusCode).toBe(403);

    const off = await call('PUT', '/api/admin/two-factor/policy', chefHeaders, { required: false });
    expect(off.json()).toMatchObject({ message: twoFactorMessages.policyOff, data: { required: false } });
    expect((await call('GET', '/api/admin/staff', again)).statusCode).toBe(200);
  });
});
