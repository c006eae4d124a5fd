import { expect, test } from './fixtures.js';
import { ADMIN, expectAccessible, signInAs } from './helpers.js';

/**
 * « Avant l’ouverture » (issue 23 §1 and §2): the demo's admin overview lists what is left before
 * the shop opens, each item with where it is fixed, and the profile form marks the example values.
 * Read only (the store-profile spec, which runs alone at the end, saves profiles).
 */

test('the overview lists what is left before opening; the profile form marks the example values', async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin-dashboard?section=apercu');
  const checklist = page.getByRole('region', { name: 'Avant l’ouverture' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText(/^\d sur 7 faits?\. Cette liste disparaît quand tout est prêt\.$/)).toBeVisible();
  const items = checklist.getByRole('listitem').filter({ has: page.getByRole('paragraph') });
  await expect(checklist.getByText('À faire : Profil de la boutique complet et exact')).toBeAttached();
  await expect(checklist.getByText('Fait : Paiements en ligne configurés et joignables')).toBeAttached();
  expect(await items.count()).toBeGreaterThanOrEqual(7);

  // The profile's problems, one by one, behind « Voir le détail ».
  const profile = checklist.getByRole('listitem').filter({ hasText: 'Profil de la boutique complet et exact' });
  await profile.getByText(/^Voir le détail \(\d+\)$/).click();
  await expect(profile.getByText('Coordonnées bancaires : valeur d’exemple à remplacer.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('go-live-1440.png'), fullPage: true });

  // « Corriger » leads to the form, where every group with example values says so.
  await profile.getByRole('link', { name: /^Corriger/ }).click();
  await expect(page).toHaveURL(/section=parametres/);
  const form = page.getByRole('form', { name: 'Profil de la boutique' });
  await expect(form.getByRole('note').getByText(/champs marqués «\sExemple\s» ou «\sÀ vérifier\s»\s: remplacez-les avant l’ouverture\./)).toBeVisible();
  const identity = form.getByRole('group', { name: /^Identité Exemple/ });
  await expect(identity).toBeVisible();
  // Typing a real legal name clears that field's mark, live (others of the group remain).
  await form.getByLabel('Raison sociale').fill('Atelier du Bassin SARL');
  await expect(form.getByRole('group', { name: /^Identité Exemple/ })).not.toContainText('Raison sociale : valeur d’exemple');
  await expectAccessible(page);
  // Paramètres → Sauvegardes: what is kept where, and « Sauvegarder maintenant ».
  const backups = page.getByRole('region', { name: 'Sauvegardes' });
  await expect(backups.getByText('Sauvegarde automatique')).toBeVisible();
  await expect(backups.getByRole('button', { name: 'Sauvegarder maintenant' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('settings-1440.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin-dashboard?section=apercu');
  await expect(page.getByRole('region', { name: 'Avant l’ouverture' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('go-live-390.png'), fullPage: true });
  await expectAccessible(page);
});
