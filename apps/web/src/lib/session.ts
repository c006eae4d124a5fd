import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceFingerprint } from '@erepare/shared/fingerprint';
import {
  loginResponseSchema,
  logoutResponseSchema,
  verifySessionResponseSchema,
  type SessionUser,
} from '@erepare/shared/schemas/auth';
import { ApiError, apiRequest } from './api-client';
import { writeItem } from './storage';

const SESSION_KEY = ['session'] as const;
/** The spec keeps the user under a "user" key: local storage with "remember me", else session storage. */
const USER_STORAGE_KEY = 'user';

export function currentFingerprint(): string {
  return deviceFingerprint({
    userAgent: navigator.userAgent,
    language: navigator.language,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    timezoneOffset: new Date().getTimezoneOffset(),
  });
}

function rememberUser(user: SessionUser | null, persistent: boolean): void {
  writeItem(USER_STORAGE_KEY, user && persistent ? JSON.stringify(user) : null, 'local');
  writeItem(USER_STORAGE_KEY, user && !persistent ? JSON.stringify(user) : null, 'session');
}

/**
 * The signed-in user, verified by the server (the session itself is an httpOnly cookie that
 * scripts never see). Re-verified when the page becomes visible again.
 */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      try {
        const response = await apiRequest('/api/auth/verify-session', {
          method: 'POST',
          body: { deviceFingerprint: currentFingerprint() },
          schema: verifySessionResponseSchema,
          signal,
        });
        return response.user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          rememberUser(null, false);
          return null;
        }
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
    retry: 1,
  });
}

export type LoginInput = { email: string; password: string; rememberMe: boolean };

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest('/api/auth/login', {
        method: 'POST',
        body: { ...input, deviceFingerprint: currentFingerprint() },
        schema: loginResponseSchema,
      }),
    onSuccess: (response) => {
      rememberUser(response.user, response.persistentSession !== null);
      queryClient.setQueryData(SESSION_KEY, response.user);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: { allDevices?: boolean } = {}) =>
      apiRequest('/api/auth/logout', {
        method: 'POST',
        body: { deviceFingerprint: currentFingerprint(), logoutAllDevices: options.allDevices ?? false },
        schema: logoutResponseSchema,
      }),
    onSettled: () => {
      // Logout clears every stored item and all loaded data (spec 1 §4), even if the call failed.
      rememberUser(null, false);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site-settings' });
      queryClient.setQueryData(SESSION_KEY, null);
    },
  });
}
