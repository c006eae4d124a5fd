import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { InboxStatus } from '@erepare/shared/schemas/common';
import { rowsOf, type Executor } from '../../db/client.js';
import { contactAttachments, contactMessages } from '../../db/schema.js';
import type { DecodedImage } from '../../lib/images.js';

export type NewContactMessage = {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  ip: string;
  /** Held back by the site-wide safety valve (not mailed to the shop until released). */
  held?: boolean;
};

export async function insertContactMessage(db: Executor, message: NewContactMessage, images: readonly DecodedImage[]) {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!row) throw new Error('insertContactMessage: nothing returned');
  if (images.length) {
    await db.insert(contactAttachments).values(
      images.map((image, position) => ({ messageId: row.id, position, mimeType: image.mimeType, sizeBytes: image.bytes.length, data: image.bytes })),
    );
  }
  return row;
}

export type ContactMessageView = {
  id: number;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: InboxStatus;
  held: boolean;
  createdAt: string;
  updatedAt: string;
  attachments: { id: number; mimeType: string; sizeBytes: number }[];
};

/** `%` and `_` typed by staff are searched as themselves. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The status filter, and the staff search in the sender's name or e-mail (case-insensitive). */
function messagesWhere(filter: { status?: InboxStatus; search?: string; held?: boolean }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(contactMessages.status, filter.status));
  if (filter.held !== undefined) conditions.push(eq(contactMessages.held, filter.held));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const match = or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern));
    if (match) conditions.push(match);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function selectContactMessages(db: Executor, filter: { status?: InboxStatus; search?: string; held?: boolean; limit: number; offset: number }) {
  const where = messagesWhere(filter);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ value: count() }).from(contactMessages).where(where);
  const attachments = rows.length
    ? await db
        .select({ id: contactAttachments.id, messageId: contactAttachments.messageId, mimeType: contactAttachments.mimeType, sizeBytes: contactAttachments.sizeBytes })
        .from(contactAttachments)
        .where(inArray(contactAttachments.messageId, rows.map((row) => row.id)))
        .orderBy(contactAttachments.messageId, contactAttachments.position)
    : [];
  const items: ContactMessageView[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status,
    held: row.held,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attachments: attachments.filter((file) => file.messageId === row.id).map(({ id, mimeType, sizeBytes }) => ({ id, mimeType, sizeBytes })),
  }));
  return { items, total: Number(total?.value ?? 0) };
}

/** One message with its photos' ids (the staff's detail view), or undefined. */
export async function selectContactMessage(db: Executor, id: number): Promise<ContactMessageView | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  if (!row) return undefined;
  const attachments = await db
    .select({ id: contactAttachments.id, mimeType: contactAttachments.mimeType, sizeBytes: contactAttachments.sizeBytes })
    .from(contactAttachments)
    .where(eq(contactAttachments.messageId, id))
    .orderBy(contactAttachments.position);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status,
    held: row.held,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attachments,
  };
}

/** Locks one message for a change in the caller's transaction; its status and sender, or undefined. */
export async function lockContactMessage(db: Executor, id: number) {
  const [row] = await db
    .select({ id: contactMessages.id, status: contactMessages.status, held: contactMessages.held, email: contactMessages.email, name: contactMessages.name, subject: contactMessages.subject })
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** One photo of one message (undefined when the photo belongs to another message). */
export async function selectMessageAttachment(db: Executor, messageId: number, attachmentId: number) {
  const [row] = await db
    .select()
    .from(contactAttachments)
    .where(and(eq(contactAttachments.id, attachmentId), eq(contactAttachments.messageId, messageId)))
    .limit(1);
  return row;
}

/** Clears the hold of a held message; false when it was not held (or does not exist). */
export async function releaseContactHold(db: Executor, id: number): Promise<boolean> {
  const updated = await db
    .update(contactMessages)
    .set({ held: false, updatedAt: new Date() })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.held, true)))
    .returning({ id: contactMessages.id });
  return updated.length > 0;
}

export async function updateContactStatus(db: Executor, id: number, status: InboxStatus): Promise<boolean> {
  const updated = await db
    .update(contactMessages)
    .set({ status, updatedAt: new Date() })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return updated.length > 0;
}

/**
 * One photo of a message (the admin shows it).
 * The route serving it must send X-Content-Type-Options: nosniff, Content-Disposition: inline and CSP sandbox.
 */
export async function selectContactAttachment(db: Executor, id: number) {
  const [row] = await db.select().from(contactAttachments).where(eq(contactAttachments.id, id)).limit(1);
  return row;
}

/**
 * Privacy clean-up (legal notice: kept "3 ans après notre dernier échange"): deletes the messages
 * untouched for `keepYears` years (their photos go with them: on delete cascade), and blanks the sender's
 * address of messages older than `ipMonths` months. Returns how many rows each step touched.
 */
export async function purgeContactMessages(db: Executor, { keepYears, ipMonths }: { keepYears: number; ipMonths: number }) {
  const deleted = await db.execute(sql`
    delete from contact_messages where updated_at < now() - make_interval(years => ${keepYears}) returning id
  `);
  const cleared = await db.execute(sql`
    update contact_messages set ip = '' where ip <> '' and created_at < now() - make_interval(months => ${ipMonths}) returning id
  `);
  return { deleted: rowsOf(deleted).length, ipCleared: rowsOf(cleared).length };
}
