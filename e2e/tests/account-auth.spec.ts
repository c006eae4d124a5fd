import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { accountMessages } from '@erepare/shared/schemas/account';
import { ADMIN, expectAccessible } from './helpers.js';
import { linkTo, mailsFor, waitForMail } from './outbox.js';

/**
 * Customer accounts in the browser (spec 1 §2, §4, §5, §8; issue 4 items 3, 4 and 7):
 * registration with the three e-mail outcomes, verification through the link of the mail found
 * in the outbox, login with and without "remember me", password reset through the mailed link,
 * logout, and the recovery pages' views, with axe on each screen and a phone layout check.
 */

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const customer = {
  email: `e2e-compte-${unique}@example.fr`,
  password: 'Compte-e2e-2026',
  newPassword: 'Nouveau-e2e-2026',
  first_name: 'Camille',
  last_name: 'Durand',
  phone: '06 12 34 56 78',
};

const loginForm = (page: Page) => page.getByRole('form', { name: 'Connexion' });
const registerForm = (page: Page) => page.getByRole('form', { name: 'Créer un compte' });
/** The signed-in dashboard (another screen's; it shows the address, logout and the verification notice). */
const dashboard = (page: Page) => page.getByTestId('account-dashboard');
const verifyBanner = (page: Page) => page.getByRole('region', { name: 'Confirmez votre adresse e-mail' });

