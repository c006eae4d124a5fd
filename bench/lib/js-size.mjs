// @ts-check
/** JavaScript loaded by one page, measured in Chromium: the sum of every script's gzip size. */
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { withTimeout } from './util.mjs';

const PAGE_TIMEOUT_MS = 60_000;

/**
 * @typedef {{ url: string, bytes: number, gzipBytes: number, contentEncoding: string | null }} ScriptSize
 * @typedef {{ scripts: ScriptSize[], bytes: number, gzipBytes: number }} JsSize
 */

/** @param {import('playwright-core').Response} response */
function isScript(response) {
  if (response.request().resourceType() === 'script') return true;
  const type = response.headers()['content-type'] ?? '';
  return /javascript|ecmascript/.test(type);
}

/**
 * Loads every page in one fresh mobile-sized browser context each, waits for network idle, and
 * sums the scripts it loaded. The gzip size is computed here with zlib's default level (what
 * Vite prints as "gzip"), so the figure does not depend on how the server compresses. Service
 * workers are blocked: a PWA precaching every chunk in the background is not what the route
 * needs to run.
 * @param {{ urls: string[], cleanup: import('./util.mjs').Cleanup }} options
 * @returns {Promise<Map<string, JsSize | Error>>}
 */
export async function measureJs({ urls, cleanup }) {
  /** @type {typeof import('playwright-core')} */
  let playwright;
  try {
    playwright = await import('playwright-core');
  } catch {
    throw new Error('playwright-core is not installed: run npm ci at the repository root (it comes with @playwright/test in e2e)');
  }
  const browser = await withTimeout(
    playwright.chromium.launch({
      executablePath: CHROMIUM_PATH,
      // Playwright passes its own headless switch; give it the rest of the shared flags.
      args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
      headless: true,
    }),
    30_000,
    'launching Chromium with Playwright',
  );
  const release = cleanup.add('Chromium (Playwright)', () => browser.close());
  /** @type {Map<string, JsSize | Error>} */
  const results = new Map();
  try {
    for (const url of urls) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      });
      try {
        const page = await context.newPage();
        /** @type {Map<string, Promise<ScriptSize | null>>} */
        const pending = new Map();
        page.on('response', (response) => {
          if (!isScript(response) || pending.has(response.url())) return;
          pending.set(
            response.url(),
            response.body().then(
              (body) => ({
                url: response.url(),
                bytes: body.length,
                gzipBytes: gzipSync(body).length,
                contentEncoding: response.headers()['content-encoding'] ?? null,
              }),
              () => null, // redirects and aborted loads have no body
            ),
          );
        });
        const response = await page.goto(url, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
        if (!response || !response.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
        const scripts = /** @type {ScriptSize[]} */ (
          (await withTimeout(Promise.all(pending.values()), PAGE_TIMEOUT_MS, `script bodies of ${url}`)).filter(Boolean)
        );
        results.set(url, {
          scripts,
          bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
          gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
        });
      } catch (error) {
        results.set(url, error instanceof Error ? error : new Error(String(error)));
      } finally {
        await context.close().catch(() => undefined);
      }
    }
  } finally {
    release();
    await browser.close();
  }
  return results;
}
