import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { adminCoreMessages as texts, type OutboxItem, type OutboxListQuery, type OutboxMail } from '@erepare/shared/schemas/admin-core';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import type { AuthenticatedSession } from '../auth/service.js';
import { recordAudit } from './audit.js';

/**
 * The mail outbox for staff (issue 9): what was sent, what waits, what failed and why; a failed
 * (or waiting) mail can be sent again now. The list never carries the bodies (they may hold
 * links with tokens; only the detail shows them, to staff).
 */

type Row = typeof mailOutbox.$inferSelect;

const listColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
};

function toItem(row: Pick<Row, keyof typeof listColumns>): OutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listOutboxPage(db: Db, query: OutboxListQuery) {
  const { limit, offset, page, pageSize } = paging(query);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(mailOutbox.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    const match = or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern));
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(listColumns).from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return { items: rows.map(toItem), total: Number(total?.value ?? 0), page, pageSize };
}

/**
 * A link's `token` parameter (password reset, address verification) shown masked: staff see the
 * mail, never a live link into someone else's account (another admin's included). The stored
 * mail, which the job sends, keeps it.
 */
const TOKEN_PARAMETER = /([?&](?:amp;)?token=)[^&#"'<>\s]+/gi;
const maskTokens = (body: string) => body.replace(TOKEN_PARAMETER, '$1…');

export async function outboxMail(db: Db, id: number): Promise<OutboxMail> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row) throw new AppError('MAIL_NOT_FOUND', 404, texts.mailNotFound);
  return { ...toItem(row), text: maskTokens(row.text), html: maskTokens(row.html) };
}

/** The mail job's default attempt limit (job.ts `maxAttempts`): it never claims a row at or above it. */
export const MAIL_JOB_MAX_ATTEMPTS = 30;

/**
 * A failed or waiting mail becomes due now, its attempts kept (the job's back-off still knows its
 * history); a mail that used up all its attempts is brought one below the job's limit, so the
 * retry is one real attempt rather than a row the job would never take. A sent mail is never
 * sent twice; one being sent is left to the job.
 */
export async function retryMail(db: Db, actor: AuthenticatedSession, id: number): Promise<OutboxMail> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select(listColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1).for('update');
    if (!row) throw new AppError('MAIL_NOT_FOUND', 404, texts.mailNotFound);
    if (row.status === 'sent') throw new AppError('MAIL_ALREADY_SENT', 409, texts.mailAlreadySent);
    if (row.status === 'sending') throw new AppError('MAIL_SENDING', 409, texts.mailSending);
    await tx.update(mailOutbox).set({ status: 'pending', nextAttemptAt: sql`now()`, lockedUntil: null, attempts: sql`least(${mailOutbox.attempts}, ${MAIL_JOB_MAX_ATTEMPTS - 1})` }).where(eq(mailOutbox.id, id));
    await recordAudit(tx, actor, {
      action: 'mail.retry',
      entity: 'mail',
      entityId: id,
      before: { status: row.status, attempts: row.attempts, lastError: row.lastError },
      after: { status: 'pending' },
    });
  });
  return outboxMail(db, id);
}
