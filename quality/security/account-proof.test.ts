/**
 * Issue 20 items 1-4: one proof-of-address model. The attack chains of the issue, played through
 * the real routes and the real outbox (links read back from the mails, as a customer or an attacker
 * holding only their own mailbox would). Every chain failed on the code before the fix.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@erepare/shared/schemas/account';
import { customers, invoices, tickets, users } from '../../apps/server/src/db/schema.js';
import { latestOutboxMail, linksIn, listOutbox } from '../../apps/server/src/modules/mail/outbox.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let t: TestApp;
const ATTACKER_PASSWORD = 'Attaquant-42';
const VICTIM_PASSWORD = 'Victime-Choisi7';
type Headers = Record<string, string>;

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Headers = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers, remoteAddress: nextAddress() });
}
const bearer = (token: unknown): Headers => ({ authorization: `Bearer ${String(token)}` });

async function tokenMailed(to: string, kind: 'email_verification' | 'password_reset' | 'email_change'): Promise<string> {
  const mail = await latestOutboxMail(t.database.db, { to, kind });
  const link = linksIn(mail?.text ?? '').find((url) => url.includes('token='));
  if (!link) throw new Error(`no ${kind} link mailed to ${to}`);
  return new URL(link).searchParams.get('token') ?? '';
}

async function register(email: string): Promise<Headers> {
  const response = await call('POST', '/api/auth/register', {
    first_name: 'Mallory',
    last_name: 'Intrus',
    email,
    phone: '06 00 00 00 01',
    password: ATTACKER_PASSWORD,
    confirmPassword: ATTACKER_PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(201);
  return bearer(response.json<{ token: string }>().token);
}

async function storeCustomer(email: string, lastName: string): Promise<number> {
  const [customer] = await t.database.db
    .insert(customers)
    .values({ firstName: 'Victoire', lastName, email, mobile: '0677889900', address1: '8 allée des Pins', city: 'Le Teich', postcode: '33470', loyaltyBalanceCents: 4200 })
    .returning();
  const id = customer?.id ?? 0;
  const [ticket] = await t.database.db.insert(tickets).values({ ticketNumber: `T-${id}900`, customerId: id, status: 'Repaired', totalCents: 5900 }).returning();
  await t.database.db.insert(invoices).values({ invoiceNumber: `F-${id}900`, customerId: id, ticketId: ticket?.id ?? null, status: 'Unpaid', subtotalCents: 4917, taxCents: 983, totalCents: 5900 });
  return id;
}

async function account(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** What the attacker's session can see of the victim's store records. */
async function seesVictim(headers: Headers, customerId: number): Promise<boolean> {
  const invoiceList = await call('GET', '/api/repairdesk/invoices', undefined, headers);
  const own = await call('GET', `/api/repairdesk/customers/${customerId}`, undefined, headers);
  const listed = invoiceList.statusCode === 200 && invoiceList.json<{ data: { customer_id?: number }[] }>().data.length > 0;
  return listed || own.statusCode === 200;
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'false' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('1. a reset token never proves another address', () => {
  it('register → reset link → change e-mail to a customer’s → spend the old link: refused, nothing linked', async () => {
    const victimId = await storeCustomer('victoire.reset@exemple.fr', 'Reset');
    const attacker = await register('mallory.reset@exemple.fr');
    await call('POST', '/api/password-reset/forgot', { email: 'mallory.reset@exemple.fr' });
    const resetToken = await tokenMailed('mallory.reset@exemple.fr', 'password_reset');

    // The change itself needs the password (the attacker knows his own) and only becomes pending.
    const changed = await call('PUT', '/api/account/profile', { first_name: 'M', last_name: 'I', email: 'victoire.reset@exemple.fr', current_password: ATTACKER_PASSWORD }, attacker);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ verificationSent: true, data: { pending_email: 'victoire.reset@exemple.fr', profile: { email: 'mallory.reset@exemple.fr' } } });

    for (const email of ['victoire.reset@exemple.fr', 'mallory.reset@exemple.fr']) {
      const reset = await call('POST', '/api/password-reset/reset', { token: resetToken, email, password: 'Nouveau-123', confirmPassword: 'Nouveau-123' });
      expect(reset.statusCode, `reset spent with ${email}`).toBe(400);
      expect(frenchMessageProblem(reset)).toBeNull();
      expect((await call('POST', '/api/password-reset/verify-token', { token: resetToken, email })).statusCode).toBe(400);
    }
    const row = await account('mallory.reset@exemple.fr');
    expect(row).toMatchObject({ repairCustomerId: null, emailVerifiedAt: null, pendingEmail: 'victoire.reset@exemple.fr' });
    expect(await account('victoire.reset@exemple.fr')).toBeUndefined();
    expect(await seesVictim(attacker, victimId)).toBe(false);
  });

  it('a verification link mailed before an e-mail change proves nothing after it', async () => {
    await storeCustomer('victoire.verif@exemple.fr', 'Verif');
    const attacker = await register('mallory.verif@exemple.fr');
    const verificationToken = await tokenMailed('mallory.verif@exemple.fr', 'email_verification');
    const changed = await call('PUT', '/api/account/profile', { first_name: 'M', last_name: 'I', email: 'victoire.verif@exemple.fr', current_password: ATTACKER_PASSWORD }, attacker);
    expect(changed.statusCode).toBe(200);
    const used = await call('POST', '/api/email-verification/verify', { token: verificationToken, password: ATTACKER_PASSWORD, confirmPassword: ATTACKER_PASSWORD }, attacker);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ message: accountMessages.tokenInvalid });
    expect(await account('mallory.verif@exemple.fr')).toMatchObject({ repairCustomerId: null, emailVerifiedAt: null });
  });

  it('the link proving a new address goes to that address only, and the old address is told', async () => {
    const attacker = await register('mallory.boite@exemple.fr');
    await call('PUT', '/api/account/profile', { first_name: 'M', last_name: 'I', email: 'victoire.boite@exemple.fr', current_password: ATTACKER_PASSWORD }, attacker);
    expect(await listOutbox(t.database.db, { to: 'mallory.boite@exemple.fr', kind: 'email_change' })).toEqual([]);
    expect(await listOutbox(t.database.db, { to: 'victoire.boite@exemple.fr', kind: 'email_change' })).toHaveLength(1);
    const notice = await listOutbox(t.database.db, { to: 'mallory.boite@exemple.fr', kind: 'email_change_notice' });
    expect(notice).toHaveLength(1);
    expect(notice[0]?.text).toContain('victoire.boite@exemple.fr');
  });
});

