import { expect, test, type BrowserContext, type Page } from './fixtures.js';
import { expectAccessible, stubPushManager } from './helpers.js';

/**
 * The installable app (issue 7 items 2, 3, 7 and 8): the manifest and its icons, /sw.js
 * registered and active on the production build, a page visited once reloading offline (its
 * content, or the offline page for private pages), subscribing to push from the notifications
 * tab, the install banner. A push delivered to this headless Chromium cannot be observed
 * reliably (no push service connection here): the push and click handlers are unit-tested.
 */

const SHOTS_DIR = process.env.PWA_SHOTS;

test.describe.configure({ timeout: 60_000 });

/** Waits for /sw.js to be active and returns its registration's facts. */
async function activeWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    return { scope: registration.scope, state: registration.active?.state ?? null, script: registration.active?.scriptURL ?? null };
  });
}

/** Waits until the worker has kept this page (the page tells it what it loaded before it existed). */
async function waitUntilKept(page: Page, pathname: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (path) => {
          for (const name of await caches.keys()) {
            if (!name.startsWith('erepare-pages-')) continue;
            const cache = await caches.open(name);
            if (await cache.match(new URL(path, location.origin).href)) return true;
          }
          return false;
        }, pathname),
      { timeout: 15_000 },
    )
    .toBe(true);
}

function pngSize(buffer: Buffer): string {
  expect(buffer.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${buffer.readUInt32BE(16)}x${buffer.readUInt32BE(20)}`;
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload({ waitUntil: 'domcontentloaded' });
}

test('the manifest is French, installable and its icons load', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(1);

  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    lang: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ short_name: 'E.repare', lang: 'fr', display: 'standalone', scope: '/' });
  expect(manifest.name).toContain('E.repare');
  expect(manifest.start_url.startsWith('/')).toBe(true);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
});

test('/sw.js registers and activates on the production build, revalidated on every visit', async ({ page, request }) => {
  await page.goto('/');
  const worker = await activeWorker(page);
  expect(worker.state).toBe('activated');
  expect(worker.script).toMatch(/\/sw\.js$/);
  expect(new URL(worker.scope).pathname).toBe('/');

  const script = await request.get('/sw.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toContain('javascript');
  expect(script.headers()['cache-control']).toBe('no-cache');
  // The CSP stays strict (the worker is same-origin: nothing to loosen).
  const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");

  // Precached: the shell, the offline page and the icons; no private API answer in any cache.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toEqual(expect.arrayContaining(['/', '/offline.html', '/icons/icon-192.png', '/manifest.webmanifest']));
  expect(cached.filter((url) => /^\/api\/(auth|notifications|orders|payments|accounts|repairdesk)/.test(url))).toEqual([]);
});

test('a public page visited once reloads offline with its content', async ({ page, context }) => {
  await page.goto('/faq');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const title = await heading.textContent();
  await activeWorker(page);
  await waitUntilKept(page, '/faq');

  await goOffline(context, page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '', { timeout: 20_000 });
  await context.setOffline(false);
});

test('the catalogue visited once shows offline', async ({ page, context }) => {
  await page.goto('/boutique');
  const firstProduct = page.getByRole('article').first();
  await expect(firstProduct).toBeVisible();
  const name = (await firstProduct.getByRole('heading').first().textContent()) ?? '';
  await activeWorker(page);
  // The page comes with its first page of products (its loader): the kept document holds them.
  await waitUntilKept(page, '/boutique');

  await goOffline(context, page);
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 20_000 });
  await context.setOffline(false);
});

test('/suivi visited once speaks French offline (issue 22 §3.11)', async ({ page, context }) => {
  await page.goto('/suivi');
  await expect(page.getByText(/Dernière mise à jour/)).toBeVisible();
  await activeWorker(page);
  await waitUntilKept(page, '/suivi');

  await goOffline(context, page);
  const line = page.getByText(/Dernière mise à jour/);
  await expect(line).toBeVisible({ timeout: 20_000 });
  // Either the time of the kept list (« 28/11/2026 à 10:02:11 ») or « en cours… »: never an English word.
  await expect(line).toHaveText(/Dernière mise à jour\s: (\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}:\d{2}|en cours…)/);
  await expect(page.locator('main')).not.toContainText(/\b(now|ago|Loading|Error|Failed)\b/);
  await context.setOffline(false);
});

test('a private page offline shows the offline page (never a kept copy), which is accessible', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/compte');
  await activeWorker(page);
  await page.goto('/panier');
  await goOffline(context, page);
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Réessayer' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, { bestPractice: true });
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/offline-page-390-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page);
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/offline-page-390-light.png` });

  await page.goto('/compte').catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
  await context.setOffline(false);
});

