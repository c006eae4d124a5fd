import { deflateSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page, type Request } from './fixtures.js';

import type { Customer, FullTicket } from '@erepare/shared/schemas/repair';
import { ADMIN } from '../admin-account.js';
import { linkTo, waitForMail } from './outbox.js';

export { ADMIN };

/** As long as a web-first assertion waits (expect.timeout in playwright.config.ts). */
const NETWORK_SETTLE_TIMEOUT_MS = 7_000;

/**
 * Counts the page's requests in flight from now on. `settled()` resolves once none is left and
 * the page has gone idle without asking for more (the code of a part React hydrates later, its
 * data): Playwright's `networkidle` without its fixed half-second of silence per page.
 */
export function watchNetwork(page: Page): { settled: () => Promise<void> } {
  const inFlight = new Set<Request>();
  let quiet: (() => void) | null = null;
  const finished = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size === 0) quiet?.();
  };
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  /** Resolves when the last request in flight ends (at once if none is): no polling interval to wait out. */
  const noneInFlight = () =>
    inFlight.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const guard = setTimeout(() => {
            quiet = null;
            reject(new Error(`requests still in flight: ${[...inFlight].map((request) => request.url()).join(', ')}`));
          }, NETWORK_SETTLE_TIMEOUT_MS);
          quiet = () => {
            clearTimeout(guard);
            quiet = null;
            resolve();
          };
        });
  return {
    settled: async () => {
      for (let round = 0; ; round += 1) {
        await noneInFlight();
        // The page's queued work (React's hydration of the later parts) runs before an idle callback.
        await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })));
        if (inFlight.size === 0) return;
        expect(round, 'the page kept asking for more').toBeLessThan(20);
      }
    },
  };
}

/**
 * WCAG 2.2 AA with axe-core: no serious or critical violation allowed. The "best-practice" rules
 * (landmarks, heading order…) can be added for a page; they are moderate at most and double the
 * time of a check, so the route sweep leaves them out.
 *
 * A page without frames is checked in place (axe's « legacy mode »: `axe.run` in the page). The
 * default mode gathers each frame's partial results in a new blank page of the browser, which
 * costs about a third of a check on the admin pages; with one frame the rules and the result are
 * the same. A page with frames (Stripe's fields) keeps the default, which reaches into them.
 */
export async function expectAccessible(page: Page, { bestPractice = false } = {}): Promise<void> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', ...(bestPractice ? ['best-practice'] : [])];
  // Only violations are read: axe still runs every rule, but gathers and sends back one node per
  // passed or incomplete rule instead of all of them (a fifth less time per call, measured).
  const results = await new AxeBuilder({ page }).withTags(tags).options({ resultTypes: ['violations'] }).setLegacyMode(page.frames().length === 1).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

export type Settings = { title: string; description: string; maintenanceMode: boolean; shopMaintenanceMode: boolean };

let adminToken: string | undefined;

/** Changes the site settings through the real API as the admin (one login per worker). */
export async function saveSettingsAsAdmin(request: APIRequestContext, settings: Partial<Settings>): Promise<Settings> {
  if (!adminToken) {
    const login = await request.post('/api/auth/login', { data: { ...ADMIN, rememberMe: false } });
    expect(login.status()).toBe(200);
    adminToken = ((await login.json()) as { token: string }).token;
  }
  const token = adminToken;
  const current = (await (await request.get('/api/admin/site-settings')).json()) as { data: Settings };
  const response = await request.post('/api/admin/site-settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...current.data, ...settings },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Settings }).data;
}

/**
 * This headless Chromium has no push service (pushManager.subscribe fails with "Registration
 * failed - permission denied" even with notifications allowed): the browser's subscription is
 * replaced, at the boundary, by one shaped like a real one (a real P-256 key, a 16-byte secret).
 * Everything else is real: permission, service worker, VAPID key, the server storing it.
 * Notifications the page shows are recorded in `window.shownNotifications`.
 */
export async function stubPushManager(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const base64url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    let current: object | null = null;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      // A real P-256 public key and a 16-byte secret, as a browser's subscription carries.
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const p256dh = base64url(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = base64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
      const endpoint = `https://push.example.invalid/e2e/${Math.random().toString(36).slice(2)}`;
      const key = options?.applicationServerKey ?? null;
      const json = { endpoint, expirationTime: null, keys: { p256dh, auth } };
      current = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: key, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      };
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(current as PushSubscription | null);
    };
    const shown: string[] = [];
    (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
    ServiceWorkerRegistration.prototype.showNotification = function showNotification(title: string) {
      shown.push(title);
      return Promise.resolve();
    };
  });
}

