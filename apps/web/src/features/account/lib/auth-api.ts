import {
  availabilityResponseSchema,
  emailVerificationResponseSchema,
  registerResponseSchema,
  successMessageSchema,
  type AvailabilityResponse,
  type RegisterRequest,
} from '@erepare/shared/schemas/account';
import { apiRequest } from '../../../lib/api-client';

/** The account calls of spec 1 §7, each parsed with its shared schema. */

export function checkEmailAvailability(email: string, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return apiRequest('/api/auth/check-email-availability', {
    method: 'POST',
    body: { email },
    schema: availabilityResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function registerAccount(payload: RegisterRequest) {
  return apiRequest('/api/auth/register', { method: 'POST', body: payload, schema: registerResponseSchema });
}

export type SignupMailInput = { firstName: string; lastName: string; email: string; phone: string };

/**
 * The shop's notice and the customer's confirmation (spec 1 §7). The server mails only the shop
 * and the address of the session's account, whatever the body says; the body keeps the spec's shape.
 */
export function sendSignupMails(input: SignupMailInput) {
  return apiRequest('/api/email/signup', {
    method: 'POST',
    body: { ...input, accountType: 'Client', timestamp: new Date().toISOString() },
    schema: successMessageSchema,
  });
}

export function requestPasswordReset(email: string) {
  return apiRequest('/api/password-reset/forgot', { method: 'POST', body: { email }, schema: successMessageSchema });
}

export function verifyResetToken(token: string, email: string, signal?: AbortSignal) {
  return apiRequest('/api/password-reset/verify-token', {
    method: 'POST',
    body: { token, email },
    schema: successMessageSchema,
    ...(signal ? { signal } : {}),
  });
}

export type ResetPasswordInput = { token: string; email: string; password: string; confirmPassword: string };

export function resetPassword(input: ResetPasswordInput) {
  return apiRequest('/api/password-reset/reset', { method: 'POST', body: input, schema: successMessageSchema });
}

export type VerifyEmailInput = { token: string; password?: string; confirmPassword?: string };

/** The proof of an address; answers 409 PASSWORD_REQUIRED when the password must be chosen now. */
export function verifyEmailToken(input: VerifyEmailInput) {
  return apiRequest('/api/email-verification/verify', { method: 'POST', body: input, schema: emailVerificationResponseSchema });
}

export function resendVerificationEmail(email: string) {
  return apiRequest('/api/email-verification/resend', { method: 'POST', body: { email }, schema: successMessageSchema });
}
