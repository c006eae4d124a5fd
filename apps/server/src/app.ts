import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { clientAddressKey } from './lib/rate-limit.js';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createRepairBackend } from './adapters/repair/index.js';
import { createInventoryCache } from './modules/repair/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthProbeRoutes, healthRoutes } from './modules/health/routes.js';
import { registerMetrics } from './modules/metrics/routes.js';
import { repairRoutes } from './modules/repair/routes.js';
import { pdfRoutes } from './modules/pdf/routes.js';
import { accountMailer } from './modules/accounts/mailer.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { createMailer } from './modules/mail/mailer.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { adminCoreRoutes } from './modules/admin/core-routes.js';
import { adminRepairRoutes } from './modules/admin/repair-routes.js';
import { adminRgpdRoutes } from './modules/admin/rgpd-routes.js';
import { adminBackupRoutes } from './modules/backups/routes.js';
import { adminShopRoutes } from './modules/admin/shop-routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { adminTwoFactorRoutes } from './modules/admin/two-factor-routes.js';
import { createCatalogue } from './modules/shop/catalogue.js';
import { shopRoutes } from './modules/shop/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { shippingRoutes } from './modules/shipping/routes.js';
import { stripeRoutes } from './modules/payments/stripe-routes.js';
import { paypalRoutes } from './modules/payments/paypal-routes.js';
import { trackingRoutes } from './modules/tracking/routes.js';
import { adminSmsRoutes } from './modules/sms/admin-routes.js';
import { createSmsService } from './modules/sms/service.js';
import { createPushService } from './modules/notifications/push-service.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { fcmRoutes } from './modules/notifications/fcm-routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { quoteRoutes } from './modules/quotes/routes.js';
import { estimateRoutes } from './modules/estimates/routes.js';
import { adminBookingRoutes, bookingRoutes } from './modules/bookings/routes.js';
import { createRepairPaymentsContext, repairPaymentRoutes } from './modules/repair-payments/routes.js';
import { registerSameOriginCheck } from './plugins/same-origin.js';
import { registerCanonicalPathCheck, rewriteToCanonical } from './plugins/canonical-path.js';
import { registerPersonalAnswers } from './plugins/personal-answers.js';
import { answerClientError, registerErrorHandler, sendFrameworkError } from './plugins/errors.js';
import { parseJsonBody } from './lib/json-body.js';
import { maskUrl } from './lib/mask-url.js';
import { requestLogController } from './plugins/request-log.js';
import { createGoLiveChecklist, twoFactorReadiness } from './modules/admin/go-live.js';
import { backupReadiness, backupStatus } from './modules/backups/status.js';
import { staffTwoFactorStatus } from './modules/auth/two-factor-store.js';
import { baseCspDirectives } from './plugins/csp.js';
import { createDocumentCache } from './plugins/document-cache.js';
import { registerReactRouter } from './plugins/react-router.js';

export type BuildOptions = {
  config: Config;
  database: Database;
};

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

type LoggedRequest = { method: string; url: string; host?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } | null };

/** Pino's options of the app: credentials redacted, secret query values masked in the request's URL. */
export function loggerOptions(level: Config['logLevel']) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        host: request.host ?? request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** Builds the whole application; used by main.ts and by the tests (through app.inject()). */
/** Behind TRUST_PROXY: only the nearest hop (the platform's proxy) is trusted. */
export const trustOneProxy = (_address: string, hop: number): boolean => hop < 1;

/**
 * JSON bodies the API reads by default: every form and admin edit fits (the longest texts, a
 * product description or an inbox reply of 10 000 characters, take at most ~40 KB). Routes that
 * need more say so with their own `bodyLimit` (the Stripe webhook); photos never travel in JSON.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Node checks its header and request deadlines on a timer: often enough that they hold to within a fraction of the shortest. */
function connectionsCheckingInterval(http: Config['http']): number {
  return Math.max(50, Math.min(30_000, Math.floor(Math.min(http.headersTimeoutMs, http.requestTimeoutMs) / 4)));
}

