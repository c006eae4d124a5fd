import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@erepare/shared/schemas/account';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import { deferred, failure, json, ok, renderAt, sessionUser, stubApi } from '../lib/auth-test-utils';
import { storeSignedInUser } from '../../../lib/session';
import { AccountPage } from './account-page';
import { asRead } from '../../../test/read-text';

// The dashboard is another screen's business: a stand-in shows who it was given, with a logout.
vi.mock('../components/dashboard/account-dashboard', async () => {
  const { useLogout } = await import('../../../lib/session');
  return {
    AccountDashboard: ({ user }: { user: SessionUser }) => {
      const logout = useLogout();
      return (
        <div>
          <p>Tableau de bord de {user.first_name}</p>
          <button type="button" onClick={() => logout.mutate({})}>
            Se déconnecter
          </button>
        </div>
      );
    },
  };
});

const VERIFY = '/api/auth/verify-session';
const noSession = () => failure('Aucune session persistante trouvée', 401, 'NO_SESSION');
const session = (user: SessionUser) => json({ success: true, user, token: null, message: 'Session valide' });

// The registration form, the dashboard and the checks load when needed (React.lazy, import()):
// fetched once here, as a browser that has them cached, so each test waits on React's rendering
// and not on a module's first transform on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('../components/auth/register-form'),
    import('../components/dashboard/account-dashboard'),
    import('../../../components/login-form-schema'),
    import('@hookform/resolvers/zod'),
    import('@erepare/shared/schemas/auth'),
    import('@erepare/shared/schemas/two-factor'),
  ]);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('AccountPage', () => {
  it('a browser that holds a signed-in user shows a loading state while the session is verified', async () => {
    storeSignedInUser(sessionUser(), null);
    const gate = deferred<void>();
    stubApi({ [VERIFY]: async () => gate.promise.then(noSession) });
    renderAt(<AccountPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Vérification de la session…');
    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  });

  it('a browser that holds no signed-in user shows the sign-in form at once, and the dashboard if a session turns up', async () => {
    const gate = deferred<void>();
    stubApi({ [VERIFY]: async () => gate.promise.then(() => session(sessionUser({ first_name: 'Léa' }))) });
    renderAt(<AccountPage />);
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByText('Connectez-vous pour suivre vos réparations, vos factures et vos commandes.')).toBeInTheDocument();
    gate.resolve();
    expect(await screen.findByText('Tableau de bord de Léa')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connexion' })).not.toBeInTheDocument();
  });

  it('visitor: login with password show/hide, remember me and the forgotten-password link', async () => {
    stubApi({ [VERIFY]: noSession });
    renderAt(<AccountPage />);
    const form = await screen.findByRole('form', { name: 'Connexion' });
    expect(within(form).getByRole('textbox', { name: 'Adresse e-mail' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Mot de passe', { selector: 'input' })).toHaveAttribute('type', 'password');
    await userEvent.click(within(form).getByRole('button', { name: 'Afficher la saisie' }));
    expect(within(form).getByLabelText('Mot de passe', { selector: 'input' })).toHaveAttribute('type', 'text');
    expect(within(form).getByRole('checkbox', { name: 'Se souvenir de moi' })).not.toBeChecked();
    expect(within(form).getByRole('link', { name: 'Mot de passe oublié\u00a0?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('a refused login shows the server’s message in a red alert box', async () => {
    stubApi({ [VERIFY]: noSession, '/api/auth/login': () => failure('E-mail ou mot de passe incorrect', 401, 'INVALID_CREDENTIALS') });
    renderAt(<AccountPage />);
    const form = await screen.findByRole('form', { name: 'Connexion' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Adresse e-mail' }), 'lea@example.fr');
    await userEvent.type(within(form).getByLabelText('Mot de passe', { selector: 'input' }), 'mauvais');
    await userEvent.click(within(form).getByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('E-mail ou mot de passe incorrect');
    expect(alert.className).toContain('bg-red-50');
  });

  it('login keeps the page and its query (?tab=, ?ticket=) and shows the dashboard', async () => {
    const user = sessionUser();
    stubApi({
      [VERIFY]: noSession,
      '/api/auth/login': () => json({ success: true, token: 't', user, persistentSession: null, message: 'Connexion réussie' }),
    });
    const { router } = renderAt(<AccountPage />, '/compte?tab=invoices&ticket=T-6650');
    const form = await screen.findByRole('form', { name: 'Connexion' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Adresse e-mail' }), user.email);
    await userEvent.type(within(form).getByLabelText('Mot de passe', { selector: 'input' }), 'Secret-2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Tableau de bord de Léa')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/compte');
    expect(router.state.location.search).toBe('?tab=invoices&ticket=T-6650');
    expect(sessionStorage.getItem('user')).not.toBeNull();
  });

  it('the button switches to registration and back; switching drops the e-mail check result', async () => {
    stubApi({
      [VERIFY]: noSession,
      '/api/auth/check-email-availability': () =>
        json({
          success: true,
          available: true,
          recommendedAction: 'create_new',
          message: accountMessages.emailAvailable,
          accountData: null,
          repairDeskData: null,
        }),
    });
    renderAt(<AccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Créer un compte' }));
    // Focus follows the switch (the button pressed is gone), also when the form's code came later.
    expect(await screen.findByRole('heading', { name: 'Créer un compte' })).toHaveFocus();
    await userEvent.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'lea@example.fr');
    await userEvent.tab();
    expect(await screen.findByText(asRead(accountMessages.emailAvailable))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByRole('heading', { name: 'Connexion' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Créer un compte' }));
    expect(screen.queryByText(asRead(accountMessages.emailAvailable))).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('');
  });

  it('an address that already has an account leads back to login with that address', async () => {
    stubApi({
      [VERIFY]: noSession,
      '/api/auth/check-email-availability': () =>
        json({
          success: true,
          available: false,
          recommendedAction: 'login_existing',
          message: accountMessages.emailTaken,
          accountData: { email: 'lea@example.fr' },
          repairDeskData: null,
        }),
    });
    renderAt(<AccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Créer un compte' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Adresse e-mail' }), 'lea@example.fr');
    await userEvent.tab();
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter avec cette adresse' }));
    const form = screen.getByRole('form', { name: 'Connexion' });
    expect(within(form).getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('lea@example.fr');
  });

  it('after registration: the success message above the dashboard of the new, signed-in account', async () => {
    const user = sessionUser({ email_verified: false });
    const { sent } = stubApi({
      [VERIFY]: noSession,
      '/api/auth/check-email-availability': () =>
        json({
          success: true,
          available: true,
          recommendedAction: 'create_new',
          message: accountMessages.emailAvailable,
          accountData: null,
          repairDeskData: null,
        }),
      '/api/auth/register': () => json({ success: true, message: accountMessages.created, token: 't', user }, 201),
      '/api/email/signup': () => ok('ok'),
    });
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAt(<AccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Créer un compte' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Adresse e-mail' }), user.email);
    await userEvent.tab();
    await screen.findByText(asRead(accountMessages.emailAvailable));
    await userEvent.type(screen.getByLabelText('Mot de passe', { selector: 'input' }), 'Secret-2026');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe', { selector: 'input' }), 'Secret-2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Léa');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nom' }), 'Martin');
    await userEvent.type(screen.getByRole('textbox', { name: 'Téléphone' }), '0601020304');
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByText('Tableau de bord de Léa')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(accountMessages.created);
    // Shown from the top of the page, not where the form's button was.
    expect(scrolled).toHaveBeenCalledWith({ top: 0 });
    scrolled.mockRestore();
    await waitFor(() => expect(sent['/api/email/signup']).toHaveLength(1));
    // After a logout, the page starts again from the login form (mode reset).
    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('form', { name: 'Connexion' })).toBeInTheDocument();
  });

  it('signed in: the dashboard at once; logout goes back to the login form and clears what was stored', async () => {
    const user = sessionUser();
    sessionStorage.setItem('user', JSON.stringify(user));
    let signedIn = true;
    stubApi({
      [VERIFY]: () => (signedIn ? session(user) : noSession()),
      '/api/auth/logout': () => {
        signedIn = false;
        return ok('Déconnexion réussie');
      },
    });
    renderAt(<AccountPage />);
    expect(await screen.findByText('Tableau de bord de Léa')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('form', { name: 'Connexion' })).toBeInTheDocument();
    expect(sessionStorage.getItem('user')).toBeNull();
  });

  it('shows the message another page hands over (e-mail verified), once', async () => {
    stubApi({ [VERIFY]: noSession });
    const { router } = renderAt(<AccountPage />, '/forgot-password');
    await router.navigate('/compte?tab=repairs', { state: { flash: accountMessages.emailVerified } });
    expect(await screen.findByText(asRead(accountMessages.emailVerified))).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.search).toBe('?tab=repairs');
    expect(screen.getByText(asRead(accountMessages.emailVerified))).toBeInTheDocument();
  });
});
