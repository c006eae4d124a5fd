import fs from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from './fixtures.js';
import { ADMIN, adminHeaders, expectAccessible, png, signInAs, verifiedDemoCustomer, type DemoCustomer } from './helpers.js';
import { mailsFor, waitForMail, type MailKind } from './outbox.js';

/**
 * Issue 9 item 10, the staff dashboard's repair and shop sections (helper E):
 * (a) staff change a ticket's status in the dashboard and the customer's bell shows it (and the
 *     optional e-mail is queued);
 * (b) a guest orders by bank transfer, staff click « Virement reçu »: the order is processing
 *     (« En préparation ») and the customer gets the e-mail;
 * (c) axe (WCAG 2.2 AA) on each section, its list and a detail, at 1440×900, 820×1180 (tablet) and
 *     390×844 in the dark theme (the default here), and at 1440×900 in the light one.
 * ADMIN_OPS_SHOTS=<dir> saves screenshots for review.
 */

const SHOTS_DIR = process.env.ADMIN_OPS_SHOTS;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
}

/** The page's width, and the first element that sticks out of the screen (for the failure message). */
async function pageWidth(page: Page): Promise<{ width: number; culprit: string }> {
  return page.evaluate(() => {
    const limit = window.innerWidth;
    const culprit = Array.from(document.querySelectorAll('body *')).find((element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.right <= limit + 1) return false;
      // Inside a box that scrolls horizontally: fine.
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= limit + 1) return false;
      }
      return true;
    });
    const describe = (element: Element | undefined) => (element ? `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 4).join('.')} "${(element.textContent ?? '').slice(0, 40)}"` : '');
    return { width: document.documentElement.scrollWidth, culprit: describe(culprit) };
  });
}

