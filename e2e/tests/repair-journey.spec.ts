import { estimateMessages } from '@erepare/shared/estimates';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from './fixtures.js';
import { ADMIN, DEMO_PASSWORD, expectAccessible, signInAs, visitorHeaders } from './helpers.js';
import { linkTo, waitForMail, type MailKind } from './outbox.js';

/**
 * Issue 24, the repair journey online end to end, as its people live it:
 * staff create an estimate for a customer's ticket in the admin → the customer accepts it from the
 * e-mail link → books a drop-off slot from the estimate page → staff issue the invoice and mark
 * the repair ready (« Prêt à récupérer ») → the customer pays online from their account through
 * the local Stripe fake's hosted page → the invoice is paid in the admin and in the account.
 */

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** No loading indicator left. */
async function loaded(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^(Chargement|Préparation)/ })).toHaveCount(0, { timeout: 15_000 });
}

async function adminHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  const login = await api.post('/api/auth/login', { data: { ...ADMIN, rememberMe: false } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

test('the repair journey: estimate accepted by link, drop-off booked, repair ready, invoice paid online, paid everywhere', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const email = `parcours-${unique}@exemple.fr`;
  // Staff's API calls and the customer's sign-up each in their own context (cookies never mix).
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const visitor = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const admin = await adminHeaders(api);

  // The shop knows the customer and has their phone on a ticket (set up as staff would at the counter).
  const customer = await api.post('/api/admin/customers', {
    headers: admin,
    data: { firstName: 'Paula', lastName: `Parcours${unique}`, email, mobile: '06 98 76 54 32' },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = ((await customer.json()) as { data: { id: number } }).data.id;
  const created = await api.post('/api/admin/tickets', {
    headers: admin,
    data: { customerId, devices: [{ category: 'Téléphone', brand: 'Apple', name: 'iPhone 13', fault: 'Écran cassé' }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticket = ((await created.json()) as { data: { ticketNumber: string } }).data.ticketNumber;

  // The customer has an account with that address, proven: the one ownership rule links it.
  const register = await visitor.post('/api/auth/register', {
    headers: visitorHeaders(),
    data: { first_name: 'Paula', last_name: 'Parcours', email, phone: '06 98 76 54 32', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
  });
  expect(register.status(), await register.text()).toBe(201);
  const proof = await waitForMail(email, 'email_verification', { timeoutMs: 20_000 });
  const proofToken = new URLSearchParams(linkTo(proof, '/verify-email').split('?')[1] ?? '').get('token');
  const verified = await visitor.post('/api/email-verification/verify', { data: { token: proofToken, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
  expect(verified.status(), await verified.text()).toBe(200);

  // 1. Staff: the ticket → « Créer un devis » → a part and the labour → send.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const staff = await staffContext.newPage();
  await signInAs(staff, ADMIN.email, ADMIN.password);
  await staff.goto('/admin-dashboard?section=tickets');
  await loaded(staff);
  await staff.getByRole('searchbox', { name: 'Rechercher' }).fill(ticket);
  await staff.getByRole('link', { name: `Ouvrir le ticket ${ticket}` }).click();
  await expect(staff.getByRole('heading', { name: `Ticket ${ticket}` })).toBeVisible();
  await staff.getByRole('link', { name: 'Créer un devis' }).click();
  await loaded(staff);
  await staff.getByLabel('Type (ligne 1)').selectOption('part');
  await staff.getByLabel('Désignation (ligne 1)').fill('Écran OLED iPhone 13');
  await staff.getByLabel('Prix unitaire TTC (€)').first().fill('129');
  await staff.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await staff.getByLabel('Désignation (ligne 2)').fill('Main-d’œuvre');
  await staff.getByLabel('Prix unitaire TTC (€)').nth(1).fill('30');
  // A smartphone repair qualifies for the QualiRépar bonus: proposed, kept.
  await expect(staff.getByRole('checkbox', { name: 'Déduire le bonus réparation' })).toBeChecked();
  await staff.getByRole('button', { name: 'Envoyer le devis au client' }).click();
  const detailHeading = staff.getByRole('heading', { level: 2, name: /^Devis DV-\d{4}-\d{6}/ });
  await expect(detailHeading).toBeVisible({ timeout: 15_000 });
  const estimateNumber = /DV-\d{4}-\d{6}/.exec((await detailHeading.textContent()) ?? '')?.[0] ?? '';

  // 2. The customer, on a phone, opens the mailed link (no sign-in needed) and accepts.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const phone = await phoneContext.newPage();
  await phone.setExtraHTTPHeaders(visitorHeaders());
  const estimateMail = await waitForMail(email, 'estimate_sent');
  await phone.goto(linkTo(estimateMail, '/devis/consulter'));
  await expect(phone.getByRole('heading', { level: 1, name: `Devis ${estimateNumber}` })).toBeVisible({ timeout: 15_000 });
  const totals = phone.locator('main dl').filter({ hasText: 'Total TTC' });
  await expect(totals.locator('div', { hasText: 'Total TTC' })).toContainText('159,00');
  await expect(totals.locator('div', { hasText: 'Reste à payer après bonus' })).toContainText('134,00');
  await phone.getByRole('button', { name: 'Accepter le devis' }).click();
  await expect(phone.getByText(estimateMessages.accepted)).toBeVisible();
  await expectAccessible(phone);
  await shot(phone, 'estimate-accepted-390');

  // 3. From the accepted estimate: « Prendre rendez-vous pour le dépôt », the first free slot.
  await phone.getByRole('link', { name: 'Prendre rendez-vous pour le dépôt' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Prendre rendez-vous pour un dépôt' })).toBeVisible();
  const slot = phone.getByRole('radio', { name: /, disponible$/ }).first();
  await slot.focus();
  await phone.keyboard.press('Space');
  await expect(slot).toBeChecked();
  await phone.getByLabel('Nom et prénom').fill('Paula Parcours');
  await phone.getByLabel('Téléphone').fill('06 98 76 54 32');
  await phone.getByLabel('E-mail').fill(email);
  await phone.getByRole('button', { name: 'Réserver ce créneau' }).click();
  await expect(phone.getByRole('heading', { name: 'Votre rendez-vous est réservé' })).toBeFocused({ timeout: 15_000 });
  const booking = (await phone.getByTestId('booking-reference').textContent())?.trim() ?? '';
  expect(booking).toMatch(/^RDV-\d{4}-\d{6}$/);
  await waitForMail(email, 'booking_confirmed' as MailKind);
  await expectAccessible(phone);

  // The booking is tied to the estimate: staff see it in « Rendez-vous » with its estimate.
  const bookings = await api.get(`/api/admin/bookings?from=${new Date().toISOString().slice(0, 10)}&days=14`, { headers: admin });
  expect(bookings.status(), await bookings.text()).toBe(200);
  expect(JSON.stringify(await bookings.json())).toContain(booking);

  // 4. The repair is done: staff issue the invoice (bonus deducted), then mark it ready for pickup.
  const invoice = await api.post('/api/admin/invoices', {
    headers: admin,
    data: {
      customerId,
      ticket,
      lines: [
        { name: 'Écran OLED iPhone 13', quantity: 1, unitPriceCents: 12_900, vatRate: '20' },
        { name: 'Main-d’œuvre', quantity: 1, unitPriceCents: 3_000, vatRate: '20' },
      ],
      bonusCategory: 'smartphone',
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const { id: invoiceId, invoiceNumber } = ((await invoice.json()) as { data: { id: number; invoiceNumber: string } }).data;

  const select = staff.getByLabel('Nouveau statut');
  await staff.goto('/admin-dashboard?section=tickets');
  await loaded(staff);
  await staff.getByRole('searchbox', { name: 'Rechercher' }).fill(ticket);
  await staff.getByRole('link', { name: `Ouvrir le ticket ${ticket}` }).click();
  await expect(staff.getByRole('heading', { name: `Ticket ${ticket}` })).toBeVisible();
  await select.selectOption('Ready for pickup');
  await staff.getByRole('checkbox', { name: 'Prévenir le client par e-mail' }).check();
  await staff.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(staff.getByRole('region', { name: 'Historique', exact: true })).toContainText('Prêt à récupérer');
  // The « prête à récupérer » mail says what is left and offers to pay online.
  const ready = await waitForMail(email, 'ticket_status' as MailKind, { timeoutMs: 20_000 });
  expect(ready.text).toContain('Payer en ligne');
  expect(ready.text).toContain('134,00');

  // 5. The customer pays from their account, by card on Stripe's page (the local fake).
  await signInAs(phone, email);
  await phone.goto('/compte?tab=invoices');
  const list = phone.getByRole('list', { name: 'Mes factures' });
  await list.getByRole('button', { name: new RegExp(invoiceNumber) }).click();
  await expect(phone.getByRole('heading', { name: `Facture ${invoiceNumber}` })).toBeFocused();
  await expect(phone.getByText(/Bonus réparation QualiRépar/).first()).toBeVisible();
  await expectAccessible(phone);
  await shot(phone, 'account-invoice-to-pay-390');
  const card = phone.getByRole('radio', { name: /Carte bancaire/ });
  if ((await card.count()) > 0) await card.check();
  await phone.getByRole('button', { name: /Payer en ligne/ }).click();
  await expect(phone.getByRole('heading', { name: 'Carte bancaire (test)' })).toBeVisible({ timeout: 15_000 });
  await phone.getByRole('button', { name: 'Payer par carte' }).click();
  await expect(phone).toHaveURL(/\/payer-facture\?provider=stripe&cle=[A-Za-z0-9_-]{43}&session_id=cs_/, { timeout: 15_000 });
  await expect(phone.getByRole('heading', { level: 1, name: 'Paiement reçu' })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByText('Un reçu vous a été envoyé par e-mail.')).toBeVisible();
  await expectAccessible(phone);
  await shot(phone, 'paid-390');
  await waitForMail(email, 'repair_payment_receipt' as MailKind, { timeoutMs: 20_000 });

  // 6. Paid in the account…
  await phone.goto('/compte?tab=invoices');
  await expect(phone.getByRole('list', { name: 'Mes factures' }).getByRole('listitem').filter({ hasText: invoiceNumber })).toContainText('Payée', { timeout: 15_000 });

  // … and in the admin, with the online payment listed.
  const paid = await api.get(`/api/admin/invoices/${invoiceId}`, { headers: admin });
  expect(((await paid.json()) as { data: { status: string } }).data.status).toBe('Paid');
  await staff.goto(`/admin-dashboard?section=factures&id=${invoiceId}`);
  await expect(staff.getByRole('heading', { name: new RegExp(invoiceNumber) }).first()).toBeVisible({ timeout: 15_000 });
  await expect(staff.locator('main')).toContainText('Payée');
  await expectAccessible(staff);
  await shot(staff, 'admin-invoice-paid-1440');

  await phoneContext.close();
  await staffContext.close();
  await api.dispose();
  await visitor.dispose();
});