/** A bearer header for the e2e admin (ADMIN_EMAIL / ADMIN_PASSWORD of the e2e server). */
export async function adminHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const login = await api.post('/api/auth/login', { data: { ...ADMIN, rememberMe: false } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function getData<T>(api: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const response = await api.get(url, { headers });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

export const DEMO_PASSWORD = 'Demo-e2e-2026!';

let visitorCounter = 0;

/**
 * Headers that make an API call come from a visitor of its own (a fresh address in
 * 198.18.0.0/15, the benchmarking range): data a spec sets up through the public API (sign-ups,
 * contact messages) then counts against that visitor's rate limits, not those of 127.0.0.1,
 * which the browser specs use. The e2e server trusts one proxy hop (playwright.config.ts).
 */
export function visitorHeaders(): Record<string, string> {
  visitorCounter += 1;
  const n = (process.pid % 200) * 300 + visitorCounter;
  return { 'x-forwarded-for': `198.18.${Math.floor(n / 250) % 256}.${(n % 250) + 1}` };
}
export type DemoCustomer = { customer: Customer; ticket: FullTicket };

/**
 * A demo customer with a ticket, registered with their repair e-mail and verified through the
 * outbox link (so the account is linked to the customer: the one ownership rule). Specs run in
 * parallel share the demo data: each takes candidates from its own position (`start`, a fraction
 * of the list) and skips those another spec registered.
 */
export async function verifiedDemoCustomer(api: APIRequestContext, start: number): Promise<DemoCustomer> {
  const admin = await adminHeaders(api);
  const customers = await getData<Customer[]>(api, '/api/repairdesk/customers?page=1&pageSize=100', admin);
  const from = Math.floor(customers.length * start);
  for (const candidate of [...customers.slice(from), ...customers.slice(0, from)]) {
    const tickets = await getData<FullTicket[]>(api, `/api/repairdesk/customers/${candidate.cid}/tickets?page=1&pagesize=5`, admin);
    const ticket = tickets[0];
    if (!ticket || !candidate.email) continue;
    const register = await api.post('/api/auth/register', {
      headers: visitorHeaders(),
      data: { first_name: candidate.first_name, last_name: candidate.last_name, email: candidate.email, phone: '06 00 00 00 00', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    // Taken by another spec (409), or demo data the form refuses (400): try the next one. A rate
    // limit or a server error is a failure to say, not to skip.
    if (register.status() === 409 || register.status() === 400) continue;
    expect(register.status(), await register.text()).toBe(201);
    const mail = await waitForMail(candidate.email, 'email_verification', { timeoutMs: 20_000 });
    const token = new URLSearchParams(linkTo(mail, '/verify-email').split('?')[1] ?? '').get('token');
    // The proof opens a store record: the prover chooses the password (here the same one).
    const verify = await api.post('/api/email-verification/verify', { data: { token, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
    expect(verify.status(), await verify.text()).toBe(200);
    return { customer: candidate, ticket };
  }
  throw new Error('no demo customer with a ticket left to register');
}

/** Signs `email` in on this page as the login form would (the session cookie and the stored user). */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  // A same-origin document where the app does not run (plain text): the storage is written with no
  // session check of the app in flight. On /compte, the check the page starts without a cookie could
  // still be on its way (a loaded CI machine, once at 390 px): callers navigate next anyway.
  await page.goto('/robots.txt');
  const login = await page.request.post('/api/auth/login', { data: { email, password, rememberMe: true } });
  expect(login.status()).toBe(200);
  const { user, persistentSession } = (await login.json()) as { user: unknown; persistentSession: { expires_at: string } | null };
  await page.evaluate(
    ({ user, expires }) => {
      localStorage.setItem('user', JSON.stringify(user));
      if (expires) localStorage.setItem('persistentSession', JSON.stringify({ expires_at: expires }));
      localStorage.setItem('lastActivity', String(Date.now()));
    },
    { user, expires: persistentSession?.expires_at ?? null },
  );
}

/** A real (decodable) PNG of `width` × `height` pixels, one grey `shade` (0–255): photos for upload tests. */
export function png(width: number, height: number, shade = 0xc8): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, shade)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
