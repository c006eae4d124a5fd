import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const cwd = '/srv/erepare';

/** The ConfigError thrown for `env` (fails the test when nothing is thrown). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults with no variable set', () => {
    const config = loadConfig({}, cwd);
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe('/srv/erepare/data');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/erepare/data/pglite' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
    // In production, request lines only when asked: warnings and errors by default.
    expect(loadConfig({ NODE_ENV: 'production' }, '/srv/app').logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, '/srv/app').logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
    expect(config.secureCookies).toBe(false);
    expect(config.admin).toBeNull();
    expect(config.webDistDir.split(path.sep).join('/')).toMatch(/apps\/web\/build$/);
  });

  it('resolves DATA_DIR and WEB_DIST_DIR against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/donnees', WEB_DIST_DIR: '../web-build' }, cwd);
    expect(config.dataDir).toBe('/srv/erepare/var/donnees');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/erepare/var/donnees/pglite' });
    expect(config.webDistDir).toBe('/srv/web-build');
    expect(loadConfig({ DATA_DIR: '/data/erepare' }, cwd).dataDir).toBe('/data/erepare');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://erepare:secret@db.local:5432/erepare' }, cwd).database).toEqual({
      kind: 'postgres',
      url: 'postgres://erepare:secret@db.local:5432/erepare',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.local/erepare' }, cwd).database.kind).toBe('postgres');
    // An empty value means "not set" (as in a copied .env file).
    expect(loadConfig({ DATABASE_URL: '' }, cwd).database.kind).toBe('pglite');
  });

  it('reads PORT, HOST, LOG_LEVEL, NODE_ENV and TRUST_PROXY', () => {
    const config = loadConfig(
      { PORT: '8080', HOST: '0.0.0.0', LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY: 'yes' },
      cwd,
    );
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', logLevel: 'warn', env: 'production', trustProxy: true });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '0' }, cwd).port).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }, cwd).trustProxy).toBe(false);
  });

  it('treats an empty PORT as unset', () => {
    expect(loadConfig({ PORT: '' }, cwd).port).toBe(3000);
  });

  it('derives secure cookies from an https PUBLIC_URL unless COOKIE_SECURE says otherwise', () => {
    const https = loadConfig({ PUBLIC_URL: 'https://www.erepare.example/' }, cwd);
    expect(https.publicUrl).toBe('https://www.erepare.example');
    expect(https.secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://www.erepare.example', COOKIE_SECURE: 'false' }, cwd).secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://erepare.local', COOKIE_SECURE: 'true' }, cwd).secureCookies).toBe(true);
  });

  it('normalises the admin e-mail and keeps the admin password', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Patron@Erepare.Example', ADMIN_PASSWORD: 'motdepasse-solide' }, cwd).admin).toEqual({
      email: 'patron@erepare.example',
      password: 'motdepasse-solide',
    });
    expect(loadConfig({ ADMIN_EMAIL: 'patron@erepare.example' }, cwd).admin).toEqual({
      email: 'patron@erepare.example',
      password: undefined,
    });
  });

  it.each([
    ['PORT', { PORT: 'trois-mille' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'pas-une-url' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db.local/erepare' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'erepare.example' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'peut-etre' }],
    ['COOKIE_SECURE', { COOKIE_SECURE: 'oui' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'pas-un-email' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'patron@erepare.example', ADMIN_PASSWORD: 'court' }],
    ['REPAIRDESK_BASE_URL', { REPAIRDESK_BASE_URL: 'pas-une-url' }],
    ['REPAIRDESK_BASE_URL', { REPAIRDESK_BASE_URL: 'http://api.repairdesk.co/api/web/v1' }],
    ['REPAIRDESK_BASE_URL', { REPAIRDESK_BASE_URL: 'http://127.0.0.1.evil.example/api' }],
    ['REPAIRDESK_BASE_URL', { REPAIRDESK_BASE_URL: 'http://192.168.1.10/api' }],
    ['REPAIRDESK_BASE_URL', { REPAIRDESK_BASE_URL: 'ftp://api.repairdesk.co/api' }],
    ['REPAIRDESK_LOYALTY_POINT_CENTS', { REPAIRDESK_LOYALTY_POINT_CENTS: 'un' }],
    ['REPAIRDESK_LOYALTY_POINT_CENTS', { REPAIRDESK_LOYALTY_POINT_CENTS: '-1' }],
    ['REPAIRDESK_LOYALTY_POINT_CENTS', { REPAIRDESK_LOYALTY_POINT_CENTS: '1.5' }],
    ['SMTP_URL', { SMTP_URL: 'smtp.exemple.fr' }],
    ['SMTP_URL', { SMTP_URL: 'https://smtp.exemple.fr' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://' }],
    ['MAIL_FROM', { MAIL_FROM: 'pas-une-adresse' }],
    ['MAIL_FROM', { MAIL_FROM: 'Atelier <pas-une-adresse>' }],
    ['MAIL_FROM', { MAIL_FROM: 'a@b.fr, c@d.fr' }],
  ])('rejects a bad %s with a message naming it', (variable, env) => {
    const error = configError(env);
    expect(error.message).toContain(variable);
    expect(error.message.startsWith('Configuration invalide')).toBe(true);
    expect(error.issues.some((issue) => issue.startsWith(`${variable} `))).toBe(true);
  });

  it('reads the RepairDesk settings: https only, except to this machine; loyalty point value', () => {
    const key = { REPAIRDESK_API_KEY: 'rd-cle-de-test-123' };
    expect(loadConfig({}, cwd).repair).toEqual({ kind: 'local' });
    expect(loadConfig(key, cwd).repair).toEqual({
      kind: 'repairdesk',
      apiKey: 'rd-cle-de-test-123',
      baseUrl: 'https://api.repairdesk.co/api/web/v1',
      loyaltyPointCents: 1,
      paymentPath: 'invoice/addpayment',
    });
    expect(loadConfig({ ...key, REPAIRDESK_BASE_URL: 'https://rd.example/api/', REPAIRDESK_LOYALTY_POINT_CENTS: '5' }, cwd).repair).toMatchObject({
      baseUrl: 'https://rd.example/api',
      loyaltyPointCents: 5,
    });
    expect(loadConfig({ ...key, REPAIRDESK_LOYALTY_POINT_CENTS: '0' }, cwd).repair).toMatchObject({ loyaltyPointCents: 0 });
    expect(loadConfig({ ...key, REPAIRDESK_LOYALTY_POINT_CENTS: '' }, cwd).repair).toMatchObject({ loyaltyPointCents: 1 });
    for (const local of ['http://127.0.0.1:41234/api/web/v1', 'http://localhost:8080/api', 'http://[::1]:8080/api', 'http://LOCALHOST/api']) {
      expect(loadConfig({ ...key, REPAIRDESK_BASE_URL: local }, cwd).repair).toMatchObject({ kind: 'repairdesk' });
    }
    const error = configError({ ...key, REPAIRDESK_BASE_URL: 'http://api.repairdesk.co/api/web/v1' });
    expect(error.issues).toEqual(['REPAIRDESK_BASE_URL doit être une URL https:// (http:// n’est accepté que vers 127.0.0.1, localhost ou ::1)']);
  });

  it('reads the unpaid-order delays: 60 minutes pending, 7 days for a bank transfer by default', () => {
    expect(loadConfig({}, cwd).orders).toEqual({ pendingTimeoutMinutes: 60, bankTransferHoldDays: 7, pickupHoldDays: 7, unpaidOrdersLimit: 3 });
    expect(loadConfig({ ORDER_PENDING_TIMEOUT_MINUTES: '30', BANK_TRANSFER_HOLD_DAYS: '10' }, cwd).orders).toEqual({
      pendingTimeoutMinutes: 30,
      bankTransferHoldDays: 10,
      pickupHoldDays: 7,
      unpaidOrdersLimit: 3,
    });
    expect(loadConfig({ ORDER_PENDING_TIMEOUT_MINUTES: '', BANK_TRANSFER_HOLD_DAYS: '' }, cwd).orders.pendingTimeoutMinutes).toBe(60);
    const error = configError({ ORDER_PENDING_TIMEOUT_MINUTES: '0', BANK_TRANSFER_HOLD_DAYS: '2.5' });
    expect(error.issues).toEqual(['ORDER_PENDING_TIMEOUT_MINUTES doit valoir au moins 1', 'BANK_TRANSFER_HOLD_DAYS doit être un nombre entier de jours']);
  });

  it('reads the pickup deadline of pay-in-store orders and the unpaid orders a visitor may hold', () => {
    expect(loadConfig({ PICKUP_HOLD_DAYS: '3', UNPAID_ORDERS_LIMIT: '5' }, cwd).orders).toMatchObject({ pickupHoldDays: 3, unpaidOrdersLimit: 5 });
    expect(loadConfig({ PICKUP_HOLD_DAYS: '', UNPAID_ORDERS_LIMIT: '' }, cwd).orders).toMatchObject({ pickupHoldDays: 7, unpaidOrdersLimit: 3 });
    const error = configError({ PICKUP_HOLD_DAYS: '0', UNPAID_ORDERS_LIMIT: 'trois' });
    expect(error.issues).toEqual(['PICKUP_HOLD_DAYS doit valoir au moins 1', 'UNPAID_ORDERS_LIMIT doit être un nombre']);
    expect(configError({ PICKUP_HOLD_DAYS: '91', UNPAID_ORDERS_LIMIT: '1.5' }).issues).toEqual([
      'PICKUP_HOLD_DAYS doit valoir au plus 90',
      'UNPAID_ORDERS_LIMIT doit être un nombre entier de commandes',
    ]);
  });

  it('reads the deadlines against slow clients, with defaults (README)', () => {
    const defaults = loadConfig({}, cwd);
    expect(defaults.http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 300_000, idleTimeoutMs: 120_000, keepAliveTimeoutMs: 72_000 });
    expect(defaults.uploads).toEqual({ checkIntervalMs: 10_000, minBytesPerSecond: 8192 });
    const set = loadConfig(
      { HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_IDLE_TIMEOUT_MS: '3000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '4000', UPLOAD_CHECK_INTERVAL_MS: '250', UPLOAD_MIN_BYTES_PER_SECOND: '100' },
      cwd,
    );
    expect(set.http).toEqual({ headersTimeoutMs: 500, requestTimeoutMs: 2000, idleTimeoutMs: 3000, keepAliveTimeoutMs: 4000 });
    expect(set.uploads).toEqual({ checkIntervalMs: 250, minBytesPerSecond: 100 });
    expect(configError({ HTTP_REQUEST_TIMEOUT_MS: '0' }).message).toContain('HTTP_REQUEST_TIMEOUT_MS doit valoir au moins 100');
    expect(configError({ UPLOAD_MIN_BYTES_PER_SECOND: 'vite' }).message).toContain('UPLOAD_MIN_BYTES_PER_SECOND doit être un nombre');
    expect(configError({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '30000' }).message).toContain(
      'HTTP_HEADERS_TIMEOUT_MS doit être inférieur ou égal à HTTP_REQUEST_TIMEOUT_MS',
    );
  });

  it('backups: DATA_DIR/backups kept 14 days, daily by default; BACKUP_DIR resolved against the working directory', () => {
    expect(loadConfig({}, cwd).backups).toEqual({ directory: '/srv/erepare/data/backups', keepDays: 14, automatic: true });
    expect(loadConfig({ DATA_DIR: '/data/erepare', BACKUP_KEEP_DAYS: '' }, cwd).backups).toEqual({ directory: '/data/erepare/backups', keepDays: 14, automatic: true });
    expect(loadConfig({ BACKUP_DIR: 'sauvegardes', BACKUP_KEEP_DAYS: '30', BACKUP_AUTO: 'false' }, cwd).backups).toEqual({
      directory: '/srv/erepare/sauvegardes',
      keepDays: 30,
      automatic: false,
    });
    expect(loadConfig({ BACKUP_DIR: '/mnt/nas/erepare' }, cwd).backups.directory).toBe('/mnt/nas/erepare');
    expect(configError({ BACKUP_KEEP_DAYS: '0', BACKUP_AUTO: 'parfois' }).issues).toEqual(['BACKUP_KEEP_DAYS doit valoir au moins 1', 'BACKUP_AUTO doit valoir true ou false']);
    expect(configError({ BACKUP_KEEP_DAYS: '7.5' }).issues).toEqual(['BACKUP_KEEP_DAYS doit être un nombre entier de jours']);
    expect(configError({ BACKUP_KEEP_DAYS: '4000' }).issues).toEqual(['BACKUP_KEEP_DAYS doit valoir au plus 3650 (10 ans)']);
    // Never where the web build is served from.
    expect(configError({ WEB_DIST_DIR: 'web', BACKUP_DIR: 'web/client/sauvegardes' }).issues).toEqual([
      'BACKUP_DIR ne doit pas être dans WEB_DIST_DIR (/srv/erepare/web)\u00a0: les sauvegardes y seraient publiques',
    ]);
    expect(configError({ WEB_DIST_DIR: '/srv/erepare/data', DATA_DIR: 'data' }).message).toContain('BACKUP_DIR ne doit pas être dans WEB_DIST_DIR');
    expect(loadConfig({ WEB_DIST_DIR: 'web', BACKUP_DIR: 'web-sauvegardes' }, cwd).backups.directory).toBe('/srv/erepare/web-sauvegardes');
  });

  it('requires ADMIN_EMAIL when ADMIN_PASSWORD is set', () => {
    const error = configError({ ADMIN_PASSWORD: 'motdepasse-solide' });
    expect(error.issues).toEqual(['ADMIN_EMAIL est requis quand ADMIN_PASSWORD est défini']);
    expect(error.message).toContain('ADMIN_PASSWORD');
  });

  it('names every bad variable at once', () => {
    const error = configError({ PORT: 'abc', LOG_LEVEL: 'bavard', DATABASE_URL: 'mysql://x/y' });
    expect(error.issues).toHaveLength(3);
    for (const variable of ['PORT', 'LOG_LEVEL', 'DATABASE_URL']) expect(error.message).toContain(variable);
  });

  it('never echoes the value of a secret variable', () => {
    const error = configError({ DATABASE_URL: 'mysql://erepare:tres-secret@db/erepare' });
    expect(error.message).not.toContain('tres-secret');
    expect(configError({ SMTP_URL: 'imap://atelier:tres-secret@mail.exemple.fr' }).message).not.toContain('tres-secret');
  });

  it('mail: .eml files in DATA_DIR/outbox by default, SMTP with SMTP_URL', () => {
    const local = loadConfig({}, cwd);
    expect(local.mail).toEqual({
      smtpUrl: null,
      // No real domain in a local PUBLIC_URL: the store's e-mail domain.
      from: { name: 'E.repare', address: 'no-reply@erepare.example' },
      outboxDir: '/srv/erepare/data/outbox',
    });
    expect(loadConfig({ SMTP_URL: '' }, cwd).mail.smtpUrl).toBeNull();
    const url = 'smtps://atelier%40erepare.fr:p%40ss@smtp.exemple.fr:465';
    expect(loadConfig({ SMTP_URL: ` ${url} ` }, cwd).mail.smtpUrl).toBe(url);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525?requireTLS=true' }, cwd).mail.smtpUrl).toBe('smtp://127.0.0.1:2525?requireTLS=true');
  });

  it('mail: MAIL_FROM defaults to no-reply@ the domain of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.erepare.fr' }, cwd).mail.from).toEqual({ name: 'E.repare', address: 'no-reply@erepare.fr' });
    expect(loadConfig({ PUBLIC_URL: 'https://boutique.erepare.fr/' }, cwd).mail.from.address).toBe('no-reply@boutique.erepare.fr');
    for (const local of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://atelier.localhost', 'http://localhost:8080']) {
      expect(loadConfig({ PUBLIC_URL: local }, cwd).mail.from.address).toBe('no-reply@erepare.example');
    }
  });

  it('mail: MAIL_FROM as an address or "Name <address>"', () => {
    expect(loadConfig({ MAIL_FROM: 'atelier@erepare.fr' }, cwd).mail.from).toEqual({ name: 'E.repare', address: 'atelier@erepare.fr' });
    expect(loadConfig({ MAIL_FROM: 'Atelier E.repare <atelier@erepare.fr>' }, cwd).mail.from).toEqual({
      name: 'Atelier E.repare',
      address: 'atelier@erepare.fr',
    });
    expect(loadConfig({ MAIL_FROM: '"E.repare Gujan" <atelier@erepare.fr>' }, cwd).mail.from).toEqual({
      name: 'E.repare Gujan',
      address: 'atelier@erepare.fr',
    });
    expect(loadConfig({ MAIL_FROM: '<atelier@erepare.fr>' }, cwd).mail.from).toEqual({ name: 'E.repare', address: 'atelier@erepare.fr' });
  });

  it('payments and relay points: nothing configured, nothing offered', () => {
    const config = loadConfig({}, cwd);
    expect(config.payments).toEqual({ stripe: null, paypal: null });
    expect(config.colissimo).toBeNull();
  });

  it('Stripe: the three keys together, card and Klarna by default, methods listed explicitly', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abcdefgh123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefgh123', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh123' };
    expect(loadConfig(keys, cwd).payments.stripe).toEqual({
      secretKey: 'sk_test_abcdefgh123',
      publishableKey: 'pk_test_abcdefgh123',
      webhookSecret: 'whsec_abcdefgh123',
      apiUrl: 'https://api.stripe.com',
      methods: ['card', 'klarna'],
    });
    const local = loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111/', STRIPE_METHODS: 'card, revolut_pay,card' }, cwd);
    expect(local.payments.stripe).toMatchObject({ apiUrl: 'http://127.0.0.1:12111', methods: ['card', 'revolut_pay'] });
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_abcdefgh123' }).issues).toEqual([
      'STRIPE_PUBLISHABLE_KEY est requis quand STRIPE_SECRET_KEY est défini',
      'STRIPE_WEBHOOK_SECRET est requis quand STRIPE_SECRET_KEY est défini',
    ]);
    expect(configError({ ...keys, STRIPE_METHODS: 'card,sepa_debit' }).issues[0]).toMatch(/^STRIPE_METHODS/);
    expect(configError({ ...keys, STRIPE_API_URL: 'http://stripe.example.com' }).issues[0]).toMatch(/^STRIPE_API_URL doit être une URL https/);
    expect(configError({ ...keys, STRIPE_SECRET_KEY: 'pk_test_abcdefgh123' }).issues[0]).toMatch(/^STRIPE_SECRET_KEY doit être une clé secrète/);
  });

  it('PayPal: id and secret together, live API by default', () => {
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'client-id-123', PAYPAL_CLIENT_SECRET: 'secret-123456' }, cwd).payments.paypal).toEqual({
      clientId: 'client-id-123',
      clientSecret: 'secret-123456',
      apiUrl: 'https://api-m.paypal.com',
    });
    expect(configError({ PAYPAL_CLIENT_ID: 'client-id-123' }).issues).toEqual(['PAYPAL_CLIENT_SECRET PAYPAL_CLIENT_ID et PAYPAL_CLIENT_SECRET vont ensemble']);
  });

  it('Colissimo: contract number and password, or an API key; 1 kg parcels by default', () => {
    expect(loadConfig({ COLISSIMO_ACCOUNT_NUMBER: '123456', COLISSIMO_PASSWORD: 'motdepasse' }, cwd).colissimo).toEqual({
      apiUrl: 'https://ws.colissimo.fr/pointretrait-ws-cxf/rest/v2/pointretrait',
      auth: { accountNumber: '123456', password: 'motdepasse' },
      parcelWeightGrams: 1000,
    });
    expect(loadConfig({ COLISSIMO_API_KEY: 'cle-api-colissimo', COLISSIMO_PARCEL_WEIGHT_GRAMS: '2500' }, cwd).colissimo).toMatchObject({
      auth: { apiKey: 'cle-api-colissimo' },
      parcelWeightGrams: 2500,
    });
    expect(configError({ COLISSIMO_ACCOUNT_NUMBER: '123456' }).issues).toEqual(['COLISSIMO_PASSWORD est requis quand COLISSIMO_ACCOUNT_NUMBER est défini']);
    expect(configError({ COLISSIMO_API_KEY: 'cle-api-colissimo', COLISSIMO_PARCEL_WEIGHT_GRAMS: '30000' }).issues[0]).toMatch(/^COLISSIMO_PARCEL_WEIGHT_GRAMS/);
  });
});