export async function buildApp({ config, database }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: requestLogController(),
    // One proxy in front (the platform's): the client address is the one it appended to
    // X-Forwarded-For, never an entry the client wrote itself.
    trustProxy: config.trustProxy ? trustOneProxy : false,
    // Behind a trusted proxy its request id is kept (if it looks like one) so logs can be joined;
    // otherwise clients do not get to choose what our logs say.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return config.trustProxy && typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Slow clients (issue 20 item 11): deadlines for the headers, the whole request, an idle
    // socket and an idle keep-alive connection (config.ts, README). Fastify disables Node's
    // request deadline by default; a client trickling its body would hold a socket forever.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(config.http),
    },
    // A client cut by those deadlines (or sending broken HTTP) gets a French answer.
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors the router raises before any route (a parameter over maxParamLength, a malformed
    // %-escape) get the same French envelope as every other error (see sendFrameworkError).
    frameworkErrors: sendFrameworkError,
    // One spelling per path, decided before routing: every check sees what the router and the
    // file system act on (plugins/canonical-path.ts).
    rewriteUrl: rewriteToCanonical,
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // The one key of per-client limits (IPv6 by /64): see types.d.ts and lib/rate-limit.ts.
  app.decorateRequest('client', {
    getter(this: FastifyRequest) {
      return clientAddressKey(this.ip);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerCanonicalPathCheck(app);
  // Another site's page cannot write with a visitor's session (CSRF): see plugins/same-origin.ts.
  registerSameOriginCheck(app);
  // The API speaks JSON only: a text/plain body gets a 415, not a string handed to the schemas.
  app.removeContentTypeParser('text/plain');
  // One JSON parser for every route: nesting depth bounded before parsing, prototype poisoning
  // refused, lone surrogates replaced (see lib/json-body.ts). Size: the route's bodyLimit.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // Server-Timing: the time spent in the server for this request (what the bench's "server time"
  // budgets measure, and what browsers' developer tools show).
  const startedAt = new WeakMap<object, bigint>();
  app.addHook('onRequest', async (request) => {
    startedAt.set(request, process.hrtime.bigint());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const start = startedAt.get(request);
    if (start !== undefined) void reply.header('server-timing', `app;dur=${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(1)}`);
    return payload;
  });

  const https = config.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: baseCspDirectives(https),
    },
    // HSTS only makes sense (and only works) over HTTPS.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCookie);
  // Personal answers are never cached, decided once for every route (plugins/personal-answers.ts).
  // After the cookie plugin: its onSend hook writes Set-Cookie, which this one looks at.
  registerPersonalAnswers(app);

  // Request counts and latencies, GET /metrics (modules/metrics); liveness and readiness probes.
  registerMetrics(app);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(healthRoutes, { prefix: '/api/auth' });
  await app.register(healthProbeRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  app.decorate('documents', createDocumentCache());
  app.decorate(
    'goLive',
    createGoLiveChecklist(config, database.db, {
      backup: async () => backupReadiness(await backupStatus(config, database.db)),
      twoFactor: async () => twoFactorReadiness(await staffTwoFactorStatus(database.db)),
    }),
  );
  await app.register(settingsRoutes, { prefix: '/api/admin' });
  const repairBackend = createRepairBackend(config, database, app.log);
  const inventoryCache = createInventoryCache(repairBackend);
  app.decorate('repair', { backend: repairBackend, inventory: inventoryCache });
  await app.register(repairRoutes(repairBackend, inventoryCache), { prefix: '/api/repairdesk' });
  const mailer = createMailer(config, database.db, app.log);
  app.decorate('mail', mailer);
  app.addHook('onClose', async () => mailer.stop());
  await app.register(accountRoutes(repairBackend, accountMailer(config, mailer)), { prefix: '/api' });
  const catalogue = createCatalogue(database.db, repairBackend);
  app.decorate('shop', { catalogue });
  await app.register(shopRoutes(catalogue));
  await app.register(orderRoutes(catalogue));
  await app.register(pdfRoutes);
  await app.register(paymentRoutes);
  // Payment providers and relay points: each always registered, answering 404 when not configured.
  // Repair invoices paid online (issue 24 §4): before the Stripe routes, whose webhook hands them their sessions.
  app.decorate('repairPayments', createRepairPaymentsContext(app));
  await app.register(repairPaymentRoutes);
  await app.register(stripeRoutes);
  await app.register(paypalRoutes);
  await app.register(shippingRoutes);
  await app.register(trackingRoutes);
  await app.register(adminRoutes);
  await app.register(adminCoreRoutes);
  await app.register(adminShopRoutes);
  await app.register(adminRepairRoutes);
  await app.register(adminRgpdRoutes);
  // Staff second factors: the team rule and a colleague's reset (one's own: /api/auth/two-factor).
  await app.register(adminTwoFactorRoutes);
  // Backups: their state and « Sauvegarder maintenant » (the daily job is started by server.ts).
  await app.register(adminBackupRoutes);
  // Notifications: the push sender's job is started by server.ts (test apps keep pushes in the outbox).
  const push = createPushService(config, database.db, app.log);
  app.decorate('push', push);
  app.addHook('onClose', async () => push.stop());
  // Service SMS (issue 24 §5): off unless SMS_PROVIDER is set; the sending job is started by server.ts.
  const sms = createSmsService(config, database.db, app.log);
  app.decorate('sms', sms);
  app.addHook('onClose', async () => sms.stop());
  // The SMS outbox for staff (Administration → E-mails → SMS).
  await app.register(adminSmsRoutes);
  await app.register(notificationRoutes);
  await app.register(fcmRoutes);
  await app.register(contactRoutes);
  await app.register(quoteRoutes);
  // Repair estimates (issue 24 §1): staff, the customer's secret link, the account.
  await app.register(estimateRoutes);
  await app.register(bookingRoutes);
  await app.register(adminBookingRoutes);

  await registerReactRouter(app);
  return app;
}
