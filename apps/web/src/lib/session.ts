import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deviceFingerprint } from '@erepare/shared/fingerprint';
import type { LoginResponse, SessionUser } from '@erepare/shared/schemas/auth';
import type { SecondFactorRequest } from '@erepare/shared/schemas/two-factor';
import { ApiError, apiRequest, loadForRequest } from './api-client';
import { readItem, readJson, writeItem } from './storage';

/**
 * The answers' schemas (zod, ~27 kB gzip with what they import) come with the first request, not
 * with the page: /compte paints its sign-in form without them (decisions: « Les schémas des
 * réponses viennent avec la première requête »).
 */
const authSchemas = () => loadForRequest(() => import('@erepare/shared/schemas/auth'));
const twoFactorSchemas = () => loadForRequest(() => import('@erepare/shared/schemas/two-factor'));

/**
 * The browser side of the session (spec 1 §4). The server stays the authority: the session itself
 * is an httpOnly cookie that scripts never see, and every page that needs the user asks
 * /api/auth/verify-session. What the browser keeps is what the spec lists:
 *   - the user under the "user" key, in local storage with "remember me", else in session storage;
 *   - the persistent session's expires_at (local storage, "remember me" only), dropped once past;
 *   - the time of the last activity, for the offline fallback (a user whose session cannot be
 *     verified for a network reason stays signed in when the last activity is under 24 h old).
 * Tabs keep in step through the `storage` event on "user" and a BroadcastChannel.
 */

export const SESSION_KEY = ['session'] as const;
export const USER_STORAGE_KEY = 'user';
export const PERSISTENT_SESSION_KEY = 'persistentSession';
export const LAST_ACTIVITY_KEY = 'lastActivity';
/** Spec 1 §9: offline session fallback 86400000 ms. */
export const OFFLINE_FALLBACK_MS = 86_400_000;
/** Fired on window when this tab signs in or out (spec 1 §4 "auth-change"). */
export const AUTH_CHANGE_EVENT = 'auth-change';
const CHANNEL_NAME = 'erepare-auth';
/** Keys the spec's client used for tokens: never written by this app, cleared on logout all the same. */
const LEGACY_KEYS = ['token', 'authToken', 'sessionToken', 'tempSessionToken', 'tempUser', 'deviceFingerprint'];
const AREAS = ['local', 'session'] as const;
/** Activity is written at most once a minute. */
const ACTIVITY_THROTTLE_MS = 60_000;
/** A tab shown again re-verifies its session unless it did so in the last seconds. */
const REVERIFY_AFTER_MS = 5_000;

type PersistentSession = { expires_at: string };
type AuthMessage = { type: 'signed-in' | 'signed-out' };

export function currentFingerprint(): string {
  return deviceFingerprint({
    userAgent: navigator.userAgent,
    language: navigator.language,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    timezoneOffset: new Date().getTimezoneOffset(),
  });
}

// ───────────────── Storage rules ─────────────────

function removeIfPresent(key: string, area: 'local' | 'session'): void {
  if (readItem(key, area) !== null) writeItem(key, null, area);
}

/** Writes a value unless it is already there (an identical write would still wake other tabs' listeners in some browsers). */
function writeIfChanged(key: string, value: string, area: 'local' | 'session'): void {
  if (readItem(key, area) !== value) writeItem(key, value, area);
}

/** Where the current session lives: local storage for a persistent ("remember me") session. */
function sessionArea(): 'local' | 'session' {
  return readItem(PERSISTENT_SESSION_KEY, 'local') !== null ? 'local' : 'session';
}

/** Removes everything the session stored, in both areas (logout, expired or refused session). */
export function clearStoredSession(): void {
  for (const area of AREAS) {
    for (const key of [USER_STORAGE_KEY, PERSISTENT_SESSION_KEY, LAST_ACTIVITY_KEY, ...LEGACY_KEYS]) removeIfPresent(key, area);
  }
}

/** After a login or a registration: "remember me" keeps the user in local storage, otherwise in session storage only. */
export function storeSignedInUser(user: SessionUser, expiresAt: string | null, now = Date.now()): void {
  clearStoredSession();
  const area = expiresAt ? 'local' : 'session';
  if (expiresAt) writeItem(PERSISTENT_SESSION_KEY, JSON.stringify({ expires_at: expiresAt } satisfies PersistentSession), 'local');
  writeItem(USER_STORAGE_KEY, JSON.stringify(user), area);
  writeItem(LAST_ACTIVITY_KEY, String(now), area);
}

