/**
 * The mail outbox for staff: list (no bodies), detail (with bodies), retry of a failed or waiting
 * mail (never a sent one, nor one being sent), audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCoreMessages as texts } from '@erepare/shared/schemas/admin-core';
import { auditLog, mailOutbox } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { MAIL_JOB_MAX_ATTEMPTS } from './outbox.js';

type Session = { id: number; headers: { authorization: string } };
type Item = Record<string, unknown> & { id: number; to: string; status: string; attempts: number };

let t: TestApp;
let admin: Session;
let customer: Session;
const db = () => t.database.db;
const ids: Record<'pending' | 'sending' | 'sent' | 'failed' | 'exhausted', number> = { pending: 0, sending: 0, sent: 0, failed: 0, exhausted: 0 };
const later = new Date(Date.now() + 3_600_000);

const call = (method: 'GET' | 'POST', url: string, headers?: Session['headers'], payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
const row = async (id: number) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'gerant@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'client.mails@exemple.fr' });
  const base = { kind: 'contact_message', html: '<p>Corps HTML secret</p>', text: 'Corps texte secret' };
  const rows = await db()
    .insert(mailOutbox)
    .values([
      { ...base, toAddress: 'atelier@exemple.fr', subject: 'Message du site : écran', status: 'pending' as const, nextAttemptAt: later, attempts: 2, lastError: 'connexion refusée' },
      { ...base, toAddress: 'atelier@exemple.fr', subject: 'Message du site : batterie', status: 'sending' as const, attempts: 1, lockedUntil: later },
      { ...base, toAddress: 'lea@exemple.fr', subject: 'Votre commande', status: 'sent' as const, attempts: 1, sentAt: new Date() },
      { ...base, toAddress: 'paul@exemple.fr', subject: 'Votre devis', status: 'failed' as const, attempts: 3, lastError: '550 boîte inconnue', nextAttemptAt: later },
      { ...base, toAddress: 'zoe@exemple.fr', subject: 'Vérifiez votre adresse', status: 'failed' as const, attempts: MAIL_JOB_MAX_ATTEMPTS, lastError: 'délai dépassé' },
    ])
    .returning({ id: mailOutbox.id });
  [ids.pending, ids.sending, ids.sent, ids.failed, ids.exhausted] = rows.map((created) => created.id) as [number, number, number, number, number];
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/outbox', () => {
  it('is refused without a session (401) and to a customer (403)', async () => {
    for (const url of ['/api/admin/outbox', `/api/admin/outbox/${ids.sent}`]) {
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, customer.headers)).statusCode).toBe(403);
    }
  });

  it('lists the mails newest first without their bodies, paged, by status and by recipient or subject', async () => {
    const response = await call('GET', '/api/admin/outbox?pageSize=100', admin.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: Item[]; pagination: { total: number } }>();
    const mine = body.data.filter((item) => Object.values(ids).includes(item.id));
    expect(mine.map((item) => item.id)).toEqual([ids.exhausted, ids.failed, ids.sent, ids.sending, ids.pending]);
    expect(mine[1]).toMatchObject({ kind: 'contact_message', to: 'paul@exemple.fr', subject: 'Votre devis', status: 'failed', attempts: 3, lastError: '550 boîte inconnue', sentAt: null });
    expect(mine[2]?.sentAt).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toContain('Corps');
    const failed = (await call('GET', '/api/admin/outbox?status=failed', admin.headers)).json<{ data: Item[] }>();
    expect(failed.data.map((item) => item.id)).toEqual([ids.exhausted, ids.failed]);
    const search = (await call('GET', '/api/admin/outbox?q=DEVIS', admin.headers)).json<{ data: Item[] }>();
    expect(search.data.map((item) => item.id)).toEqual([ids.failed]);
    const byRecipient = (await call('GET', '/api/admin/outbox?q=lea%40&pageSize=1', admin.headers)).json<{ data: Item[]; pagination: unknown }>();
    expect(byRecipient).toMatchObject({ data: [{ id: ids.sent }], pagination: { page: 1, pageSize: 1, total: 1 } });
  });

  it('refuses a bad status or page', async () => {
    expect((await call('GET', '/api/admin/outbox?status=lost', admin.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/outbox?page=-1', admin.headers)).statusCode).toBe(400);
  });

  it('shows one mail with its text and HTML; unknown is a 404', async () => {
    const response = await call('GET', `/api/admin/outbox/${ids.sent}`, admin.headers);
    expect(response.json<{ data: Item }>().data).toMatchObject({ id: ids.sent, text: 'Corps texte secret', html: '<p>Corps HTML secret</p>' });
    const missing = await call('GET', '/api/admin/outbox/999999', admin.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(texts.mailNotFound);
  });
});

describe('POST /api/admin/outbox/:id/retry', () => {
  it('is refused without a session and to a customer, changing nothing', async () => {
    expect((await call('POST', `/api/admin/outbox/${ids.failed}/retry`, undefined, {})).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/outbox/${ids.failed}/retry`, customer.headers, {})).statusCode).toBe(403);
    expect((await row(ids.failed))?.status).toBe('failed');
  });

  it('refuses a sent mail and one being sent (409), a bad or unknown id, changing nothing', async () => {
    const sent = await call('POST', `/api/admin/outbox/${ids.sent}/retry`, admin.headers, {});
    expect(sent.statusCode).toBe(409);
    expect(sent.json<{ message: string }>().message).toBe(texts.mailAlreadySent);
    const sending = await call('POST', `/api/admin/outbox/${ids.sending}/retry`, admin.headers, {});
    expect(sending.statusCode).toBe(409);
    expect(sending.json<{ message: string }>().message).toBe(texts.mailSending);
    expect((await call('POST', '/api/admin/outbox/zero/retry', admin.headers, {})).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/outbox/999999/retry', admin.headers, {})).statusCode).toBe(404);
    expect((await row(ids.sent))?.status).toBe('sent');
    expect((await row(ids.sending))?.status).toBe('sending');
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'mail.retry'))).toHaveLength(0);
  });

  it('makes a failed mail due now with its attempts kept, audited', async () => {
    const response = await call('POST', `/api/admin/outbox/${ids.failed}/retry`, admin.headers, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string; data: Item }>()).toMatchObject({ message: texts.mailRetried, data: { status: 'pending', attempts: 3 } });
    const mail = await row(ids.failed);
    expect(mail).toMatchObject({ status: 'pending', attempts: 3, lockedUntil: null });
    expect(mail?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'mail.retry'));
    expect(audit).toMatchObject({ actorId: admin.id, entity: 'mail', entityId: String(ids.failed), before: { status: 'failed', attempts: 3 }, after: { status: 'pending' } });
  });

  it('makes a waiting mail due now, and gives a mail that used all its attempts one more real attempt', async () => {
    expect((await call('POST', `/api/admin/outbox/${ids.pending}/retry`, admin.headers, {})).statusCode).toBe(200);
    const pending = await row(ids.pending);
    expect(pending?.attempts).toBe(2);
    expect(pending?.nextAttemptAt.getTime()).toBeLessThan(later.getTime() - 60_000);
    expect((await call('POST', `/api/admin/outbox/${ids.exhausted}/retry`, admin.headers, {})).statusCode).toBe(200);
    expect(await row(ids.exhausted)).toMatchObject({ status: 'pending', attempts: MAIL_JOB_MAX_ATTEMPTS - 1 });
  });
});
