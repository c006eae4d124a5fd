/**
 * Customer accounts end to end through the real routes, the real outbox (mails read back from the
 * mail_outbox table, links followed as a customer would) and the real repair tables.
 */
import { accountMessages } from '@erepare/shared/schemas/account';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, customers, sessions, users } from '../../db/schema.js';
import { latestOutboxMail, linksIn, listOutbox } from '../mail/outbox.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let ipCounter = 0;
const PASSWORD = 'Motdepasse1';
let aliceCustomerId = 0;
/** The password chosen by whoever proves alice.pro@… (the person who set the account up before loses it). */
const ALICE_PASSWORD = 'Alice-Prouve1';
let camilleSession: Record<string, string> = {};

type Envelope = Record<string, unknown> & { success: boolean; message: string };

/** Each call from its own address, so the per-IP limits of one test do not leak into another. */
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  ipCounter += 1;
  return t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers, remoteAddress: remoteAddress ?? `10.50.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}` });
}
const json = (response: Awaited<ReturnType<typeof call>>) => response.json<Envelope>();
const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });

function registration(email: string, extra: Record<string, unknown> = {}) {
  return { first_name: 'Camille', last_name: 'Martin', email, phone: '06 11 22 33 44', city: 'Arcachon', postal_code: '33120', accountType: 'Client', password: PASSWORD, confirmPassword: PASSWORD, ...extra };
}

async function tokenFromMail(to: string, kind: 'email_verification' | 'password_reset'): Promise<string> {
  const mail = await latestOutboxMail(t.database.db, { to, kind });
  const link = linksIn(mail?.text ?? '').find((url) => url.includes('token='));
  if (!link) throw new Error(`no ${kind} link mailed to ${to}`);
  return new URL(link).searchParams.get('token') ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  const [alice] = await t.database.db
    .insert(customers)
    .values({ firstName: 'Alice', lastName: 'Dufresne', email: 'alice.principale@exemple.fr', emails: ['alice.pro@exemple.fr'], mobile: '0699001122', address1: '3 rue des Huîtres', city: 'Gujan-Mestras', postcode: '33470', loyaltyBalanceCents: 1500 })
    .returning();
  aliceCustomerId = alice?.id ?? 0;
});

afterAll(async () => {
  await t.close();
});

