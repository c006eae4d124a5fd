import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storeProfile } from '@erepare/shared/store-profile';
import { z } from '@erepare/shared/zod';

/**
 * The only module that reads process.env. Every variable is validated here; a bad value stops
 * start-up with a message naming the variable (see the README's table).
 */

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'doit valoir true ou false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
      .default('info'),
    TRUST_PROXY: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
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
        .refine(isSafeRepairDeskUrl, { error: 'doit être une URL https:// (http:// n’est accepté que vers 127.0.0.1, localhost ou ::1)' })
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
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(8, { error: 'doit contenir au moins 8 caractères' }).optional(),
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
            ctx.addIssue({ code: 'custom', message: 'doit être une adresse e-mail, éventuellement précédée d’un nom : Nom <adresse@domaine.fr>' });
            return z.NEVER;
          }
          return parsed;
        })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
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
  secureCookies: boolean;
  webDistDir: string;
  /** Demo repair data loaded by the first start: none (a real shop), demo, or large (benchmarks). */
  demoData: 'none' | 'demo' | 'large';
  /**
   * Repair backend: our tables (default) or RepairDesk when an API key is set. `loyaltyPointCents`:
   * value of one RepairDesk loyalty point, in cents.
   */
  repair: { kind: 'local' } | { kind: 'repairdesk'; apiKey: string; baseUrl: string; loyaltyPointCents: number };
  /** Ticket lookups and uncached lists one IP address may ask of the repair backend per minute. */
  repairVisitorLimit: number;
  /**
   * Unpaid orders release their reserved stock: online payments left pending after
   * `pendingTimeoutMinutes`, bank transfers still on hold after `bankTransferHoldDays`, pay-in-store
   * orders not collected (completed by staff) after `pickupHoldDays`. A visitor (same billing
   * e-mail or same IP address, IPv6 by /64) holds at most `unpaidOrdersLimit` unpaid orders at once.
   */
  orders: { pendingTimeoutMinutes: number; bankTransferHoldDays: number; pickupHoldDays: number; unpaidOrdersLimit: number };
  /** First admin account (created once, when no admin exists). Without a password one is generated. */
  admin: { email: string; password: string | undefined } | null;
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
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    publicUrl,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    secureCookies: values.COOKIE_SECURE === 'auto' ? publicUrl.startsWith('https://') : values.COOKIE_SECURE === 'true',
    webDistDir: values.WEB_DIST_DIR ? path.resolve(cwd, values.WEB_DIST_DIR) : path.resolve(packageRoot, '../web/dist'),
    demoData: values.DEMO_DATA,
    repair: values.REPAIRDESK_API_KEY
      ? {
          kind: 'repairdesk',
          apiKey: values.REPAIRDESK_API_KEY,
          baseUrl: values.REPAIRDESK_BASE_URL.replace(/\/$/, ''),
          loyaltyPointCents: values.REPAIRDESK_LOYALTY_POINT_CENTS,
        }
      : { kind: 'local' },
    repairVisitorLimit: values.REPAIR_VISITOR_LIMIT,
    orders: {
      pendingTimeoutMinutes: values.ORDER_PENDING_TIMEOUT_MINUTES,
      bankTransferHoldDays: values.BANK_TRANSFER_HOLD_DAYS,
      pickupHoldDays: values.PICKUP_HOLD_DAYS,
      unpaidOrdersLimit: values.UNPAID_ORDERS_LIMIT,
    },
    admin: values.ADMIN_EMAIL
      ? { email: values.ADMIN_EMAIL.trim().toLowerCase(), password: values.ADMIN_PASSWORD }
      : null,
    mail: {
      smtpUrl: values.SMTP_URL ?? null,
      from: values.MAIL_FROM ?? defaultMailFrom(publicUrl),
      outboxDir: path.join(dataDir, 'outbox'),
    },
  };
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https://, or http:// to this machine only. */
function isSafeRepairDeskUrl(value: string): boolean {
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
  return { name: name || storeProfile.name, address };
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
  const domain = isDomainName ? host.replace(/^www\./, '') : (storeProfile.email.split('@')[1] ?? 'localhost');
  return { name: storeProfile.name, address: `no-reply@${domain}` };
}