async function logIn(page: Page, email: string, password: string, rememberMe: boolean) {
  const form = loginForm(page);
  await form.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  if (rememberMe) await form.getByRole('checkbox', { name: 'Se souvenir de moi' }).check();
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

async function storedUser(page: Page) {
  return page.evaluate(() => ({
    local: localStorage.getItem('user'),
    session: sessionStorage.getItem('user'),
    persistent: localStorage.getItem('persistentSession'),
  }));
}

async function openRegistration(page: Page) {
  await page.goto('/compte');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(registerForm(page)).toBeVisible();
  return registerForm(page);
}

/** A demo store customer (admin API) whose address has no account yet. */
async function storeCustomerWithoutAccount(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { ...ADMIN, rememberMe: false } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const response = await request.get('/api/repairdesk/customers?page=1&pageSize=50', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const customers = ((await response.json()) as { data: { email: string; first_name: string; last_name: string; city: string }[] }).data.filter(
    (item) => item.email !== '' && item.first_name !== '',
  );
  expect(customers.length).toBeGreaterThan(0);
  // Start somewhere else each run: another spec running at the same time rarely takes the same one.
  const start = Math.floor(Math.random() * customers.length);
  for (let i = 0; i < Math.min(5, customers.length); i += 1) {
    const candidate = customers[(start + i) % customers.length];
    if (!candidate) continue;
    const check = await request.post('/api/mysql-auth/check-email', { data: { email: candidate.email } });
    const body = (await check.json()) as { exists?: boolean };
    if (body.exists === false) return candidate;
  }
  throw new Error('no demo store customer without an account');
}

test.describe('account: register, verify, log in, reset, log out', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  test('a new address (green): registered, signed in without "remember me", asked to confirm; the mailed link verifies it', async ({ page }) => {
    await page.goto('/compte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon compte');
    await expect(loginForm(page)).toBeVisible();
    await expectAccessible(page, { bestPractice: true });

    await page.getByRole('button', { name: 'Créer un compte' }).click();
    const form = registerForm(page);
    const email = form.getByRole('textbox', { name: 'Adresse e-mail' });
    await expect(form.getByRole('button', { name: 'Créer mon compte' })).toBeDisabled();
    await email.fill(customer.email.toUpperCase());
    await email.blur();
    await expect(form.getByText(accountMessages.emailAvailable)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Créer mon compte' })).toBeEnabled();
    await expectAccessible(page, { bestPractice: true });

    // Rules first: mismatched passwords are refused with the spec's message.
    await form.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
    await form.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Autre-chose-2026');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(form.getByText(accountMessages.passwordsDiffer)).toBeVisible();
    await expect(form.getByText('Le téléphone est requis')).toBeVisible();

    await form.getByLabel('Confirmer le mot de passe', { exact: true }).fill(customer.password);
    await form.getByRole('textbox', { name: 'Prénom' }).fill(customer.first_name);
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(customer.last_name);
    await form.getByRole('textbox', { name: 'Téléphone', exact: true }).fill(customer.phone);
    await form.getByRole('textbox', { name: 'Ville (facultatif)' }).fill('La Teste-de-Buch');
    // Marketing consent is never pre-ticked (French law).
    await expect(form.getByRole('checkbox', { name: /par e-mail/ })).not.toBeChecked();
    await expect(form.getByRole('checkbox', { name: /par SMS/ })).not.toBeChecked();
    await form.getByRole('button', { name: 'Créer mon compte' }).click();

    await expect(page.getByText(accountMessages.created)).toBeVisible();
    await expect(dashboard(page)).toContainText(customer.email);
    await expect(verifyBanner(page)).toBeVisible();
    await expect(page).toHaveURL(/\/compte$/);
    const stored = await storedUser(page);
    expect(JSON.parse(stored.session ?? 'null')).toMatchObject({ email: customer.email, email_verified: false });
    expect(stored.local).toBeNull();
    // The sign-up e-mails were asked for: the customer's confirmation is in the outbox.
    await waitForMail(customer.email, 'account_created');

    // A first verification mail, then "Renvoyer l'e-mail": only the newest link works.
    const first = await waitForMail(customer.email, 'email_verification');
    await verifyBanner(page).getByRole('button', { name: /Renvoyer l’e-mail/ }).click();
    await expect(verifyBanner(page).getByText(accountMessages.verificationSent)).toBeVisible();
    const second = await waitForMail(customer.email, 'email_verification', { already: 1 });

    await page.goto(linkTo(first, '/verify-email'));
    await expect(page.getByRole('alert')).toHaveText(accountMessages.tokenInvalid);
    await expect(page.getByRole('button', { name: 'Recevoir un nouveau lien' })).toBeVisible();
    await expectAccessible(page, { bestPractice: true });

    await page.goto(linkTo(second, '/verify-email'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adresse e-mail vérifiée !');
    await expectAccessible(page, { bestPractice: true });
    await expect(page).toHaveURL(/\/compte$/, { timeout: 6_000 });
    await expect(page.getByText(accountMessages.emailVerified)).toBeVisible();
    await expect(dashboard(page)).toBeVisible();
    await expect(verifyBanner(page)).toHaveCount(0);
  });

  test('the same address again (red): submit stays disabled and login is offered with it', async ({ page }) => {
    const form = await openRegistration(page);
    await form.getByRole('textbox', { name: 'Adresse e-mail' }).fill(customer.email);
    await form.getByRole('button', { name: 'Vérifier l’adresse' }).click();
    await expect(form.getByText(accountMessages.emailTaken)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Créer mon compte' })).toBeDisabled();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Se connecter avec cette adresse' }).click();
    await expect(loginForm(page).getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue(customer.email);
  });

  test('login without "remember me" (session storage), keeping ?tab=; with it (local storage); logout everywhere', async ({ page, context }) => {
    await page.goto('/compte?tab=invoices');
    await logIn(page, customer.email, 'Mauvais-mot-2026', false);
    await expect(loginForm(page).getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect');

    await logIn(page, customer.email, customer.password, false);
    await expect(dashboard(page)).toContainText(customer.email);
    await expect(page).toHaveURL(/\/compte\?tab=invoices$/);
    let stored = await storedUser(page);
    expect(JSON.parse(stored.session ?? 'null')).toMatchObject({ email: customer.email, email_verified: true });
    expect(stored.local).toBeNull();
    expect(stored.persistent).toBeNull();

    await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
    await expect(loginForm(page)).toBeVisible();
    stored = await storedUser(page);
    expect(stored).toEqual({ local: null, session: null, persistent: null });

    await logIn(page, customer.email, customer.password, true);
    await expect(dashboard(page)).toBeVisible();
    stored = await storedUser(page);
    expect(JSON.parse(stored.local ?? 'null')).toMatchObject({ email: customer.email });
    expect(JSON.parse(stored.persistent ?? 'null')).toHaveProperty('expires_at');
    expect(stored.session).toBeNull();

    // A second tab is signed in too, and follows the logout of the first one without a reload.
    const other = await context.newPage();
    await other.goto('/compte');
    await expect(dashboard(other)).toBeVisible();
    await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
    await expect(loginForm(page)).toBeVisible();
    await expect(loginForm(other)).toBeVisible();
    expect(await storedUser(page)).toEqual({ local: null, session: null, persistent: null });
    await page.reload();
    await expect(loginForm(page)).toBeVisible();
  });

  test('password reset through the mailed link; the old password stops working', async ({ page }) => {
    await page.goto('/compte');
    await loginForm(page).getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié');
    const send = page.getByRole('button', { name: 'Envoyer le lien' });
    await expect(send).toBeDisabled();
    await expectAccessible(page, { bestPractice: true });
    const already = (await mailsFor(customer.email, 'password_reset')).length;
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(customer.email);
    await send.click();
    await expect(page.getByText(accountMessages.forgotSent)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/compte');
    await expectAccessible(page);

    const mail = await waitForMail(customer.email, 'password_reset', { already });
    const link = linkTo(mail, '/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau mot de passe');
    const submit = page.getByRole('button', { name: 'Réinitialiser le mot de passe' });
    const password = page.getByLabel('Nouveau mot de passe', { exact: true });
    const confirmation = page.getByLabel('Confirmer le mot de passe', { exact: true });
    await expect(password).toBeVisible();
    await expectAccessible(page, { bestPractice: true });
    await expect(submit).toBeDisabled();
    await password.fill(customer.newPassword);
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await confirmation.fill(customer.newPassword.slice(0, -1));
    await expect(submit).toBeDisabled();
    await confirmation.fill(customer.newPassword);
    await expect(page.getByRole('list', { name: 'Exigences du mot de passe' }).getByRole('listitem')).toHaveText([
      /Au moins 8 caractères\s: respecté/,
      /identiques\s: respecté/,
    ]);
    await submit.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe réinitialisé !');
    await expect(page).toHaveURL(/\/compte$/, { timeout: 6_000 });
    await expect(page.getByText(accountMessages.passwordReset)).toBeVisible();

    await logIn(page, customer.email, customer.password, false);
    await expect(loginForm(page).getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect');
    await logIn(page, customer.email, customer.newPassword, false);
    await expect(dashboard(page)).toBeVisible();

    // The link is single-use.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lien invalide ou expiré');
    await expect(page.getByText("Ce lien de réinitialisation n'est plus valide.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
    await expectAccessible(page, { bestPractice: true });
  });

  test('a customer the store knows: the check reveals nothing; the mailed link opened elsewhere asks for the password, then links the store record', async ({ page, browser, request }) => {
    const known = await storeCustomerWithoutAccount(request);
    const form = await openRegistration(page);
    const email = form.getByRole('textbox', { name: 'Adresse e-mail' });
    await email.fill(known.email);
    await email.blur();
    // No store-customer oracle: the answer is the one any new address gets, with nothing of the record.
    await expect(form.getByText(accountMessages.emailAvailable)).toBeVisible();
    await expect(form.getByText(known.last_name, { exact: false })).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Prénom' }).fill(known.first_name);
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(known.last_name);
    await form.getByRole('textbox', { name: 'Téléphone' }).fill('06 12 34 56 78');
    await form.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
    await form.getByLabel('Confirmer le mot de passe', { exact: true }).fill(customer.password);
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText(accountMessages.created)).toBeVisible();
    await expect(verifyBanner(page)).toBeVisible();
    const before = (await (await page.request.get('/api/account/profile')).json()) as { data: { linked: boolean } };
    expect(before.data.linked).toBe(false);

    // The customer opens the mail on another device: she chooses the password there, and every
    // earlier session (the one that registered) ends.
    const mail = await waitForMail(known.email, 'email_verification');
    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      await phone.goto(linkTo(mail, '/verify-email'));
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Choisissez votre mot de passe');
      await expect(phone.getByText(accountMessages.passwordRequiredForProof)).toBeVisible();
      await expectAccessible(phone, { bestPractice: true });
      await phone.getByLabel('Nouveau mot de passe', { exact: true }).fill(customer.newPassword);
      await phone.getByLabel('Confirmer le mot de passe', { exact: true }).fill(customer.newPassword);
      await phone.getByRole('button', { name: 'Confirmer mon adresse' }).click();
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Adresse e-mail vérifiée !');
      await expect(phone).toHaveURL(/\/compte$/, { timeout: 6_000 });
      await expect(dashboard(phone)).toBeVisible();
      const after = (await (await phone.request.get('/api/account/profile')).json()) as { data: { linked: boolean; profile: { city: string } } };
      expect(after.data.linked).toBe(true);
    } finally {
      await other.close();
    }
    expect((await page.request.get('/api/account/profile')).status(), 'the registering session ended').toBe(401);
    expect((await page.request.post('/api/auth/login', { data: { email: known.email, password: customer.password, rememberMe: false } })).status()).toBe(401);
  });
});

test.describe('recovery pages', () => {
  test('/reset-password without token or e-mail, and with an unknown token: the invalid view', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lien invalide ou expiré');
    await expect(page.getByText(accountMessages.resetLinkInvalid)).toBeVisible();
    await expectAccessible(page, { bestPractice: true });

    await page.goto('/reset-password?token=inconnu-0123456789&email=personne%40example.fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lien invalide ou expiré');
    await expect(page.getByText('Lien ou code invalide ou expiré')).toBeVisible();
    await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('/verify-email: manual entry by default, resend with its e-mail rule and neutral answer', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vérification de l’adresse e-mail');
    await expect(page.getByRole('button', { name: 'Saisir le lien', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page, { bestPractice: true });
    await page.getByRole('button', { name: 'Vérifier mon adresse' }).click();
    await expect(page.getByText('Veuillez saisir le code de vérification')).toBeVisible();
    await page.getByRole('textbox', { name: 'Lien ou code de vérification' }).fill('http://localhost/verify-email?token=faux-0123456789');
    await page.getByRole('button', { name: 'Vérifier mon adresse' }).click();
    await expect(page.getByRole('alert')).toHaveText(accountMessages.tokenInvalid);

    await page.getByRole('button', { name: 'Nouveau lien', exact: true }).click();
    await page.getByRole('button', { name: 'Envoyer un nouveau lien' }).click();
    await expect(page.getByText(accountMessages.invalidEmail)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Adresse e-mail du compte' }).fill(`personne-${unique}@example.fr`);
    await page.getByRole('button', { name: 'Envoyer un nouveau lien' }).click();
    await expect(page.getByText(accountMessages.verificationSent)).toBeVisible();
  });
});

test.describe('phone layout (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  const fitsTheScreen = async (page: Page) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  };

  test('login, registration and the recovery pages fit the screen, their controls reachable', async ({ page }) => {
    await page.goto('/compte');
    await expect(loginForm(page)).toBeVisible();
    await fitsTheScreen(page);
    const submit = loginForm(page).getByRole('button', { name: 'Se connecter' });
    const box = await submit.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

    await page.getByRole('button', { name: 'Créer un compte' }).click();
    const form = registerForm(page);
    await form.getByRole('textbox', { name: 'Adresse e-mail' }).fill(`mobile-${unique}@example.fr`);
    await form.getByRole('button', { name: 'Vérifier l’adresse' }).click();
    await expect(form.getByText(accountMessages.emailAvailable)).toBeVisible();
    await fitsTheScreen(page);
    // One column: the password and its confirmation are stacked.
    const password = await form.getByLabel('Mot de passe', { exact: true }).boundingBox();
    const confirmation = await form.getByLabel('Confirmer le mot de passe', { exact: true }).boundingBox();
    expect(confirmation?.y ?? 0).toBeGreaterThan((password?.y ?? 0) + (password?.height ?? 0));
    await expectAccessible(page);

    for (const path of ['/forgot-password', '/verify-email', '/reset-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fitsTheScreen(page);
    }
  });
});
