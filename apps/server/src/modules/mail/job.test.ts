import net from 'node:net';
import { sql } from 'drizzle-orm';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from 'smtp-server';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { rowsOf, type Db } from '../../db/client.js';
import { signal, until, type Signal } from '../../test/signals.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { retryDelayMs, startMailJob, type MailJobOptions } from './job.js';
import { createMailer, type Mailer } from './mailer.js';
import { enqueueMail, findOutboxMail, linksIn, listOutbox, type NewMail } from './outbox.js';
import { verificationEmail } from './templates.js';
import { createSmtpTransport, type MailLogger, type MailTransport } from './transport.js';

/**
 * The job against a real SMTP server on 127.0.0.1 (smtp-server), messages read back with
 * mailparser: what arrives is what a mail client would see.
 */

type Received = { raw: Buffer; from: string; to: string[]; user: string | undefined };

type FakeSmtp = {
  port: number;
  received: Received[];
  close: () => Promise<void>;
};

type FakeSmtpOptions = {
  port?: number;
  auth?: { user: string; pass: string };
  /** SMTP code to answer MAIL FROM with (e.g. 451), or undefined to accept; a promise holds the answer back until it settles. */
  mailFrom?: () => number | undefined | Promise<number | undefined>;
  /** SMTP code to answer RCPT TO with for this address, or undefined to accept. */
  rcptTo?: (address: string) => number | undefined;
};

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 100,
    onAuth(auth: SMTPServerAuthentication, _session: SMTPServerSession, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(smtpError(535, 'Authentication credentials invalid'));
      }
    },
    onMailFrom(_address, _session, callback) {
      void Promise.resolve(options.mailFrom?.()).then((code) => callback(code ? smtpError(code, 'Try again later') : null));
    },
    onRcptTo(address, _session, callback) {
      const code = options.rcptTo?.(address.address);
      callback(code ? smtpError(code, 'No such user here') : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          raw: Buffer.concat(chunks),
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback(null);
      });
    },
  });
  server.on('error', () => undefined);
  const port = await new Promise<number>((resolve, reject) => {
    const listener = server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = listener.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
    listener.once('error', reject);
  });
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on (yet). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}


/** Something a test opens when it decides (a held SMTP answer, a held job). */
type Gate = { open: () => void; opened: Promise<void> };

function gate(): Gate {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

function capturingLogger(): MailLogger & { lines: string[] } {
  const lines: string[] = [];
  const push = (object: object, message: string) => lines.push(`${message} ${JSON.stringify(object)}`);
  return { lines, info: push, warn: push, error: push };
}

/**
 * The jobs of these tests never poll on their own after their first poll (the interval is a
 * minute): the tests kick them and wait for the polls they asked for (`polls`), and a failed
 * attempt is due again at once (no back-off) unless a test says otherwise. Nothing waits for time.
 */
const driven: MailJobOptions = { pollIntervalMs: 60_000, retryBaseMs: 0, retryMaxMs: 0, stopTimeoutMs: 2000 };

let testApp: TestApp;
let db: Db;
const cleanups: Array<() => Promise<void>> = [];
/** Every poll of every job started here. */
let polls: Signal;
/** Each mailer's own polls (`polls` counts them all). */
let ownPolls = new Map<Mailer, Signal>();
let running: Mailer[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  db = testApp.database.db;
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  await db.execute(sql`delete from mail_outbox`);
  polls = signal();
  ownPolls = new Map();
  running = [];
});

afterEach(async () => {
  // Mailers first (their pooled connections), then the SMTP servers.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function mailerFor(url: string, options: MailJobOptions = driven, log: MailLogger = capturingLogger()): Mailer {
  const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: url, PUBLIC_URL: 'https://www.erepare.fr', DATA_DIR: '/nonexistent-mail-test' });
  const own = signal();
  const mailer = createMailer(config, db, log, {
    job: {
      ...options,
      onPoll: () => {
        own.fire();
        polls.fire();
      },
    },
  });
  ownPolls.set(mailer, own);
  cleanups.push(() => mailer.stop());
  return mailer;
}

/** Starts the mailers' jobs and waits for their first poll (started at once). */
async function start(...mailers: Mailer[]): Promise<void> {
  for (const mailer of mailers) {
    const first = polls.next();
    mailer.start();
    running.push(mailer);
    await first;
  }
}

