import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Mailparser from 'mailparser';
import { parisDay } from '@erepare/shared/booking';
import { expect, test, type Page } from './fixtures.js';
import { ADMIN, expectAccessible, signInAs, visitorHeaders } from './helpers.js';
import { linkTo, waitForMail } from './outbox.js';

/**
 * Issue 24 §3, drop-off booking end to end: a visitor books a slot at /rendez-vous (keyboard and
 * screen-reader names of the slots, axe at 390 and 1440 px), sees the confirmation, the mail in the
 * outbox carries the .ics and the manage link; the link moves the booking; staff see it in the
 * admin's « Rendez-vous » section.
 */

const serverPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/package.json');
const { simpleParser } = createRequire(serverPackage)('mailparser') as typeof Mailparser;
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The value (ISO start) of the n-th free slot shown. */
async function freeSlot(page: Page, index: number) {
  const radio = page.getByRole('radio', { name: /, disponible$/ }).nth(index);
  await expect(radio).toBeAttached();
  return { radio, start: (await radio.getAttribute('value')) ?? '' };
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`booking at ${size.width} px: book, .ics mailed, move by the link, staff see it`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = `rdv-${size.width}-${unique}@exemple.fr`;
    await page.setExtraHTTPHeaders(visitorHeaders());
    await page.setViewportSize(size);
    await page.goto('/rendez-vous');
    await expect(page.getByRole('heading', { level: 1, name: 'Prendre rendez-vous pour un dépôt' })).toBeVisible();
    await expect(page.getByRole('group', { name: '1. Choisissez un créneau' })).toBeVisible();

    // Each slot is a radio named by its day, time and state; arrow keys move within a day.
    const { radio, start } = await freeSlot(page, size.width === 390 ? 0 : 3);
    await expect(radio).toHaveAccessibleName(/^(mardi|mercredi|jeudi|vendredi|samedi) .+ à \d{1,2}h\d{2}, disponible$/);
    await radio.focus();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    await expect(page.getByTestId('booking-selected')).toContainText('Créneau choisi :');
    await expectAccessible(page);
    await shot(page, `calendar-${size.width}`);

    // The form: French errors first, then a valid booking.
    await page.getByRole('button', { name: 'Réserver ce créneau' }).click();
    await expect(page.getByText('Veuillez indiquer votre nom')).toBeVisible();
    await expect(page.getByLabel('Nom et prénom')).toBeFocused();
    await page.getByLabel('Nom et prénom').fill('Zoé Martin');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Appareil et panne (facultatif)').fill('iPhone 13, écran cassé');
    await page.getByRole('button', { name: 'Réserver ce créneau' }).click();

    await expect(page.getByRole('heading', { name: 'Votre rendez-vous est réservé' })).toBeFocused();
    const reference = (await page.getByTestId('booking-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^RDV-\d{4}-\d{6}$/);
    const download = page.getByRole('link', { name: 'Ajouter à mon agenda' });
    expect(await download.getAttribute('download')).toBe(`rendez-vous-${reference}.ics`);
    expect(decodeURIComponent((await download.getAttribute('href')) ?? '')).toContain('BEGIN:VEVENT');
    await expectAccessible(page);
    await shot(page, `confirmation-${size.width}`);

    // The mail: the .ics attached (text/calendar, one VEVENT at the slot's time) and the manage link.
    const mail = await waitForMail(email, 'booking_confirmed');
    const parsed = await simpleParser(await fs.readFile(mail.file));
    const ics = parsed.attachments.find((file) => file.filename === `rendez-vous-${reference}.ics`);
    expect(ics?.contentType).toBe('text/calendar');
    const icsText = ics?.content.toString('utf8') ?? '';
    expect(icsText).toContain('METHOD:REQUEST');
    expect(icsText).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);

    // The link opens the booking; move it to another free slot.
    await page.goto(linkTo(mail, '/rendez-vous/gerer'));
    await expect(page.getByRole('heading', { name: `Rendez-vous ${reference}` })).toBeVisible();
    await expect(page.getByText(/Vous pouvez le déplacer ou l’annuler ici jusqu’au/)).toBeVisible();
    await expect(page.getByRole('radio', { name: /votre rendez-vous actuel$/ })).toBeDisabled();
    const next = await freeSlot(page, 1);
    // A pointer click on the slot's visible face (its label) chooses it too.
    await next.radio.locator('xpath=..').click();
    await expect(next.radio).toBeChecked();
    await expectAccessible(page);
    await shot(page, `manage-${size.width}`);
    await page.getByRole('button', { name: 'Déplacer à ce créneau' }).click();
    await expect(page.getByText(/Votre rendez-vous a été déplacé\./)).toBeVisible();
    await waitForMail(email, 'booking_changed');

    // Staff see it on its day, with the phone and the note.
    const staff = await browser.newPage({ viewport: size });
    await signInAs(staff, ADMIN.email, ADMIN.password);
    await staff.goto('/admin-dashboard?section=rendez-vous');
    await expect(staff.getByRole('heading', { level: 1, name: 'Rendez-vous de dépôt' })).toBeVisible();
    await staff.getByLabel('Aller au').fill(parisDay(new Date(next.start)));
    const line = staff.getByTestId(`admin-booking-${reference}`);
    await expect(line).toBeVisible();
    await expect(line).toContainText('06 12 34 56 78');
    await expect(line).toContainText('iPhone 13, écran cassé');
    await expectAccessible(staff);
    await shot(staff, `admin-${size.width}`);
    await staff.close();
  });
}
