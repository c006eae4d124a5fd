/**
 * « Avant l’ouverture » (issue 23 §1): the checklist of the admin overview, its test mail through a
 * real SMTP server, the payment providers asked through their local fakes, and who may read it.
 */
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoLiveReport } from '@erepare/shared/schemas/go-live';
import { realProfile } from '@erepare/shared/testing/real-store-profile';
import { auditLog, mailOutbox } from '../../db/schema.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, startPaypalFake, type PaypalFake } from '../../test/fakes/paypal-fake.js';
import { startFakeSms, type FakeSms } from '../../test/fakes/sms-fake.js';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake.js';
import { signal, until } from '../../test/signals.js';
import { goLiveConsoleLines, twoFactorReadiness } from './go-live.js';

type Smtp = { port: number; received: string[]; close: () => Promise<void> };

async function startSmtp(): Promise<Smtp> {
  const received: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const item = (report: GoLiveReport, id: string) => report.items.find((entry) => entry.id === id);

describe('a fresh install (demo profile, no SMTP, on this machine)', () => {
  let bed: AdminTestBed;
  beforeAll(async () => {
    bed = await adminTestBed();
  });
  afterAll(() => bed.t.close());

  it('lists what is left, each with where it is fixed', async () => {
    const response = await bed.call('GET', '/api/admin/go-live');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const report = response.json<Envelope<GoLiveReport>>().data;
    expect(report.ready).toBe(false);
    expect(report.items.map((entry) => [entry.id, entry.done])).toEqual([
      ['profile', false],
      ['mail', false],
      ['https', false],
      ['payments', true],
      ['backup', false],
      ['two-factor', false],
      ['sms', true],
    ]);
    expect(item(report, 'sms')?.detail).toMatch(/^SMS non configuré/);
    expect(item(report, 'profile')?.problems).toContain('Coordonnées bancaires\u00a0: valeur d’exemple à remplacer.');
    expect(item(report, 'profile')?.href).toBe('/admin-dashboard?section=parametres');
    expect(item(report, 'mail')?.detail).toMatch(/^SMTP_URL n’est pas défini/);
    expect(item(report, 'payments')?.detail).toBe('Aucun paiement en ligne configuré\u00a0: virement et paiement en boutique seulement.');
    expect(item(report, 'two-factor')).toMatchObject({ done: false, href: '/admin-dashboard?section=securite' });
    expect(twoFactorReadiness({ admins: 2, adminsWithTotp: 1, required: false })).toEqual({
      done: true,
      detail: '1 administrateur sur 2 avec la double authentification (pas encore obligatoire pour toute l’équipe).',
    });
    // npm start prints the same list.
    const lines = goLiveConsoleLines(report);
    expect(lines[0]).toBe('Avant l’ouverture\u00a0: 5 points restent à régler (vue d’ensemble de l’administration).');
    expect(lines.some((line) => /^ {2}✗ Sauvegarde faite et restauration vérifiée\u00a0: Aucune sauvegarde dans .+ pour l’instant/.test(line))).toBe(true);
    expect(item(report, 'backup')?.href).toBe('/admin-dashboard?section=parametres#sauvegardes');
  });

  it('the profile item turns done once the real values are saved', async () => {
    const saved = await bed.call('PUT', '/api/admin/store-profile', realProfile());
    expect(saved.statusCode).toBe(200);
    const report = (await bed.call('GET', '/api/admin/go-live')).json<Envelope<GoLiveReport>>().data;
    expect(item(report, 'profile')).toMatchObject({ done: true, problems: [] });
  });

  it('refuses the test mail without SMTP, and changes nothing', async () => {
    const response = await bed.call('POST', '/api/admin/go-live/test-mail', {});
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/^SMTP_URL n’est pas défini/);
    expect(await bed.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'go_live_test'))).toEqual([]);
  });

  it('is for staff only', async () => {
    expect((await bed.call('GET', '/api/admin/go-live', undefined, 'none')).statusCode).toBe(401);
    expect((await bed.call('GET', '/api/admin/go-live', undefined, 'customer')).statusCode).toBe(403);
    expect((await bed.call('POST', '/api/admin/go-live/test-mail', {}, 'customer')).statusCode).toBe(403);
  });
});

