import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { expect, request as playwrightRequest, test, type Page } from './fixtures.js';
import { adminHeaders, expectAccessible, visitorHeaders } from './helpers.js';
import { linkTo, waitForMail } from './outbox.js';

/**
 * Issue 23 §5, staff two-factor sign-in in the browser: a new staff member enrols (QR code, the
 * key typed by hand as an app would read it, the first code), saves the recovery codes (.txt),
 * signs out, then signs in with the password and the app's code; every step passes axe. The
 * account is one of its own (the shared e2e admin must keep signing in with its password alone),
 * and the team rule is never switched on here (other specs sign in as staff in parallel).
 * TWO_FACTOR_SHOTS=<dir> saves screenshots at 1440×900 and 390×844.
 */

const SHOTS_DIR = process.env.TWO_FACTOR_SHOTS;
const PASSWORD = 'Equipe-2fa-2026!';

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${size.width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * A fresh staff account: registered, its address proven through the mailed link, promoted by the
 * e2e admin; through an API context of its own (the page's would share the browser's cookies).
 */
async function newStaffMember(baseURL: string): Promise<string> {
  const email = `equipe.2fa.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@exemple.fr`;
  const api = await playwrightRequest.newContext({ baseURL });
  const register = await api.post('/api/auth/register', {
    headers: visitorHeaders(),
    data: { first_name: 'Camille', last_name: 'Atelier', email, phone: '06 00 00 00 00', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(register.status(), await register.text()).toBe(201);
  const mail = await waitForMail(email, 'email_verification', { timeoutMs: 20_000 });
  const token = new URLSearchParams(linkTo(mail, '/verify-email').split('?')[1] ?? '').get('token');
  const verify = await api.post('/api/email-verification/verify', { headers: visitorHeaders(), data: { token, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(verify.status(), await verify.text()).toBe(200);
  const promote = await api.post('/api/admin/staff', { headers: await adminHeaders(api), data: { email } });
  expect(promote.status(), await promote.text()).toBe(200);
  await api.dispose();
  return email;
}

async function passwordStep(page: Page, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Connexion administrateur' });
  await form.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

test('a staff member enrols a second factor, then signs in with the password and the app’s code', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const email = await newStaffMember(baseURL ?? '');

  await page.goto('/admin-dashboard');
  await passwordStep(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Vue d’ensemble' })).toBeVisible();

  await page.goto('/admin-dashboard?section=securite');
  const panel = page.getByRole('region', { name: 'Double authentification', exact: true });
  await expect(panel.getByText('Inactive : votre mot de passe suffit')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pour toute l’équipe' }).getByRole('switch', { name: 'Double authentification obligatoire pour l’équipe' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Activer la double authentification' }).click();

  // The QR code, drawn by the server, and the same key to type by hand.
  const qr = panel.getByRole('img', { name: /QR code à scanner/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const grouped = (await panel.locator('code').innerText()).trim();
  expect(grouped).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = Secret.fromBase32(grouped.replace(/\s+/g, ''));
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  await expectAccessible(page);
  await shoot(page, 'two-factor-enrolment');

  // The code of one 30-second step, named: the server takes the steps around its own (±1).
  const codeOf = (step: number) => totp.generate({ timestamp: step * 30_000 });
  const confirmStep = TOTP.counter();
  await panel.getByRole('textbox', { name: 'Code à 6 chiffres de votre application d’authentification' }).fill(codeOf(confirmStep));
  await panel.getByRole('button', { name: 'Confirmer et activer' }).click();

  // The recovery codes, once: downloaded as a .txt, then put away.
  const codes = panel.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const shown = await codes.allInnerTexts();
  for (const code of shown) expect(code.trim()).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}$/);
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Télécharger (.txt)' }).click()]);
  expect(download.suggestedFilename()).toBe('codes-de-secours.txt');
  const file = fs.readFileSync(await download.path(), 'utf8');
  for (const code of shown) expect(file).toContain(code.trim());
  await expectAccessible(page);
  await shoot(page, 'two-factor-recovery-codes');
  await panel.getByRole('button', { name: 'J’ai enregistré mes codes' }).click();
  await expect(panel.getByText(/^Active depuis le/)).toBeVisible();
  await expect(panel.getByText(/10 codes de secours restants/)).toBeVisible();

  // Signed out, the password alone is not enough.
  await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
  await expect(page.getByRole('form', { name: 'Connexion administrateur' })).toBeVisible();
  await passwordStep(page, email);
  const code = page.getByRole('textbox', { name: 'Code à 6 chiffres de votre application d’authentification' });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: 'Utiliser un code de secours' })).toBeVisible();
  expect((await page.request.get('/api/admin/staff')).status()).toBe(401);
  await expectAccessible(page);
  await shoot(page, 'two-factor-code-step');

  // A wrong code is announced in French.
  const nextStep = Math.max(TOTP.counter(), confirmStep + 1);
  await code.fill(codeOf(nextStep) === '000000' ? '111111' : '000000');
  await code.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Code incorrect ou expiré.');
  await expectAccessible(page);

  // The code that confirmed the enrolment is spent: the app's next one, which the server takes
  // already (its window), so the test does not wait up to 30 s for it.
  await code.fill(codeOf(nextStep));
  await code.press('Enter');
  // Signed in, on the page where the sign-in started.
  await expect(page.getByRole('heading', { level: 1, name: 'Sécurité du compte' })).toBeVisible();
  await expect(page.getByText(`Connecté en tant que ${email}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Double authentification', exact: true }).getByText(/^Active depuis le/)).toBeVisible();
  expect((await page.request.get('/api/admin/staff')).status()).toBe(200);
  await expectAccessible(page);
});
