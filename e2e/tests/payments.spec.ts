import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { CART_STORAGE_KEY, type CartItem } from '@erepare/shared/cart';
import type { Order, Product } from '@erepare/shared/schemas/shop';
import { expectAccessible } from './helpers.js';
import { waitForMail } from './outbox.js';

/**
 * Step 5's payment widgets and the return pages (payments issue), in Chromium against the real
 * server configured with the local fakes of Stripe (card, Klarna's hosted page) and PayPal:
 *   - Klarna end to end: plan required, "Payer en 3 fois", the hosted page, back on
 *     /payment/success, confirmed by our server, order processing, confirmation mail, cart emptied;
 *   - Klarna cancelled: /payment/cancel, back to the order, which offers the payment again;
 *   - card and PayPal when their script cannot load (js.stripe.com and www.paypal.com are never
 *     reached from a test): the spec's error texts and Réessayer; PayPal then paid on its own site
 *     (the fake's approval page) and captured on the way back.
 * What needs the providers' real scripts (the card form itself, PayPal's popup) is covered by the
 * widgets' unit tests with the SDKs stubbed.
 *
 * The server builds the return addresses from PUBLIC_URL, set to the origin the tests browse
 * (playwright.config.ts), so the order reference kept in the tab's session storage is there when
 * the buyer comes back.
 */

test.describe.configure({ timeout: 90_000 });

const SHOTS_DIR = process.env.SHOP_SHOTS;
const stepFive = (page: Page) => page.getByRole('heading', { level: 2, name: 'Commande en attente de paiement' });

/** Screenshots for review (SHOP_SHOTS=dir), on a phone and a computer. */
async function shootBoth(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    // From the top: a full-page shot of a scrolled page draws the sticky header in the middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Scrolled and drawn: two frames.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

/**
 * A product of this file: from the end of the catalogue (the shop spec picks from its start and
 * checks its own stock figures), in stock, between 20 and 150 €; `skip` of them passed over so that
 * two tests running side by side do not order the same one.
 */
async function productFor(api: APIRequestContext, skip: number): Promise<Product> {
  const response = await api.get('/api/shop/products?per_page=100&page=1&orderby=id&order=desc');
  expect(response.status()).toBeLessThan(300);
  const { data } = (await response.json()) as { data: Product[] };
  const fits = data.filter((product) => product.in_stock && product.stock_quantity >= 3 && Number(product.price) >= 20 && Number(product.price) <= 150);
  const product = fits[skip];
  if (!product) throw new Error('no product of the demo catalogue fits the payment tests');
  return product;
}

/** The cart with one product, stored once for the tab (as the shop leaves it). */
async function seedCart(page: Page, product: Product): Promise<void> {
  const item: CartItem = {
    id: product.id,
    product_id: product.id,
    name: product.name,
    price: Number(product.price),
    sale_price: null,
    description: '',
    images: [],
    image: '',
    sku: product.sku,
    category: product.category,
    brand: product.brand,
    stock_quantity: product.stock_quantity,
    in_stock: true,
    quantity: 1,
  };
  await page.addInitScript(
    ([key, value]) => {
      if (window.sessionStorage.getItem('e2e-cart-seeded')) return;
      window.sessionStorage.setItem('e2e-cart-seeded', '1');
      window.localStorage.setItem(key, value);
    },
    [CART_STORAGE_KEY, JSON.stringify([item])] as const,
  );
}

/** Checkout with pickup in store and the given payment method, up to step 5. */
async function orderWith(page: Page, payment: RegExp, email: string): Promise<void> {
  await page.goto('/checkout');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Prénom', { exact: true }).fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Paiement');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('radio', { name: /^Retrait en boutique/ }).check();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('radio', { name: payment }).check();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }).check();
  await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  await expect(stepFive(page)).toBeVisible();
}

const buyer = (label: string) => `${label}-${Date.now()}@exemple.fr`;

