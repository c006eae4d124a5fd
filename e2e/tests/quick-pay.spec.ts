import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { CART_STORAGE_KEY, type CartItem } from '@erepare/shared/cart';
import type { Product } from '@erepare/shared/schemas/shop';
import { expectAccessible, watchNetwork } from './helpers.js';

/**
 * The express payment of the cart (Stripe payment request). The wallet sheet itself (Apple Pay,
 * Google Pay) cannot open in headless Chromium: there is no wallet, and Stripe.js comes from
 * js.stripe.com, which these tests never reach. What is checked here is the budget and the
 * fallbacks: without Stripe, /panier loads neither the quick-pay chunk nor Stripe.js; with Stripe
 * but no reachable Stripe.js, the cart stays as it is, without errors, and nothing is cached.
 * The block's behaviour is covered by features/cart/components/quick-pay.test.tsx.
 */

const SUPPORT_KEY = 'erepare_quick_pay_support';

/** A product in stock priced at 0,50 € or more, as a stored cart line (the cart page reads it). */
async function cartWithOneProduct(api: APIRequestContext): Promise<CartItem[]> {
  const response = await api.get('/api/shop/products?per_page=50&page=1&orderby=id&order=asc');
  expect(response.status()).toBeLessThan(300);
  const { data } = (await response.json()) as { data: Product[] };
  const product = data.find((candidate) => candidate.in_stock && candidate.stock_quantity > 0 && Number(candidate.price) >= 1);
  if (!product) throw new Error('Aucun produit en stock dans le catalogue de démonstration');
  return [
    {
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
    },
  ];
}

/** Seeds the cart, and records what the page asks for and what goes wrong in it. */
async function watch(page: Page, items: CartItem[]) {
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [CART_STORAGE_KEY, JSON.stringify(items)] as const,
  );
  const stripeRequests: string[] = [];
  const chunks: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  // Never reach the real Stripe from a test; count the attempts.
  await page.route(/^https:\/\/([a-z0-9-]+\.)*stripe\.com\//, (route) => {
    stripeRequests.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  page.on('request', (request) => {
    if (request.url().includes('/assets/quick-pay-')) chunks.push(request.url());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // A visitor's session check answers 401 by design; the browser logs it.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) consoleErrors.push(message.text());
  });
  return { stripeRequests, chunks, pageErrors, consoleErrors };
}

test('/panier without Stripe: no express payment, no quick-pay chunk, no js.stripe.com, no error (phone width)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const seen = await watch(page, await cartWithOneProduct(request));
  // The server of these tests has Stripe configured: answer as a server without it would.
  await page.route('**/api/payments/config', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: { stripe: null, paypal: null, colissimo: false } }) }),
  );
  const config = page.waitForResponse((response) => response.url().endsWith('/api/payments/config'));
  const network = watchNetwork(page);
  await page.goto('/panier');
  await expect(page.getByRole('heading', { level: 1, name: /Mon panier/ })).toBeVisible();
  await config;
  // The answer drawn, the page idle and asking for nothing more: no chunk, no Stripe.js came.
  await network.settled();
  await expect(page.getByRole('heading', { name: 'Paiement express' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Passer commande/ }).first()).toBeVisible();
  expect(seen.stripeRequests).toEqual([]);
  expect(seen.chunks).toEqual([]);
  expect(seen.pageErrors).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), SUPPORT_KEY)).toBeNull();
  await expectAccessible(page);
});

test('/panier with Stripe whose script cannot load: the cart stays as it is, nothing cached', async ({ page, request }) => {
  const configResponse = await request.get('/api/payments/config');
  const { data } = (await configResponse.json()) as { data: { stripe: { methods: string[] } | null } };
  test.skip(!data.stripe?.methods.includes('card'), 'Stripe card payments are not configured on this test server');

  const seen = await watch(page, await cartWithOneProduct(request));
  const network = watchNetwork(page);
  await page.goto('/panier');
  await expect(page.getByRole('heading', { level: 1, name: /Mon panier/ })).toBeVisible();
  // The block's chunk comes, then Stripe.js is asked for once the page is idle, and fails.
  await expect.poll(() => seen.chunks.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(() => seen.stripeRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);
  // The failure handled: nothing in flight, the page idle.
  await network.settled();
  await expect(page.getByRole('heading', { name: 'Paiement express' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Passer commande/ }).first()).toBeVisible();
  expect(seen.pageErrors).toEqual([]);
  // Only the blocked script itself may be reported by the browser.
  expect(seen.consoleErrors.filter((text) => !/Failed to load resource|ERR_BLOCKED_BY_CLIENT/.test(text))).toEqual([]);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), SUPPORT_KEY)).toBeNull();
});
