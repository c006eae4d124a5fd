import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { enqueueMail, findOutboxMail, latestOutboxMail, linksIn, listOutbox, type NewMail } from './outbox.js';

let testApp: TestApp;
let db: Db;

beforeAll(async () => {
  testApp = await createTestApp();
  db = testApp.database.db;
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  await db.execute(sql`delete from mail_outbox`);
});

const mail = (overrides: Partial<NewMail> = {}): NewMail => ({
  kind: 'account_created',
  to: 'zoe@exemple.fr',
  subject: 'Votre compte est créé',
  html: '<p>Bonjour</p>',
  text: 'Bonjour',
  ...overrides,
});

describe('enqueueMail', () => {
  it('queues a pending row due now', async () => {
    const result = await enqueueMail(db, mail());
    expect(result.created).toBe(true);
    const row = await findOutboxMail(db, result.id);
    expect(row).toMatchObject({
      kind: 'account_created',
      toAddress: 'zoe@exemple.fr',
      subject: 'Votre compte est créé',
      html: '<p>Bonjour</p>',
      text: 'Bonjour',
      status: 'pending',
      attempts: 0,
      lastError: null,
      messageId: null,
      sentAt: null,
      dedupeKey: null,
    });
    expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a second mail with the same dedupeKey is a no-op returning the first id', async () => {
    const first = await enqueueMail(db, mail({ dedupeKey: 'signup_notice:user:7' }));
    const second = await enqueueMail(db, mail({ dedupeKey: 'signup_notice:user:7', subject: 'Autre sujet' }));
    expect(second).toEqual({ id: first.id, created: false });
    const rows = await listOutbox(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toBe('Votre compte est créé');
    // Without a key, two identical mails are two mails.
    await enqueueMail(db, mail());
    await enqueueMail(db, mail());
    expect(await listOutbox(db)).toHaveLength(3);
  });

  it('is part of the caller’s transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail({ to: 'rollback@exemple.fr' }));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await listOutbox(db, { to: 'rollback@exemple.fr' })).toHaveLength(0);

    const id = await db.transaction(async (tx) => {
      const first = await enqueueMail(tx, mail({ to: 'commit@exemple.fr', dedupeKey: 'k1' }));
      const again = await enqueueMail(tx, mail({ to: 'commit@exemple.fr', dedupeKey: 'k1' }));
      expect(again).toEqual({ id: first.id, created: false });
      return first.id;
    });
    expect((await listOutbox(db, { to: 'commit@exemple.fr' })).map((row) => row.id)).toEqual([id]);
  });

  it('refuses a bad recipient and keeps the subject on one line', async () => {
    await expect(enqueueMail(db, mail({ to: 'pas-une-adresse' }))).rejects.toThrow(/invalid recipient/);
    await expect(enqueueMail(db, mail({ to: 'a@b.fr, c@d.fr' }))).rejects.toThrow(/invalid recipient/);
    await expect(enqueueMail(db, mail({ to: 'a@b.fr\r\nBcc: c@d.fr' }))).rejects.toThrow(/invalid recipient/);
    await expect(enqueueMail(db, mail({ subject: ' \r\n ' }))).rejects.toThrow(/empty subject/);
    const { id } = await enqueueMail(db, mail({ subject: 'Bonjour\r\nBcc: pirate@exemple.fr', to: ' zoe@exemple.fr ' }));
    const row = await findOutboxMail(db, id);
    expect(row?.subject).toBe('Bonjour Bcc: pirate@exemple.fr');
    expect(row?.toAddress).toBe('zoe@exemple.fr');
  });
});

describe('outbox readers', () => {
  it('filters by recipient, kind and status; latest first for latestOutboxMail', async () => {
    await enqueueMail(db, mail({ kind: 'email_verification', text: 'Lien : http://localhost:3000/verify-email?token=one' }));
    await enqueueMail(db, mail({ kind: 'email_verification', text: 'Lien : http://localhost:3000/verify-email?token=two.' }));
    await enqueueMail(db, mail({ kind: 'account_created', to: 'autre@exemple.fr' }));
    expect(await listOutbox(db, { kind: 'email_verification' })).toHaveLength(2);
    expect(await listOutbox(db, { to: 'autre@exemple.fr', status: 'pending' })).toHaveLength(1);
    expect(await listOutbox(db, { status: 'sent' })).toHaveLength(0);
    const latest = await latestOutboxMail(db, { to: 'zoe@exemple.fr', kind: 'email_verification' });
    expect(linksIn(latest?.text ?? '')).toEqual(['http://localhost:3000/verify-email?token=two']);
  });

  it('linksIn finds http(s) links only', () => {
    expect(linksIn('a https://x.fr/a?b=1&c=2 et (http://y.fr/z) ftp://no <https://w.fr>')).toEqual([
      'https://x.fr/a?b=1&c=2',
      'http://y.fr/z',
      'https://w.fr',
    ]);
  });
});
