import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import {
  AUTH_CHANGE_EVENT,
  LAST_ACTIVITY_KEY,
  OFFLINE_FALLBACK_MS,
  PERSISTENT_SESSION_KEY,
  USER_STORAGE_KEY,
  clearStoredSession,
  lastActivity,
  offlineFallback,
  readStoredUser,
  storeSignedInUser,
  useLogin,
  useLogout,
  useSession,
} from './session';

const HOUR = 3_600_000;

function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    email: 'lea@example.fr',
    role: 'customer',
    repairdesk_customer_id: null,
    first_name: 'Léa',
    last_name: 'Martin',
    phone: '0601020304',
    address: '',
    city: 'Arcachon',
    postal_code: '33120',
    email_verified: true,
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const verified = (u: SessionUser) => json({ success: true, user: u, token: null, message: 'Session valide' });
const refused = () => json({ success: false, message: 'Aucune session persistante trouvée', statusCode: 401, code: 'NO_SESSION' }, 401);

function stubFetch(handler: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const mock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(handler(url, init)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
}

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('session storage rules (spec 1 §4)', () => {
  it('keeps the user in local storage with "remember me", with the persistent session and the activity time', () => {
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z', 1_000);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({ email: 'lea@example.fr' });
    expect(JSON.parse(localStorage.getItem(PERSISTENT_SESSION_KEY) ?? 'null')).toEqual({ expires_at: '2099-01-01T00:00:00.000Z' });
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe('1000');
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('keeps the user in session storage only without "remember me"', () => {
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z');
    storeSignedInUser(user({ id: 8 }), null, 2_000);
    expect(JSON.parse(sessionStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({ id: 8 });
    expect(sessionStorage.getItem(LAST_ACTIVITY_KEY)).toBe('2000');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PERSISTENT_SESSION_KEY)).toBeNull();
  });

  it('drops a persistent session once its expires_at has passed', () => {
    const expires = Date.parse('2030-05-01T10:00:00.000Z');
    storeSignedInUser(user(), new Date(expires).toISOString(), expires - HOUR);
    expect(readStoredUser(expires - 1)).toMatchObject({ id: 7 });
    expect(readStoredUser(expires)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PERSISTENT_SESSION_KEY)).toBeNull();
  });

  it('offline fallback: keeps the stored user when the last activity is under 24 h old', () => {
    const now = Date.parse('2030-05-01T10:00:00.000Z');
    storeSignedInUser(user(), null, now - OFFLINE_FALLBACK_MS + 60_000);
    expect(offlineFallback(now)).toMatchObject({ id: 7 });
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });

  it('offline fallback: removes everything when the last activity is 24 h old or more', () => {
    const now = Date.parse('2030-05-01T10:00:00.000Z');
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z', now - OFFLINE_FALLBACK_MS);
    expect(offlineFallback(now)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PERSISTENT_SESSION_KEY)).toBeNull();
    expect(lastActivity()).toBeNull();
  });

  it('offline fallback: nothing stored means signed out', () => {
    expect(offlineFallback()).toBeNull();
  });

  it('clearStoredSession removes the session keys (and the spec’s token keys) from both areas, nothing else', () => {
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z');
    sessionStorage.setItem('token', 'x');
    localStorage.setItem('site_theme', 'dark');
    clearStoredSession();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('site_theme')).toBe('dark');
  });
});

