import fs from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Download, type Page } from './fixtures.js';
import type { Customer, FullTicket, Invoice, PublicTicketDetail } from '@erepare/shared/schemas/repair';
import { ADMIN, expectAccessible } from './helpers.js';
import { linkTo, waitForMail } from './outbox.js';

/**
 * The signed-in dashboard of /compte (issue 4 items 5-7) against the real server and its demo
 * data: a customer of the demo repair desk registers with the address the shop knows, confirms
 * it through the link written to the outbox, and finds their own tickets, invoices and profile,
 * and nothing of anyone else's.
 */

const PASSWORD = 'Tableau-de-bord-2026';
const SHOTS_DIR = process.env.ACCOUNT_DASH_SHOTS;

type Fixture = {
  customer: Customer;
  tickets: FullTicket[];
  invoices: Invoice[];
  /** Someone else: a last name that must never appear, and one of their ticket numbers. */
  other: { lastName: string; ticketNumber: string };
};

let fixture: Fixture;

// One account for the whole file, and several axe checks per test: serial, with room for a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** The token of the verification link mailed to an address (the outbox helper of the auth spec). */
async function verificationToken(email: string): Promise<string> {
  const mail = await waitForMail(email, 'email_verification', { timeoutMs: 20_000 });
  const token = new URLSearchParams(linkTo(mail, '/verify-email').split('?')[1] ?? '').get('token');
  expect(token, `verification link for ${email}`).toBeTruthy();
  return token ?? '';
}

