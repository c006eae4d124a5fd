// @ts-check
/**
 * nginx for the deployment suite: Debian's nginx, started as a child process (no daemon) with its
 * own main configuration in a temporary folder, around the site file that docs/deploy.md installs
 * (deploy/nginx/erepare.conf). Only what cannot be the same on a test machine is changed in that
 * file: the listening ports (loopback, free ports), the server's port, the site's name and the
 * certificate. Every change must match exactly where it is expected, so a reshaped template fails
 * here instead of being tested half-substituted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sleep } from '../../../bench/lib/util.mjs';

export const NGINX = process.env.DEPLOY_NGINX || '/usr/sbin/nginx';
export const OPENSSL = process.env.DEPLOY_OPENSSL || '/usr/bin/openssl';
/** Debian's list of file types, included by Debian's nginx.conf. */
const MIME_TYPES = '/etc/nginx/mime.types';

/**
 * What the suite needs from the system: nginx (with its mime.types) and openssl. Missing and run
 * as root with apt-get at hand: installed (Debian's packages), as scripts/test.mjs does for
 * Chromium. Returns what is still missing.
 * @returns {string[]}
 */
/** The system's ephemeral ports (Linux's default range), where `listen(0)` and outgoing connections land. */
const EPHEMERAL = { from: 32768, to: 60999 };

/**
 * A port for nginx, outside the ephemeral range, that nothing listens on. A port the system gave
 * for `listen(0)` and released could be given again to another process before nginx binds it (the
 * unit tests, run beside this suite by `npm test`, listen on port 0 all the time): Node listens
 * with SO_REUSEADDR on 127.0.0.1, nginx on every address, both binds succeed, and 127.0.0.1 then
 * reaches the other process (seen once: TLS « wrong version number » on the HTTPS port). Below the
 * range only fixed services listen: a port is taken when binding it fails or a connection to it is
 * answered.
 * @param {Set<number>} [avoid] ports already chosen
 * @returns {Promise<number>}
 */
export async function nginxPort(avoid = new Set()) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = 20000 + Math.floor(Math.random() * (EPHEMERAL.from - 20000));
    if (avoid.has(port)) continue;
    const probe = net.createServer();
    const bound = await new Promise((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => resolve(true));
    });
    if (!bound) continue;
    await new Promise((resolve) => probe.close(resolve));
    const answered = await new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!answered) return port;
  }
  throw new Error(`no free port for nginx between 20000 and ${EPHEMERAL.from - 1}`);
}

