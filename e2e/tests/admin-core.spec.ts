import fs from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from './fixtures.js';
import { ADMIN, adminHeaders, expectAccessible, signInAs, verifiedDemoCustomer, visitorHeaders } from './helpers.js';
import { waitForMail, type MailKind } from './outbox.js';

/**
 * Issue 9, the staff dashboard's shell and core sections (helper D): an admin signs in at
 * /admin-dashboard and every core section passes axe (WCAG 2.2 AA) on a laptop, a tablet and a
 * phone; a customer is refused; a staff reply to a contact message goes through the outbox; a mail
 * that failed is sent again with « Renvoyer ». ADMIN_CORE_SHOTS=<dir> saves screenshots for review.
 */

const SHOTS_DIR = process.env.ADMIN_CORE_SHOTS;
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
// A 1×1 PNG: a real image for the photo of the contact message.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
}

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Chargement/ })).toHaveCount(0, { timeout: 15_000 });
}

async function openSection(page: Page, query: string): Promise<void> {
  await page.goto(`/admin-dashboard?${query}`);
  await settled(page);
}

/** Sends a contact message as a visitor would (the API of the contact form). */
async function contactMessage(baseURL: string, email: string, subject: string): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL });
  // Photos travel as files of a multipart form (issue 20 item 10).
  const photo = { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PNG.slice(PNG.indexOf(',') + 1), 'base64') };
  const sent = await api.post('/api/email-simple/contact', {
    headers: visitorHeaders(),
    multipart: { name: 'Camille Test', email, subject, message: 'Bonjour,\nmon écran est fissuré.', images: photo },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await api.dispose();
}

async function messageId(baseURL: string, subject: string): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  const admin = await adminHeaders(api);
  const list = await api.get(`/api/admin/inbox/messages?q=${encodeURIComponent('camille')}&pageSize=100`, { headers: admin });
  const found = ((await list.json()) as { data: { id: number; subject: string }[] }).data.find((item) => item.subject === subject);
  await api.dispose();
  expect(found, `contact message « ${subject} »`).toBeTruthy();
  return found?.id ?? 0;
}

const sizes = [
  { width: 1440, height: 900 },
  { width: 820, height: 1180 },
  { width: 390, height: 844 },
];

