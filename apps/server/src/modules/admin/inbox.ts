import { createHash } from 'node:crypto';
import type { InboxStatus } from '@erepare/shared/schemas/common';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { adminCoreMessages as texts, type InboxListQuery } from '@erepare/shared/schemas/admin-core';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthenticatedSession } from '../auth/service.js';
import { lockContactMessage, releaseContactHold, selectContactMessage, selectMessageAttachment, updateContactStatus } from '../contact/repository.js';
import { listContactMessages, queueContactShopMail } from '../contact/service.js';
import type { Mailer } from '../mail/mailer.js';
import { lockQuoteRequest, releaseQuoteHold, selectQuoteRequest, selectRequestPhoto, updateQuoteStatus } from '../quotes/repository.js';
import { listQuoteRequests, queueQuoteShopMail } from '../quotes/service.js';
import { recordAudit } from './audit.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { defaultContactReplySubject, defaultQuoteReplySubject, staffReplyEmail } from './inbox-mail.js';

/**
 * The staff inbox (issue 9): contact messages and quote requests, their status
 * (new → in_progress → handled) and replies by e-mail through the outbox. A reply goes to the
 * address the sender gave with the message, only; it marks the item `handled` unless the staff
 * choose `in_progress`. Every change is audited in its own transaction.
 */

export type InboxKind = 'message' | 'quote';

function listFilter(query: InboxListQuery) {
  return {
    ...(query.page !== undefined ? { page: query.page } : {}),
    ...(query.pageSize !== undefined ? { pageSize: query.pageSize } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { search: query.q } : {}),
    ...(query.held ? { held: query.held === 'true' } : {}),
  };
}

export function listInboxMessages(db: Db, query: InboxListQuery) {
  return listContactMessages(db, listFilter(query));
}

export function listInboxQuotes(db: Db, query: InboxListQuery) {
  return listQuoteRequests(db, listFilter(query));
}

export async function inboxMessage(db: Db, id: number) {
  const message = await selectContactMessage(db, id);
  if (!message) throw new AppError('CONTACT_NOT_FOUND', 404, texts.messageNotFound);
  return message;
}

export async function inboxQuote(db: Db, id: number) {
  const quote = await selectQuoteRequest(db, id);
  if (!quote) throw new AppError('QUOTE_NOT_FOUND', 404, texts.quoteNotFound);
  return quote;
}

export async function setInboxMessageStatus(db: Db, actor: AuthenticatedSession, id: number, status: InboxStatus) {
  await db.transaction(async (tx) => {
    const row = await lockContactMessage(tx, id);
    if (!row) throw new AppError('CONTACT_NOT_FOUND', 404, texts.messageNotFound);
    if (row.status === status) return;
    await updateContactStatus(tx, id, status);
    await recordAudit(tx, actor, { action: 'contact.status', entity: 'contact_message', entityId: id, before: { status: row.status }, after: { status } });
  });
  return inboxMessage(db, id);
}

export async function setInboxQuoteStatus(db: Db, actor: AuthenticatedSession, id: number, status: InboxStatus) {
  await db.transaction(async (tx) => {
    const row = await lockQuoteRequest(tx, id);
    if (!row) throw new AppError('QUOTE_NOT_FOUND', 404, texts.quoteNotFound);
    if (row.status === status) return;
    await updateQuoteStatus(tx, id, status);
    await recordAudit(tx, actor, { action: 'quote.status', entity: 'quote_request', entityId: id, before: { status: row.status }, after: { status } });
  });
  return inboxQuote(db, id);
}

type MailerLike = Pick<Mailer, 'enqueue' | 'kick'>;

/**
 * Staff release an item held by the site-wide safety valve: the hold is cleared and its mail to the
 * shop queued (once: the outbox's dedupe key), audited. Releasing an item not held changes nothing.
 */
export async function releaseInboxMessage(db: Db, mailer: MailerLike, actor: AuthenticatedSession, id: number) {
  const released = await db.transaction(async (tx) => {
    const row = await lockContactMessage(tx, id);
    if (!row) throw new AppError('CONTACT_NOT_FOUND', 404, texts.messageNotFound);
    if (!(await releaseContactHold(tx, id))) return false;
    await queueContactShopMail(tx, mailer, id);
    await recordAudit(tx, actor, { action: 'contact.release', entity: 'contact_message', entityId: id, before: { held: true }, after: { held: false } });
    return true;
  });
  if (released) mailer.kick();
  return { released, item: await inboxMessage(db, id) };
}

export async function releaseInboxQuote(db: Db, mailer: MailerLike, actor: AuthenticatedSession, id: number) {
  const released = await db.transaction(async (tx) => {
    const row = await lockQuoteRequest(tx, id);
    if (!row) throw new AppError('QUOTE_NOT_FOUND', 404, texts.quoteNotFound);
    if (!(await releaseQuoteHold(tx, id))) return false;
    await queueQuoteShopMail(tx, mailer, id);
    await recordAudit(tx, actor, { action: 'quote.release', entity: 'quote_request', entityId: id, before: { held: true }, after: { held: false } });
    return true;
  });
  if (released) mailer.kick();
  return { released, item: await inboxQuote(db, id) };
}

