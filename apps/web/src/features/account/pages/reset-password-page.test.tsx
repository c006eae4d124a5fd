import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@erepare/shared/schemas/account';
import { deferred, failure, ok, renderAt, sessionUser, stubApi } from '../lib/auth-test-utils';
import { ResetPasswordPage } from './reset-password-page';

const VERIFY_TOKEN = '/api/password-reset/verify-token';
const RESET = '/api/password-reset/reset';
const LINK = '/reset-password?token=abcdefghijklmnop&email=Lea%40example.fr';

const password = () => screen.getByLabelText('Nouveau mot de passe', { selector: 'input' });
const confirmation = () => screen.getByLabelText('Confirmer le mot de passe', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: /Réinitialiser le mot de passe|Réinitialisation/ });
const requirement = (name: RegExp) =>
  screen
    .getAllByRole('listitem')
    .find((item) => name.test(item.textContent ?? '')) as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ResetPasswordPage', () => {
  it.each(['/reset-password', '/reset-password?token=abcdefghijklmnop', '/reset-password?email=lea%40example.fr'])(
    'a link without token or e-mail (%s) is invalid, with the way to a new link',
    (path) => {
      const { mock } = stubApi({});
      renderAt(<ResetPasswordPage />, path);
      expect(screen.getByRole('heading', { level: 1, name: 'Lien invalide ou expiré' })).toBeInTheDocument();
      expect(screen.getByText(accountMessages.resetLinkInvalid)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
      expect(mock).not.toHaveBeenCalled();
    },
  );

  it('checks the link first ("Vérification du lien..."), with the token and the e-mail of the query', async () => {
    // Each call gets its own answer (StrictMode may cancel the first call and ask again).
    const gate = deferred<void>();
    const { sent } = stubApi({ [VERIFY_TOKEN]: async () => gate.promise.then(() => ok(accountMessages.tokenValid)) });
    renderAt(<ResetPasswordPage />, LINK);
    expect(screen.getByRole('status')).toHaveTextContent('Vérification du lien...');
    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'Nouveau mot de passe' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' })).toBeInTheDocument();
    expect(sent[VERIFY_TOKEN]?.[0]).toEqual({ token: 'abcdefghijklmnop', email: 'lea@example.fr' });
  });

  it('a refused link shows the invalid view with the server’s message', async () => {
    stubApi({ [VERIFY_TOKEN]: () => failure(accountMessages.tokenInvalid, 400, 'TOKEN_INVALID') });
    renderAt(<ResetPasswordPage />, LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lien invalide ou expiré' })).toBeInTheDocument();
    expect(screen.getByText("Ce lien de réinitialisation n'est plus valide.")).toBeInTheDocument();
    expect(screen.getByText('Lien ou code invalide ou expiré')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
  });

  it('"Impossible de vérifier le lien" when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderAt(<ResetPasswordPage />, LINK);
    expect(await screen.findByRole('alert', undefined, { timeout: 3000 })).toHaveTextContent('Impossible de vérifier le lien');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('live checklist: submit stays disabled until 8 characters and matching passwords', async () => {
    stubApi({ [VERIFY_TOKEN]: () => ok(accountMessages.tokenValid) });
    renderAt(<ResetPasswordPage />, LINK);
    await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' });
    expect(screen.getByRole('list', { name: 'Exigences du mot de passe' })).toBeInTheDocument();
    expect(requirement(/Au moins 8 caractères/)).toHaveAttribute('data-met', 'false');
    expect(submit()).toBeDisabled();

    await userEvent.type(password(), 'Court1');
    await userEvent.tab();
    expect(screen.getByText(accountMessages.passwordTooShort)).toBeInTheDocument();
    await userEvent.type(password(), '2026');
    expect(requirement(/Au moins 8 caractères/)).toHaveAttribute('data-met', 'true');
    expect(requirement(/identiques/)).toHaveAttribute('data-met', 'false');
    expect(submit()).toBeDisabled();

    await userEvent.type(confirmation(), 'Court12027');
    await userEvent.tab();
    expect(screen.getByText(accountMessages.passwordsDiffer)).toBeInTheDocument();
    await userEvent.clear(confirmation());
    await userEvent.type(confirmation(), 'Court12026');
    expect(requirement(/identiques/)).toHaveAttribute('data-met', 'true');
    expect(submit()).toBeEnabled();
  });

  it('both fields show and hide their text', async () => {
    stubApi({ [VERIFY_TOKEN]: () => ok(accountMessages.tokenValid) });
    renderAt(<ResetPasswordPage />, LINK);
    await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' });
    await userEvent.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    await userEvent.click(screen.getByRole('button', { name: 'Afficher la confirmation' }));
    expect(password()).toHaveAttribute('type', 'text');
    expect(confirmation()).toHaveAttribute('type', 'text');
  });

  it('done: "Mot de passe réinitialisé !", signed out locally, then /compte after 3 s', async () => {
    sessionStorage.setItem('user', JSON.stringify(sessionUser()));
    const { sent } = stubApi({ [VERIFY_TOKEN]: () => ok(accountMessages.tokenValid), [RESET]: () => ok(accountMessages.passwordReset) });
    const { router } = renderAt(<ResetPasswordPage />, LINK);
    await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' });
    await userEvent.type(password(), 'Nouveau-2026');
    await userEvent.type(confirmation(), 'Nouveau-2026');
    await userEvent.click(submit());
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe réinitialisé !' })).toBeInTheDocument();
    expect(sent[RESET]?.[0]).toEqual({ token: 'abcdefghijklmnop', email: 'lea@example.fr', password: 'Nouveau-2026', confirmPassword: 'Nouveau-2026' });
    expect(sessionStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/compte'), { timeout: 4500 });
    expect(router.state.location.state).toEqual({ flash: accountMessages.passwordReset });
  });

  it('the server’s refusal of the reset shows in the red box; a network failure says so', async () => {
    let attempt = 0;
    stubApi({
      [VERIFY_TOKEN]: () => ok(accountMessages.tokenValid),
      [RESET]: () => {
        attempt += 1;
        if (attempt === 1) return failure(accountMessages.tokenInvalid, 400);
        throw new TypeError('Failed to fetch');
      },
    });
    renderAt(<ResetPasswordPage />, LINK);
    await screen.findByLabelText('Nouveau mot de passe', { selector: 'input' });
    await userEvent.type(password(), 'Nouveau-2026');
    await userEvent.type(confirmation(), 'Nouveau-2026');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.tokenInvalid);
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Impossible de réinitialiser le mot de passe'));
  });
});