test('an in-app link followed offline shows the kept page, or the offline page, never an error', async ({ page, context }) => {
  // A page visited once, kept by the worker.
  await page.goto('/contact');
  const contactTitle = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await activeWorker(page);
  await waitUntilKept(page, '/contact');
  // Back home, in a document the worker controls; the connection drops at once, maybe before
  // the parts the home page loads later have come: the worker keeps them with the home page, and
  // a part whose code cannot come waits for the connection instead of failing the page.
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  const header = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Une erreur est survenue');

  // The kept page: its content, whether the app draws it or the worker sends its copy.
  await header.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(contactTitle, { timeout: 20_000 });

  // A page never visited: its code cannot be fetched, so the page is loaded as a document and the
  // worker answers with the offline page (not the app's « Une erreur est survenue »).
  await page.getByRole('banner').getByRole('link', { name: 'Devis en ligne', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/devis-en-ligne$/);
  await expect(page.getByText('Une erreur est survenue')).toHaveCount(0);
  await context.setOffline(false);
});

test('the install banner: 3 s after the browser offers installation, dismissible and remembered', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The page's clock is the test's: the 3 s are run through, not waited for.
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Headless Chromium never offers installation by itself: the page receives the event the browser would send.
  const offer = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
      window.dispatchEvent(event);
    });
  await offer();
  const banner = page.getByRole('region', { name: 'Installer l’application E.repare' });
  await page.clock.runFor(3_000);
  await expect(banner).toBeVisible();
  await expectAccessible(page);
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/install-banner-390.png` });

  await banner.getByRole('button', { name: 'Plus tard' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await offer();
  await page.clock.runFor(3_500);
  // Past the delay, and after the page has drawn what it would: still nothing.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(banner).toHaveCount(0);
});

async function signUp(context: BrowserContext) {
  const email = `pwa-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`;
  const password = 'Notifications-2026';
  const registered = await context.request.post('/api/auth/register', {
    data: { first_name: 'Lou', last_name: 'Push', email, phone: '06 11 22 33 44', password, confirmPassword: password },
  });
  expect(registered.ok()).toBe(true);
}

test('headless Chromium refuses push itself: the tab says so and stays off', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signUp(context);
  await page.goto('/compte?tab=notifications');
  await activeWorker(page);
  // Without a native prompt, the tab's install card gives the manual steps and the three benefits.
  const card = page.getByRole('region', { name: 'Installer l’application' });
  await expect(card).toBeVisible();
  for (const text of ['Notifications automatiques', 'Accès rapide', 'Mode hors ligne', 'Safari (iPhone, iPad)', 'Firefox', 'Chrome et Edge']) {
    await expect(card.getByText(text, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  if (SHOTS_DIR) {
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS_DIR}/install-card-390.png` });
  }
  const toggle = page.getByRole('switch', { name: 'Notifications sur cet appareil' });
  await toggle.click();
  // Notifications are allowed: the refusal is the browser's push service, and the message says so (issue 22 §3.8).
  await expect(page.getByText(/^Les notifications sont autorisées, mais ce navigateur refuse l’abonnement push/).first()).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
});

/**
 * This Chromium has no push service (pushManager.subscribe fails with "Registration failed -
 * permission denied" even with notifications allowed): the browser's subscription is replaced, at
 * the boundary, by one shaped like a real one. Everything else is real: permission, service
 * worker, VAPID key, the server storing the subscription, the welcome notification call.
 */
test('subscribing from the notifications tab saves the subscription on the server, then welcomes', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await stubPushManager(context);
  await signUp(context);

  await page.goto('/compte?tab=notifications');
  await activeWorker(page);
  const toggle = page.getByRole('switch', { name: 'Notifications sur cet appareil' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/notifications/subscribe') && response.request().method() === 'POST');
  await toggle.click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ success: true, message: 'Notifications activées !' });
  const body = answer.request().postDataJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  expect(body.endpoint).toMatch(/^https:\/\//);
  expect(body.keys.p256dh.length).toBeGreaterThan(80);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Notifications activées !').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications), { timeout: 5000 }).toEqual(['Bienvenue !']);

  // Turning it off unsubscribes on the server too.
  const removed = page.waitForResponse((response) => response.url().endsWith('/api/notifications/unsubscribe'));
  await toggle.click();
  expect((await removed).status()).toBe(200);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Notifications désactivées').first()).toBeVisible();
});
