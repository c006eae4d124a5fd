import { expect, test, type Page } from './fixtures.js';
import { ADMIN, expectAccessible, saveSettingsAsAdmin } from './helpers.js';

const DEFAULTS = { maintenanceMode: false, shopMaintenanceMode: false, title: 'E.repare' };

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await saveSettingsAsAdmin(request, DEFAULTS);
});

async function loginAsAdmin(page: Page) {
  await page.goto('/admin-dashboard?section=parametres');
  await page.getByLabel('Adresse e-mail').fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Paramètres du site' })).toBeVisible();
}

test('full maintenance: every page shows the maintenance page except the admin, which can lift it', async ({
  page,
  request,
}) => {
  await saveSettingsAsAdmin(request, { maintenanceMode: true });

  for (const path of ['/', '/boutique', '/contact', '/suivi', '/nimporte-quoi']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site en maintenance');
  }
  const main = page.getByRole('main');
  await expect(main).toContainText('Gujan-Mestras');
  await expect(main.getByRole('link', { name: /^05 / })).toHaveAttribute('href', /^tel:/);
  await expect(main.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  // The shop's own hours, the same as the footer's and the contact page's.
  for (const text of ['Du mardi au samedi', '9h30 – 13h30 et 14h30 – 18h00', 'Dimanche et lundi', 'Fermé']) {
    await expect(main).toContainText(text);
  }
  await expectAccessible(page);

  // The admin stays reachable and lifts the maintenance from its form.
  await loginAsAdmin(page);
  const maintenance = page.getByRole('checkbox', { name: /Site en maintenance/ });
  await expect(maintenance).toBeChecked();
  await maintenance.uncheck();
  await page.getByRole('form', { name: 'Paramètres du site' }).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paramètres enregistrés' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Réparation de smartphones');
});

test('shop maintenance: /boutique shows the restricted notice with Back and Contact; the title follows the settings', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.getByLabel('Titre du site').fill('Atelier E.repare test');
  await page.getByRole('checkbox', { name: /Boutique en maintenance/ }).check();
  await page.getByRole('form', { name: 'Paramètres du site' }).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paramètres enregistrés' })).toBeVisible();
  await expect(page).toHaveTitle('Paramètres – Administration | Atelier E.repare test');

  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact | Atelier E.repare test');
  await page.goto('/boutique');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès Temporairement Restreint');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/contact$/);

  await page.goto('/boutique');
  await page.getByRole('main').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);

  // The beta shop too, its title saying so from the server's first answer.
  const beta = await page.request.get('/boutique-beta');
  expect(await beta.text()).toContain('<title>Boutique – accès temporairement restreint | Atelier E.repare test</title>');
  await page.goto('/boutique-beta');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès Temporairement Restreint');
  await expect(page).toHaveTitle('Boutique – accès temporairement restreint | Atelier E.repare test');

  // The rest of the site stays open.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Réparation de smartphones');
});

test('the settings come with the page: no request before the first render', async ({ page, request }) => {
  await saveSettingsAsAdmin(request, { maintenanceMode: true });
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/admin/site-settings')) calls.push(req.url());
  });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site en maintenance');
  expect(calls).toEqual([]);
});

test('a failed settings call counts as both modes off', async ({ page, request }) => {
  await saveSettingsAsAdmin(request, { maintenanceMode: true });
  await page.clock.install();
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site en maintenance');
  // Settings older than 30 s are asked again on the next navigation: that call fails.
  await page.route('**/api/admin/site-settings', (route) => route.abort('connectionrefused'));
  await page.clock.fastForward(31_000);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Réparation de smartphones');
});

test('wrong credentials get one clear French message; a visitor cannot change the settings', async ({ page, request }) => {
  await page.goto('/admin-dashboard');
  await page.getByLabel('Adresse e-mail').fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect');

  const anonymous = await request.post('/api/admin/site-settings', {
    data: { ...DEFAULTS, description: 'x', maintenanceMode: true },
  });
  expect(anonymous.status()).toBe(401);
  const settings = (await (await request.get('/api/admin/site-settings')).json()) as { data: { maintenanceMode: boolean } };
  expect(settings.data.maintenanceMode).toBe(false);
});
