import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.js';
import type { Customer, Invoice } from '@erepare/shared/schemas/repair';
import type { Order, Product } from '@erepare/shared/schemas/shop';
import { formatAddress, defaultStoreProfile } from '@erepare/shared/store-profile';
import { ADMIN, expectAccessible } from './helpers.js';
import { linkTo, waitForMail, waitForMatchingMail } from './outbox.js';

/**
 * The shop of issue 5 (item 8) against the real server and its demo catalogue, in Chromium:
 * browse → search → product → cart → coupon → guest checkout by bank transfer; in-store pickup
 * paid in store; a signed-in customer spending loyalty points, whose order shows in "Mes
 * commandes"; bad input through the API; axe on every page of the way, on a computer and a phone.
 *
 * Each test orders a different product (picked from the catalogue API by rules, never by name), so
 * the stock figures checked here move only with this file's orders. The tests run one after the
 * other (a failure does not skip the next ones).
 */

test.describe.configure({ mode: 'default', timeout: 120_000 });

const SHOTS_DIR = process.env.SHOP_SHOTS;

// ───────────────────────── helpers ─────────────────────────

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** "12,90 €" as the pages write it. */
const eur = (cents: number) => euroFormat.format(cents / 100);
/** "12,90" as the spec's coupon messages write it ("-12,90€"). */
const decimalComma = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const centsOf = (decimal: string) => Math.round(Number(decimal) * 100);

type ProductList = { data: Product[]; total: number; total_pages: number };

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function productList(api: APIRequestContext, query: string): Promise<ProductList> {
  return json<ProductList>(await api.get(`/api/shop/products?${query}`), `products ${query}`);
}

/** The whole catalogue (a few pages of 100), sorted by id so that the picks are stable. */
async function catalogue(api: APIRequestContext): Promise<Product[]> {
  const first = await productList(api, 'per_page=100&page=1&orderby=id&order=asc');
  const rest = await Promise.all(
    Array.from({ length: first.total_pages - 1 }, (_, index) => productList(api, `per_page=100&page=${index + 2}&orderby=id&order=asc`)),
  );
  return [first, ...rest].flatMap((page) => page.data).sort((a, b) => a.id - b.id);
}

async function stockOf(api: APIRequestContext, id: number): Promise<number> {
  const body = await json<{ data: Product }>(await api.get(`/api/shop/products/${id}`), `product ${id}`);
  return body.data.stock_quantity;
}

const priceCents = (product: Product) => centsOf(product.price);

/**
 * The products this file orders, one per test and never the same: the bank-transfer flow's
 * (bought twice, between 15 and 45 €), the pickup's (cheap), the API test's (the largest stock).
 * The loyalty test picks its own once it knows the customer's balance.
 */
type Picks = { transfer: Product; pickup: Product; api: Product };

function pick(products: Product[], taken: Set<number>, accept: (product: Product) => boolean): Product {
  const found = products.find((product) => !taken.has(product.id) && product.in_stock && accept(product));
  if (!found) throw new Error('no product of the demo catalogue fits this test');
  taken.add(found.id);
  return found;
}

function picksFrom(products: Product[]): Picks {
  const taken = new Set<number>();
  const api = [...products].sort((a, b) => b.stock_quantity - a.stock_quantity || a.id - b.id)[0];
  if (!api || api.stock_quantity < 10) throw new Error('no product with a large stock in the demo catalogue');
  taken.add(api.id);
  const transfer = pick(products, taken, (product) => product.stock_quantity >= 4 && priceCents(product) >= 1500 && priceCents(product) <= 4500);
  const pickup = pick(products, taken, (product) => product.stock_quantity >= 3 && priceCents(product) < 2000);
  return { transfer, pickup, api };
}

/** A word of the product's name that the catalogue search answers with at most one page, this product among them. */
async function searchWordFor(api: APIRequestContext, product: Product): Promise<string | null> {
  const words = [...new Set(product.name.split(/[\s–\-(),/]+/).filter((word) => /^\p{L}{4,}$/u.test(word)))].sort((a, b) => b.length - a.length);
  for (const word of words) {
    const result = await productList(api, `per_page=12&search=${encodeURIComponent(word)}`);
    if (result.total <= 12 && result.data.some((item) => item.id === product.id)) return word;
  }
  return null;
}

