import { count, desc, eq, sql } from 'drizzle-orm';
import { smsSendableAt } from '@erepare/shared/sms';
import { adminSmsMessages as texts, type SmsOutboxItem, type SmsOutboxListQuery } from '@erepare/shared/schemas/admin-sms';
import type { Db } from '../../db/client.js';
import { smsOutbox } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { recordAudit } from '../admin/audit.js';
import type { AuthenticatedSession } from '../auth/service.js';
import { SMS_MAX_ATTEMPTS } from './job.js';

/** The SMS outbox for staff (Administration → E-mails → SMS): what left, what waits, what failed and why. */

type Row = typeof smsOutbox.$inferSelect;

function toItem(row: Row): SmsOutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toNumber,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    providerRef: row.providerRef,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

export async function listSmsOutboxPage(db: Db, query: SmsOutboxListQuery) {
  const { limit, offset, page, pageSize } = paging(query);
  const where = query.status ? eq(smsOutbox.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(smsOutbox).where(where),
  ]);
  return { items: rows.map(toItem), total: Number(total?.value ?? 0), page, pageSize };
}

/**
 * A failed or waiting SMS becomes due now (at 08:00 when asked between 21:00 and 08:00: the quiet
 * hours hold for retries too), its attempts brought below the job's limit so the retry is one real
 * attempt. A sent SMS is never sent
 * twice; one being sent is left to the job. Audited.
 */
export async function retrySms(db: Db, actor: AuthenticatedSession, id: number, enabled: boolean): Promise<SmsOutboxItem> {
  if (!enabled) throw new AppError('SMS_DISABLED', 409, texts.disabled);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(smsOutbox).where(eq(smsOutbox.id, id)).limit(1).for('update');
    if (!row) throw new AppError('SMS_NOT_FOUND', 404, texts.notFound);
    if (row.status === 'sent') throw new AppError('SMS_ALREADY_SENT', 409, texts.alreadySent);
    if (row.status === 'sending') throw new AppError('SMS_SENDING', 409, texts.sending);
    const [updated] = await tx
      .update(smsOutbox)
      .set({ status: 'pending', nextAttemptAt: smsSendableAt(new Date()), lockedUntil: null, lockedBy: null, attempts: sql`least(${smsOutbox.attempts}, ${SMS_MAX_ATTEMPTS - 1})` })
      .where(eq(smsOutbox.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'sms.retry',
      entity: 'sms',
      entityId: id,
      before: { status: row.status, attempts: row.attempts, lastError: row.lastError },
      after: { status: 'pending' },
    });
    if (!updated) throw new AppError('SMS_NOT_FOUND', 404, texts.notFound);
    return toItem(updated);
  });
}
