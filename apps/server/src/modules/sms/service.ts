import { createBrevoSmsProvider } from '../../adapters/sms/brevo.js';
import type { SmsProvider } from '../../adapters/sms/sms-provider.js';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { startSmsJob, type SmsJob, type SmsJobOptions, type SmsLogger } from './job.js';
import { enqueueSms, type NewSms } from './outbox.js';

/** SMS as a channel (issue 24 §5, docs/sms.md): off unless configured. */
export type SmsService = {
  /** Whether SMS is configured: when false, queue() writes nothing. */
  readonly enabled: boolean;
  /** The provider (null when SMS is off): the go-live checklist asks it whether it answers. */
  readonly provider: SmsProvider | null;
  /** Queues an SMS in the caller's transaction (see enqueueSms); call kick() after the commit. */
  queue: (db: Executor, sms: NewSms) => Promise<boolean>;
  /** Asks the SMS job to look at the outbox now. */
  kick: () => void;
  /** Starts the sending job (a listening server only: test apps keep SMS in the table unless they start it). */
  start: (options?: SmsJobOptions) => void;
  stop: () => Promise<void>;
};

export type SmsServiceOptions = {
  /** Another provider than the one configured (tests). */
  provider?: SmsProvider;
  /** The clock of the quiet hours (tests). */
  now?: () => Date;
  job?: SmsJobOptions;
};

export function createSmsService(config: Pick<Config, 'sms'>, db: Db, log: SmsLogger, options: SmsServiceOptions = {}): SmsService {
  const provider =
    options.provider ??
    (config.sms ? createBrevoSmsProvider({ apiKey: config.sms.apiKey, sender: config.sms.sender, baseUrl: config.sms.baseUrl }) : null);
  const enabled = provider !== null;
  const now = options.now ?? (() => new Date());
  let job: SmsJob | undefined;
  let stopping: Promise<void> | undefined;
  return {
    enabled,
    provider,
    queue: (executor, sms) => enqueueSms(executor, enabled, sms, now()),
    kick: () => job?.kick(),
    start: (jobOptions = {}) => {
      if (!provider || job || stopping) return;
      job = startSmsJob(db, provider, log, { now, ...options.job, ...jobOptions });
    },
    stop: () =>
      (stopping ??= (async () => {
        await job?.stop();
      })()),
  };
}
