import { expect, test, type Page } from './fixtures.js';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { expectAccessible, png } from './helpers.js';
import { mailsFor, waitForMail, waitForMatchingMail } from './outbox.js';

/**
 * The contact form with a photo and the online quote wizard (issue 8 items 4 and 5): what the
 * visitor sees, what the outbox receives (the shop's address only, escaped text), and axe on
 * /contact and on every quote step, on a phone and on a desktop.
 */

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const photo = { name: 'ecran.png', mimeType: 'image/png', buffer: png(1200, 900) };

test('contact form: a message with a photo reaches the shop only, its text escaped', async ({ page }) => {
  const subject = `Écran fissuré ${unique}`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  await expectAccessible(page);

  // Required fields first: French errors, the first invalid field focused.
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByLabel('Nom *')).toBeFocused();
  await expect(page.getByText('Veuillez indiquer votre nom')).toBeVisible();

  await page.getByLabel('Nom *').fill('Camille <b>Durand</b>');
  await page.getByLabel('Adresse e-mail *').fill(`camille-${unique}@exemple.fr`);
  await page.getByLabel('Objet *').fill(subject);
  await page.getByLabel('Message *').fill('Bonjour,\n<script>alert("x")</script> mon écran est cassé.');
  await page.locator('input[type="file"]').setInputFiles(photo);
  await expect(page.getByRole('img', { name: 'Photo 1 : ecran.png' })).toBeVisible();
  await expect(page.getByText('1 sur 5 ajoutée')).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer le message' }).click();

  await expect(page.getByText('Votre message a été envoyé avec succès !')).toBeVisible();
  await expect(page.getByLabel('Nom *')).toHaveValue('');
  await expect(page.getByRole('img', { name: /Photo 1/ })).toHaveCount(0);

  const mail = await waitForMatchingMail(defaultStoreProfile.email, 'contact_message', (candidate) => candidate.subject.includes(unique));
  expect(mail.to).toEqual([defaultStoreProfile.email]);
  expect(mail.text).toContain('<script>alert("x")</script> mon écran est cassé.');
  expect(mail.text).toContain('1 photo, à consulter dans l’administration');
  expect(await mailsFor(`camille-${unique}@exemple.fr`, 'contact_message')).toHaveLength(0);
});

test('contact API: `to` is ignored, fake images are refused', async ({ request }) => {
  const base = { name: 'Test', email: `api-${unique}@exemple.fr`, subject: `API ${unique}`, message: 'Bonjour' };
  // Photos travel as files of a multipart form; the server reads their real type from their first bytes.
  const fake = await request.post('/api/email-simple/contact', {
    multipart: { ...base, images: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload=alert(1)>') } },
  });
  expect(fake.status()).toBe(400);
  expect(((await fake.json()) as { message: string }).message).toBe('Une des photos n’est pas une image JPEG, PNG ou WebP valide');
});

async function next(page: Page) {
  await page.getByRole('button', { name: /Suivant/ }).click();
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`online quote at ${size.width} px: every step accessible, reference shown, both mails queued`, async ({ page }) => {
    const email = `devis-${size.width}-${unique}@exemple.fr`;
    await page.setViewportSize(size);
    await page.goto('/devis-en-ligne');
    await expect(page.getByRole('heading', { level: 1, name: 'Devis en ligne' })).toBeVisible();

    await expect(page.getByText('Étape 1 sur 6', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('radio', { name: /Téléphone/ }).check();
    await next(page);

    await expect(page.getByText('Étape 2 sur 6', { exact: true })).toBeVisible();
    await page.getByLabel('Marque *').selectOption('samsung');
    await page.getByLabel('Modèle *').selectOption('Galaxy S23');
    await expectAccessible(page);
    // A reload keeps the progress (sessionStorage).
    await page.reload();
    await expect(page.getByText('Étape 2 sur 6', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Modèle *')).toHaveValue('Galaxy S23');
    await next(page);

    await expect(page.getByText('Étape 3 sur 6', { exact: true })).toBeVisible();
    await expect(page.getByText(/sont indicatifs/)).toBeVisible();
    await page.getByRole('radio', { name: /Connecteur de charge/ }).check();
    await expectAccessible(page);
    await next(page);

    await expect(page.getByText('Étape 4 sur 6', { exact: true })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(photo);
    await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await page.getByLabel('Description (facultatif)').fill('Le câble ne tient plus.');
    await expectAccessible(page);
    await next(page);

    await expect(page.getByText('Étape 5 sur 6', { exact: true })).toBeVisible();
    await page.getByLabel('Nom *').fill('Léa Martin');
    await page.getByLabel('Adresse e-mail *').fill(email);
    await page.getByLabel('Téléphone *').fill('06 12 34 56 78');
    await page.getByLabel('Jour de dépôt souhaité *').selectOption({ index: 1 });
    await page.getByRole('radio', { name: /Après-midi/ }).check();
    await page.getByRole('checkbox', { name: /au sujet de ce devis/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: /Envoyer ma demande/ }).click();

    await expect(page.getByText('Étape 6 sur 6', { exact: true })).toBeVisible();
    const reference = (await page.getByTestId('quote-reference').textContent()) ?? '';
    expect(reference).toMatch(/^D-\d{4}-\d{6}$/);
    await expectAccessible(page);

    const acknowledgement = await waitForMail(email, 'quote_acknowledgement');
    expect(acknowledgement.subject).toContain(reference);
    // A fixed greeting: no visitor text at all in a mail sent to the typed address.
    expect(acknowledgement.text).toMatch(/^Bonjour,$/m);
    expect(acknowledgement.text).not.toContain('Léa Martin');
    expect(acknowledgement.text).not.toContain('Le câble ne tient plus.');
    const shop = await waitForMatchingMail(defaultStoreProfile.email, 'quote_request', (mail) => mail.subject.includes(reference));
    expect(shop.to).toEqual([defaultStoreProfile.email]);
    expect(shop.text).toContain('Le câble ne tient plus.');
    expect(shop.text).toMatch(/Samsung/);
  });
}