describe('2. e-mail change is a guarded operation', () => {
  it('needs the current password, ends the other sessions, and takes effect only with the new address’s link', async () => {
    const first = await register('claire.change@exemple.fr');
    const verifyToken = await tokenMailed('claire.change@exemple.fr', 'email_verification');
    expect((await call('POST', '/api/email-verification/verify', { token: verifyToken }, first)).statusCode).toBe(200);
    const second = bearer((await call('POST', '/api/auth/login', { email: 'claire.change@exemple.fr', password: ATTACKER_PASSWORD })).json<{ token: string }>().token);

    const body = { first_name: 'Claire', last_name: 'Change', email: 'claire.nouvelle@exemple.fr' };
    const without = await call('PUT', '/api/account/profile', body, first);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ message: accountMessages.currentPasswordRequired });
    const wrong = await call('PUT', '/api/account/profile', { ...body, current_password: 'PasLeBon-1' }, first);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: accountMessages.wrongPassword });
    expect(await account('claire.change@exemple.fr')).toMatchObject({ pendingEmail: null });

    const asked = await call('PUT', '/api/account/profile', { ...body, current_password: ATTACKER_PASSWORD }, first);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ message: accountMessages.emailChangeSent });
    expect((await call('POST', '/api/auth/verify-session', {}, second)).statusCode, 'the other session ends').toBe(401);
    expect((await call('POST', '/api/auth/verify-session', {}, first)).statusCode, 'the asking session stays').toBe(200);
    // Until the new address is proven, the login and the mail stay on the old one.
    expect((await call('POST', '/api/auth/login', { email: 'claire.change@exemple.fr', password: ATTACKER_PASSWORD })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/login', { email: 'claire.nouvelle@exemple.fr', password: ATTACKER_PASSWORD })).statusCode).toBe(401);

    const changeToken = await tokenMailed('claire.nouvelle@exemple.fr', 'email_change');
    const proven = await call('POST', '/api/email-verification/verify', { token: changeToken }, first);
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toMatchObject({ message: accountMessages.emailChanged, email: 'claire.nouvelle@exemple.fr', signedIn: false });
    expect(await account('claire.nouvelle@exemple.fr')).toMatchObject({ pendingEmail: null });
    expect((await call('POST', '/api/auth/login', { email: 'claire.nouvelle@exemple.fr', password: ATTACKER_PASSWORD })).statusCode).toBe(200);
    // Single use: opened again, the link only says the address is already proven (issue 22 §4.3), changes nothing, signs nobody in.
    const again = await call('POST', '/api/email-verification/verify', { token: changeToken, password: 'Autre-Mot-2passe!', confirmPassword: 'Autre-Mot-2passe!' });
    expect(again.statusCode, 'single use').toBe(200);
    expect(again.json()).toMatchObject({ message: accountMessages.emailAlreadyVerified, signedIn: false });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await call('POST', '/api/auth/login', { email: 'claire.nouvelle@exemple.fr', password: 'Autre-Mot-2passe!' })).statusCode).toBe(401);
  });
});

