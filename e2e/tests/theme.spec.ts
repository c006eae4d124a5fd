import { expect, test, type Page } from './fixtures.js';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const toggle = (page: Page) => page.getByRole('button', { name: /^Passer au thème/ });

test.describe('theme per area', () => {
  test('defaults: shop pages light, every other area dark', async ({ page }) => {
    for (const [path, dark] of [
      ['/', true],
      ['/contact', true],
      ['/boutique', false],
      ['/produit/5', false],
      ['/panier', false],
      ['/checkout', false],
      ['/suivi', true],
      ['/devis-en-ligne', true],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => isDark(page), { message: path }).toBe(dark);
    }
  });

  test('each area keeps its own stored choice, across reloads', async ({ page }) => {
    await page.goto('/suivi');
    await toggle(page).click();
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('suivi_theme'))).toBe('light');

    await page.goto('/devis-en-ligne');
    expect(await isDark(page)).toBe(true);
    await toggle(page).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('devis_theme'))).toBe('light');

    await page.goto('/boutique');
    expect(await isDark(page)).toBe(false);
    await toggle(page).click();
    await expect.poll(() => isDark(page)).toBe(true);

    await page.goto('/');
    expect(await isDark(page)).toBe(true);

    await page.reload();
    expect(await isDark(page)).toBe(true);
    await page.goto('/suivi-moderne');
    expect(await isDark(page)).toBe(false);
    await page.goto('/produit/3');
    expect(await isDark(page)).toBe(true);
  });

  test('a change is broadcast to another tab showing the same area', async ({ page, context }) => {
    await page.goto('/');
    const other = await context.newPage();
    await other.goto('/contact');
    expect(await isDark(other)).toBe(true);
    await toggle(page).click();
    await expect.poll(() => isDark(other)).toBe(false);
    await expect(toggle(other)).toHaveAccessibleName(/sombre/);
  });

  test('the theme toggle is reachable with the keyboard and says what it does', async ({ page }) => {
    await page.goto('/');
    await expect(toggle(page)).toHaveAccessibleName('Passer au thème clair (pages du site)');
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(toggle(page)).toHaveAccessibleName('Passer au thème sombre (pages du site)');
  });
});
