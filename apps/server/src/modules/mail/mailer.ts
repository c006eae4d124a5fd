import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { startMailJob, type MailJob, type MailJobOptions } from './job.js';
import { enqueueMail, type EnqueueResult, type NewMail } from './outbox.js';
import { createMailTransport, type MailLogger, type MailTransport } from './transport.js';

/**
 * The application's mail service: enqueue in the caller's transaction, kick after commit, and
 * the background job (started by the server after listen, stopped on close; tests built with
 * createTestApp never start it, so their mails stay in the outbox to be read).
 */
export type Mailer = {
  transport: MailTransport;
  /**
   * Queues a mail (see enqueueMail). With the mailer's own `db` the job is kicked at once; with a
   * transaction, call kick() after it commits (the job could not see the row before).
   */
  enqueue: (db: Executor, mail: NewMail) => Promise<EnqueueResult>;
  /** Asks the running job to poll now; does nothing when the job is not started. */
  kick: () => void;
  /** Starts the background job (idempotent); `job` adds to the options the mailer was created with. */
  start: (job?: MailJobOptions) => void;
  /** Stops the job (waiting briefly for sends in progress) and closes the transport (idempotent). */
  stop: () => Promise<void>;
};

export type MailerOptions = {
  job?: MailJobOptions;
  /** Replaces the transport chosen from the config (tests). */
  transport?: MailTransport;
};

export function createMailer(
  config: Pick<Config, 'env' | 'publicUrl' | 'mail'>,
  db: Db,
  log: MailLogger,
  options: MailerOptions = {},
): Mailer {
  const transport = options.transport ?? createMailTransport(config, log);
  let job: MailJob | undefined;
  let stopping: Promise<void> | undefined;

  return {
    transport,
    enqueue: async (executor, mail) => {
      const result = await enqueueMail(executor, mail);
      if (executor === db && result.created) job?.kick();
      return result;
    },
    kick: () => job?.kick(),
    start: (jobOptions = {}) => {
      if (job || stopping) return;
      if (transport.kind === 'file' && config.env === 'production') {
        log.warn(
          { outboxDir: config.mail.outboxDir },
          `SMTP_URL n’est pas défini : les e-mails ne partent pas, ils sont écrits dans ${config.mail.outboxDir}`,
        );
      }
      job = startMailJob(db, transport, log, { ...options.job, ...jobOptions });
    },
    stop: () =>
      (stopping ??= (async () => {
        await job?.stop();
        await transport.close();
      })()),
  };
}