export type ReplyInput = { subject?: string | undefined; message: string; status?: 'in_progress' | 'handled' | undefined };
export type ReplyResult = { mailId: number; to: string; subject: string; status: InboxStatus };

/** The same reply to the same item (a double click) is queued once: the outbox's dedupe key. */
function replyKey(kind: InboxKind, id: number, subject: string, message: string): string {
  return `staff_reply:${kind}:${id}:${createHash('sha256').update(`${subject}\n${message}`).digest('hex')}`;
}

type InboxRow = { name: string; email: string; status: InboxStatus };

/** What differs between replying to a contact message and to a quote request. */
type ReplyTarget<Row extends InboxRow> = {
  kind: InboxKind;
  lock: (tx: Tx, id: number) => Promise<Row | undefined>;
  notFound: () => AppError;
  defaultSubject: (row: Row, profile: StoreProfile) => string;
  about: (row: Row) => string;
  setStatus: (tx: Tx, id: number, status: InboxStatus) => Promise<unknown>;
  audit: { action: string; entity: string };
};

/**
 * Staff's reply: mailed through the outbox to the address stored with the item (nothing in the
 * request decides the recipient), the item's status moved (handled by default), audited; the
 * same reply twice (a double click) is queued once and changes nothing more.
 */
async function replyTo<Row extends InboxRow>(target: ReplyTarget<Row>, db: Db, mailer: MailerLike, actor: AuthenticatedSession, id: number, input: ReplyInput): Promise<ReplyResult> {
  const result = await db.transaction(async (tx) => {
    const row = await target.lock(tx, id);
    if (!row) throw target.notFound();
    const profile = await getStoreProfile(tx);
    const mail = staffReplyEmail({
      subject: input.subject ?? target.defaultSubject(row, profile),
      name: row.name,
      message: input.message,
      about: target.about(row),
      profile,
    });
    const queued = await mailer.enqueue(tx, { kind: 'staff_reply', to: row.email, ...mail, dedupeKey: replyKey(target.kind, id, mail.subject, mail.text) });
    const status: InboxStatus = input.status ?? 'handled';
    if (!queued.created) return { mailId: queued.id, to: row.email, subject: mail.subject, status: row.status };
    if (row.status !== status) await target.setStatus(tx, id, status);
    await recordAudit(tx, actor, {
      action: target.audit.action,
      entity: target.audit.entity,
      entityId: id,
      before: { status: row.status },
      after: { status, mailId: queued.id, to: row.email, subject: mail.subject },
    });
    return { mailId: queued.id, to: row.email, subject: mail.subject, status };
  });
  mailer.kick();
  return result;
}

const messageTarget: ReplyTarget<NonNullable<Awaited<ReturnType<typeof lockContactMessage>>>> = {
  kind: 'message',
  lock: lockContactMessage,
  notFound: () => new AppError('CONTACT_NOT_FOUND', 404, texts.messageNotFound),
  defaultSubject: (row) => defaultContactReplySubject(row.subject),
  about: (row) => `En réponse à votre message «\u00a0${row.subject}\u00a0» envoyé depuis notre site.`,
  setStatus: updateContactStatus,
  audit: { action: 'contact.reply', entity: 'contact_message' },
};

const quoteTarget: ReplyTarget<NonNullable<Awaited<ReturnType<typeof lockQuoteRequest>>>> = {
  kind: 'quote',
  lock: lockQuoteRequest,
  notFound: () => new AppError('QUOTE_NOT_FOUND', 404, texts.quoteNotFound),
  defaultSubject: (row, profile) => defaultQuoteReplySubject(row.reference, profile),
  about: (row) => `En réponse à votre demande de devis ${row.reference}.`,
  setStatus: updateQuoteStatus,
  audit: { action: 'quote.reply', entity: 'quote_request' },
};

export function replyToMessage(db: Db, mailer: MailerLike, actor: AuthenticatedSession, id: number, input: ReplyInput): Promise<ReplyResult> {
  return replyTo(messageTarget, db, mailer, actor, id, input);
}

export function replyToQuote(db: Db, mailer: MailerLike, actor: AuthenticatedSession, id: number, input: ReplyInput): Promise<ReplyResult> {
  return replyTo(quoteTarget, db, mailer, actor, id, input);
}

/** Image types served back to staff; anything else stored by mistake is never served. */
const SERVABLE = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

export type InboxImage = { mimeType: string; filename: string; data: Uint8Array };

function servable(row: { mimeType: string; data: Uint8Array; position: number } | undefined, name: string): InboxImage {
  const extension = row ? SERVABLE.get(row.mimeType) : undefined;
  if (!row || !extension) throw new AppError('ATTACHMENT_NOT_FOUND', 404, texts.attachmentNotFound);
  return { mimeType: row.mimeType, filename: `${name}-${row.position + 1}.${extension}`, data: row.data };
}

export async function messageAttachment(db: Db, messageId: number, attachmentId: number): Promise<InboxImage> {
  return servable(await selectMessageAttachment(db, messageId, attachmentId), `message-${messageId}-photo`);
}

export async function quotePhoto(db: Db, quoteId: number, photoId: number): Promise<InboxImage> {
  return servable(await selectRequestPhoto(db, quoteId, photoId), `devis-${quoteId}-photo`);
}