/** Screenshots for review (SHOP_SHOTS=dir): the whole page and the screen. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Panier,/ });
const stepHeading = (page: Page, step: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Étape ${step} sur 4`) });
const next = (page: Page) => page.getByRole('button', { name: 'Suivant' });
const summary = (page: Page) => page.getByRole('complementary', { name: 'Récapitulatif de la commande' });
const orderButton = (page: Page) => page.getByRole('button', { name: 'Commander avec obligation de paiement' });
/** A row of a totals list (dt / dd). */
const totalsRow = (scope: Locator, label: string | RegExp) => scope.locator('dl > div').filter({ has: scope.page().getByRole('term').filter({ hasText: label }) });

/**
 * Checks a toast, then closes it and waits until it is gone: a toast caught by axe in the middle of
 * its fade (3 s after it appeared) has a transient contrast that is not the page's.
 */
async function expectToast(page: Page, text: string): Promise<void> {
  const toasts = page.getByRole('region', { name: /^Notifications/ }).locator('[data-sonner-toast]');
  await expect(toasts.filter({ hasText: text })).toBeVisible();
  await toasts.filter({ hasText: text }).getByRole('button', { name: 'Fermer la notification' }).click();
  await expect(toasts).toHaveCount(0);
}

/** Opens a product page and adds it (once, or `quantity` times with the stepper). */
async function addFromProductPage(page: Page, product: Product, quantity = 1): Promise<void> {
  await page.goto(`/produit/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  for (let index = 1; index < quantity; index += 1) await page.getByRole('button', { name: `Augmenter la quantité de ${product.name}` }).click();
  await expect(page.getByRole('group', { name: `Quantité de ${product.name}` }).locator('output')).toHaveText(String(quantity));
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expectToast(page, `${product.name} ajouté au panier`);
}

type Buyer = { email: string; firstName: string; lastName: string; phone: string };

async function fillInformation(page: Page, buyer: Buyer): Promise<void> {
  await page.getByLabel('Adresse e-mail').fill(buyer.email);
  await page.getByLabel('Prénom', { exact: true }).fill(buyer.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(buyer.lastName);
  await page.getByLabel('Téléphone').fill(buyer.phone);
}

/** The order of the confirmation page's address (/commande?order=&key=), read back from the server with its key. */
async function orderOfPage(page: Page): Promise<{ order: Order; key: string }> {
  const url = new URL(page.url());
  const id = url.searchParams.get('order') ?? '';
  const key = url.searchParams.get('key') ?? '';
  expect(id, 'order id in the address').toMatch(/^\d+$/);
  expect(key, 'order key in the address').not.toBe('');
  const body = await json<{ data: Order }>(await page.request.get(`/api/shop/orders/${id}?key=${encodeURIComponent(key)}`), 'order by key');
  return { order: body.data, key };
}

function guest(label: string): Buyer {
  return { email: `${label}-${Date.now()}@exemple.fr`, firstName: 'Camille', lastName: 'Essai', phone: '06 12 34 56 78' };
}

// ───────────────────────── 1. bank transfer ─────────────────────────

test('browse, search, product, cart with a coupon, guest checkout by bank transfer: confirmation, e-mails, stock, empty cart', async ({ page }) => {
  const products = await catalogue(page.request);
  const { transfer: product } = picksFrom(products);
  const word = await searchWordFor(page.request, product);
  expect(word, `a search word for ${product.name}`).not.toBeNull();
  const first = await productList(page.request, 'per_page=12');
  expect(first.total_pages).toBe(Math.ceil(first.total / 12));

  // /boutique: 12 products per page, pagination.
  await page.goto('/boutique');
  const results = page.getByRole('region', { name: /^Résultats/ });
  await expect(page.getByRole('heading', { name: /^Résultats\s:/ })).toHaveText(`Résultats : ${first.total} produits · page 1 sur ${first.total_pages}`);
  await expect(results.getByRole('article')).toHaveCount(12);
  await expect(cartLink(page)).toHaveAccessibleName('Panier, vide');
  await expectAccessible(page);
  await shoot(page, 'boutique');
  await results.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /Suivante/ }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByRole('heading', { name: /^Résultats\s:/ })).toHaveText(`Résultats : ${first.total} produits · page 2 sur ${first.total_pages}`);
  await expect(results.getByRole('article')).toHaveCount(12);

  // Search a word of the chosen product's name.
  const found = await productList(page.request, `per_page=12&search=${encodeURIComponent(word ?? '')}`);
  await page.getByRole('searchbox', { name: 'Rechercher un produit' }).fill(word ?? '');
  await page.getByRole('searchbox', { name: 'Rechercher un produit' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word ?? '')}`));
  await expect(page.getByRole('heading', { name: /^Résultats\s:/ })).toHaveText(`Résultats : ${found.total} produit${found.total > 1 ? 's' : ''}`);
  await expect(results.getByRole('article')).toHaveCount(found.data.length);
  await shoot(page, 'boutique-search');

  // The product page; its stock as the server says.
  await results.getByRole('link', { name: product.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/produit/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(/Garantie 12 mois/)).toBeVisible();
  const stockBefore = await stockOf(page.request, product.id);
  expect(stockBefore).toBeGreaterThanOrEqual(2);
  await expectAccessible(page);
  await shoot(page, 'produit');

  // Two of it into the cart: toast and header badge.
  const quantity = 2;
  await page.getByRole('button', { name: `Augmenter la quantité de ${product.name}` }).click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expectToast(page, `${product.name} ajouté au panier`);
  await expect(cartLink(page)).toHaveAccessibleName(`Panier, ${quantity} articles`);
  await expect(page.getByTestId('cart-badge')).toHaveText(String(quantity));

  // /panier, coupons: an expired one, then the one the subtotal allows.
  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: /Mon panier/ })).toContainText(`(${quantity} articles)`);
  const subtotal = priceCents(product) * quantity;
  const coupon = subtotal >= 3000 ? { code: 'BIENVENUE10', discount: Math.round(subtotal / 10) } : { code: 'REPARE5', discount: 500 };
  expect(subtotal, 'the subtotal allows one of the demo coupons').toBeGreaterThanOrEqual(2000);
  const promoInput = page.getByRole('textbox', { name: 'Code promo' });
  await promoInput.fill('ete2025');
  await expect(promoInput).toHaveValue('ETE2025');
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '❌' })).toHaveText('❌ Ce code promo a expiré');
  await expect(promoInput).toHaveAttribute('aria-invalid', 'true');
  await promoInput.fill(coupon.code);
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'appliqué' })).toHaveText(`Code ${coupon.code} appliqué ! -${decimalComma(coupon.discount)} €`);
  const cartSummary = page.getByRole('region', { name: 'Récapitulatif' });
  await expect(totalsRow(cartSummary, /^Code promo/)).toContainText(eur(coupon.discount));
  await expect(totalsRow(cartSummary, /^Sous-total/)).toContainText(eur(subtotal));
  await expectAccessible(page);
  await shoot(page, 'panier');

  // Checkout, step 1: the spec's messages when empty, each one gone once its field is typed in.
  await page.getByRole('link', { name: 'Passer commande' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(stepHeading(page, 1)).toBeVisible();
  await next(page).click();
  for (const message of ['Adresse e-mail requise', 'Prénom requis', 'Nom requis', 'Téléphone requis']) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail')).toBeFocused();
  await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await shoot(page, 'checkout-1-erreurs');
  const buyer = guest('virement');
  await page.getByLabel('Adresse e-mail').fill(buyer.email);
  await expect(page.getByText('Adresse e-mail requise', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Prénom requis', { exact: true })).toBeVisible();
  await fillInformation(page, buyer);
  for (const message of ['Prénom requis', 'Nom requis', 'Téléphone requis']) await expect(page.getByText(message, { exact: true })).toHaveCount(0);
  await next(page).click();

  // Step 2: Colissimo and an address (required).
  await expect(stepHeading(page, 2)).toBeVisible();
  const afterCoupon = subtotal - coupon.discount;
  const colissimo = page.getByRole('radio', { name: /^Colissimo sans signature/ });
  await colissimo.check();
  await next(page).click();
  for (const message of ['Adresse requise', 'Code postal requis', 'Ville requise']) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await page.getByLabel('Adresse', { exact: true }).fill('12 rue des Essais');
  await page.getByLabel('Code postal').fill('33470');
  await page.getByLabel('Ville').fill('Gujan-Mestras');
  await expect(page.getByText('Adresse requise', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'checkout-2-livraison');
  await next(page).click();

  // Step 3: bank transfer; pay in store is not offered with a parcel.
  await expect(stepHeading(page, 3)).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Paiement en boutique au retrait/ })).toHaveCount(0);
  await expect(page.getByText(/Paiement en boutique au retrait\s: proposé uniquement avec la livraison «\sRetrait en boutique\s»/)).toBeVisible();
  await page.getByRole('radio', { name: /^Virement bancaire/ }).check();
  await expectAccessible(page);
  await shoot(page, 'checkout-3-paiement');
  await next(page).click();

  // Step 4: the terms of sale are required; the button says the law's words.
  await expect(stepHeading(page, 4)).toBeVisible();
  const shipping = afterCoupon > 5000 ? 0 : 690;
  const total = afterCoupon + shipping;
  await expect(totalsRow(summary(page), 'Total TTC')).toContainText(eur(total));
  await expect(totalsRow(summary(page), /^Livraison/)).toContainText(shipping === 0 ? 'Gratuit' : eur(shipping));
  const terms = page.getByRole('checkbox', { name: /J'ai lu et j'accepte les conditions générales de vente/ });
  await expect(page.getByRole('link', { name: /conditions générales de vente/ }).last()).toHaveAttribute('href', '/cgv');
  await orderButton(page).click();
  await expect(page.getByText('Veuillez accepter les conditions générales de vente', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectAccessible(page);
  await shoot(page, 'checkout-4-verification');
  await terms.check();
  await orderButton(page).click();

  // /commande: confirmed, the bank details and the order number.
  await expect(page).toHaveURL(/\/commande\?order=\d+&key=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commande confirmée !' })).toBeVisible();
  const { order } = await orderOfPage(page);
  expect(order.status).toBe('on-hold');
  expect(order.total).toBe((total / 100).toFixed(2));
  await expect(page.getByText(`Commande n° ${order.number}`)).toBeVisible();
  await expect(page.getByText('Statut : En attente de virement')).toBeVisible();
  const bank = page.getByRole('region', { name: 'Coordonnées pour votre virement' });
  await expect(bank).toContainText(defaultStoreProfile.bank.iban);
  await expect(bank).toContainText(defaultStoreProfile.bank.bic);
  await expect(totalsRow(bank, 'Référence')).toContainText(order.number);
  await expect(totalsRow(bank, 'Montant')).toContainText(eur(total));
  await expectAccessible(page);
  await shoot(page, 'commande-virement');

  // The confirmation to the billing address (legal information included) and the staff's notice.
  const mail = await waitForMail(buyer.email, 'order_confirmation');
  expect(mail.subject).toContain(`n° ${order.number}`);
  expect(mail.text).toContain(defaultStoreProfile.bank.iban);
  expect(mail.text).toContain(`référence ${order.number}`);
  expect(mail.text).toContain('rétractation');
  expect(mail.text).toContain('FORMULAIRE TYPE DE RÉTRACTATION');
  expect(mail.text).toContain('garantie légale de conformité');
  expect(mail.text).toContain('vices cachés');
  expect(mail.text.toLowerCase()).toContain('contrat de garantie commerciale');
  expect(linkTo(mail, '/cgv')).toBe('/cgv');
  const staff = await waitForMatchingMail(defaultStoreProfile.email, 'order_notification', (candidate) => candidate.subject === `Nouvelle commande #${order.number}`);
  expect(staff.text).toContain(buyer.email);

  // Stock reserved, cart emptied.
  expect(await stockOf(page.request, product.id)).toBe(stockBefore - quantity);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expect(cartLink(page)).toHaveAccessibleName('Panier, vide');
  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Votre panier est vide' })).toBeVisible();
});

// ───────────────────────── 2. pickup, pay in store ─────────────────────────

test('guest checkout with in-store pickup and pay in store: no address, pay in store only with pickup, confirmed with the pickup details', async ({ page }) => {
  const { pickup: product } = picksFrom(await catalogue(page.request));
  const stockBefore = await stockOf(page.request, product.id);
  await addFromProductPage(page, product);

  await page.goto('/checkout');
  await expect(stepHeading(page, 1)).toBeVisible();
  const buyer = guest('retrait');
  await fillInformation(page, buyer);
  await next(page).click();

  // Pickup: the address fields go away.
  await expect(stepHeading(page, 2)).toBeVisible();
  await page.getByRole('radio', { name: /^Colissimo sans signature/ }).check();
  await expect(page.getByLabel('Adresse', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: /^Retrait en boutique/ }).check();
  await expect(page.getByLabel('Adresse', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Code postal')).toHaveCount(0);
  await expect(page.getByText('Retrait en boutique : aucune adresse à saisir')).toBeVisible();
  await expect(totalsRow(summary(page), /^Livraison/)).toContainText('Gratuit');
  await expectAccessible(page);
  await shoot(page, 'checkout-2-retrait');
  await next(page).click();

  // Pay in store is offered with pickup.
  await expect(stepHeading(page, 3)).toBeVisible();
  const payInStore = page.getByRole('radio', { name: /^Paiement en boutique au retrait/ });
  await expect(payInStore).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Virement bancaire/ })).toBeVisible();
  await payInStore.check();
  await expectAccessible(page);
  await shoot(page, 'checkout-3-paiement-boutique');

  // Back to a parcel: pay in store disappears, and comes back with pickup.
  await page.getByRole('button', { name: 'Précédent' }).click();
  await expect(stepHeading(page, 2)).toBeVisible();
  await page.getByRole('radio', { name: /^Colissimo sans signature/ }).check();
  await page.getByLabel('Adresse', { exact: true }).fill('3 allée du Test');
  await page.getByLabel('Code postal').fill('33470');
  await page.getByLabel('Ville').fill('Gujan-Mestras');
  await next(page).click();
  await expect(stepHeading(page, 3)).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Paiement en boutique au retrait/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Précédent' }).click();
  await page.getByRole('radio', { name: /^Retrait en boutique/ }).check();
  await next(page).click();
  await page.getByRole('radio', { name: /^Paiement en boutique au retrait/ }).check();
  await next(page).click();

  // Step 4 recaps the pickup, then the order.
  await expect(stepHeading(page, 4)).toBeVisible();
  const review = page.locator('form').filter({ has: orderButton(page) });
  await expect(review).toContainText(`Retrait en boutique : ${defaultStoreProfile.name}`);
  await expect(review).toContainText('Vous réglez votre commande en boutique, au moment du retrait.');
  await expect(totalsRow(summary(page), 'Total TTC')).toContainText(eur(priceCents(product)));
  await page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }).check();
  await orderButton(page).click();

  await expect(page).toHaveURL(/\/commande\?order=\d+&key=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commande confirmée !' })).toBeVisible();
  const { order } = await orderOfPage(page);
  expect(order.status).toBe('processing');
  expect(order.payment_method).toBe('cod');
  expect(order.total).toBe(product.price);
  await expect(page.getByText(`Commande n° ${order.number}`)).toBeVisible();
  await expect(page.getByText('Statut : En préparation')).toBeVisible();
  await expect(page.getByText('À régler en boutique au retrait')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`${defaultStoreProfile.name}, ${formatAddress(defaultStoreProfile)}`);
  await expect(page.getByRole('main')).toContainText(defaultStoreProfile.openingHours[0]?.hours ?? 'horaires');
  await expect(page.getByRole('region', { name: 'Coordonnées pour votre virement' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/compte?tab=orders');
  await expectAccessible(page);
  await shoot(page, 'commande-retrait');

  const mail = await waitForMail(buyer.email, 'order_confirmation');
  expect(mail.text).toContain('à régler en boutique au retrait');
  expect(mail.text).toContain('RETRAIT EN BOUTIQUE');
  expect(mail.text).not.toContain(defaultStoreProfile.bank.iban);
  expect(await stockOf(page.request, product.id)).toBe(stockBefore - 1);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

// ───────────────────────── 3. loyalty ─────────────────────────

const LOYALTY_PASSWORD = 'Fidelite-Boutique-2026';

async function adminHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const login = await api.post('/api/auth/login', { data: { ...ADMIN, rememberMe: false } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/**
 * A demo customer with loyalty points and without an account, from the end of the list, who cannot
 * be the dashboard spec's customer (that one has three invoices or more, of two statuses or more).
 */
async function loyaltyCustomer(api: APIRequestContext): Promise<Customer> {
  const admin = await adminHeaders(api);
  const customers = (await json<{ data: Customer[] }>(await api.get('/api/repairdesk/customers?page=1&pageSize=100', { headers: admin }), 'customers')).data;
  const invoices = (await json<{ data: Invoice[] }>(await api.get('/api/repairdesk/invoices?page=0&pagesize=500', { headers: admin }), 'invoices')).data;
  for (const customer of [...customers].reverse()) {
    if (customer.loyalty_balance <= 0 || !customer.email || !customer.first_name) continue;
    const own = invoices.filter((invoice) => invoice.customer_id === customer.cid);
    if (own.length >= 3 && new Set(own.map((invoice) => invoice.status)).size >= 2) continue;
    const check = await api.post('/api/mysql-auth/check-email', { data: { email: customer.email } });
    if (((await check.json()) as { exists?: boolean }).exists === false) return customer;
  }
  throw new Error('no demo customer with loyalty points and without an account');
}

test('a signed-in customer spends loyalty points: discount in the cart and at checkout, order in "Mes commandes", balance decreased', async ({ page }) => {
  const customer = await loyaltyCustomer(page.request);
  const balance = Math.round(customer.loyalty_balance * 100);
  // One registration (the limit is per IP across every spec), verified through the outbox link.
  const register = await page.request.post('/api/auth/register', {
    data: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      phone: '06 11 22 33 44',
      password: LOYALTY_PASSWORD,
      confirmPassword: LOYALTY_PASSWORD,
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  const verification = await waitForMail(customer.email, 'email_verification', { timeoutMs: 20_000 });
  const token = new URLSearchParams(linkTo(verification, '/verify-email').split('?')[1] ?? '').get('token') ?? '';
  // The proof opens a store record: the prover chooses the password (here the one registered with).
  const verify = await page.request.post('/api/email-verification/verify', { data: { token, password: LOYALTY_PASSWORD, confirmPassword: LOYALTY_PASSWORD } });
  expect(verify.status(), await verify.text()).toBe(200);
  const login = await page.request.post('/api/auth/login', { data: { email: customer.email, password: LOYALTY_PASSWORD, rememberMe: false } });
  expect(login.status()).toBe(200);
  const loyaltyBefore = (await json<{ data: { balance: string; linked: boolean } }>(await page.request.get('/api/shop/loyalty'), 'loyalty')).data;
  expect(loyaltyBefore.linked).toBe(true);
  expect(centsOf(loyaltyBefore.balance)).toBe(balance);

  // A product dearer than the balance (the points cover part of it), not one of the other tests'.
  const products = await catalogue(page.request);
  const picks = picksFrom(products);
  const taken = new Set([picks.transfer.id, picks.pickup.id, picks.api.id]);
  const product = pick(products, taken, (item) => item.stock_quantity >= 2 && priceCents(item) > balance + 500 && priceCents(item) < 20_000);
  const price = priceCents(product);
  const discount = Math.min(balance, price);
  await addFromProductPage(page, product);

  // /panier: the loyalty box.
  await page.goto('/panier');
  const loyaltySwitch = page.getByRole('switch', { name: `Utiliser mes points (${eur(balance)})` });
  await expect(loyaltySwitch).not.toBeChecked();
  await loyaltySwitch.check();
  await expect(page.getByText(`-${eur(discount)} sur cette commande`)).toBeVisible();
  const cartSummary = page.getByRole('region', { name: 'Récapitulatif' });
  await expect(totalsRow(cartSummary, 'Points fidélité')).toContainText(eur(discount));
  await expectAccessible(page);
  await shoot(page, 'panier-fidelite');

  // Checkout: details from the account, pickup and pay in store; the total counts the points.
  await page.getByRole('link', { name: 'Passer commande' }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(customer.email);
  await expect(page.getByLabel('Prénom', { exact: true })).toHaveValue(customer.first_name);
  await page.getByLabel('Téléphone').fill('06 11 22 33 44');
  await next(page).click();
  await page.getByRole('radio', { name: /^Retrait en boutique/ }).check();
  await next(page).click();
  await page.getByRole('radio', { name: /^Paiement en boutique au retrait/ }).check();
  await next(page).click();
  await expect(stepHeading(page, 4)).toBeVisible();
  await expect(summary(page).getByRole('checkbox', { name: 'Utiliser mes points fidélité' })).toBeChecked();
  await expect(totalsRow(summary(page), 'Points fidélité')).toContainText(eur(discount));
  await expect(totalsRow(summary(page), 'Total TTC')).toContainText(eur(price - discount));
  await page.getByRole('checkbox', { name: /J'ai lu et j'accepte/ }).check();
  await orderButton(page).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Commande confirmée !' })).toBeVisible();
  const { order } = await orderOfPage(page);
  expect(order.loyalty_discount).toBe((discount / 100).toFixed(2));
  expect(order.total).toBe(((price - discount) / 100).toFixed(2));
  await expect(totalsRow(page.getByRole('main'), 'Points fidélité')).toContainText(eur(discount));
  await shoot(page, 'commande-fidelite');

  // "Mes commandes" lists it; the balance went down by the discount.
  await page.getByRole('link', { name: 'Voir mes commandes' }).click();
  await expect(page).toHaveURL(/\/compte\?tab=orders/);
  const panel = page.getByTestId('account-dashboard').getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Mes commandes' })).toBeVisible();
  const list = panel.getByRole('list', { name: 'Mes commandes' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(`N° ${order.number}`);
  await expect(list).toContainText(product.name);
  await expectAccessible(page);
  await shoot(page, 'compte-commandes');
  const loyaltyAfter = (await json<{ data: { balance: string } }>(await page.request.get('/api/shop/loyalty'), 'loyalty')).data;
  expect(centsOf(loyaltyAfter.balance)).toBe(balance - discount);
});

// ───────────────────────── 4. bad input ─────────────────────────

type ErrorBody = { success: false; message: string; issues?: { path: string; message: string }[] };

test('bad input through the API: quantities, unknown product, tampered prices, expired coupon, an order without its key', async ({ request }) => {
  const { api: product } = picksFrom(await catalogue(request));
  const stockBefore = await stockOf(request, product.id);
  const base = {
    payment_method: 'cod',
    billing: { first_name: 'Api', last_name: 'Essai', email: `api-${Date.now()}@exemple.fr`, phone: '06 00 00 00 01' },
    line_items: [{ product_id: product.id, quantity: 1 }],
    shipping_lines: [{ method_id: 'local_pickup' }],
    terms_accepted: true,
  };
  const post = (data: unknown) => request.post('/api/shop/orders', { data });

  for (const [quantity, message] of [
    [-1, 'La quantité doit être au moins 1'],
    [1.5, 'La quantité doit être un nombre entier'],
    [100_000, 'Quantité maximale\u00a0: 999'],
  ] as const) {
    const response = await post({ ...base, line_items: [{ product_id: product.id, quantity }] });
    expect(response.status(), `quantity ${quantity}`).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toContain(message);
  }

  const unknown = await post({ ...base, line_items: [{ product_id: 2_000_000_000, quantity: 1 }] });
  expect(unknown.status()).toBeGreaterThanOrEqual(400);
  expect(unknown.status()).toBeLessThan(500);
  expect(((await unknown.json()) as ErrorBody).message).toBe('Produit introuvable');

  const expired = await post({ ...base, coupon_lines: [{ code: 'ETE2025' }] });
  expect(expired.status()).toBe(422);
  expect(((await expired.json()) as ErrorBody).message).toBe('Ce code promo a expiré');
  const validation = await request.post('/api/shop/coupons/validate', { data: { code: 'ete2025', items: base.line_items } });
  expect(validation.status()).toBe(422);
  expect(((await validation.json()) as { valid: boolean; error: string | null }).error).toBe('Ce code promo a expiré');

  const noTerms = await post({ ...base, terms_accepted: false });
  expect(noTerms.status()).toBe(400);
  expect(((await noTerms.json()) as ErrorBody).message).toContain('Veuillez accepter les conditions générales de vente');

  // Nothing above created an order: the stock did not move.
  expect(await stockOf(request, product.id)).toBe(stockBefore);

  // Prices and totals sent by the browser are ignored: the order is at the catalogue's price.
  const tampered = await post({
    ...base,
    line_items: [{ product_id: product.id, quantity: 1, price: '0.01', total: '0.01', subtotal: '0.01' }],
    total: '0.01',
    subtotal: '0.01',
    shipping_lines: [{ method_id: 'local_pickup', total: '0.01' }],
  });
  expect(tampered.status(), await tampered.text()).toBe(201);
  const created = ((await tampered.json()) as { data: Order }).data;
  expect(created.total).toBe(product.price);
  expect(created.line_items[0]?.price).toBe(product.price);
  expect(await stockOf(request, product.id)).toBe(stockBefore - 1);

  // Another visitor's order: not without its key, not with a wrong one.
  const withoutKey = await request.get(`/api/shop/orders/${created.id}`);
  expect(withoutKey.status()).toBe(404);
  expect(((await withoutKey.json()) as ErrorBody).message).toBe('Commande introuvable');
  expect((await request.get(`/api/shop/orders/${created.id}?key=pas-la-bonne-cle`)).status()).toBe(404);
  const withKey = await request.get(`/api/shop/orders/${created.id}?key=${encodeURIComponent(created.order_key ?? '')}`);
  expect(withKey.status()).toBe(200);
  expect(((await withKey.json()) as { data: Order }).data.total).toBe(product.price);
});

// ───────────────────────── 5. phone ─────────────────────────

test('on a phone (390×844): /boutique, a filled /panier and checkout step 1 pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { pickup: product } = picksFrom(await catalogue(page.request));

  await page.goto('/boutique');
  await expect(page.getByRole('region', { name: /^Résultats/ }).getByRole('article')).toHaveCount(12);
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByText(/^Page 1 sur \d+$/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'boutique');

  await addFromProductPage(page, product);
  await expectAccessible(page);
  await shoot(page, 'produit');

  await page.goto('/panier');
  await expect(page.getByRole('heading', { level: 1, name: /Mon panier/ })).toBeVisible();
  // On a phone the total and the way on are at the top.
  await expect(page.getByRole('link', { name: 'Passer commande' }).first()).toBeInViewport();
  await expectAccessible(page);
  await shoot(page, 'panier');

  await page.getByRole('link', { name: 'Passer commande' }).first().click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await expect(summary(page).getByRole('button', { name: /Récapitulatif/ })).toHaveAttribute('aria-expanded', 'false');
  await next(page).click();
  await expect(page.getByText('Adresse e-mail requise', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'checkout-1');
  await summary(page).getByRole('button', { name: /Récapitulatif/ }).click();
  await expect(summary(page).getByText(product.name)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'checkout-1-recapitulatif');
});
