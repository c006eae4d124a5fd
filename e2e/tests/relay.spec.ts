import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import type { Order, Product } from '@erepare/shared/schemas/shop';
import { E2E_PROVIDERS } from '../providers.js';
import { expectAccessible } from './helpers.js';
import { waitForMail } from './outbox.js';

/**
 * Colissimo relay delivery (spec 2 §2 step 2, §4, §8) against the real server configured with the
 * local Colissimo fake (apps/server/src/test/fakes/colissimo-fake.ts, started by Playwright):
 * choose "Point relais", the postal-code prompt, the points of 33470 with their distances and
 * opening hours, the choice required before Suivant, an order by bank transfer whose confirmation
 * and e-mail show the relay; Colissimo failing, then "Réessayer". Axe on the picker.
 *
 * The tests run one after the other: the second one arms a failure of the shared fake.
 */

test.describe.configure({ mode: 'default', timeout: 90_000 });

/** Screenshots of the picker (390×844 and 1440×900), for a look by eye. */
const SHOTS_DIR = process.env.RELAY_SHOTS ?? path.join(os.tmpdir(), 'erepare-relay-shots');

const RELAY_API = '/api/colissimo/relay-points';
const stepHeading = (page: Page, step: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Étape ${step} sur 4`) });
const next = (page: Page) => page.getByRole('button', { name: 'Suivant' });
const picker = (page: Page) => page.getByRole('region', { name: 'Point relais Colissimo' });
const searchField = (page: Page) => page.getByLabel('Code postal de recherche');

/**
 * A product this file orders: a large stock, the highest id among them (the shop spec picks by
 * lowest id and the very largest stock, so its stock checks are not disturbed).
 */
async function pickProduct(api: APIRequestContext): Promise<Product> {
  const response = await api.get('/api/shop/products?per_page=100&page=1&orderby=id&order=desc');
  expect(response.status()).toBe(200);
  const products = ((await response.json()) as { data: Product[] }).data;
  const largest = Math.max(...products.map((product) => product.stock_quantity));
  const found = products.find((product) => product.in_stock && product.stock_quantity >= 5 && product.stock_quantity < largest);
  if (!found) throw new Error('no product of the demo catalogue fits the relay test');
  return found;
}

async function startCheckout(page: Page, label: string): Promise<{ email: string }> {
  const product = await pickProduct(page.request);
  await page.goto(`/produit/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText(`${product.name} ajouté au panier`)).toBeVisible();
  await page.goto('/checkout');
  await expect(stepHeading(page, 1)).toBeVisible();
  const email = `${label}-${Date.now()}@exemple.fr`;
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Prénom', { exact: true }).fill('Lou');
  await page.getByLabel('Nom', { exact: true }).fill('Relais');
  await page.getByLabel('Téléphone').fill('06 98 76 54 32');
  await next(page).click();
  await expect(stepHeading(page, 2)).toBeVisible();
  await page.getByRole('radio', { name: /^Colissimo en point relais/ }).check();
  await expect(picker(page)).toBeVisible();
  return { email };
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  await picker(page).screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`) });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}-page.png`), fullPage: true });
  // What the screen shows with the picker at its top.
  await picker(page).evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}-view.png`) });
}

test('choose a relay point by postal code, order by bank transfer: the confirmation and the e-mail show the relay', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(RELAY_API)) searches.push(new URL(request.url()).searchParams.get('postalCode') ?? '');
  });
  // The page's clock is the test's: the search's pause is run through, not waited for.
  await page.clock.install();
  const { email } = await startCheckout(page, 'relais');

  // The address's postal code feeds the search: 4 digits give the prompt, and no request.
  await page.getByLabel('Adresse', { exact: true }).fill('5 allée des Mimosas');
  await page.getByLabel('Ville').fill('Gujan-Mestras');
  await page.getByLabel('Code postal', { exact: true }).fill('3347');
  await expect(searchField(page)).toHaveValue('3347');
  await expect(picker(page).getByText('Veuillez saisir un code postal valide (5 chiffres)')).toBeVisible();
  // Well past the pause before a search, and the page idle: still no request.
  await page.clock.runFor(1_000);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.clock.runFor(100);
  expect(searches).toEqual([]);

  await page.getByLabel('Code postal', { exact: true }).fill('33470');
  const group = page.getByRole('group', { name: 'Points relais près de 33470' });
  await expect(group).toBeVisible();
  expect(searches).toEqual(['33470']);
  await expect(picker(page).getByRole('status')).toHaveText('10 points relais trouvés');
  const options = group.getByRole('listitem');
  await expect(options).toHaveCount(10);
  // Distances in metres below 1 km, in km with one decimal beyond.
  const texts = await options.allInnerTexts();
  expect(texts.some((text) => /\b\d{1,3} m\b/.test(text))).toBe(true);
  expect(texts.some((text) => /\b\d+,\d km\b/.test(text))).toBe(true);
  const postOffice = options.filter({ hasText: 'BUREAU DE POSTE GUJAN MESTRAS' });
  await expect(postOffice).toContainText('Bureau de poste');
  await expect(postOffice).toContainText('Accessible aux personnes à mobilité réduite');
  await expect(options.filter({ hasText: 'CENTRE DE DISTRIBUTION LA TESTE DE BUCH' })).toContainText('Centre de distribution');

  // Opening hours, Monday to Sunday, in a disclosure.
  const hours = postOffice.getByRole('table', { name: /Horaires d’ouverture/ });
  await expect(hours).toBeHidden();
  await postOffice.locator('summary').click();
  await expect(hours).toBeVisible();
  await expect(hours.getByRole('row', { name: /Lundi/ })).toContainText('9h00 – 12h00, 14h00 – 17h30');
  await expect(hours.getByRole('row', { name: /Dimanche/ })).toContainText('Fermé');

  await expectAccessible(page);
  await shoot(page, 'relay-picker');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(group).toBeVisible();
  await shoot(page, 'relay-picker');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The choice is required.
  await next(page).click();
  await expect(picker(page).getByText('Veuillez choisir un point relais')).toBeVisible();
  await expect(stepHeading(page, 2)).toBeVisible();
  // Keyboard: the first point has the focus; arrow keys move the choice.
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio').nth(1)).toBeChecked();
  await group.getByRole('radio', { name: /CARREFOUR CITY GUJAN CENTRE/ }).check();
  await expect(picker(page).getByText('Veuillez choisir un point relais')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Récapitulatif de la commande' })).toContainText('Point relais : CARREFOUR CITY GUJAN CENTRE');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'relay-picker-chosen');
  await page.setViewportSize({ width: 1440, height: 900 });
  await next(page).click();

  await expect(stepHeading(page, 3)).toBeVisible();
  await page.getByRole('radio', { name: /^Virement bancaire/ }).check();
  await next(page).click();
  await expect(stepHeading(page, 4)).toBeVisible();
  const review = page.locator('form').filter({ has: page.getByRole('button', { name: 'Commander avec obligation de paiement' }) });
  await expect(review).toContainText('Point relais : CARREFOUR CITY GUJAN CENTRE');
  await expect(review).toContainText('120 COURS DE VERDUN, 33470 GUJAN MESTRAS');
  await page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }).check();
  await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();

  await expect(page).toHaveURL(/\/commande\?order=\d+&key=/);
  const delivery = page.getByRole('region', { name: 'Livraison : Colissimo en point relais' });
  await expect(delivery).toContainText('CARREFOUR CITY GUJAN CENTRE (Relais Pickup)');
  await expect(delivery).toContainText('120 COURS DE VERDUN');
  await expectAccessible(page);

  const url = new URL(page.url());
  const answer = await page.request.get(`/api/shop/orders/${url.searchParams.get('order') ?? ''}?key=${encodeURIComponent(url.searchParams.get('key') ?? '')}`);
  const order = ((await answer.json()) as { data: Order }).data;
  expect(order.shipping_lines[0]?.method_id).toBe('colissimo_relais');
  expect(order.shipping_total).toBe('5.90');
  expect(order.relay_point).toMatchObject({ id: '008253', name: 'CARREFOUR CITY GUJAN CENTRE', postcode: '33470', city: 'GUJAN MESTRAS' });
  expect(order.customer_note).toContain('Point relais : CARREFOUR CITY GUJAN CENTRE, 120 COURS DE VERDUN, 33470 GUJAN MESTRAS (008253)');

  const mail = await waitForMail(email, 'order_confirmation');
  expect(mail.text).toContain('LIVRAISON EN POINT RELAIS');
  expect(mail.text).toContain('CARREFOUR CITY GUJAN CENTRE');
});

test('Colissimo failing: the error with Réessayer, which searches again and shows the points once Colissimo answers', async ({ page }) => {
  await startCheckout(page, 'relais-erreur');

  // 99999: the fake always fails (HTTP 500): the server answers 503, the picker says so.
  await page.getByLabel('Code postal', { exact: true }).fill('99999');
  const alert = picker(page).getByRole('alert');
  await expect(alert).toContainText('Impossible de charger les points relais Colissimo');
  const again = page.waitForRequest((request) => request.url().includes(`${RELAY_API}?postalCode=99999`));
  await alert.getByRole('button', { name: 'Réessayer' }).click();
  await again;
  await expect(alert).toContainText('Impossible de charger les points relais Colissimo');
  await expectAccessible(page);
  await shoot(page, 'relay-picker-error');

  // The next Colissimo answer fails (the fake's control), then Réessayer gets the points.
  const armed = await page.request.post(`http://127.0.0.1:${E2E_PROVIDERS.colissimoPort}/__fake/controls`, { data: { failNext: 503 } });
  expect(armed.status()).toBe(200);
  await searchField(page).fill('33120');
  await expect(alert).toContainText('Impossible de charger les points relais Colissimo');
  await alert.getByRole('button', { name: 'Réessayer' }).click();
  const group = page.getByRole('group', { name: 'Points relais près de 33120' });
  await expect(group).toBeVisible();
  await expect(picker(page).getByRole('alert')).toHaveCount(0);
  await expect(group.getByRole('listitem').first()).toContainText('ARCACHON');

  // A code without any point: the spec's message.
  await searchField(page).fill('75001');
  await expect(picker(page).getByText('Aucun point relais trouvé pour ce code postal')).toBeVisible();
});
