import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@erepare/shared/messages';
import {
  loginRequestSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  verifySessionRequestSchema,
  verifySessionResponseSchema,
} from '@erepare/shared/schemas/auth';
import { loginAnswerSchema, secondFactorRequestSchema, secondFactorResponseSchema, twoFactorMessages } from '@erepare/shared/schemas/two-factor';
import { AppError } from '../../errors.js';
import {
  checkSession,
  clearChallengeCookie,
  clearSessionCookie,
  presentedChallenge,
  presentedDevice,
  presentedToken,
  requestContext,
  setChallengeCookie,
  setDeviceCookie,
  setSessionCookie,
  trustThisDevice,
} from '../../plugins/auth.js';
import { login, logout } from './service.js';
import { completeSecondFactor } from './two-factor.js';
import { twoFactorRoutes } from './two-factor-routes.js';

/** Any failure that is not a decision of ours (database down…) gets the spec's technical message. */
function technical<T>(promise: Promise<T>, code: string, message: string): Promise<T> {
  return promise.catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw new AppError(code, 500, message, {}, error);
  });
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    { schema: { body: loginRequestSchema, response: { 200: loginAnswerSchema } } },
    async (request, reply) => {
      const result = await technical(
        login(
          app.db,
          request.body,
          requestContext(request),
          presentedToken(request)?.token,
          presentedDevice(request),
        ),
        'LOGIN_FAILED',
        messages.auth.technicalLogin,
      );
      if (result.kind === 'second-factor') {
        // The password was right, but a staff account with a second factor gets no session yet
        // (issue 23 §5): the code finishes the sign-in, in this browser, within 5 minutes.
        setChallengeCookie(reply, result.browserToken);
        return {
          success: true as const,
          twoFactorRequired: true as const,
          pendingToken: result.pendingToken,
          expiresAt: result.expiresAt.toISOString(),
          message: twoFactorMessages.secondStepRequired,
        };
      }
      setSessionCookie(reply, result.token, result.persistent ? result.expiresAt : null);
      setDeviceCookie(reply, result.deviceToken);
      return {
        success: true as const,
        token: result.token,
        user: result.user,
        persistentSession: result.persistent ? { expires_at: result.expiresAt.toISOString() } : null,
        message: messages.auth.loginSuccess,
      };
    },
  );

  app.post(
    '/login/second-factor',
    { schema: { body: secondFactorRequestSchema, response: { 200: secondFactorResponseSchema } } },
    async (request, reply) => {
      const result = await technical(
        completeSecondFactor(app.db, request.body, presentedChallenge(request), requestContext(request), presentedToken(request)?.token),
        'LOGIN_FAILED',
        messages.auth.technicalLogin,
      );
      clearChallengeCookie(reply);
      setSessionCookie(reply, result.token, result.persistent ? result.expiresAt : null);
      // This browser has now proved the password and the second factor.
      await trustThisDevice(request, reply, result.userId);
      return {
        success: true as const,
        token: result.token,
        user: result.user,
        persistentSession: result.persistent ? { expires_at: result.expiresAt.toISOString() } : null,
        message: messages.auth.loginSuccess,
      };
    },
  );

  // Enrolment and management of one's own second factor (staff session).
  await app.register(twoFactorRoutes, { prefix: '/two-factor' });

  app.post(
    '/verify-session',
    { schema: { body: verifySessionRequestSchema, response: { 200: verifySessionResponseSchema } } },
    async (request, reply) => {
      const presented = presentedToken(request);
      const check = await technical(
        checkSession(request, request.body.deviceFingerprint),
        'SESSION_CHECK_FAILED',
        messages.auth.technicalSession,
      );
      if (!check.ok) {
        if (presented?.via === 'cookie') clearSessionCookie(reply);
        throw new AppError(
          check.reason === 'missing' ? 'NO_SESSION' : 'SESSION_EXPIRED',
          401,
          check.reason === 'missing' ? messages.auth.noSession : messages.auth.sessionExpired,
        );
      }
      return {
        success: true as const,
        user: check.session.user,
        // The cookie's value is never handed to scripts: that is the point of httpOnly.
        token: presented?.via === 'bearer' ? presented.token : null,
        message: messages.auth.sessionValid,
      };
    },
  );

  app.post(
    '/logout',
    { schema: { body: logoutRequestSchema, response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      const check = await checkSession(request);
      if (check.ok) await logout(app.db, check.session, request.body.logoutAllDevices);
      clearSessionCookie(reply);
      return {
        success: true as const,
        message: request.body.logoutAllDevices ? messages.auth.logoutAllSuccess : messages.auth.logoutSuccess,
      };
    },
  );
};
