import type { Config } from '../../config.js';
import type { Mailer } from '../mail/mailer.js';
import { getStoreProfile } from '../settings/store-profile.js';
import {
  accountCreatedEmail,
  emailChangeEmail,
  emailChangeNoticeEmail,
  passwordResetEmail,
  signupNoticeEmail,
  verificationEmail,
} from '../mail/templates.js';
import type { AccountMailer } from './service.js';
import { TOKEN_TTL_MS } from './tokens.js';

/** The account e-mails, queued in the outbox with the French templates and the saved store profile. */
export function accountMailer(config: Config, mailer: Mailer): AccountMailer {
  return {
    verification: async (db, user, token) => {
      const profile = await getStoreProfile(db);
      await mailer.enqueue(db, {
        kind: 'email_verification',
        to: user.email,
        ...verificationEmail({
          publicUrl: config.publicUrl,
          token,
          firstName: user.firstName || undefined,
          validForHours: TOKEN_TTL_MS.email_verification / 3_600_000,
        }, profile),
      });
    },
    emailChange: async (db, user, newEmail, token) => {
      const profile = await getStoreProfile(db);
      await mailer.enqueue(db, {
        kind: 'email_change',
        to: newEmail,
        ...emailChangeEmail({
          publicUrl: config.publicUrl,
          token,
          newEmail,
          firstName: user.firstName || undefined,
          validForHours: TOKEN_TTL_MS.email_change / 3_600_000,
        }, profile),
      });
    },
    emailChangeNotice: async (db, user, newEmail) => {
      const profile = await getStoreProfile(db);
      await mailer.enqueue(db, {
        kind: 'email_change_notice',
        to: user.email,
        ...emailChangeNoticeEmail({ publicUrl: config.publicUrl, newEmail, firstName: user.firstName || undefined }, profile),
      });
    },
    passwordReset: async (db, user, token) => {
      const profile = await getStoreProfile(db);
      await mailer.enqueue(db, {
        kind: 'password_reset',
        to: user.email,
        ...passwordResetEmail({ publicUrl: config.publicUrl, token, email: user.email, firstName: user.firstName || undefined }, profile),
      });
    },
    accountCreated: async (db, user) => {
      const profile = await getStoreProfile(db);
      await mailer.enqueue(db, {
        kind: 'account_created',
        to: user.email,
        dedupeKey: `account_created:${user.id}`,
        ...accountCreatedEmail({ publicUrl: config.publicUrl, email: user.email, firstName: user.firstName || undefined }, profile),
      });
    },
    signupNotice: async (db, user) => {
      const profile = await getStoreProfile(db);
      await mailer.enqueue(db, {
        kind: 'signup_notice',
        to: profile.email,
        dedupeKey: `signup_notice:${user.id}`,
        ...signupNoticeEmail({
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: user.phone || undefined,
          accountType: 'Client',
          createdAt: user.createdAt,
        }, profile),
      });
    },
  };
}
