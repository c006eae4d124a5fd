// @ts-check
/**
 * The deployment suite's checks, one group per promise of docs/deploy.md, each run against nginx
 * (deploy/nginx/erepare.conf) in front of the real production server, over real TLS.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sleep } from '../../../bench/lib/util.mjs';
import { handshake, headerValues, http2Get, httpRequest, httpsRequest, tlsError } from './client.mjs';
import { contactFields, fakePhoto, formWriter, multipartForm, multipartFormOfLength } from './forms.mjs';
import { bodyLimitOf, NGINX } from './nginx.mjs';

/**
 * @typedef {{ name: string, ok: boolean, detail: string }} Assertion
 * @typedef {{ name: string, assertions: Assertion[], counts: Record<string, number | string>, durationS: number, error?: string }} GroupResult
 * @typedef {import('./client.mjs').Answer} Answer
 * @typedef {{
 *   root: string,
 *   dir: string,
 *   site: string,
 *   template: string,
 *   tls: { port: number, ca: string, servername: string },
 *   httpPort: number,
 *   publicUrl: string,
 *   server: import('../../../bench/lib/server.mjs').RunningServer,
 *   admin: { email: string, password: string },
 *   limits: { contactForm: number, quoteForm: number, jsonDefault: number, stripeWebhook: number },
 *   messages: { payloadTooLarge: string, contactRateLimited: string, uploadTooSlow: string, imageTooLarge: string },
 *   state: { cookie?: string, attachment?: { messageId: number, attachmentId: number } },
 * }} Context
 */

/** @param {string} name @param {boolean} ok @param {string} detail @returns {Assertion} */
export const check = (name, ok, detail) => ({ name, ok, detail });

const HSTS = 'max-age=31536000; includeSubDomains';
const MIB = 1024 * 1024;

/** @param {number} bytes */
const mib = (bytes) => `${(bytes / MIB).toFixed(2)} MiB`;

/** The JSON of an answer, or null. @param {Answer} answer @returns {Record<string, unknown> | null} */
function json(answer) {
  try {
    const text = decoded(answer).toString('utf8');
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** The body without its content encoding. @param {Answer} answer */
function decoded(answer) {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  return answer.body;
}

/** @param {Answer} answer */
const describe = (answer) => {
  const body = json(answer);
  return `${answer.status}${body && typeof body.message === 'string' ? ` « ${body.message} »` : ''}`;
};

/**
 * The server's log line for a request (one line per request at LOG_LEVEL=info), by its id.
 * @param {Context} context
 * @param {string} requestId
 * @returns {Promise<{ remoteAddress?: string, statusCode?: number, url?: string, ms?: number } | null>}
 */
async function serverLogLine(context, requestId) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const line of context.server.output().split('\n')) {
      if (!line.includes(requestId)) continue;
      try {
        const entry = JSON.parse(line);
        if (entry.reqId === requestId && entry.msg === 'requête') return entry;
      } catch {
        // Not a JSON line.
      }
    }
    await sleep(50);
  }
  return null;
}

/** The request id the server answered with (nginx's $request_id, 32 hex digits). @param {Answer} answer */
const requestIdOf = (answer) => String(answer.headers['x-request-id'] ?? '');

/**
 * @param {Context} context
 * @param {import('./client.mjs').RequestOptions} options
 */
const viaNginx = (context, options) => httpsRequest(context.tls, options);

/** @param {Context} context @param {import('./client.mjs').RequestOptions} options */
const direct = (context, options) => httpRequest(context.server.port, options);

/** Headers of a same-origin write from the site's own pages. @param {Context} context */
const sameOrigin = (context) => ({ origin: context.publicUrl, 'sec-fetch-site': 'same-origin' });

// ---------------------------------------------------------------------------------------------

