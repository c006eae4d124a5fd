import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountMessages, type AvailabilityResponse, type RecommendedAction } from '@erepare/shared/schemas/account';
import { ApiError } from '../../../lib/api-client';
import { SESSION_KEY, signInLocally, signOutLocally } from '../../../lib/session';
import {
  checkEmailAvailability,
  registerAccount,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  sendSignupMails,
  verifyEmailToken,
  type VerifyEmailInput,
  verifyResetToken,
  type ResetPasswordInput,
} from '../lib/auth-api';
import type { RegisterValues } from '../lib/auth-forms';
import { registerPayload } from '../lib/auth-forms';

export type EmailCheck = {
  email: string;
  action: RecommendedAction;
  message: string;
  repairDeskData: AvailabilityResponse['repairDeskData'];
  /** The check failed and the address is treated as available (spec 1 §5). */
  degraded: boolean;
};

/**
 * The e-mail availability check of the registration (spec 1 §4-§5). A failed call counts as
 * "available": the server refuses a taken address at registration anyway.
 */
export function useEmailCheck() {
  return useMutation({
    mutationFn: async (email: string): Promise<EmailCheck> => {
      try {
        const result = await checkEmailAvailability(email);
        return { email, action: result.recommendedAction, message: result.message, repairDeskData: result.repairDeskData, degraded: false };
      } catch {
        return { email, action: 'create_new', message: accountMessages.checkUnavailable, repairDeskData: null, degraded: true };
      }
    },
  });
}

/**
 * Creates the account; the server signs it in (session cookie), this tab stores the user and the
 * sign-up e-mails are asked for (their failure is ignored, spec 1 §7). `onRegistered` runs before
 * the sign-in, while the form is still on screen (signing in replaces it with the dashboard).
 */
export function useRegister({ onRegistered }: { onRegistered?: (message: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: RegisterValues) => registerAccount(registerPayload(values)),
    onSuccess: (response) => {
      onRegistered?.(response.message);
      signInLocally(queryClient, response.user, null);
      void sendSignupMails({
        firstName: response.user.first_name,
        lastName: response.user.last_name,
        email: response.user.email,
        phone: response.user.phone,
      }).catch(() => undefined);
    },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

/** The reset link's check; a refused link is final (no retry), a lost connection is tried once more. */
export function useResetLinkCheck(token: string | null, email: string | null) {
  return useQuery({
    queryKey: ['password-reset', 'verify-token', token, email],
    queryFn: ({ signal }) => verifyResetToken(token ?? '', email ?? '', signal),
    enabled: Boolean(token && email),
    staleTime: Infinity,
    retry: (failures, error) => failures < 1 && error instanceof ApiError && error.status === 0,
  });
}

/** Sets the new password; the server closes every session, this tab's included. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => resetPassword(input),
    onSuccess: () => {
      signOutLocally(queryClient);
      // The token is spent: its earlier "valid" answer must not be reused.
      queryClient.removeQueries({ queryKey: ['password-reset'] });
    },
  });
}

/** Spends a verification token; a signed-in user's session is checked again (the address is now verified). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerifyEmailInput) => verifyEmailToken({ ...input, token: input.token.trim() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: (email: string) => resendVerificationEmail(email.trim().toLowerCase()) });
}
