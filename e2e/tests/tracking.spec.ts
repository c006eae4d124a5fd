import { expect, test, type APIRequestContext, type Locator, type Page, type Response } from './fixtures.js';
import type { PublicTicket, PublicTicketDetail } from '@erepare/shared/schemas/repair';
import { statusLabel } from '@erepare/shared/ticket-status';
import { expectAccessible } from './helpers.js';

/**
 * The public repair dashboard (spec 3 §2-§4, §7-§9) and the ticket lookup, against the real
 * server and its demo data (160 tickets over 30 days). Ticket numbers are never hard-coded: they
 * are read from the API.
 */

const TICKETS_API = /\/api\/repairdesk\/tickets\?/;
const DAY = 86_400;

const isTicketList = (response: Response) => TICKETS_API.test(response.url()) && response.request().method() === 'GET';

/** Opens a tracking page and returns the tickets the dashboard received. */
async function openDashboard(page: Page, path = '/suivi'): Promise<PublicTicket[]> {
  const [response] = await Promise.all([page.waitForResponse(isTicketList), page.goto(path)]);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: PublicTicket[] };
  return body.data;
}

const table = (page: Page) => page.getByRole('region', { name: /Tickets de réparation des 14 derniers jours/ }).getByRole('table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const cards = (page: Page) => page.getByRole('list', { name: /Tickets de réparation des 14 derniers jours/ }).getByRole('listitem');
const countLine = (page: Page) => page.getByText(/^\d+ tickets? affichés?/);

async function recentTickets(request: APIRequestContext): Promise<PublicTicket[]> {
  const now = Math.floor(Date.now() / 1000);
  const response = await request.get(`/api/repairdesk/tickets?page=0&pagesize=100&from_date=${now - 14 * DAY}&to_date=${now}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: PublicTicket[] }).data;
}

/** A recent ticket whose status changed at least once, with its history. */
async function ticketWithHistory(request: APIRequestContext): Promise<PublicTicketDetail> {
  for (const ticket of await recentTickets(request)) {
    const response = await request.get(`/api/repairdesk/tickets/${ticket.ticket_number}`);
    const detail = ((await response.json()) as { data: PublicTicketDetail }).data;
    if (detail.history.length >= 2) return detail;
  }
  throw new Error('no demo ticket with a status history');
}

async function selectedRowsText(rows: Locator): Promise<string[]> {
  return rows.allInnerTexts();
}

test.describe('dashboard, desktop', () => {
  test('loads the demo tickets of the last 14 days, with the spec’s request and page furniture', async ({ page }) => {
    const requests: URL[] = [];
    page.on('request', (request) => {
      if (TICKETS_API.test(request.url())) requests.push(new URL(request.url()));
    });
    const tickets = await openDashboard(page);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suivi des Réparations');
    // No version badge: a visitor has nothing to do with the dashboard's version.
    await expect(page.getByText('V3.0', { exact: true })).toHaveCount(0);
    await expect(page.getByText(/Période d’affichage\s: 14 derniers jours/)).toBeVisible();
    await expect(page.getByText(/Dernière mise à jour\s: \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}:\d{2}/)).toBeVisible();

    const query = requests[0]?.searchParams;
    expect(query?.get('page')).toBe('0');
    expect(query?.get('pagesize')).toBe('100');
    const from = Number(query?.get('from_date'));
    const to = Number(query?.get('to_date'));
    expect(to - from).toBe(14 * DAY);
    expect(Math.abs(to - Date.now() / 1000)).toBeLessThan(120);

    // The demo data has tickets every day: the last 14 days hold dozens of them.
    expect(tickets.length).toBeGreaterThan(20);
    await expect(bodyRows(page)).toHaveCount(tickets.length);
    await expect(countLine(page)).toHaveText(`${tickets.length} tickets affichés`);
    const headers = await table(page).getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim().toLowerCase())).toEqual([
      'ticket',
      'client',
      'appareil',
      'catégorie',
      'problème',
      'statut',
      'créé le',
      'mise à jour',
      'détails',
    ]);

    const first = tickets[0] as PublicTicket;
    const firstRow = bodyRows(page).first();
    await expect(firstRow.getByRole('rowheader')).toHaveText(first.ticket_number);
    await expect(firstRow).toContainText(first.customer_name);
    await expect(firstRow).toContainText(first.device_name);
    // Details goes to the account page with the ticket number.
    await expect(firstRow.getByRole('link', { name: `Détails du ticket ${first.ticket_number}` })).toHaveAttribute(
      'href',
      `/compte?ticket=${first.ticket_number}`,
    );
    // Status badge: the whole French label, readable on a phone too (no tooltip to find it in).
    await expect(firstRow.getByText(statusLabel(first.status), { exact: true })).toBeVisible();
    await expect(firstRow.getByText(/…$/)).toHaveCount(0);
    // The table keeps its 900 px minimum.
    expect(await table(page).evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThanOrEqual(900);
  });

  test('search, status and category narrow the table; nothing matching says so', async ({ page }) => {
    const tickets = await openDashboard(page);
    const total = tickets.length;
    await expect(bodyRows(page)).toHaveCount(total);

    // Search on a model, in another case: only the tickets with that model remain.
    const model = (tickets.find((ticket) => ticket.device_model.length > 4) as PublicTicket).device_model;
    const withModel = tickets.filter((ticket) => ticket.devices.some((device) => device.device_model === model));
    const search = page.getByRole('searchbox', { name: 'Rechercher' });
    await search.fill(model.toLowerCase());
    await expect(bodyRows(page)).toHaveCount(withModel.length);
    for (const text of await selectedRowsText(bodyRows(page))) expect(text.toLowerCase()).toContain(model.toLowerCase());
    await expect(countLine(page)).toContainText(`sur ${total}`);

    // Search on the anonymised customer label.
    const customer = (tickets[0] as PublicTicket).customer_name;
    await search.fill(customer);
    // The list follows the search a moment later (a deferred value): wait until it shows that customer only.
    await expect
      .poll(async () => {
        const rowsText = await selectedRowsText(bodyRows(page));
        return rowsText.length > 0 && rowsText.every((text) => text.includes(customer));
      })
      .toBe(true);
    await search.fill('');

    // Status filter: the options are French; the rows keep that status only.
    const inProgress = tickets.filter((ticket) => ticket.status === 'In Progress').length;
    expect(inProgress).toBeGreaterThan(0);
    const status = page.getByRole('combobox', { name: 'Statut' });
    await status.selectOption({ label: 'En cours de réparation' });
    await expect(bodyRows(page)).toHaveCount(inProgress);
    await status.selectOption({ label: 'Tous les statuts' });

    // Category filter (a ticket counts when one of its devices belongs to the category).
    const consoles = tickets.filter((ticket) => ticket.devices.some((device) => device.device_category === 'Console')).length;
    expect(consoles).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Catégorie' }).selectOption('Console');
    await expect(bodyRows(page)).toHaveCount(consoles);

    // Nothing matches.
    await search.fill('zzz-aucun-appareil');
    await expect(page.getByText('Aucun ticket trouvé avec ces critères')).toBeVisible();
    await expect(table(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    await expect(bodyRows(page)).toHaveCount(total);
    await expect(search).toBeFocused();
  });

  test('the refresh button asks statuses and tickets again', async ({ page }) => {
    await openDashboard(page);
    const statuses = page.waitForResponse((response) => response.url().includes('/api/repairdesk/statuses'));
    const tickets = page.waitForResponse(isTicketList);
    await page.getByRole('button', { name: 'Actualiser' }).click();
    expect((await statuses).status()).toBe(200);
    expect((await tickets).status()).toBe(200);
  });

  test('the table scrolls sideways in its own keyboard-focusable region when narrower than 900 px', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await openDashboard(page);
    const region = page.getByRole('region', { name: /Tickets de réparation des 14 derniers jours/ });
    await expect(region.getByRole('table')).toBeVisible();
    const { scrollWidth, clientWidth } = await region.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    // Keyboard users scroll it with the arrow keys once it has the focus (pressed again if a busy
    // machine lost the first key press).
    await expect(async () => {
      await region.focus();
      await expect(region).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((element) => element.scrollLeft), { timeout: 1_000 }).toBeGreaterThan(0);
    }).toPass({ timeout: 10_000 });
  });

  test('an HTTP error empties the list and says to try again later', async ({ page }) => {
    await page.route(TICKETS_API, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"Erreur"}' }));
    await page.goto('/suivi');
    await expect(page.getByRole('alert')).toContainText('Erreur : veuillez réessayer ultérieurement');
    await expect(page.getByText('Aucun ticket à afficher')).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await expect(page.getByRole('alert').getByRole('button', { name: 'Réessayer' })).toBeVisible();

    await page.unroute(TICKETS_API);
    await page.getByRole('alert').getByRole('button', { name: 'Réessayer' }).click();
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the status filter falls back silently to the default list when the statuses call fails', async ({ page }) => {
    await page.route(/\/api\/repairdesk\/statuses/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await openDashboard(page);
    const status = page.getByRole('combobox', { name: 'Statut' });
    for (const label of ["En attente d'inspection", 'En attente de pièces', 'Prêt à récupérer', 'Non réparable', 'Annulé']) {
      await expect(status.getByRole('option', { name: label, exact: true })).toBeAttached();
    }
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the tickets are kept in local storage and shown at once on the next visit', async ({ page }) => {
    const tickets = await openDashboard(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('erepare_dashboard_tickets') ?? 'null') as { savedAt: number; tickets: unknown[] } | null);
    expect(stored?.tickets).toHaveLength(tickets.length);

    // The next visit: the server has not answered yet (held until the list is seen), the cached
    // list is already there.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(TICKETS_API, async (route) => {
      await held;
      await route.continue();
    });
    const slow = page.waitForResponse(isTicketList);
    await page.goto('/suivi');
    await expect(bodyRows(page)).toHaveCount(tickets.length);
    answer();
    await slow;

    // A corrupt value is ignored (and removed): the page still loads.
    await page.unroute(TICKETS_API);
    await page.evaluate(() => localStorage.setItem('erepare_dashboard_tickets', '{pas du json'));
    await openDashboard(page);
    await expect(bodyRows(page).first()).toBeVisible();
  });

  test('/suivi-moderne shows the same dashboard', async ({ page }) => {
    const tickets = await openDashboard(page, '/suivi-moderne');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suivi des Réparations');
    await expect(bodyRows(page)).toHaveCount(tickets.length);
  });
});

test.describe('ticket lookup', () => {
  test('?ticket= looks the ticket up at once and shows its status history in French', async ({ page, request }) => {
    test.setTimeout(60_000);
    const ticket = await ticketWithHistory(request);
    await page.goto(`/suivi?ticket=${ticket.ticket_number}`);
    await expect(page.getByRole('textbox', { name: 'Numéro de ticket' })).toHaveValue(ticket.ticket_number);
    const result = page.getByRole('article', { name: `Ticket ${ticket.ticket_number}` });
    await expect(result).toBeVisible();
    await expect(result).toContainText(statusLabel(ticket.status));
    await expect(result).toContainText(ticket.device_name);
    await expect(result).toContainText(ticket.device_fault);
    const history = result.getByRole('list', { name: 'Historique du statut' }).getByRole('listitem');
    await expect(history).toHaveCount(ticket.history.length);
    const oldestFirst = [...ticket.history].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    for (const [index, event] of oldestFirst.entries()) {
      await expect(history.nth(index)).toContainText(statusLabel(event.to_status));
      await expect(history.nth(index)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    }
    await expectAccessible(page, { bestPractice: true });
  });

  test('typing a number and submitting puts it in the address and shows the ticket', async ({ page, request }) => {
    const [ticket] = await recentTickets(request);
    const digits = (ticket as PublicTicket).ticket_number.replace(/\D/g, '');
    await page.goto('/suivi');
    // The lookup itself, once the app has taken over the server-rendered page (a search sent before
    // that is a GET of the page: the test below).
    await page.locator('html[data-app-ready]').waitFor();
    await page.getByRole('textbox', { name: 'Numéro de ticket' }).fill(digits);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?ticket=T-${digits}$`));
    await expect(page.getByRole('article', { name: `Ticket T-${digits}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Numéro de ticket' })).toHaveValue(`T-${digits}`);
  });

  test('malformed or empty input gets the spec’s messages, tied to the field', async ({ page }) => {
    await page.goto('/suivi');
    // The app has taken over (a tap before it submits the form without JavaScript: the test below).
    await page.locator('html[data-app-ready]').waitFor();
    const field = page.getByRole('textbox', { name: 'Numéro de ticket' });
    const submit = page.getByRole('button', { name: 'Rechercher', exact: true });
    await submit.click();
    await expect(field).toHaveAccessibleDescription(/Veuillez entrer un numéro de ticket/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('abc');
    await submit.click();
    await expect(page.getByText('Format de ticket invalide. Utilisez T-6632 ou 6632')).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/Format de ticket invalide\. Utilisez T-6632 ou 6632/);
    await expect(page).toHaveURL(/\/suivi$/);
  });

  test('an empty submit tapped before the app has taken over still gets its message, on a later day', async ({ page }) => {
    // The page was rendered by the server in another day or zone (the dashboard's period then
    // differs from the server-rendered one). The app's code arrives late (a slow phone): the tap
    // lands on the server-rendered form, which works without JavaScript (a GET of /suivi?ticket=);
    // the app then shows the message the address calls for.
    await page.clock.setSystemTime(Date.now() + 3 * DAY * 1000);
    // The app's entry (React Router's build), held until the tap has landed.
    let arrive = () => {};
    const late = new Promise<void>((resolve) => (arrive = resolve));
    await page.route('**/assets/entry.client-*.js', async (route) => {
      await late;
      await route.continue();
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The page as soon as it is there, before its code has run.
    await page.goto('/suivi', { waitUntil: 'commit' });
    const field = page.getByRole('textbox', { name: 'Numéro de ticket' });
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(page).toHaveURL(/\/suivi\?ticket=$/);
    arrive();
    await page.locator('html[data-app-ready]').waitFor();
    await expect(field).toHaveAccessibleDescription(/Veuillez entrer un numéro de ticket/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // Today's period, once the app is there.
    await expect(page.getByText(/Période d’affichage\s: 14 derniers jours, du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown ticket is reported plainly', async ({ page }) => {
    await page.goto('/suivi?ticket=T-999999');
    await expect(page.getByText('Ticket introuvable', { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});

test.describe('dashboard, phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('shows one card per ticket, without sideways scrolling', async ({ page }) => {
    const tickets = await openDashboard(page);
    await expect(cards(page)).toHaveCount(tickets.length);
    await expect(page.getByRole('table')).toHaveCount(0);
    const first = tickets[0] as PublicTicket;
    const card = cards(page).first();
    await expect(card.getByRole('heading', { name: first.ticket_number })).toBeVisible();
    await expect(card.getByRole('link', { name: `Détails du ticket ${first.ticket_number}` })).toHaveAttribute(
      'href',
      `/compte?ticket=${first.ticket_number}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  // axe checks the contrast of every cell of a 60-row table: several seconds per scan.
  test.describe.configure({ timeout: 60_000 });

  for (const theme of ['dark', 'light'] as const) {
    for (const [layout, viewport] of [
      ['desktop', { width: 1440, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      test(`/suivi, ${layout}, ${theme} theme`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((value) => localStorage.setItem('suivi_theme', value), theme);
        await openDashboard(page);
        await expect(layout === 'desktop' ? bodyRows(page).first() : cards(page).first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        await expectAccessible(page, { bestPractice: true });
        // With filters that leave nothing, and with a lookup message.
        await page.getByRole('searchbox', { name: 'Rechercher' }).fill('zzz-aucun-appareil');
        await page.getByRole('textbox', { name: 'Numéro de ticket' }).fill('abc');
        await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
        await expect(page.getByText('Aucun ticket trouvé avec ces critères')).toBeVisible();
        await expectAccessible(page, { bestPractice: true });
      });
    }
  }
});