describe('with SMTP and both payment providers', () => {
  let bed: AdminTestBed;
  let smtp: Smtp;
  let stripe: StripeFake;
  let paypal: PaypalFake;
  beforeAll(async () => {
    [smtp, stripe, paypal] = await Promise.all([startSmtp(), startStripeFake(), startPaypalFake()]);
    bed = await adminTestBed({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_golive12345678',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET,
      PAYPAL_API_URL: paypal.url,
    });
  });
  afterAll(async () => {
    await bed.t.close();
    await Promise.all([smtp.close(), stripe.close(), paypal.close()]);
  });

  it('asks both providers: keys accepted, the services answer', async () => {
    const report = (await bed.call('GET', '/api/admin/go-live')).json<Envelope<GoLiveReport>>().data;
    expect(item(report, 'payments')).toMatchObject({ done: true, detail: 'Stripe et PayPal\u00a0: clés acceptées, le service répond.' });
    expect(stripe.requests.some((request) => request.method === 'GET' && request.path === '/v1/payment_intents')).toBe(true);
    expect(paypal.requests.some((request) => request.path === '/v1/oauth2/token')).toBe(true);
  });

  it('the test mail goes to the staff member who asked, is audited, and the item turns done once SMTP accepted it', async () => {
    const before = (await bed.call('GET', '/api/admin/go-live')).json<Envelope<GoLiveReport>>().data;
    expect(item(before, 'mail')).toMatchObject({ done: false, action: 'test-mail' });

    const response = await bed.call('POST', '/api/admin/go-live/test-mail', {});
    expect(response.statusCode).toBe(200);
    const [row] = await bed.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'go_live_test'));
    expect(response.json<{ message: string }>().message).toBe(`E-mail de test envoyé à ${row?.toAddress}. Il apparaît ici dès que le serveur SMTP l’a accepté.`);
    const audit = await bed.t.database.db.select().from(auditLog).where(eq(auditLog.action, 'go_live.test_mail'));
    expect(audit).toHaveLength(1);

    const polls = signal();
    bed.t.app.mail.start({ onPoll: () => polls.fire() });
    const done = await until(
      async () => {
        const report = (await bed.call('GET', '/api/admin/go-live')).json<Envelope<GoLiveReport>>().data;
        return item(report, 'mail')?.done ? report : false;
      },
      'test mail sent',
      { step: () => bed.t.app.mail.kick(), done: polls },
    );
    expect(item(done, 'mail')?.detail).toMatch(/^E-mail de test remis au serveur SMTP le .+ pour /);
    expect(smtp.received).toEqual([row?.toAddress]);
  });
});

describe('a real site (https address) whose profile still holds example values (issue 23 §2)', () => {
  let bed: AdminTestBed;
  beforeAll(async () => {
    bed = await adminTestBed({ PUBLIC_URL: 'https://www.erepare.fr' });
  });
  afterAll(() => bed.t.close());

  const robots = async () => (await bed.t.app.inject({ method: 'GET', url: '/robots.txt' })).body;
  const gateways = async () => (await bed.t.app.inject({ method: 'GET', url: '/api/shop/payment-gateways' })).json<Envelope<{ id: string }[]>>().data.map((method) => method.id);

  it('closes the site to search engines and offers no bank transfer to the example account', async () => {
    expect(await robots()).toBe('# Site en cours de mise en place : rien à indexer pour le moment.\nUser-agent: *\nDisallow: /\n');
    expect(await gateways()).toEqual(['cod']);
    const report = (await bed.call('GET', '/api/admin/go-live')).json<Envelope<GoLiveReport>>().data;
    expect(item(report, 'https')).toMatchObject({ done: true, detail: 'Le site répond sur https://www.erepare.fr.' });
  });

  it('opens both once the real values are saved', async () => {
    expect((await bed.call('PUT', '/api/admin/store-profile', realProfile())).statusCode).toBe(200);
    const text = await robots();
    expect(text).toContain('Disallow: /compte');
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(await gateways()).toEqual(['bacs', 'cod']);
  });
});

describe('with SMS (Brevo) configured', () => {
  let fake: FakeSms;
  beforeAll(async () => {
    fake = await startFakeSms();
  });
  afterAll(() => fake.close());

  it('says Brevo answers and accepts the key (GET /v3/account)', async () => {
    const bed = await adminTestBed({ SMS_PROVIDER: 'brevo', BREVO_API_KEY: fake.apiKey, BREVO_BASE_URL: fake.url });
    try {
      const report = (await bed.call('GET', '/api/admin/go-live')).json<Envelope<GoLiveReport>>().data;
      expect(item(report, 'sms')).toMatchObject({ done: true, detail: 'Brevo répond et accepte la clé\u00a0; expéditeur des SMS\u00a0: Erepare.' });
      expect(fake.requests.some((request) => request.method === 'GET' && request.path === '/v3/account')).toBe(true);
    } finally {
      await bed.t.close();
    }
  });

  it('says so when Brevo refuses the key, without the key in the answer', async () => {
    const wrongKey = 'xkeysib-wrongkey00000000000000';
    const bed = await adminTestBed({ SMS_PROVIDER: 'brevo', BREVO_API_KEY: wrongKey, BREVO_BASE_URL: fake.url });
    try {
      const response = await bed.call('GET', '/api/admin/go-live');
      const report = response.json<Envelope<GoLiveReport>>().data;
      expect(item(report, 'sms')).toMatchObject({ done: false, problems: ['Brevo : clé API Brevo refusée (BREVO_API_KEY) — HTTP 401 unauthorized : Key not found'] });
      expect(response.body).not.toContain(wrongKey);
    } finally {
      await bed.t.close();
    }
  });
});
