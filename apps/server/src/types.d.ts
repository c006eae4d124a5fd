import type { RepairBackend } from './adapters/repair/types.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { GoLiveChecklist } from './modules/admin/go-live.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { Metrics } from './modules/metrics/registry.js';
import type { PushService } from './modules/notifications/push-service.js';
import type { SmsService } from './modules/sms/service.js';
import type { RepairPaymentsContext } from './modules/repair-payments/service.js';
import type { DocumentCache } from './plugins/document-cache.js';
import type { InventoryCache } from './modules/repair/service.js';
import type { Catalogue } from './modules/shop/catalogue-types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer is personal even to a caller without a session (a lookup proven by
     * something else than a session): never stored by a cache (plugins/personal-answers.ts).
     */
    personal?: boolean;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The repair backend and the inventory cache its writers invalidate. */
    repair: { backend: RepairBackend; inventory: InventoryCache };
    /** The mail outbox and its sending job (started by server.ts). */
    mail: Mailer;
    /** The shop catalogue (built from the repair inventory); invalidate it when stock or products change. */
    shop: { catalogue: Catalogue };
    /** Web Push: VAPID keys and the push outbox's job; kick() after committing a notifyUser(). */
    push: PushService;
    /** Service SMS (issue 24): the SMS outbox and its job; `enabled` false when not configured. */
    sms: SmsService;
    /** Repair invoices and estimate deposits paid online (issue 24 §4): the Stripe webhook hands them their sessions. */
    repairPayments: RepairPaymentsContext;
    /** Pages rendered by React Router, kept a few seconds; invalidated by settings saves. */
    documents: DocumentCache;
    /** « Avant l’ouverture »: what is left before the shop opens (admin overview, npm start). */
    goLive: GoLiveChecklist;
    /** Prometheus metrics (GET /metrics); jobs report their runs through `jobRun`. */
    metrics: Metrics;
  }
  interface FastifyRequest {
    /**
     * The key every per-client limit uses: the client address with IPv6 reduced to its /64 (one
     * subscriber line holds a whole /64). Use it, never `request.ip`, for anything counted per client.
     */
    readonly client: string;
  }
}
