import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSmsSenderId, smsSenderId } from '@erepare/shared/sms';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { z } from '@erepare/shared/zod';

/**
 * The only module that reads process.env. Every variable is validated here; a bad value stops
 * start-up with a message naming the variable (see the README's table).
 */

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const httpsOnlyMessage = 'doit être une URL https:// (http:// n’est accepté que vers 127.0.0.1, localhost ou ::1)';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'doit valoir true ou false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A duration in milliseconds (100 ms to 1 hour); `fallback` when unset. */
const timeoutMs = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'doit être un nombre' })
      .int({ error: 'doit être un nombre entier de millisecondes' })
      .min(100, { error: 'doit valoir au moins 100 (ms)' })
      .max(3_600_000, { error: 'doit valoir au plus 3600000 (1 heure)' })
      .default(fallback),
  );

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'doit valoir development, production ou test' })
      .default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    // An empty PORT is "unset" (Number('') would silently be 0, a random port).
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un entier' })
        .min(0, { error: 'doit être compris entre 0 et 65535' })
        .max(65535, { error: 'doit être compris entre 0 et 65535' })
        .default(3000),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ error: 'doit être une URL postgres://…' })
        .refine((value) => /^postgres(ql)?:\/\//.test(value), { error: 'doit commencer par postgres:// ou postgresql://' })
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ error: 'doit être une URL http(s)://…' }).optional()),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'doit valoir fatal, error, warn, info, debug, trace ou silent',
      })
      .optional(),
    TRUST_PROXY: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
    // Tests only: push endpoints on this machine (its loopback, over plain HTTP too: a local
    // receiver). On by default under NODE_ENV=test only; elsewhere only when set (the e2e server),
    // never on a real site: without it a push reaches public addresses only.
    PUSH_ALLOW_LOCAL_ENDPOINTS: z.preprocess(emptyToUndefined, booleanFlag.optional()),
    COOKIE_SECURE: z
      .enum(['auto', 'true', 'false'], { error: 'doit valoir auto, true ou false' })
      .default('auto'),
    WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    DEMO_DATA: z
      .enum(['none', 'demo', 'large'], { error: 'doit valoir none, demo ou large' })
      .default('demo'),
    ADMIN_EMAIL: z.preprocess((value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value), z.email({ error: 'doit être une adresse e-mail valide' }).optional()),
    REPAIRDESK_API_KEY: z.preprocess(emptyToUndefined, z.string().trim().min(8, { error: 'doit contenir la clé API RepairDesk (8 caractères au moins)' }).optional()),
    // The API key travels in the query string: https only, except to this machine (tests, a local proxy).
    REPAIRDESK_BASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ error: 'doit être une URL https://…' })
        .refine(isSafeServiceUrl, { error: httpsOnlyMessage })
        .default('https://api.repairdesk.co/api/web/v1'),
    ),
    REPAIRDESK_LOYALTY_POINT_CENTS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier de centimes' })
        .min(0, { error: 'doit être positif ou nul' })
        .default(1),
    ),
    // Where a payment made online is posted to RepairDesk (issue 24 §4): inferred from the public
    // API (not documented in the reference), so configurable.
    REPAIRDESK_PAYMENT_PATH: z.preprocess(
      emptyToUndefined,
      z.string().trim().regex(/^[a-z0-9_/-]{1,80}$/i, { error: 'doit être un chemin de l’API RepairDesk (ex. invoice/addpayment)' }).default('invoice/addpayment'),
    ),
    REPAIR_VISITOR_LIMIT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier de requêtes par minute' })
        .min(1, { error: 'doit valoir au moins 1' })
        .default(60),
    ),
    ORDER_PENDING_TIMEOUT_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier de minutes' })
        .min(1, { error: 'doit valoir au moins 1' })
        .max(7 * 24 * 60, { error: 'doit valoir au plus 10080 (7 jours)' })
        .default(60),
    ),
    BANK_TRANSFER_HOLD_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier de jours' })
        .min(1, { error: 'doit valoir au moins 1' })
        .max(90, { error: 'doit valoir au plus 90' })
        .default(7),
    ),
    PICKUP_HOLD_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier de jours' })
        .min(1, { error: 'doit valoir au moins 1' })
        .max(90, { error: 'doit valoir au plus 90' })
        .default(7),
    ),
    UNPAID_ORDERS_LIMIT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier de commandes' })
        .min(1, { error: 'doit valoir au moins 1' })
        .max(100, { error: 'doit valoir au plus 100' })
        .default(3),
    ),
    // Slow clients (issue 20 item 11): how long a request may take to arrive, see the README.
    HTTP_HEADERS_TIMEOUT_MS: timeoutMs(10_000),
    HTTP_REQUEST_TIMEOUT_MS: timeoutMs(300_000),
    HTTP_IDLE_TIMEOUT_MS: timeoutMs(120_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: timeoutMs(72_000),
    UPLOAD_CHECK_INTERVAL_MS: timeoutMs(10_000),
    UPLOAD_MIN_BYTES_PER_SECOND: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier d’octets par seconde' })
        .min(1, { error: 'doit valoir au moins 1' })
        .max(100 * 1024 * 1024, { error: 'doit valoir au plus 104857600' })
        .default(8 * 1024),
    ),
    // Online payments (issue 6): each provider is offered only when configured.
    STRIPE_SECRET_KEY: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, { error: 'doit être une clé secrète Stripe (sk_test_… ou sk_live_…)' }).optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z.string().regex(/^pk_(test|live)_[A-Za-z0-9_]{8,}$/, { error: 'doit être une clé publiable Stripe (pk_test_… ou pk_live_…)' }).optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z.string().regex(/^whsec_[A-Za-z0-9_]{8,}$/, { error: 'doit être un secret de webhook Stripe (whsec_…)' }).optional(),
    ),
    STRIPE_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'doit être une URL https://…' }).refine(isSafeServiceUrl, { error: httpsOnlyMessage }).default('https://api.stripe.com'),
    ),
    STRIPE_METHODS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value) => [...new Set(value.split(',').map((item) => item.trim()).filter(Boolean))])
        .pipe(z.array(z.enum(['card', 'klarna', 'revolut_pay'], { error: 'doit lister card, klarna et/ou revolut_pay, séparés par des virgules' })).min(1, { error: 'doit lister au moins un moyen de paiement' }))
        .default(['card', 'klarna']),
    ),
    PAYPAL_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().trim().min(8, { error: 'doit contenir l’identifiant client PayPal' }).optional()),
    PAYPAL_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().trim().min(8, { error: 'doit contenir le secret client PayPal' }).optional()),
    PAYPAL_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'doit être une URL https://…' }).refine(isSafeServiceUrl, { error: httpsOnlyMessage }).default('https://api-m.paypal.com'),
    ),
    // Service SMS (issue 24 §5, docs/sms.md): off unless SMS_PROVIDER is set.
    SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['brevo'], { error: 'doit valoir brevo (ou rester vide\u00a0: pas de SMS)' }).optional()),
    // The value is never echoed in an error message.
    BREVO_API_KEY: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z.string().regex(/^[A-Za-z0-9_-]{16,200}$/, { error: 'doit être une clé API Brevo (xkeysib-…)' }).optional(),
    ),
    BREVO_SMS_SENDER: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z.string().refine(isSmsSenderId, { error: 'doit compter 3 à 11 lettres ou chiffres sans espace ni accent (ou être un numéro)' }).optional(),
    ),
    BREVO_BASE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'doit être une URL https://…' }).refine(isSafeServiceUrl, { error: httpsOnlyMessage }).default('https://api.brevo.com'),
    ),
    COLISSIMO_ACCOUNT_NUMBER: z.preprocess(emptyToUndefined, z.string().trim().regex(/^\d{6,10}$/, { error: 'doit être le numéro de contrat Colissimo (6 chiffres)' }).optional()),
    COLISSIMO_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    COLISSIMO_API_KEY: z.preprocess(emptyToUndefined, z.string().trim().min(8, { error: 'doit contenir la clé API Colissimo' }).optional()),
    COLISSIMO_API_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ error: 'doit être une URL https://…' })
        .refine(isSafeServiceUrl, { error: httpsOnlyMessage })
        .default('https://ws.colissimo.fr/pointretrait-ws-cxf/rest/v2/pointretrait'),
    ),
    COLISSIMO_PARCEL_WEIGHT_GRAMS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier de grammes' })
        .min(100, { error: 'doit valoir au moins 100' })
        .max(20_000, { error: 'doit valoir au plus 20000 (20 kg, limite des relais)' })
        .default(1000),
    ),
    // Firebase Cloud Messaging (HTTP v1): optional; without it only Web Push is used.
    FCM_PROJECT_ID: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z.string().regex(/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/, { error: 'doit être l’identifiant du projet Firebase (minuscules, chiffres et tirets)' }).optional(),
    ),
    // The value is never echoed in an error message: it holds a private key.
    FCM_SERVICE_ACCOUNT_JSON: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z
        .string()
        .transform((value, ctx) => {
          const account = parseServiceAccount(value);
          if (!account) {
            ctx.addIssue({ code: 'custom', message: 'doit contenir le JSON d’un compte de service Google (client_email et private_key)' });
            return z.NEVER;
          }
          return account;
        })
        .optional(),
    ),
    FCM_CLIENT_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'doit être l’adresse e-mail du compte de service (…@….iam.gserviceaccount.com)' }).optional()),
    FCM_PRIVATE_KEY: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.replace(/\\n/g, '\n').trim() : value),
      z.string().refine(isPrivateKey, { error: 'doit être la clé privée PEM du compte de service (-----BEGIN PRIVATE KEY-----…)' }).optional(),
    ),
    FCM_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'doit être une URL https://…' }).refine(isSafeServiceUrl, { error: httpsOnlyMessage }).default('https://fcm.googleapis.com'),
    ),
    FCM_TOKEN_URL: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'doit être une URL https://…' }).refine(isSafeServiceUrl, { error: httpsOnlyMessage }).default('https://oauth2.googleapis.com/token'),
    ),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(8, { error: 'doit contenir au moins 8 caractères' }).optional(),
    ),
    // Backups (issue 23 §3): where the daily and manual backups go, how long they are kept.
    BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    BACKUP_KEEP_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'doit être un nombre' })
        .int({ error: 'doit être un nombre entier de jours' })
        .min(1, { error: 'doit valoir au moins 1' })
        .max(3650, { error: 'doit valoir au plus 3650 (10 ans)' })
        .default(14),
    ),
    BACKUP_AUTO: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    // Sent by a scraper as `Authorization: Bearer …`: printable ASCII without spaces, long enough not to be guessed.
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(16, { error: 'doit contenir au moins 16 caractères' })
        .regex(/^[\x21-\x7e]+$/, { error: 'ne doit contenir que des caractères ASCII imprimables, sans espace' })
        .optional(),
    ),
    // The value is never echoed in an error message: it may carry the SMTP password.
    SMTP_URL: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z
        .string()
        .refine(isSmtpUrl, { error: 'doit être une URL smtp://[utilisateur:mot-de-passe@]hôte[:port] ou smtps://…' })
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      (value) => emptyToUndefined(typeof value === 'string' ? value.trim() : value),
      z
        .string()
        .transform((value, ctx) => {
          const parsed = parseMailbox(value);
          if (!parsed) {
            ctx.addIssue({ code: 'custom', message: 'doit être une adresse e-mail, éventuellement précédée d’un nom\u00a0: Nom <adresse@domaine.fr>' });
            return z.NEVER;
          }
          return parsed;
        })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'est requis quand STRIPE_SECRET_KEY est défini' });
    }
    // Without the webhook a payment confirmed while the buyer's tab is closed would be lost.
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'est requis quand STRIPE_SECRET_KEY est défini' });
    }
    if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: [env.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'], message: 'PAYPAL_CLIENT_ID et PAYPAL_CLIENT_SECRET vont ensemble' });
    }
    if (env.SMS_PROVIDER === 'brevo' && !env.BREVO_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['BREVO_API_KEY'], message: 'est requis quand SMS_PROVIDER=brevo' });
    }
    if (env.BREVO_API_KEY && !env.SMS_PROVIDER) {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'doit valoir brevo pour envoyer des SMS avec BREVO_API_KEY' });
    }
    if (env.COLISSIMO_ACCOUNT_NUMBER && !env.COLISSIMO_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['COLISSIMO_PASSWORD'], message: 'est requis quand COLISSIMO_ACCOUNT_NUMBER est défini' });
    }
    const fcmProject = env.FCM_PROJECT_ID ?? env.FCM_SERVICE_ACCOUNT_JSON?.projectId;
    const fcmKeyPair = Boolean(env.FCM_CLIENT_EMAIL) || Boolean(env.FCM_PRIVATE_KEY);
    if (env.FCM_SERVICE_ACCOUNT_JSON && fcmKeyPair) {
      ctx.addIssue({ code: 'custom', path: ['FCM_SERVICE_ACCOUNT_JSON'], message: 'ou FCM_CLIENT_EMAIL et FCM_PRIVATE_KEY\u00a0: pas les deux' });
    } else if (fcmKeyPair && (!env.FCM_CLIENT_EMAIL || !env.FCM_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.FCM_CLIENT_EMAIL ? 'FCM_PRIVATE_KEY' : 'FCM_CLIENT_EMAIL'], message: 'FCM_CLIENT_EMAIL et FCM_PRIVATE_KEY vont ensemble' });
    }
    if ((env.FCM_SERVICE_ACCOUNT_JSON || fcmKeyPair) && !fcmProject) {
      ctx.addIssue({ code: 'custom', path: ['FCM_PROJECT_ID'], message: 'est requis avec les identifiants FCM (ou project_id dans FCM_SERVICE_ACCOUNT_JSON)' });
    }
    if (env.FCM_PROJECT_ID && !env.FCM_SERVICE_ACCOUNT_JSON && !fcmKeyPair) {
      ctx.addIssue({ code: 'custom', path: ['FCM_SERVICE_ACCOUNT_JSON'], message: 'ou FCM_CLIENT_EMAIL et FCM_PRIVATE_KEY sont requis quand FCM_PROJECT_ID est défini' });
    }
    // Node refuses a header deadline later than the whole request's.
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HTTP_HEADERS_TIMEOUT_MS'], message: 'doit être inférieur ou égal à HTTP_REQUEST_TIMEOUT_MS' });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'est requis quand ADMIN_PASSWORD est défini' });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string } | { kind: 'pglite-memory'; dump?: Blob };
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  /** Push subscriptions may point to this machine over HTTP (tests); see PUSH_ALLOW_LOCAL_ENDPOINTS. */
  pushAllowLocalEndpoints: boolean;
  secureCookies: boolean;
  webDistDir: string;
  /** Demo repair data loaded by the first start: none (a real shop), demo, or large (benchmarks). */
  demoData: 'none' | 'demo' | 'large';
  /**
   * Repair backend: our tables (default) or RepairDesk when an API key is set. `loyaltyPointCents`:
   * value of one RepairDesk loyalty point, in cents.
   */
  repair: { kind: 'local' } | { kind: 'repairdesk'; apiKey: string; baseUrl: string; loyaltyPointCents: number; paymentPath: string };
  /** Ticket lookups and uncached lists one IP address may ask of the repair backend per minute. */
  repairVisitorLimit: number;
  /**
   * Unpaid orders release their reserved stock: online payments left pending after
   * `pendingTimeoutMinutes`, bank transfers still on hold after `bankTransferHoldDays`, pay-in-store
   * orders not collected (completed by staff) after `pickupHoldDays`. A buyer (same IP address,
   * IPv6 by /64, or same signed-in account; never the e-mail typed) holds at most
   * `unpaidOrdersLimit` unpaid orders at once.
   */
  orders: { pendingTimeoutMinutes: number; bankTransferHoldDays: number; pickupHoldDays: number; unpaidOrdersLimit: number };
  /**
   * Online payment providers, each null when not configured (then not offered). Stripe serves
   * the card, Klarna and Revolut Pay (`methods`); base URLs point tests at local fakes.
   */
  payments: {
    stripe: {
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      apiUrl: string;
      methods: ('card' | 'klarna' | 'revolut_pay')[];
    } | null;
    paypal: { clientId: string; clientSecret: string; apiUrl: string } | null;
  };
  /** Colissimo relay-point search (shipping colissimo_relais), null when not configured (the method is hidden). */
  colissimo: {
    apiUrl: string;
    auth: { accountNumber: string; password: string } | { apiKey: string };
    parcelWeightGrams: number;
  } | null;
  /**
   * Firebase Cloud Messaging HTTP v1 (the spec's cloud push variant), null when not configured:
   * then the /api/fcm routes answer 503 and only Web Push is used. Base URLs point tests at a fake.
   */
  fcm: { projectId: string; clientEmail: string; privateKey: string; apiUrl: string; tokenUrl: string } | null;
  /**
   * Service SMS (issue 24 §5, docs/sms.md), null when not configured: then nothing is queued and
   * the quote form offers no SMS. `sender` defaults to the store's name as a sender id (Erepare).
   */
  sms: { provider: 'brevo'; apiKey: string; sender: string; baseUrl: string } | null;
  /**
   * Deadlines of the HTTP server against slow clients (issue 20 item 11): the request line and
   * headers (`headersTimeoutMs`), the whole request with its body (`requestTimeoutMs`), a socket
   * with no traffic at all (`idleTimeoutMs`), an idle keep-alive connection (`keepAliveTimeoutMs`).
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number };
  /**
   * Photo uploads hold one of a few slots (see lib/upload-guard.ts): every `checkIntervalMs` the
   * upload must have received `minBytesPerSecond` on average since the last check, or its slot is
   * released and the request ends with a 408.
   */
  uploads: { checkIntervalMs: number; minBytesPerSecond: number };
  /** First admin account (created once, when no admin exists). Without a password one is generated. */
  admin: { email: string; password: string | undefined } | null;
  /**
   * Backups (modules/backups): files written to `directory` (BACKUP_DIR, default DATA_DIR/backups),
   * one a day when `automatic`, deleted after `keepDays` days.
   */
  backups: { directory: string; keepDays: number; automatic: boolean };
  /** The bearer token that opens GET /metrics to a scraper (admins need none); null when unset. */
  metricsToken: string | null;
  /**
   * Outgoing e-mail: SMTP when `smtpUrl` is set, otherwise `.eml` files in `outboxDir`.
   * `from` defaults to "<store name> <no-reply@<domain>>" (see defaultMailFrom).
   */
  mail: { smtpUrl: string | null; from: { name: string; address: string }; outboxDir: string };
};

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Configuration invalide :\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environnement'} ${issue.message}`),
    );
  }
  const values = parsed.data;
  const dataDir = path.resolve(cwd, values.DATA_DIR);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '');
  const webDistDir = values.WEB_DIST_DIR ? path.resolve(cwd, values.WEB_DIST_DIR) : path.resolve(packageRoot, '../web/build');
  const backupDir = values.BACKUP_DIR ? path.resolve(cwd, values.BACKUP_DIR) : path.join(dataDir, 'backups');
  // Whatever is under the web build may be served to anyone: never the backups.
  const relative = path.relative(webDistDir, backupDir);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
    throw new ConfigError([`BACKUP_DIR ne doit pas être dans WEB_DIST_DIR (${webDistDir})\u00a0: les sauvegardes y seraient publiques`]);
  }
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    publicUrl,
    // Production writes warnings and errors only unless asked (LOG_LEVEL=info: one line per request).
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === 'production' ? 'warn' : 'info'),
    trustProxy: values.TRUST_PROXY,
    pushAllowLocalEndpoints: values.PUSH_ALLOW_LOCAL_ENDPOINTS ?? values.NODE_ENV === 'test',
    secureCookies: values.COOKIE_SECURE === 'auto' ? publicUrl.startsWith('https://') : values.COOKIE_SECURE === 'true',
    webDistDir,
    demoData: values.DEMO_DATA,
    repair: values.REPAIRDESK_API_KEY
      ? {
          kind: 'repairdesk',
          apiKey: values.REPAIRDESK_API_KEY,
          baseUrl: values.REPAIRDESK_BASE_URL.replace(/\/$/, ''),
          loyaltyPointCents: values.REPAIRDESK_LOYALTY_POINT_CENTS,
          paymentPath: values.REPAIRDESK_PAYMENT_PATH,
        }
      : { kind: 'local' },
    repairVisitorLimit: values.REPAIR_VISITOR_LIMIT,
    orders: {
      pendingTimeoutMinutes: values.ORDER_PENDING_TIMEOUT_MINUTES,
      bankTransferHoldDays: values.BANK_TRANSFER_HOLD_DAYS,
      pickupHoldDays: values.PICKUP_HOLD_DAYS,
      unpaidOrdersLimit: values.UNPAID_ORDERS_LIMIT,
    },
    payments: {
      stripe:
        values.STRIPE_SECRET_KEY && values.STRIPE_PUBLISHABLE_KEY && values.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: values.STRIPE_SECRET_KEY,
              publishableKey: values.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: values.STRIPE_WEBHOOK_SECRET,
              apiUrl: values.STRIPE_API_URL.replace(/\/$/, ''),
              methods: values.STRIPE_METHODS,
            }
          : null,
      paypal:
        values.PAYPAL_CLIENT_ID && values.PAYPAL_CLIENT_SECRET
          ? { clientId: values.PAYPAL_CLIENT_ID, clientSecret: values.PAYPAL_CLIENT_SECRET, apiUrl: values.PAYPAL_API_URL.replace(/\/$/, '') }
          : null,
    },
    colissimo:
      values.COLISSIMO_API_KEY || (values.COLISSIMO_ACCOUNT_NUMBER && values.COLISSIMO_PASSWORD)
        ? {
            apiUrl: values.COLISSIMO_API_URL.replace(/\/$/, ''),
            auth: values.COLISSIMO_API_KEY
              ? { apiKey: values.COLISSIMO_API_KEY }
              : { accountNumber: values.COLISSIMO_ACCOUNT_NUMBER ?? '', password: values.COLISSIMO_PASSWORD ?? '' },
            parcelWeightGrams: values.COLISSIMO_PARCEL_WEIGHT_GRAMS,
          }
        : null,
    http: {
      headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: values.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: values.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    uploads: { checkIntervalMs: values.UPLOAD_CHECK_INTERVAL_MS, minBytesPerSecond: values.UPLOAD_MIN_BYTES_PER_SECOND },
    fcm: fcmConfigOf(values),
    sms:
      values.SMS_PROVIDER === 'brevo' && values.BREVO_API_KEY
        ? {
            provider: 'brevo',
            apiKey: values.BREVO_API_KEY,
            sender: values.BREVO_SMS_SENDER ?? smsSenderId(defaultStoreProfile.name) ?? 'Atelier',
            baseUrl: values.BREVO_BASE_URL.replace(/\/$/, ''),
          }
        : null,
    admin: values.ADMIN_EMAIL
      ? { email: values.ADMIN_EMAIL.trim().toLowerCase(), password: values.ADMIN_PASSWORD }
      : null,
    metricsToken: values.METRICS_TOKEN ?? null,
    backups: {
      directory: backupDir,
      keepDays: values.BACKUP_KEEP_DAYS,
      automatic: values.BACKUP_AUTO,
    },
    mail: {
      smtpUrl: values.SMTP_URL ?? null,
      from: values.MAIL_FROM ?? defaultMailFrom(publicUrl),
      outboxDir: path.join(dataDir, 'outbox'),
    },
  };
}