export function ensureTools() {
  const wanted = [
    { path: NGINX, pkg: 'nginx' },
    { path: MIME_TYPES, pkg: 'nginx' },
    { path: OPENSSL, pkg: 'openssl' },
  ];
  const missing = () => wanted.filter((tool) => !existsSync(tool.path));
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (missing().length && isRoot && existsSync('/usr/bin/apt-get')) {
    const packages = [...new Set(missing().map((tool) => tool.pkg))];
    console.log(`Installing Debian packages ${packages.join(', ')} (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  }
  return missing().map((tool) => `${tool.path} (Debian package « ${tool.pkg} »: sudo apt-get install -y ${tool.pkg})`);
}

/**
 * A self-signed certificate for `name` (and 127.0.0.1), valid two days: the clients trust it as
 * their only authority, so TLS is verified for real (name, chain, dates).
 * @param {string} dir
 * @param {string} name
 * @returns {{ certificate: string, key: string, pem: string }}
 */
export function makeCertificate(dir, name) {
  const certificate = path.join(dir, 'certificate.pem');
  const key = path.join(dir, 'key.pem');
  const result = spawnSync(
    OPENSSL,
    [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name},IP:127.0.0.1`,
      '-keyout', key, '-out', certificate,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl could not make the certificate: ${result.stderr || result.error?.message}`);
  chmodSync(key, 0o600);
  return { certificate, key, pem: readFileSync(certificate, 'utf8') };
}

/**
 * @typedef {{ serverName: string, certificate: string, certificateKey: string, upstreamPort: number, httpPort: number, httpsPort: number, acmeRoot: string }} SiteValues
 */

/**
 * The site file of docs/deploy.md made into the test's. Each replacement lists how many times it
 * must match in the template.
 * @param {string} template deploy/nginx/erepare.conf
 * @param {SiteValues} values
 * @returns {{ text: string, problems: string[], changes: string[] }}
 */
export function renderSite(template, values) {
  const { serverName, certificate, certificateKey, upstreamPort, httpPort, httpsPort, acmeRoot } = values;
  /** @type {[RegExp, string, number, string][]} pattern, replacement, expected matches, what */
  const replacements = [
    [/^(\s*)ssl_certificate \/etc\/letsencrypt\/live\/\{\{SERVER_NAME\}\}\/fullchain\.pem;$/gm, `$1ssl_certificate ${certificate};`, 1, 'certificate'],
    [/^(\s*)ssl_certificate_key \/etc\/letsencrypt\/live\/\{\{SERVER_NAME\}\}\/privkey\.pem;$/gm, `$1ssl_certificate_key ${certificateKey};`, 1, 'certificate key'],
    [/\{\{SERVER_NAME\}\}/g, serverName, 3, 'site name'],
    [/^(\s*)listen 80;$/gm, `$1listen 127.0.0.1:${httpPort};`, 1, 'HTTP port'],
    [/^(\s*)listen 443 ssl http2( default_server)?;$/gm, `$1listen 127.0.0.1:${httpsPort} ssl http2$2;`, 2, 'HTTPS port'],
    // IPv6 may be off on a test machine: the loopback IPv4 addresses are enough.
    [/^\s*listen \[::\]:(80|443)[^;]*;\n/gm, '', 3, 'IPv6 listeners'],
    [/^(\s*)server 127\.0\.0\.1:3000;$/gm, `$1server 127.0.0.1:${upstreamPort};`, 1, 'server port'],
    [/^(\s*)root \/var\/www\/letsencrypt;$/gm, `$1root ${acmeRoot};`, 1, 'ACME challenge folder'],
  ];
  let text = template;
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const changes = [];
  for (const [pattern, replacement, expected, what] of replacements) {
    // Counted in the directives only: the comments may name the placeholder too.
    const found = text.replace(/^\s*#.*$/gm, '').match(pattern)?.length ?? 0;
    if (found !== expected) problems.push(`${what}: ${found} match(es) of ${pattern} in the template, ${expected} expected`);
    text = text.replace(pattern, replacement);
    changes.push(`${what} ×${found}`);
  }
  if (/\{\{|\}\}/.test(text)) problems.push(`a placeholder is left: ${/.*(\{\{|\}\}).*/.exec(text)?.[0].trim()}`);
  return { text, problems, changes };
}

/**
 * The main configuration around the site: Debian 12's /etc/nginx/nginx.conf (its http block as
 * shipped: sendfile, mime.types, its TLS defaults, gzip on, the site included) with every path in
 * `dir`. As root, workers run as nobody (Debian has no group "nobody").
 * @param {string} dir
 * @param {string} siteFile
 */
export function mainConfig(dir, siteFile) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return `# The deployment suite's nginx.conf (quality/deploy/lib/nginx.mjs): Debian 12's, paths in this folder.
${isRoot ? 'user nobody nogroup;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {
    worker_connections 256;
}
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include ${MIME_TYPES};
    default_type application/octet-stream;
    ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;
    ssl_prefer_server_ciphers on;
    access_log ${dir}/access.log;
    gzip on;
    client_body_temp_path ${dir}/temp/client_body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    include ${siteFile};
}
`;
}

/**
 * @typedef {{
 *   dir: string,
 *   errorLog: () => string,
 *   accessLog: () => string,
 *   stop: () => Promise<void>,
 *   killNow: () => void,
 * }} RunningNginx
 */

/**
 * `nginx -t`, then nginx in the foreground (`daemon off`) in its own process group, so that its
 * workers go with it whatever happens (`killNow` from an exit handler).
 * @param {string} dir holds nginx.conf, the site file, logs and temporary files
 * @param {{ httpsPort: number }} ports
 * @returns {Promise<RunningNginx>}
 */
export async function startNginx(dir, { httpsPort }) {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  // -e: nginx writes its start-up errors there, not to /var/log/nginx (unwritable without root).
  const args = ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', conf];
  const test = spawnSync(NGINX, [...args, '-t', '-q'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  const read = (/** @type {string} */ name) => {
    try {
      return readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  const killNow = () => {
    if (exited !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  // Its own process group (detached), so a runner stopped by a signal (process.exit) would leave it
  // running: the group goes with this process, however it ends.
  process.once('exit', killNow);
  void exit.then(() => process.removeListener('exit', killNow));
  const stop = async () => {
    if (exited !== null || !child.pid) return;
    // SIGQUIT: graceful (open requests finish); SIGKILL to the group if it lingers.
    process.kill(child.pid, 'SIGQUIT');
    const timer = setTimeout(killNow, 5_000);
    await exit;
    clearTimeout(timer);
    killNow();
  };
  const deadline = performance.now() + 10_000;
  for (;;) {
    if (exited !== null) throw new Error(`nginx exited before listening: ${output}\n${read('error.log')}`);
    if (await canConnect(httpsPort)) break;
    if (performance.now() > deadline) {
      killNow();
      throw new Error(`nginx did not listen on ${httpsPort} within 10 s:\n${read('error.log')}`);
    }
    await sleep(50);
  }
  return { dir, errorLog: () => read('error.log'), accessLog: () => read('access.log'), stop, killNow };
}

/** @param {number} port */
async function canConnect(port) {
  const socket = net.connect({ host: '127.0.0.1', port });
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/** Writes nginx.conf and the site file into `dir`. @param {string} dir @param {string} site */
export function writeConfig(dir, site) {
  const siteFile = path.join(dir, 'erepare.conf');
  writeFileSync(siteFile, site);
  writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, siteFile));
}

/**
 * nginx's size for a `client_max_body_size` value (k, m, g: powers of 1024).
 * @param {string} value
 */
export function nginxSize(value) {
  const match = /^(\d+)([kmg]?)$/i.exec(value.trim());
  if (!match) return NaN;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[/** @type {'' | 'k' | 'm' | 'g'} */ ((match[2] ?? '').toLowerCase())];
  return Number(match[1]) * unit;
}

/**
 * The `client_max_body_size` that applies to `location` in the site file (the server's when the
 * location sets none).
 * @param {string} site
 * @param {string} location the location line's argument, e.g. "= /api/quotes"; "" for the server's
 */
export function bodyLimitOf(site, location) {
  const https = site.slice(site.lastIndexOf('server {'));
  const serverLevel = /^ {4}client_max_body_size (\S+);$/m.exec(https)?.[1];
  if (!location) return serverLevel ? nginxSize(serverLevel) : NaN;
  const escaped = location.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`location ${escaped} \\{([^}]*)\\}`).exec(https)?.[1] ?? '';
  const own = /client_max_body_size (\S+);/.exec(block)?.[1];
  return nginxSize(own ?? serverLevel ?? '1m');
}
