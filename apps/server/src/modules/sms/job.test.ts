import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { FAKE_BREVO_API_KEY, startFakeSms, type FakeSms } from '../../test/fakes/sms-fake.js';
import { signal, until, type Signal } from '../../test/signals.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { SmsJobOptions } from './job.js';
import { createSmsService, type SmsService } from './service.js';

/** The SMS job against the local Brevo fake (a real HTTP server speaking Brevo's format). */

type Row = { id: number; status: string; attempts: number; last_error: string | null; provider_ref: string | null; next_attempt_at: Date | string; to_number: string };
type LogLine = { level: 'warn' | 'error'; context: object; message: string };

let t: TestApp;
let fake: FakeSms;
const services: SmsService[] = [];

beforeAll(async () => {
  [t, fake] = await Promise.all([createTestApp(), startFakeSms()]);
});
afterAll(async () => {
  await Promise.all([t.close(), fake.close()]);
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.stop()));
  await t.database.db.execute(sql`delete from sms_outbox`);
  fake.reset();
});

/** 09:00 or 10:00 in Paris, two days ago (rows queued "now" by this clock are due for the database at once, never in quiet hours). */
function daytime(): Date {
  const day = new Date(Date.now() - 2 * 24 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${day}T08:00:00Z`);
}

function service(options: { apiKey?: string; now?: () => Date; job?: SmsJobOptions; enabled?: boolean } = {}) {
  const lines: LogLine[] = [];
  const polls: Signal = signal();
  const log = {
    warn: (context: object, message: string) => lines.push({ level: 'warn', context, message }),
    error: (context: object, message: string) => lines.push({ level: 'error', context, message }),
  };
  const sms = createSmsService(
    { sms: options.enabled === false ? null : { provider: 'brevo', apiKey: options.apiKey ?? FAKE_BREVO_API_KEY, sender: 'Erepare', baseUrl: fake.url } },
    t.database.db,
    log,
    { now: options.now ?? (() => new Date(0)), job: { pollIntervalMs: 60_000, retryBaseMs: 1, retryMaxMs: 1, onPoll: () => polls.fire(), ...options.job } },
  );
  services.push(sms);
  return { sms, lines, polls };
}

async function rows(): Promise<Row[]> {
  return rowsOf<Row>(await t.database.db.execute(sql`select id, status, attempts, last_error, provider_ref, next_attempt_at, to_number from sms_outbox order by id`));
}

const message = { kind: 'ready_for_pickup', to: '06 12 34 56 78', body: 'E.repare : votre appareil (T-1234) est disponible au retrait en boutique.', consent: true } as const;

describe('SMS job', () => {
  it('sends a queued SMS once, in Brevo’s wire format, and records its reference', async () => {
    const { sms, polls } = service({ now: daytime });
    expect(await sms.queue(t.database.db, message)).toBe(true);
    sms.start();
    const sent = await until(async () => (await rows()).find((row) => row.status === 'sent'), 'sent SMS', { step: () => sms.kick(), done: polls });
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({ sender: 'Erepare', recipient: '33612345678', content: message.body, type: 'transactional', tag: 'ready_for_pickup', unicodeEnabled: false });
    expect(sent.provider_ref).toBe(String(fake.messages[0]?.messageId));
    expect(fake.requests[0]?.apiKey).toBe(FAKE_BREVO_API_KEY);
    // Another poll sends nothing again.
    const next = polls.next();
    sms.kick();
    await next;
    expect(fake.messages).toHaveLength(1);
  });

  it('sends a text with letters outside GSM-7 as unicode', async () => {
    const { sms, polls } = service({ now: daytime });
    await sms.queue(t.database.db, { ...message, body: 'Votre appareil est prêt.' });
    sms.start();
    await until(() => fake.messages.length > 0, 'sent SMS', { step: () => sms.kick(), done: polls });
    expect(fake.messages[0]).toMatchObject({ content: 'Votre appareil est prêt.', unicodeEnabled: true });
  });

  it('tries again after a 5xx and a 429, then sends', async () => {
    const { sms, polls, lines } = service({ now: daytime });
    await sms.queue(t.database.db, message);
    fake.failNext(503, 1);
    sms.start();
    await until(async () => (await rows())[0]?.attempts === 1 && (await rows())[0]?.status === 'pending', 'first failure', { step: () => sms.kick(), done: polls });
    expect((await rows())[0]?.last_error).toContain('Brevo indisponible — HTTP 503');
    fake.failNext(429, 1);
    await until(async () => (await rows())[0]?.status === 'sent', 'sent SMS', { step: () => sms.kick(), done: polls });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(fake.messages).toHaveLength(1);
    expect(fake.requests.filter((request) => request.path === '/v3/transactionalSMS/send').map((request) => request.status)).toEqual([503, 429, 201]);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
  });

  it('gives up after maxAttempts (failed, logged as an error), not retrying forever', async () => {
    const { sms, polls, lines } = service({ now: daytime, job: { maxAttempts: 3 } });
    await sms.queue(t.database.db, message);
    fake.failNext(500, 100);
    sms.start();
    await until(async () => (await rows())[0]?.status === 'failed', 'failed SMS', { step: () => sms.kick(), done: polls });
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 3 });
    // More polls: nothing more is asked of Brevo.
    for (let i = 0; i < 3; i += 1) {
      const next = polls.next();
      sms.kick();
      await next;
    }
    expect(fake.requests).toHaveLength(3);
    expect(lines.at(-1)).toMatchObject({ level: 'error', message: 'SMS abandonné après échec de l’envoi (Brevo)' });
  });

  it('says clearly when Brevo refuses the key (401), without the key in the log', async () => {
    const wrongKey = 'xkeysib-wrong-key-0000000000000000';
    const { sms, polls, lines } = service({ now: daytime, apiKey: wrongKey });
    await sms.queue(t.database.db, message);
    sms.start();
    await until(() => lines.length > 0, 'log line', { step: () => sms.kick(), done: polls });
    expect(lines[0]?.level).toBe('error');
    expect(lines[0]?.message).toContain('clé API Brevo refusée (BREVO_API_KEY) — HTTP 401 unauthorized : Key not found');
    expect(JSON.stringify(lines)).not.toContain(wrongKey);
    const [row] = await rows();
    expect(row?.last_error).toContain('clé API Brevo refusée');
    expect(row?.last_error).not.toContain(wrongKey);
    // Kept for a later attempt (the key may be corrected), not sent.
    expect(row?.status).toBe('pending');
    expect(fake.messages).toHaveLength(0);
  });

  it('gives up at once when Brevo refuses the request itself (400)', async () => {
    const { sms, polls } = service({ now: daytime });
    await t.database.db.execute(sql`insert into sms_outbox (kind, to_number, body) values ('ready_for_pickup', '+12345', 'x')`);
    sms.start();
    await until(async () => (await rows())[0]?.status === 'failed', 'failed SMS', { step: () => sms.kick(), done: polls });
    expect((await rows())[0]).toMatchObject({ attempts: 1 });
    expect((await rows())[0]?.last_error).toContain('requête refusée par Brevo — HTTP 400');
  });

  it('holds an SMS queued at night until 08:00 (Paris), and a retry that would fall at night too', async () => {
    // 22:30 in Paris, two days ahead: the database sees it as the future.
    const day = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
    const night = new Date(`${day}T21:30:00Z`);
    const { sms, polls } = service({ now: () => night });
    await sms.queue(t.database.db, message);
    const [row] = await rows();
    const expected = new Date(`${new Date(night.getTime() + 24 * 3_600_000).toISOString().slice(0, 10)}T08:00:00+01:00`);
    const summer = new Date(`${new Date(night.getTime() + 24 * 3_600_000).toISOString().slice(0, 10)}T08:00:00+02:00`);
    expect([expected.getTime(), summer.getTime()]).toContain(new Date(row?.next_attempt_at ?? 0).getTime());
    sms.start();
    const next = polls.next();
    sms.kick();
    await next;
    expect(fake.requests).toHaveLength(0);
    expect((await rows())[0]?.status).toBe('pending');
  });

  it('puts a retry that would fall in the quiet hours at 08:00', async () => {
    const day = new Date(Date.now() - 2 * 24 * 3_600_000).toISOString().slice(0, 10);
    // 20:59:59 in Paris (summer or winter), two days ago: due at once; its retry (+1 min) falls at night.
    const evening = [new Date(`${day}T20:59:59+01:00`), new Date(`${day}T20:59:59+02:00`)];
    let clock = evening[0] as Date;
    const { sms, polls } = service({ now: () => clock, job: { retryBaseMs: 60_000, retryMaxMs: 60_000 } });
    // Whichever of the two is 20:59:59 in Paris that day.
    const { inSmsQuietHours } = await import('@erepare/shared/sms');
    clock = evening.find((at) => !inSmsQuietHours(at)) ?? clock;
    await sms.queue(t.database.db, message);
    fake.failNext(500, 1);
    sms.start();
    await until(async () => (await rows())[0]?.attempts === 1, 'first failure', { step: () => sms.kick(), done: polls });
    const nextDay = new Date(clock.getTime() + 24 * 3_600_000).toISOString().slice(0, 10);
    const at = new Date((await rows())[0]?.next_attempt_at ?? 0).getTime();
    expect([new Date(`${nextDay}T08:00:00+01:00`).getTime(), new Date(`${nextDay}T08:00:00+02:00`).getTime()]).toContain(at);
  });

  it('queues nothing when SMS is off, without consent, or to a number that is not a mobile', async () => {
    const off = service({ enabled: false });
    expect(off.sms.enabled).toBe(false);
    expect(await off.sms.queue(t.database.db, message)).toBe(false);
    const on = service({ now: daytime });
    expect(await on.sms.queue(t.database.db, { ...message, consent: false })).toBe(false);
    expect(await on.sms.queue(t.database.db, { ...message, to: '05 56 66 00 00' })).toBe(false);
    expect(await rows()).toHaveLength(0);
  });

  it('queues one SMS for a dedupe key, however often it is asked', async () => {
    const { sms, polls } = service({ now: daytime });
    await sms.queue(t.database.db, { ...message, dedupeKey: 'ready:T-1234' });
    await sms.queue(t.database.db, { ...message, dedupeKey: 'ready:T-1234' });
    expect(await rows()).toHaveLength(1);
    sms.start();
    await until(async () => (await rows())[0]?.status === 'sent', 'sent SMS', { step: () => sms.kick(), done: polls });
    await sms.queue(t.database.db, { ...message, dedupeKey: 'ready:T-1234' });
    const next = polls.next();
    sms.kick();
    await next;
    expect(await rows()).toHaveLength(1);
    expect(fake.messages).toHaveLength(1);
  });
});
