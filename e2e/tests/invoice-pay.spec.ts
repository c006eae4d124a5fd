import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from './fixtures.js';
import { ADMIN, adminHeaders, expectAccessible, signInAs, verifiedDemoCustomer, type DemoCustomer } from './helpers.js';
import { linkTo, waitForMail } from './outbox.js';

/**
 * Issue 24 §4: a repair invoice paid online, in Chromium against the real server and the local
 * Stripe fake (its hosted card page, which also delivers the signed webhook before sending the
 * payer back, as Stripe does):
 *   - a signed-in customer pays an unpaid invoice from « Mes factures »: « Paiement reçu », then
 *     the invoice is paid in the account and in the admin (with its online payment listed);
 *   - staff mark the ticket « prêt à récupérer »: the e-mail's « Payer en ligne » link opens
 *     /payer-facture for a guest, who pays with the fake and gets the receipt by e-mail.
 * axe at 390 and 1440 px on the payment page's summary and paid states; screenshots of both.
 */

test.describe.configure({ timeout: 120_000 });

type CreatedInvoice = { id: number; invoiceNumber: string; totalCents: number };

/** Staff invoice the demo customer's ticket (local tables), through the admin API. */
async function invoiceTicket(api: APIRequestContext, demo: DemoCustomer, unitPriceCents: number): Promise<CreatedInvoice> {
  const headers = await adminHeaders(api);
  const response = await api.post('/api/admin/invoices', {
    headers,
    data: {
      customerId: demo.customer.cid,
      ticket: demo.ticket.ticket_number,
      lines: [{ name: 'Remplacement écran (e2e paiement en ligne)', quantity: 1, unitPriceCents, vatRate: 20 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const invoice = ((await response.json()) as { data: CreatedInvoice }).data;
  expect(invoice.totalCents).toBe(unitPriceCents);
  return invoice;
}

async function adminInvoice(api: APIRequestContext, id: number): Promise<{ status: string; amountDueCents: number }> {
  const response = await api.get(`/api/admin/invoices/${id}`, { headers: await adminHeaders(api) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { status: string; amountDueCents: number } }).data;
}

/** axe and a screenshot at the phone's and the desktop's width. */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Nothing wider than the screen on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true });
  }
}

test('a signed-in customer pays an unpaid invoice from the account through the Stripe fake; it is paid in the account and the admin', async ({ page, browser, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const demo = await verifiedDemoCustomer(api, 0.85);
  const invoice = await invoiceTicket(api, demo, 8_990);

  await signInAs(page, demo.customer.email ?? '');
  await page.goto('/compte?tab=invoices');
  await page.getByRole('button', { name: new RegExp(invoice.invoiceNumber) }).click();
  await expect(page.getByRole('heading', { name: `Facture ${invoice.invoiceNumber}` })).toBeFocused();
  const pay = page.getByRole('region', { name: 'Régler en ligne' });
  await expect(pay).toContainText('Montant à régler : 89,90 €');
  // Card and PayPal are both configured on the e2e server: the card is chosen by default.
  await expect(pay.getByRole('radio', { name: 'Carte bancaire' })).toBeChecked();
  await expect(pay.getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
  await pay.getByRole('button', { name: 'Payer en ligne' }).click();

  // Stripe's hosted page (the fake), titled from the session's method.
  await expect(page.getByRole('heading', { level: 1, name: 'Carte bancaire (test)' })).toBeVisible();
  await expect(page.getByText('Montant à payer')).toContainText('89,90');
  await page.getByRole('button', { name: 'Payer par carte' }).click();

  await expect(page).toHaveURL(/\/payer-facture\?provider=stripe&cle=[A-Za-z0-9_-]{43}&session_id=cs_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement reçu' })).toBeVisible();
  await expect(page.getByText(/Nous avons bien reçu votre paiement de/)).toContainText(`89,90 € pour la facture ${invoice.invoiceNumber}`);
  await expect(page.getByText('Un reçu vous a été envoyé par e-mail.')).toBeVisible();

  // The same return address without its secret (the session id alone) says nothing of the payment.
  const back = new URL(page.url());
  back.searchParams.delete('cle');
  const probe = await page.context().newPage();
  await probe.goto(`${back.pathname}${back.search}`);
  await expect(probe.getByRole('heading', { level: 1, name: 'Paiement introuvable' })).toBeVisible();
  await expect(probe.getByText('89,90')).toHaveCount(0);
  await probe.close();

  // The account: paid, nothing to pay any more.
  await page.getByRole('link', { name: 'Voir mes factures' }).click();
  const card = page.getByRole('listitem').filter({ hasText: invoice.invoiceNumber });
  await expect(card).toContainText('Payée');
  await card.getByRole('button').click();
  await expect(page.getByRole('heading', { name: `Facture ${invoice.invoiceNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Régler en ligne' })).toHaveCount(0);
  await expect(page.getByText('Carte bancaire (en ligne)')).toBeVisible();

  // The admin: paid, and the online payment listed with its state.
  expect(await adminInvoice(api, invoice.id)).toMatchObject({ status: 'Paid', amountDueCents: 0 });
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInAs(staffPage, ADMIN.email, ADMIN.password);
  await staffPage.goto(`/admin-dashboard?section=factures&id=${invoice.id}`);
  await expect(staffPage.getByRole('heading', { name: `Facture ${invoice.invoiceNumber}` })).toBeVisible();
  await expect(staffPage.getByText('Payée', { exact: true }).first()).toBeVisible();
  const online = staffPage.getByRole('region', { name: 'Paiements en ligne de la facture' });
  await expect(online).toContainText('Carte bancaire (en ligne)');
  await expect(online).toContainText('89,90');
  await expect(online).toContainText('Payé');
  await staff.close();
  await api.dispose();
});

test('the « prête à récupérer » e-mail’s « Payer en ligne » link: a guest pays on /payer-facture and gets the receipt', async ({ browser, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const demo = await verifiedDemoCustomer(api, 0.95);
  const email = demo.customer.email ?? '';
  const invoice = await invoiceTicket(api, demo, 14_500);

  // Staff mark the repair done: the ticket goes to « Ready for pickup », the customer is e-mailed.
  const headers = await adminHeaders(api);
  const statuses = ((await (await api.get('/api/repairdesk/statuses')).json()) as { data: { name: string }[] }).data;
  const ready = statuses.find((status) => /ready for pickup|prêt à récupérer/i.test(status.name));
  expect(ready, 'the ready-for-pickup status').toBeTruthy();
  if (demo.ticket.status === ready?.name) {
    const other = statuses.find((status) => status.name !== ready.name);
    await api.patch(`/api/admin/tickets/${demo.ticket.ticket_number}/status`, { headers, data: { status: other?.name } });
  }
  const changed = await api.patch(`/api/admin/tickets/${demo.ticket.ticket_number}/status`, { headers, data: { status: ready?.name, notifyByEmail: true } });
  expect(changed.status(), await changed.text()).toBe(200);
  const mail = await waitForMail(email, 'ticket_status', { timeoutMs: 20_000 });
  expect(mail.text).toContain('Payer en ligne');
  const link = linkTo(mail, '/payer-facture');

  // A guest: another browser, nobody signed in.
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${invoice.invoiceNumber}` })).toBeVisible();
  const summary = page.getByText('Reste à payer', { exact: true }).locator('..');
  await expect(summary).toContainText('145,00 €');
  await checkBothWidths(page, 'payer-facture-resume');

  await page.getByRole('button', { name: 'Payer 145,00 €' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carte bancaire (test)' })).toBeVisible();
  await page.getByRole('button', { name: 'Payer par carte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement reçu' })).toBeVisible();
  await expect(page.getByText(/Nous avons bien reçu votre paiement de/)).toContainText('145,00 €');
  await checkBothWidths(page, 'payer-facture-paye');

  const receipt = await waitForMail(email, 'repair_payment_receipt', { timeoutMs: 20_000 });
  expect(receipt.subject).toBe(`Reçu de votre paiement (facture ${invoice.invoiceNumber})`);
  expect(await adminInvoice(api, invoice.id)).toMatchObject({ status: 'Paid', amountDueCents: 0 });

  // The link opened again: the invoice is paid, nothing more to pay.
  await page.goto(link);
  await expect(page.getByText('Cette facture est déjà réglée. Merci !')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Payer/ })).toHaveCount(0);
  await guest.close();
  await api.dispose();
});