/** After a successful verification: the fresh user replaces the stored one, in the same area. */
export function updateStoredUser(user: SessionUser, now = Date.now()): void {
  const area = sessionArea();
  const other = area === 'local' ? 'session' : 'local';
  removeIfPresent(USER_STORAGE_KEY, other);
  writeIfChanged(USER_STORAGE_KEY, JSON.stringify(user), area);
  touchActivity(now);
}

/** The stored user, or null; a persistent session past its expires_at is dropped first. */
export function readStoredUser(now = Date.now()): SessionUser | null {
  const persistent = readJson<PersistentSession>(PERSISTENT_SESSION_KEY, 'local');
  if (persistent) {
    const expires = Date.parse(persistent.expires_at);
    if (!Number.isFinite(expires) || expires <= now) {
      clearStoredSession();
      return null;
    }
  }
  return readJson<SessionUser>(USER_STORAGE_KEY, 'local') ?? readJson<SessionUser>(USER_STORAGE_KEY, 'session');
}

export function lastActivity(): number | null {
  const raw = readItem(LAST_ACTIVITY_KEY, 'local') ?? readItem(LAST_ACTIVITY_KEY, 'session');
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Records activity of a signed-in user (nothing is written for a visitor). */
export function touchActivity(now = Date.now()): void {
  if (readItem(USER_STORAGE_KEY, 'local') === null && readItem(USER_STORAGE_KEY, 'session') === null) return;
  writeItem(LAST_ACTIVITY_KEY, String(now), sessionArea());
}

/**
 * The session could not be verified for a network (or server) reason: the stored user stays
 * signed in when the last activity is under 24 h old; otherwise everything stored is removed.
 */
export function offlineFallback(now = Date.now()): SessionUser | null {
  const user = readStoredUser(now);
  const activity = lastActivity();
  if (user && activity !== null && now - activity >= 0 && now - activity < OFFLINE_FALLBACK_MS) return user;
  clearStoredSession();
  return null;
}

// ───────────────── Tabs in step ─────────────────

let channel: BroadcastChannel | null | undefined;

/**
 * One channel per tab, for sending and receiving: a channel object never receives its own
 * messages, so a tab is not woken by its own announcements.
 */
function authChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  try {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    // Node's implementation (unit tests) would otherwise keep the process alive.
    (channel as (BroadcastChannel & { unref?: () => void }) | null)?.unref?.();
  } catch {
    channel = null;
  }
  return channel;
}

/** Tells this tab's other code (auth-change) and the other tabs (BroadcastChannel) about a sign-in or sign-out. */
function announce(type: AuthMessage['type']): void {
  window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail: { type, source: 'session' } }));
  try {
    authChannel()?.postMessage({ type } satisfies AuthMessage);
  } catch {
    // A closed channel: the storage event still reaches tabs with a remembered user.
  }
}

/** Everything loaded for the signed-in user goes; the site settings stay (they are the same for all). */
function dropLoadedData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site-settings' && query.queryKey[0] !== SESSION_KEY[0] });
}

/** This tab is now signed in as `user` (login or registration). */
export function signInLocally(queryClient: QueryClient, user: SessionUser, expiresAt: string | null): void {
  dropLoadedData(queryClient);
  storeSignedInUser(user, expiresAt);
  queryClient.setQueryData(SESSION_KEY, user);
  announce('signed-in');
}

/** This tab is signed out (logout, or a password reset that closed every session): stored items and loaded data go. */
export function signOutLocally(queryClient: QueryClient): void {
  clearStoredSession();
  dropLoadedData(queryClient);
  queryClient.setQueryData(SESSION_KEY, null);
  announce('signed-out');
}

let sync: { client: QueryClient; users: number; stop: () => void } | null = null;

/** Listeners that keep the session right while at least one component uses it. */
function startSync(queryClient: QueryClient): () => void {
  const reverify = () => void queryClient.invalidateQueries({ queryKey: SESSION_KEY });

  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    const state = queryClient.getQueryState(SESSION_KEY);
    if (state && Date.now() - state.dataUpdatedAt < REVERIFY_AFTER_MS) return;
    reverify();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_STORAGE_KEY || event.key === null) reverify();
  };
  const onAuthChange = (event: Event) => {
    // Our own announcements already updated this tab; another part of the app may ask for a check.
    if ((event as CustomEvent<{ source?: string } | undefined>).detail?.source === 'session') return;
    reverify();
  };
  let lastTouch = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - lastTouch < ACTIVITY_THROTTLE_MS) return;
    lastTouch = now;
    touchActivity(now);
  };
  const tabs = authChannel();
  const onMessage = (event: MessageEvent<AuthMessage>) => {
    if (event.data?.type === 'signed-out') {
      clearStoredSession();
      dropLoadedData(queryClient);
      queryClient.setQueryData(SESSION_KEY, null);
    }
    reverify();
  };

  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('storage', onStorage);
  window.addEventListener(AUTH_CHANGE_EVENT, onAuthChange);
  window.addEventListener('pointerdown', onActivity, { passive: true });
  window.addEventListener('keydown', onActivity, { passive: true });
  tabs?.addEventListener('message', onMessage);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(AUTH_CHANGE_EVENT, onAuthChange);
    window.removeEventListener('pointerdown', onActivity);
    window.removeEventListener('keydown', onActivity);
    tabs?.removeEventListener('message', onMessage);
  };
}

