import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@erepare/shared/schemas/account';
import { deferred, failure, ok, renderAt, stubApi } from '../lib/auth-test-utils';
import { ForgotPasswordPage } from './forgot-password-page';

const FORGOT = '/api/password-reset/forgot';
const emailField = () => screen.getByRole('textbox', { name: 'Adresse e-mail' });
const sendButton = () => screen.getByRole('button', { name: /Envoyer le lien|Envoi en cours/ });

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordPage', () => {
  it('keeps the button disabled while the field is empty', async () => {
    stubApi({});
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await userEvent.type(emailField(), '   ');
    expect(sendButton()).toBeDisabled();
    await userEvent.type(emailField(), 'a');
    expect(sendButton()).toBeEnabled();
  });

  it('says "Envoi en cours...", then shows the neutral confirmation with the way back to /compte', async () => {
    const pending = deferred<Response>();
    const { sent } = stubApi({ [FORGOT]: () => pending.promise });
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(emailField(), ' Lea@Example.fr ');
    await userEvent.click(sendButton());
    expect(screen.getByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
    pending.resolve(ok(accountMessages.forgotSent));
    expect(await screen.findByText(accountMessages.forgotSent)).toBeInTheDocument();
    expect(sent[FORGOT]).toEqual([{ email: 'lea@example.fr' }]);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/compte');
  });

  it('refuses a malformed address without calling the server', async () => {
    const { mock } = stubApi({});
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(emailField(), 'lea@');
    await userEvent.click(sendButton());
    expect(screen.getByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(mock).not.toHaveBeenCalled();
  });

  it('shows the server’s message (e.g. too many requests)', async () => {
    stubApi({ [FORGOT]: () => failure(accountMessages.tooManyRequests, 429) });
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(emailField(), 'lea@example.fr');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.tooManyRequests);
  });

  it('"Une erreur est survenue" when the server gives no message', async () => {
    stubApi({ [FORGOT]: () => new Response('<html>oops</html>', { status: 500 }) });
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(emailField(), 'lea@example.fr');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
  });

  it('"Impossible de contacter le serveur" when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    await userEvent.type(emailField(), 'lea@example.fr');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de contacter le serveur');
  });
});
