import fs from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from './fixtures.js';
import type { Customer } from '@erepare/shared/schemas/repair';
import { DEMO_PASSWORD, expectAccessible, signInAs, verifiedDemoCustomer } from './helpers.js';

/**
 * The notification centre (issue 7) against the real server: the bell of a signed-in customer,
 * notifications made through POST /api/notifications/test, the panel's filters and actions, and
 * the tracked tickets of the account's notifications tab. The customer is a demo customer of the
 * repair desk who registers and confirms the address the shop knows (so their tickets are theirs).
 */

const SHOTS_DIR = process.env.NOTIFICATIONS_SHOTS;

let customer: Customer;
let ownTicket: string;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

/**
 * A demo customer from the middle of the list (the dashboard spec starts from the end, others from
 * elsewhere) with a ticket, registered and verified through the outbox link.
 */
test.beforeAll(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const demo = await verifiedDemoCustomer(api, 0.5);
  customer = demo.customer;
  ownTicket = demo.ticket.ticket_number;
  await api.dispose();
});

async function signIn(page: Page, path = '/'): Promise<void> {
  await signInAs(page, customer.email ?? '');
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Each test starts from an empty list (tests of the file share one customer). */
async function clearNotifications(page: Page): Promise<void> {
  expect((await page.request.delete('/api/notifications')).status()).toBe(200);
}

async function createNotification(page: Page, title: string): Promise<void> {
  const response = await page.request.post('/api/notifications/test', { data: { title, message: `Message : ${title}` } });
  expect(response.status(), await response.text()).toBe(200);
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const items = (page: Page) => panel(page).getByTestId('notification-item');

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`) });
}

test('no bell for a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Panier/ })).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
});

test('the bell counts a new notification; the panel filters, marks read, deletes and clears', async ({ page }) => {
  await signIn(page);
  await clearNotifications(page);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, aucune non lue');
  await createNotification(page, 'Première notification');
  await createNotification(page, 'Deuxième notification');
  await createNotification(page, 'Troisième notification');
  // The bell polls every 30 s and on focus: a reload shows the count at once.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 non lues');
  await expect(page.getByTestId('notification-badge')).toHaveText('3');

  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(items(page)).toHaveCount(3);
  await expect(items(page).first()).toContainText('Troisième notification');
  await expect(items(page).first()).toContainText(/il y a|à l’instant/);
  await expectAccessible(page);
  await shoot(page, 'panel');

  // Mark one read: the unread filter loses it.
  await panel(page).getByRole('button', { name: 'Marquer comme lue : Première notification' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 non lues');
  await panel(page).getByRole('button', { name: 'Non lues' }).click();
  await expect(panel(page).getByRole('button', { name: 'Non lues' })).toHaveAttribute('aria-pressed', 'true');
  await expect(items(page)).toHaveCount(2);
  await panel(page).getByRole('button', { name: 'Tickets' }).click();
  await expect(panel(page).getByText('Aucune notification de réparation')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Promos' }).click();
  await expect(panel(page).getByText('Aucune notification de promotion')).toBeVisible();
  await expectAccessible(page);
  await panel(page).getByRole('button', { name: 'Toutes' }).click();
  await expect(items(page)).toHaveCount(3);

  // Mark all read.
  await panel(page).getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, aucune non lue');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // Delete one.
  await panel(page).getByRole('button', { name: 'Supprimer : Deuxième notification' }).click();
  await expect(items(page)).toHaveCount(2);
  await expect(panel(page)).not.toContainText('Deuxième notification');

  // Escape closes, focus back on the bell; the deletion was kept by the server.
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(bell(page)).toBeFocused();
  await bell(page).click();
  await expect(items(page)).toHaveCount(2);

  // Clear all, after confirmation.
  await panel(page).getByRole('button', { name: 'Tout effacer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer toutes les notifications ?' });
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(items(page)).toHaveCount(2);
  await panel(page).getByRole('button', { name: 'Tout effacer' }).click();
  await confirm.getByRole('button', { name: 'Tout supprimer' }).click();
  await expect(panel(page).getByText('Aucune notification pour l’instant')).toBeVisible();
  const list = (await (await page.request.get('/api/notifications?filter=all')).json()) as { total: number };
  expect(list.total).toBe(0);
});

test('a session check answered after a sign-in in another tab does not sign that tab out', async ({ context }) => {
  // Tab 1 opens the account while signed out; its session check is held on the way back.
  const slow = await context.newPage();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered: (status: number) => void = () => {};
  const firstAnswer = new Promise<number>((resolve) => (answered = resolve));
  let first = true;
  await slow.route('**/api/auth/verify-session', async (route) => {
    if (!first) return route.continue();
    first = false;
    const response = await route.fetch();
    answered(response.status());
    await held;
    await route.fulfill({ response });
  });
  await slow.goto('/compte');
  expect(await firstAnswer).toBe(401);

  // Tab 2 signs in through the form, remembered on this browser.
  const page = await context.newPage();
  await page.goto('/compte');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByRole('textbox', { name: 'Adresse e-mail' }).fill(customer.email ?? '');
  await form.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('checkbox', { name: 'Se souvenir de moi' }).check();
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('account-dashboard')).toBeVisible();

  // Tab 1's old "no session" arrives now: it is asked again with the cookie, and nobody is signed out.
  const rechecked = slow.waitForResponse((response) => response.url().endsWith('/api/auth/verify-session') && response.status() === 200);
  release();
  await rechecked;
  await expect(slow.getByTestId('account-dashboard')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('account-dashboard')).toBeVisible();
  await expect(bell(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
});

test('tracked tickets: checked in the browser, refused by the server for someone else’s, added and removed', async ({ page }) => {
  await signIn(page, '/compte?tab=notifications');
  const field = page.getByRole('textbox', { name: 'Numéro de ticket' });
  await expect(field).toBeVisible();
  await expect(page.getByText('Aucun ticket suivi pour l’instant.')).toBeVisible();

  await page.getByRole('button', { name: 'Suivre' }).click();
  await expect(page.getByText('Veuillez entrer un numéro de ticket')).toBeVisible();
  await field.fill('12');
  await page.getByRole('button', { name: 'Suivre' }).click();
  await expect(page.getByText('Format de ticket invalide. Utilisez T-6632 ou 6632')).toBeVisible();

  // A ticket that is not the customer's: the optimistic entry goes, the server's message stays.
  await field.fill('T-999999');
  await page.getByRole('button', { name: 'Suivre' }).click();
  await expect(page.getByText('Ticket T-999999 non autorisé ou introuvable').first()).toBeVisible();
  await expect(page.getByTestId('tracked-ticket')).toHaveCount(0);

  await field.fill(ownTicket.replace(/^T-?/, ''));
  await page.getByRole('button', { name: 'Suivre' }).click();
  await expect(page.getByText(`Ticket ${ownTicket} ajouté au suivi`)).toBeVisible();
  const row = page.getByTestId('tracked-ticket').filter({ hasText: ownTicket });
  await expect(row).toBeVisible();
  await expect(row).toContainText('En pause');
  await expect(row).not.toContainText('Vérification du ticket…');

  await field.fill(ownTicket);
  await page.getByRole('button', { name: 'Suivre' }).click();
  await expect(page.getByText('Ce ticket est déjà suivi')).toBeVisible();

  // Registered without accepting the shop's offers: promo codes and flash sales are not pre-ticked.
  await expect(page.getByRole('checkbox', { name: 'Codes promo' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Ventes flash' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Suivi des réparations', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Actualités de la boutique' })).not.toBeChecked();
  await expectAccessible(page);
  await shoot(page, 'tab');

  await row.getByRole('button', { name: `Retirer ${ownTicket} du suivi` }).click();
  await expect(page.getByText(`Ticket ${ownTicket} retiré du suivi`)).toBeVisible();
  await expect(page.getByTestId('tracked-ticket')).toHaveCount(0);
});

test('the panel on a light page (the shop) is accessible too', async ({ page }) => {
  await signIn(page, '/boutique');
  await clearNotifications(page);
  await createNotification(page, 'Vente flash ce week-end');
  await page.reload();
  await bell(page).click();
  await expect(items(page).first()).toContainText('Vente flash ce week-end');
  await panel(page).getByRole('button', { name: 'Promos' }).click();
  await expect(panel(page).getByRole('region', { name: 'Codes promo actifs' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'panel-light');
  await panel(page).getByRole('button', { name: 'Fermer les notifications' }).click();
  await expect(bell(page)).toBeFocused();
});

test('preferences are saved on the server', async ({ page }) => {
  await signIn(page, '/compte?tab=notifications');
  const storeNews = page.getByRole('checkbox', { name: 'Actualités de la boutique' });
  await expect(storeNews).toBeEnabled();
  await storeNews.check();
  await expect(page.getByText('Préférences enregistrées')).toBeVisible();
  const saved = (await (await page.request.get('/api/notifications/preferences')).json()) as { data: { storeNews: boolean } };
  expect(saved.data.storeNews).toBe(true);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Actualités de la boutique' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Actualités de la boutique' }).uncheck();
  await expect(page.getByText('Préférences enregistrées')).toBeVisible();
});

test('screenshots on a phone', async ({ page }) => {
  test.skip(!SHOTS_DIR, 'screenshots only on request');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/compte?tab=notifications');
  await clearNotifications(page);
  await createNotification(page, 'Votre appareil est prêt');
  await expect(page.getByRole('textbox', { name: 'Numéro de ticket' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Codes promo' }).waitFor();
  await expect(page.getByTestId('tracked-ticket').or(page.getByText('Aucun ticket suivi pour l’instant.'))).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS_DIR ?? '', 'tab-390-full.png'), fullPage: true });
  await page.getByRole('heading', { name: 'Tickets suivis' }).scrollIntoViewIfNeeded();
  await shoot(page, 'tab-tickets');
  await page.getByRole('heading', { name: 'Préférences de notification' }).scrollIntoViewIfNeeded();
  await shoot(page, 'tab-preferences');
  await page.reload();
  await bell(page).click();
  await expect(items(page)).toHaveCount(1);
  await expectAccessible(page);
  await shoot(page, 'panel');
});
