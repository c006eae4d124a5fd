import { test as base, type Browser, type BrowserContext, type Page, type Response } from '@playwright/test';

/**
 * The specs' `test`: Playwright's, where `page.goto` and `page.reload` resolve once the app has
 * hydrated the page (the app marks `<html data-app-ready>`), as a visitor's next tap would find
 * it. A tap made before the app's code has run gets only what React's event replay gives
 * (nothing before hydration has started): a spec about that moment navigates with
 * `waitUntil: 'commit'`, which skips the wait. Pages without JavaScript are not waited for.
 */
export * from '@playwright/test';

const APP_READY_TIMEOUT_MS = 20_000;
const watched = new WeakSet<Page>();

async function appReady(page: Page, response: Response | null, waitUntil: string | undefined): Promise<void> {
  if (waitUntil === 'commit' || !response) return;
  if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  // The offline page, an error page of the server: no app to wait for.
  const hasApp = await page
    .evaluate(() => document.getElementById('root') !== null && document.querySelector('script[type="module"]') !== null)
    .catch(() => false);
  if (!hasApp) return;
  await page.locator('html[data-app-ready]').waitFor({ timeout: APP_READY_TIMEOUT_MS });
}

function waitForAppOnNavigation(page: Page): void {
  if (watched.has(page)) return;
  watched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await appReady(page, response, options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await appReady(page, response, options?.waitUntil);
    return response;
  };
}

function watchContext(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) waitForAppOnNavigation(page);
  context.on('page', waitForAppOnNavigation);
  return context;
}

/** Contexts a spec opens itself (`browser.newContext`, `browser.newPage`) are watched too, unless JavaScript is off. */
function watchBrowser(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    return options?.javaScriptEnabled === false ? context : watchContext(context);
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // The page's context closes with it, as with Playwright's own newPage.
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
}

export const test = base.extend<object, { watchedBrowser: void }>({
  watchedBrowser: [
    async ({ browser }, use) => {
      watchBrowser(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? context : watchContext(context));
  },
});