/** What can be checked without a request: the site file, its limits against the server's, the systemd unit. @param {Context} context */
export async function configurationGroup(context) {
  const assertions = [];
  const nginxTest = spawnSync(NGINX, ['-t', '-p', context.dir, '-c', path.join(context.dir, 'nginx.conf'), '-e', path.join(context.dir, 'error.log')], { encoding: 'utf8' });
  assertions.push(check('nginx -t accepts the documented site', nginxTest.status === 0, (nginxTest.stderr || '').trim().split('\n').pop() ?? ''));

  const contactLimit = bodyLimitOf(context.site, '= /api/email-simple/contact');
  const quoteLimit = bodyLimitOf(context.site, '= /api/quotes');
  const defaultLimit = bodyLimitOf(context.site, '');
  const { contactForm, quoteForm, jsonDefault, stripeWebhook } = context.limits;
  assertions.push(
    check(
      'contact form: nginx allows the largest form the server accepts, and at most 1 MiB more',
      contactLimit > contactForm && contactLimit - contactForm <= MIB,
      `server ${contactForm} bytes (${mib(contactForm)}: 5 photos of 10 MiB, fields, parts), nginx ${contactLimit} bytes (${mib(contactLimit)})`,
    ),
    check(
      'quote form: nginx allows the largest form the server accepts, and at most 1 MiB more',
      quoteLimit > quoteForm && quoteLimit - quoteForm <= MIB,
      `server ${quoteForm} bytes (${mib(quoteForm)}), nginx ${quoteLimit} bytes (${mib(quoteLimit)})`,
    ),
    check(
      'every other route: nginx allows the server\'s JSON bodies (64 KiB, the Stripe webhook 1 MiB)',
      defaultLimit >= stripeWebhook && defaultLimit >= jsonDefault && defaultLimit <= 4 * MIB,
      `server ${jsonDefault} / ${stripeWebhook} bytes, nginx ${defaultLimit} bytes (${mib(defaultLimit)})`,
    ),
  );

  // Nothing in the server streams (SSE): nginx's response buffering is fine. A route that starts
  // streaming needs its own location with `proxy_buffering off` (docs/deploy.md): this says so.
  const streaming = findInFiles(path.join(context.root, 'apps/server/dist'), 'text/event-stream');
  assertions.push(
    check(
      'no streaming (text/event-stream) answer in the server: nginx may buffer responses',
      streaming.length === 0,
      streaming.length ? `found in ${streaming.join(', ')}: add a location with proxy_buffering off to deploy/nginx/erepare.conf` : 'none in apps/server/dist',
    ),
  );

  // The systemd unit: what docs/deploy.md promises of it, and systemd's own verdict.
  const unitPath = path.join(context.root, 'deploy/systemd/erepare.service');
  const unit = readFileSync(unitPath, 'utf8');
  const setting = (/** @type {string} */ name) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1]?.trim() ?? '';
  const stopS = Number(/^(\d+)s?$/.exec(setting('TimeoutStopSec'))?.[1] ?? NaN);
  assertions.push(
    check(
      'systemd unit: restart on failure, SIGTERM, stop timeout above the server\'s own 10 s',
      setting('Restart') === 'on-failure' && setting('KillSignal') === 'SIGTERM' && stopS > 10,
      `Restart=${setting('Restart')}, KillSignal=${setting('KillSignal')}, TimeoutStopSec=${setting('TimeoutStopSec')}`,
    ),
    check(
      'systemd unit: environment file, dedicated user, built server run by the Node of npm ci, read-only system',
      setting('EnvironmentFile') === '/etc/erepare/erepare.env' &&
        setting('User') === 'erepare' &&
        setting('ExecStart') === '/opt/erepare/node_modules/.bin/node apps/server/dist/main.js' &&
        setting('NoNewPrivileges') === 'yes' &&
        setting('ProtectSystem') === 'strict' &&
        setting('ReadWritePaths').includes('/var/lib/erepare'),
      `EnvironmentFile=${setting('EnvironmentFile')}, User=${setting('User')}, ExecStart=${setting('ExecStart')}, ProtectSystem=${setting('ProtectSystem')}, ReadWritePaths=${setting('ReadWritePaths')}`,
    ),
  );
  // docs/deploy.md shows both files whole: what it shows is what is tested.
  const docs = readFileSync(path.join(context.root, 'docs/deploy.md'), 'utf8');
  const shown = { nginx: docs.includes(`\`\`\`nginx\n${context.template}\`\`\``), systemd: docs.includes(`\`\`\`ini\n${unit}\`\`\``) };
  assertions.push(
    check(
      'docs/deploy.md shows deploy/nginx/erepare.conf and deploy/systemd/erepare.service exactly as they are',
      shown.nginx && shown.systemd,
      `nginx site ${shown.nginx ? 'identical' : 'DIFFERENT (copy the file into the doc)'}, systemd unit ${shown.systemd ? 'identical' : 'DIFFERENT (copy the file into the doc)'}`,
    ),
  );
  const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((candidate) => existsSync(candidate));
  if (analyze) {
    // The unit as installed, with this checkout in place of /opt/erepare (verify wants ExecStart to exist).
    const copy = path.join(context.dir, 'erepare.service');
    writeFileSync(copy, unit.replaceAll('/opt/erepare', context.root));
    const verify = spawnSync(analyze, ['verify', copy], { encoding: 'utf8' });
    const output = `${verify.stdout}${verify.stderr}`.trim();
    assertions.push(check('systemd-analyze verify: the unit is valid', verify.status === 0 && output === '', output || 'no warning'));
    const security = spawnSync(analyze, ['security', '--offline=true', copy], { encoding: 'utf8' });
    const exposure = /Overall exposure level for \S+: ([\d.]+) (\S+)/.exec(`${security.stdout}`);
    if (exposure) assertions.push(check('systemd-analyze security: exposure level below 3 (of 10)', Number(exposure[1]) < 3, `${exposure[1]} ${exposure[2]}`));
  } else {
    assertions.push(check('systemd-analyze verify: the unit is valid', true, 'systemd-analyze is not installed here: not verified by systemd'));
  }
  return { assertions, counts: { 'contact limit nginx': mib(contactLimit), 'contact form max': mib(contactForm) } };
}