async function orderOf(api: APIRequestContext, id: string, key: string): Promise<Order> {
  const response = await api.get(`/api/shop/orders/${id}?key=${encodeURIComponent(key)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Order }).data;
}

test('Klarna: a plan is required, "Payer en 3 fois", the hosted page, back on /payment/success: paid, processing, mail sent, cart emptied', async ({ page }) => {
  const product = await productFor(page.request, 0);
  await seedCart(page, product);
  const email = buyer('klarna');
  await orderWith(page, /^Klarna/, email);

  // The plans, none chosen; no Stripe.js for Klarna.
  const stripeScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://js.stripe.com/')) stripeScripts.push(request.url());
  });
  const plans = page.getByRole('radiogroup', { name: 'Choisissez votre plan de paiement Klarna' });
  await expect(plans.getByRole('radio')).toHaveCount(Number(product.price) > 200 ? 4 : 3);
  for (const radio of await plans.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await page.getByRole('button', { name: 'Payer avec Klarna' }).click();
  await expect(page.getByText('Veuillez sélectionner un plan de paiement Klarna')).toBeVisible();
  await expect(plans).toHaveAttribute('aria-invalid', 'true');
  await expect(plans.getByRole('radio', { name: /^Payer en 3 fois/ })).toBeFocused();
  await expectAccessible(page);
  await shootBoth(page, 'paiement-klarna-plans');

  await plans.getByRole('radio', { name: /^Payer en 3 fois/ }).check();
  await expect(page.getByText('Veuillez sélectionner un plan de paiement Klarna')).toHaveCount(0);
  await page.getByRole('button', { name: 'Payer avec Klarna' }).click();

  // Stripe's hosted page (the fake), then back.
  await expect(page.getByRole('heading', { level: 1, name: 'Klarna (test)' })).toBeVisible();
  let returnUrl = '';
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().includes('/payment/success?')) returnUrl = request.url();
  });
  await page.getByRole('button', { name: 'Payer avec Klarna' }).click();
  await expect(page).toHaveURL(/\/commande\?order=\d+&key=/);
  await expect(page.getByText('Paiement confirmé', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Commande confirmée !' })).toBeVisible();
  await expect(page.getByText('Statut : En préparation')).toBeVisible();
  const url = new URL(page.url());
  const order = await orderOf(page.request, url.searchParams.get('order') ?? '', url.searchParams.get('key') ?? '');
  expect(order.status).toBe('processing');
  expect(order.payment_method).toBe('klarna');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  expect(stripeScripts).toEqual([]);
  await expectAccessible(page);
  await shootBoth(page, 'paiement-confirme');

  const mail = await waitForMail(email, 'order_confirmation');
  expect(mail.subject).toContain(`n° ${order.number}`);

  // The return address opened again (a reload, the history): still paid, nothing charged twice.
  expect(returnUrl).toMatch(/\/payment\/success\?provider=klarna&order=\d+&session_id=cs_/);
  await page.goto(returnUrl);
  await expect(page).toHaveURL(/\/commande\?order=\d+&key=/);
  await expect(page.getByText('Paiement confirmé', { exact: true })).toBeVisible();
  expect((await orderOf(page.request, String(order.id), url.searchParams.get('key') ?? '')).status).toBe('processing');
});

test('Klarna cancelled on the hosted page: /payment/cancel, back to the order, which offers the payment again', async ({ page }) => {
  const product = await productFor(page.request, 1);
  await seedCart(page, product);
  await orderWith(page, /^Klarna/, buyer('klarna-annule'));
  await page.getByRole('radio', { name: /^Payer en 4 fois/ }).check();
  await page.getByRole('button', { name: 'Payer avec Klarna' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Klarna (test)' })).toBeVisible();
  await page.getByRole('link', { name: 'Annuler' }).click();

  await expect(page).toHaveURL(/\/payment\/cancel\?provider=klarna&order=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement annulé' })).toBeVisible();
  await expect(page.getByText('Paiement annulé. Votre commande reste en attente : vous pouvez choisir un autre mode de paiement.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continuer les achats' })).toHaveAttribute('href', '/boutique');
  await expectAccessible(page);
  await shootBoth(page, 'paiement-annule');

  await page.getByRole('link', { name: 'Revenir à ma commande' }).click();
  await expect(page).toHaveURL(/\/commande\?order=\d+&key=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commande en attente de paiement' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Régler ma commande : Klarna' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Payer en 3 fois/ })).toBeVisible();
  // The cart stays until the order is paid.
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expectAccessible(page);
});

test('card without Stripe.js: "Erreur de paiement: Impossible de charger Stripe", Réessayer, no layout jump, accessible', async ({ page }) => {
  const product = await productFor(page.request, 2);
  await seedCart(page, product);
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  await orderWith(page, /^Carte bancaire/, buyer('carte'));

  await expect(page.getByRole('alert').filter({ hasText: 'Erreur de paiement' })).toHaveText('Erreur de paiement: Impossible de charger Stripe');
  const retry = page.getByRole('button', { name: 'Réessayer' });
  await expect(retry).toBeVisible();
  const box = await retry.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);
  await shootBoth(page, 'paiement-carte-erreur');

  // Réessayer loads the script again (still blocked here): the same message, nothing else.
  await retry.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erreur de paiement' })).toHaveText('Erreur de paiement: Impossible de charger Stripe');
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
});

test('PayPal without its SDK: "Erreur de chargement PayPal SDK", Réessayer, and paid on PayPal’s site (the fake) instead', async ({ page }) => {
  const product = await productFor(page.request, 3);
  await seedCart(page, product);
  await page.route(/^https:\/\/([a-z0-9-]+\.)*paypal\.com\//, (route) => route.abort());
  await orderWith(page, /^PayPal/, buyer('paypal'));

  await expect(page.getByRole('alert').filter({ hasText: 'Erreur de paiement' })).toHaveText('Erreur de paiement PayPal: Erreur de chargement PayPal SDK');
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  await expectAccessible(page);
  await shootBoth(page, 'paiement-paypal-erreur');

  // The fallback: the order approved on PayPal's own page, captured by our server on the way back.
  await page.getByRole('button', { name: 'Payer sur le site de PayPal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'PayPal (test)' })).toBeVisible();
  await page.getByRole('button', { name: 'Approuver le paiement' }).click();
  await expect(page).toHaveURL(/\/commande\?order=\d+&key=/);
  await expect(page.getByText('Paiement confirmé', { exact: true })).toBeVisible();
  const url = new URL(page.url());
  const order = await orderOf(page.request, url.searchParams.get('order') ?? '', url.searchParams.get('key') ?? '');
  expect(order.status).toBe('processing');
  expect(order.payment_method).toBe('paypal');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});
