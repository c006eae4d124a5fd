import { smsSendableAt } from '@erepare/shared/sms';
import { smsOutbox } from '../../db/schema.js';
import type { Executor } from '../../db/client.js';

/**
 * The SMS outbox: like the mail outbox (modules/mail/outbox.ts), a message is a row written in the
 * caller's transaction and sent later by the SMS job, with retries. Service messages only, and only
 * to customers who agreed (the caller passes that consent; nothing is queued without it).
 */

/** What an SMS is about (logs, tests, dedupe keys). */
export type SmsKind = 'estimate_sent' | 'booking_confirmed' | 'booking_changed' | 'booking_cancelled' | 'ready_for_pickup';

export type NewSms = {
  kind: SmsKind;
  /** The customer's number as they typed it (French national or international form). */
  to: string;
  /** Plain text; kept short (one or two SMS). */
  body: string;
  /** The customer agreed to service SMS about this subject: false queues nothing. */
  consent: boolean;
  /** A second SMS with the same key is not queued. */
  dedupeKey?: string;
};

/**
 * A mobile number in E.164, or null when it is not one we can text: French numbers (06, 07, or
 * +33 6/7, spaces, dots and dashes allowed) and other international numbers written with their +.
 */
export function smsNumber(input: string): string | null {
  const compact = input.replace(/[\s.\-()]/g, '');
  if (/^0[67]\d{8}$/.test(compact)) return `+33${compact.slice(1)}`;
  if (/^\+33[67]\d{8}$/.test(compact)) return compact;
  if (/^0033[67]\d{8}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^\+(?!33)[1-9]\d{7,14}$/.test(compact)) return compact;
  return null;
}

/**
 * Queues an SMS in the caller's transaction when `enabled` (SMS configured), consent was given
 * and the number is a mobile one. Answers whether a row exists for it now. Every kind is a
 * non-urgent service message: queued between 21:00 and 08:00 (Paris), it waits until 08:00.
 */
export async function enqueueSms(db: Executor, enabled: boolean, sms: NewSms, now: Date = new Date()): Promise<boolean> {
  if (!enabled || !sms.consent) return false;
  const to = smsNumber(sms.to);
  if (!to) return false;
  const body = sms.body.trim();
  if (!body) throw new Error(`enqueueSms: empty body for a ${sms.kind} SMS`);
  await db
    .insert(smsOutbox)
    .values({ kind: sms.kind, toNumber: to, body, dedupeKey: sms.dedupeKey ?? null, nextAttemptAt: smsSendableAt(now) })
    .onConflictDoNothing({ target: smsOutbox.dedupeKey });
  return true;
}
