import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@erepare/shared/schemas/account';
import { failure, json, ok, renderAt, sessionUser, stubApi } from '../../lib/auth-test-utils';
import { RegisterForm } from './register-form';
import { asRead } from '../../../../test/read-text';

const CHECK = '/api/auth/check-email-availability';
const REGISTER = '/api/auth/register';
const SIGNUP = '/api/email/signup';

const availability = (recommendedAction: 'create_new' | 'create_with_repairdesk' | 'login_existing', email = 'lea.martin@example.fr') => {
  const base = { success: true, accountData: null, repairDeskData: null };
  if (recommendedAction === 'create_new') return json({ ...base, available: true, recommendedAction, message: accountMessages.emailAvailable });
  if (recommendedAction === 'login_existing')
    return json({ ...base, available: false, recommendedAction, message: accountMessages.emailTaken, accountData: { email } });
  return json({
    ...base,
    available: true,
    recommendedAction,
    message: accountMessages.emailKnownInStore,
    repairDeskData: { first_name: 'Léa', last_name: 'M.', city: 'Gujan-Mestras' },
  });
};

const registered = () =>
  json({ success: true, message: accountMessages.created, token: 'tok', user: sessionUser({ email_verified: false }) }, 201);

const emailInput = () => screen.getByRole('textbox', { name: 'Adresse e-mail' });
const submitButton = () => screen.getByRole('button', { name: 'Créer mon compte' });
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

function setup(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi(routes);
  const onRegistered = vi.fn();
  const onSwitchToLogin = vi.fn();
  const view = renderAt(<RegisterForm onRegistered={onRegistered} onSwitchToLogin={onSwitchToLogin} />);
  return { ...api, ...view, onRegistered, onSwitchToLogin };
}

