import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Mailparser from 'mailparser';
import { parisDay } from '@erepare/shared/booking';
import type { BookingSlotsResponse, CreateBookingResponse, SlotFullResponse } from '@erepare/shared/schemas/bookings';
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { ADMIN, DEMO_PASSWORD, expectAccessible, signInAs, visitorHeaders } from './helpers.js';
import { linkTo, waitForMail } from './outbox.js';

/**
 * Issue 24 §3, drop-off booking end to end: a visitor books a slot at /rendez-vous (keyboard and
 * screen-reader names of the slots, axe at 390 and 1440 px), sees the confirmation, the mail in the
 * outbox carries the .ics and the manage link; the link moves the booking; staff see it in the
 * admin's « Rendez-vous » section. A customer whose account's verified address made a booking finds
 * it in « Mes rendez-vous » and cancels it there.
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

/** Books the first free slot of the next two weeks through the public API, as a visitor of its own (a full slot: the next one offered). */
async function bookByApi(api: APIRequestContext, email: string): Promise<string> {
  const calendar = (await (await api.get('/api/bookings/slots?days=14')).json()) as BookingSlotsResponse;
  let start = calendar.data.days.flatMap((day) => day.slots).find((slot) => slot.available)?.start;
  for (let attempt = 0; start && attempt < 5; attempt += 1) {
    const response = await api.post('/api/bookings', {
      headers: visitorHeaders(),
      data: { slotStart: start, name: 'Camille Compte', email, phone: '06 12 34 56 78', smsConsent: false, note: 'Tablette, batterie' },
    });
    if (response.status() === 200) return ((await response.json()) as CreateBookingResponse).data.reference;
    expect(response.status(), await response.text()).toBe(409);
    start = ((await response.json()) as SlotFullResponse).nextSlots?.[0]?.start;
  }
  throw new Error('no free slot to book');
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`« Mes rendez-vous » at ${size.width} px: a booking made with the account’s verified address is there, and is cancelled from it`, async ({ page }) => {
    test.setTimeout(120_000);
    const email = `compte-rdv-${size.width}-${unique}@exemple.fr`;
    await page.setViewportSize(size);

    // An account with that address, proven by the link mailed to it.
    const register = await page.request.post('/api/auth/register', {
      headers: visitorHeaders(),
      data: { first_name: 'Camille', last_name: 'Compte', email, phone: '06 12 34 56 78', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    expect(register.status(), await register.text()).toBe(201);
    const proof = await waitForMail(email, 'email_verification', { timeoutMs: 20_000 });
    const proofToken = new URLSearchParams(linkTo(proof, '/verify-email').split('?')[1] ?? '').get('token');
    const verified = await page.request.post('/api/email-verification/verify', { data: { token: proofToken, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
    expect(verified.status(), await verified.text()).toBe(200);

    // A drop-off booked with the same address (without being signed in).
    const reference = await bookByApi(page.request, email);

    await signInAs(page, email);
    await page.goto('/compte?tab=bookings');
    await expect(page.getByRole('tab', { name: 'Mes rendez-vous' })).toHaveAttribute('aria-selected', 'true');
    const mine = page.getByRole('region', { name: 'Mes rendez-vous' });
    const card = mine.getByRole('list', { name: 'À venir' }).getByRole('listitem').filter({ hasText: reference });
    await expect(card).toContainText('Confirmé', { timeout: 15_000 });
    await expect(card).toContainText(/à \d{1,2}h\d{2}/);
    await expect(card).toContainText('Modifiable en ligne jusqu’au');
    await expectAccessible(page);
    await shot(page, `account-bookings-${size.width}`);

    await card.getByRole('button', { name: `Annuler le rendez-vous ${reference}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Annuler ce rendez-vous ?' });
    await expect(dialog.getByRole('button', { name: 'Garder le rendez-vous' })).toBeFocused();
    await expectAccessible(page);
    await shot(page, `account-bookings-cancel-${size.width}`);
    await dialog.getByRole('button', { name: 'Oui, annuler' }).click();

    await expect(mine.getByText('Votre rendez-vous a été annulé. Un e-mail de confirmation vous a été envoyé.')).toBeVisible();
    const cancelled = mine.getByRole('list', { name: 'Passés et annulés' }).getByRole('listitem').filter({ hasText: reference });
    await expect(cancelled).toContainText('Annulé');
    await expect(cancelled.getByRole('button')).toHaveCount(0);
    await expect(mine.getByRole('list', { name: 'À venir' })).toHaveCount(0);
    const mail = await waitForMail(email, 'booking_cancelled');
    expect(mail.subject).toContain(reference);
    await expectAccessible(page);
    await shot(page, `account-bookings-cancelled-${size.width}`);
  });
}
