import { expect, test, type Page } from './fixtures.js';
import { watchNetwork } from './helpers.js';
import { matchRoute, publicPagePaths } from '@erepare/shared/routes';

/**
 * Public pages are rendered on the server (React Router, DESIGN §1.7): their content is in the HTML before any script
 * runs, and the app hydrates that markup rather than replacing it — whatever theme the visitor
 * chose, signed in or not.
 */

const paths = publicPagePaths();

/**
 * Marks every server-rendered element of the page, then reports whether hydration kept them (the
 * root's first element, and nearly all the others: a part hydrated later must keep its HTML
 * meanwhile, not be removed and drawn again) and what failed. Pages whose HTML is a loading
 * skeleton replace it with their data: only their first element is checked. A loading region
 * inside a page (`aria-busy="true"`, e.g. /rendez-vous's calendar while its slots load) is
 * replaced by its data too: its elements are not counted.
 */
const SKELETON_PAGES = new Set(['/boutique', '/boutique-beta', '/suivi', '/suivi-moderne']);
const isSkeletonPage = (path: string) => SKELETON_PAGES.has(path);

async function watchHydration(page: Page): Promise<(path: string) => Promise<{ kept: boolean; gone: number; errors: string[] }>> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|23|25)/i.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const marked = window as unknown as { prerendered: Element | null; prerenderedAll: Element[] };
      marked.prerendered = document.getElementById('root')?.firstElementChild ?? null;
      marked.prerenderedAll = Array.from(document.querySelectorAll('#root *')).filter((element) => !element.closest('[aria-busy="true"]'));
    });
  });
  return async (path: string) => {
    const { kept, gone, total } = await page.evaluate(() => {
      const marked = window as unknown as { prerendered: Element | null; prerenderedAll: Element[] };
      const first = marked.prerendered;
      return {
        kept: first !== null && first === document.getElementById('root')?.firstElementChild,
        gone: marked.prerenderedAll.filter((element) => !element.isConnected).length,
        total: marked.prerenderedAll.length,
      };
    });
    // A few elements change with the visitor's state (an icon, a badge): 5 % at most.
    return { kept, gone: isSkeletonPage(path) ? 0 : gone / Math.max(total, 1), errors: [...errors] };
  };
}

test.describe('server-rendered pages', () => {
  // Every page straight from the server: a service worker answering a slow navigation with its
  // copy (pwa.spec.ts covers it) would be another test.
  test.use({ serviceWorkers: 'block' });

  test('carry their content without JavaScript', async ({ browser }) => {
    test.setTimeout(60_000 + paths.length * 2_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of paths) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        await expect(page.locator('header').first(), path).toBeVisible();
        await expect(page.locator('footer').first(), path).toBeVisible();
        // Every public page tells search engines where the shop is, when it opens and its phone.
        const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
        const business = structured
          .flatMap((text) => {
            const data = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
            return Array.isArray(data) ? data : [data];
          })
          // A service page's shop is the provider of its Service.
          .flatMap((data) => (typeof data.provider === 'object' && data.provider ? [data, data.provider as Record<string, unknown>] : [data]))
          .filter((data) => typeof data.telephone === 'string' && typeof data.address === 'object' && typeof data.geo === 'object');
        const match = matchRoute(path);
        const indexable = match.kind === 'page' && !match.route.noindex;
        if (indexable) expect(business.length, `${path}: LocalBusiness structured data`).toBeGreaterThanOrEqual(1);
      });
    }
    // An unknown address: the not-found page, with its status.
    const missing = await page.goto('/adresse-inconnue');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found');
    await context.close();
  });

  // The second visitor chose the light theme, has a cart and a remembered user: the browser's
  // state differs from the build's, and the first render must still match the HTML.
  for (const theme of ['dark', 'light'] as const) {
    test(`hydrate without a mismatch (${theme} theme chosen${theme === 'light' ? ', cart filled, user remembered' : ''})`, async ({ page }) => {
      test.setTimeout(60_000 + paths.length * 3_000);
      await page.addInitScript((chosen) => {
        for (const key of ['site_theme', 'suivi_theme', 'devis_theme', 'boutique_theme']) localStorage.setItem(key, chosen);
        if (chosen === 'light') {
          localStorage.setItem('erepare_cart', JSON.stringify([{ id: 1, name: 'Coque', price: '19.90', quantity: 2 }]));
          localStorage.setItem('user', JSON.stringify({ id: 1, email: 'visiteur@example.fr', first_name: 'Léa', last_name: 'Martin', role: 'customer' }));
          localStorage.setItem('lastActivity', String(Date.now()));
        }
      }, theme);
      const hydration = await watchHydration(page);
      const network = watchNetwork(page);
      for (const path of paths) {
        await test.step(path, async () => {
          await page.goto(path);
          await network.settled();
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          const { kept, gone, errors } = await hydration(path);
          expect(errors, path).toEqual([]);
          expect(kept, `${path}: the server-rendered markup was replaced instead of hydrated`).toBe(true);
          expect(gone, `${path}: share of the server-rendered elements removed by hydration`).toBeLessThanOrEqual(0.05);
          await expect(page.locator('html'), path).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
        });
      }
    });
  }

  test('/boutique comes with its first page: product links without JavaScript, no catalogue request once hydrated', async ({ page, browser }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto('/boutique');
    await expect(plain.locator('main a[href^="/produit/"]').first()).toBeVisible();
    expect(await plain.locator('main a[href^="/produit/"]').count()).toBeGreaterThan(0);
    await noScript.close();

    let listRequests = 0;
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/shop/products') listRequests += 1;
    });
    const network = watchNetwork(page);
    await page.goto('/boutique');
    await network.settled();
    await expect(page.locator('main a[href^="/produit/"]').first()).toBeVisible();
    expect(listRequests, 'the first page came with the document').toBe(0);
  });

  test('a product page comes rendered with its product (readable without JavaScript), hydrates it and sells it', async ({ page, request, browser }) => {
    const list = await request.get('/api/shop/products?page=1&per_page=1&orderby=price&order=desc');
    const product = (await list.json() as { data: { id: number; name: string; in_stock: boolean }[] }).data.find((item) => item.in_stock)!;
    const path = `/produit/${product.id}`;

    // Search engines and link previews read the product from the HTML itself.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(path);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(plain.getByText('TTC', { exact: true })).toBeVisible();
    await noScript.close();

    // The visitor came from a filtered catalogue: the back link leads there once the app runs.
    await page.addInitScript(() => sessionStorage.setItem('erepare_shop_last', '?category=accessoires'));
    const hydration = await watchHydration(page);
    let productRequests = 0;
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === `/api/shop/products/${product.id}`) productRequests += 1;
    });
    const network = watchNetwork(page);
    const response = await page.goto(path);
    await network.settled();
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain('Chargement du produit…');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    const { kept, gone, errors } = await hydration(path);
    expect(errors).toEqual([]);
    expect(kept, 'the product page was replaced instead of hydrated').toBe(true);
    expect(gone, 'share of the rendered elements removed by hydration').toBeLessThanOrEqual(0.05);
    expect(productRequests, 'the product came with the page').toBe(0);
    await expect(page.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/boutique?category=accessoires');
    // The hydrated page works: the product goes into the cart.
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByText(/Déjà 1 dans votre panier|Tout le stock disponible est dans votre panier/)).toBeVisible();
  });
});
