import { contactMessages as texts } from '@erepare/shared/messages';
import type { InboxStatus } from '@erepare/shared/schemas/common';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { DecodedImage } from '../../lib/images.js';
import { paging, type PageQuery } from '../../lib/paging.js';
import { clientAddressKey, hitRateLimit, withinRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import type { Mailer } from '../mail/mailer.js';
import { contactShopEmail } from '../mail/templates.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { insertContactMessage, purgeContactMessages, selectContactMessage, selectContactMessages, updateContactStatus } from './repository.js';

const DAY = 24 * 60 * 60_000;

/** Requests one address may make per 10 minutes, valid or not (counted before the body is read). */
export const CONTACT_ATTEMPT_LIMIT: RateLimitRule = { name: 'contact-attempt', limit: 10, windowMs: 10 * 60_000 };
/** Messages one address may send per 10 minutes. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', limit: 5, windowMs: 10 * 60_000 };
/** Messages one address may send per day. */
export const CONTACT_DAILY_LIMIT: RateLimitRule = { name: 'contact-day', limit: 20, windowMs: DAY };
/**
 * The site-wide safety valve: past this many messages in a day, the next ones are still taken (the
 * visitor gets the same answer) but held for staff review, not mailed to the shop. Never a refusal:
 * a shared cap would let one client (a /48 holds 65 536 /64s) close the form for everyone.
 */
export const CONTACT_GLOBAL_DAILY_LIMIT: RateLimitRule = { name: 'contact-all-day', limit: 500, windowMs: DAY };

/** Kept "3 ans après notre dernier échange" (legal notice); the sender's address 12 months. */
export const CONTACT_RETENTION = { keepYears: 3, ipMonths: 12 } as const;

export type ContactInput = {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** Photos already read and checked (type from their bytes, size): see lib/image-form.ts. */
  images: DecodedImage[];
};

/**
 * Stores a contact message with its photos and queues its mail to the shop, in one transaction:
 * either both exist or neither (a message held by the site-wide valve: stored, no mail yet). The recipient is always the shop's own address (the body's `to`
 * never reaches this function): the one saved in the store profile. The mail is built from the fields.
 */
/** Where the service logs that a message was held. */
export type ContactLog = { warn: (details: object, message: string) => void };

export async function submitContactMessage(
  db: Db,
  mailer: Pick<Mailer, 'enqueue' | 'kick'>,
  input: ContactInput,
  ip: string,
  log?: ContactLog,
): Promise<{ id: number; held: boolean }> {
  const { images } = input;
  const address = clientAddressKey(ip);
  await hitRateLimit(db, CONTACT_RATE_LIMIT, address, texts.rateLimited);
  await hitRateLimit(db, CONTACT_DAILY_LIMIT, address, texts.dailyLimit);
  const held = !(await withinRateLimit(db, CONTACT_GLOBAL_DAILY_LIMIT, 'all'));

  const created = await db.transaction(async (tx) => {
    const row = await insertContactMessage(
      tx,
      { name: input.name, email: input.email, phone: input.phone, subject: input.subject, message: input.message, ip, held },
      images,
    );
    if (!held) await queueContactShopMail(tx, mailer, row.id);
    return row;
  });
  if (held) log?.warn({ contactId: created.id }, 'site-wide daily volume of contact messages passed: message held for staff review');
  else mailer.kick();
  return { id: created.id, held };
}

/** The message's mail to the shop (at most once per message: the outbox's dedupe key). */
export async function queueContactShopMail(tx: Executor, mailer: Pick<Mailer, 'enqueue'>, id: number): Promise<void> {
  const message = await selectContactMessage(tx, id);
  if (!message) return;
  const profile = await getStoreProfile(tx);
  const mail = contactShopEmail(
    { ...message, imageCount: message.attachments.length, createdAt: new Date(message.createdAt) },
    profile,
  );
  // « Répondre » in the shop's mail program answers the visitor.
  await mailer.enqueue(tx, { kind: 'contact_message', to: profile.email, replyTo: message.email, ...mail, dedupeKey: `contact_message:${id}` });
}

/** `search`: part of the sender's name or e-mail (quotes: or the reference), for the staff inbox. */
export type InboxPage = PageQuery & { status?: InboxStatus | undefined; search?: string | undefined; held?: boolean | undefined };

/** The contact messages for the staff, newest first, optionally by status. */
export async function listContactMessages(db: Db, query: InboxPage = {}) {
  const { limit, offset, page, pageSize } = paging(query);
  const { items, total } = await selectContactMessages(db, {
    ...(query.status ? { status: query.status } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.held !== undefined ? { held: query.held } : {}),
    limit,
    offset,
  });
  return { items, total, page, pageSize };
}

export async function setContactStatus(db: Db, id: number, status: InboxStatus): Promise<void> {
  if (!(await updateContactStatus(db, id, status))) throw new AppError('CONTACT_NOT_FOUND', 404, 'Message introuvable');
}

/** The clean-up job's part: old messages (and their photos) deleted, old senders' addresses blanked. */
export async function purgeOldContactMessages(db: Db) {
  return purgeContactMessages(db, CONTACT_RETENTION);
}
