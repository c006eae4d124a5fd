import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@erepare/shared/schemas/account';
import { failure, json, ok, renderAt, stubApi } from '../lib/auth-test-utils';
import { VerifyEmailPage } from './verify-email-page';
import { asRead } from '../../../test/read-text';

const VERIFY = '/api/email-verification/verify';
const RESEND = '/api/email-verification/resend';
const TOKEN = 'tok_0123456789abcdef';
const verified = (signedIn = false) => json({ success: true, message: accountMessages.emailVerified, signedIn, email: 'lea@example.fr' });

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('auto mode: verifies the token of the address once, then "Adresse e-mail vérifiée !" and /compte after 3 s with the message', async () => {
    const { sent } = stubApi({ [VERIFY]: () => verified() });
    const { router } = renderAt(<VerifyEmailPage />, `/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Adresse e-mail vérifiée\u00a0!' })).toBeInTheDocument();
    expect(screen.getByText('Votre adresse e-mail est confirmée et votre compte est activé.')).toBeInTheDocument();
    // StrictMode runs effects twice: the single-use token is still sent once.
    expect(sent[VERIFY]).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/compte'), { timeout: 4500 });
    expect(router.state.location.state).toEqual({ flash: 'Adresse e-mail vérifiée\u00a0! Vous pouvez maintenant vous connecter.' });
  });

  it('a link opened a second time says the address is already verified, not « lien invalide » (issue 22 §4.3)', async () => {
    stubApi({ [VERIFY]: () => json({ success: true, message: accountMessages.emailAlreadyVerified, signedIn: false, email: 'lea@example.fr' }) });
    renderAt(<VerifyEmailPage />, `/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(asRead(accountMessages.emailAlreadyVerified))).toBeInTheDocument();
    expect(screen.queryByText(asRead(accountMessages.tokenInvalid))).not.toBeInTheDocument();
  });

  it('a proof that asks for the password: the form, then the same token with the chosen password, signed in', async () => {
    let calls = 0;
    const { sent } = stubApi({
      [VERIFY]: () => {
        calls += 1;
        return calls === 1 ? failure(accountMessages.passwordRequiredForProof, 409, 'PASSWORD_REQUIRED') : verified(true);
      },
    });
    renderAt(<VerifyEmailPage />, `/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' })).toBeInTheDocument();
    expect(screen.getByText(asRead(accountMessages.passwordRequiredForProof))).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Confirmer mon adresse' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'Choisi-1234');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'Choisi-1234');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Adresse e-mail vérifiée\u00a0!' })).toBeInTheDocument();
    expect(screen.getByText(/Vous êtes connecté avec le mot de passe que vous venez de choisir/)).toBeInTheDocument();
    expect(sent[VERIFY]).toEqual([{ token: TOKEN }, { token: TOKEN, password: 'Choisi-1234', confirmPassword: 'Choisi-1234' }]);
  });

  it('auto mode failure: the server’s message, and the offer to paste the link or get a new one', async () => {
    stubApi({ [VERIFY]: () => failure(accountMessages.tokenInvalid, 400, 'TOKEN_INVALID') });
    renderAt(<VerifyEmailPage />, `/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lien ou code invalide ou expiré');
    expect(screen.getByRole('button', { name: 'Automatique' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Saisir le lien ou le code' }));
    expect(screen.getByRole('button', { name: 'Saisir le lien' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Lien ou code de vérification' })).toBeInTheDocument();
    // The failure message is cleared with the change of mode.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('network failure: "Erreur de connexion. Veuillez réessayer."', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderAt(<VerifyEmailPage />, `/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de connexion. Veuillez réessayer.');
  });

  it('manual mode without a token: the field must not be empty; a pasted link is understood', async () => {
    const { sent } = stubApi({ [VERIFY]: () => verified() });
    renderAt(<VerifyEmailPage />, '/verify-email');
    expect(screen.getByRole('button', { name: 'Saisir le lien' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Nouveau lien' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Automatique' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier mon adresse' }));
    expect(screen.getByText('Veuillez saisir le code de vérification')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Lien ou code de vérification' }), `http://localhost:3000/verify-email?token=${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier mon adresse' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Adresse e-mail vérifiée\u00a0!' })).toBeInTheDocument();
    expect(sent[VERIFY]).toEqual([{ token: TOKEN }]);
  });

  it('resend mode: "Veuillez entrer une adresse e-mail valide" without "@", then the neutral answer', async () => {
    const { sent } = stubApi({ [RESEND]: () => ok(accountMessages.verificationSent) });
    renderAt(<VerifyEmailPage />, '/verify-email');
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau lien' }));
    const email = screen.getByRole('textbox', { name: 'Adresse e-mail du compte' });
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer un nouveau lien' }));
    expect(screen.getByText('Veuillez entrer une adresse e-mail valide')).toBeInTheDocument();
    await userEvent.type(email, 'lea.example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer un nouveau lien' }));
    expect(screen.getByText('Veuillez entrer une adresse e-mail valide')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'Lea@Example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer un nouveau lien' }));
    expect(await screen.findByText(asRead(accountMessages.verificationSent))).toBeInTheDocument();
    expect(sent[RESEND]).toEqual([{ email: 'lea@example.fr' }]);
  });

  it('resend network failure: "Erreur de connexion. Veuillez réessayer."', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderAt(<VerifyEmailPage />, '/verify-email');
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau lien' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Adresse e-mail du compte' }), 'lea@example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer un nouveau lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de connexion. Veuillez réessayer.');
  });
});
