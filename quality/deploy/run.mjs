#!/usr/bin/env node
// @ts-check
/**
 * `node quality/deploy/run.mjs` (npm run test:deploy): the deployment of docs/deploy.md, tested.
 * Debian's nginx runs the documented site file (deploy/nginx/erepare.conf, only its ports, name and
 * certificate changed) with a self-signed certificate, in front of the REAL production server
 * (apps/server/dist/main.js, TRUST_PROXY=true, PUBLIC_URL in https://, a fresh PGlite DATA_DIR,
 * e-mails to .eml files), and the checks go over real TLS: HTTP → HTTPS, HSTS, Secure cookies, the
 * client address the rate limits count (clients bound to 127.0.0.2, .3…; forged X-Forwarded-For),
 * upload sizes refused by the server and by nginx, compression and cache headers passed through,
 * the service worker, long requests, the server stopped behind nginx; and the systemd unit
 * (deploy/systemd/erepare.service) with systemd-analyze. About 30 s; npm test runs it as it is.
 * See quality/deploy/README.md.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../bench/lib/server.mjs';
import { errorMessage } from '../../bench/lib/util.mjs';
import {
  clientAddressGroup,
  compressionGroup,
  configurationGroup,
  hstsAndCookiesGroup,
  httpsGroup,
  longRequestsGroup,
  serverStoppedGroup,
  serviceWorkerGroup,
  uploadsGroup,
} from './lib/checks.mjs';
import { ensureTools, makeCertificate, NGINX, nginxPort, renderSite, startNginx, writeConfig } from './lib/nginx.mjs';

/**
 * @typedef {import('./lib/checks.mjs').Context} Context
 * @typedef {import('./lib/checks.mjs').GroupResult} GroupResult
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_NAME = 'localhost';
const ADMIN = { email: 'deploy@example.fr', password: 'deploy-password-123' };
const MIB = 1024 * 1024;

const USAGE = `Usage: node quality/deploy/run.mjs [--skip-build]

Needs Debian's nginx and openssl (installed with apt-get when missing and run as root).
Environment:
  DEPLOY_KEEP=1             keep the temporary folder (nginx.conf, site file, logs, certificate)
  DEPLOY_NGINX, DEPLOY_OPENSSL   other binaries than /usr/sbin/nginx, /usr/bin/openssl`;

/** Exit code when the suite cannot run at all (no build, no nginx): not a failed check. */
const CANNOT_RUN = 2;

/** @type {{ name: string, run: (context: Context) => Promise<{ assertions: import('./lib/checks.mjs').Assertion[], counts: Record<string, number | string> }> }[]} */
const GROUPS = [
  { name: 'configuration (nginx site, limits, systemd unit)', run: configurationGroup },
  { name: 'HTTPS: redirect, TLS, HTTP/2', run: httpsGroup },
  { name: 'HSTS and Secure cookies', run: hstsAndCookiesGroup },
  { name: 'client address and rate limits', run: clientAddressGroup },
  { name: 'upload sizes', run: uploadsGroup },
  { name: 'compression and caching', run: compressionGroup },
  { name: 'service worker', run: serviceWorkerGroup },
  { name: 'long requests', run: longRequestsGroup },
  { name: 'server stopped behind nginx', run: serverStoppedGroup },
];

/** @param {(string | number)[][]} rows first row = header */
function table(rows) {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => (typeof cell === 'number' ? String(cell).padStart(widths[column] ?? 0) : String(cell).padEnd(widths[column] ?? 0))).join('  ');
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : line;
    })
    .join('\n');
}

/** @param {number} ms */
const seconds = (ms) => Math.round(ms / 100) / 10;

/** @param {GroupResult} result */
const passed = (result) => !result.error && result.assertions.length > 0 && result.assertions.every((assertion) => assertion.ok);

/** @param {GroupResult} result */
function printResult(result) {
  console.log(`${passed(result) ? 'PASS' : 'FAIL'} ${result.name} (${result.durationS} s)`);
  if (result.error) console.log(`  ERROR: the checks could not run: ${result.error}`);
  for (const assertion of result.assertions) console.log(`  ${assertion.ok ? 'ok  ' : 'FAIL'} ${assertion.name}: ${assertion.detail}`);
}

