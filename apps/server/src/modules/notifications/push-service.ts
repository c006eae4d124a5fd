import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { pushSender, startPushJob, type PushJob, type PushJobOptions, type PushLogger } from '../../jobs/push-sender.js';
import { ensureVapidKeys, type VapidKeys } from './vapid.js';

/**
 * The application's Web Push service (decorated as `app.push`): the VAPID keys and the sending job
 * of the push outbox. notifyUser() queues the pushes in the caller's transaction; call
 * `app.push.kick()` once that transaction has committed so they leave at once (otherwise the job
 * finds them within 30 s). Only a listening server starts the job (server.ts); apps built by
 * createTestApp keep the rows in the outbox until a test starts it.
 */
export type PushService = {
  /** The installation's VAPID keys (generated and stored on first use, then read once per process). */
  vapidKeys: () => Promise<VapidKeys>;
  /** Asks the running job to send now; does nothing when the job is not started. */
  kick: () => void;
  /** Starts the job (idempotent); also generates the VAPID keys if this is the first start. */
  start: (options?: PushJobOptions) => void;
  /** One poll of the outbox, awaited (tests). Works whether or not the job is started. */
  runOnce: (options?: PushJobOptions) => Promise<number>;
  /** Stops the job, waiting briefly for the sends in progress (idempotent). */
  stop: () => Promise<void>;
};

export function createPushService(config: Pick<Config, 'pushAllowLocalEndpoints'>, db: Db, log: PushLogger): PushService {
  let keys: Promise<VapidKeys> | undefined;
  let job: PushJob | undefined;
  let stopping: Promise<void> | undefined;
  const allowLocalEndpoints = config.pushAllowLocalEndpoints;

  const vapidKeys = () => {
    keys ??= ensureVapidKeys(db).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };

  return {
    vapidKeys,
    kick: () => job?.kick(),
    start: (options = {}) => {
      if (job || stopping) return;
      vapidKeys().catch((error: unknown) => log.error({ err: error }, 'clés VAPID indisponibles : les notifications push ne partent pas'));
      job = startPushJob(db, vapidKeys, log, { allowLocalEndpoints, ...options });
    },
    runOnce: (options = {}) => pushSender(db, vapidKeys, log, { allowLocalEndpoints, ...options }).runOnce(),
    stop: () =>
      (stopping ??= (async () => {
        await job?.stop();
      })()),
  };
}
