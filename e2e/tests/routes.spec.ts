import { expect, test } from './fixtures.js';
import { routes } from '@erepare/shared/routes';
import { expectAccessible } from './helpers.js';

const HOME_HEADING = /Réparation de smartphones, tablettes, consoles et ordinateurs/;

// /commande without an order and with an empty cart sends the visitor to /boutique ("Votre panier
// est vide"): the sweep opens it with an order reference that does not exist, an honest page of its own.
const concretePath = (pattern: string) =>
  pattern === '/commande' ? '/commande?order=999999&key=inconnue' : pattern.replace(':productId', '42');

/**
 * Every route of the table, loaded directly (a fresh page load, as from a search engine), in
 * groups that share one browser context: the app's code is downloaded once per group rather than
 * once per route, which keeps the sweep fast without weakening any check.
 */
const GROUP_SIZE = 8;
const groups: (typeof routes)[] = [];
for (let index = 0; index < routes.length; index += GROUP_SIZE) groups.push(routes.slice(index, index + GROUP_SIZE));

test.describe('route table', () => {
  for (const [index, group] of groups.entries()) {
    test(`routes ${index * GROUP_SIZE + 1}-${index * GROUP_SIZE + group.length} render their page, in French, accessibly`, async ({ page }) => {
      test.setTimeout(30_000 + group.length * 15_000);
      for (const route of group) {
        const path = concretePath(route.path);
        await test.step(path, async () => {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
          // Shared elements of every page: header, footer with the store address, WhatsApp button
          // (not on the staff dashboard, where it would cover forms and tables).
          const whatsApp = page.getByRole('link', { name: /WhatsApp \(nouvel onglet\)/ });
          if (route.page === 'admin') await expect(whatsApp).toHaveCount(0);
          else await expect(whatsApp).toBeVisible();
          await expect(page.getByRole('contentinfo')).toContainText('Gujan-Mestras');
          // A product page is titled with the product's name; every other page with its route title.
          const title = route.page === 'product' ? '.+' : route.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          await expect(page).toHaveTitle(new RegExp(`^${title} \\| E\\.repare$`));
          await expectAccessible(page, { bestPractice: route.page === 'home' || route.page === 'admin' });
          // Nothing widens the page: on a phone it would scroll sideways (and every part of it
          // would count as on screen, loading the code meant for later).
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${path}: no horizontal scroll`).toBeLessThanOrEqual(0);
        });
      }
    });
  }
});

test.describe('aliases, fallbacks, redirects and not found', () => {
  const aliasPairs: [string, string][] = [
    ['/qualirepare', '/label-qualirepar'],
    ['/reparacteurs', '/label-reparacteurs'],
    ['/mentions-legales', '/politique-confidentialite'],
    ['/a-propos', '/about'],
  ];
  for (const [first, second] of aliasPairs) {
    test(`${first} and ${second} are one page`, async ({ page }) => {
      await page.goto(first);
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      await page.goto(second);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
      expect(heading?.length).toBeGreaterThan(3);
    });
  }

  for (const path of ['/services', '/services/inconnu', '/services/a/b', '/actualites']) {
    test(`${path} shows the home page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  for (const path of ['/nouveau-compte', '/secure-account']) {
    test(`${path} redirects to /compte, keeping the query`, async ({ page }) => {
      await page.goto(`${path}?ticket=T-1234`);
      await expect(page).toHaveURL(/\/compte\?ticket=T-1234$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon compte');
    });

    test(`${path} also redirects inside the app (client-side navigation)`, async ({ page }) => {
      await page.goto('/');
      await page.evaluate((target) => {
        window.history.pushState({}, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page).toHaveURL(/\/compte$/);
    });
  }

  test('an unknown path shows the not-found page with a 404 status and a link home', async ({ page }) => {
    const response = await page.goto('/cette-page-nexiste-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  });

  test('an unknown product answers 404, says so, is never indexed and leads back to the shop', async ({ page }) => {
    const response = await page.goto('/produit/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Produit introuvable' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page).toHaveTitle(/^Produit introuvable \| /);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Voir la boutique' }).click();
    await expect(page).toHaveURL(/\/boutique$/);
  });

  test('unknown API paths answer JSON 404, never the app shell', async ({ request }) => {
    const response = await request.get('/api/nexiste-pas');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ success: false, statusCode: 404 });
  });
});
