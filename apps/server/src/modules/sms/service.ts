import type { Executor } from '../../db/client.js';
import { enqueueSms, type NewSms } from './outbox.js';

/** SMS as a channel (issue 24 §5): off unless configured. */
export type SmsService = {
  /** Whether SMS is configured: when false, queue() writes nothing. */
  readonly enabled: boolean;
  /** Queues an SMS in the caller's transaction (see enqueueSms); call kick() after the commit. */
  queue: (db: Executor, sms: NewSms) => Promise<boolean>;
  /** Asks the SMS job to look at the outbox now. */
  kick: () => void;
  stop: () => Promise<void>;
};

export function createSmsService(options: { enabled: boolean }): SmsService {
  return {
    enabled: options.enabled,
    queue: (db, sms) => enqueueSms(db, options.enabled, sms),
    kick: () => {},
    stop: async () => {},
  };
}