/** @param {string} dir @param {string} needle @returns {string[]} */
function findInFiles(dir, needle) {
  /** @type {string[]} */
  const found = [];
  const walk = (/** @type {string} */ folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js') && readFileSync(full, 'utf8').includes(needle)) found.push(path.relative(dir, full));
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/** HTTP to HTTPS, the certificate challenge, TLS itself, HTTP/2. @param {Context} context */
export async function httpsGroup(context) {
  const assertions = [];
  const redirect = await httpRequest(context.httpPort, { path: '/suivi?ticket=T-1&x=%C3%A9', headers: { host: context.tls.servername } });
  const expected = `https://${context.tls.servername}/suivi?ticket=T-1&x=%C3%A9`;
  assertions.push(check('HTTP → 301 to the same path and query on https://', redirect.status === 301 && redirect.headers.location === expected, `${redirect.status} → ${redirect.headers.location}`));
  const post = await httpRequest(context.httpPort, { method: 'POST', path: '/api/auth/login', headers: { host: context.tls.servername, 'content-type': 'application/json' }, body: '{}' });
  assertions.push(check('HTTP never reaches the server (a POST is redirected too)', post.status === 301 && !post.headers['x-request-id'], `${post.status}, x-request-id ${post.headers['x-request-id'] ?? 'absent'}`));
  const challenge = await httpRequest(context.httpPort, { path: '/.well-known/acme-challenge/deploy-test-token', headers: { host: context.tls.servername } });
  assertions.push(check('Let\'s Encrypt challenge files are served over HTTP (certbot --webroot renewals)', challenge.status === 200 && challenge.body.toString() === 'deploy-test-token\n', `${challenge.status}`));

  const good = await handshake({ port: context.tls.port, ca: context.tls.ca, servername: context.tls.servername });
  assertions.push(
    check(
      'TLS: the certificate verifies for the site\'s name; TLS 1.2 or 1.3; HTTP/2 offered (ALPN)',
      good.ok && good.authorized && (good.protocol === 'TLSv1.3' || good.protocol === 'TLSv1.2') && good.alpn === 'h2',
      good.ok ? `${good.protocol}, ALPN ${good.alpn}, authorized ${good.authorized}` : good.error,
    ),
  );
  const tls12 = await tlsAttempt(context, { maxVersion: 'TLSv1.2' });
  const cbc = await tlsAttempt(context, { maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-SHA:ECDHE-RSA-AES128-SHA:AES128-SHA' });
  const tls11 = await tlsAttempt(context, { maxVersion: 'TLSv1.1', minVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0' });
  assertions.push(
    check(
      'TLS 1.2 with an AEAD cipher (Mozilla intermediate); CBC ciphers, TLS 1.1 and older refused (Debian\'s nginx.conf still allows them)',
      tls12.ok && /GCM|CHACHA20/.test(String(tls12.cipher)) && !cbc.ok && !tls11.ok,
      `TLS 1.2: ${tls12.ok ? `${tls12.protocol} ${tls12.cipher}` : `refused (${tls12.error})`}; CBC only: ${cbc.ok ? `accepted (${cbc.cipher})` : 'refused'}; TLS 1.1: ${tls11.ok ? `accepted (${tls11.protocol})` : `refused (${tls11.error})`}`,
    ),
  );
  const noName = await handshake({ port: context.tls.port, ca: context.tls.ca, servername: undefined });
  const otherName = await handshake({ port: context.tls.port, ca: context.tls.ca, servername: 'other.example' });
  assertions.push(
    check(
      'TLS without the site\'s name (IP scan, another name): handshake refused, no certificate shown',
      !noName.ok && !otherName.ok,
      `no SNI: ${noName.ok ? 'accepted' : noName.error}; other.example: ${otherName.ok ? 'accepted' : otherName.error}`,
    ),
  );
  const h2 = await http2Get(context.tls, '/api/health');
  assertions.push(check('HTTP/2: GET /api/health answers 200 with HSTS', h2.status === 200 && h2.alpn === 'h2' && h2.hsts === HSTS, `${h2.status} over ${h2.alpn}, HSTS ${h2.hsts ?? 'absent'}`));
  return { assertions, counts: { tls: good.ok ? String(good.protocol) : 'failed' } };
}

/**
 * A handshake with the client's TLS versions or ciphers narrowed (security level lowered so that
 * Node itself may offer old protocols): what nginx accepts.
 * @param {Context} context
 * @param {import('node:tls').ConnectionOptions} options
 * @returns {Promise<{ ok: boolean, protocol?: string | null, cipher?: string, error?: string }>}
 */
async function tlsAttempt(context, options) {
  const tls = await import('node:tls');
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port: context.tls.port, servername: context.tls.servername, ca: context.tls.ca, ...options });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.once('secureConnect', () => {
      resolve({ ok: true, protocol: socket.getProtocol(), cipher: socket.getCipher().name });
      socket.end();
    });
    socket.once('error', (error) => resolve({ ok: false, error: tlsError(error) }));
  });
}

/** HSTS on every HTTPS answer (once), Secure cookies set through the proxy, the CSRF check behind it. @param {Context} context */
export async function hstsAndCookiesGroup(context) {
  const assertions = [];
  const answers = {
    '/': await viaNginx(context, { path: '/' }),
    '/api/health': await viaNginx(context, { path: '/api/health' }),
    '/api/nothing-here': await viaNginx(context, { path: '/api/nothing-here' }),
    '/sw.js': await viaNginx(context, { path: '/sw.js' }),
  };
  const hsts = Object.entries(answers).map(([url, answer]) => `${url} ${answer.status}: ${headerValues(answer, 'strict-transport-security').length}× « ${headerValues(answer, 'strict-transport-security').join(' | ')} »`);
  assertions.push(
    check(
      'HSTS (1 year, subdomains) exactly once on the server\'s answers through nginx',
      Object.values(answers).every((answer) => headerValues(answer, 'strict-transport-security').length === 1 && answer.headers['strict-transport-security'] === HSTS),
      hsts.join('; '),
    ),
  );
  const serverHeader = String(answers['/'].headers.server ?? '');
  assertions.push(check('nginx does not show its version (server_tokens off)', serverHeader === 'nginx' || serverHeader === '', `Server: ${serverHeader || 'absent'}`));

  const login = await viaNginx(context, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', ...sameOrigin(context) },
    body: JSON.stringify({ email: context.admin.email, password: context.admin.password, rememberMe: true }),
  });
  const cookies = headerValues(login, 'set-cookie');
  const session = cookies.find((cookie) => cookie.startsWith('erepare_session='));
  const attributes = (/** @type {string | undefined} */ cookie) => (cookie ?? '').split(';').slice(1).map((part) => part.trim().toLowerCase());
  assertions.push(
    check(
      'sign-in through nginx: every cookie is Secure and HttpOnly, the session SameSite=Lax',
      login.status === 200 &&
        Boolean(session) &&
        cookies.every((cookie) => attributes(cookie).includes('secure') && attributes(cookie).includes('httponly')) &&
        attributes(session).includes('samesite=lax'),
      `${describe(login)}; ${cookies.map((cookie) => `${cookie.split('=')[0]}: ${attributes(cookie).filter((part) => !part.startsWith('expires') && !part.startsWith('max-age')).join('; ')}`).join(' / ')}`,
    ),
  );
  const cookie = session?.split(';')[0] ?? '';
  context.state.cookie = cookie;
  const inbox = await viaNginx(context, { path: '/api/admin/inbox/messages', headers: { cookie } });
  assertions.push(check('the session cookie opens the admin API through nginx', inbox.status === 200, describe(inbox)));

  // A write from another site, which also claims to be addressed to that site: nginx rewrites
  // X-Forwarded-Host, so the server compares the Origin with the real host and refuses.
  const forged = await viaNginx(context, {
    method: 'POST',
    path: '/api/auth/verify-session',
    headers: { 'content-type': 'application/json', cookie, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    body: '{}',
  });
  const same = await viaNginx(context, { method: 'POST', path: '/api/auth/verify-session', headers: { 'content-type': 'application/json', cookie, ...sameOrigin(context) }, body: '{}' });
  assertions.push(
    check(
      'a cross-site write with a forged X-Forwarded-Host is refused (403); the same write from the site passes',
      forged.status === 403 && same.status === 200,
      `forged: ${describe(forged)}; same origin: ${same.status}`,
    ),
  );
  return { assertions, counts: { cookies: cookies.length } };
}

/** The client address the server sees and counts: nginx's, never one the client wrote. @param {Context} context */
export async function clientAddressGroup(context) {
  const assertions = [];
  /** @type {Record<string, string>} */
  const seen = {};
  /** @param {string} label @param {string} localAddress @param {Record<string, string>} headers */
  const seenFor = async (label, localAddress, headers = {}) => {
    const answer = await viaNginx(context, { path: '/api/health/live', localAddress, headers });
    const id = requestIdOf(answer);
    const line = await serverLogLine(context, id);
    seen[label] = line?.remoteAddress ?? `(no log line for ${id})`;
    return { answer, id, address: line?.remoteAddress };
  };
  const two = await seenFor('from 127.0.0.2', '127.0.0.2', { 'x-request-id': 'chosen-by-the-client' });
  const three = await seenFor('from 127.0.0.3', '127.0.0.3');
  const forged = await seenFor('from 127.0.0.2, X-Forwarded-For: 9.9.9.9', '127.0.0.2', { 'x-forwarded-for': '9.9.9.9', 'x-real-ip': '9.9.9.9' });
  const forgedList = await seenFor('from 127.0.0.3, X-Forwarded-For: 127.0.0.2, 9.9.9.9', '127.0.0.3', { 'x-forwarded-for': '127.0.0.2, 9.9.9.9' });
  assertions.push(
    check(
      'the server sees each client\'s own address (its log line, joined by nginx\'s request id)',
      two.address === '127.0.0.2' && three.address === '127.0.0.3',
      `127.0.0.2 → ${seen['from 127.0.0.2']}, 127.0.0.3 → ${seen['from 127.0.0.3']}`,
    ),
    check(
      'a forged X-Forwarded-For (one address or a list) changes nothing',
      forged.address === '127.0.0.2' && forgedList.address === '127.0.0.3',
      `9.9.9.9 from 127.0.0.2 → ${seen['from 127.0.0.2, X-Forwarded-For: 9.9.9.9']}; "127.0.0.2, 9.9.9.9" from 127.0.0.3 → ${seen['from 127.0.0.3, X-Forwarded-For: 127.0.0.2, 9.9.9.9']}`,
    ),
    check(
      'the request id is nginx\'s (32 hex digits), not one the client chose',
      /^[0-9a-f]{32}$/.test(two.id) && /^[0-9a-f]{32}$/.test(three.id),
      `client sent « chosen-by-the-client », server answered ${two.id}`,
    ),
  );

  // The contact form's per-address attempt limit (10 per 10 minutes, counted before the body is
  // read: an empty JSON body is a cheap attempt, answered 400).
  /** @param {string} localAddress @param {Record<string, string>} [headers] */
  const attempt = (localAddress, headers = {}) =>
    viaNginx(context, { method: 'POST', path: '/api/email-simple/contact', localAddress, headers: { 'content-type': 'application/json', ...sameOrigin(context), ...headers }, body: '{}' });
  /** @type {number[]} */
  const statuses = [];
  for (let index = 0; index < 10; index += 1) statuses.push((await attempt('127.0.0.2')).status);
  const eleventh = await attempt('127.0.0.2');
  const spoofed = await attempt('127.0.0.2', { 'x-forwarded-for': '9.9.9.9' });
  const other = await attempt('127.0.0.3');
  const framed = await attempt('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' });
  const limited = json(eleventh);
  assertions.push(
    check(
      'rate limit: 10 contact attempts from 127.0.0.2 pass, the 11th is refused (429, French message, Retry-After)',
      statuses.every((status) => status === 400) && eleventh.status === 429 && limited?.message === context.messages.contactRateLimited && Number(eleventh.headers['retry-after']) > 0,
      `${statuses.join(' ')} then ${describe(eleventh)}, Retry-After ${eleventh.headers['retry-after']}`,
    ),
    check('rate limit: a forged X-Forwarded-For does not escape it', spoofed.status === 429, `127.0.0.2 claiming 9.9.9.9: ${spoofed.status}`),
    check(
      'rate limit: another client is not limited, and cannot spend 127.0.0.2\'s allowance by claiming its address',
      other.status === 400 && framed.status === 400,
      `127.0.0.3: ${other.status}; 127.0.0.3 claiming 127.0.0.2: ${framed.status}`,
    ),
  );
  return { assertions, counts: { requests: 19 } };
}

/** Uploads at the largest size allowed pass; larger ones are refused by the server, then by nginx. @param {Context} context */
export async function uploadsGroup(context) {
  const assertions = [];
  const { contactForm } = context.limits;
  const nginxLimit = bodyLimitOf(context.site, '= /api/email-simple/contact');
  const photo = fakePhoto(10 * MIB);
  const photos = Array.from({ length: 5 }, (_, index) => ({ field: 'images', filename: `photo-${index + 1}.jpg`, bytes: photo }));
  const headers = (/** @type {import('./forms.mjs').Form} */ form) => ({ 'content-type': form.contentType, 'content-length': form.length, ...sameOrigin(context) });

  // 1. The most the form allows: 5 photos of 10 MiB.
  const full = multipartForm(contactFields('Cinq photos de 10 Mo'), photos);
  const accepted = await viaNginx(context, { method: 'POST', path: '/api/email-simple/contact', localAddress: '127.0.0.4', headers: headers(full), body: formWriter(full) });
  const inbox = json(await viaNginx(context, { path: '/api/admin/inbox/messages', headers: { cookie: context.state.cookie ?? '' } }));
  const items = /** @type {{ id: number, subject: string, attachments: { id: number, sizeBytes: number }[] }[]} */ (Array.isArray(inbox?.data) ? inbox.data : []);
  const serverMs = (await serverLogLine(context, requestIdOf(accepted)))?.ms;
  const stored = items.find((item) => item.subject === 'Cinq photos de 10 Mo');
  const sizes = stored?.attachments.map((attachment) => attachment.sizeBytes) ?? [];
  assertions.push(
    check(
      `the largest contact form (5 photos of 10 MiB, ${mib(full.length)}) passes nginx and is stored whole`,
      accepted.status === 200 && sizes.length === 5 && sizes.every((size) => size === 10 * MIB),
      `${describe(accepted)} in ${accepted.ms} ms (in the server: ${serverMs ?? '?'} ms); stored photos: ${sizes.map((size) => mib(size)).join(', ') || 'none found'}`,
    ),
  );
  if (stored?.attachments[0]) context.state.attachment = { messageId: stored.id, attachmentId: stored.attachments[0].id };

  // 2. Above the server's limit, under nginx's: nginx passes it, the server refuses it (French 413).
  const over = multipartFormOfLength(contactFields('Trop gros pour le serveur'), photos, contactForm + 100 * 1024);
  const serverRefused = await viaNginx(context, { method: 'POST', path: '/api/email-simple/contact', localAddress: '127.0.0.4', headers: headers(over), body: formWriter(over) });
  const serverBody = json(serverRefused);
  assertions.push(
    check(
      `a form between the server's limit and nginx's (${mib(over.length)}) is refused by the server: 413, French message`,
      over.length > contactForm && over.length <= nginxLimit && serverRefused.status === 413 && serverBody?.message === context.messages.payloadTooLarge && Boolean(serverRefused.headers['x-request-id']),
      `${over.length} bytes: ${describe(serverRefused)}, answered by ${serverRefused.headers['x-request-id'] ? 'the server' : 'nginx'}`,
    ),
  );

  // 3. Above nginx's limit: refused by nginx on the headers, before the body is sent, in French.
  const beyond = nginxLimit + 1;
  const huge = multipartFormOfLength(contactFields('Trop gros pour nginx'), photos, beyond);
  const nginxRefused = await viaNginx(context, { method: 'POST', path: '/api/email-simple/contact', localAddress: '127.0.0.4', headers: headers(huge), body: formWriter(huge, { stopAfter: 256 * 1024 }) });
  const nginxBody = json(nginxRefused);
  assertions.push(
    check(
      `a form above nginx's limit (${mib(huge.length)}) is refused by nginx at once: 413, the site's French JSON, HSTS`,
      huge.length > nginxLimit && nginxRefused.status === 413 && nginxBody?.message === context.messages.payloadTooLarge && !nginxRefused.headers['x-request-id'] && nginxRefused.headers['strict-transport-security'] === HSTS,
      `${huge.length} bytes (256 KiB sent): ${describe(nginxRefused)} in ${nginxRefused.ms} ms, answered by ${nginxRefused.headers['x-request-id'] ? 'the server' : 'nginx'}`,
    ),
  );

  // 4. Any other route: 2 MiB.
  const big = Buffer.alloc(3 * MIB, 0x20);
  const login = await viaNginx(context, { method: 'POST', path: '/api/auth/login', localAddress: '127.0.0.4', headers: { 'content-type': 'application/json', 'content-length': big.length, ...sameOrigin(context) }, body: formWriter({ parts: [big], length: big.length, contentType: '' }, { stopAfter: 64 * 1024 }) });
  assertions.push(check('a 3 MiB body on any other route is refused by nginx (413)', login.status === 413 && json(login)?.message === context.messages.payloadTooLarge, describe(login)));
  return { assertions, counts: { 'largest form': mib(full.length), 'upload ms': accepted.ms, 'of which server ms': serverMs ?? '?' } };
}

/** Compression and cache headers: the server's own, passed through untouched; nginx compresses the rest. @param {Context} context */
export async function compressionGroup(context) {
  const assertions = [];
  const client = path.join(context.root, 'apps/web/build/client');
  const assets = readdirSync(path.join(client, 'assets')).filter((name) => name.endsWith('.js') && existsSync(path.join(client, 'assets', `${name}.br`)));
  const asset = assets.sort((a, b) => statSync(path.join(client, 'assets', b)).size - statSync(path.join(client, 'assets', a)).size)[0] ?? '';
  const file = (/** @type {string} */ suffix) => readFileSync(path.join(client, 'assets', `${asset}${suffix}`));
  const url = `/assets/${asset}`;
  const br = await viaNginx(context, { path: url, headers: { 'accept-encoding': 'br, gzip' } });
  const gz = await viaNginx(context, { path: url, headers: { 'accept-encoding': 'gzip' } });
  const plain = await viaNginx(context, { path: url });
  assertions.push(
    check(
      `a hashed asset comes as the server's own brotli / gzip file, byte for byte (${url})`,
      br.headers['content-encoding'] === 'br' && br.body.equals(file('.br')) && gz.headers['content-encoding'] === 'gzip' && gz.body.equals(file('.gz')) && !plain.headers['content-encoding'] && plain.body.equals(file('')),
      `br ${br.body.length} B, gzip ${gz.body.length} B, identity ${plain.body.length} B`,
    ),
    check(
      'hashed assets: Cache-Control public, max-age=31536000, immutable and Vary: Accept-Encoding passed through',
      br.headers['cache-control'] === 'public, max-age=31536000, immutable' && /accept-encoding/i.test(String(br.headers.vary)),
      `Cache-Control: ${br.headers['cache-control']}; Vary: ${br.headers.vary}`,
    ),
  );
  const etag = String(br.headers.etag ?? '');
  const revalidated = await viaNginx(context, { path: url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
  assertions.push(check('revalidation: If-None-Match gets 304 through nginx', Boolean(etag) && revalidated.status === 304, `ETag ${etag || 'absent'} → ${revalidated.status}`));

  const page = await viaNginx(context, { path: '/', headers: { 'accept-encoding': 'br, gzip' } });
  const catalogue = await viaNginx(context, { path: '/api/shop/products', headers: { 'accept-encoding': 'br, gzip' } });
  assertions.push(
    check(
      'a rendered page and the catalogue come compressed by the server (brotli), once',
      page.headers['content-encoding'] === 'br' && decoded(page).toString('utf8').includes('<html') && catalogue.headers['content-encoding'] === 'br' && json(catalogue)?.success === true,
      `/ ${page.headers['content-encoding']} (${page.body.length} B), /api/shop/products ${catalogue.headers['content-encoding']} (${catalogue.body.length} B)`,
    ),
  );
  // JSON the server leaves uncompressed (the public repair lists): nginx gzips it on the way.
  const listUrl = '/api/repairdesk/tickets';
  const raw = await direct(context, { path: listUrl, headers: { 'accept-encoding': 'gzip' } });
  const zipped = await viaNginx(context, { path: listUrl, headers: { 'accept-encoding': 'gzip' } });
  assertions.push(
    check(
      `JSON the server sends uncompressed is gzipped by nginx, same content (${listUrl})`,
      raw.status === 200 && !raw.headers['content-encoding'] && raw.body.length > 1024 && zipped.headers['content-encoding'] === 'gzip' && decoded(zipped).equals(raw.body),
      `server ${raw.headers['content-encoding'] ?? 'identity'} ${raw.body.length} B → nginx ${zipped.headers['content-encoding'] ?? 'identity'} ${zipped.body.length} B`,
    ),
  );
  return { assertions, counts: { asset: `${Math.round(plain.body.length / 1024)} KiB → ${Math.round(br.body.length / 1024)} KiB br` } };
}

/** The service worker and the files the installed app needs, as the server sends them. @param {Context} context */
export async function serviceWorkerGroup(context) {
  const assertions = [];
  const client = path.join(context.root, 'apps/web/build/client');
  const compare = ['content-type', 'cache-control', 'content-encoding', 'etag', 'vary', 'service-worker-allowed', 'content-security-policy'];
  for (const [url, file, type] of /** @type {[string, string, RegExp][]} */ ([
    ['/sw.js', 'sw.js', /^(text|application)\/javascript/],
    ['/manifest.webmanifest', 'manifest.webmanifest', /^application\/manifest\+json/],
    ['/offline.html', 'offline.html', /^text\/html/],
  ])) {
    const proxied = await viaNginx(context, { path: url, headers: { 'accept-encoding': 'br' } });
    const own = await direct(context, { path: url, headers: { 'accept-encoding': 'br' } });
    const differences = compare.filter((name) => String(proxied.headers[name] ?? '') !== String(own.headers[name] ?? ''));
    const expected = readFileSync(path.join(client, existsSync(path.join(client, `${file}.br`)) ? `${file}.br` : file));
    assertions.push(
      check(
        `${url}: 200, ${type.source.replace(/[\\^]/g, '')}, the server's headers and bytes untouched`,
        proxied.status === 200 && type.test(String(proxied.headers['content-type'])) && differences.length === 0 && proxied.body.equals(expected) && proxied.body.equals(own.body),
        `${proxied.status} ${proxied.headers['content-type']}, Cache-Control ${proxied.headers['cache-control']}, ${proxied.headers['content-encoding'] ?? 'identity'}${differences.length ? `; differs from the server on ${differences.map((name) => `${name} (${proxied.headers[name]} ≠ ${own.headers[name]})`).join(', ')}` : ''}`,
      ),
    );
  }
  const sw = await viaNginx(context, { path: '/sw.js' });
  assertions.push(check('the service worker is revalidated at every update check (Cache-Control: no-cache)', sw.headers['cache-control'] === 'no-cache', `Cache-Control: ${sw.headers['cache-control']}`));
  return { assertions, counts: {} };
}

/** Long requests: a slow upload, a large download. @param {Context} context */
export async function longRequestsGroup(context) {
  const assertions = [];
  // A photo sent at ~40 KiB/s for ~4 s: slower than the server accepts (this suite starts it with
  // UPLOAD_MIN_BYTES_PER_SECOND=65536, checked every second). nginx receives it whole, then hands
  // it over at once: the visitor's upload goes through and the server's upload slot is held for
  // milliseconds. Sent straight to the server, the same upload is cut (408).
  const slowForm = multipartForm(contactFields('Envoi lent'), [{ field: 'images', filename: 'lente.jpg', bytes: fakePhoto(160 * 1024) }]);
  const pace = { bytesPerTick: 8 * 1024, tickMs: 200 };
  const headers = { 'content-type': slowForm.contentType, 'content-length': slowForm.length, ...sameOrigin(context) };
  const [proxied, straight] = await Promise.all([
    viaNginx(context, { method: 'POST', path: '/api/email-simple/contact', localAddress: '127.0.0.5', headers, body: formWriter(slowForm, pace) }),
    direct(context, { method: 'POST', path: '/api/email-simple/contact', localAddress: '127.0.0.6', headers, body: formWriter(slowForm, pace) }),
  ]);
  assertions.push(
    check(
      'a slow upload (~40 KiB/s, 4 s) goes through nginx, which takes it whole before passing it on',
      proxied.status === 200 && proxied.ms >= 3_500,
      `through nginx: ${describe(proxied)} after ${(proxied.ms / 1000).toFixed(1)} s`,
    ),
    check(
      'the same upload straight to the server is cut by its slow-client guard (408): nginx shields it',
      straight.status === 408 && json(straight)?.message === context.messages.uploadTooSlow,
      `straight to the server: ${describe(straight)} after ${(straight.ms / 1000).toFixed(1)} s`,
    ),
  );

  const attachment = context.state.attachment;
  if (attachment) {
    const download = await viaNginx(context, { path: `/api/admin/inbox/messages/${attachment.messageId}/attachments/${attachment.attachmentId}`, headers: { cookie: context.state.cookie ?? '' }, localAddress: '127.0.0.5' });
    assertions.push(
      check(
        'a 10 MiB answer (a photo of the largest form, from the admin inbox) arrives whole through nginx',
        download.status === 200 && download.body.equals(fakePhoto(10 * MIB)),
        `${download.status}, ${mib(download.body.length)} in ${download.ms} ms, ${download.headers['content-type']}`,
      ),
    );
  } else {
    assertions.push(check('a 10 MiB answer arrives whole through nginx', false, 'no stored photo to download (the upload check failed)'));
  }
  return { assertions, counts: { 'slow upload s': (proxied.ms / 1000).toFixed(1) } };
}

/** The server stops (SIGTERM) while nginx stays: visitors get nginx's French 503, with HSTS. @param {Context} context */
export async function serverStoppedGroup(context) {
  const assertions = [];
  const stopped = await context.server.stop();
  assertions.push(
    check('the server stops cleanly on SIGTERM (code 0) within its own 10 s', stopped.code === 0 && !stopped.forced && stopped.ms < 10_000, `code ${stopped.code}, signal ${stopped.signal}, ${stopped.ms} ms${stopped.unexpected ? `; ${stopped.unexpected}` : ''}`),
  );
  const api = await viaNginx(context, { path: '/api/health' });
  const page = await viaNginx(context, { path: '/boutique' });
  const pageText = page.body.toString('utf8');
  assertions.push(
    check(
      'server down: the API gets 503 with the site\'s French JSON',
      api.status === 503 && json(api)?.message === 'Service temporairement indisponible' && api.headers['strict-transport-security'] === HSTS,
      `${describe(api)}, HSTS ${api.headers['strict-transport-security'] ? 'present' : 'absent'}`,
    ),
    check(
      'server down: a page gets 503 with a short French page',
      page.status === 503 && /^text\/html/.test(String(page.headers['content-type'])) && pageText.includes('Réessayez dans un instant') && page.headers['strict-transport-security'] === HSTS,
      `${page.status} ${page.headers['content-type']}`,
    ),
  );
  return { assertions, counts: { 'stop ms': stopped.ms } };
}
