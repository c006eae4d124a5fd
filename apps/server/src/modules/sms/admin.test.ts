/**
 * Administration → E-mails → SMS (issue 24 §5): staff list the SMS outbox with states and errors,
 * and send a failed one again (audited); customers and visitors get nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SmsOutboxItem } from '@erepare/shared/schemas/admin-sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, smsOutbox } from '../../db/schema.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';
import { FAKE_BREVO_API_KEY } from '../../test/fakes/sms-fake.js';

let bed: AdminTestBed;
let failedId = 0;
let sentId = 0;

beforeAll(async () => {
  // SMS configured (the job is not started: rows stay as written).
  bed = await adminTestBed({ SMS_PROVIDER: 'brevo', BREVO_API_KEY: FAKE_BREVO_API_KEY, BREVO_BASE_URL: 'http://127.0.0.1:9' });
  const rows = await bed.t.database.db
    .insert(smsOutbox)
    .values([
      { kind: 'ready_for_pickup', toNumber: '+33611223344', body: 'E.repare : votre appareil (T-1) est disponible.', status: 'failed', attempts: 10, lastError: 'Brevo indisponible — HTTP 503' },
      { kind: 'booking_confirmed', toNumber: '+33755667788', body: 'E.repare : rendez-vous confirmé.', status: 'sent', attempts: 1, providerRef: '42', sentAt: new Date() },
    ])
    .returning({ id: smsOutbox.id });
  failedId = rows[0]?.id ?? 0;
  sentId = rows[1]?.id ?? 0;
});
afterAll(() => bed.t.close());

describe('GET /api/admin/sms-outbox', () => {
  it('lists the SMS, newest first, with full number, state and error, and filters by state', async () => {
    const response = await bed.call('GET', '/api/admin/sms-outbox');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json<Envelope<SmsOutboxItem[]> & { enabled: boolean }>();
    expect(body.enabled).toBe(true);
    expect(body.pagination?.total).toBe(2);
    const failed = body.data.find((item) => item.id === failedId);
    expect(failed).toMatchObject({ to: '+33611223344', status: 'failed', attempts: 10, lastError: 'Brevo indisponible — HTTP 503', kind: 'ready_for_pickup' });
    const onlyFailed = (await bed.call('GET', '/api/admin/sms-outbox?status=failed')).json<Envelope<SmsOutboxItem[]>>();
    expect(onlyFailed.data.map((item) => item.id)).toEqual([failedId]);
    const bad = await bed.call('GET', '/api/admin/sms-outbox?status=perdu');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Statut inconnu');
  });

  it('is for staff only', async () => {
    expect((await bed.call('GET', '/api/admin/sms-outbox', undefined, 'none')).statusCode).toBe(401);
    expect((await bed.call('GET', '/api/admin/sms-outbox', undefined, 'customer')).statusCode).toBe(403);
    expect((await bed.call('POST', `/api/admin/sms-outbox/${failedId}/retry`, undefined, 'customer')).statusCode).toBe(403);
    const [row] = await bed.t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, failedId));
    expect(row?.status).toBe('failed');
  });
});

describe('POST /api/admin/sms-outbox/:id/retry', () => {
  it('puts a failed SMS back in the queue for one real attempt, audited', async () => {
    const response = await bed.call('POST', `/api/admin/sms-outbox/${failedId}/retry`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<SmsOutboxItem>>().data).toMatchObject({ status: 'pending', attempts: 9 });
    const audit = await bed.t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'sms.retry'), eq(auditLog.entityId, String(failedId))));
    expect(audit).toHaveLength(1);
  });

  it('never sends a sent SMS twice, and says so in French', async () => {
    const response = await bed.call('POST', `/api/admin/sms-outbox/${sentId}/retry`);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe('Ce SMS est déjà parti\u00a0: il n’est pas renvoyé.');
    expect((await bed.call('POST', '/api/admin/sms-outbox/999999/retry')).statusCode).toBe(404);
  });
});

describe('without SMS configured', () => {
  it('lists nothing new and refuses a retry', async () => {
    const off = await adminTestBed();
    try {
      const list = (await off.call('GET', '/api/admin/sms-outbox')).json<Envelope<SmsOutboxItem[]> & { enabled: boolean }>();
      expect(list.enabled).toBe(false);
      await off.t.database.db.execute(sql`insert into sms_outbox (kind, to_number, body, status) values ('ready_for_pickup', '+33600000000', 'x', 'failed')`);
      const [row] = await off.t.database.db.select({ id: smsOutbox.id }).from(smsOutbox);
      const retry = await off.call('POST', `/api/admin/sms-outbox/${row?.id ?? 0}/retry`);
      expect(retry.statusCode).toBe(409);
      expect(retry.json<{ message: string }>().message).toMatch(/^Les SMS ne sont pas configurés/);
    } finally {
      await off.t.close();
    }
  });
});