async function fillRequired({ phone = true } = {}) {
  await userEvent.type(field('Mot de passe'), 'Secret-2026');
  await userEvent.type(field('Confirmer le mot de passe'), 'Secret-2026');
  if (!(field('Prénom') as HTMLInputElement).value) await userEvent.type(field('Prénom'), 'Léa');
  await userEvent.type(field('Nom'), 'Martin');
  if (phone) await userEvent.type(screen.getByRole('textbox', { name: /^Téléphone/ }), '06 01 02 03 04');
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('RegisterForm: the e-mail check (spec 1 §4)', () => {
  it('checks the address on blur; a new address is green and enables submit', async () => {
    const { sent } = setup({ [CHECK]: () => availability('create_new') });
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText('Vérifiez d’abord votre adresse e-mail pour pouvoir créer votre compte.')).toBeInTheDocument();
    await userEvent.type(emailInput(), ' Lea.Martin@Example.fr ');
    await userEvent.tab();
    const result = await screen.findByText(asRead(accountMessages.emailAvailable));
    expect(result.closest('[data-outcome]')).toHaveAttribute('data-outcome', 'create_new');
    expect(result.closest('[data-outcome]')?.className).toContain('emerald');
    expect(sent[CHECK]).toEqual([{ email: 'lea.martin@example.fr' }]);
    expect(submitButton()).toBeEnabled();
    // The result is announced with the field.
    expect(emailInput().getAttribute('aria-describedby')).toContain('register-email-check');
  });

  it('checks with the button too, and explains a malformed address without calling the server', async () => {
    const { mock } = setup({ [CHECK]: () => availability('create_new') });
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier l’adresse' }));
    expect(screen.getByText('L’adresse e-mail est requise')).toBeInTheDocument();
    await userEvent.type(emailInput(), 'lea@');
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier l’adresse' }));
    expect(screen.getByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(mock).not.toHaveBeenCalled();
  });

  it('an address with an account is red, keeps submit disabled and offers to log in with it', async () => {
    const { onSwitchToLogin } = setup({ [CHECK]: () => availability('login_existing') });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier l’adresse' }));
    const result = await screen.findByText(asRead(accountMessages.emailTaken));
    expect(result.closest('[data-outcome]')).toHaveAttribute('data-outcome', 'login_existing');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText('Cette adresse a déjà un compte : connectez-vous.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter avec cette adresse' }));
    expect(onSwitchToLogin).toHaveBeenCalledWith('lea.martin@example.fr');
  });

  it('a failed check counts as available (spec 1 §5), said neutrally', async () => {
    setup({ [CHECK]: () => failure('Trop de demandes. Veuillez réessayer dans quelques minutes.', 429) });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    expect(await screen.findByText(asRead(accountMessages.checkUnavailable))).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('a result holds only for the address it was given for', async () => {
    setup({ [CHECK]: () => availability('create_new') });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    await screen.findByText(asRead(accountMessages.emailAvailable));
    await userEvent.type(emailInput(), 'x');
    expect(screen.queryByText(asRead(accountMessages.emailAvailable))).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });
});

describe('RegisterForm: a customer the store knows (orange)', () => {
  it('offers the store’s details: first name and city filled, last-name initial as a hint, phone optional', async () => {
    const { sent } = setup({ [CHECK]: () => availability('create_with_repairdesk'), [REGISTER]: registered, [SIGNUP]: () => ok('ok') });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    const result = await screen.findByText(asRead(accountMessages.emailKnownInStore));
    expect(result.closest('[data-outcome]')).toHaveAttribute('data-outcome', 'create_with_repairdesk');
    expect(result.closest('[data-outcome]')?.className).toContain('orange');
    expect(screen.getByText('Léa M., Gujan-Mestras')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Reprendre mes informations du magasin' }));
    expect(field('Prénom')).toHaveValue('Léa');
    expect(field('Ville (facultatif)')).toHaveValue('Gujan-Mestras');
    expect(field('Nom')).toHaveValue('');
    expect(field('Nom')).toHaveAccessibleDescription('Au magasin, votre nom commence par «\u00a0M.\u00a0»\u00a0: saisissez-le en entier.');
    expect(screen.getByText('Informations du magasin reprises : le téléphone devient facultatif.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Téléphone (facultatif)' })).toBeInTheDocument();

    await fillRequired({ phone: false });
    await userEvent.click(submitButton());
    await waitFor(() => expect(sent[REGISTER]).toHaveLength(1));
    expect(sent[REGISTER]?.[0]).toMatchObject({ first_name: 'Léa', last_name: 'Martin', city: 'Gujan-Mestras', phone: '' });
  });

  it('editing a detail the store filled clears the flag: the phone is required again', async () => {
    const { sent } = setup({ [CHECK]: () => availability('create_with_repairdesk'), [REGISTER]: registered });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    await userEvent.click(await screen.findByRole('button', { name: 'Reprendre mes informations du magasin' }));
    await userEvent.type(field('Prénom'), 'h');
    expect(screen.getByRole('textbox', { name: 'Téléphone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reprendre mes informations du magasin' })).toBeInTheDocument();
    await fillRequired({ phone: false });
    await userEvent.click(submitButton());
    expect(await screen.findByText('Le téléphone est requis')).toBeInTheDocument();
    expect(sent[REGISTER]).toBeUndefined();
  });
});

describe('RegisterForm: rules and messages (spec 1 §5, §8)', () => {
  it('shows the password hint and the required-field messages', async () => {
    setup({ [CHECK]: () => availability('create_new') });
    expect(field('Mot de passe')).toHaveAccessibleDescription(accountMessages.passwordHint);
    expect(field('Mot de passe')).toHaveAttribute('minlength', '8');
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    await screen.findByText(asRead(accountMessages.emailAvailable));
    await userEvent.click(submitButton());
    expect(await screen.findByText('Le mot de passe est requis')).toBeInTheDocument();
    expect(screen.getByText('Veuillez confirmer le mot de passe')).toBeInTheDocument();
    expect(screen.getByText('Le prénom est requis')).toBeInTheDocument();
    expect(screen.getByText('Le nom est requis')).toBeInTheDocument();
    expect(screen.getByText('Le téléphone est requis')).toBeInTheDocument();
    // Address, city and postal code are optional.
    expect(field('Adresse (facultatif)')).not.toHaveAttribute('aria-invalid');
    expect(field('Code postal (facultatif)')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a short password and two different passwords with the spec’s messages', async () => {
    setup({ [CHECK]: () => availability('create_new') });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    await screen.findByText(asRead(accountMessages.emailAvailable));
    await userEvent.type(field('Mot de passe'), 'Court1');
    await userEvent.type(field('Confirmer le mot de passe'), 'Autre-2026');
    await userEvent.click(submitButton());
    expect(await screen.findByText(asRead(accountMessages.passwordTooShort))).toBeInTheDocument();
    expect(screen.getByText(asRead(accountMessages.passwordsDiffer))).toBeInTheDocument();
    expect(field('Confirmer le mot de passe')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows and hides the password', async () => {
    setup({});
    const password = field('Mot de passe');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('creates the account with the spec’s payload and unticked consents, signs in and asks for the sign-up e-mails', async () => {
    const { sent, onRegistered, client } = setup({ [CHECK]: () => availability('create_new'), [REGISTER]: registered, [SIGNUP]: () => ok('ok') });
    expect(screen.getByRole('checkbox', { name: /par e-mail/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /par SMS/ })).not.toBeChecked();
    await userEvent.type(emailInput(), 'Lea.Martin@example.fr');
    await userEvent.tab();
    await screen.findByText(asRead(accountMessages.emailAvailable));
    await fillRequired();
    await userEvent.type(field('Adresse (facultatif)'), '12 rue des Pins');
    await userEvent.type(field('Code postal (facultatif)'), '33470');
    await userEvent.click(screen.getByRole('checkbox', { name: /par SMS/ }));
    await userEvent.click(submitButton());

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(accountMessages.created));
    expect(sent[REGISTER]?.[0]).toEqual({
      first_name: 'Léa',
      last_name: 'Martin',
      email: 'lea.martin@example.fr',
      phone: '06 01 02 03 04',
      address: '12 rue des Pins',
      city: '',
      postal_code: '33470',
      accountType: 'Client',
      password: 'Secret-2026',
      confirmPassword: 'Secret-2026',
      email_opt_in: false,
      sms_opt_in: true,
      rememberMe: false,
    });
    await waitFor(() => expect(sent[SIGNUP]).toHaveLength(1));
    expect(sent[SIGNUP]?.[0]).toMatchObject({ email: 'lea.martin@example.fr', accountType: 'Client' });
    // Signed in without "remember me": session storage only.
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toMatchObject({ id: 41 });
    expect(client.getQueryData(['session'])).toMatchObject({ id: 41 });
    // The form and the check are reset.
    expect(emailInput()).toHaveValue('');
    expect(screen.queryByText(asRead(accountMessages.emailAvailable))).not.toBeInTheDocument();
  });

  it('ignores a failure of the sign-up e-mails', async () => {
    const { onRegistered } = setup({
      [CHECK]: () => availability('create_new'),
      [REGISTER]: registered,
      [SIGNUP]: () => failure('Trop de demandes.', 429),
    });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    await screen.findByText(asRead(accountMessages.emailAvailable));
    await fillRequired();
    await userEvent.click(submitButton());
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an address taken meanwhile: the server’s message in the red box, and the check turns red', async () => {
    setup({ [CHECK]: () => availability('create_new'), [REGISTER]: () => failure(accountMessages.emailTaken, 409, 'EMAIL_TAKEN') });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    await screen.findByText(asRead(accountMessages.emailAvailable));
    await fillRequired();
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.emailTaken);
    expect(submitButton()).toBeDisabled();
  });

  it('a server failure without a message gives the spec’s technical message', async () => {
    setup({ [CHECK]: () => availability('create_new'), [REGISTER]: () => new Response('<html>502</html>', { status: 502 }) });
    await userEvent.type(emailInput(), 'lea.martin@example.fr');
    await userEvent.tab();
    await screen.findByText(asRead(accountMessages.emailAvailable));
    await fillRequired();
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.technicalRegister);
  });
});