/** The limits the server enforces, read from its build (what nginx's must be in line with). */
async function serverLimits() {
  const { maxFormBytes } = await import('../../apps/server/dist/lib/image-form.js');
  const { CONTACT_FORM_RULES } = await import('../../apps/server/dist/modules/contact/routes.js');
  const { QUOTE_FORM_RULES } = await import('../../apps/server/dist/modules/quotes/routes.js');
  const { DEFAULT_BODY_LIMIT } = await import('../../apps/server/dist/app.js');
  // The Stripe webhook's own bodyLimit (modules/payments/stripe-routes.ts), the largest JSON body.
  const stripeWebhook = MIB;
  return { contactForm: maxFormBytes(CONTACT_FORM_RULES), quoteForm: maxFormBytes(QUOTE_FORM_RULES), jsonDefault: DEFAULT_BODY_LIMIT, stripeWebhook };
}

async function main() {
  let skipBuild = false;
  for (const arg of process.argv.slice(2)) {
    if (arg === '--skip-build') skipBuild = true;
    else {
      console.log(USAGE);
      process.exit(arg === '--help' || arg === '-h' ? 0 : CANNOT_RUN);
    }
  }
  const startedAt = performance.now();
  const built = () => existsSync(path.join(ROOT, 'apps/server/dist/main.js')) && existsSync(path.join(ROOT, 'apps/web/build/server/index.js'));
  if (!built() && !skipBuild) {
    console.log('Build (node scripts/build.mjs)…');
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('the build failed: nothing tested');
      process.exit(CANNOT_RUN);
    }
  }
  if (!built()) {
    console.error('the production build is missing (apps/server/dist/main.js, apps/web/build): run node scripts/build.mjs, or this without --skip-build');
    process.exit(CANNOT_RUN);
  }
  const missing = ensureTools();
  if (missing.length) {
    console.error(`The deployment suite needs:\n${missing.map((tool) => `  - ${tool}`).join('\n')}`);
    process.exit(CANNOT_RUN);
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'erepare-deploy-'));
  // nginx's workers (nobody, when run as root) read the challenge files and write their
  // temporary files here; the private key stays 0600, read by the master alone.
  chmodSync(dir, 0o755);
  const acmeRoot = path.join(dir, 'acme');
  mkdirSync(path.join(acmeRoot, '.well-known/acme-challenge'), { recursive: true });
  writeFileSync(path.join(acmeRoot, '.well-known/acme-challenge/deploy-test-token'), 'deploy-test-token\n');
  chmodSync(acmeRoot, 0o755);

  /** @type {import('./lib/nginx.mjs').RunningNginx | null} */
  let nginx = null;
  /** @type {import('../../bench/lib/server.mjs').RunningServer | null} */
  let server = null;
  // Whatever happens (an exception, Ctrl-C), nginx's process group and the server go.
  process.on('exit', () => {
    nginx?.killNow();
    if (server?.alive()) void server.kill();
    if (process.env.DEPLOY_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
  });
  const onSignal = () => process.exit(130);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  /** @type {GroupResult[]} */
  const results = [];
  let setupError = '';
  try {
    const certificate = makeCertificate(dir, SERVER_NAME);
    const httpPort = await nginxPort();
    const httpsPort = await nginxPort(new Set([httpPort]));
    const publicUrl = `https://${SERVER_NAME}:${httpsPort}`;
    const limits = await serverLimits();
    const { messages, contactMessages } = await import('@erepare/shared/messages');

    console.log(`Deployment suite: nginx ${spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '')} on 127.0.0.1:${httpPort} (HTTP) and :${httpsPort} (HTTPS) in front of the production server, ${publicUrl}`);
    server = await startServer({
      root: ROOT,
      dataDir: path.join(dir, 'data'),
      admin: ADMIN,
      readyTimeoutMs: 90_000,
      stopTimeoutMs: 15_000,
      who: 'the deployment suite',
      env: {
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: 'true',
        // One line per request: the address the server saw, joined to nginx's request id.
        LOG_LEVEL: 'info',
        DEMO_DATA: 'demo',
        BACKUP_AUTO: 'false',
        // The slow-upload check: a client under 64 KiB/s is cut after a second (when not behind nginx).
        UPLOAD_CHECK_INTERVAL_MS: '1000',
        UPLOAD_MIN_BYTES_PER_SECOND: '65536',
        // Production defaults, whatever the shell exports; e-mails to DATA_DIR/outbox.
        COOKIE_SECURE: undefined,
        HTTP_HEADERS_TIMEOUT_MS: undefined,
        HTTP_REQUEST_TIMEOUT_MS: undefined,
        HTTP_IDLE_TIMEOUT_MS: undefined,
        HTTP_KEEP_ALIVE_TIMEOUT_MS: undefined,
        SMTP_URL: undefined,
        MAIL_FROM: undefined,
        METRICS_TOKEN: undefined,
        REPAIRDESK_API_KEY: undefined,
        STRIPE_SECRET_KEY: undefined,
        STRIPE_PUBLISHABLE_KEY: undefined,
        STRIPE_WEBHOOK_SECRET: undefined,
        PAYPAL_CLIENT_ID: undefined,
        PAYPAL_CLIENT_SECRET: undefined,
        COLISSIMO_ACCOUNT_NUMBER: undefined,
        COLISSIMO_PASSWORD: undefined,
        COLISSIMO_API_KEY: undefined,
        BACKUP_DIR: undefined,
      },
    });
    console.log(`server ready in ${server.readyMs} ms on ${server.url}`);

    const template = readFileSync(path.join(ROOT, 'deploy/nginx/erepare.conf'), 'utf8');
    const site = renderSite(template, {
      serverName: SERVER_NAME,
      certificate: certificate.certificate,
      certificateKey: certificate.key,
      upstreamPort: server.port,
      httpPort,
      httpsPort,
      acmeRoot,
    });
    if (site.problems.length) throw new Error(`deploy/nginx/erepare.conf is not shaped as this suite expects:\n  ${site.problems.join('\n  ')}`);
    writeConfig(dir, site.text);
    nginx = await startNginx(dir, { httpsPort });
    console.log(`nginx running (site file: ${site.changes.join(', ')})`);

    /** @type {Context} */
    const context = {
      root: ROOT,
      dir,
      site: site.text,
      template,
      tls: { port: httpsPort, ca: certificate.pem, servername: SERVER_NAME },
      httpPort,
      publicUrl,
      server,
      admin: ADMIN,
      limits,
      messages: {
        payloadTooLarge: messages.http.payloadTooLarge,
        uploadTooSlow: messages.http.uploadTooSlow,
        contactRateLimited: contactMessages.rateLimited,
        imageTooLarge: contactMessages.imageTooLarge,
      },
      state: {},
    };
    for (const group of GROUPS) {
      const groupStart = performance.now();
      console.log(`\n=== ${group.name} ===`);
      /** @type {GroupResult} */
      let result;
      try {
        const outcome = await group.run(context);
        result = { name: group.name, ...outcome, durationS: seconds(performance.now() - groupStart) };
      } catch (error) {
        result = { name: group.name, assertions: [], counts: {}, durationS: seconds(performance.now() - groupStart), error: errorMessage(error) };
      }
      results.push(result);
      printResult(result);
    }
  } catch (error) {
    setupError = errorMessage(error);
    console.error(`\nthe deployment could not be set up: ${setupError}`);
  } finally {
    const failedSomewhere = Boolean(setupError) || results.some((result) => !passed(result));
    if (failedSomewhere && nginx) {
      const errors = nginx.errorLog().trim().split('\n').slice(-15).join('\n');
      if (errors) console.log(`\nnginx error.log (last lines):\n${errors}`);
    }
    if (failedSomewhere && server) {
      const lines = server.errorLines().slice(-10).join('\n');
      if (lines) console.log(`\nserver error lines (last):\n${lines}`);
    }
    await nginx?.stop();
    if (server?.alive()) await server.stop();
    if (process.env.DEPLOY_KEEP === '1') console.log(`\nkept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  console.log(`\n=== summary (${seconds(performance.now() - startedAt)} s in all) ===`);
  console.log(
    table([
      ['group', 'result', 'checks', 'duration s', 'figures'],
      ...results.map((result) => [
        result.name,
        passed(result) ? 'PASS' : 'FAIL',
        `${result.assertions.filter((assertion) => assertion.ok).length}/${result.assertions.length}`,
        result.durationS,
        Object.entries(result.counts)
          .map(([name, value]) => `${name} ${value}`)
          .join(', '),
      ]),
    ]),
  );
  const failed = results.filter((result) => !passed(result));
  if (setupError || failed.length || results.length !== GROUPS.length) {
    console.error(`\nDEPLOYMENT TESTS FAILED${setupError ? `: set-up (${setupError.split('\n')[0]})` : ''}${failed.length ? `: ${failed.map((result) => result.name).join('; ')}` : ''}`);
    process.exitCode = 1;
  } else {
    console.log('\ndeployment tests passed');
  }
}

await main();