describe('3. a pre-registered account cannot capture a customer', () => {
  it('the attacker registers a customer’s address; the customer’s click on the genuine mail locks the attacker out', async () => {
    const victimId = await storeCustomer('victoire.capture@exemple.fr', 'Capture');
    const attacker = await register('victoire.capture@exemple.fr');
    const token = await tokenMailed('victoire.capture@exemple.fr', 'email_verification');

    // The customer opens the link (no session of that account in her browser): a password is asked.
    const asked = await call('POST', '/api/email-verification/verify', { token });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'PASSWORD_REQUIRED' });
    expect(frenchMessageProblem(asked)).toBeNull();
    expect(await seesVictim(attacker, victimId)).toBe(false);

    const proven = await call('POST', '/api/email-verification/verify', { token, password: VICTIM_PASSWORD, confirmPassword: VICTIM_PASSWORD });
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toMatchObject({ signedIn: true });
    expect((await call('POST', '/api/auth/verify-session', {}, attacker)).statusCode, 'attacker’s session').toBe(401);
    expect((await call('POST', '/api/auth/login', { email: 'victoire.capture@exemple.fr', password: ATTACKER_PASSWORD })).statusCode, 'attacker’s password').toBe(401);
    const victim = bearer((await call('POST', '/api/auth/login', { email: 'victoire.capture@exemple.fr', password: VICTIM_PASSWORD })).json<{ token: string }>().token);
    expect(await seesVictim(victim, victimId)).toBe(true);
  });

  it('even the attacker’s own session cannot finish the proof without choosing a password (it opens store data)', async () => {
    await storeCustomer('victoire.session@exemple.fr', 'Session');
    const attacker = await register('victoire.session@exemple.fr');
    const token = await tokenMailed('victoire.session@exemple.fr', 'email_verification');
    expect((await call('POST', '/api/email-verification/verify', { token }, attacker)).statusCode).toBe(409);
  });
});

describe('4. no store-customer oracle', () => {
  it('a store customer’s address and an unknown one get the same answer, with nothing of the store record', async () => {
    await storeCustomer('victoire.oracle@exemple.fr', 'Oracle');
    const known = await call('POST', '/api/auth/check-email-availability', { email: 'victoire.oracle@exemple.fr' });
    const unknown = await call('POST', '/api/auth/check-email-availability', { email: 'personne.oracle@exemple.fr' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.body).not.toMatch(/Victoire|Oracle|Le Teich|O\./);
    const exists = await call('POST', '/api/mysql-auth/check-email', { email: 'victoire.oracle@exemple.fr' });
    expect(exists.json()).toMatchObject({ exists: false });
  });
});
