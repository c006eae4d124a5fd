import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { z } from '@erepare/shared/zod';
import type { Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';

/**
 * The mail outbox (DESIGN §1.5): a mail is a row written in the caller's transaction, so it
 * exists exactly when the change that caused it was committed. The mail job sends it later,
 * with retries; nothing calls SMTP inside a request.
 */

/** What a mail is about (logs, tests, dedupe keys). Other modules add their kinds here. */
export type MailKind =
  | 'email_verification'
  | 'password_reset'
  /** The link that proves a new address (e-mail change), to that new address. */
  | 'email_change'
  /** The notice of an e-mail change asked for, to the account's current address. */
  | 'email_change_notice'
  | 'account_created'
  | 'signup_notice'
  | 'order_confirmation'
  | 'order_notification'
  | 'order_expired'
  /** Staff recorded the bank transfer as received (admin orders), to the order's billing address. */
  | 'order_payment_received'
  | 'order_cancelled'
  | 'contact_message'
  | 'quote_request'
  | 'quote_acknowledgement'
  /** A staff reply to a contact message or a quote request (admin inbox), to the sender's own address. */
  | 'staff_reply'
  /** Staff changed a ticket's status and asked to tell the customer (admin tickets), to the customer's main address. */
  | 'ticket_status'
  /** A repair invoice or an estimate's deposit paid online (issue 24 §4), to the payer. */
  | 'repair_payment_receipt'
  /** The go-live checklist's test mail (admin overview), to the staff member who asked for it. */
  | 'go_live_test'
  /** A drop-off booking made, moved or cancelled (issue 24 §3), to the address typed in the form, with its .ics. */
  | 'booking_confirmed'
  | 'booking_changed'
  | 'booking_cancelled'
  /** A drop-off booking made, moved or cancelled, to the shop. */
  | 'booking_shop'
  /** A repair estimate (or its revision) with its secret link (issue 24 §1), to the customer's address. */
  | 'estimate_sent'
  /** The customer accepted or declined an estimate, to the shop. */
  | 'estimate_decision';

export type NewMail = {
  kind: MailKind;
  /** One recipient address. */
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * For a mail to the shop that forwards what a visitor or buyer wrote (contact, quote, order
   * notice): their address, so the staff's « Répondre » reaches them. Other mails are answered to
   * the shop's address.
   */
  replyTo?: string;
  /**
   * Makes the enqueue idempotent: a second mail with the same key is not queued (for example
   * `signup_notice:user:42`, so a replayed request does not mail the shop twice).
   */
  dedupeKey?: string;
  /** Small files sent with the mail (a booking's .ics), stored base64 in the outbox row. */
  attachments?: MailAttachment[];
};

/** A file sent with a mail; keep it small (the outbox row holds it). */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

/** What one mail may carry in attachments (base64 characters): .ics files are a few KB. */
const MAX_ATTACHMENT_BASE64 = 256 * 1024;

export type EnqueueResult = { id: number; created: boolean };

export type OutboxRow = typeof mailOutbox.$inferSelect;

const recipient = z.email();

/** A subject is one header line. */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * Queues a mail. Pass the caller's transaction to make the mail part of it. A duplicate
 * `dedupeKey` is a no-op that answers the existing row's id (`created: false`). Does not send:
 * call the mailer's kick() after the transaction commits for an immediate send.
 */
export async function enqueueMail(db: Executor, mail: NewMail): Promise<EnqueueResult> {
  const to = mail.to.trim();
  if (!recipient.safeParse(to).success) throw new Error(`enqueueMail: invalid recipient for a ${mail.kind} mail`);
  const subject = oneLine(mail.subject);
  if (!subject) throw new Error(`enqueueMail: empty subject for a ${mail.kind} mail`);
  const dedupeKey = mail.dedupeKey ?? null;
  // An address that is not one (the caller validated it; belt and braces) is left out, never fatal.
  const replyTo = mail.replyTo && recipient.safeParse(mail.replyTo.trim()).success ? mail.replyTo.trim() : null;
  const attachments = mail.attachments?.length ? mail.attachments.map((file) => ({ ...file, filename: oneLine(file.filename) })) : null;
  if (attachments && attachments.reduce((size, file) => size + file.contentBase64.length, 0) > MAX_ATTACHMENT_BASE64) {
    throw new Error(`enqueueMail: attachments too large for a ${mail.kind} mail`);
  }

  const inserted = await db
    .insert(mailOutbox)
    .values({ kind: mail.kind, toAddress: to, replyTo, subject, html: mail.html, text: mail.text, dedupeKey, attachments })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  const created = inserted[0];
  if (created) return { id: created.id, created: true };
  if (dedupeKey === null) throw new Error('enqueueMail: insert returned nothing');
  const existing = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)).limit(1);
  const row = existing[0];
  if (!row) throw new Error('enqueueMail: the conflicting row is not visible');
  return { id: row.id, created: false };
}

// ─── Reading the outbox (tests, the admin later) ────────────────────────────────────────────────

export type OutboxFilter = { to?: string; kind?: MailKind; status?: OutboxRow['status'] };

function where(filter: OutboxFilter): SQL | undefined {
  const conditions = [
    filter.to === undefined ? undefined : eq(mailOutbox.toAddress, filter.to),
    filter.kind === undefined ? undefined : eq(mailOutbox.kind, filter.kind),
    filter.status === undefined ? undefined : eq(mailOutbox.status, filter.status),
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

/** Outbox rows, oldest first. */
export async function listOutbox(db: Executor, filter: OutboxFilter = {}): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).where(where(filter)).orderBy(asc(mailOutbox.id));
}

/** The most recent outbox row matching the filter (e.g. the last verification mail to an address). */
export async function latestOutboxMail(db: Executor, filter: OutboxFilter = {}): Promise<OutboxRow | undefined> {
  const rows = await db.select().from(mailOutbox).where(where(filter)).orderBy(desc(mailOutbox.id)).limit(1);
  return rows[0];
}

export async function findOutboxMail(db: Executor, id: number): Promise<OutboxRow | undefined> {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return rows[0];
}

/** The http(s) links of a text body, in order (what the file transport logs, what tests follow). */
export function linksIn(text: string): string[] {
  // A sentence's final punctuation is not part of the link.
  return (text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));
}
