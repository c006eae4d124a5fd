import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

/** The sign-in form's second step (issue 23 §5), with the API stubbed at fetch. */

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (message: string, status: number, code: string) => json({ success: false, message, statusCode: status, code }, status);
const user = {
  id: 7,
  email: 'gerant@exemple.fr',
  role: 'admin',
  repairdesk_customer_id: null,
  first_name: 'Gérant',
  last_name: '',
  phone: '',
  address: '',
  city: '',
  postal_code: '',
  email_verified: true,
};
const PENDING = 'p'.repeat(43);

function stub(secondStep: (body: { pendingToken: string; code: string }) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (url === '/api/auth/login') {
        return json({ success: true, twoFactorRequired: true, pendingToken: PENDING, expiresAt: new Date(Date.now() + 300_000).toISOString(), message: 'Saisissez le code.' });
      }
      if (url === '/api/auth/login/second-factor') {
        sent.push(body);
        return secondStep(body as { pendingToken: string; code: string });
      }
      return failure('Introuvable', 404, 'NOT_FOUND');
    }),
  );
  return sent;
}

async function passwordStep() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoginForm heading="Connexion administrateur" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), user.email);
  await userEvent.type(screen.getByLabelText('Mot de passe', { selector: 'input' }), 'Secret-2026!');
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
}

// The code step and the sign-in checks load when needed (React.lazy, import()): fetched once
// here, as a browser that has them cached, so the test waits on rendering, not on a module's
// first transform on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./second-factor-form'), import('./login-form-schema'), import('@hookform/resolvers/zod'), import('@erepare/shared/schemas/two-factor')]);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginForm, second step', () => {
  it('asks for the app’s code in a one-time-code field, focused, and signs in with it', async () => {
    const sent = stub(() => json({ success: true, token: 't', user, persistentSession: null, message: 'Connexion réussie' }));
    await passwordStep();
    const field = await screen.findByRole('textbox', { name: 'Code à 6 chiffres de votre application d’authentification' });
    expect(screen.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeInTheDocument();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, '123 456');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ pendingToken: PENDING, code: '123456' }]));
    await waitFor(() => expect(sessionStorage.getItem('user')).toContain(user.email));
  });

  it('announces a wrong code, switches to a recovery code, and goes back to the password when the step is over', async () => {
    let calls = 0;
    const sent = stub(() => {
      calls += 1;
      return calls === 1
        ? failure('Code incorrect ou expiré.', 401, 'TWO_FACTOR_INVALID')
        : failure('Code incorrect ou expiré. Saisissez à nouveau votre mot de passe.', 401, 'TWO_FACTOR_RESTART');
    });
    await passwordStep();
    const field = await screen.findByRole('textbox', { name: 'Code à 6 chiffres de votre application d’authentification' });
    // Checked in the browser first: six digits.
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier et se connecter' }));
    expect(await screen.findByText('Le code compte 6 chiffres.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, '654321{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Code incorrect ou expiré.');

    await userEvent.click(screen.getByRole('button', { name: 'Utiliser un code de secours' }));
    const recovery = screen.getByRole('textbox', { name: 'Code de secours' });
    await waitFor(() => expect(recovery).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(recovery, 'ABCD-EFGH{Enter}');
    // The pending sign-in is over: back to the password, with the reason.
    expect(await screen.findByRole('alert')).toHaveTextContent('Saisissez à nouveau votre mot de passe.');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Mot de passe', { selector: 'input' })).toHaveFocus());
    expect(sent.at(-1)).toEqual({ pendingToken: PENDING, code: 'abcdefgh' });
  });
});
