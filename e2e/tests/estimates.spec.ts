import { estimateMessages } from '@erepare/shared/estimates';
import { dropOffDates } from '@erepare/shared/quote-catalogue';
import { expect, test, type Page } from './fixtures.js';
import { ADMIN, DEMO_PASSWORD, expectAccessible, signInAs, visitorHeaders } from './helpers.js';
import { linkTo, waitForMail } from './outbox.js';

/**
 * Issue 24 §1, an estimate end to end: a visitor asks for a quote; staff open it in « Messages »,
 * « Créer un devis », fill a part and the labour, untick and tick the QualiRépar bonus, send; the
 * mailed link opens the estimate without an account (lines, totals, bonus), « Accepter le devis »
 * records it once (a second visit shows the recorded outcome); the admin « Devis » list says
 * « Accepté »; a revised estimate's old link says it was replaced. axe and screenshots at 390 and
 * 1440 px.
 */

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** No loading indicator left (the admin's lists and details, the estimate page). */
async function loaded(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^(Chargement|Préparation)/ })).toHaveCount(0, { timeout: 15_000 });
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`estimate at ${size.width} px: staff send it, the customer accepts by the link, a revision replaces the old link`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const email = `devis-${size.width}-${unique}@exemple.fr`;
    const name = `Estelle Devis ${size.width}`;

    // A visitor's online quote request (the API of /devis-en-ligne).
    const quote = await page.request.post('/api/quotes', {
      headers: visitorHeaders(),
      data: {
        category: 'telephone',
        brand: 'apple',
        model: 'iPhone 13',
        fault: 'ecran',
        name,
        email,
        phone: '06 12 34 56 78',
        dropOffDate: dropOffDates(new Date())[0],
        dropOffSlot: 'matin',
        consent: true,
      },
    });
    expect(quote.status(), await quote.text()).toBe(200);
    const { reference } = (await quote.json()) as { reference: string };

    // Staff: « Messages » → the request → « Créer un devis ».
    await page.setViewportSize(size);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin-dashboard?section=messages&tab=devis');
    await loaded(page);
    await page.getByRole('link', { name: `${reference} — demande de ${name}` }).click();
    await page.getByRole('link', { name: 'Créer un devis' }).click();
    await expect(page.getByRole('heading', { name: `Nouveau devis pour ${name}` })).toBeVisible();
    await loaded(page);

    // Two lines: the part, then the labour.
    await page.getByLabel('Type (ligne 1)').selectOption('part');
    await page.getByLabel('Désignation (ligne 1)').fill('Écran OLED iPhone 13');
    await page.getByLabel('Prix unitaire TTC (€)').first().fill('120');
    await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await expect(page.getByLabel('Type (ligne 2)')).toHaveValue('labour');
    await page.getByLabel('Désignation (ligne 2)').fill('Main-d’œuvre');
    await page.getByLabel('Prix unitaire TTC (€)').nth(1).fill('30');

    // The bonus is proposed for a smartphone; staff may untick it (the preview follows).
    const bonus = page.getByRole('checkbox', { name: 'Déduire le bonus réparation' });
    const preview = page.locator('form dl').last();
    await expect(bonus).toBeChecked();
    await expect(preview).toContainText('Reste à payer après bonus');
    await bonus.uncheck();
    await expect(preview).not.toContainText('Bonus réparation');
    await expect(preview).toContainText(/Total TTC\s*150,00/);
    await bonus.check();
    await expect(preview).toContainText(/Reste à payer après bonus\s*125,00/);
    await expectAccessible(page);
    await shot(page, `admin-form-${size.width}`);

    await page.getByRole('button', { name: 'Envoyer le devis au client' }).click();
    const detailHeading = page.getByRole('heading', { level: 2, name: /^Devis DV-\d{4}-\d{6}/ });
    await expect(detailHeading).toBeVisible({ timeout: 15_000 });
    const estimateNumber = /DV-\d{4}-\d{6}/.exec((await detailHeading.textContent()) ?? '')?.[0] ?? '';
    expect(estimateNumber).not.toBe('');

    // The customer's mail: the secret link, opened in a fresh browser (no account).
    const mail = await waitForMail(email, 'estimate_sent');
    expect(mail.subject).toBe(`Votre devis de réparation ${estimateNumber}`);
    const link = linkTo(mail, '/devis/consulter');
    const customer = await browser.newContext({ viewport: size, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    const visitor = await customer.newPage();
    // The estimate comes in the server's HTML and hydrates as it is: no request for it, no mismatch.
    const problems: string[] = [];
    visitor.on('pageerror', (error) => problems.push(String(error)));
    visitor.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|23|25)/i.test(message.text())) problems.push(message.text());
    });
    let asked = 0;
    visitor.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/estimate-links/view') asked += 1;
    });
    const opened = await visitor.goto(link);
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    expect(await opened?.text()).toContain(`Devis ${estimateNumber}`);
    await expect(visitor.getByRole('heading', { level: 1, name: `Devis ${estimateNumber}` })).toBeVisible({ timeout: 15_000 });
    const lines = visitor.getByRole('table', { name: `Détail du devis ${estimateNumber}` });
    await expect(lines).toContainText('Écran OLED iPhone 13');
    await expect(lines).toContainText('Main-d’œuvre');
    const totals = visitor.locator('main dl').filter({ hasText: 'Total TTC' });
    await expect(totals.locator('div', { hasText: 'Total TTC' })).toContainText('150,00');
    await expect(totals.locator('div', { hasText: 'Bonus réparation' })).toContainText('25,00');
    await expect(totals.locator('div', { hasText: 'Reste à payer après bonus' })).toContainText('125,00');
    // The page never shows the customer's name or address (the link may be forwarded).
    await expect(visitor.locator('main')).not.toContainText(name);
    await expect(visitor.locator('main')).not.toContainText(email);
    await expectAccessible(visitor);
    await shot(visitor, `estimate-before-${size.width}`);
    expect(problems).toEqual([]);
    expect(asked).toBe(0);

    await visitor.getByRole('button', { name: 'Accepter le devis' }).click();
    await expect(visitor.getByText(estimateMessages.accepted)).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Accepter le devis' })).toHaveCount(0);
    await expectAccessible(visitor);
    await shot(visitor, `estimate-after-${size.width}`);

    // A second visit shows the recorded outcome, with no button to decide again.
    await visitor.goto(link);
    await expect(visitor.getByText(/^Vous avez accepté ce devis le /)).toBeVisible({ timeout: 15_000 });
    await expect(visitor.getByRole('button', { name: /Accepter|Refuser/ })).toHaveCount(0);

    // The customer then opens an account with that address and proves it: « Mes devis » shows the estimate.
    const register = await visitor.request.post('/api/auth/register', {
      headers: visitorHeaders(),
      data: { first_name: 'Estelle', last_name: 'Devis', email, phone: '06 12 34 56 78', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    expect(register.status(), await register.text()).toBe(201);
    const proof = await waitForMail(email, 'email_verification', { timeoutMs: 20_000 });
    const proofToken = new URLSearchParams(linkTo(proof, '/verify-email').split('?')[1] ?? '').get('token');
    const verified = await visitor.request.post('/api/email-verification/verify', { data: { token: proofToken, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
    expect(verified.status(), await verified.text()).toBe(200);
    await signInAs(visitor, email);
    await visitor.goto('/compte');
    const mine = visitor.getByRole('region', { name: 'Mes devis' });
    const card = mine.getByRole('listitem').filter({ hasText: estimateNumber });
    await expect(card).toContainText('Accepté', { timeout: 15_000 });
    await expect(card).toContainText(/À payer après bonus\s*125,00/);
    await card.getByRole('button', { name: `Voir le devis ${estimateNumber}` }).click();
    await expect(visitor.getByRole('heading', { level: 3, name: `Devis ${estimateNumber}` })).toBeFocused();
    await expect(mine.getByText(/^Vous avez accepté ce devis le /)).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
    await expectAccessible(visitor);
    await shot(visitor, `account-estimate-${size.width}`);

    // Staff see the answer in « Devis ».
    await page.goto('/admin-dashboard?section=devis');
    await loaded(page);
    const row = page.getByRole('row').filter({ hasText: estimateNumber });
    await expect(row).toContainText('Accepté');
    await expectAccessible(page);
    await shot(page, `admin-list-${size.width}`);

    // The overview's « Devis à traiter » lists the acceptance, linking to it.
    await page.goto('/admin-dashboard');
    await loaded(page);
    const toHandle = page.getByRole('region', { name: 'Devis à traiter' });
    await expect(toHandle.getByRole('link', { name: new RegExp(`${estimateNumber} Accepté`) })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `admin-overview-${size.width}`);

    // A second estimate for the same request, then « Réviser »: its first link says it was replaced.
    await page.goto('/admin-dashboard?section=messages&tab=devis');
    await loaded(page);
    await page.getByRole('link', { name: `${reference} — demande de ${name}` }).click();
    await page.getByRole('link', { name: 'Créer un devis' }).click();
    await expect(page.getByRole('heading', { name: `Nouveau devis pour ${name}` })).toBeVisible();
    await loaded(page);
    await page.getByLabel('Désignation (ligne 1)').fill('Diagnostic approfondi');
    await page.getByLabel('Prix unitaire TTC (€)').first().fill('39');
    await page.getByRole('button', { name: 'Envoyer le devis au client' }).click();
    await expect(page.getByRole('button', { name: 'Réviser' })).toBeVisible({ timeout: 15_000 });
    const firstLink = linkTo(await waitForMail(email, 'estimate_sent', { already: 1 }), '/devis/consulter');
    await page.getByRole('button', { name: 'Réviser' }).click();
    await page.getByLabel('Prix unitaire TTC (€)').first().fill('35');
    await page.getByRole('button', { name: 'Envoyer le devis au client' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Devis DV-/ })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Remplace$/)).toBeVisible();
    await waitForMail(email, 'estimate_sent', { already: 2 });

    await visitor.goto(firstLink);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Devis remplacé' })).toBeVisible({ timeout: 15_000 });
    await expect(visitor.getByText(estimateMessages.superseded)).toBeVisible();
    await expectAccessible(visitor);
    await customer.close();
  });
}