describe('registration and e-mail verification', () => {
  it('creates an unverified, unlinked account, signs it in and mails a verification link', async () => {
    const response = await call('POST', '/api/auth/register', registration('camille.martin@exemple.fr', { email_opt_in: true }));
    expect(response.statusCode).toBe(201);
    const body = json(response);
    expect(body).toMatchObject({ success: true, message: 'Compte créé avec succès ! Vous recevrez un email de confirmation.', user: { email: 'camille.martin@exemple.fr', repairdesk_customer_id: null, email_verified: false, first_name: 'Camille' } });
    expect(String(response.headers['set-cookie'])).toContain('erepare_session=');
    camilleSession = bearer(body.token);
    const profile = await call('GET', '/api/account/profile', undefined, bearer(body.token));
    expect(json(profile).data).toMatchObject({ linked: false, profile: { email_opt_in: 1, sms_opt_in: 0 } });
    expect(await tokenFromMail('camille.martin@exemple.fr', 'email_verification')).toHaveLength(43);
  });

  it('refuses a taken address, a short password and different passwords with the French messages', async () => {
    const taken = await call('POST', '/api/auth/register', registration('CAMILLE.martin@exemple.fr '));
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toContain('déjà utilisée');
    const short = await call('POST', '/api/auth/register', registration('court@exemple.fr', { password: 'Ab1', confirmPassword: 'Ab1' }));
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toContain('Le mot de passe doit contenir au moins 8 caractères');
    const differ = await call('POST', '/api/auth/register', registration('differ@exemple.fr', { confirmPassword: 'Autre1234' }));
    expect(differ.statusCode).toBe(400);
    expect(json(differ).message).toContain('Les mots de passe ne correspondent pas');
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.email} in ('court@exemple.fr', 'differ@exemple.fr')`);
    expect(count?.n).toBe(0);
  });

  it("registering someone else's address reveals and links nothing until the address is proven", async () => {
    // No store-customer oracle: a store customer's address answers exactly as an unknown one.
    const check = await call('POST', '/api/auth/check-email-availability', { email: ' Alice.PRO@exemple.fr ' });
    const unknown = await call('POST', '/api/auth/check-email-availability', { email: 'personne.inconnue@exemple.fr' });
    expect(json(check)).toEqual(json(unknown));
    expect(json(check)).toMatchObject({ recommendedAction: 'create_new', repairDeskData: null });
    expect(check.body).not.toMatch(/Alice|0699001122|Huîtres|Dufresne|33470|Gujan/);
    const response = await call('POST', '/api/auth/register', registration('alice.pro@exemple.fr', { first_name: 'Intrus', last_name: 'Inconnu' }));
    const token = json(response).token;
    expect(json(response).user).toMatchObject({ repairdesk_customer_id: null });
    expect((await call('GET', `/api/repairdesk/customers/${aliceCustomerId}`, undefined, bearer(token))).statusCode).toBe(404);
    const invoices = await call('GET', '/api/repairdesk/invoices', undefined, bearer(token));
    expect(json(invoices).data).toEqual([]);
    const profile = await call('GET', '/api/account/profile', undefined, bearer(token));
    expect(profile.body).not.toMatch(/0699001122|Huîtres|Dufresne/);
  });

  it('the verification link proves the address: the account is linked to the store record and completed from it, once', async () => {
    const verificationToken = await tokenFromMail('alice.pro@exemple.fr', 'email_verification');
    const intruder = await call('POST', '/api/auth/login', { email: 'alice.pro@exemple.fr', password: PASSWORD });
    const intruderSession = bearer(json(intruder).token);
    // The proof opens a store record: whoever proves the address chooses the password now.
    const asked = await call('POST', '/api/email-verification/verify', { token: verificationToken });
    expect(asked.statusCode).toBe(409);
    expect(json(asked)).toMatchObject({ code: 'PASSWORD_REQUIRED', message: accountMessages.passwordRequiredForProof });
    const [still] = await t.database.db.select().from(users).where(eq(users.email, 'alice.pro@exemple.fr'));
    expect(still).toMatchObject({ repairCustomerId: null, emailVerifiedAt: null });
    // Even the session of the account set up before the proof must choose one.
    expect((await call('POST', '/api/email-verification/verify', { token: verificationToken }, intruderSession)).statusCode).toBe(409);
    const verified = await call('POST', '/api/email-verification/verify', { token: verificationToken, password: ALICE_PASSWORD, confirmPassword: ALICE_PASSWORD });
    expect(json(verified)).toMatchObject({ success: true, message: 'Adresse e-mail vérifiée\u00a0! Vous pouvez maintenant vous connecter.', signedIn: true, email: 'alice.pro@exemple.fr' });
    expect(String(verified.headers['set-cookie'])).toContain('erepare_session=');
    expect((await call('POST', '/api/auth/verify-session', {}, intruderSession)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', { email: 'alice.pro@exemple.fr', password: PASSWORD })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', { email: 'alice.pro@exemple.fr', password: ALICE_PASSWORD })).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'alice.pro@exemple.fr'));
    expect(user).toMatchObject({ repairCustomerId: aliceCustomerId, firstName: 'Intrus', address: '3 rue des Huîtres', postalCode: '33120' });
    expect(user?.emailVerifiedAt).not.toBeNull();
    // Opened again (issue 22 §4.3): « déjà vérifiée », and nothing else: no session, a password sent along is ignored.
    const again = await call('POST', '/api/email-verification/verify', { token: verificationToken, password: 'Autre-Mot-2passe!', confirmPassword: 'Autre-Mot-2passe!' });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ success: true, message: accountMessages.emailAlreadyVerified, signedIn: false, email: 'alice.pro@exemple.fr' });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await call('POST', '/api/auth/login', { email: 'alice.pro@exemple.fr', password: 'Autre-Mot-2passe!' })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', { email: 'alice.pro@exemple.fr', password: ALICE_PASSWORD })).statusCode).toBe(200);
    expect((await call('POST', '/api/email-verification/verify', { token: 'x'.repeat(43) })).statusCode).toBe(400);
  });

  it('a verified address unknown to the store gets a new store record with the user’s own marketing choices', async () => {
    const token = await tokenFromMail('camille.martin@exemple.fr', 'email_verification');
    // Opened in another browser, the link asks for the password too; in the one that registered, it does not.
    expect((await call('POST', '/api/email-verification/verify', { token })).statusCode).toBe(409);
    const verified = await call('POST', '/api/email-verification/verify', { token }, camilleSession);
    expect(json(verified)).toMatchObject({ success: true, signedIn: false });
    expect((await call('POST', '/api/auth/verify-session', {}, camilleSession)).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'camille.martin@exemple.fr'));
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, user?.repairCustomerId ?? 0));
    expect(customer).toMatchObject({ email: 'camille.martin@exemple.fr', firstName: 'Camille', mobile: '06 11 22 33 44', emailOptIn: true, smsOptIn: false, country: 'France' });
  });

  it('check-email and the three outcomes of the availability check', async () => {
    expect(json(await call('POST', '/api/mysql-auth/check-email', { email: 'camille.martin@exemple.fr' }))).toMatchObject({ success: true, exists: true });
    expect(json(await call('POST', '/api/mysql-auth/check-email', { email: 'personne@exemple.fr' }))).toMatchObject({ exists: false });
    expect(json(await call('POST', '/api/auth/check-email-availability', { email: 'camille.martin@exemple.fr' }))).toMatchObject({ recommendedAction: 'login_existing', available: false });
    expect(json(await call('POST', '/api/auth/check-email-availability', { email: 'personne@exemple.fr' }))).toMatchObject({ recommendedAction: 'create_new', repairDeskData: null });
    expect((await call('POST', '/api/auth/check-email-availability', { email: 'pas-une-adresse' })).statusCode).toBe(400);
  });

  it('resend answers neutrally and mails only an unverified account', async () => {
    await call('POST', '/api/auth/register', registration('lent@exemple.fr'));
    const before = (await listOutbox(t.database.db, { to: 'lent@exemple.fr', kind: 'email_verification' })).length;
    for (const email of ['lent@exemple.fr', 'personne@exemple.fr', 'camille.martin@exemple.fr']) {
      expect(json(await call('POST', '/api/email-verification/resend', { email }))).toMatchObject({ success: true });
    }
    expect((await listOutbox(t.database.db, { to: 'lent@exemple.fr', kind: 'email_verification' })).length).toBe(before + 1);
    expect(await listOutbox(t.database.db, { to: 'personne@exemple.fr' })).toEqual([]);
    expect((await listOutbox(t.database.db, { to: 'camille.martin@exemple.fr', kind: 'email_verification' })).length).toBe(1);
    expect(json(await call('POST', '/api/email-verification/resend', { email: 'sans-arobase' })).message).toContain('Veuillez entrer une adresse e-mail valide');
  });
});

describe('sign-up e-mails', () => {
  it('mail only the shop and the account’s own address, once, and need the session', async () => {
    expect((await call('POST', '/api/email/signup', { email: 'victime@exemple.fr' })).statusCode).toBe(401);
    const registered = await call('POST', '/api/auth/register', registration('nouveau@exemple.fr'));
    const headers = bearer(json(registered).token);
    for (let index = 0; index < 2; index += 1) {
      expect((await call('POST', '/api/email/signup', { email: 'victime@exemple.fr', firstName: 'X' }, headers)).statusCode).toBe(200);
    }
    expect(await listOutbox(t.database.db, { to: 'victime@exemple.fr' })).toEqual([]);
    expect(await listOutbox(t.database.db, { to: 'nouveau@exemple.fr', kind: 'account_created' })).toHaveLength(1);
    const notices = await listOutbox(t.database.db, { to: defaultStoreProfile.email, kind: 'signup_notice' });
    expect(notices.filter((mail) => mail.text.includes('nouveau@exemple.fr'))).toHaveLength(1);
  });
});

describe('password reset', () => {
  it('answers the same for any address and mails a 1-hour link only to an account', async () => {
    const known = await call('POST', '/api/password-reset/forgot', { email: 'camille.martin@exemple.fr' });
    const unknown = await call('POST', '/api/password-reset/forgot', { email: 'inconnu@exemple.fr' });
    expect(json(known).message).toBe(json(unknown).message);
    expect(await listOutbox(t.database.db, { to: 'inconnu@exemple.fr' })).toEqual([]);
    const token = await tokenFromMail('camille.martin@exemple.fr', 'password_reset');
    const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.kind, 'password_reset')).orderBy(sql`${authTokens.id} desc`).limit(1);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(row?.tokenHash).not.toBe(token);
    expect(json(await call('POST', '/api/password-reset/verify-token', { token, email: 'camille.martin@exemple.fr' }))).toMatchObject({ success: true });
    expect((await call('POST', '/api/password-reset/verify-token', { token, email: 'autre@exemple.fr' })).statusCode).toBe(400);
  });

  it('sets the new password once, closes every session, and the old password stops working', async () => {
    const login = await call('POST', '/api/auth/login', { email: 'camille.martin@exemple.fr', password: PASSWORD });
    const oldSession = bearer(json(login).token);
    const token = await tokenFromMail('camille.martin@exemple.fr', 'password_reset');
    const differ = await call('POST', '/api/password-reset/reset', { token, email: 'camille.martin@exemple.fr', password: 'Nouveau123', confirmPassword: 'Nouveau124' });
    expect(json(differ).message).toContain('Les mots de passe ne correspondent pas');
    const done = await call('POST', '/api/password-reset/reset', { token, email: 'camille.martin@exemple.fr', password: 'Nouveau123', confirmPassword: 'Nouveau123' });
    expect(json(done)).toMatchObject({ success: true });
    expect((await call('POST', '/api/auth/verify-session', {}, oldSession)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', { email: 'camille.martin@exemple.fr', password: PASSWORD })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', { email: 'camille.martin@exemple.fr', password: 'Nouveau123' })).statusCode).toBe(200);
    const reused = await call('POST', '/api/password-reset/reset', { token, email: 'camille.martin@exemple.fr', password: 'Encore1234', confirmPassword: 'Encore1234' });
    expect(reused.statusCode).toBe(400);
    expect(json(reused).message).toBe('Lien ou code invalide ou expiré');
  });

  it('an expired link is refused, and a new request makes the older link useless', async () => {
    await call('POST', '/api/password-reset/forgot', { email: 'nouveau@exemple.fr' });
    const first = await tokenFromMail('nouveau@exemple.fr', 'password_reset');
    await call('POST', '/api/password-reset/forgot', { email: 'nouveau@exemple.fr' });
    const second = await tokenFromMail('nouveau@exemple.fr', 'password_reset');
    expect((await call('POST', '/api/password-reset/verify-token', { token: first, email: 'nouveau@exemple.fr' })).statusCode).toBe(400);
    await t.database.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.kind, 'password_reset'));
    expect((await call('POST', '/api/password-reset/verify-token', { token: second, email: 'nouveau@exemple.fr' })).statusCode).toBe(400);
  });

  it('limits requests per address with a French 429', async () => {
    let last = await call('POST', '/api/password-reset/forgot', { email: 'cible@exemple.fr' });
    for (let index = 0; index < 5; index += 1) last = await call('POST', '/api/password-reset/forgot', { email: 'cible@exemple.fr' });
    expect(last.statusCode).toBe(429);
    expect(json(last).message).toBe('Trop de demandes. Veuillez réessayer dans quelques minutes.');
  });
});

describe('profile and personal data', () => {
  it('edits the profile (and the linked store record), refuses sync when not linked', async () => {
    const login = await call('POST', '/api/auth/login', { email: 'alice.pro@exemple.fr', password: ALICE_PASSWORD });
    const headers = bearer(json(login).token);
    const saved = await call('PUT', '/api/account/profile', { first_name: ' Alice\u0000 ', last_name: 'Dufresne', email: 'alice.pro@exemple.fr', city: 'La Teste-de-Buch', orgonization: 'Huîtres & Cie', sms_opt_in: 1 }, headers);
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data).toMatchObject({ linked: true, loyalty_balance: 15, profile: { first_name: 'Alice', city: 'La Teste-de-Buch', orgonization: 'Huîtres & Cie', sms_opt_in: 1 } });
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, aliceCustomerId));
    expect(customer).toMatchObject({ city: 'La Teste-de-Buch', organization: 'Huîtres & Cie', smsOptIn: true, email: 'alice.principale@exemple.fr' });
    expect((await call('PUT', '/api/account/profile', { first_name: '', last_name: 'X', email: 'alice.pro@exemple.fr' }, headers)).statusCode).toBe(400);
    expect((await call('PUT', '/api/account/profile', { first_name: 'A', last_name: 'X', email: 'nouveau@exemple.fr', current_password: ALICE_PASSWORD }, headers)).statusCode).toBe(409);

    const unlinked = await call('POST', '/api/auth/login', { email: 'lent@exemple.fr', password: PASSWORD });
    const sync = await call('POST', '/api/account/sync-to-store', undefined, bearer(json(unlinked).token));
    expect(sync.statusCode).toBe(409);
    expect(json(sync).message).toContain('pas encore lié');
    expect((await call('GET', '/api/account/profile')).statusCode).toBe(401);
  });

  it('exports the user’s data and deletes the login after the password, keeping the store records', async () => {
    const login = await call('POST', '/api/auth/login', { email: 'alice.pro@exemple.fr', password: ALICE_PASSWORD });
    const headers = bearer(json(login).token);
    const exported = await call('GET', '/api/account/export', undefined, headers);
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(JSON.parse(exported.body)).toMatchObject({ account: { email: 'alice.pro@exemple.fr' }, storeCustomer: { cid: aliceCustomerId } });
    expect((await call('DELETE', '/api/account', { password: 'mauvais' }, headers)).statusCode).toBe(403);
    const deleted = await call('DELETE', '/api/account', { password: ALICE_PASSWORD }, headers);
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'alice.pro@exemple.fr'))).toEqual([]);
    const [left] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.email, 'alice.pro@exemple.fr'));
    expect(left?.n).toBe(0);
    expect(await t.database.db.select().from(customers).where(eq(customers.id, aliceCustomerId))).toHaveLength(1);
    expect((await call('POST', '/api/auth/verify-session', {}, headers)).statusCode).toBe(401);
  });
});
