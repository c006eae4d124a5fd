import { expect, test, type Page } from './fixtures.js';
import { servicePages } from '@erepare/shared/routes';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1440) < 1024;

/** Opens the mobile menu when the viewport is a phone; the desktop bar is always visible. */
async function navigation(page: Page) {
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Ouvrir le menu', exact: true }).click();
    return page.getByRole('navigation', { name: 'Menu principal (mobile)' });
  }
  return page.getByRole('navigation', { name: 'Menu principal' });
}

const headerLinks: [string, string, RegExp | string][] = [
  ['Boutique', '/boutique', 'Boutique'],
  ['Devis en ligne', '/devis-en-ligne', 'Devis en ligne'],
  ['Mon compte', '/compte', 'Mon compte'],
  ['Contact', '/contact', 'Contactez-nous'],
  ['Accueil', '/', /Réparation de smartphones/],
];

test.describe('header navigation', () => {
  test('every main link of the header leads to its page', async ({ page }) => {
    await page.goto('/faq');
    for (const [name, path, heading] of headerLinks) {
      const nav = await navigation(page);
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      if (isMobile(page)) {
        // The menu closes after navigating.
        await expect(page.getByRole('navigation', { name: 'Menu principal (mobile)' })).toBeHidden();
      }
    }
  });

  test('tracking entries: /suivi and the modern tracking page', async ({ page }) => {
    await page.goto('/');
    if (isMobile(page)) {
      let nav = await navigation(page);
      await nav.getByRole('link', { name: 'Suivi des réparations' }).click();
      await expect(page).toHaveURL(/\/suivi$/);
      nav = await navigation(page);
      await nav.getByRole('link', { name: /Suivi moderne/ }).click();
    } else {
      const nav = await navigation(page);
      await nav.getByRole('link', { name: 'Suivi', exact: true }).click();
      await expect(page).toHaveURL(/\/suivi$/);
      await nav.getByRole('button', { name: 'Ouvrir le menu Suivi' }).click();
      await nav.getByRole('link', { name: /Suivi moderne/ }).click();
    }
    await expect(page).toHaveURL(/\/suivi-moderne$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Suivi des réparations/i);
  });

  test('the services dropdown lists the 9 services and opens them', async ({ page }) => {
    await page.goto('/');
    const nav = await navigation(page);
    if (isMobile(page)) {
      await nav.getByText('Services', { exact: true }).click();
    } else {
      const toggle = nav.getByRole('button', { name: 'Ouvrir le menu Services' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    for (const service of servicePages) {
      await expect(nav.getByRole('link', { name: service.navLabel, exact: true })).toBeVisible();
    }
    const target = servicePages[2];
    if (!target) throw new Error('no service');
    await nav.getByRole('link', { name: target.navLabel, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
  });

  test('Escape closes the open menu and gives focus back to its button', async ({ page }) => {
    await page.goto('/');
    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Ouvrir le menu', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Menu principal (mobile)' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('navigation', { name: 'Menu principal (mobile)' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Ouvrir le menu', exact: true })).toBeFocused();
    } else {
      const toggle = page.getByRole('button', { name: 'Ouvrir le menu Services' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
    }
  });

  test('the cart badge counts the stored items, ignoring invalid entries', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Panier, vide' })).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await page.evaluate((key) => {
      localStorage.setItem(
        key,
        JSON.stringify([
          { id: 1, product_id: 1, name: 'Coque', quantity: 2, price: 19.9 },
          { product_id: 7, name: 'Chargeur', quantity: 1, price: 25 },
          { name: 'Sans identifiant', quantity: 5 },
          { id: 9, name: 'Sans quantité' },
        ]),
      );
    }, CART_STORAGE_KEY);
    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveText('3');
    await expect(page.getByRole('link', { name: 'Panier, 3 articles' })).toBeVisible();
    await page.getByRole('link', { name: 'Panier, 3 articles' }).click();
    await expect(page).toHaveURL(/\/panier$/);
  });

  test('on a phone, the floating WhatsApp button stays off the shop, tracking, booking and estimate pages (the footer keeps the link)', async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) >= 768, 'phones only');
    const floating = page.getByRole('complementary', { name: 'Contact WhatsApp' }).getByRole('link');
    await page.goto('/');
    await expect(floating).toBeVisible();
    for (const path of ['/boutique', '/suivi', '/rendez-vous', '/devis/consulter?token=inconnu']) {
      await page.goto(path);
      await expect(floating, path).toBeHidden();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /WhatsApp/ }), path).toHaveCount(1);
    }
  });

  test('the footer carries the store details and the company and legal links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Gujan-Mestras');
    await expect(footer).toContainText('Du mardi au samedi');
    await expect(footer).toContainText('9h30 – 13h30 et 14h30 – 18h00');
    await expect(footer).toContainText('Dimanche et lundi');
    await expect(footer.getByRole('link', { name: /^05 / })).toHaveAttribute('href', /^tel:\+33/);
    // No « Blog » link while the blog is a placeholder.
    await expect(footer.getByRole('link', { name: 'Blog' })).toHaveCount(0);
    for (const href of ['/faq', '/a-propos', '/reseaux-sociaux', '/partenaires', '/label-qualirepar', '/label-reparacteurs', '/cgv', '/mentions-legales']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    for (const name of ['Facebook (nouvel onglet)', 'Instagram (nouvel onglet)', 'TikTok (nouvel onglet)']) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    await footer.getByRole('link', { name: 'Questions fréquentes' }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });
});
