/**
 * Security suite, issue 23 §5: staff two-factor sign-in, attacked from outside. A thief holding a
 * staff account's password gets no session (no cookie, no token, every staff route 401); a
 * pending sign-in of one account cannot finish another's, nor be finished from another browser;
 * guessing codes is cut off per account (from any number of addresses) and per client, the right
 * code included once cut off. Everything through the real routes of the real application.
 * The application's clock (Date only) is moved 30 s before each code that must work: a code is
 * accepted once per 30-second step (RFC 6238 §5.2).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, sessions } from '../../apps/server/src/db/schema.js';
import { CHALLENGE_COOKIE } from '../../apps/server/src/modules/auth/two-factor-store.js';
import { totpCode } from '../../apps/server/src/modules/auth/two-factor.js';
import { SESSION_COOKIE } from '../../apps/server/src/modules/auth/service.js';
import { registeredRoutes } from '../../apps/server/src/test/routes.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser, TEST_PASSWORD } from '../../apps/server/src/test/users.js';
import { nextAddress } from './helpers.js';

let t: TestApp;
type Staff = { id: number; email: string; secret: string };
let victim: Staff;
let accomplice: Staff;

/** A staff account that enrolled a second factor through the routes; its enrolling session then ends. */
async function staffWithTotp(email: string): Promise<Staff> {
  const user = await signedInUser(t.app, t.database.db, { email, role: 'admin' });
  const setup = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: user.headers, payload: {} });
  const secret = setup.json<{ data: { secret: string } }>().data.secret;
  const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/confirm', headers: user.headers, payload: { code: totpCode(secret) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
  return { id: user.id, email, secret };
}

let now = Date.now();
/** The next TOTP step (a code of an accepted step is never accepted again). */
function nextStep(): void {
  now += 30_000;
  vi.setSystemTime(now);
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  t = await createTestApp();
  victim = await staffWithTotp('gerant.2fa@exemple.fr');
  accomplice = await staffWithTotp('complice.2fa@exemple.fr');
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

type Pending = { pendingToken: string; cookie: string; response: LightMyRequestResponse };

async function passwordStep(email: string, remoteAddress = nextAddress()): Promise<Pending> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD }, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return {
    pendingToken: response.json<{ pendingToken: string }>().pendingToken,
    cookie: response.cookies.find((cookie) => cookie.name === CHALLENGE_COOKIE)?.value ?? '',
    response,
  };
}

function secondStep(pendingToken: string, cookie: string | null, code: string, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: { pendingToken, code },
    remoteAddress,
    ...(cookie === null ? {} : { cookies: { [CHALLENGE_COOKIE]: cookie } }),
  });
}

async function liveSessionsOf(userId: number): Promise<number> {
  return (await t.database.db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))).length;
}

