import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser, type AddressObject } from 'mailparser';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { signal } from '../../test/signals.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createMailer, type Mailer } from './mailer.js';
import { findOutboxMail, linksIn } from './outbox.js';
import { passwordResetEmail } from './templates.js';
import { createFileTransport, createMailTransport, MailSendError, type MailLogger } from './transport.js';

/** Without SMTP_URL: each mail is an .eml file in DATA_DIR/outbox and one log line. */

let testApp: TestApp;
let db: Db;
let dataDir: string;
const mailers: Mailer[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  db = testApp.database.db;
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  await db.execute(sql`delete from mail_outbox`);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-mail-'));
});

afterEach(async () => {
  for (const mailer of mailers.splice(0)) await mailer.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function capturingLogger(): MailLogger & { lines: string[] } {
  const lines: string[] = [];
  const push = (_object: object, message: string) => lines.push(message);
  return { lines, info: push, warn: push, error: push };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) => entry.value.map((value) => value.address ?? ''));
}

const outgoing = {
  outboxId: 1,
  kind: 'password_reset',
  to: 'zoe@exemple.fr',
  subject: 'Sujet',
  html: '<p>Lien</p>',
  text: 'Lien : http://localhost:3000/reset-password?token=t&email=zoe%40exemple.fr',
  createdAt: new Date(),
};

describe('file transport (no SMTP_URL)', () => {
  it('writes a parseable .eml in DATA_DIR/outbox and logs the subject, recipient and link', async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, PORT: '3000' });
    expect(config.mail.smtpUrl).toBeNull();
    const log = capturingLogger();
    const polls = signal();
    const mailer = createMailer(config, db, log, { job: { pollIntervalMs: 60_000, onPoll: () => polls.fire() } });
    mailers.push(mailer);
    expect(mailer.transport.kind).toBe('file');
    const first = polls.next();
    mailer.start();
    await first;

    const content = passwordResetEmail({ publicUrl: config.publicUrl, token: 'reset-token-1', email: 'zoe@exemple.fr' }, defaultStoreProfile);
    // Enqueued with the mailer's own db: kicked at once, no waiting for the (long) poll interval.
    const kicked = polls.next();
    const { id } = await mailer.enqueue(db, { kind: 'password_reset', to: 'zoe@exemple.fr', ...content });
    await kicked;
    const outboxDir = path.join(dataDir, 'outbox');
    // A message is written under a temporary name, then renamed to .eml once complete.
    const files = (await fs.readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(await fs.readdir(outboxDir)).toEqual(files);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-${id}-password_reset\\.eml$`));

    const raw = await fs.readFile(path.join(outboxDir, files[0] ?? ''));
    // RFC 5322 line endings.
    expect(raw.toString('latin1')).toContain('\r\n');
    const parsed = await simpleParser(raw);
    const link = 'http://localhost:3000/reset-password?token=reset-token-1&email=zoe%40exemple.fr';
    expect(parsed.subject).toBe('Réinitialisation de votre mot de passe – E.repare');
    expect(parsed.from?.value).toEqual([{ name: 'E.repare', address: `no-reply@${defaultStoreProfile.email.split('@')[1]}` }]);
    expect(addresses(parsed.to)).toEqual(['zoe@exemple.fr']);
    expect(linksIn(parsed.text ?? '')).toEqual([link]);
    expect(parsed.html).toContain(`href="${link.replace('&', '&amp;')}"`);

    const row = await findOutboxMail(db, id);
    expect(row?.status).toBe('sent');
    expect(row?.messageId).toBe(parsed.messageId);

    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain('Réinitialisation de votre mot de passe – E.repare');
    expect(log.lines[0]).toContain('zoe@exemple.fr');
    expect(log.lines[0]).toContain(link);
  });

  it('keeps working links out of the log of a deployed site', async () => {
    const log = capturingLogger();
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: 'https://www.erepare.fr' });
    const transport = createMailTransport(config, log);
    const { messageId } = await transport.send(outgoing);
    expect(messageId).toMatch(/^<.+@erepare\.fr>$/);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain('Sujet');
    expect(log.lines[0]).not.toContain('token=');
    // The file still has it.
    const [file] = await fs.readdir(path.join(dataDir, 'outbox'));
    expect((await fs.readFile(path.join(dataDir, 'outbox', file ?? ''), 'utf8'))).toContain('reset-password?token=t&email=');
  });

  it('an unwritable outbox is a retryable failure', async () => {
    const blocker = path.join(dataDir, 'not-a-directory');
    await fs.writeFile(blocker, '');
    const transport = createFileTransport({
      dir: path.join(blocker, 'outbox'),
      from: { name: 'E.repare', address: 'no-reply@erepare.fr' },
      log: capturingLogger(),
      logLinks: true,
    });
    const failure = await transport.send(outgoing).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailSendError);
    expect((failure as MailSendError).permanent).toBe(false);
  });
});