async function openSection(page: Page, query: string): Promise<void> {
  await page.goto(`/admin-dashboard?${query}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('staff change a ticket status in the dashboard: the customer’s bell shows the notification and the e-mail is queued', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const demo: DemoCustomer = await verifiedDemoCustomer(api, 0.7);
  const ticket = demo.ticket.ticket_number;
  const email = demo.customer.email ?? '';

  // The customer follows the ticket and looks at their bell.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInAs(customer, email);
  const tracked = await customer.request.post('/api/notifications/tracked-tickets', { data: { ticket } });
  expect(tracked.status(), await tracked.text()).toBe(201);
  await customer.goto('/');
  const bell = customer.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  const unreadBefore = ((await (await customer.request.get('/api/notifications')).json()) as { data: { read: boolean }[] }).data.filter((entry) => !entry.read).length;

  // Staff, in the dashboard: the ticket's detail, another status, « Prévenir le client par e-mail ».
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, ADMIN.email, ADMIN.password);
  await openSection(admin, 'section=tickets');
  await admin.getByRole('searchbox', { name: 'Rechercher' }).fill(ticket);
  await admin.getByRole('link', { name: `Ouvrir le ticket ${ticket}` }).click();
  await expect(admin.getByRole('heading', { name: `Ticket ${ticket}` })).toBeVisible();
  const select = admin.getByLabel('Nouveau statut');
  const options = await select.locator('option').allTextContents();
  const current = await select.inputValue();
  const next = (await select.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value))).find((value) => value && value !== current);
  expect(next, `another status among ${options.join(', ')}`).toBeTruthy();
  await select.selectOption(next ?? '');
  // Staff read statuses in French (issue 22 §3.1): the option and the history show the French name.
  const nextLabel = ((await select.locator('option:checked').textContent()) ?? '').replace(/ \((ouvert|fermé)\)$/, '');
  expect(nextLabel).not.toMatch(/^(In Progress|Waiting for|Ready for|Repaired|Collected|Not repairable|Cancelled)/);
  await admin.getByRole('checkbox', { name: 'Prévenir le client par e-mail' }).check();
  const mailsBefore = (await mailsFor(email, 'ticket_status' as MailKind)).length;
  await admin.getByRole('button', { name: 'Changer le statut' }).click();
  // The history shows the change once the detail is refreshed.
  await expect(admin.getByRole('region', { name: 'Historique', exact: true })).toContainText(`→ ${nextLabel}`);
  await shoot(admin, 'ticket-after-status');

  const mail = await waitForMail(email, 'ticket_status' as MailKind, { already: mailsBefore, timeoutMs: 20_000 });
  expect(mail.text).toContain(ticket);

  // The customer's bell counts it; the panel lists it.
  await customer.reload();
  await expect(bell).toHaveAccessibleName(`Notifications, ${unreadBefore + 1} non lue${unreadBefore + 1 > 1 ? 's' : ''}`, { timeout: 15_000 });
  await bell.click();
  await expect(customer.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-item').first()).toContainText(`Ticket ${ticket} mis à jour`);
  await customerContext.close();
  await api.dispose();
});

type ShopProduct = { id: number; in_stock: boolean; stock_quantity: number; price: string };

test('a guest orders by bank transfer, staff click « Virement reçu »: the order is processing and the customer gets the e-mail; a partial refund issues a credit note', async ({ page, request }) => {
  test.setTimeout(90_000);
  const products = ((await (await request.get('/api/shop/products?per_page=100&page=1&orderby=id&order=desc')).json()) as { data: ShopProduct[] }).data;
  const product = products.find((candidate) => candidate.in_stock && candidate.stock_quantity >= 3);
  expect(product, 'a product in stock').toBeTruthy();
  const email = `virement-${Date.now()}@exemple.fr`;
  const created = await request.post('/api/shop/orders', {
    data: {
      payment_method: 'bacs',
      billing: { first_name: 'Vira', last_name: 'Ment', email, phone: '06 00 00 00 02' },
      line_items: [{ product_id: product?.id, quantity: 1 }],
      shipping_lines: [{ method_id: 'local_pickup' }],
      terms_accepted: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = ((await created.json()) as { data: { id: number; number: string; status: string } }).data;
  expect(order.status).toBe('on-hold');

  await signInAs(page, ADMIN.email, ADMIN.password);
  await openSection(page, 'section=commandes&status=on-hold');
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(order.number);
  await page.getByRole('link', { name: `Ouvrir la commande n° ${order.number}` }).click();
  await expect(page.getByRole('heading', { name: `Commande n° ${order.number}` })).toBeVisible();
  await expect(page.getByText('En attente de virement').first()).toBeVisible();
  // One transfer reference everywhere (issue 22 §1): the order number, in the admin and in the buyer's e-mail.
  await expect(page.locator('dt', { hasText: 'Référence du virement' }).locator('xpath=following-sibling::dd[1]')).toHaveText(order.number);
  expect((await waitForMail(email, 'order_confirmation')).text).toContain(`référence ${order.number}`);
  await shoot(page, 'order-on-hold');

  const mailsBefore = (await mailsFor(email, 'order_payment_received' as MailKind)).length;
  await page.getByRole('button', { name: 'Virement reçu' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirmer la réception du virement ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Virement reçu' }).click();
  await expect(page.getByText('En préparation').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Virement reçu' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Historique', exact: true })).toContainText('En attente de virement → En préparation');
  // Paid: the order has its invoice, numbered in the FB series when the transfer was recorded (issue 22 §1).
  await expect(page.locator('dt', { hasText: /^Facture$/ }).locator('xpath=following-sibling::dd[1]')).toContainText(/FB-\d{4}-\d{6}/);
  await shoot(page, 'order-processing');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger la facture (PDF)' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^facture-FB-\d{4}-\d{6}\.pdf$/);

  // A partial refund of the invoiced order issues a credit note (issue 22 §1): its AB number in the
  // answer and with the refund, and its PDF, drawn by the server, downloaded from there.
  await page.getByRole('button', { name: 'Rembourser', exact: true }).click();
  const refundForm = page.getByRole('form', { name: 'Remboursement' });
  await refundForm.getByLabel('Montant (€)').fill('1,00');
  await refundForm.getByLabel('Motif').fill('Geste commercial « rayure »');
  await refundForm.getByRole('button', { name: 'Rembourser', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expect(page.getByText(/avoir AB-\d{4}-\d{6} émis/).first()).toBeVisible();
  const refunds = page.getByRole('region', { name: 'Remboursements de la commande' });
  await expect(refunds).toContainText(/AB-\d{4}-\d{6}/);
  await expect(refunds).toContainText('Geste commercial « rayure »');
  await shoot(page, 'order-credit-note');
  const [avoir] = await Promise.all([page.waitForEvent('download'), refunds.getByRole('button', { name: /^Télécharger l’avoir AB-\d{4}-\d{6}$/ }).click()]);
  expect(avoir.suggestedFilename()).toMatch(/^avoir-AB-\d{4}-\d{6}\.pdf$/);
  const avoirPdf = fs.readFileSync((await avoir.path()) ?? '').toString('latin1');
  expect(avoirPdf.startsWith('%PDF-1.7')).toBe(true);
  expect(avoirPdf).toContain('/StructTreeRoot');

  const mail = await waitForMail(email, 'order_payment_received' as MailKind, { already: mailsBefore, timeoutMs: 20_000 });
  expect(mail.subject).toContain(order.number);

  const api = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  const detail = await api.get(`/api/admin/orders/${order.id}`, { headers: await adminHeaders(api) });
  expect(((await detail.json()) as { data: { status: string } }).data.status).toBe('processing');
  await api.dispose();
});

test('staff create a product, upload and delete its pictures, then delete it; create and delete a status, one in use is refused', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const sku = `E2E-${Date.now()}`;
  await openSection(page, 'section=produits&id=nouveau');
  await page.getByLabel('Nom').fill('Coque e2e');
  await page.getByLabel('Référence (SKU)').fill(sku);
  await page.getByLabel('Prix TTC (€)').fill('19,9');
  await page.getByLabel('Prix soldé TTC (€)').fill('25,00');
  await page.getByLabel('Stock disponible').fill('5');
  await page.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(page.getByText('Le prix soldé doit être inférieur au prix')).toBeVisible();
  await page.getByLabel('Prix soldé TTC (€)').fill('');
  await page.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(page.getByRole('heading', { name: 'Coque e2e', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Prix TTC (€)')).toHaveValue('19,90');

  const input = page.getByLabel('Ajouter des images');
  await input.setInputFiles([
    { name: 'face.png', mimeType: 'image/png', buffer: png(800, 600, 0x3c) },
    { name: 'dos.png', mimeType: 'image/png', buffer: png(600, 800, 0x3c) },
  ]);
  await expect(page.getByRole('heading', { name: 'Images (2 / 8)' })).toBeVisible({ timeout: 20_000 });
  // Not an image, whatever its type says: the server's French message.
  await input.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('pas une image') });
  await expect(page.getByText(/Format d’image non pris en charge|Image illisible/)).toBeVisible();
  await shoot(page, 'product-images');
  await page.getByRole('button', { name: 'Supprimer l’image 1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('heading', { name: 'Images (1 / 8)' })).toBeVisible();

  await page.getByRole('button', { name: 'Supprimer le produit' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('searchbox', { name: 'Rechercher' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(sku);
  await expect(page.getByText('Aucun produit ne correspond à ces critères.')).toBeVisible();

  // Statuses.
  await openSection(page, 'section=statuts');
  await page.getByRole('button', { name: 'Nouveau statut' }).click();
  await page.getByLabel('Nom').fill('Contrôle e2e');
  await page.getByLabel('Couleur (#rrggbb)').fill('#12345');
  await page.getByRole('button', { name: 'Créer le statut' }).click();
  await expect(page.getByText('Couleur invalide (format #rrggbb)')).toBeVisible();
  await page.getByLabel('Couleur (#rrggbb)').fill('#123456');
  await page.getByLabel('Type').selectOption('Closed');
  await page.getByRole('button', { name: 'Créer le statut' }).click();
  const row = page.getByRole('row', { name: /Contrôle e2e/ });
  await expect(row).toContainText('#123456');
  await expect(row).toContainText('Fermé');
  // One in use: refused with the server's message.
  const used = page.getByRole('row').filter({ hasNotText: 'Contrôle e2e' }).filter({ has: page.getByRole('button', { name: /^Supprimer le statut / }) }).first();
  await used.getByRole('button', { name: /^Supprimer le statut / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(/Ce statut est utilisé par \d+ ticket/)).toBeVisible();
  await row.getByRole('button', { name: 'Supprimer le statut Contrôle e2e' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('row', { name: /Contrôle e2e/ })).toHaveCount(0);
});

test('staff invoice a ticket with a margin-scheme line, record a partial payment and refund part of it with a credit note', async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await adminHeaders(request);
  const tickets = (await (await request.get('/api/admin/tickets?pageSize=5&sort=created&order=asc', { headers })).json()) as { data: { ticketNumber: string; customer: { id: number; fullName: string } }[] };
  const ticket = tickets.data[0];
  expect(ticket, 'a ticket').toBeTruthy();
  await signInAs(page, ADMIN.email, ADMIN.password);
  await openSection(page, `section=tickets&id=${ticket?.ticketNumber ?? ''}`);
  await page.getByRole('link', { name: 'Créer une facture' }).click();
  await expect(page.getByText(`Client choisi : ${ticket?.customer.fullName ?? ''}`)).toBeVisible();
  await expect(page.getByLabel('Ticket (facultatif)')).toHaveValue(ticket?.ticketNumber ?? '');
  await page.getByLabel('Désignation (ligne 1)').fill('iPhone 11 reconditionné');
  await page.getByLabel('Prix unitaire TTC (€)').fill('80');
  await page.getByLabel('TVA').selectOption('margin');
  await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await page.getByLabel('Désignation (ligne 2)').fill('Main d’œuvre');
  await page.getByLabel('Prix unitaire TTC (€)').nth(1).fill('40,00');
  await expect(page.getByText('Total TTC :')).toContainText('120,00');
  await page.getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(page.getByRole('heading', { name: /^Facture F-\d{4}-\d{5}$/ })).toBeVisible();
  await expect(page.getByText('Non payée').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'TVA', exact: true })).toContainText('TVA sur la marge');

  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await page.getByLabel('Montant (€)').fill('50,00');
  await page.getByLabel('Moyen de paiement').selectOption('Espèces');
  await page.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByText('Partiellement payée').first()).toBeVisible();

  await page.getByRole('button', { name: 'Rembourser (avoir)' }).click();
  await page.getByLabel('Montant de l’avoir (€)').fill('20');
  await page.getByLabel('Motif').fill('Geste commercial');
  await page.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect(page.getByRole('region', { name: 'Avoirs', exact: true })).toContainText(/AV-\d{4}-\d{5}/);
  await shoot(page, 'invoice-credit-note');

  // Staff download the same legal PDF the customer gets, drawn by the server.
  const number = ((await page.getByRole('heading', { name: /^Facture F-/ }).textContent()) ?? '').replace('Facture ', '');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger la facture (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`facture-${number}.pdf`);
  const pdf = fs.readFileSync((await download.path()) ?? '').toString('latin1');
  expect(pdf.startsWith('%PDF-1.7')).toBe(true);
  expect(pdf).toContain('/StructTreeRoot');
});

test('staff create a ticket for a new customer, edit it, then adjust the customer’s loyalty balance (never below zero)', async ({ page }) => {
  test.setTimeout(90_000);
  const lastName = `Essai${Date.now()}`;
  await signInAs(page, ADMIN.email, ADMIN.password);
  await openSection(page, 'section=tickets');
  await page.getByRole('link', { name: 'Nouveau ticket' }).click();
  await page.getByRole('radio', { name: 'Nouveau client' }).check();
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill(lastName);
  await page.getByLabel('E-mail').fill('camille.essai@exemple.fr');
  await page.getByLabel('Appareil', { exact: true }).fill('Pixel 7');
  await page.getByLabel('Estimation (€)').fill('89,9');
  await page.getByRole('button', { name: 'Créer le ticket' }).click();
  await expect(page.getByText('Panne : champ obligatoire')).toBeVisible();
  await page.getByLabel('Panne').fill('Écran fissuré');
  await page.getByRole('button', { name: 'Créer le ticket' }).click();
  await expect(page.getByRole('heading', { name: /^Ticket T-\d+$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Appareils', exact: true })).toContainText('89,90 €');

  await page.getByRole('button', { name: 'Modifier' }).click();
  await page.getByLabel('Notes internes').fill('Client prévenu par téléphone');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('region', { name: 'Informations', exact: true })).toContainText('Client prévenu par téléphone');

  await page.getByRole('link', { name: `Camille ${lastName}` }).click();
  await expect(page.getByRole('heading', { name: `Camille ${lastName}` })).toBeVisible();
  const loyalty = page.getByRole('form', { name: 'Ajuster le solde fidélité' });
  await loyalty.getByLabel('Montant (€)').fill('5,00');
  await loyalty.getByLabel('Motif').fill('Geste commercial');
  await loyalty.getByRole('button', { name: 'Ajuster le solde' }).click();
  await expect(page.getByText('Solde fidélité : 5,00 €')).toBeVisible();
  await loyalty.getByLabel('Montant (€)').fill('-10,00');
  await loyalty.getByLabel('Motif').fill('Erreur de saisie');
  await loyalty.getByRole('button', { name: 'Ajuster le solde' }).click();
  await expect(loyalty.getByText(/ne peut pas devenir négatif/)).toBeVisible();
  await expect(page.getByText('Solde fidélité : 5,00 €')).toBeVisible();
  await shoot(page, 'customer-loyalty');
});

test('staff create a coupon (percent with a comma, expiry, limit), edit it, then delete it', async ({ page, request }) => {
  const code = `E2E${Date.now() % 1_000_000}`;
  await signInAs(page, ADMIN.email, ADMIN.password);
  await openSection(page, 'section=coupons');
  await page.getByRole('button', { name: 'Nouveau code promo' }).click();
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Remise (%)', { exact: true }).fill('120');
  await page.getByLabel('Expire le', { exact: true }).fill('2030-12-31T23:59');
  await page.getByLabel('Limite d’utilisation', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'Créer le code promo' }).click();
  await expect(page.getByText('Le pourcentage doit être compris entre 0 et 100 %', { exact: false })).toBeVisible();
  await page.getByLabel('Remise (%)', { exact: true }).fill('12,5');
  await page.getByRole('button', { name: 'Créer le code promo' }).click();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(code);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('12,5 %');
  await expect(row).toContainText('0 / 50');
  await expect(row).toContainText('31/12/2030');

  const headers = await adminHeaders(request);
  const stored = ((await (await request.get(`/api/admin/coupons?search=${code}`, { headers })).json()) as { data: { amount: number; usageLimit: number; expiresAt: string }[] }).data[0];
  expect(stored).toMatchObject({ amount: 1250, usageLimit: 50 });

  await row.getByRole('button', { name: `Modifier le code ${code}` }).click();
  await page.getByLabel('Type de remise', { exact: true }).selectOption('fixed_cart');
  await page.getByLabel('Remise (€)', { exact: true }).fill('7,50');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(row).toContainText('7,50 €');
  await row.getByRole('button', { name: `Modifier le code ${code}` }).click();
  await page.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Aucun code promo ne correspond à ces critères.')).toBeVisible();
});

test('staff cancel an unpaid order with the status select: the reserved stock is shown as released', async ({ page, request }) => {
  const products = ((await (await request.get('/api/shop/products?per_page=100&page=1&orderby=id&order=desc')).json()) as { data: ShopProduct[] }).data;
  const product = products.filter((candidate) => candidate.in_stock && candidate.stock_quantity >= 3).at(-1);
  const created = await request.post('/api/shop/orders', {
    data: {
      payment_method: 'bacs',
      billing: { first_name: 'Anne', last_name: 'Ulée', email: `annulee-${Date.now()}@exemple.fr`, phone: '06 00 00 00 03' },
      line_items: [{ product_id: product?.id, quantity: 1 }],
      shipping_lines: [{ method_id: 'local_pickup' }],
      terms_accepted: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = ((await created.json()) as { data: { id: number; number: string } }).data;

  await signInAs(page, ADMIN.email, ADMIN.password);
  await openSection(page, `section=commandes&id=${order.id}`);
  await expect(page.getByRole('region', { name: 'Livraison et réservation' })).toContainText('Réservé jusqu’au');
  // Only what the API allows from « En attente de virement »: cancel (the transfer has its own button).
  const select = page.getByLabel('Changer le statut');
  expect(await select.locator('option').allTextContents()).toEqual(['Choisir…', 'Annulée']);
  await select.selectOption('cancelled');
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Annulée').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Livraison et réservation' })).toContainText('Stock remis en vente le');
  await expect(page.getByRole('button', { name: 'Virement reçu' })).toHaveCount(0);
});

const SECTIONS = ['tickets', 'statuts', 'clients', 'factures', 'commandes', 'produits', 'coupons'] as const;

for (const { theme, ...viewport } of [
  { width: 1440, height: 900, theme: 'dark' },
  { width: 820, height: 1180, theme: 'dark' },
  { width: 390, height: 844, theme: 'dark' },
  { width: 1440, height: 900, theme: 'light' },
] as const) {
  test(`axe on the repair and shop sections, list and detail, at ${viewport.width}×${viewport.height}, ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signInAs(page, ADMIN.email, ADMIN.password);
    if (theme === 'light') {
      // Dark is the default outside the shop: switch this area to light (kept in local storage).
      await openSection(page, 'section=tickets');
      await page.getByRole('button', { name: /^Passer au thème clair/ }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    }
    for (const section of SECTIONS) {
      await openSection(page, `section=${section}`);
      const table = page.getByRole('table').first();
      await expect(table.or(page.getByText(/^Aucun/).first())).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('status').filter({ hasText: /^Chargement/ })).toHaveCount(0);
      await expectAccessible(page);
      // Nothing wider than the screen: tables scroll inside their own box.
      await shoot(page, `${section}-list${theme === 'light' ? '-light' : ''}`);
      const list = await pageWidth(page);
      expect(list.width, `${section}: page width (${list.culprit})`).toBeLessThanOrEqual(viewport.width);
      // The first cell opens the item: a link (?id=) or, for coupons, a button opening the form.
      const first = page.locator('tbody tr').first().getByRole(section === 'coupons' ? 'button' : 'link').first();
      if ((await first.count()) > 0) {
        await first.click();
        if (section === 'coupons') await expect(page.getByRole('heading', { name: /^Modifier le code / })).toBeVisible();
        else await expect(page.getByRole('link', { name: 'Retour à la liste' })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /^Chargement/ })).toHaveCount(0, { timeout: 15_000 });
        await expectAccessible(page);
        await shoot(page, `${section}-detail${theme === 'light' ? '-light' : ''}`);
        const detail = await pageWidth(page);
        expect(detail.width, `${section}: detail width (${detail.culprit})`).toBeLessThanOrEqual(viewport.width);
      }
    }
  });
}
