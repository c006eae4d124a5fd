import { expect, test, type Page } from './fixtures.js';
import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';
import { ADMIN, adminHeaders, expectAccessible, signInAs } from './helpers.js';

/**
 * Staff edit the shop's details in Paramètres → Profil de la boutique; every page shows them at
 * once, public pages included (the server renders each request: readable without JavaScript,
 * and hydrated without a mismatch). Runs alone, after every other spec (playwright.config.ts),
 * and puts the default profile back.
 */

test.describe.configure({ mode: 'serial' });

const NEW = {
  phone: '05 57 11 22 33',
  e164: '+33557112233',
  siret: '123 456 789 00012',
  mediator: 'CM2C – Centre de la Médiation de la Consommation de Conciliateurs de Justice',
  legalName: 'Atelier du Bassin SARL',
};

test.afterAll(async ({ request }) => {
  const response = await request.put('/api/admin/store-profile', { headers: await adminHeaders(request), data: defaultStoreProfile });
  expect(response.status()).toBe(200);
});

async function openProfileForm(page: Page) {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin-dashboard?section=parametres');
  await expect(page.getByRole('heading', { name: 'Profil de la boutique' })).toBeVisible();
  return page.getByRole('form', { name: 'Profil de la boutique' });
}

/** Collects hydration errors (React reports a mismatch on the console). */
function watchHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|23|25)/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test('staff correct the shop’s details: a wrong IBAN is refused in French, then every page shows the new details', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const form = await openProfileForm(page);
  await expectAccessible(page);

  // A mistyped IBAN (wrong check digits) and a short SIRET: French messages, nothing saved.
  await form.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 188');
  await form.getByLabel('SIRET').fill('123');
  await form.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(form.getByText('IBAN invalide : vérifiez-le (la clé de contrôle ne correspond pas)')).toBeVisible();
  await expect(form.getByText('SIRET invalide (14 chiffres)')).toBeVisible();
  await expect(form.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  const unchanged = await request.get('/api/admin/store-profile', { headers: await adminHeaders(request) });
  expect(((await unchanged.json()) as { data: StoreProfile }).data).toEqual(defaultStoreProfile);

  await form.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
  await form.getByLabel('SIRET').fill(NEW.siret);
  await form.getByLabel('Raison sociale').fill(NEW.legalName);
  await form.getByLabel('Téléphone affiché').fill(NEW.phone);
  await form.getByLabel('Téléphone au format international').fill(NEW.e164);
  await form.getByLabel('Nom du médiateur').fill(NEW.mediator);
  // An opening-hours line added with the keyboard.
  const openingHours = form.getByRole('group', { name: 'Horaires d’ouverture' });
  await openingHours.getByRole('button', { name: 'Ajouter une ligne' }).press('Enter');
  await openingHours.getByLabel('Jours (ligne 3)').fill('Jours fériés');
  await openingHours.getByLabel('Horaires (ligne 3)').fill('Fermé');
  await form.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(form.getByText('Profil de la boutique enregistré. Les pages du site sont mises à jour.')).toBeVisible({ timeout: 30_000 });

  // The open page shows it at once (footer).
  await expect(page.getByRole('contentinfo')).toContainText(NEW.phone);
  // The audit log says who changed what.
  await page.goto('/admin-dashboard?section=journal');
  await expect(page.getByRole('main')).toContainText('Profil de la boutique modifié');

  // Without JavaScript (a search engine): the server-rendered pages carry the new details.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/contact');
  await expect(plain.getByRole('main')).toContainText(NEW.phone);
  await expect(plain.locator('body')).not.toContainText(defaultStoreProfile.phone.display);
  await expect(plain.getByRole('contentinfo')).toContainText('Jours fériés');
  const business = (await plain.locator('script[type="application/ld+json"]').allTextContents()).join(' ');
  expect(business).toContain(NEW.e164);
  await plain.goto('/mentions-legales');
  await expect(plain.getByRole('main')).toContainText(NEW.siret);
  await plain.goto('/cgv');
  await expect(plain.getByRole('main')).toContainText(NEW.mediator);
  await noScript.close();

  // With JavaScript: the page hydrates the same markup (no mismatch) and a tap on the phone calls the new number.
  const visitor = await browser.newPage();
  const errors = watchHydrationErrors(visitor);
  await visitor.goto('/contact');
  await expect(visitor.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await expect(visitor.getByRole('main').getByRole('link', { name: new RegExp(NEW.phone) }).first()).toHaveAttribute('href', `tel:${NEW.e164}`);
  expect(errors).toEqual([]);
  await visitor.close();
});

test('the profile form is usable on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openProfileForm(page);
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
