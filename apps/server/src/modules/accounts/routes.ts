import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountMessages,
  availabilityResponseSchema,
  checkEmailResponseSchema,
  deleteAccountRequestSchema,
  emailOnlySchema,
  emailVerificationRequestSchema,
  emailVerificationResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
  registerRequestSchema,
  registerResponseSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  signupMailRequestSchema,
  successMessageSchema,
  verifyTokenRequestSchema,
} from '@erepare/shared/schemas/account';
import { z } from '@erepare/shared/zod';
import type { RepairBackend } from '../../adapters/repair/types.js';
import { AppError } from '../../errors.js';
import { checkSession, clearSessionCookie, presentedToken, requestContext, requireUser, setSessionCookie, trustThisDevice } from '../../plugins/auth.js';
import {
  checkResetToken,
  deleteAccount,
  emailAvailability,
  emailHasAccount,
  exportData,
  forgotPassword,
  getProfile,
  proveAddress,
  refreshFromStore,
  register,
  resendVerification,
  resetPassword,
  sendSignupMails,
  syncToStore,
  updateProfile,
  type AccountMailer,
} from './service.js';

const done = (message: string) => ({ success: true as const, message });

/**
 * Customer accounts (spec 1 §7), registered at /api: registration and e-mail checks, the sign-up
 * e-mails, e-mail verification, password reset, and the signed-in user's profile and data.
 */
export function accountRoutes(backend: RepairBackend, mailer: AccountMailer): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/register',
      { schema: { body: registerRequestSchema, response: { 201: registerResponseSchema } } },
      async (request, reply) => {
        const result = await register(
          app.db,
          mailer,
          request.body,
          requestContext(request),
          presentedToken(request)?.token,
        ).catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          throw new AppError('REGISTER_FAILED', 500, accountMessages.technicalRegister, {}, error);
        });
        setSessionCookie(reply, result.token, result.persistent ? result.expiresAt : null);
        await trustThisDevice(request, reply, result.user.id);
        void reply.code(201);
        return {
          success: true as const,
          message: result.mailQueued ? accountMessages.created : accountMessages.createdNoMail,
          token: result.token,
          user: result.user,
        };
      },
    );

    app.post('/mysql-auth/check-email', { schema: { body: emailOnlySchema, response: { 200: checkEmailResponseSchema } } }, async (request) => {
      const exists = await emailHasAccount(app.db, request.body.email, request.client);
      return { success: true as const, exists, message: exists ? accountMessages.emailTaken : accountMessages.emailAvailable };
    });

    app.post(
      '/auth/check-email-availability',
      { schema: { body: emailOnlySchema, response: { 200: availabilityResponseSchema } } },
      async (request) => emailAvailability(app.db, request.body.email, request.client),
    );

    app.post('/email/signup', { schema: { body: signupMailRequestSchema, response: { 200: successMessageSchema } } }, async (request) => {
      const session = await requireUser(request);
      await sendSignupMails(app.db, mailer, session.user.id, request.client);
      return done(accountMessages.signupMailQueued);
    });

    app.post(
      '/email-verification/verify',
      { schema: { body: emailVerificationRequestSchema, response: { 200: emailVerificationResponseSchema } } },
      async (request, reply) => {
        const check = await checkSession(request);
        const result = await proveAddress(
          app.db,
          backend,
          { token: request.body.token, password: request.body.password, sessionUserId: check.ok ? check.session.user.id : null },
          requestContext(request),
        );
        // A password was chosen: every earlier session ended, and this browser is the one signed in.
        if (result.session) {
          setSessionCookie(reply, result.session.token, null);
          await trustThisDevice(request, reply, result.session.user.id);
        }
        return {
          success: true as const,
          message: result.alreadyProven ? accountMessages.emailAlreadyVerified : result.kind === 'email_change' ? accountMessages.emailChanged : accountMessages.emailVerified,
          signedIn: result.session !== null,
          email: result.email,
        };
      },
    );

    app.post('/email-verification/resend', { schema: { body: resendVerificationRequestSchema, response: { 200: successMessageSchema } } }, async (request) => {
      await resendVerification(app.db, mailer, request.body.email, request.client);
      return done(accountMessages.verificationSent);
    });

    app.post('/password-reset/forgot', { schema: { body: emailOnlySchema, response: { 200: successMessageSchema } } }, async (request) => {
      await forgotPassword(app.db, mailer, request.body.email, request.client);
      return done(accountMessages.forgotSent);
    });

    app.post('/password-reset/verify-token', { schema: { body: verifyTokenRequestSchema, response: { 200: successMessageSchema } } }, async (request) => {
      await checkResetToken(app.db, request.body.token, request.body.email, request.client);
      return done(accountMessages.tokenValid);
    });

    app.post('/password-reset/reset', { schema: { body: resetPasswordRequestSchema, response: { 200: successMessageSchema } } }, async (request, reply) => {
      const { token, email, password } = request.body;
      const userId = await resetPassword(app.db, backend, token, email, password, request.client);
      // Every session of the account is closed, this browser's too; but this browser has just
      // proven the address and chosen the password, so strangers' failures never lock it out.
      clearSessionCookie(reply);
      await trustThisDevice(request, reply, userId);
      return done(accountMessages.passwordReset);
    });

    app.get('/account/profile', { schema: { response: { 200: profileResponseSchema } } }, async (request) => {
      const session = await requireUser(request);
      return { success: true as const, message: 'Profil récupéré', data: await getProfile(app.db, backend, session.user.id) };
    });

    app.put(
      '/account/profile',
      { schema: { body: profileUpdateSchema, response: { 200: profileResponseSchema.extend({ verificationSent: z.boolean() }) } } },
      async (request) => {
        const session = await requireUser(request);
        const body = request.body as Parameters<typeof updateProfile>[4];
        const { profile, verificationSent } = await updateProfile(app.db, backend, mailer, { userId: session.user.id, sessionId: session.sessionId }, body);
        return { success: true as const, message: verificationSent ? accountMessages.emailChangeSent : accountMessages.profileSaved, data: profile, verificationSent };
      },
    );

    app.post('/account/refresh-from-store', { schema: { response: { 200: profileResponseSchema } } }, async (request) => {
      const session = await requireUser(request);
      return { success: true as const, message: accountMessages.refreshDone, data: await refreshFromStore(app.db, backend, session.user.id) };
    });

    app.post('/account/sync-to-store', { schema: { response: { 200: profileResponseSchema } } }, async (request) => {
      const session = await requireUser(request);
      return { success: true as const, message: accountMessages.syncDone, data: await syncToStore(app.db, backend, session.user.id) };
    });

    app.get('/account/export', async (request, reply) => {
      const session = await requireUser(request);
      const data = await exportData(app.db, backend, session.user.id);
      void reply.header('content-disposition', `attachment; filename="mes-donnees-erepare-${new Date().toISOString().slice(0, 10)}.json"`);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
    });

    app.delete('/account', { schema: { body: deleteAccountRequestSchema, response: { 200: successMessageSchema } } }, async (request, reply) => {
      const session = await requireUser(request);
      await deleteAccount(app.db, session.user.id, request.body.password);
      clearSessionCookie(reply);
      return done(accountMessages.deleted);
    });
  };
}