/**
 * Kicks every running job at once and waits until each of them has polled (a poll awaits its
 * sends), round after round, until `check` holds. A round waits for every job: counting any poll
 * let an idle instance spin through the rounds while the other was still talking to SMTP (seen on
 * a busy machine: « no every mail to be sent after 50 steps »).
 */
async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, maxRounds = 50): Promise<T> {
  for (let round = 0; ; round += 1) {
    const value = await check();
    if (value) return value;
    if (round >= maxRounds) throw new Error(`no ${what} after ${maxRounds} rounds`);
    const done = running.map((mailer) => {
      const own = ownPolls.get(mailer);
      if (!own) throw new Error('a running mailer made without mailerFor');
      return own.next();
    });
    for (const mailer of running) mailer.kick();
    await Promise.all(done);
  }
}

/** One more poll of every running job: what a later poll would have done, it has done. */
async function pollAgain(): Promise<void> {
  for (const mailer of running) {
    const done = ownPolls.get(mailer)?.next() ?? polls.next();
    mailer.kick();
    await done;
  }
}

/** Makes every pending mail due now, as time passing would. */
async function makeDue(): Promise<void> {
  await db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
}

async function smtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const server = await startFakeSmtp(options);
  cleanups.push(() => server.close());
  return server;
}

const simpleMail = (to: string, n = 1): NewMail => ({
  kind: 'account_created',
  to,
  subject: `Message ${n}`,
  html: `<p>Message ${n}</p>`,
  text: `Message ${n}`,
});

async function dbNowIsBefore(date: Date): Promise<boolean> {
  const rows = rowsOf<{ before: boolean }>(await db.execute(sql`select now() < ${date.toISOString()}::timestamptz as before`));
  return rows[0]?.before === true;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) => entry.value.map((value) => value.address ?? ''));
}