/** `:param` (and a trailing wildcard) filled with 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, '1');

describe('a stolen staff password alone', () => {
  it('opens no session: no cookie, no token, and every staff route answers 401 to what it got', async () => {
    const before = await liveSessionsOf(victim.id);
    const { pendingToken, cookie, response } = await passwordStep(victim.email);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ twoFactorRequired: true });
    expect(body.token).toBeUndefined();
    expect(body.user).toBeUndefined();
    expect(response.cookies.map((item) => item.name)).not.toContain(SESSION_COOKIE);
    expect(await liveSessionsOf(victim.id)).toBe(before);

    // Whatever the thief holds (the pending token, the binding cookie), as a session: nothing.
    const attempts = [
      { authorization: `Bearer ${pendingToken}` },
      { authorization: `Bearer ${cookie}` },
      { cookie: `${SESSION_COOKIE}=${pendingToken}` },
      { cookie: `${SESSION_COOKIE}=${cookie}; ${CHALLENGE_COOKIE}=${cookie}` },
    ];
    for (const headers of attempts) {
      const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-session', headers });
      expect(verify.statusCode).toBe(401);
    }
    const seen = new Set<string>();
    const staffRoutes = registeredRoutes(t.app).filter((route) => {
      const key = `${route.method} ${route.url}`;
      if (!(route.url.startsWith('/api/admin/') || route.url.startsWith('/api/auth/two-factor')) || route.method === 'OPTIONS' || seen.has(key)) return false;
      seen.add(key);
      return !['GET /api/admin/site-settings', 'HEAD /api/admin/site-settings', 'POST /api/admin/capture-order'].includes(key);
    });
    expect(staffRoutes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of staffRoutes) {
      for (const headers of attempts) {
        const withBody = !['GET', 'HEAD'].includes(route.method);
        const answer = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers, ...(withBody ? { payload: {} } : {}) });
        if (answer.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${answer.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // Nor does a code guessed blind open one.
    const guess = await secondStep(pendingToken, cookie, totpCode(victim.secret) === '000000' ? '111111' : '000000');
    expect(guess.statusCode).toBe(401);
    expect(await liveSessionsOf(victim.id)).toBe(before);
  });
});

describe('a pending sign-in', () => {
  it('of one account cannot finish another’s, nor be finished from another browser', async () => {
    const before = await liveSessionsOf(victim.id);
    // The attacker knows the victim's password and everything of their own staff account.
    nextStep();
    const theirs = await passwordStep(victim.email);
    const mine = await passwordStep(accomplice.email);
    const myCode = totpCode(accomplice.secret);

    // The victim's pending token with the attacker's browser cookie and the attacker's code.
    expect((await secondStep(theirs.pendingToken, mine.cookie, myCode)).json()).toMatchObject({ code: 'TWO_FACTOR_RESTART' });
    // The attacker's pending token with the victim's browser cookie: bound to another browser.
    expect((await secondStep(mine.pendingToken, theirs.cookie, myCode)).statusCode).toBe(401);
    // Even the victim's own current code (shoulder-surfed), from the attacker's browser: refused.
    expect((await secondStep(theirs.pendingToken, mine.cookie, totpCode(victim.secret))).statusCode).toBe(401);
    expect((await secondStep(theirs.pendingToken, null, totpCode(victim.secret))).statusCode).toBe(401);
    expect(await liveSessionsOf(victim.id)).toBe(before);

    // The attacker's own pending sign-in, completed with their own code, opens their account only.
    const done = await secondStep(mine.pendingToken, mine.cookie, myCode);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: { id: accomplice.id, email: accomplice.email } });
    expect(await liveSessionsOf(victim.id)).toBe(before);
  });
});

describe('guessing codes', () => {
  it('is cut off per account, from any number of addresses, the right code included', async () => {
    const target = await staffWithTotp('caisse.2fa@exemple.fr');
    const wrong = () => (totpCode(target.secret) === '314159' ? '271828' : '314159');
    const statuses: number[] = [];
    let pending = await passwordStep(target.email);
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      const response = await secondStep(pending.pendingToken, pending.cookie, wrong());
      statuses.push(response.statusCode);
      // A pending sign-in dies after 5 wrong codes: the thief types the password again.
      if (response.json<{ code?: string }>().code === 'TWO_FACTOR_RESTART') pending = await passwordStep(target.email);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    nextStep();
    const right = await secondStep(pending.pendingToken, pending.cookie, totpCode(target.secret));
    expect(right.statusCode).toBe(429);
    expect(right.json<{ message: string }>().message).toMatch(/^Trop de codes incorrects/);
    expect(await liveSessionsOf(target.id)).toBe(0);
    const failed = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'two_factor.login_failed'), eq(auditLog.entityId, String(target.id))));
    expect(failed).toHaveLength(10);
  });

  it('is cut off per client, whatever the accounts and pending sign-ins', async () => {
    const address = '203.0.113.200';
    // Made-up pending tokens count as much as wrong codes do.
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await secondStep(`invente-${attempt}-${'x'.repeat(40)}`, 'y'.repeat(43), '123456', address);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    nextStep();
    const pending = await passwordStep(accomplice.email);
    const cut = await secondStep(pending.pendingToken, pending.cookie, totpCode(accomplice.secret), address);
    expect(cut.statusCode).toBe(429);
    expect(Number(cut.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected: the pending sign-in is still good there.
    expect((await secondStep(pending.pendingToken, pending.cookie, totpCode(accomplice.secret))).statusCode).toBe(200);
  });
});