type ServiceAccount = { projectId: string | undefined; clientEmail: string; privateKey: string };

function isPrivateKey(value: string): boolean {
  try {
    return createPrivateKey(value).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** A Google service account's JSON key file: what FCM needs of it. */
function parseServiceAccount(value: string): ServiceAccount | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { project_id: projectId, client_email: clientEmail, private_key: privateKey } = parsed as Record<string, unknown>;
  if (typeof clientEmail !== 'string' || !mailAddress.safeParse(clientEmail).success) return null;
  if (typeof privateKey !== 'string' || !isPrivateKey(privateKey)) return null;
  return { projectId: typeof projectId === 'string' && projectId ? projectId : undefined, clientEmail, privateKey };
}

function fcmConfigOf(values: z.infer<typeof envSchema>): Config['fcm'] {
  const account: ServiceAccount | undefined =
    values.FCM_SERVICE_ACCOUNT_JSON ??
    (values.FCM_CLIENT_EMAIL && values.FCM_PRIVATE_KEY ? { projectId: undefined, clientEmail: values.FCM_CLIENT_EMAIL, privateKey: values.FCM_PRIVATE_KEY } : undefined);
  const projectId = values.FCM_PROJECT_ID ?? account?.projectId;
  if (!account || !projectId) return null;
  return {
    projectId,
    clientEmail: account.clientEmail,
    privateKey: account.privateKey,
    apiUrl: values.FCM_API_URL.replace(/\/$/, ''),
    tokenUrl: values.FCM_TOKEN_URL,
  };
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https://, or http:// to this machine only (credentials travel with every request). */
function isSafeServiceUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname.toLowerCase()));
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const mailAddress = z.email();