describe('mail job over SMTP', () => {
  it('delivers a queued mail, with authentication, exactly once', async () => {
    const auth = { user: 'atelier@erepare.fr', pass: 'p@ss:wörd/42' };
    const server = await smtp({ auth });
    const mailer = mailerFor(`smtp://${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@127.0.0.1:${server.port}`);
    await start(mailer);
    const content = verificationEmail({ publicUrl: 'https://www.erepare.fr', token: 'tok-123', firstName: 'Zoé', validForHours: 24 }, defaultStoreProfile);
    const { id } = await mailer.enqueue(db, { kind: 'email_verification', to: 'zoe@exemple.fr', ...content });

    const row = await waitFor(async () => {
      const current = await findOutboxMail(db, id);
      return current?.status === 'sent' ? current : undefined;
    }, 'the mail to be sent');
    expect(server.received).toHaveLength(1);
    const [message] = server.received;
    expect(message?.user).toBe(auth.user);
    expect(message?.from).toBe('no-reply@erepare.fr');
    expect(message?.to).toEqual(['zoe@exemple.fr']);

    const parsed = await simpleParser(message?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe('Confirmez votre adresse e-mail – E.repare');
    expect(parsed.from?.value).toEqual([{ name: 'E.repare', address: 'no-reply@erepare.fr' }]);
    expect(addresses(parsed.to)).toEqual(['zoe@exemple.fr']);
    expect(addresses(parsed.replyTo)).toEqual([defaultStoreProfile.email]);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.headers.get('content-language')).toBe('fr');
    expect(parsed.messageId).toBe(row.messageId);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.text).toContain('Bonjour Zoé,');
    expect(linksIn(parsed.text ?? '')).toContain('https://www.erepare.fr/verify-email?token=tok-123');
    expect(parsed.html).toContain('lang="fr"');
    expect(parsed.html).toContain('href="https://www.erepare.fr/verify-email?token=tok-123"');

    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Further polls send nothing more.
    await pollAgain();
    await pollAgain();
    expect(server.received).toHaveLength(1);
  });

  it('a mail to the shop that forwards a visitor’s message is answered to the visitor (Reply-To), others to the shop', async () => {
    const server = await smtp();
    const mailer = mailerFor(`smtp://127.0.0.1:${server.port}`);
    await start(mailer);
    const forwarded = await mailer.enqueue(db, { kind: 'contact_message', to: defaultStoreProfile.email, replyTo: 'lea.martin@exemple.fr', subject: 'Écran cassé', html: '<p>Bonjour</p>', text: 'Bonjour' });
    // Not an address: left out, the mail still queued (answered to the shop).
    const odd = await mailer.enqueue(db, { kind: 'contact_message', to: defaultStoreProfile.email, replyTo: 'pas une adresse\r\nBcc: x@y.fr', subject: 'Autre', html: '<p>x</p>', text: 'x' });
    for (const id of [forwarded.id, odd.id]) await waitFor(async () => ((await findOutboxMail(db, id))?.status === 'sent' ? true : undefined), 'the mails to be sent');
    const parsed = await Promise.all(server.received.map((message) => simpleParser(message.raw)));
    const bySubject = new Map(parsed.map((mail) => [mail.subject, mail]));
    expect(addresses(bySubject.get('Écran cassé')?.replyTo)).toEqual(['lea.martin@exemple.fr']);
    expect(addresses(bySubject.get('Autre')?.replyTo)).toEqual([defaultStoreProfile.email]);
    expect(bySubject.get('Autre')?.bcc).toBeUndefined();
    expect((await findOutboxMail(db, odd.id))?.replyTo).toBeNull();
  });

  it('keeps the mails while SMTP is down, then delivers each exactly once with two instances', async () => {
    const port = await freePort();
    const url = `smtp://127.0.0.1:${port}`;
    // Two servers sharing one database, each with its own job and SMTP pool; a real back-off.
    const backOff = { ...driven, retryBaseMs: 60_000, retryMaxMs: 120_000 };
    const instances = [mailerFor(url, backOff), mailerFor(url, backOff)];
    const recipients = ['a@exemple.fr', 'b@exemple.fr', 'c@exemple.fr', 'd@exemple.fr', 'e@exemple.fr'];
    for (const [index, to] of recipients.entries()) await enqueueMail(db, simpleMail(to, index));
    await start(...instances);

    const failed = await waitFor(async () => {
      const rows = await listOutbox(db);
      return rows.every((row) => row.attempts >= 1 && row.status === 'pending') ? rows : undefined;
    }, 'a first failed attempt of every mail');
    for (const row of failed) {
      expect(row.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(row.sentAt).toBeNull();
    }
    // The next try is in the future (back-off), not immediately: polling again sends nothing.
    expect(await dbNowIsBefore(new Date(Math.min(...failed.map((row) => row.nextAttemptAt.getTime()))))).toBe(true);
    await pollAgain();
    expect((await listOutbox(db)).map((row) => row.attempts)).toEqual(failed.map((row) => row.attempts));
    // Once the back-off has passed: still trying, still pending.
    await makeDue();
    await waitFor(async () => (await listOutbox(db)).every((row) => row.attempts >= 2), 'a second attempt');
    expect((await listOutbox(db)).every((row) => row.status !== 'failed')).toBe(true);

    const server = await smtp({ port });
    const sent = await waitFor(async () => {
      await makeDue();
      const rows = await listOutbox(db);
      return rows.every((row) => row.status === 'sent') ? rows : undefined;
    }, 'every mail to be sent');
    await pollAgain();
    expect(server.received).toHaveLength(recipients.length);
    expect(server.received.flatMap((message) => message.to).sort()).toEqual(recipients);
    const receivedIds = await Promise.all(server.received.map(async (message) => (await simpleParser(message.raw)).messageId));
    expect(new Set(receivedIds).size).toBe(recipients.length);
    expect(sent.map((row) => row.messageId).sort()).toEqual([...receivedIds].sort());
  });

  it('four instances racing on forty due mails send each one once', async () => {
    const server = await smtp();
    const url = `smtp://127.0.0.1:${server.port}`;
    const recipients = Array.from({ length: 40 }, (_, index) => `client${index}@exemple.fr`);
    for (const [index, to] of recipients.entries()) await enqueueMail(db, simpleMail(to, index));
    const instances = Array.from({ length: 4 }, () => mailerFor(url, { ...driven, batchSize: 3 }));
    // All four at once (a full batch polls again at once, so they race through the forty).
    for (const instance of instances) instance.start();
    running = instances;
    await waitFor(async () => (await listOutbox(db)).every((row) => row.status === 'sent'), 'every mail to be sent');
    await pollAgain();
    expect(server.received.flatMap((message) => message.to).sort()).toEqual([...recipients].sort());
    expect((await listOutbox(db)).every((row) => row.attempts === 1)).toBe(true);
  });

  it('retries a server that refuses for now (451), then delivers once', async () => {
    let refusals = 2;
    const server = await smtp({ mailFrom: () => (refusals-- > 0 ? 451 : undefined) });
    const mailer = mailerFor(`smtp://127.0.0.1:${server.port}`);
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    await start(mailer);
    const row = await waitFor(async () => {
      const current = await findOutboxMail(db, id);
      return current?.status === 'sent' ? current : undefined;
    }, 'the mail to be sent');
    expect(row.attempts).toBe(3);
    expect(server.received).toHaveLength(1);
  });

  it('records a login failure without the credentials', async () => {
    const server = await smtp({ auth: { user: 'atelier', pass: 'right-password' } });
    const secret = 'Wr0ng-S3cret!';
    const log = capturingLogger();
    const mailer = mailerFor(`smtp://atelier:${encodeURIComponent(secret)}@127.0.0.1:${server.port}`, driven, log);
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    await start(mailer);
    const row = await waitFor(async () => {
      const current = await findOutboxMail(db, id);
      return current && current.attempts >= 2 ? current : undefined;
    }, 'two failed attempts');
    // A login failure is a configuration problem: the mail keeps waiting for the fix.
    expect(row.status === 'pending' || row.status === 'sending').toBe(true);
    expect(row.lastError).toMatch(/EAUTH/);
    expect(row.lastError).toContain('535');
    for (const text of [row.lastError ?? '', ...log.lines]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
    expect(server.received).toHaveLength(0);
  });

  it('marks a mail failed at once when the server refuses the recipient for good', async () => {
    const server = await smtp({ rcptTo: (address) => (address === 'inconnu@exemple.fr' ? 550 : undefined) });
    const mailer = mailerFor(`smtp://127.0.0.1:${server.port}`);
    const refused = await enqueueMail(db, simpleMail('inconnu@exemple.fr', 1));
    const accepted = await enqueueMail(db, simpleMail('zoe@exemple.fr', 2));
    await start(mailer);
    const rows = await waitFor(async () => {
      const current = await listOutbox(db);
      return current.every((row) => row.status === 'sent' || row.status === 'failed') ? current : undefined;
    }, 'both mails to be settled');
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(refused.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byId.get(refused.id)?.lastError).toContain('550');
    expect(byId.get(accepted.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(server.received.map((message) => message.to)).toEqual([['zoe@exemple.fr']]);
  });

  it('gives up after maxAttempts', async () => {
    const port = await freePort();
    const mailer = mailerFor(`smtp://127.0.0.1:${port}`, { ...driven, maxAttempts: 3 });
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    await start(mailer);
    const row = await waitFor(async () => {
      const current = await findOutboxMail(db, id);
      return current?.status === 'failed' ? current : undefined;
    }, 'the mail to be marked failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    await pollAgain();
    await pollAgain();
    expect((await findOutboxMail(db, id))?.attempts).toBe(3);
  });

  it('takes back a mail whose sender died (claim expired), not one still being sent', async () => {
    const server = await smtp();
    const expired = await enqueueMail(db, simpleMail('expire@exemple.fr', 1));
    const held = await enqueueMail(db, simpleMail('held@exemple.fr', 2));
    await db.execute(sql`
      update mail_outbox set status = 'sending', attempts = 1,
        locked_until = case when id = ${expired.id} then now() - interval '1 second' else now() + interval '1 hour' end
    `);
    const mailer = mailerFor(`smtp://127.0.0.1:${server.port}`);
    await start(mailer);
    await waitFor(async () => (await findOutboxMail(db, expired.id))?.status === 'sent', 'the expired claim to be sent');
    expect(await findOutboxMail(db, expired.id)).toMatchObject({ attempts: 2 });
    await pollAgain();
    expect(await findOutboxMail(db, held.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(server.received.map((message) => message.to)).toEqual([['expire@exemple.fr']]);
  });

  it('kick() sends at once instead of waiting for the next poll', async () => {
    const server = await smtp();
    const mailer = mailerFor(`smtp://127.0.0.1:${server.port}`);
    // Its first poll is over: the next one is a minute away.
    await start(mailer);
    // Enqueued in a transaction: the job is kicked after the commit.
    const { id } = await db.transaction((tx) => mailer.enqueue(tx, simpleMail('zoe@exemple.fr')));
    const kicked = polls.next();
    mailer.kick();
    await kicked;
    expect(await findOutboxMail(db, id)).toMatchObject({ status: 'sent' });
    expect(server.received).toHaveLength(1);
  });

  it('stop() ends polling', async () => {
    const server = await smtp();
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${server.port}`, from: { name: 'E.repare', address: 'no-reply@erepare.fr' } });
    cleanups.push(() => transport.close());
    const job = startMailJob(db, transport, capturingLogger(), { ...driven, pollIntervalMs: 50 });
    await job.stop();
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    // A stopped job schedules nothing, neither on a kick nor on its own (fake clock: no timer left).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      job.kick();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    expect((await findOutboxMail(db, id))?.status).toBe('pending');
    expect(server.received).toHaveLength(0);
  });
});

/** What is left of a row's lease, in ms (negative once it has ended), in the database's clock. */
async function leaseLeftMs(id: number): Promise<number> {
  const rows = rowsOf<{ ms: number | string }>(await db.execute(sql`select extract(epoch from locked_until - now()) * 1000 as ms from mail_outbox where id = ${id}`));
  return Number(rows[0]?.ms);
}

/** As if the lease had run out with nobody to extend it (time passing, not slept). */
async function endLease(id: number): Promise<void> {
  await db.execute(sql`update mail_outbox set locked_until = now() - interval '1 millisecond' where id = ${id}`);
}

/** Leases no heartbeat of these tests extends on its own: a lease ends when a test says so (endLease). */
const frozen: MailJobOptions = { ...driven, leaseMs: 600_000, heartbeatMs: 300_000 };

describe('claims with an owner, a lease and a heartbeat: a crash delays a mail by seconds, a stale sender neither sends nor overwrites', () => {
  it('a mail claimed by a process that died is taken over once its 20 s lease ends, and sent once', async () => {
    const server = await smtp();
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    // Claimed a moment ago by a process that has since been killed: its lease is still running.
    await db.execute(sql`
      update mail_outbox set status = 'sending', attempts = 1, locked_by = 'atelier-2:4242:9d1c1a4e-0000-4000-8000-000000000000',
        locked_until = now() + interval '20 seconds'
      where id = ${id}
    `);
    const mailer = mailerFor(`smtp://127.0.0.1:${server.port}`);
    await start(mailer);
    await pollAgain();
    // Within the lease, the claim is its owner's.
    expect(await findOutboxMail(db, id)).toMatchObject({ status: 'sending', attempts: 1, lockedBy: 'atelier-2:4242:9d1c1a4e-0000-4000-8000-000000000000' });
    expect(server.received).toHaveLength(0);

    // Nobody extends it (its owner is dead): once it ends, the next poll takes the mail over.
    await endLease(id);
    const row = await waitFor(async () => {
      const current = await findOutboxMail(db, id);
      return current?.status === 'sent' ? current : undefined;
    }, 'the mail to be taken over and sent');
    expect(row).toMatchObject({ attempts: 2, lockedBy: null, lockedUntil: null });
    await pollAgain();
    expect(server.received.map((message) => message.to)).toEqual([['zoe@exemple.fr']]);
  });

  it('a slow SMTP send keeps its mail: the heartbeat extends the lease, a second instance leaves it, one delivery', async () => {
    const reached = gate();
    const answer = gate();
    const server = await smtp({
      mailFrom: async () => {
        reached.open();
        await answer.opened;
        return undefined;
      },
    });
    const url = `smtp://127.0.0.1:${server.port}`;
    const beats = signal();
    const log = capturingLogger();
    // The default lease (20 s); a heartbeat every 50 ms instead of 5 s.
    const sender = mailerFor(url, { ...driven, heartbeatMs: 50, onHeartbeat: () => beats.fire() }, log);
    const other = mailerFor(url);
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    // Its first poll lasts as long as the SMTP server holds its answer.
    sender.start();
    await reached.opened;
    const claimed = await findOutboxMail(db, id);
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });
    // host:pid:uuid — readable, and new at every start.
    expect(claimed?.lockedBy).toMatch(new RegExp(`^.+:${process.pid}:[0-9a-f-]{36}$`));
    const left = await leaseLeftMs(id);
    expect(left).toBeGreaterThan(10_000);
    expect(left).toBeLessThanOrEqual(20_000);

    // The send outlasts the lease (as if 20 s had passed): the heartbeat extends it again.
    await endLease(id);
    await beats.next();
    await beats.next();
    expect(await leaseLeftMs(id)).toBeGreaterThan(10_000);
    // A second instance polls meanwhile: the mail is not due for it.
    await start(other);
    await pollAgain();
    expect(await findOutboxMail(db, id)).toMatchObject({ status: 'sending', attempts: 1, lockedBy: claimed?.lockedBy });

    answer.open();
    const row = await waitFor(async () => {
      const current = await findOutboxMail(db, id);
      return current?.status === 'sent' ? current : undefined;
    }, 'the slow mail to be sent');
    expect(row).toMatchObject({ attempts: 1, lockedBy: null, lockedUntil: null });
    await pollAgain();
    expect(server.received).toHaveLength(1);
    expect(log.lines.filter((line) => line.includes('réclamation'))).toEqual([]);
  });

  it('a job whose claim was taken over between its claim and its send does not send the mail', async () => {
    // The job stalls past its lease after claiming (held here by onClaimed); another takes the mail over.
    const server = await smtp();
    const url = `smtp://127.0.0.1:${server.port}`;
    const claimed = gate();
    const resume = gate();
    const log = capturingLogger();
    const holdAfterClaim = async () => {
      claimed.open();
      await resume.opened;
    };
    const stale = mailerFor(url, { ...frozen, onClaimed: holdAfterClaim }, log);
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    stale.start();
    await claimed.opened;
    const staleOwner = (await findOutboxMail(db, id))?.lockedBy;
    expect(staleOwner).toBeTruthy();
    await endLease(id);
    const other = mailerFor(url, frozen);
    await start(other);
    const taken = await findOutboxMail(db, id);
    expect(taken).toMatchObject({ status: 'sent', attempts: 2 });
    // The stale job goes on: its claim is gone, it sends nothing and says so.
    const staleDone = polls.next();
    resume.open();
    await staleDone;
    expect(server.received).toHaveLength(1);
    expect(await findOutboxMail(db, id)).toMatchObject({ status: 'sent', attempts: 2, messageId: taken?.messageId });
    expect(log.lines.some((line) => line.startsWith('e-mail : réclamation reprise par une autre instance avant l’envoi'))).toBe(true);
  });

  it('a stale job’s failure, answered after its claim was taken over, leaves the new claim alone', async () => {
    const reachedFirst = gate();
    const failFirst = gate();
    const reachedSecond = gate();
    const answerSecond = gate();
    let calls = 0;
    const server = await smtp({
      mailFrom: async () => {
        calls += 1;
        if (calls === 1) {
          reachedFirst.open();
          await failFirst.opened;
          return 451;
        }
        reachedSecond.open();
        await answerSecond.opened;
        return undefined;
      },
    });
    const url = `smtp://127.0.0.1:${server.port}`;
    const stale = mailerFor(url, frozen);
    const other = mailerFor(url, frozen);
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    stale.start();
    await reachedFirst.opened;
    const staleOwner = (await findOutboxMail(db, id))?.lockedBy;
    // The stale job is stuck in its SMTP dialogue past its lease; the other takes the mail over.
    await endLease(id);
    other.start();
    await reachedSecond.opened;
    const taken = await findOutboxMail(db, id);
    expect(taken).toMatchObject({ status: 'sending', attempts: 2 });
    expect(taken?.lockedBy).not.toBe(staleOwner);

    // The stale job's 451 comes back: not recorded over the new claim.
    const staleDone = polls.next();
    failFirst.open();
    await staleDone;
    expect(await findOutboxMail(db, id)).toMatchObject({ status: 'sending', attempts: 2, lockedBy: taken?.lockedBy, lastError: null });

    const otherDone = polls.next();
    answerSecond.open();
    await otherDone;
    expect(await findOutboxMail(db, id)).toMatchObject({ status: 'sent', attempts: 2, lockedBy: null });
    expect(server.received).toHaveLength(1);
  });

  it('a heartbeat that finds its claim taken over while sending says so', async () => {
    const reached = gate();
    const answer = gate();
    const server = await smtp({
      mailFrom: async () => {
        reached.open();
        await answer.opened;
        return undefined;
      },
    });
    const beats = signal();
    const log = capturingLogger();
    const sender = mailerFor(`smtp://127.0.0.1:${server.port}`, { ...driven, heartbeatMs: 50, onHeartbeat: () => beats.fire() }, log);
    const { id } = await enqueueMail(db, simpleMail('zoe@exemple.fr'));
    sender.start();
    await reached.opened;
    // Another instance's claim (what a takeover writes), as if this one had stalled past its lease.
    await db.execute(sql`update mail_outbox set locked_by = 'atelier-2:7:autre', attempts = attempts + 1 where id = ${id}`);
    // The next heartbeat (or the one after, if one was under way) finds it gone, and beats no more for it.
    const warnings = () => log.lines.filter((line) => line.includes('pendant l’envoi'));
    await until(() => warnings().length > 0, 'a heartbeat to find the claim gone', { step: () => undefined, done: beats });
    expect(warnings()).toHaveLength(1);
    const done = polls.next();
    answer.open();
    await done;
    // It did go out: recorded as sent whatever happened to the claim.
    expect(await findOutboxMail(db, id)).toMatchObject({ status: 'sent', lockedBy: null });
    expect(server.received).toHaveLength(1);
  });

  it('stop() gives back at once the mails claimed but not yet handed to SMTP', async () => {
    const server = await smtp();
    const url = `smtp://127.0.0.1:${server.port}`;
    const claimed = gate();
    const resume = gate();
    const holdAfterClaim = async () => {
      claimed.open();
      await resume.opened;
    };
    const stopping = mailerFor(url, { ...frozen, onClaimed: holdAfterClaim });
    for (const n of [1, 2]) await enqueueMail(db, simpleMail(`client${n}@exemple.fr`, n));
    stopping.start();
    await claimed.opened;
    expect((await listOutbox(db)).map((row) => [row.status, row.attempts])).toEqual([['sending', 1], ['sending', 1]]);
    // stop() gives them back before it waits for the poll in progress (held here), which then sends nothing.
    const stopped = stopping.stop();
    resume.open();
    await stopped;
    expect((await listOutbox(db)).map((row) => [row.status, row.attempts, row.lockedBy, row.lockedUntil])).toEqual([
      ['pending', 0, null, null],
      ['pending', 0, null, null],
    ]);
    expect(server.received).toHaveLength(0);
    // Due at once for the others (no lease to wait for), each attempt a real one.
    const other = mailerFor(url);
    await start(other);
    await waitFor(async () => (await listOutbox(db)).every((row) => row.status === 'sent'), 'the given-back mails to be sent');
    expect((await listOutbox(db)).map((row) => row.attempts)).toEqual([1, 1]);
    expect(server.received.flatMap((message) => message.to).sort()).toEqual(['client1@exemple.fr', 'client2@exemple.fr']);
  });

  it('refuses a heartbeat that would not come before the lease ends', () => {
    const transport: MailTransport = { kind: 'file', send: () => Promise.reject(new Error('unused')), close: () => Promise.resolve() };
    expect(() => startMailJob(db, transport, capturingLogger(), { leaseMs: 5_000, heartbeatMs: 5_000 })).toThrow(/heartbeatMs/);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 s and stops at 1 h', () => {
    expect([1, 2, 3, 4, 7, 8, 9, 30].map((attempts) => retryDelayMs(attempts))).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    // The default schedule spans about a day before a mail is given up (30 attempts).
    const total = Array.from({ length: 29 }, (_, index) => retryDelayMs(index + 1)).reduce((sum, delay) => sum + delay, 0);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(26);
  });
});
