import fs from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { linksIn } from './outbox.js';

/**
 * The e-mail adapter (DESIGN §1.1): SMTP when SMTP_URL is set, otherwise `.eml` files in
 * DATA_DIR/outbox plus one log line. Both build the real RFC 5322 message with nodemailer, so
 * what a developer opens from the outbox is what SMTP would have carried.
 */

export type Mailbox = { name: string; address: string };

/** A claimed outbox row, as the job hands it to the transport. */
export type OutgoingMail = {
  outboxId: number;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: Date;
  /** The shop's address as saved in the store profile when the job sends. */
  replyTo?: string;
  /** The visitor or buyer whose message this mail forwards to the shop (the outbox row's reply_to): replies go to them. */
  replyToSender?: string;
  /** Files sent with the mail (the outbox row's attachments). */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
};

export type MailTransport = {
  kind: 'smtp' | 'file';
  /** Sends (or writes) one mail; resolves with its Message-ID, rejects with a MailSendError. */
  send: (mail: OutgoingMail) => Promise<{ messageId: string }>;
  close: () => Promise<void>;
};

/** The logger the mail code needs (a Fastify/pino logger fits). */
export type MailLogger = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/**
 * A failed send, its message already free of credentials. `permanent` is set when the server
 * refused the recipient for good (a 5xx reply to RCPT TO): retrying would get the same answer.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

/** The headers every mail carries; the Message-ID is stable across retries of one outbox row. */
function messageOptions(mail: OutgoingMail, from: Mailbox, replyTo: string | undefined): SendMailOptions {
  const domain = from.address.split('@')[1] ?? 'localhost';
  return {
    from,
    to: mail.to,
    // The person whose message the shop receives; else the transport's own setting if any, else
    // the saved profile's address the job passes.
    replyTo: mail.replyToSender || replyTo || mail.replyTo || defaultStoreProfile.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.createdAt.getTime().toString(36)}.${mail.outboxId}.outbox@${domain}>`,
    date: new Date(),
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.contentBase64, 'base64'),
          })),
        }
      : {}),
    headers: {
      // RFC 3834: no vacation auto-replies to a transactional message.
      'Auto-Submitted': 'auto-generated',
      'Content-Language': 'fr',
    },
  };
}

// ─── SMTP ───────────────────────────────────────────────────────────────────────────────────────

export type SmtpTransportOptions = {
  /** smtp://user:pass@host:port or smtps://…; nodemailer's query options (e.g. ?requireTLS=true) apply. */
  url: string;
  from: Mailbox;
  replyTo?: string;
  /** Connection, greeting and DNS timeouts (ms, default 10 s); the socket timeout is 3× that. */
  timeoutMs?: number;
};

/** The strings an error message must never carry: the URL's user name and password, raw and decoded. */
function secretsOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    const values = [parsed.password, parsed.username, safeDecode(parsed.password), safeDecode(parsed.username)];
    return [...new Set(values.filter((value) => value.length >= 3))].sort((a, b) => b.length - a.length);
  } catch {
    return [];
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Removes credentials from a text: the given secrets and the user-info part of any URL. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let result = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1***@');
  for (const secret of secrets) result = result.split(secret).join('***');
  return result;
}

type NodemailerFailure = Error & {
  code?: string;
  responseCode?: number;
  permanent?: boolean;
  command?: string;
  rejected?: string[];
};

function toSendError(error: unknown, secrets: readonly string[]): MailSendError {
  const failure = (error instanceof Error ? error : new Error(String(error))) as NodemailerFailure;
  const parts = [failure.code, failure.responseCode, failure.message].filter((part) => part !== undefined && part !== '');
  // Only a refused recipient is final: a refused sender or login (also 5xx) is a configuration
  // problem that an operator fixes, after which the queued mails must still go out.
  const recipientRefused =
    failure.permanent === true &&
    (Boolean(failure.rejected?.length) || /^RCPT/i.test(failure.command ?? ''));
  return new MailSendError(redact(parts.join(' '), secrets).slice(0, 1000), recipientRefused, failure.code);
}

export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const secrets = secretsOf(options.url);
  const replyTo = options.replyTo;
  const timeout = options.timeoutMs ?? 10_000;
  // nodemailer loads on the first mail, not at start-up (start-up time is a budget).
  let transporter: Promise<Transporter> | undefined;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.url,
        pool: true,
        maxConnections: 3,
        maxMessages: 100,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        dnsTimeout: timeout,
        // Servers may scan a message for a while before answering DATA.
        socketTimeout: timeout * 3,
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
    ));

  return {
    kind: 'smtp',
    send: async (mail) => {
      const mailer = await open();
      try {
        const info = (await mailer.sendMail(messageOptions(mail, options.from, replyTo))) as { messageId?: string };
        return { messageId: info.messageId ?? '' };
      } catch (error) {
        throw toSendError(error, secrets);
      }
    },
    close: async () => {
      if (!transporter) return;
      const mailer = await transporter;
      mailer.close();
    },
  };
}

// ─── Files (no SMTP configured) ─────────────────────────────────────────────────────────────────

export type FileTransportOptions = {
  /** DATA_DIR/outbox */
  dir: string;
  from: Mailbox;
  replyTo?: string;
  log: MailLogger;
  /**
   * Whether the log line shows the links of the mail (verification, reset): yes on a
   * developer's machine, no on a deployed site, whose logs must not hold working tokens.
   */
  logLinks: boolean;
};

export function createFileTransport(options: FileTransportOptions): MailTransport {
  const replyTo = options.replyTo;
  let streamTransport: Promise<Transporter> | undefined;
  const open = () =>
    (streamTransport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    ));

  return {
    kind: 'file',
    send: async (mail) => {
      try {
        const mailer = await open();
        const info = (await mailer.sendMail(messageOptions(mail, options.from, replyTo))) as {
          messageId: string;
          message: Buffer;
        };
        await fs.mkdir(options.dir, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(options.dir, `${stamp}-${mail.outboxId}-${mail.kind}.eml`);
        // Written under a temporary name then renamed: a reader never sees half a message.
        const partial = `${file}.part`;
        await fs.writeFile(partial, info.message, { mode: 0o600 });
        await fs.rename(partial, file);
        const links = options.logLinks ? linksIn(mail.text) : [];
        options.log.info(
          { mail: { outboxId: mail.outboxId, kind: mail.kind, to: mail.to, subject: mail.subject, file, links } },
          `E-mail écrit dans ${file} (SMTP_URL non défini) : « ${mail.subject} » pour ${mail.to}` +
            (links.length ? ` ; lien : ${links.join(' ')}` : ''),
        );
        return { messageId: info.messageId };
      } catch (error) {
        throw new MailSendError(error instanceof Error ? error.message : String(error), false);
      }
    },
    close: async () => undefined,
  };
}

// ─── Choice ─────────────────────────────────────────────────────────────────────────────────────

export type MailTransportConfig = {
  env: 'development' | 'production' | 'test';
  publicUrl: string;
  mail: { smtpUrl: string | null; from: Mailbox; outboxDir: string };
};

function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host.startsWith('127.');
}

/** SMTP when SMTP_URL is set, otherwise the outbox folder. */
export function createMailTransport(config: MailTransportConfig, log: MailLogger): MailTransport {
  if (config.mail.smtpUrl) return createSmtpTransport({ url: config.mail.smtpUrl, from: config.mail.from });
  return createFileTransport({
    dir: config.mail.outboxDir,
    from: config.mail.from,
    log,
    logLinks: config.env !== 'production' || isLocalUrl(config.publicUrl),
  });
}
