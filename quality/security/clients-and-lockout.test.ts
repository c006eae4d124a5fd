/**
 * Issue 20 items 5 and 6: every per-client limit keys IPv6 by /64 (through `request.client`, one
 * helper), proven with real sockets on ::1 and with several addresses of one /64 sent through a
 * trusted proxy as the proxy would; and strangers' failed logins never lock the owner out of the
 * browser they use (device cookies, apps/server/src/modules/auth/devices.ts).
 */
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@erepare/shared/messages';
import { latestOutboxMail, linksIn } from '../../apps/server/src/modules/mail/outbox.js';
import { DEVICE_COOKIE } from '../../apps/server/src/modules/auth/devices.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser, TEST_PASSWORD } from '../../apps/server/src/test/users.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'false', REPAIR_VISITOR_LIMIT: '20' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function inject(method: 'GET' | 'POST', url: string, remoteAddress: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, remoteAddress, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

let line = 0;
/** A fresh /64 each call, and the n-th address inside it (all of one subscriber line). */
function subscriberLine(): (n: number) => string {
  line += 1;
  const prefix = `2001:db8:${(line >> 16).toString(16)}:${(line & 0xffff).toString(16)}`;
  return (n: number) => `${prefix}:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}:${(n * 7919 & 0xffff).toString(16)}:1`;
}

describe('5. limits are per client: one /64 is one client', () => {
  let unique = 0;
  const email = () => `client.${(unique += 1)}@exemple.fr`;
  const limited: { name: string; limit: number; send: (address: string) => Promise<LightMyRequestResponse> }[] = [
    { name: 'login (per client)', limit: 50, send: (address) => inject('POST', '/api/auth/login', address, { email: email(), password: 'Mauvais-123' }) },
    {
      name: 'registration',
      limit: 10,
      send: (address) => inject('POST', '/api/auth/register', address, { first_name: 'A', last_name: 'B', email: email(), phone: '0600000000', password: 'Motdepasse1', confirmPassword: 'Motdepasse1' }),
    },
    { name: 'e-mail check', limit: 60, send: (address) => inject('POST', '/api/auth/check-email-availability', address, { email: email() }) },
    { name: 'password reset', limit: 10, send: (address) => inject('POST', '/api/password-reset/forgot', address, { email: email() }) },
    { name: 'verification resend', limit: 10, send: (address) => inject('POST', '/api/email-verification/resend', address, { email: email() }) },
    { name: 'coupon check', limit: 30, send: (address) => inject('POST', '/api/shop/coupons/validate', address, { code: 'FAUX', items: [] }) },
    { name: 'ticket lookup', limit: 20, send: (address) => inject('GET', '/api/repairdesk/tickets/T-990001', address) },
  ];

  for (const rule of limited) {
    it(`${rule.name}: ${rule.limit} from addresses spread over one /64, then a French 429; another /64 is untouched`, async () => {
      const address = subscriberLine();
      for (let n = 1; n <= rule.limit; n += 1) {
        const response = await rule.send(address(n));
        expect(response.statusCode, `${rule.name} #${n}: ${response.body.slice(0, 200)}`).not.toBe(429);
      }
      const over = await rule.send(address(rule.limit + 1000));
      expect(over.statusCode, over.body).toBe(429);
      expect(frenchMessageProblem(over)).toBeNull();
      expect((await rule.send(subscriberLine()(1))).statusCode).not.toBe(429);
    });
  }

  it('real sockets: ::1 directly, and a /64 behind a trusted proxy, count as one client each', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      await proxied.app.listen({ host: '::1', port: 0 });
      const { port } = proxied.app.server.address() as AddressInfo;
      const forgot = (forwardedFor?: string) =>
        fetch(`http://[::1]:${port}/api/password-reset/forgot`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
          body: JSON.stringify({ email: `socket.${Math.random().toString(36).slice(2)}@exemple.fr` }),
        });
      const address = subscriberLine();
      for (let n = 1; n <= 10; n += 1) expect((await forgot(`198.51.100.7, ${address(n)}`)).status).toBe(200);
      const over = await forgot(address(77));
      expect(over.status).toBe(429);
      expect(((await over.json()) as { message: string }).message).toBe('Trop de demandes. Veuillez réessayer dans quelques minutes.');
      // The proxy's own address (::1, no header) is another client, still allowed.
      expect((await forgot()).status).toBe(200);
    } finally {
      await proxied.close();
    }

    const direct = await createTestApp({ TRUST_PROXY: 'false' });
    try {
      await direct.app.listen({ host: '::1', port: 0 });
      const { port } = direct.app.server.address() as AddressInfo;
      const statuses: number[] = [];
      for (let n = 0; n < 11; n += 1) {
        const response = await fetch(`http://[::1]:${port}/api/password-reset/forgot`, {
          method: 'POST',
          // Without a trusted proxy, a client's own X-Forwarded-For changes nothing.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${n}` },
          body: JSON.stringify({ email: `direct.${n}@exemple.fr` }),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('6. nobody can lock another person out', () => {
  const cookieFrom = (response: LightMyRequestResponse, name: string) => response.cookies.find((cookie) => cookie.name === name)?.value;

  it('a flood of failures from everywhere: the owner’s browser still signs in; a new browser is let in by the mailed reset link', async () => {
    await signedInUser(t.app, t.database.db, { email: 'patron@exemple.fr', role: 'admin' });
    // The owner signs in once from his usual browser: it gets the device cookie.
    const usual = await inject('POST', '/api/auth/login', nextAddress(), { email: 'patron@exemple.fr', password: TEST_PASSWORD });
    expect(usual.statusCode).toBe(200);
    const device = cookieFrom(usual, DEVICE_COOKIE);
    expect(device).toBeTruthy();
    const deviceCookie = { cookie: `${DEVICE_COOKIE}=${device}` };

    // Strangers, each from a different address, fail 105 times (today this locked the account).
    let lastStranger: LightMyRequestResponse | undefined;
    for (let n = 0; n < 105; n += 1) lastStranger = await inject('POST', '/api/auth/login', nextAddress(), { email: 'patron@exemple.fr', password: `Devine-${n}` });
    expect(lastStranger?.statusCode).toBe(429);
    expect(lastStranger?.json()).toMatchObject({ message: messages.auth.tooManyAttempts });

    // The owner's browser: the right password works, from any address.
    const owner = await inject('POST', '/api/auth/login', nextAddress(), { email: 'patron@exemple.fr', password: TEST_PASSWORD }, deviceCookie);
    expect(owner.statusCode, owner.body).toBe(200);
    // A stolen device cookie does not give a guesser more: 10 failures, then that browser waits too.
    for (let n = 0; n < 10; n += 1) {
      expect((await inject('POST', '/api/auth/login', nextAddress(), { email: 'patron@exemple.fr', password: `Vole-${n}` }, deviceCookie)).statusCode).toBe(401);
    }
    expect((await inject('POST', '/api/auth/login', nextAddress(), { email: 'patron@exemple.fr', password: 'Vole-x' }, deviceCookie)).statusCode).toBe(429);

    // A browser the account never used waits, but the reset link (mailed to the owner) lets it in at once.
    const fresh = nextAddress();
    expect((await inject('POST', '/api/auth/login', fresh, { email: 'patron@exemple.fr', password: TEST_PASSWORD })).statusCode).toBe(429);
    await inject('POST', '/api/password-reset/forgot', fresh, { email: 'patron@exemple.fr' });
    const mail = await latestOutboxMail(t.database.db, { to: 'patron@exemple.fr', kind: 'password_reset' });
    const token = new URL(linksIn(mail?.text ?? '').find((url) => url.includes('token=')) ?? 'http://x/').searchParams.get('token') ?? '';
    const reset = await inject('POST', '/api/password-reset/reset', fresh, { token, email: 'patron@exemple.fr', password: 'Nouveau-Patron-1', confirmPassword: 'Nouveau-Patron-1' });
    expect(reset.statusCode, reset.body).toBe(200);
    const trusted = { cookie: `${DEVICE_COOKIE}=${cookieFrom(reset, DEVICE_COOKIE) ?? ''}` };
    expect((await inject('POST', '/api/auth/login', fresh, { email: 'patron@exemple.fr', password: 'Nouveau-Patron-1' }, trusted)).statusCode).toBe(200);
  });
});