describe('useSession', () => {
  it('returns the verified user and stores it where the session lives', async () => {
    stubFetch(() => verified(user({ first_name: 'Léa (à jour)' })));
    storeSignedInUser(user(), null, Date.now() - HOUR);
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(result.current.data).toMatchObject({ first_name: 'Léa (à jour)' }));
    expect(JSON.parse(sessionStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({ first_name: 'Léa (à jour)' });
    // The verification counts as activity.
    expect(Date.now() - (lastActivity() ?? 0)).toBeLessThan(5_000);
  });

  it('a 401 signs out and clears what was stored', async () => {
    stubFetch(() => refused());
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z');
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('a 401 for a check sent before a sign-in (in another tab) does not undo it: the check is asked again', async () => {
    let release: (() => void) | undefined;
    const calls: number[] = [];
    stubFetch(async () => {
      calls.push(calls.length + 1);
      if (calls.length === 1) {
        // The first check leaves without a cookie and is answered after the sign-in.
        await new Promise<void>((resolve) => (release = resolve));
        return refused();
      }
      return verified(user());
    });
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(release).toBeDefined());
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z');
    release?.();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({ id: 7 });
    expect(calls).toEqual([1, 2]);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({ id: 7 });
    expect(localStorage.getItem(PERSISTENT_SESSION_KEY)).not.toBeNull();
  });

  it('a network failure keeps a recently active stored user (offline fallback)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z', Date.now() - 2 * HOUR);
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({ id: 7 });
  });

  it('a network failure after 24 h without activity signs out', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z', Date.now() - 25 * HOUR);
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('a server failure (500) is treated like the network: the offline fallback decides', async () => {
    stubFetch(() => json({ success: false, message: 'Erreur technique lors de la vérification de session', statusCode: 500 }, 500));
    storeSignedInUser(user(), null, Date.now() - HOUR);
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(result.current.data).toMatchObject({ id: 7 }));
  });

  it('verifies again when the page becomes visible', async () => {
    const mock = stubFetch(() => verified(user()));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(mock).toHaveBeenCalledTimes(1);
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(mock).toHaveBeenCalledTimes(2));
  });

  it('verifies again when another tab changes the stored user (storage event)', async () => {
    const mock = stubFetch(() => verified(user()));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
    });
    await waitFor(() => expect(mock).toHaveBeenCalledTimes(2));
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'site_theme' }));
    });
    expect(mock).toHaveBeenCalledTimes(2);
  });

  it('a check whose answer comes after it was cancelled (its page closed) changes nothing stored', async () => {
    for (const answer of [() => verified(user({ first_name: 'Autre' })), refused]) {
      let answerWith: (response: Response) => void = () => undefined;
      const mock = stubFetch(() => new Promise<Response>((resolve) => (answerWith = resolve)));
      storeSignedInUser(user(), null);
      const storedUser = () => [localStorage.getItem(USER_STORAGE_KEY), sessionStorage.getItem(USER_STORAGE_KEY)];
      const stored = storedUser();
      expect(stored.join('')).toContain('Léa');
      const { unmount } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
      await waitFor(() => expect(mock).toHaveBeenCalledTimes(1));
      unmount();
      // The answer arrives anyway (as one already on its way would); its body read is the signal.
      const response = answer();
      const readBody = response.json.bind(response);
      let read: Promise<unknown> = Promise.resolve();
      const reading = new Promise<void>((resolve) => {
        response.json = () => {
          read = readBody();
          resolve();
          return read;
        };
      });
      answerWith(response);
      await reading;
      await read;
      // What the answer's code queued after its body (its checks, what it would store) runs first.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(storedUser()).toEqual(stored);
      vi.unstubAllGlobals();
    }
  });

  it('verifies again on an auth-change event from elsewhere in the app', async () => {
    const mock = stubFetch(() => verified(user()));
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(newClient()) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await act(async () => {
      window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT));
    });
    await waitFor(() => expect(mock).toHaveBeenCalledTimes(2));
  });

  it('a sign-out announced by another tab clears this tab’s session and data at once', async () => {
    let signedIn = true;
    stubFetch(() => (signedIn ? verified(user()) : refused()));
    const client = newClient();
    client.setQueryData(['account', 'invoices'], ['facture']);
    storeSignedInUser(user(), null);
    const { result } = renderHook(() => useSession(), { wrapper: wrapper(client) });
    await waitFor(() => expect(result.current.data).toMatchObject({ id: 7 }));
    signedIn = false;
    const otherTab = new BroadcastChannel('erepare-auth');
    otherTab.postMessage({ type: 'signed-out' });
    await waitFor(() => expect(result.current.data).toBeNull());
    otherTab.close();
    expect(client.getQueryData(['account', 'invoices'])).toBeUndefined();
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});

describe('useLogin / useLogout', () => {
  it('login with "remember me" stores the user and the persistent session in local storage', async () => {
    stubFetch((url) =>
      url.endsWith('/login')
        ? json({ success: true, token: 't', user: user(), persistentSession: { expires_at: '2099-01-01T00:00:00.000Z' }, message: 'Connexion réussie' })
        : verified(user()),
    );
    const client = newClient();
    const events: string[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<{ type: string }>).detail.type);
    window.addEventListener(AUTH_CHANGE_EVENT, listener);
    const { result } = renderHook(() => useLogin(), { wrapper: wrapper(client) });
    await act(() => result.current.mutateAsync({ email: 'lea@example.fr', password: 'Secret-2026', rememberMe: true }));
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(PERSISTENT_SESSION_KEY)).toContain('2099');
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(client.getQueryData(['session'])).toMatchObject({ id: 7 });
    expect(events).toEqual(['signed-in']);
  });

  it('login without "remember me" keeps the user in session storage only', async () => {
    stubFetch(() => json({ success: true, token: 't', user: user(), persistentSession: null, message: 'Connexion réussie' }));
    const { result } = renderHook(() => useLogin(), { wrapper: wrapper(newClient()) });
    await act(() => result.current.mutateAsync({ email: 'lea@example.fr', password: 'Secret-2026', rememberMe: false }));
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PERSISTENT_SESSION_KEY)).toBeNull();
  });

  it('logout clears every stored item and all loaded data, even when the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    storeSignedInUser(user(), '2099-01-01T00:00:00.000Z');
    const client = newClient();
    client.setQueryData(['session'], user());
    client.setQueryData(['account', 'tickets'], [1, 2]);
    client.setQueryData(['site-settings'], { title: 'E.repare' });
    const { result } = renderHook(() => useLogout(), { wrapper: wrapper(client) });
    await act(async () => {
      await result.current.mutateAsync({}).catch(() => undefined);
    });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(PERSISTENT_SESSION_KEY)).toBeNull();
    expect(lastActivity()).toBeNull();
    expect(client.getQueryData(['session'])).toBeNull();
    expect(client.getQueryData(['account', 'tickets'])).toBeUndefined();
    expect(client.getQueryData(['site-settings'])).toEqual({ title: 'E.repare' });
  });
});
