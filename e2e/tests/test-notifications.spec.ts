import { expect, test } from './fixtures.js';
import { expectAccessible } from './helpers.js';

/**
 * /test-notifications (issue 7 item 6) in Chromium: a signed-in customer creates a test
 * notification of a type, finds it in their notification list, then empties the stored
 * notifications after confirming. Visitors are asked to sign in.
 */

test('a visitor is asked to sign in; a customer tests a notification and empties the list after confirming', async ({ page, context }) => {
  await page.goto('/test-notifications');
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();

  const email = `test-notif-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.fr`;
  const password = 'Notifications-2026';
  const registered = await context.request.post('/api/auth/register', {
    data: { first_name: 'Noé', last_name: 'Essai', email, phone: '06 11 22 33 44', password, confirmPassword: password },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/test-notifications');
  const promo = page.getByRole('button', { name: 'Tester une notification : Code promo' });
  await expect(promo).toBeVisible();
  await expectAccessible(page);
  await promo.click();
  await expect(page.getByText('✓ Notification « Code promo » créée')).toBeVisible();
  const listed = (await (await page.request.get('/api/notifications')).json()) as { data: { title: string; read: boolean }[] };
  expect(listed.data).toHaveLength(1);
  expect(listed.data[0]?.read).toBe(false);
  expect(listed.data[0]?.title).toMatch(/code promo/i);

  await page.getByRole('button', { name: 'Vider les notifications enregistrées' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  expect(((await (await page.request.get('/api/notifications')).json()) as { data: unknown[] }).data).toHaveLength(1);
  await page.getByRole('button', { name: 'Vider les notifications enregistrées' }).click();
  await dialog.getByRole('button', { name: 'Tout supprimer' }).click();
  await expect(page.getByText(/✓ Notifications enregistrées supprimées$/)).toBeVisible();
  expect(((await (await page.request.get('/api/notifications')).json()) as { data: unknown[] }).data).toHaveLength(0);
});