async function asAdmin(api: APIRequestContext): Promise<Record<string, string>> {
  const login = await api.post('/api/auth/login', { data: { ...ADMIN, rememberMe: false } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function getData<T>(api: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const response = await api.get(url, { headers });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Picks, among the demo customers, one with tickets and at least three invoices of two statuses
 * or more (from the end of the list: other specs start from the beginning), registers them and
 * verifies the address through the outbox, which links the account to their customer record.
 */
test.beforeAll(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const admin = await asAdmin(api);
  const customers = await getData<Customer[]>(api, '/api/repairdesk/customers?page=1&pageSize=100', admin);
  const invoices = await getData<Invoice[]>(api, '/api/repairdesk/invoices?page=0&pagesize=500', admin);

  let chosen: Omit<Fixture, 'other'> | undefined;
  for (const customer of [...customers].reverse()) {
    const own = invoices.filter((invoice) => invoice.customer_id === customer.cid);
    if (own.length < 3 || new Set(own.map((invoice) => invoice.status)).size < 2) continue;
    const tickets = await getData<FullTicket[]>(api, `/api/repairdesk/customers/${customer.cid}/tickets?page=1&pagesize=100`, admin);
    if (tickets.length >= 2) {
      chosen = { customer, tickets, invoices: own };
      break;
    }
  }
  if (!chosen) throw new Error('no demo customer with tickets and invoices');

  const ownText = JSON.stringify(chosen).toLowerCase();
  let other: Fixture['other'] | undefined;
  for (const candidate of customers) {
    if (candidate.cid === chosen.customer.cid || candidate.last_name.length < 4 || ownText.includes(candidate.last_name.toLowerCase())) continue;
    const tickets = await getData<FullTicket[]>(api, `/api/repairdesk/customers/${candidate.cid}/tickets?page=1&pagesize=5`, admin);
    const ticket = tickets[0];
    if (ticket) {
      other = { lastName: candidate.last_name, ticketNumber: ticket.ticket_number };
      break;
    }
  }
  if (!other) throw new Error('no other demo customer with a ticket');
  fixture = { ...chosen, other };

  const { customer } = chosen;
  const register = await api.post('/api/auth/register', {
    data: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      phone: '06 00 00 00 00',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  // The proof opens a store record: the prover chooses the password (here the same one).
  const verify = await api.post('/api/email-verification/verify', {
    data: { token: await verificationToken(customer.email), password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  await api.dispose();
});

async function signIn(page: Page, path = '/compte'): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: { email: fixture.customer.email, password: PASSWORD, rememberMe: false } });
  expect(login.status()).toBe(200);
  await page.goto(path);
  await expect(dashboard(page)).toBeVisible();
}

const dashboard = (page: Page) => page.getByTestId('account-dashboard');
const tab = (page: Page, name: string) => dashboard(page).getByRole('tab', { name });
const panel = (page: Page) => dashboard(page).getByRole('tabpanel');

async function expectNoOtherCustomer(page: Page): Promise<void> {
  await expect(page.locator('body')).not.toContainText(fixture.other.lastName);
}

/** Screenshots for review (ACCOUNT_DASH_SHOTS=dir): the whole page, or the screen only while a dialog is open. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: !dialogOpen });
  if (!dialogOpen) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}-screen.png`) });
}

async function pdfOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

test('the header greets the customer, shows the E.repare badge and the loyalty balance; repairs is the default tab', async ({ page }) => {
  await signIn(page);
  const { customer } = fixture;
  await expect(dashboard(page).getByRole('heading', { name: `Bonjour ${customer.first_name}` })).toBeVisible();
  await expect(dashboard(page).getByText(/^E\.repare\s: compte lié/)).toBeVisible();
  const balance = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(customer.loyalty_balance);
  await expect(dashboard(page).getByText(/Cagnotte fidélité/)).toContainText(balance);
  await expect(tab(page, 'Mes tickets')).toHaveAttribute('aria-selected', 'true');
  await expect(dashboard(page).getByText(/Confirmez votre adresse e-mail/)).toHaveCount(0);
});

test('repairs: only the customer’s own tickets, a search, and a detail dialog with devices and history', async ({ page }) => {
  await signIn(page);
  const list = panel(page).getByRole('list', { name: 'Mes tickets de réparation' });
  await expect(list.getByRole('listitem')).toHaveCount(fixture.tickets.length);
  await expect(panel(page).getByText('Pour votre sécurité, seuls vos propres tickets sont affichés.')).toBeVisible();
  for (const ticket of fixture.tickets) await expect(list).toContainText(ticket.ticket_number);
  await expectNoOtherCustomer(page);
  await expectAccessible(page);
  await shoot(page, 'repairs');

  const search = panel(page).getByRole('searchbox', { name: 'Rechercher un ticket' });
  const target = fixture.tickets[fixture.tickets.length - 1] as FullTicket;
  await search.fill(target.ticket_number.replace('T-', ''));
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await search.fill('zzzz introuvable');
  await expect(panel(page).getByText('Aucun ticket trouvé avec ces critères')).toBeVisible();
  await search.fill('');

  await list.getByRole('button', { name: new RegExp(target.ticket_number) }).click();
  const dialog = page.getByRole('dialog', { name: `Ticket ${target.ticket_number}` });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`ticket=${target.ticket_number}`));
  const device = target.devices[0];
  if (device?.imei) await expect(dialog).toContainText(device.imei);
  await expect(dialog.getByRole('heading', { name: 'Historique du statut' })).toBeVisible();
  await expect(dialog.locator('ol > li').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
  await expectNoOtherCustomer(page);
  await expectAccessible(page);
  await shoot(page, 'ticket-dialog');

  // Focus stays in the dialog; Escape closes it and focus returns to the ticket.
  for (let index = 0; index < 8; index += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/ticket=/);
  await expect(list.getByRole('button', { name: new RegExp(target.ticket_number) })).toBeFocused();
});

test('/compte?ticket= opens the customer’s own ticket, and refuses another customer’s', async ({ page }) => {
  const own = fixture.tickets[0] as FullTicket;
  await signIn(page, `/compte?ticket=${own.ticket_number}`);
  await expect(page.getByRole('dialog', { name: `Ticket ${own.ticket_number}` })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The public view of the other ticket exists (the server answers it), but it is not the user's.
  const publicView = await page.request.get(`/api/repairdesk/tickets/${fixture.other.ticketNumber}`);
  expect(((await publicView.json()) as { data: PublicTicketDetail }).data.ticket_number).toBe(fixture.other.ticketNumber);
  await page.goto(`/compte?ticket=${fixture.other.ticketNumber}`);
  await expect(page.getByRole('alert')).toContainText(`Ticket ${fixture.other.ticketNumber} non autorisé ou introuvable`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoOtherCustomer(page);
});

test('a ticket PDF, drawn by the server, downloads as ticket-{number}-{date}.pdf', async ({ page }) => {
  const own = fixture.tickets[0] as FullTicket;
  await signIn(page, `/compte?ticket=${own.ticket_number}`);
  const dialog = page.getByRole('dialog', { name: `Ticket ${own.ticket_number}` });
  await expect(dialog.getByRole('heading', { name: 'Historique du statut' })).toBeVisible();

  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/repairdesk/tickets/${own.id}/pdf`);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Télécharger le PDF' }).click()]);
  await asked;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  expect(download.suggestedFilename()).toBe(`ticket-${own.ticket_number}-${today}.pdf`);
  const bytes = await pdfOf(download);
  expect(bytes.subarray(0, 8).toString()).toBe('%PDF-1.7');
  // Tagged for screen readers, with the font embedded (issue 22 §1).
  expect(bytes.toString('latin1')).toContain('/StructTreeRoot');
  expect(bytes.toString('latin1')).toContain('/FontFile2');
});

test('invoices: list, status filter, search, detail with a back button, PDF facture-{number}.pdf', async ({ page }) => {
  await signIn(page, '/compte?tab=invoices');
  await expect(tab(page, 'Mes factures')).toHaveAttribute('aria-selected', 'true');
  const list = panel(page).getByRole('list', { name: 'Mes factures' });
  await expect(list.getByRole('listitem')).toHaveCount(fixture.invoices.length);
  await expectNoOtherCustomer(page);
  await expectAccessible(page);
  await shoot(page, 'invoices');

  const labels: Record<string, string> = { Paid: 'Payée', Unpaid: 'Impayée', Partial: 'Partiel', Refunded: 'Remboursée' };
  const status = fixture.invoices[0]?.status ?? 'Paid';
  await panel(page).getByRole('combobox', { name: 'Statut' }).selectOption({ label: labels[status] ?? status });
  await expect(list.getByRole('listitem')).toHaveCount(fixture.invoices.filter((invoice) => invoice.status === status).length);
  await panel(page).getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Tous les statuts' });
  await expect(list.getByRole('listitem')).toHaveCount(fixture.invoices.length);

  const target = fixture.invoices[fixture.invoices.length - 1] as Invoice;
  const search = panel(page).getByRole('searchbox', { name: 'Rechercher une facture' });
  await search.fill(target.invoice_number);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await search.fill('aucune facture ne porte ce nom');
  await expect(panel(page).getByRole('status').filter({ hasText: 'Aucune facture trouvée' })).toBeVisible();
  await search.fill(target.invoice_number);

  await list.getByRole('button', { name: new RegExp(target.invoice_number) }).click();
  await expect(panel(page).getByRole('heading', { name: `Facture ${target.invoice_number}` })).toBeFocused();
  await expect(panel(page).getByRole('table')).toContainText(target.line_items[0]?.name ?? '');
  await expect(panel(page).getByText('TVA 20 %', { exact: true })).toBeVisible();
  // The mentions of a French invoice, on the screen as in the PDF: seller, customer, dates, terms.
  await expect(panel(page).getByRole('heading', { name: 'Vendeur' })).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Facturé à' })).toBeVisible();
  await expect(panel(page).getByText(/^Date de la vente ou de la prestation\s: /)).toBeVisible();
  await expect(panel(page).getByRole('columnheader', { name: 'Total HT' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'invoice-detail');

  const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Télécharger la facture (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`facture-${target.invoice_number}.pdf`);
  expect((await pdfOf(download)).subarray(0, 5).toString()).toBe('%PDF-');

  await panel(page).getByRole('button', { name: 'Retour à mes factures' }).click();
  await expect(list.getByRole('button', { name: new RegExp(target.invoice_number) })).toBeFocused();
  await expectNoOtherCustomer(page);
});

test('orders: an empty list says so and links to the shop', async ({ page }) => {
  await signIn(page, '/compte?tab=orders');
  await expect(panel(page).getByText('Aucune commande trouvée')).toBeVisible();
  await expect(panel(page).getByRole('link', { name: 'Découvrir la boutique' })).toHaveAttribute('href', '/boutique');
  await expectAccessible(page);
  await shoot(page, 'orders');
});

test('tabs: arrow keys move between tabs and the address keeps the tab', async ({ page }) => {
  await signIn(page);
  await tab(page, 'Mes tickets').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Mes rendez-vous')).toBeFocused();
  await expect(page).toHaveURL(/tab=bookings/);
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Mes commandes')).toBeFocused();
  await expect(tab(page, 'Mes commandes')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=orders/);
  await page.keyboard.press('End');
  await expect(tab(page, 'Notifications')).toBeFocused();
  await expect(page).toHaveURL(/tab=notifications/);
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Mes tickets')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Notifications')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'notifications');
  await page.reload();
  await expect(tab(page, 'Notifications')).toHaveAttribute('aria-selected', 'true');
});

test('profile: read-only, Modifier, required fields, save; RGPD export', async ({ page }) => {
  await signIn(page, '/compte?tab=profile');
  await expect(panel(page).getByText(fixture.customer.email).first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'profile');

  await panel(page).getByRole('button', { name: 'Modifier' }).click();
  const form = panel(page).getByRole('form', { name: 'Modifier mes informations' });
  await form.getByLabel('Prénom *').fill('');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Le prénom est requis')).toBeVisible();
  await expect(form.getByLabel('Prénom *')).toBeFocused();
  await expectAccessible(page);
  await shoot(page, 'profile-edit');

  await form.getByLabel('Prénom *').fill(fixture.customer.first_name);
  await form.getByLabel('Ville').fill('Saint-Essai-sur-Mer');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel(page).getByText('Profil enregistré')).toBeVisible();
  await expect(panel(page).getByText('Saint-Essai-sur-Mer')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Modifier' })).toBeFocused();

  await panel(page).getByRole('button', { name: 'Modifier' }).click();
  await panel(page).getByLabel('Ville').fill('Ne pas garder');
  await panel(page).getByRole('button', { name: 'Annuler' }).click();
  await expect(panel(page).getByText('Saint-Essai-sur-Mer')).toBeVisible();

  await panel(page).getByRole('button', { name: 'Synchroniser avec le magasin' }).click();
  await expect(panel(page).getByRole('status').filter({ hasText: /mise à jour/i })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('link', { name: 'Télécharger mes données' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^mes-donnees-erepare-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = fs.readFileSync(await download.path(), 'utf8');
  expect(exported).toContain(fixture.customer.email);
  expect(exported).not.toContain(fixture.other.lastName);
});

test('every tab passes axe at 390×844, and no other customer’s name shows', async ({ page }) => {
  // Six tabs, each with axe and a screenshot: a guard against hangs, not a speed check (a busy 2-core machine).
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  for (const [name, id] of [
    ['Mes tickets', 'repairs'],
    ['Mes rendez-vous', 'bookings'],
    ['Mes commandes', 'orders'],
    ['Mes factures', 'invoices'],
    ['Mon profil', 'profile'],
    ['Notifications', 'notifications'],
  ] as const) {
    await tab(page, name).click();
    await expect(panel(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Chargement/ })).toHaveCount(0);
    await expectAccessible(page);
    await expectNoOtherCustomer(page);
    await shoot(page, id);
  }
  await tab(page, 'Mes tickets').click();
  await panel(page).getByRole('list', { name: 'Mes tickets de réparation' }).getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'ticket-dialog');
});

test('deleting the account asks for the password, then signs out', async ({ page }) => {
  await signIn(page, '/compte?tab=profile');
  await panel(page).getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await expect(dialog.getByLabel('Mot de passe')).toBeFocused();
  await expectAccessible(page);
  await dialog.getByLabel('Mot de passe').fill('pas le bon mot de passe');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Mot de passe').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByText(/Votre compte a été supprimé/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Terminer' }).click();
  await expect(dashboard(page)).toHaveCount(0);
  const profile = await page.request.get('/api/account/profile');
  expect(profile.status()).toBe(401);
});
