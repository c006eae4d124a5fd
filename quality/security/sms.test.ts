/**
 * Security suite, issue 24 §5: service SMS. Nobody can make the site text a number they typed
 * (no public or customer endpoint queues an SMS; the quote form only records a consent, and only
 * when SMS is configured); nothing is queued without consent or when SMS is off; the Brevo key
 * never appears in a log line, an answer or a configuration error.
 */
import { eq, sql } from 'drizzle-orm';
import { dropOffDates } from '@erepare/shared/quote-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../apps/server/src/config.js';
import { rowsOf } from '../../apps/server/src/db/client.js';
import { quoteRequests } from '../../apps/server/src/db/schema.js';
import { quoteClock } from '../../apps/server/src/modules/quotes/routes.js';
import { createSmsService } from '../../apps/server/src/modules/sms/service.js';
import { startFakeSms, type FakeSms } from '../../apps/server/src/test/fakes/sms-fake.js';
import { registeredRoutes } from '../../apps/server/src/test/routes.js';
import { signal, until } from '../../apps/server/src/test/signals.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';

const NOW = new Date('2026-11-23T10:00:00Z');
const realClock = quoteClock.now;
const VICTIM = '06 99 88 77 66';

let fake: FakeSms;
let on: TestApp;
let off: TestApp;
let counter = 0;

const smsCount = async (t: TestApp) => Number(rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from sms_outbox`))[0]?.n ?? '0');

const quote = (smsConsent: boolean) => ({
  category: 'telephone',
  brand: 'apple',
  model: 'iPhone 13',
  fault: 'ecran',
  name: 'Léa M.',
  email: `client-sms-${(counter += 1)}@exemple.fr`,
  phone: VICTIM,
  dropOffDate: dropOffDates(NOW)[0] ?? '',
  dropOffSlot: 'matin',
  consent: true,
  smsConsent,
});

beforeAll(async () => {
  quoteClock.now = () => NOW;
  fake = await startFakeSms();
  [on, off] = await Promise.all([createTestApp({ SMS_PROVIDER: 'brevo', BREVO_API_KEY: fake.apiKey, BREVO_BASE_URL: fake.url }), createTestApp()]);
});
afterAll(async () => {
  quoteClock.now = realClock;
  await Promise.all([on?.close(), off?.close()]);
  await fake?.close();
});

describe('no SMS to a number typed by a visitor or a customer', () => {
  it('the quote form records the consent (SMS on) but texts nobody', async () => {
    const response = await on.app.inject({ method: 'POST', url: '/api/quotes', payload: quote(true), remoteAddress: '10.9.0.1' });
    expect(response.statusCode, response.body).toBe(200);
    const { reference } = response.json<{ reference: string }>();
    const [row] = await on.database.db.select().from(quoteRequests).where(eq(quoteRequests.reference, reference));
    expect(row?.smsConsent).toBe(true);
    expect(await smsCount(on)).toBe(0);
  });

  it('no public or customer route queues an SMS, whatever number its body carries', async () => {
    const customer = await signedInUser(on.app, on.database.db, { email: 'client.sms.secu@exemple.fr' });
    const routes = registeredRoutes(on.app).filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.url.startsWith('/api/') && !route.url.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThan(20);
    const bodies = [
      { phone: VICTIM, to: '+33699887766', recipient: '33699887766', number: VICTIM, mobile: VICTIM, telephone: VICTIM, smsConsent: true, consent: true, sms: true, email: 'victime@exemple.fr', message: 'Bonjour' },
      { ...quote(true), ticketNumber: 'T-1', status: 'Ready for pickup' },
    ];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');
      for (const [index, payload] of bodies.entries()) {
        for (const headers of [{}, customer.headers]) {
          counter += 1;
          await on.app.inject({ method: route.method as 'POST', url, payload, headers, remoteAddress: `10.9.${index + 1}.${counter % 250}` });
        }
      }
    }
    expect(await smsCount(on)).toBe(0);
    // And the running job has nothing to send.
    const polls = signal();
    on.app.sms.start({ onPoll: () => polls.fire(), pollIntervalMs: 60_000 });
    await until(() => polls.count > 0, 'SMS job poll', { step: () => on.app.sms.kick(), done: polls });
    expect(fake.messages).toHaveLength(0);
  });
});

describe('no SMS without consent, nor when SMS is off', () => {
  it('queues nothing without consent', async () => {
    expect(await on.app.sms.queue(on.database.db, { kind: 'ready_for_pickup', to: VICTIM, body: 'x', consent: false })).toBe(false);
    expect(await smsCount(on)).toBe(0);
  });

  it('SMS off: the consent of the quote form is not stored, nothing is queued even with consent', async () => {
    expect(off.app.sms.enabled).toBe(false);
    const response = await off.app.inject({ method: 'POST', url: '/api/quotes', payload: quote(true), remoteAddress: '10.9.0.2' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await off.database.db.select().from(quoteRequests).where(eq(quoteRequests.reference, response.json<{ reference: string }>().reference));
    expect(row?.smsConsent).toBe(false);
    expect(await off.app.sms.queue(off.database.db, { kind: 'ready_for_pickup', to: VICTIM, body: 'x', consent: true })).toBe(false);
    expect(await smsCount(off)).toBe(0);
  });
});

describe('the Brevo key stays secret', () => {
  it('travels in the api-key header only, never in a log line (even when refused)', async () => {
    const wrong = 'xkeysib-0123456789abcdef-notTheRightOne';
    const config = loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'brevo', BREVO_API_KEY: wrong, BREVO_BASE_URL: fake.url });
    const lines: string[] = [];
    const log = { warn: (context: object, message: string) => lines.push(JSON.stringify({ context, message })), error: (context: object, message: string) => lines.push(JSON.stringify({ context, message })) };
    const polls = signal();
    const sms = createSmsService(config, on.database.db, log, { now: () => NOW, job: { pollIntervalMs: 60_000, onPoll: () => polls.fire() } });
    try {
      await sms.queue(on.database.db, { kind: 'ready_for_pickup', to: '0611111111', body: 'Test', consent: true });
      sms.start();
      await until(() => lines.length > 0, 'log line', { step: () => sms.kick(), done: polls });
      expect(lines.join('\n')).toContain('clé API Brevo refusée');
      expect(lines.join('\n')).not.toContain(wrong);
      const stored = rowsOf<{ last_error: string }>(await on.database.db.execute(sql`select coalesce(last_error, '') as last_error from sms_outbox`));
      expect(stored.map((row) => row.last_error).join('\n')).not.toContain(wrong);
      const refused = fake.requests.filter((request) => request.status === 401);
      expect(refused.length).toBeGreaterThan(0);
      expect(JSON.stringify(refused.map((request) => request.body))).not.toContain(wrong);
    } finally {
      await sms.stop();
      await on.database.db.execute(sql`delete from sms_outbox`);
    }
  });

  it('is in no answer of the API (every GET route, as staff) and in no configuration error', async () => {
    const admin = await signedInUser(on.app, on.database.db, { email: 'staff.sms.secu@exemple.fr', role: 'admin' });
    const routes = registeredRoutes(on.app).filter((route) => route.method === 'GET' && route.url.startsWith('/api/'));
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');
      const response = await on.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.body, url).not.toContain(fake.apiKey);
    }
    let error: unknown;
    try {
      loadConfig({ SMS_PROVIDER: 'brevo', BREVO_API_KEY: 'xkeysib secret with spaces!' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('BREVO_API_KEY');
    expect((error as Error).message).not.toContain('secret with spaces');
  });
});