function useSessionSync(queryClient: QueryClient): void {
  useEffect(() => {
    if (sync && sync.client !== queryClient) {
      sync.stop();
      sync = null;
    }
    sync ??= { client: queryClient, users: 0, stop: startSync(queryClient) };
    sync.users += 1;
    return () => {
      if (!sync || sync.client !== queryClient) return;
      sync.users -= 1;
      if (sync.users === 0) {
        sync.stop();
        sync = null;
      }
    };
  }, [queryClient]);
}

// ───────────────── Hooks ─────────────────

/** The stored user as written (either area): what a verification's answer is compared against. */
function storedUserText(): string | null {
  return readItem(USER_STORAGE_KEY, 'local') ?? readItem(USER_STORAGE_KEY, 'session');
}

const cancelled = () => new DOMException('Vérification de session annulée', 'AbortError');

async function verifySession(signal: AbortSignal, again = true): Promise<SessionUser | null> {
  // A sign-in (in this tab or another) may land while the check is on its way: an answer about
  // the cookie as it was must not undo it, so it only counts if the stored user is unchanged.
  const storedBefore = storedUserText();
  try {
    const response = await apiRequest('/api/auth/verify-session', {
      method: 'POST',
      body: { deviceFingerprint: currentFingerprint() },
      schema: (await authSchemas()).verifySessionResponseSchema,
      signal,
    });
    // A check cancelled meanwhile (its page closed, a newer one started) changes nothing: its
    // answer must not write over what happened since.
    if (signal.aborted) throw cancelled();
    if (storedUserText() !== storedBefore && again) return verifySession(signal, false);
    updateStoredUser(response.user);
    return response.user;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (signal.aborted) throw cancelled();
    if (error instanceof ApiError && error.status === 401) {
      // Signed in (or out) meanwhile: ask again, with the cookie as it is now.
      if (storedUserText() !== storedBefore && again) return verifySession(signal, false);
      // No session, or an expired one: nothing stored may pretend otherwise.
      clearStoredSession();
      return null;
    }
    // The server could not be reached (or failed): the offline fallback decides.
    return offlineFallback();
  }
}

/**
 * The signed-in user, verified by the server; null for a visitor. Re-verified when the page
 * becomes visible again and when another tab signs in or out.
 */
export function useSession() {
  const queryClient = useQueryClient();
  useSessionSync(queryClient);
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => verifySession(signal),
    staleTime: 5 * 60_000,
    // Visibility is handled by the sync listeners (one verification, not two).
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export type LoginInput = { email: string; password: string; rememberMe: boolean };

/**
 * The password step. A staff account with a second factor gets no session here but
 * `twoFactorRequired` and a pending token: `useSecondFactor` finishes the sign-in with the code.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      apiRequest('/api/auth/login', {
        method: 'POST',
        body: { ...input, deviceFingerprint: currentFingerprint() },
        schema: (await twoFactorSchemas()).loginAnswerSchema,
      }),
    onSuccess: (response) => {
      if ('user' in response) signInLocally(queryClient, response.user, response.persistentSession?.expires_at ?? null);
    },
  });
}

/** The second step of a staff sign-in: the pending token of the password step and a code (TOTP or recovery). */
export function useSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SecondFactorRequest): Promise<LoginResponse> =>
      apiRequest('/api/auth/login/second-factor', { method: 'POST', body: input, schema: (await twoFactorSchemas()).secondFactorResponseSchema }),
    onSuccess: (response) => signInLocally(queryClient, response.user, response.persistentSession?.expires_at ?? null),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (options: { allDevices?: boolean } = {}) =>
      apiRequest('/api/auth/logout', {
        method: 'POST',
        body: { deviceFingerprint: currentFingerprint(), logoutAllDevices: options.allDevices ?? false },
        schema: (await authSchemas()).logoutResponseSchema,
      }),
    // Logout clears every stored item and all loaded data (spec 1 §4), even if the call failed.
    onSettled: () => signOutLocally(queryClient),
  });
}