for (const size of sizes) {
  test(`admin core sections at ${size.width} px: navigation, headings and axe`, async ({ page, baseURL }) => {
    // Every section with axe, in one browser session: a long test (nearly 2 minutes on a busy 2-core machine).
    test.setTimeout(240_000);
    await contactMessage(baseURL ?? '', `axe-${size.width}-${unique}@exemple.fr`, `Axe ${size.width} ${unique}`);
    await page.setViewportSize(size);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await openSection(page, '');
    await expect(page.getByRole('heading', { level: 1, name: 'Vue d’ensemble' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Commandes à traiter/ })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'apercu');

    // The section menu: a sidebar on a laptop, a disclosure below 1024 px.
    if (size.width < 1024) {
      const menu = page.getByRole('button', { name: /^Sections/ });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await shoot(page, 'menu-open');
      await expectAccessible(page);
    }
    const nav = page.getByRole('navigation', { name: /Sections de l’administration/ }).filter({ visible: true });
    await nav.getByRole('link', { name: 'Journal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Journal des modifications' })).toBeFocused();
    await expect(page).toHaveTitle(/^Journal des modifications – Administration/);
    await expect(page).toHaveURL(/section=journal/);
    if (size.width >= 1024) await expect(nav.getByRole('link', { name: 'Journal' })).toHaveAttribute('aria-current', 'page');
    await settled(page);
    await expectAccessible(page);
    await shoot(page, 'journal');

    for (const [query, heading] of [
      ['section=parametres', 'Paramètres'],
      ['section=equipe', 'Équipe'],
      ['section=e-mails', 'E-mails envoyés'],
      ['section=messages', 'Messages et demandes de devis'],
      ['section=messages&tab=devis', 'Messages et demandes de devis'],
      ['section=campagnes', 'Campagnes de notifications'],
      ['section=rgpd', 'Demandes RGPD'],
    ] as const) {
      await openSection(page, query);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Nothing overflows the page: tables scroll inside their own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${query}: no horizontal scroll at ${size.width} px`).toBeLessThanOrEqual(1);
      await expectAccessible(page);
      await shoot(page, query.replace(/section=|&tab=/g, '').replace(/[^a-z-]/g, ''));
    }

    // A contact message's detail (photo, status, reply form) and a mail's detail.
    await openSection(page, 'section=messages');
    await page.getByRole('searchbox', { name: /Rechercher/ }).fill(`axe-${size.width}-${unique}`);
    await page.getByRole('link', { name: new RegExp(`Axe ${size.width} ${unique}`) }).click();
    await expect(page.getByRole('heading', { name: /Message n° \d+/ })).toBeFocused();
    await expect(page.getByRole('img', { name: /Photo 1 envoyée par Camille Test/ })).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await shoot(page, 'message-detail');

    await openSection(page, 'section=e-mails');
    await page.locator('tbody a[data-row-open]').first().click();
    await expect(page.getByRole('heading', { name: /E-mail n° \d+/ })).toBeFocused();
    await settled(page);
    await expectAccessible(page);
    await shoot(page, 'mail-detail');

    if (size.width === 1440) {
      // The light theme too (contrast of badges, diff colours, links).
      await page.getByRole('button', { name: /^Passer au thème clair/ }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      for (const query of ['', 'section=e-mails', 'section=messages', 'section=journal', 'section=parametres']) {
        await openSection(page, query);
        await expectAccessible(page);
      }
      await shoot(page, 'parametres-clair');
    }
  });
}

test('a customer signed in at /admin-dashboard is refused', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const demo = await verifiedDemoCustomer(api, 0.45);
  await api.dispose();
  await signInAs(page, demo.customer.email ?? '');
  await page.goto('/admin-dashboard?section=equipe');
  await expect(page.getByText('Accès réservé aux administrateurs')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /Sections de l’administration/ })).toHaveCount(0);
  expect((await page.request.get('/api/admin/staff')).status()).toBe(403);
  await expectAccessible(page);
});

test('staff reply to a contact message: the mail is queued, shown in the outbox and written', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const email = `reponse-${unique}@exemple.fr`;
  const subject = `Écran cassé ${unique}`;
  await contactMessage(baseURL ?? '', email, subject);
  const id = await messageId(baseURL ?? '', subject);

  await signInAs(page, ADMIN.email, ADMIN.password);
  await openSection(page, `section=messages&id=${id}`);
  await expect(page.getByText(subject).first()).toBeVisible();
  // The form checks the shared schema first.
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(page.getByText('Veuillez écrire votre réponse')).toBeVisible();
  await page.getByLabel('Votre réponse').fill(`Bonjour Camille,\nvotre écran est réparable : passez en boutique. (${unique})`);
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(page.getByText(`Réponse envoyée à ${email}`)).toBeVisible();
  // The message became « Traité » (the default after a reply).
  await expect(page.getByRole('region', { name: /Message n°/ }).locator('dd').getByText('Traité', { exact: true })).toBeVisible();

  // The outbox lists the reply; its text is the one typed.
  await openSection(page, `section=e-mails&q=${encodeURIComponent(email)}`);
  const row = page.getByRole('link', { name: new RegExp(`Re\\s: ${subject}`) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByRole('heading', { name: /E-mail n° \d+/ })).toBeVisible();
  await expect(page.getByText(`votre écran est réparable : passez en boutique. (${unique})`)).toBeVisible();
  await expect(page.locator('iframe[sandbox=""]')).toHaveCount(1);

  // The audit log records the reply and the status change, in French, with before → after.
  await openSection(page, 'section=journal&entity=contact_message');
  const entry = page.getByRole('row').filter({ hasText: `Message n° ${id}` });
  await expect(entry.filter({ hasText: 'Réponse à un message' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'journal-entries');

  const mail = await waitForMail(email, 'staff_reply' as MailKind, { timeoutMs: 20_000 });
  expect(mail.subject).toBe(`Re\u00a0: ${subject}`);
  expect(mail.text).toContain('passez en boutique');
});

test('a mail that failed is sent again with « Renvoyer »', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const dataDir = process.env.E2E_DATA_DIR ?? '';
  const outbox = path.join(dataDir, 'outbox');
  const email = `echec-${unique}@exemple.fr`;
  const subject = `Échec ${unique}`;
  await contactMessage(baseURL ?? '', email, subject);
  const id = await messageId(baseURL ?? '', subject);

  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const admin = await adminHeaders(api);
  // The e2e server writes mails into DATA_DIR/outbox: a file in its place makes the next write
  // fail, as an unreachable SMTP server would. Kept for the shortest time (one send attempt).
  const aside = `${outbox}.aside-${unique}`;
  fs.mkdirSync(outbox, { recursive: true });
  fs.renameSync(outbox, aside);
  fs.writeFileSync(outbox, 'not a directory');
  let mailId = 0;
  try {
    const reply = await api.post(`/api/admin/inbox/messages/${id}/reply`, { headers: admin, data: { message: `Réponse qui échoue d’abord (${unique})` } });
    expect(reply.status(), await reply.text()).toBe(200);
    mailId = ((await reply.json()) as { data: { mailId: number } }).data.mailId;
    await expect
      .poll(async () => ((await (await api.get(`/api/admin/outbox/${mailId}`, { headers: admin })).json()) as { data: { lastError: string | null } }).data.lastError, { timeout: 15_000 })
      .not.toBeNull();
  } finally {
    fs.rmSync(outbox, { force: true });
    fs.renameSync(aside, outbox);
  }
  await api.dispose();

  await signInAs(page, ADMIN.email, ADMIN.password);
  await openSection(page, `section=e-mails&id=${mailId}`);
  const detail = page.getByRole('region', { name: `E-mail n° ${mailId}` });
  await expect(detail.getByText(/not a directory|ENOTDIR|EEXIST/)).toBeVisible();
  await detail.getByRole('button', { name: 'Renvoyer' }).click();
  await expect(page.getByText('L’e-mail sera renvoyé dans un instant.')).toBeVisible();
  await expect(detail.getByText('Envoyé', { exact: true })).toBeVisible({ timeout: 20_000 });
  const mail = await waitForMail(email, 'staff_reply' as MailKind, { timeoutMs: 20_000 });
  expect(mail.text).toContain(`Réponse qui échoue d’abord (${unique})`);
});