/** "adresse@domaine.fr" or "Nom <adresse@domaine.fr>" (quotes around the name are optional). */
function parseMailbox(value: string): { name: string; address: string } | null {
  const match = /^(?:"?([^"<>]*?)"?\s*)?<([^<>\s]+)>$/.exec(value);
  const name = (match ? (match[1] ?? '') : '').trim();
  const address = (match ? match[2] : value) ?? '';
  if (!mailAddress.safeParse(address).success || /[\r\n]/.test(name)) return null;
  // Config is read at start-up, with no database at hand: the default profile's name.
  return { name: name || defaultStoreProfile.name, address };
}

/**
 * The sender when MAIL_FROM is unset: the store's name and no-reply@ the site's own domain (the
 * host of PUBLIC_URL without "www."), the domain an SMTP relay for the site is normally allowed
 * to send for (SPF, DKIM). A local PUBLIC_URL (localhost, an IP address) has no such domain: the
 * domain of the store's public e-mail address is used instead. Replies go to the store's address
 * (Reply-To, set by the mail transport).
 */
export function defaultMailFrom(publicUrl: string): { name: string; address: string } {
  const host = new URL(publicUrl).hostname.toLowerCase();
  const isDomainName = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[') && !host.endsWith('.localhost');
  // Config is read at start-up, with no database at hand: the default profile's name and domain.
  const domain = isDomainName ? host.replace(/^www\./, '') : (defaultStoreProfile.email.split('@')[1] ?? 'localhost');
  return { name: defaultStoreProfile.name, address: `no-reply@${domain}` };
}
