import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN } from './admin-account.js';
import { E2E_PROVIDERS } from './providers.js';

/**
 * End-to-end tests against the production build served by the real server, on a fresh data
 * directory, in Debian's Chromium (never a downloaded browser). The configuration is evaluated
 * by the runner and again by each worker: values chosen once go through the environment.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The app's port and its fakes' (port + 1000, + 1001, + 1002): random, but never one a service of
 * the machine commonly holds (PostgreSQL 5432, RabbitMQ 5671/5672, NATS 4222, the Vite dev
 * servers…): the CI machine runs RabbitMQ on 5672 and NATS on 4222, and a clash failed a run.
 */
const TAKEN_PORTS = new Set([4222, 4369, 5000, 5001, 5173, 5432, 5433, 5671, 5672, 5673, 6379, 8080, 3000, 3100]);
function pickPort(): number {
  for (;;) {
    const port = 4100 + Math.floor(Math.random() * 800);
    if (![port, port + 1000, port + 1001, port + 1002].some((candidate) => TAKEN_PORTS.has(candidate))) return port;
  }
}
process.env.E2E_PORT ??= String(pickPort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'erepare-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/**
 * Debian's headless shell of Chromium (package chromium-headless-shell: the same engine without
 * the desktop browser's windowing layers, and Playwright's own choice for headless runs) for most
 * specs: it does the same page work for about two thirds of the processor time. It has no push
 * service and answers notification permissions differently: the specs of installation and push
 * run in the full browser (CHROMIUM_PATH, Debian's chromium).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const headlessShell = process.env.E2E_CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'));
const launchOptions = { executablePath: headlessShell, args: chromiumArgs };
const fullBrowser = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };
const PUSH_SPECS = /(pwa|visitor-follow)\.spec/;
/** The servers run on the runner's own Node (the bundled Node 24 under npm), whatever `node` the shell finds. */
const node = JSON.stringify(process.execPath);

export default defineConfig({
  testDir: 'tests',
  outputDir: path.join(os.tmpdir(), 'erepare-e2e-results'),
  // A guard against hangs, not a speed check: multi-step tests with axe at each step take 30 s
  // on a busy 2-core machine (tests that need more set their own).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', testIgnore: [/(maintenance|store-profile)\.spec/, PUSH_SPECS], use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions } },
    // Installation and push: the full browser (service worker push, permission prompts).
    { name: 'push', testMatch: PUSH_SPECS, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: fullBrowser } },
    {
      name: 'mobile',
      testMatch: /(navigation|theme)\.spec/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions },
    },
    // Changes the site-wide settings: runs alone, after the others.
    {
      name: 'maintenance',
      testMatch: /maintenance\.spec/,
      dependencies: ['desktop', 'push', 'mobile'],
      use: { viewport: { width: 1440, height: 900 }, launchOptions },
    },
    // Changes the shop's details every page shows (and renders the pages again): alone, last.
    {
      name: 'store-profile',
      testMatch: /store-profile\.spec/,
      dependencies: ['maintenance'],
      use: { viewport: { width: 1440, height: 900 }, launchOptions },
    },
  ],
  webServer: [
    {
      command: `${node} --conditions=source --import tsx e2e/fake-providers.ts`,
      cwd: root,
      port: Number(E2E_PROVIDERS.colissimoPort),
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_APP_URL: baseURL,
        E2E_STRIPE_PORT: E2E_PROVIDERS.stripePort,
        E2E_PAYPAL_PORT: E2E_PROVIDERS.paypalPort,
        E2E_COLISSIMO_PORT: E2E_PROVIDERS.colissimoPort,
        E2E_STRIPE_SECRET_KEY: E2E_PROVIDERS.stripeSecretKey,
        E2E_STRIPE_WEBHOOK_SECRET: E2E_PROVIDERS.stripeWebhookSecret,
        E2E_PAYPAL_CLIENT_ID: E2E_PROVIDERS.paypalClientId,
        E2E_PAYPAL_CLIENT_SECRET: E2E_PROVIDERS.paypalClientSecret,
        E2E_COLISSIMO_ACCOUNT: E2E_PROVIDERS.colissimoAccount,
        E2E_COLISSIMO_PASSWORD: E2E_PROVIDERS.colissimoPassword,
      },
    },
    {
      command: `${node} apps/server/dist/main.js`,
      cwd: root,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: process.env.E2E_PORT,
        // The origin the tests browse: payment return addresses and mail links come back to it.
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Every spec orders from 127.0.0.1: the per-visitor cap on unpaid orders (3) would stop the
        // shop specs after their third order. The cap itself is tested on the server.
        UNPAID_ORDERS_LIMIT: '100',
        // The server sits behind "one proxy" (the tests themselves): seeding calls name a visitor
        // address of their own (`visitorHeaders` in tests/helpers.ts), so the data a spec sets up
        // does not use up the rate limits of the visitor the other specs play (127.0.0.1, sent
        // without the header). The limits themselves are tested on the server.
        TRUST_PROXY: 'true',
        // The staff-status spec's local push service listens on 127.0.0.1 over HTTP (tests only).
        PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
        // Every provider configured against its local fake (the real scripts of Stripe and PayPal
        // are not reachable here: the tests cover what works without them, and their error views).
        STRIPE_SECRET_KEY: E2E_PROVIDERS.stripeSecretKey,
        STRIPE_PUBLISHABLE_KEY: E2E_PROVIDERS.stripePublishableKey,
        STRIPE_WEBHOOK_SECRET: E2E_PROVIDERS.stripeWebhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${E2E_PROVIDERS.stripePort}`,
        STRIPE_METHODS: 'card,klarna',
        PAYPAL_CLIENT_ID: E2E_PROVIDERS.paypalClientId,
        PAYPAL_CLIENT_SECRET: E2E_PROVIDERS.paypalClientSecret,
        PAYPAL_API_URL: `http://127.0.0.1:${E2E_PROVIDERS.paypalPort}`,
        COLISSIMO_ACCOUNT_NUMBER: E2E_PROVIDERS.colissimoAccount,
        COLISSIMO_PASSWORD: E2E_PROVIDERS.colissimoPassword,
        COLISSIMO_API_URL: `http://127.0.0.1:${E2E_PROVIDERS.colissimoPort}/pointretrait-ws-cxf/rest/v2/pointretrait`,
      },
    },
  ],
});
